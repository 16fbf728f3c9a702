//! The exact foul checker: is a Black stone on a point forbidden, and why.
//!
//! The decision follows `RULES.md` section 3 literally:
//! 1. a stone that makes an exact five is never forbidden;
//! 2. otherwise six or more in a row on any line is an overline;
//! 3. otherwise two or more fours over the four lines (two on one line count two) is a double
//!    four;
//! 4. otherwise two or more *open* threes through the stone is a double three, where a three is
//!    open when at least one of its straight-four points is a move Black may play with the stone
//!    placed: not forbidden itself (decided by the same procedure, recursively), and, under the
//!    [`Convention::Lenient`] reading, not a five.
//!
//! Only shapes through the new stone are ever counted (common constituent), and each
//! recursion level places one more stone, so the recursion ends. Nested results are memoised
//! per position (the set of stones placed by the recursion) within one query or scan.

use crate::shape::{LineShape, Lines, Packed, unpack};
use crate::{Board, Color, Convention, Direction, Point, RuleSet};
use std::collections::HashMap;
use std::fmt;

/// Why a Black stone is forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Foul {
    /// Two or more open threes (3-3, 4-3-3, ...).
    DoubleThree,
    /// Two or more fours (4-4, 4-4-3, ...), two on one line included.
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl Foul {
    /// The kind as the data sets and commands write it: `double-three`, `double-four`,
    /// `overline`.
    ///
    /// ```
    /// use renju_core::Foul;
    /// assert_eq!(Foul::DoubleFour.name(), "double-four");
    /// assert_eq!(Foul::Overline.to_string(), "overline");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Foul::DoubleThree => "double-three",
            Foul::DoubleFour => "double-four",
            Foul::Overline => "overline",
        }
    }

    /// Reads a kind written by [`Foul::name`].
    ///
    /// ```
    /// use renju_core::Foul;
    /// assert_eq!(Foul::from_name("double-three"), Some(Foul::DoubleThree));
    /// assert_eq!(Foul::from_name("3-3"), None);
    /// ```
    #[must_use]
    pub fn from_name(s: &str) -> Option<Foul> {
        match s {
            "double-three" => Some(Foul::DoubleThree),
            "double-four" => Some(Foul::DoubleFour),
            "overline" => Some(Foul::Overline),
            _ => None,
        }
    }
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a Black stone on an empty point would be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// It makes an exact five: Black wins (this overrides every foul).
    Five,
    /// It is forbidden.
    Forbidden(Foul),
    /// It is a legal move that does not win.
    Legal,
}

type Memo = HashMap<Vec<u16>, Verdict>;

struct Search<'a> {
    lines: &'a mut Lines,
    convention: Convention,
    placed: Vec<Point>,
    memo: &'a mut Memo,
}

fn key(placed: &[Point], p: Point) -> Vec<u16> {
    let mut k: Vec<u16> = placed
        .iter()
        .map(|q| u16::from(q.row()) * 32 + u16::from(q.col()))
        .collect();
    k.sort_unstable();
    k.push(u16::from(p.row()) * 32 + u16::from(p.col()));
    k
}

#[inline]
fn four_dirs(lines: &Lines, p: Point) -> [Packed; 4] {
    Direction::ALL.map(|d| lines.packed(p, d, Color::Black, true))
}

/// The verdict from the four line shapes, when it does not need the recursive three check.
#[inline]
fn quick(ks: &[Packed; 4]) -> Result<Verdict, ()> {
    if ks.iter().all(|k| k.is_nothing()) {
        return Ok(Verdict::Legal);
    }
    if ks.iter().any(|k| k.five()) {
        return Ok(Verdict::Five);
    }
    if ks.iter().any(|k| k.overline()) {
        return Ok(Verdict::Forbidden(Foul::Overline));
    }
    if ks.iter().map(|k| k.fours()).sum::<u32>() >= 2 {
        return Ok(Verdict::Forbidden(Foul::DoubleFour));
    }
    if ks.iter().filter(|k| k.three_mask() != 0).count() < 2 {
        return Ok(Verdict::Legal);
    }
    Err(())
}

