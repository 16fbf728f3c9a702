//! The independent, deliberately naive reference foul checker: a literal reading of
//! docs/rules.md sections 2-3 on a plain array board. It places stones, walks the four lines cell
//! by cell and recurses for every straight-four point; no lookup table, no bit tricks, no
//! memo, nothing of the crate but the public `Board`/`Point`/`Color` types. Slow on purpose.
//!
//! Used as the test oracle by `tests/reference.rs` (which also plants mistakes into it to show
//! the comparison catches them) and as the naive yardstick of the benchmarks
//! (`benches/fouls.rs`, the corpus-tool `fouls` bench), so that every speed figure is a ratio
//! to it measured in the same run.

#![allow(dead_code)] // each includer uses a part

use renju_core::{Board, Color, Convention, Foul, Point};

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

/// The four lines through a point: horizontal, vertical, and the two diagonals.
pub const LINES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A plain square board: `cells[col][row]`, `EMPTY`/`BLACK`/`WHITE`.
#[derive(Clone)]
pub struct RefBoard {
    pub n: i32,
    pub cells: Vec<Vec<u8>>,
    /// A deliberate mistake to plant (only to show that the comparison would catch it).
    pub plant: Plant,
    /// The current recursion depth (straight-four points being tried), and the deepest
    /// reached since the last reset: statistics only.
    pub depth: usize,
    pub deepest: usize,
}

/// Mistakes other foul checkers are known to make, planted into the
/// reference by `comparison_catches_planted_mistakes` to show the generated boards expose them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plant {
    /// The reference as written.
    None,
    /// A straight-four point is usable unless it is a five (no recursion at all).
    NoRecursion,
    /// Below the given recursion depth (1 = the straight-four points of the point asked
    /// about), a straight-four point that is a double three is taken as usable: the
    /// recursion is cut short and deeper chains are misjudged.
    DepthLimit(usize),
    /// Each five-completing window counts as a four (a straight four counts as two).
    WindowsAsFours,
    /// Six or more in a row counts as a five (no "exact").
    SixIsFive,
    /// The two conventions swapped.
    SwappedConventions,
    /// A straight four made by Q on P's line counts as P's three even when it leaves P out
    /// (the common-constituent clause ignored).
    ThreeWithoutP,
}

/// What a Black stone on an empty point is, according to the reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefVerdict {
    /// An exact five.
    Five,
    /// Forbidden, with the foul.
    Forbidden(Foul),
    /// Legal, not a five.
    Legal,
}

impl RefBoard {
    pub fn from_board(board: &Board) -> RefBoard {
        let n = i32::from(board.size());
        let mut cells = vec![vec![EMPTY; n as usize]; n as usize];
        for (p, c) in board.stones() {
            cells[usize::from(p.col())][usize::from(p.row())] = match c {
                Color::Black => BLACK,
                Color::White => WHITE,
            };
        }
        RefBoard {
            n,
            cells,
            plant: Plant::None,
            depth: 0,
            deepest: 0,
        }
    }

    /// The cell at (c, r); `None` off the board.
    pub fn at(&self, c: i32, r: i32) -> Option<u8> {
        if c < 0 || r < 0 || c >= self.n || r >= self.n {
            None
        } else {
            Some(self.cells[c as usize][r as usize])
        }
    }

    pub fn is_black(&self, c: i32, r: i32) -> bool {
        self.at(c, r) == Some(BLACK)
    }

    pub fn is_empty(&self, c: i32, r: i32) -> bool {
        self.at(c, r) == Some(EMPTY)
    }

    pub fn put(&mut self, c: i32, r: i32, v: u8) {
        self.cells[c as usize][r as usize] = v;
    }

