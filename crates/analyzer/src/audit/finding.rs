//! What is worth an arbiter's look without making a game illegal: [`Finding`].

use crate::FindingKind;
use crate::opening::{self, ProtocolProblem};
use renju_core::{Foul, Point};
use std::fmt;

/// Something worth an arbiter's look that does not make the game illegal.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Finding {
    /// A 3-3 or 4-4 foul that White did not claim (a move followed it): it lapsed.
    LapsedFoul {
        /// 1-based move number.
        number: usize,
        /// The point.
        point: Point,
        /// The foul.
        foul: Foul,
    },
    /// An overline foul White never claimed before a five ended the game.
    UnclaimedOverline {
        /// 1-based move number.
        number: usize,
        /// The point.
        point: Point,
    },
    /// Moves follow the end of the game.
    MovesAfterEnd {
        /// The move that ended the game.
        end_move: usize,
        /// How many moves follow it.
        count: usize,
    },
    /// A renju game whose first move is not on h8 (`None`: the first move is a pass).
    FirstMoveOffCentre(Option<Point>),
    /// The first three moves of a renju game are not one of the 26 openings.
    NotAnOpening(opening::NotAnOpening),
    /// The record's opening-rule data contradicts itself.
    OpeningProtocol(ProtocolProblem),
}

impl Finding {
    /// The kind (its name is what reports write): `lapsed-foul`, `unclaimed-overline`,
    /// `moves-after-end`, `first-move-off-centre`, `not-an-opening`, `opening-protocol`.
    ///
    /// ```
    /// use renju_analyzer::{FindingKind, Settings, audit};
    /// use renju_notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// // Black's j8 is a double three; White plays on, so under the claim policy it lapses.
    /// let a = audit(&record("h8 h9 i8 b2 j9 b14 j10 n14 j8 a1", DeclaredResult::Black), &Settings::default());
    /// let kinds: Vec<FindingKind> = a.findings.iter().map(|f| f.kind()).collect();
    /// assert_eq!(kinds, [FindingKind::LapsedFoul]);
    /// assert_eq!(kinds[0].name(), "lapsed-foul");
    /// ```
    #[must_use]
    pub const fn kind(&self) -> FindingKind {
        match self {
            Finding::LapsedFoul { .. } => FindingKind::LapsedFoul,
            Finding::UnclaimedOverline { .. } => FindingKind::UnclaimedOverline,
            Finding::MovesAfterEnd { .. } => FindingKind::MovesAfterEnd,
            Finding::FirstMoveOffCentre(_) => FindingKind::FirstMoveOffCentre,
            Finding::NotAnOpening(_) => FindingKind::NotAnOpening,
            Finding::OpeningProtocol(_) => FindingKind::OpeningProtocol,
        }
    }

    /// The move the finding is about, if it is about one.
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
    /// let a = audit(&record("h8 h9 i8 b2 j9 b14 j10 n14 j8 a1", DeclaredResult::Black), &Settings::default());
    /// assert_eq!(a.findings[0].move_number(), Some(9));
    /// ```
    #[must_use]
    pub const fn move_number(&self) -> Option<usize> {
        match self {
            Finding::LapsedFoul { number, .. } | Finding::UnclaimedOverline { number, .. } => {
                Some(*number)
            }
            Finding::MovesAfterEnd { end_move, .. } => Some(*end_move + 1),
            Finding::FirstMoveOffCentre(_) => Some(1),
            Finding::NotAnOpening(_) => Some(3),
            Finding::OpeningProtocol(p) => p.move_number(),
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::LapsedFoul {
                number,
                point,
                foul,
            } => write!(
                f,
                "{foul} foul at move {number} ({point}) lapsed: White played on instead of claiming"
            ),
            Finding::UnclaimedOverline { number, point } => write!(
                f,
                "overline foul at move {number} ({point}) was never claimed"
            ),
            Finding::MovesAfterEnd { end_move, count } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(f, "{count} move{s} after the end at move {end_move}")
            }
            Finding::FirstMoveOffCentre(Some(p)) => {
                write!(f, "the first move {p} is not on the centre h8")
            }
            Finding::FirstMoveOffCentre(None) => f.write_str("the first move is a pass, not h8"),
            Finding::NotAnOpening(why) => write!(f, "not one of the 26 openings: {why}"),
            Finding::OpeningProtocol(p) => write!(f, "opening rule not followed: {p}"),
        }
    }
}
