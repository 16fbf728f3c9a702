//! Benchmark: audit the real 147,229-game archive (`../shared/corpora/dasimagin-renju/
//! train-2.renju`) with 1 worker and with all cores, reporting games/s and peak memory.
//! Run with `cargo bench -p corpus-tool` (or `cargo xtask bench`).

use corpus_tool::validate::{Options, audit_paths};
use std::path::PathBuf;
use std::time::Instant;

fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpora/dasimagin-renju/train-2.renju");
    if !path.exists() {
        println!("SKIPPED: {} is absent", path.display());
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for jobs in [1, cores] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .unwrap();
        let mut best = f64::MAX;
        let mut records = 0;
        for _ in 0..5 {
            let t = Instant::now();
            let s = pool
                .install(|| {
                    audit_paths(
                        std::slice::from_ref(&path),
                        &Options::default(),
                        &mut |_| {},
                        &mut |_, _| {},
                    )
                })
                .unwrap();
            best = best.min(t.elapsed().as_secs_f64());
            records = s.records;
        }
        println!(
            "archive/{jobs} job{}: {records} games in {best:.3} s = {:.0} games/s (best of 5, file read included)",
            if jobs == 1 { "" } else { "s" },
            records as f64 / best
        );
    }
    match peak_memory_mb() {
        Some(mb) => println!("archive: peak memory {mb:.1} MB"),
        None => println!("archive: peak memory unknown (no /proc/self/status)"),
    }
}
