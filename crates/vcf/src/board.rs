//! The board the solvers work on: the stones, the four-making machinery (every five-point window
//! of every line with its stone counts) and renju-core's foul checker, kept in step.
//!
//! Both the VCF search of this crate and the VCT search of `renju-vct` ask their questions
//! here, so that there is one implementation of each: where a colour makes a five, which moves
//! make a four and with which five points, which moves would make a new three-window, whether a
//! move is a winning move (two five points, or a White four whose only block is forbidden for
//! Black), and whether a Black stone is forbidden (always renju-core's exact checker, under the
//! board's [`Convention`]).
//!
//! ```
//! use renju_core::{Board, Color, Convention, RuleSet};
//! use renju_vcf::board::{ThreatBoard, Win};
//! let mut board = ThreatBoard::new(&Board::renju(), RuleSet::Renju, Convention::Lenient);
//! for p in ["h8", "i8", "j8"] {
//!     board.place(p.parse().unwrap(), Color::Black);
//! }
//! // g8 makes an open four: two five points.
//! let g8 = "g8".parse().unwrap();
//! assert_eq!(board.fives_after(g8, Color::Black).len(), 2);
//! assert!(matches!(board.winning_move(g8, Color::Black), Some(Win::TwoFives(..))));
//! ```

use crate::grid::{CELLS, Cell, Cells, Grid, MAX_FIVES, ci};
use renju_core::{Board, Color, Convention, Direction, FoulChecker, Point, RuleSet};
use std::fmt;

/// A short set of points (the five points of a move, the moves of a window): at most
/// [`Points::CAPACITY`], each once, in the order found.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Points {
    len: u8,
    at: [Point; MAX_FIVES],
}

impl Points {
    /// How many points a set can hold (more than any one move makes five points).
    pub const CAPACITY: usize = MAX_FIVES;

    /// The empty set.
    #[must_use]
    pub const fn new() -> Points {
        Points {
            len: 0,
            at: [Point::CENTER; MAX_FIVES],
        }
    }

    /// Adds `p` unless it is there already or the set is full; returns whether it was added.
    ///
    /// ```
    /// let mut s = renju_vcf::board::Points::new();
    /// assert!(s.insert("h8".parse().unwrap()));
    /// assert!(!s.insert("h8".parse().unwrap()));
    /// assert_eq!(s.len(), 1);
    /// ```
    pub fn insert(&mut self, p: Point) -> bool {
        if self.contains(p) || usize::from(self.len) >= MAX_FIVES {
            return false;
        }
        self.at[usize::from(self.len)] = p;
        self.len += 1;
        true
    }

    /// The points, in the order found.
    #[must_use]
    pub fn as_slice(&self) -> &[Point] {
        &self.at[..usize::from(self.len)]
    }

    /// How many points.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is none.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first point found, if any.
    #[must_use]
    pub fn first(&self) -> Option<Point> {
        self.as_slice().first().copied()
    }

    /// Whether `p` is in the set.
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        self.as_slice().contains(&p)
    }

    #[inline]
    fn from_cells(c: &Cells) -> Points {
        let mut out = Points::new();
        let s = c.as_slice();
        for (slot, &x) in out.at.iter_mut().zip(s) {
            *slot = Grid::point(x);
        }
        out.len = s.len() as u8;
        out
    }
}

impl Default for Points {
    fn default() -> Points {
        Points::new()
    }
}

impl fmt::Debug for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a Points {
    type Item = &'a Point;
    type IntoIter = std::slice::Iter<'a, Point>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// How a winning move wins: after it the defender cannot stop a five.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Win {
    /// Two different five points (an open four, a double four): the defender stops one.
    TwoFives(Point, Point),
    /// A White four whose only five point is forbidden for Black (renju).
    ForbiddenBlock(Point),
}

/// The stones of a position with the solvers' incremental machinery (see the module comment).
///
/// Every question is about the position as it is now; [`ThreatBoard::place`] and
/// [`ThreatBoard::remove`] change it stone by stone, cheaply.
#[derive(Clone)]
pub struct ThreatBoard {
    pub(crate) grid: Box<Grid>,
    pub(crate) fouls: FoulChecker,
    rules: RuleSet,
    convention: Convention,
    seen: Vec<u32>,
    stamp: u32,
    slot: Vec<u16>,
    cells: Vec<Cell>,
    moves: Vec<(Cell, Cells)>,
}

impl fmt::Debug for ThreatBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreatBoard")
            .field("rules", &self.rules)
            .field("convention", &self.convention)
            .field("board", &self.to_board().to_line())
            .finish()
    }
}

