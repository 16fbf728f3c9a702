//! # vcf
//!
//! A VCF solver (victory by continuous fours, 四连胜 / 四追い勝ち) for renju, free-style and
//! standard gomoku, for either colour. The attacker plays only moves that make a four or a
//! five; after each four the defender must stop the five; the attacker wins with a five
//! (renju: Black exactly five, White five or more; free-style: five or more; standard: exactly
//! five). The answer is a proof: the line, attacker and defender moves alternating, that ends
//! with the attacker's five or, in renju, with a White four whose every block is forbidden for
//! Black.
//!
//! The cases the definition settles (each has a diagram test in `tests/it/rules.rs`):
//! - a four that the defender can answer with a five of its own is not forcing;
//! - a block that makes a four for the defender must be answered by the attacker's five, or
//!   by a four that blocks it;
//! - Black's moves: a move making an exact five is never forbidden; Black attacking may not
//!   play a forbidden four; Black defending may not block on a forbidden point, so a White
//!   four whose only blocks are forbidden wins for White;
//! - a double four or an open four wins after any block.
//!
//! Limits ([`Limits`]): a depth in the attacker's fours (the final five not counted; default
//! 20) and a node budget. A transposition table keyed by a Zobrist hash remembers positions
//! that fail; it grows (2 MB, 16 MB, 64 MB) with the searches that need it.
//!
//! The board it searches on, [`board::ThreatBoard`], is public: it is also the board of the
//! VCT solver (`renju-vct`), so that both solvers ask the same questions of one implementation
//! (five points, fours, winning moves, Black's fouls).
//!
//! It is **not** a general game-tree search (no threes, no VCT: that is `renju-vct`), a rules
//! engine (the foul checker is renju-core's [`FoulChecker`](renju_core::FoulChecker)) or a
//! record reader.
//!
//! ```
//! use renju_core::{Board, Color, Point, RuleSet};
//! use renju_vcf::{Answer, LineEnd, solve};
//! // White o: three in a row with room on both sides; Black x: nothing.
//! let board = Board::from_diagram("
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . o o o . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .").unwrap();
//! // c6 d6 e6 open at both ends: f6 (or b6) makes an open four, the five follows.
//! let Answer::Found(line) = solve(&board, Color::White, RuleSet::Renju) else { panic!() };
//! assert_eq!(line.attacker_moves(), 2);
//! assert_eq!(line.end(), LineEnd::Five);
//! assert_eq!(solve(&board, Color::Black, RuleSet::Renju), Answer::NotFound);
//! ```

pub mod board;
mod grid;
mod search;

/// The examples of the README compile and pass.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use search::Solver;

use renju_core::{Board, Color, Point, RuleSet};
use std::fmt;

/// The default depth limit: the most fours the attacker may play (the final five not
/// counted).
pub const DEFAULT_MAX_DEPTH: u32 = 20;
/// The default node budget (attacker positions visited per question).
pub const DEFAULT_MAX_NODES: u64 = 5_000_000;

/// How far a search may go.
///
/// ```
/// let l = renju_vcf::Limits::default();
/// assert_eq!((l.max_depth, l.max_nodes), (20, 5_000_000));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most fours the attacker may play, the final five not counted (a White four whose
    /// every block is forbidden for Black, which ends a line, is counted: it is a four). With
    /// 0 only a five already there is found. Values above 253 count as 253.
    pub max_depth: u32,
    /// The most attacker positions visited before the search gives up
    /// ([`Answer::OutOfNodes`]).
    pub max_nodes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_depth: DEFAULT_MAX_DEPTH,
            max_nodes: DEFAULT_MAX_NODES,
        }
    }
}

/// How a VCF line ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineEnd {
    /// With the attacker's five (the last move).
    Five,
    /// With a White four whose every five point is forbidden for Black (renju only).
    ForbiddenBlocks,
}

/// A VCF proof line: attacker and defender moves alternating, attacker first, ending with an
/// attacker move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Line {
    attacker: Color,
    moves: Vec<Point>,
    end: LineEnd,
}

impl Line {
    pub(crate) fn new(attacker: Color, moves: Vec<Point>, end: LineEnd) -> Line {
        debug_assert!(moves.len() % 2 == 1);
        Line {
            attacker,
            moves,
            end,
        }
    }

    /// The side that wins.
    #[must_use]
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The moves, attacker first, then defender, alternating; the last is the attacker's.
    #[must_use]
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The first move (the attacker's).
    #[must_use]
    pub fn first(&self) -> Point {
        self.moves[0]
    }

    /// How many attacker moves the line has (the last five or four included).
    #[must_use]
    pub fn attacker_moves(&self) -> usize {
        self.moves.len().div_ceil(2)
    }

    /// How many of the attacker's moves are fours: all but the final five (what
    /// [`Limits::max_depth`] counts).
    ///
    /// ```
    /// use renju_core::{Board, Color, RuleSet};
    /// let mut board = Board::renju();
    /// for p in ["h8", "i8", "j8"] {
    ///     board.place(p.parse().unwrap(), Color::Black).unwrap();
    /// }
    /// let line = renju_vcf::solve(&board, Color::Black, RuleSet::Renju).line().cloned().unwrap();
    /// assert_eq!((line.attacker_moves(), line.fours()), (2, 1)); // open four, five
    /// ```
    #[must_use]
    pub fn fours(&self) -> usize {
        match self.end {
            LineEnd::Five => self.attacker_moves() - 1,
            LineEnd::ForbiddenBlocks => self.attacker_moves(),
        }
    }

    /// How it ends.
    #[must_use]
    pub fn end(&self) -> LineEnd {
        self.end
    }
}

impl fmt::Display for Line {
    /// The moves separated by single spaces (`h8 h9 i8`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// The answer to "does this side have a VCF?".
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Answer {
    /// Yes: one line of it.
    Found(Line),
    /// No VCF within the depth limit.
    NotFound,
    /// The node budget ran out before the search could tell.
    OutOfNodes,
}

impl Answer {
    /// The line, when one was found.
    #[must_use]
    pub fn line(&self) -> Option<&Line> {
        match self {
            Answer::Found(l) => Some(l),
            _ => None,
        }
    }
}

/// One question with the default limits and the lenient convention: does `attacker` have a
/// VCF on `board` under `rules`? (For many questions keep a [`Solver`].)
#[must_use]
pub fn solve(board: &Board, attacker: Color, rules: RuleSet) -> Answer {
    Solver::new(board, rules).solve(attacker)
}
