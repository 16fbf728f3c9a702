//! Benchmarks of the auditor, each as a ratio in the same run:
//!
//! - `archive/...`: the real 147,229-game archive (`../shared/corpora/dasimagin-renju/
//!   train-2.renju`) with 1 worker and with all cores: games/s, the wall-time ratio of all
//!   cores to 1 (goal with 2 cores: at most 0.6x), and peak memory.
//! - `small-files/...`: 2,000 small files of one game each (the archive's first games, or
//!   generated ones when it is absent), the case of one game per file: the wall-time ratio
//!   of 2 jobs to 1 (goal: at most 0.6x); `small-sgf/...` the same games as 2,000 SGF files.
//!
//! Run with `cargo bench -p corpus-tool` (or `cargo xtask bench`). Never timed in a test.

use corpus_tool::engine::{Engine, Jobs};
use corpus_tool::validate::{
    Audited, Options, ReadOptions, audit_paths, audit_walk, collect_files, for_each_record,
};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The allocator the `corpus-tool` binary ships with (its `main.rs`), so that the figures are
/// the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// CPU time of this process so far, in seconds (Linux; 0 elsewhere), at clock-tick grain.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // fields after the command name (which is in parentheses): utime is the 12th, stime 13th
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<u64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|x| x.parse().ok())
        .collect();
    f.iter().sum::<u64>() as f64 / 100.0
}

/// Context switches of all this process's threads so far (Linux; 0 elsewhere): a
/// load-independent view of how often the pipeline's threads wait for each other.
fn context_switches() -> u64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0;
    };
    let mut n = 0;
    for t in tasks.flatten() {
        let status = std::fs::read_to_string(t.path().join("status")).unwrap_or_default();
        for line in status.lines() {
            if line.starts_with("voluntary_ctxt_switches")
                || line.starts_with("nonvoluntary_ctxt_switches")
            {
                n += line
                    .split_whitespace()
                    .nth(1)
                    .and_then(|x| x.parse::<u64>().ok())
                    .unwrap_or(0);
            }
        }
    }
    n
}

/// The best wall times of `runs` audits of `paths` with 1 and with `jobs` workers, the runs
/// interleaved (1, N, 1, N, ...) so that a load that comes and goes weighs on both alike;
/// and the records.
fn best_of(paths: &[PathBuf], jobs: usize, runs: usize) -> (f64, f64, usize) {
    let (mut wall, mut cpu, mut switches) = ([0.0; 2], [0.0; 2], [0u64; 2]);
    let engines = [1, jobs].map(|n| Engine::new(Jobs::new(n).expect("at least one job")));
    let mut best = [f64::MAX; 2];
    let mut records = 0;
    for _ in 0..runs {
        for (k, engine) in engines.iter().enumerate() {
            let switched = context_switches();
            let (t, c) = (Instant::now(), cpu_seconds());
            let s =
                audit_paths(paths, &Options::default(), engine, &mut |_| {}, &mut |_| {}).unwrap();
            let w = t.elapsed().as_secs_f64();
            best[k] = best[k].min(w);
            wall[k] += w;
            cpu[k] += cpu_seconds() - c;
            switches[k] += context_switches() - switched;
            records = s.records;
        }
    }
    println!(
        "  (cores kept busy on average: {:.2} by 1 job, {:.2} by {jobs} jobs; well below 1 and {jobs}, the machine was shared)",
        cpu[0] / wall[0],
        cpu[1] / wall[1]
    );
    println!(
        "  (context switches per run, all threads: {:.1} with 1 job, {:.1} with {jobs} jobs)",
        switches[0] as f64 / runs as f64,
        switches[1] as f64 / runs as f64
    );
    (best[0], best[1], records)
}

/// How the records of `paths` spread over the worker threads of a pool of `jobs`: a
/// load-independent view of the pipeline's parallelism (a serialised pipeline puts every
/// record on one thread).
fn spread(paths: &[PathBuf], jobs: usize) -> String {
    let mut per_thread = std::collections::BTreeMap::<String, usize>::new();
    audit_walk(
        collect_files(paths).unwrap(),
        &Options::default(),
        &Engine::new(Jobs::new(jobs).expect("at least one job")),
        &|_, _| std::thread::current().name().unwrap_or("?").to_string(),
        &mut |a: Audited<'_, String>| {
            *per_thread
                .entry(a.extra.cloned().unwrap_or_default())
                .or_default() += 1;
        },
        &mut |_| {},
    );
    per_thread
        .values()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" / ")
}

