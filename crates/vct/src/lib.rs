#![doc = include_str!("../README.md")]
//!
//! ## The crate in brief
//!
//! [`Solver`] answers "does this side win by continuous threats from here, within the limits?"
//! with an [`Answer`]: [`Answer::Win`] with the principal [`Line`], [`Answer::NoWin`], or
//! [`Answer::Unknown`] when the node or time budget ran out (never taken for "no VCT").
//! [`Solver::prove`] gives the whole [`Proof`] tree, [`Solver::move_kind`] what one move is.
//! The definition is stated item by item on [`Solver`]; the search and the proofs behind its
//! restricted defence are described in the `search` module's source.
//!
//! It is **not** a general game-tree search (no quiet moves, no four-three threats at threat
//! depth 1, no evaluation), a rules engine (Black's fouls are renju-core's
//! [`FoulChecker`](renju_core::FoulChecker), through [`renju_vcf::board::ThreatBoard`]) or a
//! record reader.

mod line;
mod proof;
mod search;
mod table;

pub use line::{Line, LineEnd};
pub use proof::{Attack, AttackKind, Proof, Reply};
pub use search::{MoveKind, Solver, Stats};

use renju_core::{Board, Color, RuleSet};
use std::fmt;

/// The default depth: at most 5 attacker moves (every one counted, the five not).
pub const DEFAULT_MAX_DEPTH: u32 = 5;
/// The default threat depth: a threat is a move after which one more four would win.
pub const DEFAULT_THREAT_DEPTH: u32 = 1;
/// The default node budget (attacker and defender positions of the VCT search plus the nodes
/// of the VCF searches it makes) per question.
pub const DEFAULT_MAX_NODES: u64 = 10_000_000;
/// The largest [`Limits::max_depth`].
pub const MAX_DEPTH: u32 = 60;
/// The largest [`Limits::threat_depth`].
pub const MAX_THREAT_DEPTH: u32 = 20;

/// How far a search may go.
///
/// ```
/// let l = renju_vct::Limits::default().with_max_depth(7);
/// assert_eq!((l.max_depth, l.threat_depth, l.max_ms), (7, 1, None));
/// assert!(l.check().is_ok());
/// assert!(renju_vct::Limits::default().with_max_depth(99).check().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Limits {
    /// The most attacker moves (0..=[`MAX_DEPTH`]): every attacker move counts, threats,
    /// fours, forced blocks of a defender four and the winning move; the five does not. With
    /// 0 only a five already on the board is found.
    pub max_depth: u32,
    /// What a threat is (0..=[`MAX_THREAT_DEPTH`]): a move that is not a four, after which,
    /// if the defender passed, the attacker would have a VCF of at most this many fours
    /// (within the moves left). 1: after one more four the defender could not stop a five. 0:
    /// no threats, only fours (a VCF).
    pub threat_depth: u32,
    /// The most search nodes before the answer is [`Answer::Unknown`] (the nodes of the VCF
    /// searches it makes included). Finding the principal line of a win, and building a
    /// proof tree, each get a budget of their own of the same size.
    pub max_nodes: u64,
    /// The most milliseconds before the answer is [`Answer::Unknown`] (`None`: no limit).
    pub max_ms: Option<u64>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_depth: DEFAULT_MAX_DEPTH,
            threat_depth: DEFAULT_THREAT_DEPTH,
            max_nodes: DEFAULT_MAX_NODES,
            max_ms: None,
        }
    }
}

impl Limits {
    /// The limits with another depth.
    #[must_use]
    pub const fn with_max_depth(mut self, max_depth: u32) -> Limits {
        self.max_depth = max_depth;
        self
    }

    /// The limits with another threat depth.
    #[must_use]
    pub const fn with_threat_depth(mut self, threat_depth: u32) -> Limits {
        self.threat_depth = threat_depth;
        self
    }

    /// The limits with another node budget.
    #[must_use]
    pub const fn with_max_nodes(mut self, max_nodes: u64) -> Limits {
        self.max_nodes = max_nodes;
        self
    }

    /// The limits with a time budget in milliseconds (`None`: none).
    #[must_use]
    pub const fn with_max_ms(mut self, max_ms: Option<u64>) -> Limits {
        self.max_ms = max_ms;
        self
    }

    /// Whether every value is in range.
    ///
    /// # Errors
    /// The first value out of range.
    pub const fn check(&self) -> Result<(), LimitsError> {
        if self.max_depth > MAX_DEPTH {
            return Err(LimitsError::MaxDepth(self.max_depth));
        }
        if self.threat_depth > MAX_THREAT_DEPTH {
            return Err(LimitsError::ThreatDepth(self.threat_depth));
        }
        if self.max_nodes == 0 {
            return Err(LimitsError::NoNodes);
        }
        Ok(())
    }
}

/// A [`Limits`] value out of range.
///
/// ```
/// let e = renju_vct::Limits::default().with_max_depth(61).check().unwrap_err();
/// assert_eq!(e.to_string(), "max depth 61 is out of range (0 to 60 attacker moves)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LimitsError {
    /// [`Limits::max_depth`] above [`MAX_DEPTH`].
    MaxDepth(u32),
    /// [`Limits::threat_depth`] above [`MAX_THREAT_DEPTH`].
    ThreatDepth(u32),
    /// A node budget of 0.
    NoNodes,
}

