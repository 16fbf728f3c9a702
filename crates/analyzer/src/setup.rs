//! Stones set up on the board rather than played (SGF `AB`/`AW`/`AE`): [`SetUp`] puts them on
//! the replay's board where the record places them, and [`SetUpSummary`] says what was set up.
//!
//! A set-up stone is not a move: it is not judged (no foul, no five), it takes no turn, and it
//! replaces whatever stood on its point (`AE` clears the point). Stones set up when `k` moves
//! have been played are placed before move `k + 1`.

use renju_core::{Board, Color, FoulChecker, Point};
use renju_notation::SetupStone;
use std::fmt;

/// The number of opening stones an opening rule governs at most (Taraguchi, LianHuan: 1-6). A
/// stone set up before move 7 makes the opening a position nobody played from the empty board.
pub(crate) const OPENING_STONES: usize = 6;

/// The record's set-up stones in the order they are applied (by `after_move`, then as written).
pub(crate) struct SetUp {
    stones: Vec<SetupStone>,
    next: usize,
}

impl SetUp {
    /// The stones of `setup`, in application order.
    pub(crate) fn new(setup: &[SetupStone]) -> SetUp {
        let mut stones = setup.to_vec();
        stones.sort_by_key(|s| s.after_move);
        SetUp { stones, next: 0 }
    }

    /// Places (or clears) every stone set up when `after_move` moves have been played (and any
    /// earlier one not applied yet). Returns the change in the number of stones on the board,
    /// or the first point off the board (nothing after it is applied).
    pub(crate) fn apply(
        &mut self,
        board: &Board,
        checker: &mut FoulChecker,
        after_move: usize,
    ) -> Result<isize, Point> {
        let mut delta = 0isize;
        while let Some(s) = self.stones.get(self.next) {
            if s.after_move > after_move {
                break;
            }
            if !board.contains(s.point) {
                return Err(s.point);
            }
            if checker.stone(s.point).is_some() {
                checker.remove(s.point);
                delta -= 1;
            }
            if let Some(c) = s.stone {
                checker.place(s.point, c);
                delta += 1;
            }
            self.next += 1;
        }
        Ok(delta)
    }
}

/// Whether stones are set up before move 7 among the first `played` moves, so that the
/// opening was not played from the empty board: the summary of what is set up then.
pub(crate) fn opening_set_up(setup: &[SetupStone], played: usize) -> Option<SetUpSummary> {
    SetUpSummary::of(setup, played).filter(|s| s.first_after <= OPENING_STONES)
}

/// What a record sets up rather than plays, counted over the stones applied in the replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SetUpSummary {
    /// The number of moves played when the first stone was set up (0: before move 1).
    pub first_after: usize,
    /// Black stones set up.
    pub black: usize,
    /// White stones set up.
    pub white: usize,
    /// Points cleared (`AE`).
    pub cleared: usize,
}

impl SetUpSummary {
    /// The summary of the stones set up when at most `played` moves have been played (`None`:
    /// none).
    ///
    /// ```
    /// use renju_analyzer::SetUpSummary;
    /// use renju_notation::SetupStone;
    /// use renju_core::Color;
    /// let s = |after_move, stone| SetupStone { after_move, point: "h8".parse().unwrap(), stone };
    /// let set = [s(0, Some(Color::Black)), s(0, Some(Color::White)), s(3, None)];
    /// let sum = SetUpSummary::of(&set, 10).unwrap();
    /// assert_eq!((sum.first_after, sum.black, sum.white, sum.cleared), (0, 1, 1, 1));
    /// assert_eq!(SetUpSummary::of(&set[2..], 2), None);
    /// ```
    #[must_use]
    pub fn of(setup: &[SetupStone], played: usize) -> Option<SetUpSummary> {
        let mut out: Option<SetUpSummary> = None;
        for s in setup.iter().filter(|s| s.after_move <= played) {
            let o = out.get_or_insert(SetUpSummary {
                first_after: s.after_move,
                black: 0,
                white: 0,
                cleared: 0,
            });
            o.first_after = o.first_after.min(s.after_move);
            match s.stone {
                Some(Color::Black) => o.black += 1,
                Some(Color::White) => o.white += 1,
                None => o.cleared += 1,
            }
        }
        out
    }

    /// Whether the record starts from a set-up position (stones set before move 1).
    #[must_use]
    pub const fn from_start(&self) -> bool {
        self.first_after == 0
    }
}

impl fmt::Display for SetUpSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        for (n, what) in [
            (self.black, "black"),
            (self.white, "white"),
            (self.cleared, "cleared"),
        ] {
            if n > 0 {
                parts.push(format!("{n} {what}"));
            }
        }
        let when = if self.from_start() {
            "the record starts from a set-up position".to_string()
        } else {
            format!(
                "stones are set up (not played) after move {}",
                self.first_after
            )
        };
        write!(
            f,
            "{when} ({} set-up point{}: {}); the moves are judged on the board as set up",
            self.black + self.white + self.cleared,
            if self.black + self.white + self.cleared == 1 {
                ""
            } else {
                "s"
            },
            parts.join(", ")
        )
    }
}
