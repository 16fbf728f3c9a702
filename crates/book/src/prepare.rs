//! The work of one game before it is counted, independent of the book and of the other
//! games: [`prepare`] (the audit for the result, the walk for the positions counted), so that a
//! caller can prepare games in parallel and push them in order.

use crate::counts::result_of;
use crate::key::Tracker;
use crate::settings::BookSettings;
use crate::walk::{Stop, walk};
use renju_analyzer::UnreadableMove;
use renju_notation::{DeclaredResult, GameRecord};
use std::cell::RefCell;

/// One record of a file as its reader gives it, to [`crate::Book::add_records`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// A record read whole.
    Read(GameRecord),
    /// A record read up to an unreadable move: its `moves` are the ones before it.
    Salvaged(GameRecord, UnreadableMove),
    /// A record that could not be read at all (counted, never added).
    Unreadable,
}

impl Record {
    /// Prepares the record for a book built with `settings` ([`prepare`]).
    #[must_use]
    pub fn prepare(&self, settings: &BookSettings) -> Prepared {
        match self {
            Record::Read(g) => prepare(settings, g, None),
            Record::Salvaged(g, u) => prepare(settings, g, Some(u)),
            Record::Unreadable => Prepared::unreadable(),
        }
    }
}

/// One record, ready to be counted by [`crate::FileBuild::push`].
#[derive(Debug, Clone)]
pub struct Prepared {
    pub(crate) kind: Kind,
}

#[derive(Debug, Clone)]
pub(crate) enum Kind {
    Game(Box<Walked>),
    /// Stones set up (SGF `AB`/`AW`/`AE`): not a game from the empty board.
    SetUp,
    /// A board of another side (the record's, the book's).
    OtherBoard {
        side: u8,
        book: u8,
    },
    /// A record that could not be read at all.
    Unreadable,
}

/// A game's walk: what the book counts for it.
#[derive(Debug, Clone)]
pub(crate) struct Walked {
    pub id: Option<String>,
    pub declared: DeclaredResult,
    pub result: DeclaredResult,
    /// The moves walked, as text (row 1 at the bottom).
    pub moves: String,
    /// The walk's tokens ([`crate::walk::tokens`]): the keys are made when the file's games
    /// are counted together ([`crate::sweep`]).
    pub tokens: Vec<u16>,
    /// The number of positions counted.
    pub positions: usize,
    /// The bytes of their keys.
    pub key_bytes: usize,
    pub stop: Stop,
    pub pass: bool,
    pub salvaged: bool,
    /// The move the walk stopped at, with its number (from 1), when it cannot be played.
    pub illegal: Option<(usize, renju_core::Move)>,
}

/// Why a record the book reads is not counted, or not counted whole: for a caller that names
/// each such record ([`Prepared::shortfall`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortfall {
    /// The record sets stones up (SGF `AB`/`AW`/`AE`): not a game from the empty board, not
    /// counted.
    SetUp,
    /// The record's board has another side than the book's: not counted.
    OtherBoard {
        /// The record's board side.
        side: u8,
        /// The book's.
        book: u8,
    },
    /// The game reaches a move that cannot be played (a point already taken, or off the
    /// board) within the book's depth: it is counted up to the position before that move.
    Illegal {
        /// The move's number (the first move is 1).
        number: usize,
        /// The move.
        mv: renju_core::Move,
    },
}

impl std::fmt::Display for Shortfall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shortfall::SetUp => {
                f.write_str("sets stones up (AB/AW/AE): not a game from the empty board, not added")
            }
            Shortfall::OtherBoard { side, book } => {
                write!(f, "a board of side {side}, the book's is {book}: not added")
            }
            Shortfall::Illegal { number, mv } => write!(
                f,
                "move {number} ({mv}) cannot be played (its point is taken or off the board): \
                 the game is counted up to move {}",
                number - 1
            ),
        }
    }
}

impl Prepared {
    /// A record that could not be read at all: counted as unreadable, nothing added.
    #[must_use]
    pub fn unreadable() -> Prepared {
        Prepared {
            kind: Kind::Unreadable,
        }
    }

    /// Whether the record is a game the book counts.
    #[must_use]
    pub fn is_game(&self) -> bool {
        matches!(self.kind, Kind::Game(_))
    }

    /// The judged result of the game ([`crate::judged_result`]), `None` for a record the book
    /// does not count.
    #[must_use]
    pub fn result(&self) -> Option<DeclaredResult> {
        match &self.kind {
            Kind::Game(w) => Some(w.result),
            _ => None,
        }
    }

    /// Why the record is not counted, or not counted whole (`None`: counted whole, or an
    /// unreadable record, which its reader names).
    ///
    /// ```
    /// use renju_book::{BookSettings, Shortfall, prepare};
    /// use renju_notation::GameRecord;
    /// let mut g = GameRecord::new(15);
    /// g.moves = "h8 h9 h8 i10".split(' ').map(|m| m.parse().unwrap()).collect();
    /// let p = prepare(&BookSettings::default(), &g, None);
    /// assert_eq!(p.shortfall(), Some(Shortfall::Illegal { number: 3, mv: "h8".parse().unwrap() }));
    /// assert_eq!(p.positions(), 3); // the empty board, after h8, after h9
    /// ```
    #[must_use]
    pub fn shortfall(&self) -> Option<Shortfall> {
        match &self.kind {
            Kind::Game(w) => w
                .illegal
                .map(|(number, mv)| Shortfall::Illegal { number, mv }),
            Kind::SetUp => Some(Shortfall::SetUp),
            Kind::OtherBoard { side, book } => Some(Shortfall::OtherBoard {
                side: *side,
                book: *book,
            }),
            Kind::Unreadable => None,
        }
    }

