//! The benchmark positions, shared by the renju-core and corpus-tool benches: game-like move
//! orders from a fixed seed, so every run measures the same boards.

use renju_core::{Board, Color, Point, RuleSet, makes_five};

/// A small deterministic generator (xorshift64*), so every run measures the same positions.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A game-like move order: first stone on h8, each next within 2 points of an earlier stone
/// (70 %: one of the last 8), colours alternating from Black, no five of either colour.
pub fn game(rng: &mut Rng, stones: usize) -> Vec<Point> {
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
        return placed;
    }
}

/// The board after `moves`, colours alternating from Black.
pub fn board_of(moves: &[Point]) -> Board {
    let mut b = Board::renju();
    for (i, &p) in moves.iter().enumerate() {
        b.place(p, Color::of_move_number(i + 1)).unwrap();
    }
    b
}
