//! Every game that passes through a position, and the moves played next (a tree window).
//!
//! A record passes through the query position when, after some move `k` (0 = before the first
//! move), its black stones and its white stones equal the query's under one of the 8 board
//! symmetries, colours kept. The [`Hit`] names the first such `k` and the symmetry `s` that
//! maps the record's position onto the query's (the first of [`Symmetry::ALL`] when several
//! do, as for a position symmetric in itself); the next move is given mapped by `s`, so in the
//! query's orientation.
//!
//! The replay stops at a move that cannot be played (a point already taken or off the board):
//! no position after it is searched. Stone counts only grow, so the replay also stops as soon
//! as the record has more black or more white stones than the query; a position is compared
//! (as bit sets, under the 8 symmetries) only when both counts are equal.

use crate::keys;
use renju_core::{Board, Color, MAX_SIZE, Move, Symmetry};
use renju_notation::{DeclaredResult, GameRecord};
use std::collections::HashMap;
use std::fmt;

const WORDS: usize = (MAX_SIZE as usize * MAX_SIZE as usize).div_ceil(64);

/// A set of points of the 20x20 grid (bit `row * 20 + col`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
struct Bits([u64; WORDS]);

impl Bits {
    fn insert(&mut self, code: u16) -> bool {
        let i = usize::from(code - 1);
        let (w, b) = (i / 64, i % 64);
        let was = self.0[w] >> b & 1 == 1;
        self.0[w] |= 1 << b;
        !was
    }
    fn contains(&self, code: u16) -> bool {
        let i = usize::from(code - 1);
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
}

/// A position to look for.
#[derive(Debug, Clone)]
pub struct Query {
    size: u8,
    black: usize,
    white: usize,
    /// For each symmetry `s` of [`Symmetry::ALL`], the position that `s` maps onto the query:
    /// `(black, white)` as bit sets.
    forms: [(Bits, Bits); 8],
}

impl Query {
    /// The query for a board position (its side is the side records must have).
    ///
    /// ```
    /// use renju_archive::search::Query;
    /// use renju_core::Board;
    /// let q = Query::from_board(&Board::renju());
    /// assert_eq!(q.stones(), (0, 0));
    /// ```
    #[must_use]
    pub fn from_board(board: &Board) -> Query {
        let size = board.size();
        let mut forms = [(Bits::default(), Bits::default()); 8];
        for (s, sym) in Symmetry::ALL.into_iter().enumerate() {
            let back = keys::symmetry_table(size)[sym.inverse() as usize];
            for (p, colour) in board.stones() {
                let c = back[usize::from(keys::code(Move::Stone(p)))];
                match colour {
                    Color::Black => forms[s].0.insert(c),
                    Color::White => forms[s].1.insert(c),
                };
            }
        }
        Query {
            size,
            black: board.count(Color::Black),
            white: board.count(Color::White),
            forms,
        }
    }

    /// The numbers of black and white stones of the query.
    #[must_use]
    pub fn stones(&self) -> (usize, usize) {
        (self.black, self.white)
    }

    /// Whether the record passes through the position, and where first.
    ///
    /// ```
    /// use renju_archive::search::Query;
    /// use renju_notation::GameRecord;
    /// use renju_core::{Board, Color, Symmetry};
    /// let mut b = Board::renju();
    /// b.place("h8".parse().unwrap(), Color::Black).unwrap();
    /// b.place("h9".parse().unwrap(), Color::White).unwrap();
    /// let q = Query::from_board(&b);
    /// let mut g = GameRecord::new(15);
    /// g.moves = "h8 g8 j10 i9".split(' ').map(|m| m.parse().unwrap()).collect();
    /// let hit = q.find(&g).unwrap();
    /// assert_eq!((hit.move_number, hit.symmetry), (2, Symmetry::Rotate270));
    /// assert_eq!(hit.next.unwrap().to_string(), "j6"); // j10 seen from the query's side
    /// ```
    #[must_use]
    pub fn find(&self, record: &GameRecord) -> Option<Hit> {
        if record.board_size != self.size {
            return None;
        }
        let (mut black, mut white) = (Bits::default(), Bits::default());
        let (mut nb, mut nw) = (0usize, 0usize);
        let size = self.size;
        for k in 0..=record.moves.len() {
            if nb == self.black
                && nw == self.white
                && let Some(s) = self
                    .forms
                    .iter()
                    .position(|(fb, fw)| *fb == black && *fw == white)
            {
                let symmetry = Symmetry::ALL[s];
                let next = record.moves.get(k).map(|&m| match m {
                    Move::Pass => Move::Pass,
                    Move::Stone(p) => Move::Stone(symmetry.apply(p, size)),
                });
                return Some(Hit {
                    move_number: k,
                    symmetry,
                    next,
                });
            }
            let Some(&m) = record.moves.get(k) else {
                break;
            };
            let Move::Stone(p) = m else {
                continue;
            };
            if p.col() >= size || p.row() >= size {
                return None;
            }
            let c = keys::code(m);
            if black.contains(c) || white.contains(c) {
                return None;
            }
            if k % 2 == 0 {
                black.insert(c);
                nb += 1;
            } else {
                white.insert(c);
                nw += 1;
            }
            if nb > self.black || nw > self.white {
                return None;
            }
        }
        None
    }
}

/// Where a record passes through the query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    /// The first `k` such that the position after move `k` is the query's (0: before move 1).
    pub move_number: usize,
    /// The symmetry that maps the record's position onto the query's.
    pub symmetry: Symmetry,
    /// Move `k + 1` in the query's orientation, `None` when the record ends there.
    pub next: Option<Move>,
}