impl Search<'_> {
    fn verdict(&mut self, p: Point) -> Verdict {
        let ks = four_dirs(self.lines, p);
        if let Ok(v) = quick(&ks) {
            return v;
        }
        let memo_key = (!self.placed.is_empty()).then(|| key(&self.placed, p));
        if let Some(v) = memo_key.as_ref().and_then(|k| self.memo.get(k)) {
            return *v;
        }
        self.lines.set(p, Color::Black);
        self.placed.push(p);
        let mut open = 0;
        for (d, k) in Direction::ALL.iter().zip(ks) {
            if k.three_mask() != 0 && self.three_is_open(p, *d, k) {
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
        if let Some(k) = memo_key {
            self.memo.insert(k, v);
        }
        v
    }

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

/// A foul checker for one position, for many questions about it.
///
/// ```
/// use renju_core::{Board, Convention, Foul, FoulChecker};
/// let board = Board::from_diagram("
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . x . . . .
///     . . . . x . . . .
///     . . x x . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .").unwrap();
/// let checker = FoulChecker::new(&board);
/// let e5 = "e5".parse().unwrap();
/// assert_eq!(checker.is_forbidden(e5, Convention::Lenient), Some(Foul::DoubleThree));
/// ```
#[derive(Clone)]
pub struct FoulChecker {
    lines: Lines,
}

impl FoulChecker {
    /// Prepares the checker for `board` (any side 5..=20; renju uses 15).
    ///
    /// ```
    /// use renju_core::{Board, Convention, FoulChecker};
    /// // A double three at d3: the row three b3 c3 d3 and the column three d3 d5 d6.
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . . . x . . .
    ///     . . . x . . .
    ///     . . . . . . .
    ///     . x x . . . .
    ///     . . . . . . .
    ///     . . . . . . .").unwrap();
    /// let checker = FoulChecker::new(&board);
    /// assert_eq!(checker.forbidden_points(Convention::Lenient).len(), 1);
    /// ```
    #[must_use]
    pub fn new(board: &Board) -> FoulChecker {
        FoulChecker {
            lines: Lines::new(board),
        }
    }

    /// What a Black stone on `p` would be. An occupied or off-board point is `Legal`: nothing
    /// is forbidden there because nothing can be played there.
    ///
    /// ```
    /// use renju_core::{Board, Convention, FoulChecker, Verdict};
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . . . . . . .
    ///     . . . . . . .
    ///     x x x x . . .
    ///     . . . . . . .
    ///     . . . . . . .
    ///     . . . . . . .").unwrap();
    /// let c = FoulChecker::new(&board);
    /// assert_eq!(c.verdict("e4".parse().unwrap(), Convention::Lenient), Verdict::Five);
    /// assert_eq!(c.verdict("a1".parse().unwrap(), Convention::Lenient), Verdict::Legal);
    /// assert_eq!(c.verdict("a4".parse().unwrap(), Convention::Lenient), Verdict::Legal); // occupied
    /// ```
    #[must_use]
    pub fn verdict(&self, p: Point, convention: Convention) -> Verdict {
        let mut memo = Memo::new();
        self.verdict_with(p, convention, &mut memo)
    }

    fn verdict_with(&self, p: Point, convention: Convention, memo: &mut Memo) -> Verdict {
        if p.col() >= self.lines.size() || p.row() >= self.lines.size() || !self.lines.is_empty(p) {
            return Verdict::Legal;
        }
        if let Ok(v) = quick(&four_dirs(&self.lines, p)) {
            return v;
        }
        let mut lines = self.lines.clone();
        let mut s = Search {
            lines: &mut lines,
            convention,
            placed: Vec::new(),
            memo,
        };
        s.verdict(p)
    }

    /// Puts a stone on the position (incrementally: cheap). Nothing happens off the board or
    /// on an occupied point; the return value says whether the stone was placed.
    ///
    /// ```
    /// use renju_core::{Board, Color, Convention, Foul, FoulChecker};
    /// let mut c = FoulChecker::new(&Board::renju());
    /// for p in ["f8", "g8", "h9", "h10"] {
    ///     assert!(c.place(p.parse().unwrap(), Color::Black));
    /// }
    /// let h8 = "h8".parse().unwrap();
    /// assert_eq!(c.is_forbidden(h8, Convention::Lenient), Some(Foul::DoubleThree));
    /// assert!(!c.place("f8".parse().unwrap(), Color::White)); // occupied: nothing happens
    /// ```
    pub fn place(&mut self, p: Point, color: Color) -> bool {
        if !self.on_board(p) || !self.lines.is_empty(p) {
            return false;
        }
        self.lines.set(p, color);
        true
    }

    /// Takes a stone off the position (a no-op where there is none).
    ///
    /// ```
    /// use renju_core::{Board, Color, Convention, Foul, FoulChecker};
    /// let mut c = FoulChecker::new(&Board::renju());
    /// for p in ["f8", "g8", "h9", "h10"] {
    ///     c.place(p.parse().unwrap(), Color::Black);
    /// }
    /// let h8 = "h8".parse().unwrap();
    /// assert_eq!(c.is_forbidden(h8, Convention::Lenient), Some(Foul::DoubleThree));
    /// c.remove("f8".parse().unwrap()); // the row three is gone
    /// assert_eq!(c.is_forbidden(h8, Convention::Lenient), None);
    /// ```
    pub fn remove(&mut self, p: Point) {
        if self.on_board(p) {
            self.lines.clear(p, Color::Black);
            self.lines.clear(p, Color::White);
        }
    }

    fn on_board(&self, p: Point) -> bool {
        p.col() < self.lines.size() && p.row() < self.lines.size()
    }

    /// The stone on `p`, if any.
    ///
    /// ```
    /// use renju_core::{Board, Color, FoulChecker, Point};
    /// let mut c = FoulChecker::new(&Board::renju());
    /// c.place(Point::CENTER, Color::White);
    /// assert_eq!(c.stone(Point::CENTER), Some(Color::White));
    /// assert_eq!(c.stone("a1".parse().unwrap()), None);
    /// ```
    #[must_use]
    pub fn stone(&self, p: Point) -> Option<Color> {
        if !self.on_board(p) || self.lines.is_empty(p) {
            None
        } else if self.lines.has(p, Color::Black) {
            Some(Color::Black)
        } else {
            Some(Color::White)
        }
    }

    /// Whether a stone of `color` on the empty point `p` makes a winning row under `rules`
    /// (exactly five where the rule wants it).
    ///
    /// ```
    /// use renju_core::{Board, Color, FoulChecker, RuleSet};
    /// // d4 would join a4..f4: six in a row.
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . . . . . . .
    ///     . . . . . . .
    ///     x x x . x x .
    ///     . . . . . . .
    ///     . . . . . . .
    ///     . . . . . . .").unwrap();
    /// let c = FoulChecker::new(&board);
    /// let d4 = "d4".parse().unwrap();
    /// assert!(!c.makes_five(d4, Color::Black, RuleSet::Renju)); // Black needs exactly five
    /// assert!(c.makes_five(d4, Color::Black, RuleSet::FreeStyle)); // five or more
    /// ```
    #[must_use]
    pub fn makes_five(&self, p: Point, color: Color, rules: RuleSet) -> bool {
        if !self.on_board(p) || !self.lines.is_empty(p) {
            return false;
        }
        let exact = rules.exact_five(color);
        Direction::ALL
            .iter()
            .any(|&d| self.lines.packed(p, d, color, exact).five())
    }

    /// What a stone of `color` on the empty point `p` would make along `d` under `rules`.
    ///
    /// ```
    /// use renju_core::{Board, Color, Direction, FoulChecker, RuleSet};
    /// let board = Board::from_diagram("
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . x x . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .").unwrap();
    /// let c = FoulChecker::new(&board);
    /// let shape = c.shape("e5".parse().unwrap(), Direction::Horizontal, Color::Black, RuleSet::Renju);
    /// assert!(shape.is_three() && shape.fours == 0);
    /// let points: Vec<String> = shape.straight_four_points.iter().map(|p| p.to_string()).collect();
    /// assert_eq!(points, ["b5", "f5"]);
    /// ```
    #[must_use]
    pub fn shape(&self, p: Point, d: Direction, color: Color, rules: RuleSet) -> LineShape {
        let k = self.lines.packed(p, d, color, rules.exact_five(color));
        unpack(&self.lines, p, d, k)
    }

    /// The foul a Black stone on `p` would commit, if any.
    ///
    /// ```
    /// use renju_core::{Board, Convention, Foul, FoulChecker};
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . . . x . . .
    ///     . . . x . . .
    ///     . . . . . . .
    ///     . x x . . . .
    ///     . . . . . . .
    ///     . . . . . . .").unwrap();
    /// let c = FoulChecker::new(&board);
    /// assert_eq!(c.is_forbidden("d3".parse().unwrap(), Convention::Lenient), Some(Foul::DoubleThree));
    /// assert_eq!(c.is_forbidden("e3".parse().unwrap(), Convention::Lenient), None);
    /// ```
    #[must_use]
    pub fn is_forbidden(&self, p: Point, convention: Convention) -> Option<Foul> {
        match self.verdict(p, convention) {
            Verdict::Forbidden(f) => Some(f),
            _ => None,
        }
    }

    /// Every forbidden empty point with its foul, in reading order (top row first, `a` first).
    ///
    /// ```
    /// use renju_core::{Board, Convention, Foul, FoulChecker};
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . . . x . . .
    ///     . . . x . . .
    ///     . . . . . . .
    ///     . x x . . . .
    ///     . . . . . . .
    ///     . . . . . . .").unwrap();
    /// let c = FoulChecker::new(&board);
    /// for convention in Convention::ALL {
    ///     assert_eq!(c.forbidden_points(convention), vec![("d3".parse().unwrap(), Foul::DoubleThree)]);
    /// }
    /// ```
    #[must_use]
    pub fn forbidden_points(&self, convention: Convention) -> Vec<(Point, Foul)> {
        let mut out = Vec::new();
        let mut memo = Memo::new();
        let mut lines = self.lines.clone();
        let size = self.lines.size();
        for r in (0..size).rev() {
            for c in 0..size {
                let p = Point::new(c, r).expect("on board");
                if !lines.is_empty(p) || !lines.black_makes_anything(p) {
                    continue;
                }
                let ks = four_dirs(&lines, p);
                let v = match quick(&ks) {
                    Ok(v) => v,
                    Err(()) => {
                        let mut s = Search {
                            lines: &mut lines,
                            convention,
                            placed: Vec::new(),
                            memo: &mut memo,
                        };
                        s.verdict(p)
                    }
                };
                if let Verdict::Forbidden(f) = v {
                    out.push((p, f));
                }
            }
        }
        out
    }

    /// The explanation tree of the verdict on `p` (see [`explain`]).
    ///
    /// ```
    /// use renju_core::{Board, Convention, Foul, FoulChecker, Verdict};
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . . . x . . .
    ///     . . . x . . .
    ///     . . . . . . .
    ///     . x x . . . .
    ///     . . . . . . .
    ///     . . . . . . .").unwrap();
    /// let e = FoulChecker::new(&board).explain("d3".parse().unwrap(), Convention::Lenient);
    /// assert_eq!(e.verdict, Verdict::Forbidden(Foul::DoubleThree));
    /// assert_eq!(e.lines.len(), 2); // the row three and the column three
    /// assert!(e.to_tree().starts_with("d3 (lenient): forbidden: double-three\n"));
    /// ```
    #[must_use]
    pub fn explain(&self, p: Point, convention: Convention) -> Explanation {
        let mut lines = self.lines.clone();
        explain_rec(&mut lines, p, convention, &mut Vec::new())
    }
}

/// The foul a Black stone on `p` would commit on `board`, if any.
///
/// ```
/// use renju_core::{Board, Convention, is_forbidden};
/// let board = Board::renju();
/// assert_eq!(is_forbidden(&board, "h8".parse().unwrap(), Convention::Lenient), None);
/// ```
#[must_use]
pub fn is_forbidden(board: &Board, p: Point, convention: Convention) -> Option<Foul> {
    FoulChecker::new(board).is_forbidden(p, convention)
}

/// Every forbidden empty point of `board`, in reading order.
///
/// ```
/// use renju_core::{Board, Convention, Foul, forbidden_points};
/// let board = Board::from_diagram("
///     . . . . . . .
///     . . . x . . .
///     . . . x . . .
///     . . . . . . .
///     . x x . . . .
///     . . . . . . .
///     . . . . . . .").unwrap();
/// assert_eq!(forbidden_points(&board, Convention::Lenient), vec![("d3".parse().unwrap(), Foul::DoubleThree)]);
/// assert!(forbidden_points(&Board::renju(), Convention::Strict).is_empty());
/// ```
#[must_use]
pub fn forbidden_points(board: &Board, convention: Convention) -> Vec<(Point, Foul)> {
    FoulChecker::new(board).forbidden_points(convention)
}

/// The explanation of the verdict on `p`: every line shape involved and, for each three, why
/// it is open or not, recursively.
///
/// ```
/// use renju_core::{Board, Convention, explain};
/// let board = Board::from_diagram("
///     . . . . . . .
///     . . . x . . .
///     . . . x . . .
///     . . . . . . .
///     . x x . . . .
///     . . . . . . .
///     . . . . . . .").unwrap();
/// let tree = explain(&board, "d3".parse().unwrap(), Convention::Lenient).to_tree();
/// assert_eq!(tree.lines().next(), Some("d3 (lenient): forbidden: double-three"));
/// assert!(tree.contains("open three b3 c3 d3 (counts)"));
/// ```
#[must_use]
pub fn explain(board: &Board, p: Point, convention: Convention) -> Explanation {
    FoulChecker::new(board).explain(p, convention)
}

// ---------------------------------------------------------------------------------------------
// Explanations.

/// Why a verdict holds: the shapes on each line through the point, and for each three the
/// verdict on each of its straight-four points, with the stones placed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The point examined.
    pub point: Point,
    /// The convention used.
    pub convention: Convention,
    /// The stones assumed placed by the outer levels (oldest first), besides the board's.
    pub assumed: Vec<Point>,
    /// The verdict.
    pub verdict: Verdict,
    /// The lines through the point that hold a shape, in [`Direction::ALL`] order.
    pub lines: Vec<LineReason>,
}

/// One line through the examined point and what the stone makes on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineReason {
    /// The line.
    pub direction: Direction,
    /// What the stone makes there.
    pub shape: LineKind,
    /// The black stones of the shape, the new stone included, in line order.
    pub stones: Vec<Point>,
    /// Five points of a four, or straight-four points of a three.
    pub points: Vec<Point>,
    /// For a three: the verdict on each straight-four point, in line order.
    pub eyes: Vec<EyeReason>,
}