impl ThreatBoard {
    /// The position of `board` under `rules`, Black's fouls judged under `convention`.
    #[must_use]
    pub fn new(board: &Board, rules: RuleSet, convention: Convention) -> ThreatBoard {
        let exact = [
            rules.exact_five(Color::Black),
            rules.exact_five(Color::White),
        ];
        let mut grid = Grid::new(board.size(), exact);
        grid.load(board);
        ThreatBoard {
            grid,
            fouls: FoulChecker::new(board),
            rules,
            convention,
            seen: vec![0; CELLS],
            stamp: 0,
            slot: vec![0; CELLS],
            cells: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Replaces the whole position by `board` (any side 5..=20).
    pub fn set_board(&mut self, board: &Board) {
        self.grid.load(board);
        self.fouls = FoulChecker::new(board);
    }

    /// The position as a [`Board`].
    ///
    /// ```
    /// use renju_core::{Board, Color, Convention, RuleSet};
    /// let mut b = Board::renju();
    /// b.place("h8".parse().unwrap(), Color::Black).unwrap();
    /// let tb = renju_vcf::board::ThreatBoard::new(&b, RuleSet::Renju, Convention::Lenient);
    /// assert_eq!(tb.to_board(), b);
    /// ```
    #[must_use]
    pub fn to_board(&self) -> Board {
        let mut b = Board::new(usize::from(self.size())).expect("a valid size");
        for p in b.points() {
            if let Some(c) = self.stone(p) {
                b.place(p, c).expect("an empty point");
            }
        }
        b
    }

    /// The side of the board.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.grid.size()
    }

    /// The rule set.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The foul convention for Black's moves.
    #[must_use]
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Whether `p` is on this board.
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        self.grid.contains(p)
    }

    /// The stone on `p`, if any (`None` off the board too).
    #[must_use]
    pub fn stone(&self, p: Point) -> Option<Color> {
        if self.contains(p) {
            self.fouls.stone(p)
        } else {
            None
        }
    }

    /// Whether `p` is on the board and empty.
    #[must_use]
    pub fn is_empty(&self, p: Point) -> bool {
        self.contains(p) && self.grid.is_empty(Grid::cell(p))
    }

    /// Puts a stone on the position; returns false (and does nothing) when `p` is off the
    /// board or occupied.
    pub fn place(&mut self, p: Point, color: Color) -> bool {
        if !self.is_empty(p) {
            return false;
        }
        self.put(Grid::cell(p), ci(color));
        true
    }

    /// Takes the stone off `p` (nothing happens where there is none).
    pub fn remove(&mut self, p: Point) {
        if let Some(color) = self.stone(p) {
            self.take(Grid::cell(p), ci(color));
        }
    }

