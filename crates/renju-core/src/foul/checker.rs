//! [`FoulChecker`]: one position, many questions about it.

use super::decide::{four_dirs, quick};
use super::double_three::{Memo, Search};
use super::explain::explain_rec;
use super::{Explanation, Foul, Fouls, Verdict, scan};
use crate::shape::{LineShape, Lines, unpack};
use crate::{Board, Color, Convention, Direction, Point, RuleSet};

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
        if p.col() >= self.lines.size() || p.row() >= self.lines.size() || !self.lines.is_empty(p) {
            return Verdict::Legal;
        }
        let ks = four_dirs(&self.lines, p);
        match quick(&ks) {
            Ok(v) => v,
            Err(()) => Search {
                lines: &mut self.lines.clone(),
                convention,
                placed: &mut Vec::new(),
                memo: &mut Memo::default(),
            }
            .double_three(p, &ks),
        }
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
        Fouls::is_forbidden(self, p, convention)
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
        Fouls::forbidden_points(self, convention)
    }

    /// As [`FoulChecker::forbidden_points`], appending to `out` (which is not cleared): a
    /// caller scanning many positions reuses one vector and allocates nothing per position.
    ///
    /// ```
    /// use renju_core::{Board, Convention, FoulChecker};
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . . . x . . .
    ///     . . . x . . .
    ///     . . . . . . .
    ///     . x x . . . .
    ///     . . . . . . .
    ///     . . . . . . .").unwrap();
    /// let mut out = Vec::with_capacity(16);
    /// FoulChecker::new(&board).forbidden_points_into(Convention::Lenient, &mut out);
    /// assert_eq!(out.len(), 1);
    /// ```
    pub fn forbidden_points_into(&self, convention: Convention, out: &mut Vec<(Point, Foul)>) {
        scan::scan(&self.lines, convention, out);
    }

    /// The explanation tree of the verdict on `p` (see [`crate::explain`]).
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

/// The same answers as the inherent methods of the same names.
impl Fouls for FoulChecker {
    #[inline]
    fn verdict(&self, p: Point, convention: Convention) -> Verdict {
        FoulChecker::verdict(self, p, convention)
    }

    #[inline]
    fn forbidden_points_into(&self, convention: Convention, out: &mut Vec<(Point, Foul)>) {
        FoulChecker::forbidden_points_into(self, convention, out);
    }

    fn explain(&self, p: Point, convention: Convention) -> Explanation {
        FoulChecker::explain(self, p, convention)
    }
}