/// The shape a stone makes on one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// An exact five.
    Five,
    /// Six or more.
    Overline,
    /// One four (closed or straight).
    Four {
        /// Whether it is a straight four.
        straight: bool,
    },
    /// Two fours on this one line.
    TwoFours,
    /// A three; `open` says whether one of its straight-four points may be played.
    Three {
        /// Whether the three counts.
        open: bool,
    },
    /// Three stones that could become four in a row, but no such four would be straight: the
    /// ends are blocked by White, the edge, or an own stone that would make six.
    BlockedThree,
}

/// The verdict on one straight-four point of a three.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EyeReason {
    /// The straight-four point.
    pub point: Point,
    /// Whether it can be played to make the straight four.
    pub usable: bool,
    /// Why.
    pub why: EyeWhy,
}

/// Why a straight-four point may or may not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EyeWhy {
    /// A legal move: it makes the straight four.
    Legal,
    /// A legal move although it makes two or more threes: the nested explanation shows that
    /// fewer than two of them are open.
    LegalDespiteThrees(Box<Explanation>),
    /// It also makes a five on another line (unusable when lenient, usable when strict).
    MakesFive,
    /// It would be an overline.
    Overline,
    /// It would be a double four.
    DoubleFour,
    /// It would be a double three; the nested explanation says why.
    DoubleThree(Box<Explanation>),
    /// For a blocked three: why four in a row there would not be straight.
    Blocked(String),
}