    /// A 64-bit Zobrist hash of the stones (the same stones give the same hash; the side
    /// and the board size are not in it).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.grid.hash()
    }

    /// Every empty point where `color` makes a winning row now (exactly five where the rule
    /// set wants it).
    #[must_use]
    pub fn five_points(&self, color: Color) -> Points {
        Points::from_cells(&self.grid.all_fives(ci(color)))
    }

    /// The points where `color` would make a winning row after a stone of `color` on the
    /// empty `p`, on the lines through `p` (the five points of the fours `p` makes; empty when
    /// `p` makes no four). Computed without placing the stone.
    #[must_use]
    pub fn fives_after(&self, p: Point, color: Color) -> Points {
        Points::from_cells(&self.grid.fives_after(Grid::cell(p), ci(color)))
    }

    /// Whether `color` can make a four anywhere now (cheaper than listing them).
    #[must_use]
    pub fn has_four_move(&self, color: Color) -> bool {
        self.grid.any_four_move(ci(color))
    }

    /// Every move that makes a four for `color` now, each once with its five points (the
    /// moves that would make a five are not among them unless they also make a four). Black's
    /// forbidden points are included: ask [`ThreatBoard::is_legal`].
    pub fn four_moves(&mut self, color: Color, out: &mut Vec<(Point, Points)>) {
        let mut moves = std::mem::take(&mut self.moves);
        self.four_cells(ci(color), &mut moves);
        out.clear();
        out.extend(
            moves
                .iter()
                .map(|(x, f)| (Grid::point(*x), Points::from_cells(f))),
        );
        self.moves = moves;
    }

    /// The threat test along one line, computed without placing `x`: for a stone of `color`
    /// on the empty `x`, each move `y` on the line through `x` in direction `d` that would then
    /// make a four on that line, with its five points **on that line** (a `y` that makes fours
    /// on other lines too has those five points besides: they are the ones it has now, which a
    /// stone on `x` does not change). Pushed to `out` (not cleared).
    ///
    /// ```
    /// use renju_core::{Board, Color, Convention, Direction, RuleSet};
    /// let mut tb = renju_vcf::board::ThreatBoard::new(&Board::renju(), RuleSet::FreeStyle, Convention::Lenient);
    /// for p in ["h8", "i8"] {
    ///     tb.place(p.parse().unwrap(), Color::Black);
    /// }
    /// // j8 would make the open three h8 i8 j8: g8 and k8 would then be open fours.
    /// let mut out = Vec::new();
    /// tb.line_fours_after("j8".parse().unwrap(), Color::Black, Direction::Horizontal, &mut out);
    /// let mut open: Vec<String> = out.iter().filter(|(_, f)| f.len() == 2).map(|(m, _)| m.to_string()).collect();
    /// open.sort();
    /// assert_eq!(open, ["g8", "k8"]);
    /// ```
    pub fn line_fours_after(
        &mut self,
        x: Point,
        color: Color,
        d: Direction,
        out: &mut Vec<(Point, Points)>,
    ) {
        if !self.is_empty(x) {
            return;
        }
        let mut found = std::mem::take(&mut self.moves);
        found.clear();
        let di = Direction::ALL
            .iter()
            .position(|&e| e == d)
            .expect("a direction");
        self.grid
            .line_fours_after(Grid::cell(x), ci(color), di, &mut found);
        out.extend(
            found
                .iter()
                .map(|(y, f)| (Grid::point(*y), Points::from_cells(f))),
        );
        self.moves = found;
    }

    /// Whether a Black stone on the empty `p` would be forbidden (renju) if the `extra`
    /// stones (on empty points other than `p`; at most 8) were on the board too: renju-core's
    /// checker with them placed for the question only.
    ///
    /// ```
    /// use renju_core::{Board, Color, Convention, RuleSet};
    /// let mut tb = renju_vcf::board::ThreatBoard::new(&Board::renju(), RuleSet::Renju, Convention::Lenient);
    /// for p in ["f8", "g8", "h9", "h10"] { tb.place(p.parse().unwrap(), Color::Black); }
    /// let h8 = "h8".parse().unwrap();
    /// assert!(tb.is_forbidden(h8)); // a double three
    /// assert!(!tb.forbidden_with(h8, &[("i8".parse().unwrap(), Color::White), ("e8".parse().unwrap(), Color::White)]));
    /// assert!(tb.is_forbidden(h8)); // nothing was left behind
    /// ```
    pub fn forbidden_with(&mut self, p: Point, extra: &[(Point, Color)]) -> bool {
        if !self.rules.has_fouls() || !self.is_empty(p) {
            return false;
        }
        let mut placed = [false; 8];
        debug_assert!(extra.len() <= placed.len());
        for (i, &(q, color)) in extra.iter().enumerate().take(placed.len()) {
            placed[i] = q != p && self.is_empty(q) && self.fouls.place(q, color);
        }
        let forbidden = self.fouls.is_forbidden(p, self.convention).is_some();
        for (i, &(q, _)) in extra.iter().enumerate().take(placed.len()) {
            if placed[i] {
                self.fouls.remove(q);
            }
        }
        forbidden
    }

    /// Whether a Black stone on `p` could be forbidden at all, judged from the windows alone
    /// (renju; exact as a necessary condition): an overline or a double four needs a line
    /// through `p` with a window of three Black stones and no White one, a double three two
    /// lines with two. White stones added later only lower these counts. `false` outside
    /// renju.
    #[must_use]
    pub fn may_be_forbidden(&self, p: Point) -> bool {
        if !self.rules.has_fouls() {
            return false;
        }
        let counts = self.line_counts(p, Color::Black);
        counts.iter().any(|&n| n >= 3) || counts.iter().filter(|&&n| n >= 2).count() >= 2
    }

    /// The empty points that lie in a window of five holding two stones of `color` and none
    /// of the other colour: a stone of `color` there makes a window of three, so new fours.
    /// Each point once, in no particular order.
    pub fn three_making_moves(&mut self, color: Color, out: &mut Vec<Point>) {
        let stamp = self.next_stamp();
        let mut cells = std::mem::take(&mut self.cells);
        self.grid
            .two_cells(ci(color), &mut cells, &mut self.seen, stamp);
        out.clear();
        out.extend(cells.iter().map(|&c| Grid::point(c)));
        self.cells = cells;
    }

    /// For each line through `p` (in [`renju_core::Direction::ALL`] order), the most stones of
    /// `color` in a window of five through `p` that holds no stone of the other colour. A
    /// stone of `color` on `p` can make a three on a line only where this is at least 2, a
    /// four only where it is at least 3.
    #[must_use]
    pub fn line_counts(&self, p: Point, color: Color) -> [u8; 4] {
        self.grid.line_counts(Grid::cell(p), ci(color))
    }

    /// How many open windows through the empty `p` hold two stones of `color` (a stone there
    /// would make them threes): a cheap measure of the fours that would follow.
    #[must_use]
    pub fn potential(&self, p: Point, color: Color) -> u32 {
        self.grid.potential(Grid::cell(p), ci(color))
    }

    /// Whether a Black stone on `p` is forbidden now (renju only; `false` under the other
    /// rule sets, and on an occupied point). A move that makes an exact five is never
    /// forbidden. This is renju-core's exact checker under the board's convention.
    #[must_use]
    pub fn is_forbidden(&self, p: Point) -> bool {
        self.rules.has_fouls()
            && self.is_empty(p)
            && self.fouls.is_forbidden(p, self.convention).is_some()
    }

    /// Whether `color` may play on `p`: on the board, empty, and not forbidden for Black.
    #[must_use]
    pub fn is_legal(&self, p: Point, color: Color) -> bool {
        self.is_empty(p) && !(color == Color::Black && self.is_forbidden(p))
    }

    /// The foul checker kept in step with the stones (for questions about line shapes).
    #[must_use]
    pub fn fouls(&self) -> &FoulChecker {
        &self.fouls
    }

    /// Whether a stone of `color` on the empty `p` is a **winning move**: a legal move (not a
    /// five) after which the other side cannot stop a five, because `color` has two different
    /// five points, or (renju) `color` is White with one five point that is forbidden for
    /// Black. `None` for any other move, a five included.
    ///
    /// ```
    /// use renju_core::{Board, Color, Convention, RuleSet};
    /// use renju_vcf::board::{ThreatBoard, Win};
    /// // d3 is a double three for Black (b3 c3, d5 d6); White's e4 f5 g6 + h7 is a four
    /// // whose only five point is d3.
    /// let mut b = Board::renju();
    /// for p in ["b3", "c3", "d5", "d6", "i8", "c2"] { b.place(p.parse().unwrap(), Color::Black).unwrap(); }
    /// for p in ["e4", "f5", "g6"] { b.place(p.parse().unwrap(), Color::White).unwrap(); }
    /// let mut tb = ThreatBoard::new(&b, RuleSet::Renju, Convention::Lenient);
    /// let h7 = "h7".parse().unwrap();
    /// assert_eq!(tb.winning_move(h7, Color::White), Some(Win::ForbiddenBlock("d3".parse().unwrap())));
    /// ```
    pub fn winning_move(&mut self, p: Point, color: Color) -> Option<Win> {
        if !self.is_empty(p) {
            return None;
        }
        let x = Grid::cell(p);
        let c = ci(color);
        let fives = self.grid.fives_after(x, c);
        if fives.len() == 0 || self.grid.makes_five(x, c) {
            return None;
        }
        if fives.len() >= 2 {
            if color == Color::Black && self.is_forbidden(p) {
                return None;
            }
            let s = fives.as_slice();
            return Some(Win::TwoFives(Grid::point(s[0]), Grid::point(s[1])));
        }
        if color == Color::White && self.rules.has_fouls() {
            let f = fives.as_slice()[0];
            self.put(x, c);
            let forbidden = self
                .fouls
                .is_forbidden(Grid::point(f), self.convention)
                .is_some();
            self.take(x, c);
            if forbidden {
                return Some(Win::ForbiddenBlock(Grid::point(f)));
            }
        }
        None
    }

    // ---- crate-internal, on cells ----

    pub(crate) fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = u32::MAX);
            self.stamp = 1;
        }
        self.stamp
    }

    /// Every four `c` can make now with its five points (see [`Grid::four_moves`]).
    pub(crate) fn four_cells(&mut self, c: usize, out: &mut Vec<(Cell, Cells)>) {
        let stamp = self.next_stamp();
        self.grid
            .four_moves(c, out, &mut self.seen, &mut self.slot, stamp);
    }

    /// Whether a Black stone on the empty cell `x` is forbidden (renju).
    pub(crate) fn black_forbidden(&self, x: Cell) -> bool {
        self.fouls
            .is_forbidden(Grid::point(x), self.convention)
            .is_some()
    }

    #[inline]
    pub(crate) fn put(&mut self, x: Cell, c: usize) {
        self.grid.place(x, c);
        let color = if c == 0 { Color::Black } else { Color::White };
        self.fouls.place(Grid::point(x), color);
    }

    #[inline]
    pub(crate) fn take(&mut self, x: Cell, c: usize) {
        self.grid.remove(x, c);
        self.fouls.remove(Grid::point(x));
    }
}
