//! How the record compares with the board: [`Consistency`] and the one-word [`GameVerdict`].

use super::End;
use renju_notation::DeclaredResult;

/// Whether the declared result agrees with the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Consistency {
    /// It agrees.
    Ok(Agreement),
    /// It contradicts the board.
    ResultMismatch,
    /// It cannot be decided.
    Unknown(Undecided),
}

/// How a declared result agrees with the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Agreement {
    /// The board's end gives the declared result.
    Board,
    /// A declared win with no decisive event: a resignation or a loss on time.
    Resignation,
    /// A declared draw with no decisive event: a draw by agreement.
    DrawAgreed,
}

/// Why consistency cannot be decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Undecided {
    /// The record declares no result.
    NotDeclared,
    /// The replay stopped at an illegal move before any decisive event.
    ReplayStopped,
}

impl Consistency {
    /// `ok`, `result-mismatch` or `unknown`.
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
    /// // Declared a White win, but Black made five at move 9.
    /// let a = audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::White), &Settings::default());
    /// assert_eq!(a.consistency.name(), "result-mismatch");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Consistency::Ok(_) => "ok",
            Consistency::ResultMismatch => "result-mismatch",
            Consistency::Unknown(_) => "unknown",
        }
    }
}

/// The one-word verdict per record, as the corpus auditor's CSV writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum GameVerdict {
    /// Nothing to report.
    Ok,
    /// Findings that do not contradict the record's result.
    Warning,
    /// The declared result contradicts the board.
    ResultMismatch,
    /// The record holds a move that cannot be played.
    Illegal,
    /// The record could not be read at all (never returned by [`audit`](crate::audit); the auditor's own).
    Unreadable,
}

impl GameVerdict {
    /// Every verdict, mildest first.
    pub const ALL: [GameVerdict; 5] = [
        GameVerdict::Ok,
        GameVerdict::Warning,
        GameVerdict::ResultMismatch,
        GameVerdict::Illegal,
        GameVerdict::Unreadable,
    ];

    /// `ok`, `warning`, `result-mismatch`, `illegal`, `unreadable`.
    ///
    /// ```
    /// use renju_analyzer::{GameVerdict, Settings, audit};
    /// use renju_notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let a = audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::Black), &Settings::default());
    /// assert_eq!(a.verdict().name(), "ok");
    /// assert_eq!(GameVerdict::Unreadable.name(), "unreadable");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameVerdict::Ok => "ok",
            GameVerdict::Warning => "warning",
            GameVerdict::ResultMismatch => "result-mismatch",
            GameVerdict::Illegal => "illegal",
            GameVerdict::Unreadable => "unreadable",
        }
    }
}

pub(crate) fn consistency(declared: DeclaredResult, end: End, stopped: bool) -> Consistency {
    if declared == DeclaredResult::Unknown {
        return Consistency::Unknown(Undecided::NotDeclared);
    }
    match end {
        End::None if stopped => Consistency::Unknown(Undecided::ReplayStopped),
        End::None if declared == DeclaredResult::Draw => Consistency::Ok(Agreement::DrawAgreed),
        End::None => Consistency::Ok(Agreement::Resignation),
        e if e.result() == declared => Consistency::Ok(Agreement::Board),
        _ => Consistency::ResultMismatch,
    }
}

crate::names::display_by_name!(Consistency, GameVerdict);

#[cfg(test)]
mod tests {
    use super::*;
    use renju_core::Foul;

    #[test]
    fn consistency_table() {
        use DeclaredResult as D;
        let ok = |a| Consistency::Ok(a);
        assert_eq!(
            consistency(D::Black, End::BlackFive, false),
            ok(Agreement::Board)
        );
        assert_eq!(
            consistency(D::White, End::BlackFive, false),
            Consistency::ResultMismatch
        );
        assert_eq!(
            consistency(D::Draw, End::WhiteFive, false),
            Consistency::ResultMismatch
        );
        assert_eq!(
            consistency(D::White, End::Foul(Foul::Overline), false),
            ok(Agreement::Board)
        );
        assert_eq!(
            consistency(D::Black, End::Foul(Foul::DoubleFour), false),
            Consistency::ResultMismatch
        );
        assert_eq!(
            consistency(D::Draw, End::DrawFullBoard, false),
            ok(Agreement::Board)
        );
        assert_eq!(
            consistency(D::Black, End::DrawFullBoard, false),
            Consistency::ResultMismatch
        );
        assert_eq!(
            consistency(D::White, End::None, false),
            ok(Agreement::Resignation)
        );
        assert_eq!(
            consistency(D::Draw, End::None, false),
            ok(Agreement::DrawAgreed)
        );
        assert_eq!(
            consistency(D::White, End::None, true),
            Consistency::Unknown(Undecided::ReplayStopped)
        );
        assert_eq!(
            consistency(D::Unknown, End::BlackFive, false),
            Consistency::Unknown(Undecided::NotDeclared)
        );
    }
}