fn explain_rec(
    lines: &mut Lines,
    p: Point,
    convention: Convention,
    assumed: &mut Vec<Point>,
) -> Explanation {
    let mut memo = Memo::new();
    let verdict = {
        let mut s = Search {
            lines,
            convention,
            placed: assumed.clone(),
            memo: &mut memo,
        };
        if s.lines.is_empty(p) {
            s.verdict(p)
        } else {
            Verdict::Legal
        }
    };
    let ks = four_dirs(lines, p);
    let mut out = Explanation {
        point: p,
        convention,
        assumed: assumed.clone(),
        verdict,
        lines: Vec::new(),
    };
    if !lines.is_empty(p) {
        return out;
    }
    let dig_threes = matches!(verdict, Verdict::Forbidden(Foul::DoubleThree))
        || (verdict == Verdict::Legal && ks.iter().filter(|k| k.three_mask() != 0).count() >= 2);
    lines.set(p, Color::Black);
    assumed.push(p);
    for (d, k) in Direction::ALL.into_iter().zip(ks) {
        let points_of = |mask: u32| {
            let mut v = Vec::new();
            let mut m = mask;
            while m != 0 {
                let b = m.trailing_zeros();
                m &= m - 1;
                v.push(lines.at_offset(p, d, b));
            }
            v
        };
        let (shape, points) = if k.five() {
            (LineKind::Five, Vec::new())
        } else if k.overline() {
            (LineKind::Overline, Vec::new())
        } else if k.fours() >= 2 {
            (LineKind::TwoFours, points_of(k.five_mask()))
        } else if k.fours() == 1 {
            (
                LineKind::Four {
                    straight: k.straight_four(),
                },
                points_of(k.five_mask()),
            )
        } else if k.three_mask() != 0 {
            (LineKind::Three { open: false }, points_of(k.three_mask()))
        } else if let Some(blocked) = blocked_three(lines, p, d) {
            let eyes: Vec<Point> = blocked.iter().map(|e| e.point).collect();
            out.lines.push(LineReason {
                direction: d,
                shape: LineKind::BlockedThree,
                stones: shape_stones(lines, p, d, &eyes),
                points: blocked.iter().map(|e| e.point).collect(),
                eyes: blocked,
            });
            continue;
        } else {
            continue;
        };
        let stones = shape_stones(lines, p, d, &points);
        let mut reason = LineReason {
            direction: d,
            shape,
            stones,
            points,
            eyes: Vec::new(),
        };
        if let LineKind::Three { .. } = shape {
            let mut open = false;
            for q in reason.points.clone() {
                let eye = eye_reason(lines, q, convention, assumed, dig_threes);
                open |= eye.usable;
                reason.eyes.push(eye);
            }
            reason.shape = LineKind::Three { open };
        }
        out.lines.push(reason);
    }
    assumed.pop();
    lines.clear(p, Color::Black);
    out
}

