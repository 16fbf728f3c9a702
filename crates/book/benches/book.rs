//! The book's figures: build time against `validate`'s work and against SQLite's own insert
//! floor, query time (in process and whole process), size, and a 2M-game build in bounded
//! memory. `cargo bench -p renju-book` runs all but the last; `cargo bench -p renju-book --
//! big` runs only the last (measure it with `/usr/bin/time -v`).
//!
//! The yardstick is `corpus-tool validate --quiet --jobs 2` on the same file, and its work done
//! here: read the archive and audit every game on 2 threads. The bench builds the release
//! `corpus-tool` first (`cargo build --release -p corpus-tool`, nothing to do when it is up to
//! date): `validate`, `book build --jobs 2` and `book query --json` (whole process) are timed
//! as the user runs them.

use rayon::prelude::*;
use renju_analyzer::{Settings, audit};
use renju_book::{AddOptions, Book, BookSettings, Source};
use renju_core::{Move, Point, Symmetry};
use renju_notation::{Format, GameRecord, Orientation, read_all};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn archive() -> Option<PathBuf> {
    let p = renju_testdata::shared_root().join("corpora/dasimagin-renju/train-2.renju");
    if p.exists() {
        Some(p)
    } else {
        eprintln!("SKIPPED: {} is absent", p.display());
        None
    }
}

fn target_dir() -> PathBuf {
    renju_testdata::repo("target/release")
}

/// The release `corpus-tool`, built (or found up to date) by cargo; `None` when it cannot be.
fn corpus_tool() -> Option<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let built = Command::new(cargo)
        .args(["build", "--release", "--quiet", "-p", "corpus-tool"])
        .current_dir(renju_testdata::repo("."))
        .status();
    let bin = target_dir().join("corpus-tool");
    match built {
        Ok(s) if s.success() && bin.exists() => Some(bin),
        other => {
            println!(
                "corpus-tool: cargo build --release -p corpus-tool failed ({other:?}): its figures are left out"
            );
            None
        }
    }
}

/// The CPU time of this process and its waited-for children, in seconds (`/proc/self/stat`,
/// clock ticks of 1/100 s).
fn cpu_time() -> f64 {
    let Ok(s) = std::fs::read_to_string("/proc/self/stat") else {
        return f64::NAN;
    };
    let f: Vec<f64> = s
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .skip(11)
        .take(4)
        .filter_map(|x| x.parse().ok())
        .collect();
    f.iter().sum::<f64>() / 100.0
}

/// The pairs of `validate` and `book build` runs whose ratios give the median.
const PAIRS: usize = 9;

/// Wall and CPU time of the fastest of `n` runs (by wall time).
#[derive(Debug, Clone, Copy)]
struct Timing {
    wall: f64,
    cpu: f64,
}

impl std::fmt::Display for Timing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.3} s wall, {:.2} s CPU", self.wall, self.cpu)
    }
}

fn best_of<T>(n: usize, mut f: impl FnMut() -> T) -> (Timing, T) {
    let mut best = Timing {
        wall: f64::MAX,
        cpu: 0.0,
    };
    let mut last = None;
    for _ in 0..n {
        let c = cpu_time();
        let t = Instant::now();
        let v = f();
        let wall = t.elapsed().as_secs_f64();
        if wall < best.wall {
            best = Timing {
                wall,
                cpu: cpu_time() - c,
            };
        }
        last = Some(v);
    }
    (best, last.expect("n > 0"))
}

fn ratio(a: Timing, b: Timing) -> String {
    format!("{:.1}x wall, {:.1}x CPU", a.wall / b.wall, a.cpu / b.cpu)
}

fn read_games(bytes: &[u8]) -> Vec<GameRecord> {
    read_all(
        Format::Renju,
        bytes,
        "train-2.renju",
        Orientation::RowOneAtBottom,
    )
    .filter_map(Result::ok)
    .collect()
}

