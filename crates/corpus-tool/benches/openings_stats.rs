//! Benchmark of `corpus-tool openings stats` (issue 17) as a ratio in the same run: its wall
//! time over the real 147,229-game archive (`../shared/corpora/dasimagin-renju/train-2.renju`)
//! against `validate`'s audit of the same file (the yardstick; goal: at most 1.2x). Skipped
//! with a printed reason when the archive is absent. Run with
//! `cargo bench -p corpus-tool --bench openings_stats`. Never timed in a test.

use corpus_tool::engine::{Engine, Jobs};
use corpus_tool::validate::{Options, audit_paths};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn best(runs: usize, mut f: impl FnMut() -> usize) -> (f64, usize) {
    let mut best = f64::MAX;
    let mut n = 0;
    for _ in 0..runs {
        let t = Instant::now();
        n = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (best, n)
}

fn main() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpora/dasimagin-renju/train-2.renju");
    if !path.is_file() {
        println!("SKIPPED: {} is absent", path.display());
        return;
    }
    let paths: [PathBuf; 1] = [path];
    let options = Options::default();
    let engine = Engine::new(Jobs::all_cores());
    let (validate, records) = best(5, || {
        audit_paths(&paths, &options, &engine, &mut |_| {}, &mut |_| {})
            .map(|s| s.records)
            .unwrap_or(0)
    });
    let (stats, games) = best(5, || {
        corpus_tool::openings_stats::count(&paths, &options, &engine)
            .map(|r| r.stats.games())
            .unwrap_or(0)
    });
    assert_eq!(records, games, "every record of the archive is counted");
    println!(
        "openings-stats/validate (yardstick): {records} records in {validate:.3} s (best of 5)"
    );
    println!("openings-stats/stats: {games} games in {stats:.3} s (best of 5)");
    println!(
        "openings-stats/ratio: stats / validate = {:.2}x (goal: at most 1.2x)",
        stats / validate
    );
}