fn eye_reason(
    lines: &mut Lines,
    q: Point,
    convention: Convention,
    assumed: &mut Vec<Point>,
    dig: bool,
) -> EyeReason {
    let mut memo = Memo::new();
    let v = Search {
        lines,
        convention,
        placed: assumed.clone(),
        memo: &mut memo,
    }
    .verdict(q);
    let (usable, why) = match v {
        Verdict::Five => (convention == Convention::Strict, EyeWhy::MakesFive),
        Verdict::Legal if dig && quick(&four_dirs(lines, q)).is_err() => (
            true,
            EyeWhy::LegalDespiteThrees(Box::new(explain_rec(lines, q, convention, assumed))),
        ),
        Verdict::Legal => (true, EyeWhy::Legal),
        Verdict::Forbidden(Foul::Overline) => (false, EyeWhy::Overline),
        Verdict::Forbidden(Foul::DoubleFour) => (false, EyeWhy::DoubleFour),
        Verdict::Forbidden(Foul::DoubleThree) => {
            let nested = if dig {
                explain_rec(lines, q, convention, assumed)
            } else {
                Explanation {
                    point: q,
                    convention,
                    assumed: assumed.clone(),
                    verdict: v,
                    lines: Vec::new(),
                }
            };
            (false, EyeWhy::DoubleThree(Box::new(nested)))
        }
    };
    EyeReason {
        point: q,
        usable,
        why,
    }
}

