//! What a book is built with: [`BookSettings`].

use renju_analyzer::Settings;
use renju_core::RENJU_SIZE;
use std::fmt;

/// The choices a book is built with, stored in it: every file added to a book is read with
/// the same ones.
///
/// ```
/// use renju_book::BookSettings;
/// let s = BookSettings::default();
/// assert_eq!((s.max_moves, s.board_size), (30, 15));
/// assert_eq!(s.to_string(), "max-moves 30, board 15x15, rules renju, convention lenient, claim policy claim");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BookSettings {
    /// The book holds the positions of at most this many stones (for a game without passes,
    /// the positions after its first `max_moves` moves), and the move played next from each.
    pub max_moves: u8,
    /// The board side of the games it holds (records of another side are counted, not added).
    pub board_size: u8,
    /// How each game's result is judged (rule set, foul convention, claim policy), as
    /// `corpus-tool validate` judges it.
    pub rules: Settings,
}

impl Default for BookSettings {
    fn default() -> BookSettings {
        BookSettings {
            max_moves: 30,
            board_size: RENJU_SIZE,
            rules: Settings::default(),
        }
    }
}

impl fmt::Display for BookSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "max-moves {}, board {}x{}, {}",
            self.max_moves, self.board_size, self.board_size, self.rules
        )
    }
}