    /// The number of positions the game adds to.
    #[must_use]
    pub fn positions(&self) -> usize {
        match &self.kind {
            Kind::Game(w) => w.positions,
            _ => 0,
        }
    }
}

thread_local! {
    static TRACKER: RefCell<Option<Tracker>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's tracker for boards of side `size`.
pub(crate) fn with_tracker<R>(size: u8, f: impl FnOnce(&mut Tracker) -> R) -> R {
    TRACKER.with(|t| {
        let mut t = t.borrow_mut();
        if t.as_ref().is_none_or(|t| t.table().size() != size) {
            *t = Some(Tracker::new(size));
        }
        f(t.as_mut().expect("set above"))
    })
}

/// Prepares one record for a book built with `settings`: judges its result (the audit, as
/// validate does: [`crate::judged_result`]) and walks its positions. `unreadable` is the move
/// where the reader stopped, for a record read only up to an unreadable move (its `moves` are
/// the ones before it). Pure: call it from any thread.
///
/// ```
/// use renju_book::{BookSettings, prepare};
/// use renju_notation::{DeclaredResult, GameRecord};
/// let mut g = GameRecord::new(15);
/// g.moves = "h8 h9 i10".split(' ').map(|m| m.parse().unwrap()).collect();
/// g.result = DeclaredResult::Black;
/// let p = prepare(&BookSettings::default(), &g, None);
/// assert_eq!(p.result(), Some(DeclaredResult::Black));
/// assert_eq!(p.positions(), 4); // the empty board and after each of the three moves
/// ```
#[must_use]
pub fn prepare(
    settings: &BookSettings,
    record: &GameRecord,
    unreadable: Option<&UnreadableMove>,
) -> Prepared {
    if !record.setup.is_empty() {
        return Prepared { kind: Kind::SetUp };
    }
    if record.board_size != settings.board_size {
        return Prepared {
            kind: Kind::OtherBoard {
                side: record.board_size,
                book: settings.board_size,
            },
        };
    }
    let result = result_of(record, unreadable, &settings.rules);
    let moves = match unreadable {
        Some(u) => &record.moves[..u.number.saturating_sub(1).min(record.moves.len())],
        None => &record.moves[..],
    };
    let mut tokens = Vec::with_capacity(usize::from(settings.max_moves) + 2);
    let walked = crate::walk::tokens(
        moves,
        usize::from(settings.max_moves),
        settings.board_size,
        &mut tokens,
    );
    let text = moves_text(&moves[..walked.walk.used]);
    Prepared {
        kind: Kind::Game(Box::new(Walked {
            id: record.id.clone(),
            declared: record.result,
            result,
            moves: text,
            tokens,
            positions: walked.positions,
            key_bytes: walked.key_bytes,
            stop: walked.walk.stop,
            pass: walked.walk.pass,
            salvaged: unreadable.is_some(),
            illegal: (walked.walk.stop == Stop::Illegal)
                .then(|| (walked.walk.used + 1, moves[walked.walk.used])),
        })),
    }
}

/// The moves as `h8 h9 -- i10` (row 1 at the bottom), as `renju_notation::moves` writes
/// them, without the formatting machinery (one string per game of the archive).
fn moves_text(moves: &[renju_core::Move]) -> String {
    let mut s = String::with_capacity(moves.len() * 4);
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        match m {
            renju_core::Move::Pass => s.push_str("--"),
            renju_core::Move::Stone(p) => {
                s.push(char::from(b'a' + p.col()));
                let row = p.row() + 1;
                if row >= 10 {
                    s.push(char::from(b'0' + row / 10));
                }
                s.push(char::from(b'0' + row % 10));
            }
        }
    }
    s
}

/// The visits of a game walked on its own: the keys one after the other, and for each visit
/// the length of its key, its next move's code and the hash of its key
/// ([`crate::key::hash`]).
pub(crate) struct GameWalk {
    pub keys: Vec<u8>,
    pub visits: Vec<(u16, i32, u64)>,
}

pub(crate) fn walk_game(
    moves: &[renju_core::Move],
    settings: &BookSettings,
    t: &mut Tracker,
) -> GameWalk {
    let mut keys = Vec::with_capacity(32 * 24);
    let mut visits = Vec::with_capacity(32);
    walk(
        moves,
        usize::from(settings.max_moves),
        t,
        &mut keys,
        |k, next| visits.push((k.len() as u16, next, crate::key::hash(k))),
    );
    GameWalk { keys, visits }
}

#[cfg(test)]
mod tests {
    #[test]
    fn moves_are_written_as_renju_notation_writes_them() {
        use renju_notation::Orientation;
        use renju_notation::moves::{MoveStyle, parse_moves, write_moves};
        let text = "h8 h9 -- a1 o15 j10 t20 a20";
        let moves = parse_moves(text, 20, Orientation::RowOneAtBottom).unwrap();
        assert_eq!(super::moves_text(&moves), text);
        assert_eq!(
            super::moves_text(&moves),
            write_moves(&moves, 20, Orientation::RowOneAtBottom, MoveStyle::Spaced)
        );
    }
}