/// The black stones of the shape through `p` (placed) along `d`: the row of stones through `p`
/// once each helper point (a five point, a straight-four point) is filled, helpers left out.
fn shape_stones(lines: &Lines, p: Point, d: Direction, helpers: &[Point]) -> Vec<Point> {
    let size = lines.size();
    let (dc, dr) = d.step();
    let mut out: Vec<Point> = Vec::new();
    let fills: Vec<Option<Point>> = if helpers.is_empty() {
        vec![None]
    } else {
        helpers.iter().copied().map(Some).collect()
    };
    for fill in fills {
        let black = |q: Point| Some(q) == fill || color_at(lines, q) == Some(Color::Black);
        for sign in [-1i32, 1] {
            let mut k = if sign < 0 { 0 } else { 1 };
            while let Some(q) = p.offset(sign * dc * k, sign * dr * k, size) {
                if !black(q) {
                    break;
                }
                if Some(q) != fill && !out.contains(&q) {
                    out.push(q);
                }
                k += 1;
            }
        }
    }
    out.sort_by_key(|q| (q.col(), q.row()));
    if d == Direction::Vertical {
        out.sort_by_key(|q| (q.row(), q.col()));
    }
    out
}

fn color_at(lines: &Lines, q: Point) -> Option<Color> {
    if lines.is_empty(q) {
        None
    } else if lines.has(q, Color::Black) {
        Some(Color::Black)
    } else {
        Some(Color::White)
    }
}

