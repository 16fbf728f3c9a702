//! Moves that cannot be played: [`Illegal`], [`IllegalKind`], [`UnreadableMove`].

use renju_core::{Color, Foul, Point};
use std::fmt;

/// A move that cannot be played; the replay stops there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    /// 1-based move number (passes counted); 0 for a problem with the record as a whole.
    pub number: usize,
    /// What is wrong.
    pub kind: IllegalKind,
}

/// What makes a move impossible.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalKind {
    /// The point already holds a stone.
    Occupied {
        /// The point.
        point: Point,
        /// The stone there.
        by: Color,
    },
    /// The point lies outside the board.
    OffBoard {
        /// The point.
        point: Point,
        /// The board side.
        size: u8,
    },
    /// The move text could not be read (reported by the record reader).
    Unreadable {
        /// The text as written.
        text: String,
        /// Why it could not be read.
        reason: String,
    },
    /// A forbidden point, under the `refuse` claim policy.
    Forbidden {
        /// The point.
        point: Point,
        /// The foul it would commit.
        foul: Foul,
    },
    /// The record's board side is not one this toolkit handles (5..=20), or, under renju
    /// rules, which are played on 15x15 only, any side but 15 (such a record is audited under
    /// free-style or standard gomoku on its own board).
    BadBoardSize(u8),
}

impl IllegalKind {
    /// A short kind name: `occupied`, `off-board`, `unreadable-move`, `forbidden`, `bad-board-size`.
    ///
    /// ```
    /// use renju_analyzer::{Settings, audit};
    /// use renju_notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// // White puts a stone on black 1.
    /// let a = audit(&record("h8 h8", DeclaredResult::Unknown), &Settings::default());
    /// assert_eq!(a.illegal.unwrap().kind.name(), "occupied");
    /// ```
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            IllegalKind::Occupied { .. } => "occupied",
            IllegalKind::OffBoard { .. } => "off-board",
            IllegalKind::Unreadable { .. } => "unreadable-move",
            IllegalKind::Forbidden { .. } => "forbidden",
            IllegalKind::BadBoardSize(_) => "bad-board-size",
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.number;
        match &self.kind {
            IllegalKind::Occupied { point, by } => {
                write!(f, "move {n} ({point}) is on a point already holding {by}")
            }
            IllegalKind::OffBoard { point, size } => {
                write!(f, "move {n} ({point}) is off the {size}x{size} board")
            }
            IllegalKind::Unreadable { text, reason } => {
                let text = renju_notation::error::Shown(text);
                write!(f, "move {n} '{text}' cannot be read: {reason}")
            }
            IllegalKind::Forbidden { point, foul } => write!(
                f,
                "move {n} ({point}) is a forbidden {foul} point, refused under the refuse policy"
            ),
            IllegalKind::BadBoardSize(s) if (5..=20).contains(s) => write!(
                f,
                "a {s}x{s} board under renju rules, which are played on 15x15 only (audit it \
                 under free-style or standard gomoku)"
            ),
            IllegalKind::BadBoardSize(s) => {
                write!(f, "board side {s} is not supported (sides 5 to 20)")
            }
        }
    }
}

/// A move the record holds that the reader could not turn into a [`Move`](renju_core::Move), passed to
/// [`audit_with_unreadable`](crate::audit_with_unreadable).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadableMove {
    /// 1-based move number: the record's readable moves are the ones before it.
    pub number: usize,
    /// The text as written.
    pub text: String,
    /// Why it could not be read.
    pub reason: String,
}
