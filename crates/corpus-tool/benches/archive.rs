//! Benchmarks of the auditor, each as a ratio in the same run:
//!
//! - `archive/...`: the real 147,229-game archive (`../shared/corpora/dasimagin-renju/
//!   train-2.renju`) with 1 worker and with all cores: games/s, the wall-time ratio of all
//!   cores to 1 (goal with 2 cores: at most 0.6x), and peak memory.
//! - `small-files/...`: 2,000 small files of one game each (the archive's first games, or
//!   generated ones when it is absent), the case of one game per file (psq, SGF): the
//!   wall-time ratio of 2 jobs to 1 (goal: at most 0.6x).
//!
//! Run with `cargo bench -p corpus-tool` (or `cargo xtask bench`). Never timed in a test.

use corpus_tool::validate::{Options, ReadOptions, audit_paths, collect_files, for_each_record};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The best wall time of `runs` audits of `paths` with `jobs` workers, and the records.
fn best_of(paths: &[PathBuf], jobs: usize, runs: usize) -> (f64, usize) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .unwrap();
    let mut best = f64::MAX;
    let mut records = 0;
    for _ in 0..runs {
        let t = Instant::now();
        let s = pool
            .install(|| audit_paths(paths, &Options::default(), &mut |_| {}, &mut |_, _| {}))
            .unwrap();
        best = best.min(t.elapsed().as_secs_f64());
        records = s.records;
    }
    (best, records)
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
        "archive/read only: 147229 records in {read_best:.3} s (best of 5; the reader thread's share)"
    );
    let (one, records) = best_of(&paths, 1, 5);
    println!(
        "archive/1 job: {records} games in {one:.3} s = {:.0} games/s (best of 5, file read included)",
        records as f64 / one
    );
    if cores > 1 {
        let (all, _) = best_of(&paths, cores, 5);
        println!(
            "archive/{cores} jobs: {records} games in {all:.3} s = {:.0} games/s (best of 5)",
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

/// 2,000 files of one game each in a temporary folder: the archive's first games, or
/// generated ones.
fn small_files(archive: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp folder");
    let text = std::fs::read_to_string(archive).unwrap_or_default();
    let mut games: Vec<String> = text.lines().take(2000).map(str::to_string).collect();
    if games.len() < 2000 {
        // a plain walk of 30 moves per game, different in each file
        let cols = b"abcdefghijklmno";
        games = (0..2000)
            .map(|g: usize| {
                let mut line = String::from("unknown");
                for m in 0..30usize {
                    let c = cols[(g * 7 + m * 3 + m / 15) % 15] as char;
                    let r = (g + m * 11 + m / 15 * 4) % 15 + 1;
                    line.push_str(&format!(" {c}{r}"));
                }
                line
            })
            .collect();
    }
    for (i, g) in games.iter().enumerate() {
        std::fs::write(dir.path().join(format!("g{i:04}.renju")), format!("{g}\n")).unwrap();
    }
    dir
}

fn main() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpora/dasimagin-renju/train-2.renju");
    let dir = small_files(&path);
    let paths = [dir.path().to_path_buf()];
    let mut walk_best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let walk = collect_files(&paths).unwrap();
        walk_best = walk_best.min(t.elapsed().as_secs_f64());
        assert_eq!(walk.files.len(), 2000);
    }
    println!("small-files/walk only: 2000 files in {walk_best:.4} s (best of 5; sequential)");
    let (one, records) = best_of(&paths, 1, 5);
    let (two, _) = best_of(&paths, 2, 5);
    println!(
        "small-files/1 job: {records} games in 2000 files in {one:.3} s = {:.0} games/s (best of 5)",
        records as f64 / one
    );
    println!(
        "small-files/2 jobs: {records} games in 2000 files in {two:.3} s = {:.0} games/s (best of 5)",
        records as f64 / two
    );
    println!(
        "small-files/2 jobs vs 1: {:.2}x the wall time (goal: at most 0.60x)",
        two / one
    );
    if path.exists() {
        archive(&path);
    } else {
        println!("archive: SKIPPED: {} is absent", path.display());
    }
}