/// For a line without five, four or three through `p` (already placed): the points that would
/// make four in a row through `p`, each with why that four is not straight. `None` when there
/// is no such point.
fn blocked_three(lines: &Lines, p: Point, d: Direction) -> Option<Vec<EyeReason>> {
    let size = lines.size();
    let (dc, dr) = d.step();
    let at = |k: i32| p.offset(dc * k, dr * k, size);
    let black = |k: i32| at(k).is_some_and(|q| color_at(lines, q) == Some(Color::Black));
    let mut eyes = Vec::new();
    for k in -3..=3 {
        let Some(q) = at(k) else { continue };
        if k == 0 || color_at(lines, q).is_some() {
            continue;
        }
        // Run of four through p and q once q is filled.
        let filled = |j: i32| j == k || black(j);
        let (mut lo, mut hi) = (0, 0);
        while lo > -5 && filled(lo - 1) {
            lo -= 1;
        }
        while hi < 5 && filled(hi + 1) {
            hi += 1;
        }
        if hi - lo + 1 != 4 || k < lo || k > hi {
            continue;
        }
        let mut why = Vec::new();
        for (end, beyond) in [(lo - 1, lo - 2), (hi + 1, hi + 2)] {
            match at(end) {
                None => why.push("the edge".to_string()),
                Some(e) if color_at(lines, e) == Some(Color::White) => {
                    why.push(format!("white at {e}"));
                }
                Some(e) if black(beyond) => why.push(format!("{e} would make six")),
                Some(_) => {}
            }
        }
        if !why.is_empty() {
            eyes.push(EyeReason {
                point: q,
                usable: false,
                why: EyeWhy::Blocked(format!(
                    "four in a row, but ends blocked by {}",
                    why.join(" and ")
                )),
            });
        }
    }
    (!eyes.is_empty()).then_some(eyes)
}

