//! Moves and a game position with history.

use crate::{Board, BoardError, Color, Convention, Foul, Point, PointError, RuleSet};
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

    /// Plays a move for the side to move, **judging no fouls**: a Black stone on a forbidden
    /// point is placed like any other (the record says what was played; whether it lost is
    /// for the caller or the analyzer to decide). Use [`Game::play_checked`] to refuse a foul.
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

    /// Plays a move for the side to move under the game's [`RuleSet`]: in renju a Black stone on
    /// a forbidden point is refused with the foul (decided under `convention`); free-style and
    /// standard gomoku have no fouls. A move that makes an exact five is never a foul.
    ///
    /// # Errors
    /// [`PlayError::Forbidden`] with the point and the foul, or [`PlayError::Board`] when the
    /// point is off the board or occupied; the game is unchanged either way.
    ///
    /// ```
    /// use renju_core::{Convention, Foul, Game, PlayError, RuleSet};
    /// // Black f8 g8 h9 h10 (White far away): h8 would make the row three f8 g8 h8 and the
    /// // column three h8 h9 h10, a double three.
    /// let mut g = Game::new(RuleSet::Renju);
    /// for m in ["f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7"] {
    ///     g.play_checked(m.parse().unwrap(), Convention::Lenient).unwrap();
    /// }
    /// let h8 = "h8".parse().unwrap();
    /// assert_eq!(
    ///     g.play_checked(h8, Convention::Lenient),
    ///     Err(PlayError::Forbidden { point: "h8".parse().unwrap(), foul: Foul::DoubleThree })
    /// );
    /// assert_eq!(g.moves().len(), 8); // unchanged
    /// // The same move in free-style gomoku is fine, and `play` never judges.
    /// let mut free = Game::new(RuleSet::FreeStyle);
    /// for m in ["f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7", "h8"] {
    ///     free.play_checked(m.parse().unwrap(), Convention::Lenient).unwrap();
    /// }
    /// ```
    pub fn play_checked(&mut self, mv: Move, convention: Convention) -> Result<(), PlayError> {
        if let Move::Stone(p) = mv {
            if !self.board.contains(p) {
                return Err(PlayError::Board(BoardError::OffBoard(p, self.board.size())));
            }
            if let Some(c) = self.board.get(p) {
                return Err(PlayError::Board(BoardError::Occupied(p, c)));
            }
            if self.rules.has_fouls()
                && self.to_move() == Color::Black
                && let Some(foul) = crate::is_forbidden(&self.board, p, convention)
            {
                return Err(PlayError::Forbidden { point: p, foul });
            }
        }
        self.play(mv).map_err(PlayError::Board)
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

/// Why [`Game::play_checked`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayError {
    /// The point is off the board or occupied.
    Board(BoardError),
    /// A Black stone there is forbidden (renju only).
    Forbidden {
        /// The point played.
        point: Point,
        /// The foul it would be.
        foul: Foul,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Board(e) => e.fmt(f),
            PlayError::Forbidden { point, foul } => {
                write!(f, "{point} is forbidden for Black ({foul})")
            }
        }
    }
}

impl std::error::Error for PlayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayError::Board(e) => Some(e),
            PlayError::Forbidden { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Regression: `play` puts a Black stone on a forbidden point without a word;
    /// `play_checked` refuses it with the foul, for Black only, in renju only.
    #[test]
    fn play_checked_refuses_a_foul_and_play_does_not() {
        let setup = ["f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7"];
        let h8: Move = "h8".parse().unwrap();
        let mut g = Game::new(RuleSet::Renju);
        for m in setup {
            g.play_checked(m.parse().unwrap(), Convention::Strict)
                .unwrap();
        }
        let before = g.clone();
        for conv in Convention::ALL {
            let err = g.play_checked(h8, conv).unwrap_err();
            assert_eq!(
                err,
                PlayError::Forbidden {
                    point: Point::CENTER,
                    foul: Foul::DoubleThree
                }
            );
            assert_eq!(err.to_string(), "h8 is forbidden for Black (double-three)");
            assert_eq!(g, before);
        }
        // Occupied and off-board points are board errors.
        assert_eq!(
            g.play_checked("f8".parse().unwrap(), Convention::Lenient),
            Err(PlayError::Board(BoardError::Occupied(
                "f8".parse().unwrap(),
                Color::Black
            )))
        );
        let mut small = Game::with_size(RuleSet::Renju, 9).unwrap();
        assert!(matches!(
            small.play_checked(
                Move::Stone(Point::CENTER.offset(5, 5, 20).unwrap()),
                Convention::Lenient
            ),
            Err(PlayError::Board(BoardError::OffBoard(..)))
        ));
        // `play` judges nothing: the forbidden stone goes on.
        let mut unchecked = before.clone();
        unchecked.play(h8).unwrap();
        assert_eq!(unchecked.board().get(Point::CENTER), Some(Color::Black));
        // White may play there; so may Black in gomoku.
        let mut white_turn = before.clone();
        white_turn.play(Move::Pass).unwrap();
        white_turn.play_checked(h8, Convention::Lenient).unwrap();
        for rules in [RuleSet::FreeStyle, RuleSet::StandardGomoku] {
            let mut free = Game::new(rules);
            for m in setup {
                free.play(m.parse().unwrap()).unwrap();
            }
            free.play_checked(h8, Convention::Lenient).unwrap();
        }
    }

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