    /// The unbroken Black run through the Black stone (c, r) along (dc, dr), as the offsets
    /// (k0, k1) of its two end stones: the run is the points (c + k*dc, r + k*dr), k0..=k1.
    pub fn run(&self, c: i32, r: i32, (dc, dr): (i32, i32)) -> (i32, i32) {
        let mut k0 = 0;
        while self.is_black(c + (k0 - 1) * dc, r + (k0 - 1) * dr) {
            k0 -= 1;
        }
        let mut k1 = 0;
        while self.is_black(c + (k1 + 1) * dc, r + (k1 + 1) * dr) {
            k1 += 1;
        }
        (k0, k1)
    }

    pub fn run_len(&self, c: i32, r: i32, d: (i32, i32)) -> i32 {
        let (k0, k1) = self.run(c, r, d);
        k1 - k0 + 1
    }

    /// The fours through the Black stone P = (c, r) on one line, counted as distinct sets of
    /// four Black stones: a set counts when, together with one empty point, it fills a window
    /// of 5 consecutive points containing P and the points just outside the window are not
    /// Black (so the empty point completes an exact five). A straight four `_XXXX_` has two
    /// such windows but one set of stones: one four. `X_XXX_X` (P in the middle) has two sets.
    pub fn fours_on_line(&self, c: i32, r: i32, (dc, dr): (i32, i32)) -> usize {
        let mut sets: Vec<Vec<i32>> = Vec::new();
        for start in -4..=0 {
            let window: Vec<i32> = (start..start + 5).collect();
            let mut stones = Vec::new();
            let mut empties = 0;
            let mut off_board = false;
            for &k in &window {
                match self.at(c + k * dc, r + k * dr) {
                    None => off_board = true,
                    Some(BLACK) => stones.push(k),
                    Some(EMPTY) => empties += 1,
                    Some(_) => {}
                }
            }
            if off_board || stones.len() != 4 || empties != 1 {
                continue;
            }
            let before = start - 1;
            let after = start + 5;
            if self.is_black(c + before * dc, r + before * dr)
                || self.is_black(c + after * dc, r + after * dr)
            {
                continue; // the empty point would make six or more, not five
            }
            if !sets.contains(&stones) || self.plant == Plant::WindowsAsFours {
                sets.push(stones);
            }
        }
        sets.len()
    }