impl fmt::Display for LimitsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitsError::MaxDepth(n) => write!(
                f,
                "max depth {n} is out of range (0 to {MAX_DEPTH} attacker moves)"
            ),
            LimitsError::ThreatDepth(n) => write!(
                f,
                "threat depth {n} is out of range (0 to {MAX_THREAT_DEPTH} fours)"
            ),
            LimitsError::NoNodes => f.write_str("a node budget of 0 allows no search"),
        }
    }
}

impl std::error::Error for LimitsError {}

/// Which budget ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Exhausted {
    /// [`Limits::max_nodes`].
    Nodes,
    /// [`Limits::max_ms`].
    Time,
}

impl fmt::Display for Exhausted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Exhausted::Nodes => "the node budget ran out",
            Exhausted::Time => "the time budget ran out",
        })
    }
}

/// The answer to "does this side have a VCT within the limits?".
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Answer {
    /// Yes: the principal line.
    Win(Line),
    /// No VCT within the limits (it does not say that the position is not won).
    NoWin,
    /// A budget ran out before the search could tell: not known (never "no VCT").
    Unknown(Exhausted),
}

impl Answer {
    /// The line, when there is a win.
    #[must_use]
    pub fn line(&self) -> Option<&Line> {
        match self {
            Answer::Win(l) => Some(l),
            _ => None,
        }
    }

    /// `Some(true)` for a win, `Some(false)` for no win, `None` when not known.
    #[must_use]
    pub fn is_win(&self) -> Option<bool> {
        match self {
            Answer::Win(_) => Some(true),
            Answer::NoWin => Some(false),
            Answer::Unknown(_) => None,
        }
    }
}

/// Why [`Solver::prove`] gives no proof.
///
/// ```
/// use renju_core::{Board, Color, RuleSet};
/// let mut s = renju_vct::Solver::new(&Board::renju(), RuleSet::Renju);
/// let e = s.prove(Color::Black).unwrap_err();
/// assert_eq!(e.to_string(), "no VCT within 5 attacker moves");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProofError {
    /// There is no VCT within the depth (the limit is given).
    NoWin {
        /// [`Limits::max_depth`].
        max_depth: u32,
    },
    /// A budget ran out.
    Unknown(Exhausted),
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::NoWin { max_depth } => {
                write!(f, "no VCT within {max_depth} attacker moves")
            }
            ProofError::Unknown(e) => write!(f, "not known: {e}"),
        }
    }
}

impl std::error::Error for ProofError {}

/// Why a position is not one to search: the game on it is over.
///
/// ```
/// use renju_core::{Board, Color, RuleSet};
/// let mut b = Board::renju();
/// for p in ["d8", "e8", "f8", "g8", "h8"] {
///     b.place(p.parse().unwrap(), Color::White).unwrap();
/// }
/// let e = renju_vct::check_position(&b, RuleSet::Renju).unwrap_err();
/// assert_eq!(e.to_string(), "the game is over: white has five in a row through d8");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionError {
    /// A winning row is on the board.
    Five {
        /// Its colour.
        color: renju_core::Color,
        /// One of its stones (the first in reading order from a1).
        at: renju_core::Point,
    },
    /// A Black overline in renju: Black has lost by a foul.
    Overline {
        /// One of its stones.
        at: renju_core::Point,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Five { color, at } => {
                write!(
                    f,
                    "the game is over: {color} has five in a row through {at}"
                )
            }
            PositionError::Overline { at } => write!(
                f,
                "the game is over: Black's overline through {at} is a foul"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Whether `board` is a position to search under `rules`: `Err` when a game on it would be
/// over already (a winning row; in renju a Black overline, a foul). A [`Solver`] answers for
/// any stones it is given; this is the check a command makes first.
///
/// # Errors
/// The row that ends the game.
pub fn check_position(board: &Board, rules: RuleSet) -> Result<(), PositionError> {
    for (p, color) in board.stones() {
        let run = renju_core::longest_run(board, p, color);
        if rules.is_win(color, run) {
            return Err(PositionError::Five { color, at: p });
        }
        if run > 5 && rules.has_fouls() && color == Color::Black {
            return Err(PositionError::Overline { at: p });
        }
    }
    Ok(())
}

/// One question with the default limits and the lenient convention: does `attacker` have a
/// VCT on `board` under `rules`? (For many questions keep a [`Solver`].)
///
/// ```
/// use renju_core::{Board, Color, RuleSet};
/// // On an empty board no first move is a four or a threat: no VCT, whatever the rules.
/// assert_eq!(renju_vct::solve(&Board::renju(), Color::Black, RuleSet::FreeStyle), renju_vct::Answer::NoWin);
/// ```
#[must_use]
pub fn solve(board: &Board, attacker: Color, rules: RuleSet) -> Answer {
    Solver::new(board, rules).solve(attacker)
}
