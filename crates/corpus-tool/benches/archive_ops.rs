//! Benchmark of the archive commands (issue #16), as ratios to `validate` on the same file in
//! the same run:
//!
//! 1. on the real 147,229-game archive (`../shared/corpora/dasimagin-renju/train-2.renju`):
//!    `validate` (the yardstick), `dedupe` (target: within 1.5x) and `search` of a 3-stone
//!    position (target: within 0.5x), each the best of 3 runs, peak memory of each (target:
//!    under 300 MB);
//! 2. on 2 million games built here from that archive under the 8 symmetries (every game in
//!    all 8 orientations, then cut-short copies; written to a temporary file that is removed
//!    afterwards, never committed): `dedupe` (target: under 10 s and 1.5 GB).
//!
//! Each measurement runs in a child process of this benchmark under `/usr/bin/time -v`, so
//! that wall time and peak memory are those of that command alone.
//! Run with `cargo bench -p corpus-tool --bench archive_ops` (or `cargo xtask bench`).

use corpus_tool::dedupe;
use corpus_tool::engine::{Engine, Jobs};
use corpus_tool::search;
use corpus_tool::validate::{Options, audit_paths};
use renju_core::{Move, Symmetry};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const CHILD: &str = "ARCHIVE_BENCH_CHILD";
const QUERY: &str = "h8 h9 i10";

fn child(mode: &str, path: &Path) {
    let paths = vec![path.to_path_buf()];
    let engine = Engine::new(Jobs::all_cores());
    let t = Instant::now();
    let text = match mode {
        "validate" => {
            let s = audit_paths(
                &paths,
                &Options::default(),
                &engine,
                &mut |_| {},
                &mut |_| {},
            )
            .expect("validate");
            format!("{} records\n", s.records)
        }
        "dedupe" => {
            let args = dedupe::Args {
                paths,
                min_moves: renju_archive::dedupe::DEFAULT_MIN_MOVES,
                report: None,
                unique: None,
                input: corpus_tool::input::ReadOptions::default(),
            };
            dedupe::run(&args, &engine).expect("dedupe").stdout
        }
        "search" => {
            let args = search::Args {
                position: search::Position::Moves(QUERY.into()),
                paths,
                report: None,
                show: 0,
                input: corpus_tool::input::ReadOptions::default(),
                book: None,
            };
            search::run(&args, &engine).expect("search").stdout
        }
        other => panic!("unknown mode {other}"),
    };
    let seconds = t.elapsed().as_secs_f64();
    print!("{text}");
    println!("seconds {seconds}");
}

/// What a child run measured: best wall time (as the child measures it), the CPU time (user
/// plus system) of that best run, peak memory (MB) of the largest, and the child's text.
struct Measured {
    wall: f64,
    cpu: Option<f64>,
    peak: Option<f64>,
    text: String,
}

fn field(stderr: &str, name: &str) -> Option<f64> {
    stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix(name))
        .and_then(|s| s.trim().parse::<f64>().ok())
}

