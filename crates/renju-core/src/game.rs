//! Moves and a game position with history.

use crate::{Board, BoardError, Color, Point, PointError, RuleSet};
use std::fmt;
use std::str::FromStr;

/// A move: a stone on a point, or a pass (`--` in text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone of the side to move on this point.
    Stone(Point),
    /// The side to move passes; the turn still changes.
    Pass,
}

impl Move {
    /// The point of a stone move, `None` for a pass.
    ///
    /// ```
    /// use renju_core::{Move, Point};
    /// assert_eq!("h8".parse::<Move>().unwrap().point(), Some(Point::CENTER));
    /// assert_eq!(Move::Pass.point(), None);
    /// ```
    #[must_use]
    pub const fn point(self) -> Option<Point> {
        match self {
            Move::Stone(p) => Some(p),
            Move::Pass => None,
        }
    }

    /// Reads `h8` or `--` (also `pass`) for a board of side `size`.
    ///
    /// # Errors
    /// The [`PointError`] of the coordinate.
    ///
    /// ```
    /// use renju_core::Move;
    /// assert_eq!(Move::parse_sized("--", 15).unwrap(), Move::Pass);
    /// assert_eq!(Move::parse_sized("H8", 15).unwrap().to_string(), "h8");
    /// ```
    pub fn parse_sized(text: &str, size: u8) -> Result<Move, PointError> {
        let t = text.trim();
        if t == "--" || t.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            Point::parse_sized(t, size).map(Move::Stone)
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(p) => write!(f, "{p}"),
            Move::Pass => f.write_str("--"),
        }
    }
}

impl FromStr for Move {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Move::parse_sized(s, crate::RENJU_SIZE)
    }
}

/// A game in progress: a board, the rule set, and the moves played (colours alternate from
/// Black; a pass uses a turn). It records what happened; judging wins and fouls is the job of
/// [`crate::foul`] and of the analyzer crate.
///
/// ```
/// use renju_core::{Color, Game, Move, RuleSet};
/// let mut g = Game::new(RuleSet::Renju);
/// g.play("h8".parse().unwrap()).unwrap();
/// g.play(Move::Pass).unwrap();
/// assert_eq!(g.to_move(), Color::Black);
/// assert_eq!(g.undo(), Some(Move::Pass));
/// assert_eq!(g.to_move(), Color::White);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    board: Board,
    rules: RuleSet,
    moves: Vec<Move>,
}

impl Game {
    /// A new game on the 15x15 board.
    ///
    /// ```
    /// use renju_core::{Color, Game, RuleSet};
    /// let g = Game::new(RuleSet::Renju);
    /// assert_eq!((g.board().size(), g.moves().len(), g.to_move()), (15, 0, Color::Black));
    /// ```
    #[must_use]
    pub fn new(rules: RuleSet) -> Game {
        Game {
            board: Board::renju(),
            rules,
            moves: Vec::new(),
        }
    }

    /// A new game on an empty board of another side.
    ///
    /// # Errors
    /// [`BoardError::BadSize`] outside 5..=20.
    ///
    /// ```
    /// use renju_core::{Game, RuleSet};
    /// let g = Game::with_size(RuleSet::FreeStyle, 19).unwrap();
    /// assert_eq!(g.board().size(), 19);
    /// assert!(Game::with_size(RuleSet::FreeStyle, 30).is_err());
    /// ```
    pub fn with_size(rules: RuleSet, size: usize) -> Result<Game, BoardError> {
        Ok(Game {
            board: Board::new(size)?,
            rules,
            moves: Vec::new(),
        })
    }

    /// The current position.
    ///
    /// ```
    /// use renju_core::{Color, Game, Point, RuleSet};
    /// let mut g = Game::new(RuleSet::Renju);
    /// g.play("h8".parse().unwrap()).unwrap();
    /// assert_eq!(g.board().get(Point::CENTER), Some(Color::Black));
    /// ```
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The rule set.
    ///
    /// ```
    /// use renju_core::{Game, RuleSet};
    /// assert_eq!(Game::new(RuleSet::StandardGomoku).rules(), RuleSet::StandardGomoku);
    /// ```
    #[must_use]
    pub const fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The moves played so far.
    ///
    /// ```
    /// use renju_core::{Game, Move, RuleSet};
    /// let mut g = Game::new(RuleSet::Renju);
    /// for m in ["h8", "--", "i9"] {
    ///     g.play(m.parse().unwrap()).unwrap();
    /// }
    /// let text: Vec<String> = g.moves().iter().map(Move::to_string).collect();
    /// assert_eq!(text, ["h8", "--", "i9"]);
    /// ```
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The side to move.
    ///
    /// ```
    /// use renju_core::{Color, Game, RuleSet};
    /// let mut g = Game::new(RuleSet::Renju);
    /// assert_eq!(g.to_move(), Color::Black);
    /// g.play("h8".parse().unwrap()).unwrap();
    /// assert_eq!(g.to_move(), Color::White);
    /// ```
    #[must_use]
    pub fn to_move(&self) -> Color {
        Color::of_move_number(self.moves.len() + 1)
    }

    /// Plays a move for the side to move.
    ///
    /// # Errors
    /// The point is off the board or occupied; the game is unchanged.
    ///
    /// ```
    /// use renju_core::{BoardError, Color, Game, Point, RuleSet};
    /// let mut g = Game::new(RuleSet::Renju);
    /// g.play("h8".parse().unwrap()).unwrap();
    /// // White on the same point: refused, and the game is unchanged.
    /// assert_eq!(g.play("h8".parse().unwrap()), Err(BoardError::Occupied(Point::CENTER, Color::Black)));
    /// assert_eq!(g.moves().len(), 1);
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), BoardError> {
        if let Move::Stone(p) = mv {
            self.board.place(p, self.to_move())?;
        }
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move and returns it.
    ///
    /// ```
    /// use renju_core::{Game, Move, RuleSet};
    /// let mut g = Game::new(RuleSet::Renju);
    /// g.play("h8".parse().unwrap()).unwrap();
    /// assert_eq!(g.undo(), Some("h8".parse::<Move>().unwrap()));
    /// assert_eq!((g.undo(), g.board().stone_count()), (None, 0));
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        if let Move::Stone(p) = mv {
            self.board.remove(p);
        }
        Some(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn undo_restores_exact_position(cells in proptest::collection::vec((0u8..15, 0u8..15, any::<bool>()), 0..60)) {
            let mut g = Game::new(RuleSet::Renju);
            for (c, r, pass) in cells {
                let mv = if pass { Move::Pass } else { Move::Stone(Point::new(c, r).unwrap()) };
                let before = g.clone();
                if g.play(mv).is_ok() {
                    let mut back = g.clone();
                    back.undo();
                    prop_assert_eq!(&back, &before);
                } else {
                    prop_assert_eq!(&g, &before);
                }
            }
        }
    }
}