/// How often a next move was played and with which declared results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Branch {
    /// Games.
    pub games: usize,
    /// Declared black wins.
    pub black: usize,
    /// Declared white wins.
    pub white: usize,
    /// Declared draws.
    pub draws: usize,
    /// No declared result.
    pub unknown: usize,
}

impl Branch {
    fn add(&mut self, result: DeclaredResult) {
        self.games += 1;
        match result {
            DeclaredResult::Black => self.black += 1,
            DeclaredResult::White => self.white += 1,
            DeclaredResult::Draw => self.draws += 1,
            DeclaredResult::Unknown => self.unknown += 1,
        }
    }
}

/// What was played next from a found position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Next {
    /// This move (in the orientation of the position or pattern asked).
    Move(Move),
    /// A stone outside the pattern's area ([`crate::pattern`] only).
    Outside,
    /// The record ends there.
    End,
    /// The record's next move could not be read (a record validate salvages: its moves are
    /// the ones before an unreadable move).
    Unreadable,
}

impl From<Option<Move>> for Next {
    fn from(m: Option<Move>) -> Next {
        m.map_or(Next::End, Next::Move)
    }
}

impl fmt::Display for Next {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Next::Move(m) => write!(f, "{m}"),
            Next::Outside => f.write_str("(outside)"),
            Next::End => f.write_str("(end)"),
            Next::Unreadable => f.write_str("(unreadable)"),
        }
    }
}

/// The moves played next from the query position, like Scid's tree window.
///
/// ```
/// use renju_archive::search::{Hit, Next, Tree};
/// use renju_notation::DeclaredResult;
/// use renju_core::{Move, Symmetry};
/// let mut t = Tree::default();
/// let hit = |m: &str| Hit { move_number: 2, symmetry: Symmetry::Identity, next: Some(m.parse().unwrap()) };
/// t.add(&hit("i10"), DeclaredResult::Black);
/// t.add(&hit("i10"), DeclaredResult::White);
/// t.add(&hit("j10"), DeclaredResult::Black);
/// let rows = t.rows();
/// assert_eq!(rows[0].0, Next::Move("i10".parse::<Move>().unwrap()));
/// assert_eq!(rows[0].1.games, 2);
/// assert!(t.to_string().contains("i10"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tree {
    branches: HashMap<Next, Branch>,
    total: Branch,
}

impl Tree {
    /// Counts one matching record.
    pub fn add(&mut self, hit: &Hit, result: DeclaredResult) {
        self.add_next(Next::from(hit.next), result);
    }

    /// Counts one matching record whose next move is `next`.
    pub fn add_next(&mut self, next: Next, result: DeclaredResult) {
        self.branches.entry(next).or_default().add(result);
        self.total.add(result);
    }

    /// The next moves, most played first (then stones by column and row, then a pass, then
    /// [`Next::Outside`], then [`Next::End`]).
    #[must_use]
    pub fn rows(&self) -> Vec<(Next, Branch)> {
        let mut rows: Vec<_> = self.branches.iter().map(|(m, b)| (*m, *b)).collect();
        rows.sort_by(|a, b| {
            b.1.games
                .cmp(&a.1.games)
                .then_with(|| sort_key(a.0).cmp(&sort_key(b.0)))
        });
        rows
    }

    /// All matching records together.
    #[must_use]
    pub fn total(&self) -> Branch {
        self.total
    }
}

fn sort_key(m: Next) -> (u8, u8, u8) {
    match m {
        Next::Move(Move::Stone(p)) => (0, p.col(), p.row()),
        Next::Move(Move::Pass) => (1, 0, 0),
        Next::Outside => (2, 0, 0),
        Next::End => (3, 0, 0),
        Next::Unreadable => (4, 0, 0),
    }
}

impl fmt::Display for Tree {
    /// One line per next move: move, games, share of the games, black / white / draw /
    /// unknown declared results, and Black's score (win 1, draw 1/2) over the decided games.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<9} {:>8} {:>6}  {:>7} {:>7} {:>6} {:>7}  {:>6}",
            "next", "games", "share", "black", "white", "draw", "unknown", "black%"
        )?;
        let total = self.total.games.max(1) as f64;
        let line = |f: &mut fmt::Formatter<'_>, name: &str, b: &Branch| {
            let decided = b.black + b.white + b.draws;
            let score = if decided == 0 {
                "-".to_string()
            } else {
                format!(
                    "{:.1}",
                    100.0 * (b.black as f64 + b.draws as f64 / 2.0) / decided as f64
                )
            };
            writeln!(
                f,
                "{name:<9} {:>8} {:>5.1}%  {:>7} {:>7} {:>6} {:>7}  {score:>6}",
                b.games,
                100.0 * b.games as f64 / total,
                b.black,
                b.white,
                b.draws,
                b.unknown
            )
        };
        for (m, b) in self.rows() {
            line(f, &m.to_string(), &b)?;
        }
        line(f, "total", &self.total)
    }
}