/// Runs `mode` on `path` `runs` times in a child process.
fn measure(mode: &str, path: &Path, runs: usize) -> Measured {
    let exe = std::env::current_exe().expect("the benchmark's own path");
    let timer = Path::new("/usr/bin/time");
    let mut best = f64::MAX;
    let mut cpu = None;
    let mut peak: Option<f64> = None;
    let mut text = String::new();
    for _ in 0..runs {
        let mut cmd = if timer.exists() {
            let mut c = Command::new(timer);
            c.arg("-v").arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        let out = cmd
            .env(CHILD, mode)
            .arg(path)
            .output()
            .expect("run the benchmark child");
        assert!(
            out.status.success(),
            "{mode}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let seconds: f64 = stdout
            .lines()
            .find_map(|l| l.strip_prefix("seconds "))
            .and_then(|s| s.parse().ok())
            .expect("the child's time");
        let stderr = String::from_utf8_lossy(&out.stderr);
        if seconds < best {
            best = seconds;
            cpu = field(&stderr, "User time (seconds): ")
                .zip(field(&stderr, "System time (seconds): "))
                .map(|(u, s)| u + s);
        }
        if let Some(kb) = field(&stderr, "Maximum resident set size (kbytes): ") {
            peak = Some(peak.unwrap_or(0.0).max(kb / 1024.0));
        }
        text = stdout
            .lines()
            .filter(|l| !l.starts_with("seconds "))
            .collect::<Vec<_>>()
            .join("\n");
    }
    Measured {
        wall: best,
        cpu,
        peak,
        text,
    }
}

fn cpu(m: &Measured) -> String {
    m.cpu
        .map_or_else(String::new, |c| format!(" (cpu {c:.2} s)"))
}

fn mb(peak: Option<f64>) -> String {
    peak.map_or_else(
        || "unknown (no /usr/bin/time)".into(),
        |m| format!("{m:.0} MB"),
    )
}

/// Writes 2 million games: every game of `source` in the 8 orientations, then cut-short
/// copies (one to five moves fewer, turned) until there are 2 million.
fn build_big(source: &Path, target: &Path) -> usize {
    let text = std::fs::read_to_string(source).expect("the archive");
    let games: Vec<(&str, Vec<Move>)> = text
        .lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let result = words.next()?;
            let moves: Result<Vec<Move>, _> = words.map(str::parse).collect();
            moves.ok().map(|m| (result, m))
        })
        .collect();
    let mut out = std::io::BufWriter::new(std::fs::File::create(target).expect("temp file"));
    let mut written = 0usize;
    let mut line = String::new();
    let mut emit = |result: &str, moves: &[Move], s: Symmetry| {
        line.clear();
        line.push_str(result);
        for m in moves {
            line.push(' ');
            match m {
                Move::Stone(p) => line.push_str(&s.apply(*p, 15).to_string()),
                Move::Pass => line.push_str("--"),
            }
        }
        line.push('\n');
        out.write_all(line.as_bytes()).expect("write");
    };
    'outer: for s in Symmetry::ALL {
        for (result, moves) in &games {
            emit(result, moves, s);
            written += 1;
            if written == 2_000_000 {
                break 'outer;
            }
        }
    }
    let mut i = 0usize;
    while written < 2_000_000 {
        let (result, moves) = &games[i % games.len()];
        let cut = moves.len().saturating_sub(1 + i % 5);
        emit(
            result,
            &moves[..cut],
            Symmetry::ALL[(i / games.len() + 3) % 8],
        );
        written += 1;
        i += 1;
    }
    out.flush().expect("write");
    written
}

fn main() {
    if let Ok(mode) = std::env::var(CHILD) {
        let path = std::env::args().nth(1).expect("a path");
        child(&mode, Path::new(&path));
        return;
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpora/dasimagin-renju/train-2.renju");
    if !path.exists() {
        println!("SKIPPED: {} is absent", path.display());
        return;
    }
    let v = measure("validate", &path, 3);
    let d = measure("dedupe", &path, 3);
    let s = measure("search", &path, 3);
    println!(
        "archive_ops on {} (best of 3, file read included):",
        path.display()
    );
    println!(
        "  validate {:.3} s{}, peak {} (the yardstick)",
        v.wall,
        cpu(&v),
        mb(v.peak)
    );
    println!(
        "  dedupe   {:.3} s{} = {:.2}x validate (target 1.5x), peak {} (target 300 MB)",
        d.wall,
        cpu(&d),
        d.wall / v.wall,
        mb(d.peak)
    );
    println!(
        "  search   {:.3} s{} = {:.2}x validate (target 0.5x), peak {} (target 300 MB), position {QUERY}",
        s.wall,
        cpu(&s),
        s.wall / v.wall,
        mb(s.peak)
    );
    for l in d.text.lines().take(3) {
        println!("  dedupe: {l}");
    }
    if let Some(l) = s.text.lines().nth(1) {
        println!("  search: {l}");
    }
    let big = std::env::temp_dir().join(format!("renju-kit-bench-2m-{}.renju", std::process::id()));
    let t = Instant::now();
    let n = build_big(&path, &big);
    println!(
        "2M archive: {n} games under the 8 symmetries built in {:.1} s ({})",
        t.elapsed().as_secs_f64(),
        big.display()
    );
    let b = measure("dedupe", &big, 1);
    let _ = std::fs::remove_file(&big);
    println!(
        "  dedupe   {:.3} s{} (target 10 s), peak {} (target 1.5 GB)",
        b.wall,
        cpu(&b),
        mb(b.peak)
    );
    for l in b.text.lines().take(3) {
        println!("  dedupe: {l}");
    }
}