impl Explanation {
    /// The explanation as an indented text tree, one line per fact, that a player can follow
    /// move by move.
    ///
    /// ```
    /// use renju_core::{Board, Convention, explain};
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . . . x . . .
    ///     . . . x . . .
    ///     . . . . . . .
    ///     . x x . . . .
    ///     . . . . . . .
    ///     . . . . . . .").unwrap();
    /// // No a3 below: a3-d3 would be a four against the edge, with one five point.
    /// let tree = explain(&board, "d3".parse().unwrap(), Convention::Lenient).to_tree();
    /// assert_eq!(tree, "\
    /// d3 (lenient): forbidden: double-three
    ///   horizontal: open three b3 c3 d3 (counts)
    ///     e3 can be played: makes a straight four
    ///   vertical: open three d3 d5 d6 (counts)
    ///     d4 can be played: makes a straight four
    /// ");
    /// ```
    #[must_use]
    pub fn to_tree(&self) -> String {
        let mut out = String::new();
        self.write_tree(&mut out, 0);
        out
    }

    fn headline(&self) -> String {
        let what = match self.verdict {
            Verdict::Five => "makes five: Black wins, no foul".to_string(),
            Verdict::Legal => "legal".to_string(),
            Verdict::Forbidden(f) => format!("forbidden: {f}"),
        };
        if self.assumed.is_empty() {
            format!("{} ({}): {what}", self.point, self.convention)
        } else {
            let with: Vec<String> = self.assumed.iter().map(ToString::to_string).collect();
            format!("{} with {} placed: {what}", self.point, with.join(", "))
        }
    }

    fn write_tree(&self, out: &mut String, depth: usize) {
        let pad = "  ".repeat(depth);
        out.push_str(&format!("{pad}{}\n", self.headline()));
        for l in &self.lines {
            let stones = join(&l.stones);
            let pts = join(&l.points);
            let desc = match l.shape {
                LineKind::Five => format!("five {stones}"),
                LineKind::Overline => format!("overline {stones}"),
                LineKind::Four { straight: true } => {
                    format!("straight four {stones}, fives at {pts}")
                }
                LineKind::Four { straight: false } => format!("four {stones}, five at {pts}"),
                LineKind::TwoFours => format!("two fours {stones}, fives at {pts}"),
                LineKind::Three { open: true } => format!("open three {stones} (counts)"),
                LineKind::Three { open: false } => {
                    format!(
                        "false three {stones} (does not count: no straight-four point can be played)"
                    )
                }
                LineKind::BlockedThree => format!("blocked three {stones} (does not count)"),
            };
            out.push_str(&format!("{pad}  {}: {desc}\n", l.direction));
            for e in &l.eyes {
                let tail = match &e.why {
                    EyeWhy::Legal => "can be played: makes a straight four".to_string(),
                    EyeWhy::LegalDespiteThrees(_) => {
                        "can be played: makes a straight four, and its threes are no double three:"
                            .to_string()
                    }
                    EyeWhy::MakesFive if e.usable => {
                        "makes a five on another line: a legal winning move (strict)".to_string()
                    }
                    EyeWhy::MakesFive => {
                        "makes a five on another line, not a straight four (lenient)".to_string()
                    }
                    EyeWhy::Overline => "would be an overline".to_string(),
                    EyeWhy::DoubleFour => "would be a double four".to_string(),
                    EyeWhy::DoubleThree(_) => "would be a double three:".to_string(),
                    EyeWhy::Blocked(s) => s.clone(),
                };
                out.push_str(&format!("{pad}    {} {tail}\n", e.point));
                if let EyeWhy::DoubleThree(n) | EyeWhy::LegalDespiteThrees(n) = &e.why {
                    if n.lines.is_empty() {
                        out.push_str(&format!("{pad}      {}\n", n.headline()));
                    } else {
                        n.write_tree(out, depth + 3);
                    }
                }
            }
        }
    }
}

fn join(points: &[Point]) -> String {
    points
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_tree())
    }
}
