//! The VCF benchmark: per-position solve times on real-game positions (the 4,782 of
//! `shared/data/vcf/vcf-dev.jsonl`, split by label) and on composed puzzles, median and 99th
//! percentile, each also as a ratio to a fixed yardstick measured in the same run (renju-core's
//! `forbidden_points` on the same board).
//!
//! `cargo bench -p renju-vcf` (harness = false). Each position is solved cold: the solver's table
//! is cleared before each timed question (untimed), so no answer is remembered between runs.

use renju_core::{Board, Color, Convention, FoulChecker, RuleSet};
use renju_vcf::{Answer, Solver};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

struct Position {
    board: Board,
    to_move: Color,
}

fn dev_positions() -> Option<(Vec<Position>, Vec<Position>)> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/vcf/vcf-dev.jsonl");
    let text = std::fs::read_to_string(&path).ok()?;
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).ok()?;
        let p = Position {
            board: Board::from_line(v["board"].as_str()?).ok()?,
            to_move: if v["to_move"] == "black" {
                Color::Black
            } else {
                Color::White
            },
        };
        if v["has_vcf"].as_bool()? {
            with.push(p);
        } else {
            without.push(p);
        }
    }
    Some((with, without))
}

fn stones(black: &str, white: &str) -> Board {
    let mut b = Board::renju();
    for (list, color) in [(black, Color::Black), (white, Color::White)] {
        for p in list.split_whitespace() {
            b.place(p.parse().unwrap(), color).unwrap();
        }
    }
    b
}

/// Hand-composed puzzles (those of the rule tests) and machine-composed ones: clustered random
/// positions (fixed seed) kept when the side to move has a VCF of at least 6 attacker moves.
fn puzzles() -> Vec<Position> {
    let mut out = vec![
        Position {
            board: stones("g5 h5 i5 j6 k1 l1 m1 h3 g4", "e5 k5 j2 j3 j4 n1"),
            to_move: Color::Black,
        },
        Position {
            board: stones("b3 c3 d5 d6 i8 c2", "e4 f5 g6"),
            to_move: Color::White,
        },
        Position {
            board: stones("j9 j10 k9 l10 e8 i12", "f8 g8 h8 i9 i10 i11"),
            to_move: Color::White,
        },
        Position {
            board: stones("h8 i8 j8 e12 e13 e14", "a15 b15 c15 d15 e10"),
            to_move: Color::Black,
        },
    ];
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut solver = Solver::new(&Board::renju(), RuleSet::Renju);
    let mut tries = 0;
    while out.len() < 104 && tries < 200_000 {
        tries += 1;
        let mut b = Board::renju();
        let n = 24 + (next() % 30) as usize;
        let mut placed = 0;
        while placed < n {
            let c = 7i32 + (next() % 9) as i32 - 4;
            let r = 7i32 + (next() % 9) as i32 - 4;
            let p = renju_core::Point::new(c as u8, r as u8).unwrap();
            if b.is_empty_at(p) {
                b.place(p, Color::of_move_number(placed + 1)).unwrap();
                placed += 1;
            }
        }
        let to_move = Color::of_move_number(n + 1);
        solver.set_board(&b);
        // No five on the board and none to make at once: a puzzle, not a finished game.
        if let Answer::Found(line) = solver.solve(to_move) {
            let mut s = Solver::new(&b, RuleSet::Renju);
            let opp = s.solve(to_move.opponent());
            if line.attacker_moves() >= 6 && opp.line().is_none_or(|l| l.attacker_moves() > 1) {
                out.push(Position { board: b, to_move });
            }
        }
    }
    out
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn bench(name: &str, positions: &[Position]) {
    if positions.is_empty() {
        println!("{name}: no positions");
        return;
    }
    let mut solver = Solver::new(&Board::renju(), RuleSet::Renju);
    let rounds = 3;
    let mut times = Vec::new();
    let mut yard = Vec::new();
    let mut found = 0;
    let mut nodes = 0u64;
    for p in positions {
        let mut best = Duration::MAX;
        for _ in 0..rounds {
            solver.clear_table();
            let t = Instant::now();
            solver.set_board(&p.board);
            let a = black_box(solver.solve(p.to_move));
            best = best.min(t.elapsed());
            if matches!(a, Answer::Found(_)) {
                found += 1;
            }
            nodes += solver.nodes();
        }
        times.push(best);
        let mut ybest = Duration::MAX;
        for _ in 0..rounds {
            let t = Instant::now();
            black_box(FoulChecker::new(&p.board).forbidden_points(Convention::Lenient));
            ybest = ybest.min(t.elapsed());
        }
        yard.push(ybest);
    }
    times.sort();
    yard.sort();
    let (m, p99) = (percentile(&times, 0.5), percentile(&times, 0.99));
    let (ym, yp99) = (percentile(&yard, 0.5), percentile(&yard, 0.99));
    let total: Duration = times.iter().sum();
    println!(
        "{name}: {} positions ({} with a VCF), median {:.1} us, p99 {:.1} us, max {:.1} us, mean {:.1} us, {:.0} nodes/position; \
         yardstick (forbidden_points) median {:.1} us, p99 {:.1} us; ratio median {:.2}, p99 {:.2}",
        positions.len(),
        found / rounds,
        m.as_secs_f64() * 1e6,
        p99.as_secs_f64() * 1e6,
        times.last().unwrap().as_secs_f64() * 1e6,
        total.as_secs_f64() * 1e6 / positions.len() as f64,
        nodes as f64 / (rounds * positions.len()) as f64,
        ym.as_secs_f64() * 1e6,
        yp99.as_secs_f64() * 1e6,
        m.as_secs_f64() / ym.as_secs_f64(),
        p99.as_secs_f64() / yp99.as_secs_f64(),
    );
}

fn main() {
    match dev_positions() {
        Some((with, without)) => {
            bench("real games, VCF", &with);
            bench("real games, no VCF", &without);
        }
        None => {
            println!("SKIPPED: real-game positions: shared/data/vcf/vcf-dev.jsonl is not there")
        }
    }
    bench("composed puzzles", &puzzles());
}
