//! The first decisive event of a game: [`End`].

use renju_core::Foul;
use renju_notation::DeclaredResult;
use std::fmt;

/// The first decisive event of a game on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// Black made a winning row.
    BlackFive,
    /// White made a winning row (five or more in renju).
    WhiteFive,
    /// A Black foul that decides the game for White under the claim policy.
    Foul(Foul),
    /// The board filled up with no winner.
    DrawFullBoard,
    /// No decisive event: the record stops (resignation, time, agreement) or is cut.
    None,
}

impl End {
    /// Every end, in the order the reports list them.
    pub const ALL: [End; 7] = [
        End::BlackFive,
        End::WhiteFive,
        End::Foul(Foul::DoubleThree),
        End::Foul(Foul::DoubleFour),
        End::Foul(Foul::Overline),
        End::DrawFullBoard,
        End::None,
    ];

    /// The report name: `black-five`, `white-five`, `foul-double-three`, `foul-double-four`,
    /// `foul-overline`, `draw-full-board`, `none`.
    ///
    /// ```
    /// use renju_analyzer::End;
    /// use renju_core::Foul;
    /// assert_eq!(End::Foul(Foul::DoubleFour).name(), "foul-double-four");
    /// assert_eq!("draw-full-board".parse::<End>(), Ok(End::DrawFullBoard));
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            End::BlackFive => "black-five",
            End::WhiteFive => "white-five",
            End::Foul(Foul::DoubleThree) => "foul-double-three",
            End::Foul(Foul::DoubleFour) => "foul-double-four",
            End::Foul(Foul::Overline) => "foul-overline",
            End::DrawFullBoard => "draw-full-board",
            End::None => "none",
        }
    }

    /// The result the board gives: the winner, `Draw` for a full board, `Unknown` for `none`.
    ///
    /// ```
    /// use renju_analyzer::End;
    /// use renju_notation::DeclaredResult;
    /// use renju_core::Foul;
    /// assert_eq!(End::Foul(Foul::Overline).result(), DeclaredResult::White);
    /// assert_eq!(End::None.result(), DeclaredResult::Unknown);
    /// ```
    #[must_use]
    pub const fn result(self) -> DeclaredResult {
        match self {
            End::BlackFive => DeclaredResult::Black,
            End::WhiteFive | End::Foul(_) => DeclaredResult::White,
            End::DrawFullBoard => DeclaredResult::Draw,
            End::None => DeclaredResult::Unknown,
        }
    }
}

/// A text that is not an end name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEnd(pub String);

impl fmt::Display for UnknownEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown end '{}'", self.0)
    }
}

impl std::error::Error for UnknownEnd {}

crate::names::display_by_name!(End);
crate::names::from_str_by_name!(End, UnknownEnd);
