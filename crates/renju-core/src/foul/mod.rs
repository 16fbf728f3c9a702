//! The exact foul checker: is a Black stone on a point forbidden, and why.
//!
//! The decision follows [docs/rules.md](https://github.com/renju-kit/renju-kit/blob/main/docs/rules.md) section 3 literally, one rule per file:
//! 1. `five`: a stone that makes an exact five is never forbidden;
//! 2. `overline`: otherwise six or more in a row on any line is an overline;
//! 3. `double_four`: otherwise two or more fours over the four lines (two on one line count
//!    two) is a double four;
//! 4. `double_three`: otherwise two or more *open* threes through the stone is a double three,
//!    where a three is open when at least one of its straight-four points is a move Black may
//!    play with the stone placed: not forbidden itself (decided by the same procedure,
//!    recursively), and, under the [`Convention::Lenient`] reading, not a five.
//!
//! Only shapes through the new stone are ever counted (common constituent), and each
//! recursion level places one more stone, so the recursion ends. Nested results are memoised
//! per position (the set of stones placed by the recursion) within one query or scan.
//!
//! Around the decision: `scan` (the whole-board scan, with a bitboard filter that skips
//! every point that cannot be a foul), [`FoulChecker`] (one position, many questions),
//! [`IncrementalBoard`] (a position kept current move by move, for engines), the trait
//! [`Fouls`] both answer through, and `explain` (the [`Explanation`] tree, apart from the
//! decision).

mod checker;
mod decide;
mod double_four;
mod double_three;
mod explain;
mod five;
mod incremental;
mod overline;
mod scan;

pub use checker::FoulChecker;
pub use explain::{Explanation, EyeReason, EyeWhy, LineKind, LineReason};
pub use incremental::IncrementalBoard;

/// The foul questions a position answers, whatever keeps it: [`FoulChecker`] (one position,
/// many questions) and [`IncrementalBoard`] (a position kept current move by move) give the
/// same answers through it, so code that only asks can take either.
///
/// Both types also have these methods as inherent methods (no import needed); the trait is for
/// code generic over the two.
///
/// ```
/// use renju_core::{Board, Color, Convention, Foul, FoulChecker, Fouls, IncrementalBoard, Point};
///
/// /// The forbidden points of a position, as `point=foul` words.
/// fn words(position: &impl Fouls) -> Vec<String> {
///     position
///         .forbidden_points(Convention::Lenient)
///         .iter()
///         .map(|(p, f)| format!("{p}={f}"))
///         .collect()
/// }
///
/// // f8 g8 h9 h10: h8 would make two open threes.
/// let mut engine = IncrementalBoard::renju();
/// let mut board = Board::renju();
/// for p in ["f8", "g8", "h9", "h10"] {
///     let p: Point = p.parse().unwrap();
///     engine.place(p, Color::Black).unwrap();
///     board.place(p, Color::Black).unwrap();
/// }
/// let checker = FoulChecker::new(&board);
/// assert_eq!(words(&engine), ["h8=double-three"]);
/// assert_eq!(words(&engine), words(&checker));
/// let h8 = "h8".parse().unwrap();
/// assert_eq!(Fouls::is_forbidden(&checker, h8, Convention::Strict), Some(Foul::DoubleThree));
/// ```
pub trait Fouls {
    /// What a Black stone on `p` would be: a five, a foul, or a legal move (`Legal` on an
    /// occupied or off-board point: nothing can be played there).
    fn verdict(&self, p: Point, convention: Convention) -> Verdict;

    /// Appends every forbidden empty point with its foul to `out` (not cleared first), in
    /// reading order (top row first, `a` first): a caller asking after every move reuses one
    /// vector and allocates nothing.
    fn forbidden_points_into(&self, convention: Convention, out: &mut Vec<(Point, Foul)>);

    /// The explanation tree of the verdict on `p` (see [`explain`](crate::explain)).
    fn explain(&self, p: Point, convention: Convention) -> Explanation;

    /// The foul a Black stone on `p` would commit, if any.
    #[inline]
    fn is_forbidden(&self, p: Point, convention: Convention) -> Option<Foul> {
        match self.verdict(p, convention) {
            Verdict::Forbidden(f) => Some(f),
            Verdict::Five | Verdict::Legal => None,
        }
    }

    /// Every forbidden empty point with its foul, in reading order.
    fn forbidden_points(&self, convention: Convention) -> Vec<(Point, Foul)> {
        let mut out = Vec::new();
        self.forbidden_points_into(convention, &mut out);
        out
    }
}

use crate::{Board, Convention, Point};

/// Why a Black stone is forbidden.
///
/// Exhaustive on purpose: the renju rules define exactly these three fouls (docs/rules.md
/// section 3), so a `match` on a foul needs no arm for one that cannot exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Foul {
    /// Two or more open threes (3-3, 4-3-3, ...).
    DoubleThree,
    /// Two or more fours (4-4, 4-4-3, ...), two on one line included.
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

crate::names! {
    /// The kind as the data sets and commands write it: `double-three`, `double-four`,
    /// `overline` (also its `Display`; `FromStr` and `from_name` read it back, in any ASCII
    /// case).
    ///
    /// ```
    /// use renju_core::Foul;
    /// assert_eq!(Foul::DoubleFour.name(), "double-four");
    /// assert_eq!(Foul::Overline.to_string(), "overline");
    /// assert_eq!("double-three".parse::<Foul>(), Ok(Foul::DoubleThree));
    /// assert_eq!(Foul::from_name("DOUBLE-THREE"), Some(Foul::DoubleThree));
    /// assert_eq!(Foul::from_name("3-3"), None);
    /// ```
    Foul: "foul" {
        DoubleThree => "double-three",
        DoubleFour => "double-four",
        Overline => "overline",
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
