//! Benchmark: scan every empty point of 1,000 game-like 40-stone positions, single-threaded,
//! building each board from scratch (from its 225-character line), under both conventions.
//! Run with `cargo bench -p renju-core` (or `cargo xtask bench`). Prints boards/s.

use renju_core::{Board, Color, Convention, FoulChecker, Point, RuleSet, makes_five};
use std::hint::black_box;
use std::time::Instant;

/// A small deterministic generator (xorshift64*), so every run measures the same positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Game-like: first stone on h8, each next within 2 points of an earlier stone (70 %: one of
/// the last 8), Black = ceil(n/2), no five of either colour on the board.
fn position(rng: &mut Rng, stones: usize) -> Board {
    'again: loop {
        let mut b = Board::renju();
        let mut placed: Vec<Point> = vec![Point::CENTER];
        b.place(Point::CENTER, Color::Black).unwrap();
        let mut tries = 0;
        while placed.len() < stones {
            tries += 1;
            if tries > 10_000 {
                continue 'again;
            }
            let base = if rng.below(10) < 7 {
                placed[placed.len() - 1 - rng.below(placed.len().min(8) as u64) as usize]
            } else {
                placed[rng.below(placed.len() as u64) as usize]
            };
            let dc = rng.below(5) as i32 - 2;
            let dr = rng.below(5) as i32 - 2;
            let Some(p) = base.offset(dc, dr, 15) else {
                continue;
            };
            if b.get(p).is_some() {
                continue;
            }
            let color = Color::of_move_number(placed.len() + 1);
            if makes_five(&b, p, color, RuleSet::FreeStyle) {
                continue;
            }
            b.place(p, color).unwrap();
            placed.push(p);
        }
        return b;
    }
}

fn main() {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let lines: Vec<String> = (0..1000)
        .map(|_| position(&mut rng, 40).to_line())
        .collect();
    for conv in Convention::ALL {
        let mut best = f64::MAX;
        let mut forbidden = 0usize;
        for _ in 0..7 {
            let t = Instant::now();
            forbidden = 0;
            for line in &lines {
                let board = Board::from_line(black_box(line)).unwrap();
                let checker = FoulChecker::new(&board);
                forbidden += black_box(checker.forbidden_points(conv)).len();
            }
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "fouls/{conv}: {:>9.0} boards/s ({:.2} µs/board, 1000 boards of 40 stones, {forbidden} forbidden points, best of 7)",
            1000.0 / best,
            best * 1e6 / 1000.0
        );
    }
}
