//! Double three (三三禁手, [docs/rules.md](https://github.com/renju-kit/renju-kit/blob/main/docs/rules.md) section 3), the one rule that recurses: a Black stone
//! that makes no five, no overline and fewer than two fours is forbidden when it makes two or
//! more **open** threes through itself. A three is open when at least one of its straight-four
//! points is usable: with the stone placed, a Black stone there is not forbidden (decided by
//! the same rules, one level deeper) and, under [`Convention::Lenient`], does not make a five.
//! Threes that do not pass through the stone are never looked at (common constituent), and
//! every level places one more stone, so the recursion ends.
//!
//! The search works on one mutable copy of the line bitboards: a level sets its stone, asks
//! the straight-four points, and clears it again. Results below the top level are memoised
//! per set of placed stones (a fixed-size key, no allocation); nothing is memoised above
//! [`MEMO_DEPTH`] stones, where the search simply recomputes.

use super::decide::{four_dirs, quick};
use super::{Foul, Verdict};
use crate::shape::{Lines, Packed};
use crate::{Color, Convention, Direction, Point};
use std::collections::HashMap;

/// The deepest set of placed stones (the point asked included) that is memoised.
const MEMO_DEPTH: usize = 16;

/// A position of the recursion: the stones it placed, sorted, then the point asked.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    len: u8,
    cells: [u16; MEMO_DEPTH],
}

impl Key {
    fn new(placed: &[Point], p: Point) -> Option<Key> {
        if placed.len() >= MEMO_DEPTH {
            return None;
        }
        let code = |q: &Point| u16::from(q.row()) * 32 + u16::from(q.col());
        let mut cells = [0u16; MEMO_DEPTH];
        for (c, q) in cells.iter_mut().zip(placed) {
            *c = code(q);
        }
        cells[..placed.len()].sort_unstable();
        cells[placed.len()] = code(&p);
        Some(Key {
            len: placed.len() as u8 + 1,
            cells,
        })
    }
}

/// Verdicts of nested positions already decided in this query or scan.
#[derive(Default)]
pub(super) struct Memo(HashMap<Key, Verdict>);

/// One recursive decision in progress.
pub(super) struct Search<'a> {
    /// The position, with the stones of the outer levels set.
    pub(super) lines: &'a mut Lines,
    /// How a straight-four point that makes a five is read.
    pub(super) convention: Convention,
    /// The stones placed by the outer levels (besides the board's), oldest first.
    pub(super) placed: &'a mut Vec<Point>,
    /// Nested verdicts already known.
    pub(super) memo: &'a mut Memo,
}

impl Search<'_> {
    /// The verdict on a Black stone at the empty point `p`, with the placed stones on.
    pub(super) fn verdict(&mut self, p: Point) -> Verdict {
        let ks = four_dirs(self.lines, p);
        match quick(&ks) {
            Ok(v) => v,
            Err(()) => self.double_three(p, &ks),
        }
    }

    /// The verdict when the stone makes two or more threes and nothing else decides.
    pub(super) fn double_three(&mut self, p: Point, ks: &[Packed; 4]) -> Verdict {
        let key = if self.placed.is_empty() {
            None
        } else {
            Key::new(self.placed, p)
        };
        if let Some(v) = key.as_ref().and_then(|k| self.memo.0.get(k)) {
            return *v;
        }
        self.lines.set(p, Color::Black);
        self.placed.push(p);
        let mut open = 0;
        for (d, k) in Direction::ALL.iter().zip(ks) {
            if k.three_mask() != 0 && self.three_is_open(p, *d, *k) {
                open += 1;
                if open >= 2 {
                    break;
                }
            }
        }
        self.placed.pop();
        self.lines.clear(p, Color::Black);
        let v = if open >= 2 {
            Verdict::Forbidden(Foul::DoubleThree)
        } else {
            Verdict::Legal
        };
        if let Some(k) = key {
            self.memo.0.insert(k, v);
        }
        v
    }

    /// Whether the three through `p` (placed) along `d` has a usable straight-four point.
    fn three_is_open(&mut self, p: Point, d: Direction, k: Packed) -> bool {
        let mut mask = k.three_mask();
        while mask != 0 {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            let q = self.lines.at_offset(p, d, bit);
            if self.usable(q) {
                return true;
            }
        }
        false
    }

    /// Whether Black may play the straight-four point `q` (with the current stones placed).
    fn usable(&mut self, q: Point) -> bool {
        match self.verdict(q) {
            Verdict::Five => self.convention == Convention::Strict,
            Verdict::Forbidden(_) => false,
            Verdict::Legal => true,
        }
    }
}