fn rss_mib() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn peak_rss_mib() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    let big = std::env::args().any(|a| a == "big");
    let Some(path) = archive() else { return };
    if big {
        big_build(&path);
        return;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    println!(
        "book of {} ({} bytes), 2 threads",
        path.display(),
        bytes.len()
    );

    // the yardstick: validate's work (read every record, audit every game) on 2 threads
    let (yard, audited) = best_of(3, || {
        pool.install(|| {
            let games = read_games(&bytes);
            let s = Settings::default();
            games.par_iter().map(|g| audit(g, &s).moves).sum::<usize>()
        })
    });
    println!("yardstick, read + audit on 2 threads: {yard} ({audited} moves)");
    let tool = corpus_tool();
    let validate_time = if let Some(validate) = &tool {
        let (t, ok) = best_of(3, || {
            Command::new(validate)
                .args(["validate", "--quiet", "--jobs", "2"])
                .arg(&path)
                .output()
                .map(|o| o.status.code())
        });
        println!("corpus-tool validate --quiet --jobs 2: {t} (status {ok:?})");
        Some(t)
    } else {
        None
    };

    // the build, on 2 threads
    let mut n = 0;
    let (build, book_path) = best_of(3, || {
        n += 1;
        let p = dir.path().join(format!("train-{n}.sqlite"));
        let _ = std::fs::remove_file(dir.path().join(format!("train-{}.sqlite", n - 1)));
        pool.install(|| {
            let mut b = Book::create(&p, BookSettings::default()).unwrap();
            b.add_file(&path, AddOptions::default()).unwrap();
        });
        p
    });
    let size = std::fs::metadata(&book_path).unwrap().len();
    println!(
        "book build: {build} = {} the yardstick{}",
        ratio(build, yard),
        validate_time
            .map(|v| format!(", {} validate", ratio(build, v)))
            .unwrap_or_default()
    );
    if let (Some(tool), Some(v)) = (&tool, validate_time) {
        let mut k = 0;
        let (t, ok) = best_of(3, || {
            k += 1;
            let p = dir.path().join(format!("cli-{k}.sqlite"));
            let _ = std::fs::remove_file(dir.path().join(format!("cli-{}.sqlite", k - 1)));
            Command::new(tool)
                .args(["book", "build", "--quiet", "--jobs", "2", "-o"])
                .arg(&p)
                .arg(&path)
                .output()
                .map(|o| o.status.code())
        });
        println!(
            "corpus-tool book build --jobs 2: {t} (status {ok:?}) = {} validate",
            ratio(t, v)
        );
        // the machine's load moves each best-of-3 on its own: pairs run one after the other
        // see the same load, and the median of their ratios is steadier
        let run = |args: &[&str], out: Option<&Path>| {
            let t = Instant::now();
            let mut c = Command::new(tool);
            c.args(args);
            if let Some(o) = out {
                let _ = std::fs::remove_file(o);
                c.arg("-o").arg(o);
            }
            c.arg(&path).output().expect("corpus-tool runs");
            t.elapsed().as_secs_f64()
        };
        let out = dir.path().join("pair.sqlite");
        let pairs: Vec<(f64, f64)> = (0..PAIRS)
            .map(|_| {
                let v = run(&["validate", "--quiet", "--jobs", "2"], None);
                let b = run(&["book", "build", "--quiet", "--jobs", "2"], Some(&out));
                (v, b)
            })
            .collect();
        let median = |mut x: Vec<f64>| {
            x.sort_by(f64::total_cmp);
            x[x.len() / 2]
        };
        let ratios: Vec<f64> = pairs.iter().map(|(v, b)| b / v).collect();
        let (lo, hi) = ratios
            .iter()
            .fold((f64::MAX, 0.0f64), |(l, h), &r| (l.min(r), h.max(r)));
        println!(
            "corpus-tool book build against validate, {PAIRS} pairs run one after the other: median {:.1}x wall (from {lo:.1}x to {hi:.1}x; validate median {:.3} s, build median {:.3} s)",
            median(ratios.clone()),
            median(pairs.iter().map(|p| p.0).collect()),
            median(pairs.iter().map(|p| p.1).collect()),
        );
    }
    let conn = rusqlite::Connection::open(&book_path).unwrap();
    let count = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
    let (positions, edges, games, buckets) = (
        count("SELECT count(*) FROM positions"),
        count("SELECT count(*) FROM edges"),
        count("SELECT count(*) FROM games"),
        count("SELECT count(*) FROM buckets"),
    );
    println!(
        "book size: {:.1} MB ({size} bytes): {positions} positions, {edges} edges (rows of the edges view) in {buckets} bucket rows, {games} games",
        size as f64 / 1e6
    );

    // SQLite's floor: the same rows (buckets and games), already made and in order, inserted
    // into an empty book's tables in one transaction with one prepared statement each
    let rows: Vec<(i64, String)> = {
        let mut st = conn
            .prepare("SELECT id, data FROM buckets ORDER BY id")
            .unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let game_blocks: Vec<(i64, i64, String)> = {
        let mut st = conn
            .prepare("SELECT source, first, data FROM game_blocks ORDER BY source, first")
            .unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let mut m = 0;
    let (floor, ()) = best_of(3, || {
        m += 1;
        let p = dir.path().join(format!("floor-{m}.sqlite"));
        let _ = std::fs::remove_file(dir.path().join(format!("floor-{}.sqlite", m - 1)));
        drop(Book::create(&p, BookSettings::default()).unwrap());
        let mut c = rusqlite::Connection::open(&p).unwrap();
        c.execute_batch("PRAGMA cache_size = -65536;").unwrap();
        let tx = c.transaction().unwrap();
        tx.execute(
            "INSERT INTO sources (path, size, sha256, records, games, unreadable, salvaged, set_up, other_board, illegal, passes, black, white, draw, unknown) VALUES ('x', 0, 'x', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)",
            [],
        )
        .unwrap();
        {
            let mut st = tx
                .prepare("INSERT INTO buckets (id, data) VALUES (?1, ?2)")
                .unwrap();
            for (id, data) in &rows {
                st.execute((id, data)).unwrap();
            }
        }
        {
            let mut st = tx
                .prepare("INSERT INTO game_blocks (source, first, data) VALUES (?1, ?2, ?3)")
                .unwrap();
            for (source, first, data) in &game_blocks {
                st.execute((source, first, data)).unwrap();
            }
        }
        tx.commit().unwrap();
    });
    println!(
        "SQLite floor (the same bucket and game-block rows, made and in order, plain inserts, one transaction): {floor} = {} the yardstick{}; the build is {} the floor",
        ratio(floor, yard),
        validate_time
            .map(|v| format!(", {} validate", ratio(floor, v)))
            .unwrap_or_default(),
        ratio(build, floor)
    );

    // queries: random positions of the archive's games, in process
    let games = read_games(&bytes);
    let book = Book::open(&book_path).unwrap();
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let positions: Vec<Vec<Move>> = (0..2000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let g = &games[(x % games.len() as u64) as usize];
            let k = ((x >> 32) % (g.moves.len().min(30) as u64 + 1)) as usize;
            g.moves[..k].to_vec()
        })
        .collect();
    let (q, found) = best_of(3, || {
        positions
            .iter()
            .map(|p| book.query(p).unwrap().counts.games)
            .sum::<u64>()
    });
    println!(
        "query in process: {:.1} µs per position ({} positions, {found} games found)",
        q.wall * 1e6 / positions.len() as f64,
        positions.len()
    );
    // whole process: corpus-tool book query --json, warm cache
    if let Some(tool) = &tool {
        let texts: Vec<String> = positions
            .iter()
            .take(50)
            .map(|p| {
                p.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let run = || {
            for t in &texts {
                let o = Command::new(tool)
                    .args(["book", "query", "--json", "--position", t])
                    .arg(&book_path)
                    .output()
                    .unwrap();
                assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            }
        };
        run();
        let (t, ()) = best_of(3, run);
        println!(
            "query, whole process (corpus-tool book query --json --position MOVES BOOK, warm): {:.2} ms per position ({} positions)",
            t.wall * 1e3 / texts.len() as f64,
            texts.len()
        );
    }
    println!(
        "peak memory of this process: {:.0} MiB",
        peak_rss_mib().unwrap_or(f64::NAN)
    );
}

/// A game moved by `s` and shifted `shift` columns right (`None` when a stone leaves the
/// board).
fn variant(g: &GameRecord, s: Symmetry, shift: u8) -> Option<GameRecord> {
    let mut out = GameRecord::new(15);
    out.result = g.result;
    out.moves = Vec::with_capacity(g.moves.len());
    for m in &g.moves {
        out.moves.push(match m {
            Move::Pass => Move::Pass,
            Move::Stone(p) => {
                let q = s.apply(*p, 15);
                Move::Stone(Point::new(q.col() + shift, q.row()).filter(|q| q.col() < 15)?)
            }
        });
    }
    Some(out)
}

/// 2M games: the archive under the 8 symmetries, and the same shifted one column right (new
/// positions: a shift is no symmetry), shuffled, made one at a time as the build reads them.
fn big_build(path: &Path) {
    let bytes = std::fs::read(path).unwrap();
    let games = read_games(&bytes);
    drop(bytes);
    let mut order: Vec<u32> = (0..games.len() as u32 * 16).collect();
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for i in (1..order.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        order.swap(i, (x % (i as u64 + 1)) as usize);
    }
    println!(
        "the bench's input (the archive and the shuffled order) in memory: {:.0} MiB",
        rss_mib().unwrap_or(f64::NAN)
    );
    let want = 2_000_000usize;
    let records = order
        .iter()
        .filter_map(|&v| {
            let g = &games[(v / 16) as usize];
            variant(g, Symmetry::ALL[(v % 8) as usize], ((v / 8) % 2) as u8)
        })
        .take(want)
        .map(renju_book::Record::Read);
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("big.sqlite");
    let t = Instant::now();
    let mut b = Book::create(&p, BookSettings::default()).unwrap();
    let source = Source::of_bytes(
        "generated: the archive under 8 symmetries and a shift",
        b"2M",
    );
    let out = b
        .add_records(&source, records, AddOptions::default())
        .unwrap();
    let elapsed = t.elapsed();
    let conn = rusqlite::Connection::open(&p).unwrap();
    let count = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
    println!("{out:?}");
    println!(
        "2M-game build: {:.1} s, {} positions, {} edges, {:.0} MB, memory cap {} MiB, peak memory {:.0} MiB",
        elapsed.as_secs_f64(),
        count("SELECT count(*) FROM positions"),
        count("SELECT count(*) FROM edges"),
        std::fs::metadata(&p).unwrap().len() as f64 / 1e6,
        renju_book::DEFAULT_MEMORY_CAP >> 20,
        peak_rss_mib().unwrap_or(f64::NAN)
    );
}
