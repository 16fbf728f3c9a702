//! Benchmark of the foul checker, as ratios to a naive literal checker measured in the same
//! run (`tests/reference_checker`, written from docs/rules.md for clarity, not speed).
//!
//! * `naive/<convention>`: the literal checker scans every empty point of the boards;
//! * `fouls/<convention>`: the whole-board scan from scratch (board read from its 225-character
//!   line, checker built, every forbidden point listed), single-threaded;
//! * `fouls/incremental`: the games replayed move by move on one [`IncrementalBoard`] per
//!   game, every forbidden point listed after every move (state kept between moves).
//!
//! Boards: 1,000 game-like 40-stone positions generated here, or the 225-character lines of
//! the file named by `RENJU_BENCH_POSITIONS`. Games: the 1,000 move orders that generated those
//! positions, or the games of the `.renju` file named by `RENJU_BENCH_GAMES` (`<result>
//! <moves>` a line). Run with `cargo bench -p renju-core` (or `cargo xtask bench`). Every line
//! reads `NAME: N boards/s (...)`.

#[path = "common/positions.rs"]
mod positions;
#[path = "../tests/it/reference_checker/mod.rs"]
mod reference_checker;

use positions::{Rng, board_of, game};
use renju_core::{
    Board, Color, Convention, FoulChecker, IncrementalBoard, Move, Point, RENJU_SIZE,
};
use std::hint::black_box;
use std::time::Instant;

/// The games of a `.renju` file: the moves after the result word, each game cut at its first
/// move that cannot be played (counted).
fn read_games(path: &str) -> (Vec<Vec<Point>>, usize) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("RENJU_BENCH_GAMES={path}: cannot read: {e}"));
    let mut games = Vec::new();
    let mut cut = 0;
    for line in text.lines() {
        let mut b = Board::renju();
        let mut moves = Vec::new();
        for (n, token) in line.split_whitespace().skip(1).enumerate() {
            match Move::parse_sized(token, RENJU_SIZE) {
                Ok(Move::Stone(p)) if b.place(p, Color::of_move_number(n + 1)).is_ok() => {
                    moves.push(p);
                }
                _ => {
                    cut += 1;
                    break;
                }
            }
        }
        if !moves.is_empty() {
            games.push(moves);
        }
    }
    (games, cut)
}

/// The best of `runs` timings of `f`, in seconds, and its last result.
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed().as_secs_f64());
        last = Some(r);
    }
    (best, last.expect("at least one run"))
}

fn main() {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let generated: Vec<Vec<Point>> = (0..1000).map(|_| game(&mut rng, 40)).collect();
    let (lines, what): (Vec<String>, String) = match std::env::var("RENJU_BENCH_POSITIONS") {
        Ok(path) => {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("RENJU_BENCH_POSITIONS={path}: cannot read: {e}"));
            let lines: Vec<String> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect();
            for (i, l) in lines.iter().enumerate() {
                if let Err(e) = Board::from_line(l) {
                    panic!("RENJU_BENCH_POSITIONS={path}: line {}: {e}", i + 1);
                }
            }
            let what = format!("{} boards of {path}", lines.len());
            (lines, what)
        }
        Err(_) => (
            generated.iter().map(|g| board_of(g).to_line()).collect(),
            "1000 boards of 40 stones".to_string(),
        ),
    };
    assert!(!lines.is_empty(), "no boards to measure");
    let boards: Vec<Board> = lines.iter().map(|l| Board::from_line(l).unwrap()).collect();

    // The yardstick: the literal checker on (up to) 300 of the boards.
    let sample = &boards[..boards.len().min(300)];
    let mut naive = [0.0f64; 2];
    for (i, conv) in Convention::ALL.into_iter().enumerate() {
        let (t, forbidden) = best_of(5, || {
            sample
                .iter()
                .map(|b| black_box(reference_checker::reference_forbidden(b, conv)).len())
                .sum::<usize>()
        });
        naive[i] = sample.len() as f64 / t;
        println!(
            "naive/{conv}: {:.0} boards/s (the literal checker of tests/reference_checker, {} boards, {forbidden} forbidden points, best of 5)",
            naive[i],
            sample.len()
        );
    }

    for (i, conv) in Convention::ALL.into_iter().enumerate() {
        let mut out = Vec::with_capacity(64);
        let (t, forbidden) = best_of(15, || {
            let mut forbidden = 0;
            for line in &lines {
                let board = Board::from_line(black_box(line)).unwrap();
                out.clear();
                FoulChecker::new(&board).forbidden_points_into(conv, &mut out);
                forbidden += black_box(&out).len();
            }
            forbidden
        });
        let rate = lines.len() as f64 / t;
        println!(
            "fouls/{conv}: {rate:.0} boards/s ({:.1}x naive; {:.2} µs/board, {what} from scratch, {forbidden} forbidden points, best of 15)",
            rate / naive[i],
            t * 1e6 / lines.len() as f64
        );
    }

    let (games, source, cut) = match std::env::var("RENJU_BENCH_GAMES") {
        Ok(path) => {
            let (g, cut) = read_games(&path);
            (g, path, cut)
        }
        Err(_) => (generated, "the generated games".to_string(), 0),
    };
    let positions: usize = games.iter().map(Vec::len).sum();
    assert!(positions > 0, "no games to replay");
    let conv = Convention::Lenient;
    let mut out = Vec::with_capacity(64);
    let mut engine = IncrementalBoard::renju();
    let (t, forbidden) = best_of(15, || {
        let mut forbidden = 0;
        for g in &games {
            engine.clear();
            for (n, &p) in g.iter().enumerate() {
                engine.place(p, Color::of_move_number(n + 1)).unwrap();
                out.clear();
                engine.forbidden_points_into(conv, &mut out);
                forbidden += black_box(&out).len();
            }
        }
        forbidden
    });
    let rate = positions as f64 / t;
    let cut_note = if cut > 0 {
        format!(", {cut} games cut at an unplayable move")
    } else {
        String::new()
    };
    println!(
        "fouls/incremental: {rate:.0} boards/s ({:.1}x naive {conv}; {} games of {source} replayed move by move, {positions} positions, place + forbidden_points after every move, {forbidden} forbidden points{cut_note}, best of 15)",
        rate / naive[0],
        games.len()
    );
}
