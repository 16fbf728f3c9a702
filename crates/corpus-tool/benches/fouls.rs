//! Benchmark of `corpus-tool fouls` end to end (in process): the 1,000 board lines of the
//! renju-core bench (or the file named by `RENJU_BENCH_POSITIONS`) as one input, read line by
//! line as bytes, parsed, checked and answered into one output, as the command does;
//! process start-up left out. The naive literal checker of renju-core's
//! `tests/reference_checker` is measured in the same run as the yardstick. Run with
//! `cargo bench -p corpus-tool --bench fouls` (or `cargo xtask bench`).

#[path = "../../renju-core/benches/common/positions.rs"]
mod positions;
#[path = "../../renju-core/tests/it/reference_checker/mod.rs"]
mod reference_checker;

use corpus_tool::error::Status;
use corpus_tool::fouls::{Options, run};
use corpus_tool::line_input::Input;
use renju_core::{Board, Convention};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let lines: Vec<String> = match std::env::var("RENJU_BENCH_POSITIONS") {
        Ok(path) => std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("RENJU_BENCH_POSITIONS={path}: cannot read: {e}"))
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect(),
        Err(_) => {
            let mut rng = positions::Rng(0x5EED_1234_ABCD_0001);
            (0..1000)
                .map(|_| positions::board_of(&positions::game(&mut rng, 40)).to_line())
                .collect()
        }
    };
    assert!(!lines.is_empty(), "no boards to measure");
    let boards: Vec<Board> = lines
        .iter()
        .map(|l| Board::from_line(l).expect("a board line"))
        .collect();
    let conv = Convention::Lenient;
    let sample = &boards[..boards.len().min(300)];
    let mut naive = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for b in sample {
            black_box(reference_checker::reference_forbidden(b, conv));
        }
        naive = naive.min(t.elapsed().as_secs_f64());
    }
    let naive_rate = sample.len() as f64 / naive;
    println!(
        "naive/{conv}: {naive_rate:.0} boards/s (the literal checker of renju-core tests/reference_checker, {} boards, best of 5)",
        sample.len()
    );
    let mut input = lines.join("\n").into_bytes();
    input.push(b'\n');
    let mut out = Vec::with_capacity(input.len());
    let mut best = f64::MAX;
    for _ in 0..15 {
        out.clear();
        let t = Instant::now();
        let status = run(
            Input::reader("boards", black_box(&input[..])),
            &mut out,
            &Options::default(),
        )
        .expect("in memory");
        best = best.min(t.elapsed().as_secs_f64());
        assert_eq!(status, Status::Clean, "every line is a board");
    }
    let answered = out.iter().filter(|&&b| b == b'\n').count();
    assert_eq!(answered, lines.len(), "one output line per input line");
    let rate = lines.len() as f64 / best;
    println!(
        "fouls/command: {rate:.0} boards/s ({:.1}x naive; corpus-tool fouls end to end in process: {} board lines read as bytes, parsed, checked and answered, {conv}, best of 15)",
        rate / naive_rate,
        lines.len()
    );
}
