//! How many games reached a position or played a move, by result: [`Counts`], and the result
//! the book counts for a game: [`judged_result`].

use renju_analyzer::{End, GameAudit, Settings, UnreadableMove, audit, audit_with_unreadable};
use renju_notation::{DeclaredResult, GameRecord};
use serde::Serialize;

/// Games by result. `games` is always the sum of the other four.
///
/// ```
/// use renju_book::Counts;
/// use renju_notation::DeclaredResult;
/// let mut c = Counts::default();
/// c.add(DeclaredResult::Black);
/// c.add(DeclaredResult::Draw);
/// assert_eq!((c.games, c.black, c.draw), (2, 1, 1));
/// assert_eq!(c.black_score(), Some(0.75));
/// assert_eq!(serde_json::to_string(&c).unwrap(),
///     r#"{"games":2,"black":1,"white":0,"draw":1,"unknown":0}"#);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Counts {
    /// Games.
    pub games: u64,
    /// Games Black won.
    pub black: u64,
    /// Games White won.
    pub white: u64,
    /// Drawn games.
    pub draw: u64,
    /// Games whose result is unknown (no decisive event on the board, none declared).
    pub unknown: u64,
}

impl Counts {
    /// Counts one game of result `r`.
    pub fn add(&mut self, r: DeclaredResult) {
        self.games += 1;
        match r {
            DeclaredResult::Black => self.black += 1,
            DeclaredResult::White => self.white += 1,
            DeclaredResult::Draw => self.draw += 1,
            DeclaredResult::Unknown => self.unknown += 1,
        }
    }

    /// Black's score over the games with a known result (a win 1, a draw 1/2), `None` when
    /// there is none.
    #[must_use]
    pub fn black_score(&self) -> Option<f64> {
        let decided = self.black + self.white + self.draw;
        (decided > 0).then(|| (self.black as f64 + self.draw as f64 / 2.0) / decided as f64)
    }

    /// The four results as `[black, white, draw, unknown]`.
    #[must_use]
    pub const fn by_result(&self) -> [u64; 4] {
        [self.black, self.white, self.draw, self.unknown]
    }

    /// The counts of `[black, white, draw, unknown]` (games their sum).
    #[must_use]
    pub const fn from_results(r: [u64; 4]) -> Counts {
        Counts {
            games: r[0] + r[1] + r[2] + r[3],
            black: r[0],
            white: r[1],
            draw: r[2],
            unknown: r[3],
        }
    }
}

/// The index of a result in [`Counts::by_result`].
pub(crate) const fn slot(r: DeclaredResult) -> usize {
    match r {
        DeclaredResult::Black => 0,
        DeclaredResult::White => 1,
        DeclaredResult::Draw => 2,
        DeclaredResult::Unknown => 3,
    }
}

/// The result the book counts for an audited game, as `corpus-tool validate` judges it: the
/// result of the first decisive event on the board (`end` in the report) when there is one,
/// else the declared result (`declared`), which may be unknown.
///
/// ```
/// use renju_book::judged_result;
/// use renju_analyzer::{Settings, audit};
/// use renju_notation::{DeclaredResult, GameRecord};
/// let mut g = GameRecord::new(15);
/// g.moves = "h8 h9 i8 a1 j8 a2 k8 a3 l8".split(' ').map(|m| m.parse().unwrap()).collect();
/// g.result = DeclaredResult::White; // contradicted by Black's five
/// assert_eq!(judged_result(&audit(&g, &Settings::default())), DeclaredResult::Black);
/// g.moves.truncate(4); // no five: the declared result stands
/// assert_eq!(judged_result(&audit(&g, &Settings::default())), DeclaredResult::White);
/// ```
#[must_use]
pub fn judged_result(a: &GameAudit) -> DeclaredResult {
    if a.end == End::None {
        a.declared
    } else {
        a.end.result()
    }
}

/// The judged result of a record ([`judged_result`] of its audit), for a record read whole or
/// one whose reader stopped at an unreadable move (audited as validate does, with
/// [`audit_with_unreadable`]).
#[must_use]
pub fn result_of(
    record: &GameRecord,
    unreadable: Option<&UnreadableMove>,
    settings: &Settings,
) -> DeclaredResult {
    let a = match unreadable {
        Some(u) => audit_with_unreadable(record, settings, u),
        None => audit(record, settings),
    };
    judged_result(&a)
}