fn archive(path: &Path) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let paths = [path.to_path_buf()];
    let mut read_best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let mut n = 0usize;
        for_each_record(&paths, ReadOptions::default(), &mut |_, _, _| n += 1).unwrap();
        read_best = read_best.min(t.elapsed().as_secs_f64());
        assert_eq!(n, 147_229);
    }
    println!(
        "archive/read only: 147229 records in {read_best:.3} s (best of 5; reading and parsing, which line mode spreads over the workers)"
    );
    let (one, all, records) = best_of(&paths, cores.max(2), 7);
    println!(
        "archive/1 job: {records} games in {one:.3} s = {:.0} games/s (best of 7, file read included)",
        records as f64 / one
    );
    if cores > 1 {
        println!(
            "archive/{cores} jobs: records audited per worker thread: {}",
            spread(&paths, cores)
        );
        println!(
            "archive/{cores} jobs: {records} games in {all:.3} s = {:.0} games/s (best of 7, interleaved with 1 job)",
            records as f64 / all
        );
        println!(
            "archive/{cores} jobs vs 1: {:.2}x the wall time (goal with 2 cores: at most 0.60x)",
            all / one
        );
    }
    match peak_memory_mb() {
        Some(mb) => println!("archive: peak memory {mb:.1} MB"),
        None => println!("archive: peak memory unknown (no /proc/self/status)"),
    }
}

/// The games of the 2,000 small files: the archive's first 2,000 lines, or generated ones.
fn small_games(archive: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(archive).unwrap_or_default();
    let games: Vec<String> = text.lines().take(2000).map(str::to_string).collect();
    if games.len() == 2000 {
        return games;
    }
    // a plain walk of 30 moves per game, different in each file
    let cols = b"abcdefghijklmno";
    (0..2000)
        .map(|g: usize| {
            let mut line = String::from("unknown");
            for m in 0..30usize {
                let c = cols[(g * 7 + m * 3 + m / 15) % 15] as char;
                let r = (g + m * 11 + m / 15 * 4) % 15 + 1;
                line.push_str(&format!(" {c}{r}"));
            }
            line
        })
        .collect()
}

/// 2,000 files of one game each in a temporary folder: each game as a `.renju` line, or as
/// an SGF file (written by the notation crate's SGF writer).
fn small_files(games: &[String], sgf: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp folder");
    for (i, g) in games.iter().enumerate() {
        let (name, text) = if sgf {
            let record = renju_notation::read_all_with(
                renju_notation::Format::Renju,
                g.as_bytes(),
                "game.renju",
                renju_notation::Orientation::default(),
                None,
            )
            .next()
            .expect("one game")
            .expect("a game the archive's reader reads");
            let text =
                renju_notation::sgf::write_sgf(&[record], renju_notation::Orientation::default());
            (format!("g{i:04}.sgf"), text)
        } else {
            (format!("g{i:04}.renju"), format!("{g}\n"))
        };
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

/// The walk, then 1 and 2 jobs interleaved, over 2,000 one-game files (`label`: the lines'
/// prefix).
fn small_files_bench(label: &str, games: &[String], sgf: bool) {
    let dir = small_files(games, sgf);
    let paths = [dir.path().to_path_buf()];
    let mut walk_best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let walk = collect_files(&paths).unwrap();
        walk_best = walk_best.min(t.elapsed().as_secs_f64());
        assert_eq!(walk.files.len(), 2000);
    }
    println!("{label}/walk only: 2000 files in {walk_best:.4} s (best of 5; sequential)");
    // Each run takes some 10 to 60 ms, where the machine's noise is large: 31 runs of each.
    let (one, two, records) = best_of(&paths, 2, 31);
    assert_eq!(records, 2000);
    println!(
        "{label}/1 job: {records} games in 2000 files in {one:.4} s = {:.0} games/s (best of 31)",
        records as f64 / one
    );
    println!(
        "{label}/2 jobs: {records} games in 2000 files in {two:.4} s = {:.0} games/s (best of 31, interleaved with 1 job)",
        records as f64 / two
    );
    println!(
        "{label}/2 jobs: records audited per worker thread: {}",
        spread(&paths, 2)
    );
    println!(
        "{label}/2 jobs vs 1: {:.2}x the wall time (goal: at most 0.60x)",
        two / one
    );
}

fn main() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpora/dasimagin-renju/train-2.renju");
    let games = small_games(&path);
    small_files_bench("small-files", &games, false);
    small_files_bench("small-sgf", &games, true);
    if path.exists() {
        archive(&path);
    } else {
        println!("archive: SKIPPED: {} is absent", path.display());
    }
}