    /// The straight-four points of the three through the Black stone P = (c, r) on one line:
    /// the empty points Q of the line such that a Black stone on Q makes exactly four in an
    /// unbroken row that contains both P and Q, and each of the two points at the ends of
    /// that row is empty and would complete an exact five (the point beyond it is not Black).
    pub fn straight_four_points(
        &mut self,
        c: i32,
        r: i32,
        (dc, dr): (i32, i32),
    ) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for k in -4..=4 {
            if k == 0 {
                continue;
            }
            let (qc, qr) = (c + k * dc, r + k * dr);
            if !self.is_empty(qc, qr) {
                continue;
            }
            self.put(qc, qr, BLACK);
            // The run through Q, as offsets from P.
            let (a0, a1) = self.run(qc, qr, (dc, dr));
            let (k0, k1) = (a0 + k, a1 + k);
            let contains_p = (k0 <= 0 && 0 <= k1) || self.plant == Plant::ThreeWithoutP;
            let is_four = k1 - k0 + 1 == 4;
            let end_ok = |b: &RefBoard, end: i32, beyond: i32| {
                b.is_empty(c + end * dc, r + end * dr)
                    && !b.is_black(c + beyond * dc, r + beyond * dr)
            };
            if contains_p && is_four && end_ok(self, k0 - 1, k0 - 2) && end_ok(self, k1 + 1, k1 + 2)
            {
                out.push((qc, qr));
            }
            self.put(qc, qr, EMPTY);
        }
        out
    }

    /// The verdict on a Black stone at the empty point (c, r), by docs/rules.md section 3.
    pub fn verdict(&mut self, c: i32, r: i32, convention: Convention) -> RefVerdict {
        self.put(c, r, BLACK);
        let v = self.verdict_placed(c, r, convention);
        self.put(c, r, EMPTY);
        v
    }

    /// The verdict with the stone already on (c, r).
    pub fn verdict_placed(&mut self, c: i32, r: i32, convention: Convention) -> RefVerdict {
        // Five overrides everything (an exact five on any line).
        let six_is_five = self.plant == Plant::SixIsFive;
        if LINES
            .iter()
            .any(|&d| self.run_len(c, r, d) == 5 || (six_is_five && self.run_len(c, r, d) > 5))
        {
            return RefVerdict::Five;
        }
        if LINES.iter().any(|&d| self.run_len(c, r, d) >= 6) {
            return RefVerdict::Forbidden(Foul::Overline);
        }
        let fours: Vec<usize> = LINES.iter().map(|&d| self.fours_on_line(c, r, d)).collect();
        if fours.iter().sum::<usize>() >= 2 {
            return RefVerdict::Forbidden(Foul::DoubleFour);
        }
        // At most one three per line, and none on a line that holds a four through P.
        let mut threes: Vec<Vec<(i32, i32)>> = Vec::new();
        for (i, &d) in LINES.iter().enumerate() {
            if fours[i] > 0 {
                continue;
            }
            let qs = self.straight_four_points(c, r, d);
            if !qs.is_empty() {
                threes.push(qs);
            }
        }
        if threes.len() < 2 {
            return RefVerdict::Legal; // fewer than two threes cannot make two open ones
        }
        let mut open = 0;
        for qs in &threes {
            if qs.iter().any(|&(qc, qr)| self.usable(qc, qr, convention)) {
                open += 1;
            }
        }
        if open >= 2 {
            RefVerdict::Forbidden(Foul::DoubleThree)
        } else {
            RefVerdict::Legal
        }
    }

    /// Whether Black may use the straight-four point Q = (c, r) (with the stones above it in
    /// the recursion already placed): a five there counts only under `strict`; otherwise the
    /// point must not be forbidden itself (decided with one more stone on the board).
    pub fn usable(&mut self, c: i32, r: i32, convention: Convention) -> bool {
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        let verdict = self.verdict(c, r, convention);
        let five_ok = match self.plant {
            Plant::SwappedConventions => convention == Convention::Lenient,
            _ => convention == Convention::Strict,
        };
        let usable = match (verdict, self.plant) {
            (RefVerdict::Five, _) => five_ok,
            (_, Plant::NoRecursion) => true,
            (RefVerdict::Forbidden(Foul::DoubleThree), Plant::DepthLimit(n)) if self.depth >= n => {
                true
            }
            (RefVerdict::Forbidden(_), _) => false,
            (RefVerdict::Legal, _) => true,
        };
        self.depth -= 1;
        usable
    }
}

/// The reference verdict on every empty point, in reading order (top row first, `a` first).
pub fn reference_verdicts(board: &Board, convention: Convention) -> Vec<(Point, RefVerdict)> {
    reference_verdicts_with(board, convention, Plant::None).0
}

/// As [`reference_verdicts`], with a planted mistake; also returns the deepest recursion
/// reached (0: no straight-four point had to be tried).
pub fn reference_verdicts_with(
    board: &Board,
    convention: Convention,
    plant: Plant,
) -> (Vec<(Point, RefVerdict)>, usize) {
    let mut rb = RefBoard::from_board(board);
    rb.plant = plant;
    let mut out = Vec::new();
    for r in (0..rb.n).rev() {
        for c in 0..rb.n {
            if rb.is_empty(c, r) {
                let p = Point::new(c as u8, r as u8).expect("on the board");
                out.push((p, rb.verdict(c, r, convention)));
            }
        }
    }
    (out, rb.deepest)
}

/// The reference's forbidden points, in reading order.
pub fn reference_forbidden(board: &Board, convention: Convention) -> Vec<(Point, Foul)> {
    reference_verdicts(board, convention)
        .into_iter()
        .filter_map(|(p, v)| match v {
            RefVerdict::Forbidden(f) => Some((p, f)),
            _ => None,
        })
        .collect()
}
