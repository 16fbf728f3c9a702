//! A position's counts and its next moves: [`Book::query`] and the [`Answer`] it gives.

use crate::book::Book;
use crate::counts::Counts;
use crate::error::BookError;
use crate::key::{Canonical, END, PASS, SymmetrySet, Tracker, move_of};
use crate::prepare::with_tracker;
use renju_core::{Color, Move};
use serde::{Serialize, Serializer};

/// What the book says of one position: its counts and the moves played next, in the
/// orientation the position was given in.
///
/// Serialised with serde it is the `--json` output of `corpus-tool book query`:
/// `{"position": [...], "games": N, "black": N, "white": N, "draw": N, "unknown": N,
/// "next": [{"move": "i9", "games": N, ...}, ...]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The moves of the position, as given.
    #[serde(serialize_with = "moves_as_text")]
    pub position: Vec<Move>,
    /// The games that reached the position (all zero when none did).
    #[serde(flatten)]
    pub counts: Counts,
    /// The moves played next, most played first, then in the order a1, b1, ..., o1, a2, ...
    /// (a pass last).
    pub next: Vec<NextMove>,
    /// The position's canonical key (not serialised).
    #[serde(skip)]
    pub key: Canonical,
}

/// One move played next from a position, with the games that played it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct NextMove {
    /// The move, in the orientation of the position asked. Where the position is its own
    /// image under some symmetries, the moves those symmetries map onto each other are one
    /// row, named by the first of them in the order a1, b1, ..., o1, a2, ...
    #[serde(rename = "move", serialize_with = "move_as_text")]
    pub mv: Move,
    /// The games that played it.
    #[serde(flatten)]
    pub counts: Counts,
}

fn moves_as_text<S: Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(ToString::to_string))
}

fn move_as_text<S: Serializer>(m: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(m)
}

impl Answer {
    /// The share of the position's games that played `next` (0 to 1).
    #[must_use]
    pub fn share(&self, next: &NextMove) -> f64 {
        if self.counts.games == 0 {
            0.0
        } else {
            next.counts.games as f64 / self.counts.games as f64
        }
    }

    /// The games that reached the position and played no move after it (the record ends
    /// there, or its next move cannot be played or be read).
    #[must_use]
    pub fn ended(&self) -> u64 {
        let played: u64 = self.next.iter().map(|n| n.counts.games).sum();
        self.counts.games.saturating_sub(played)
    }
}

/// Plays `moves` on a tracker as the book's walk would (colours alternating from Black, a
/// pass a turn), refusing a move that cannot be played.
pub(crate) fn play(t: &mut Tracker, moves: &[Move]) -> Result<(), BookError> {
    t.clear();
    for (i, &m) in moves.iter().enumerate() {
        let Move::Stone(p) = m else { continue };
        let Some(c) = t.playable(p) else {
            let size = t.table().size();
            let why = if p.col() >= size || p.row() >= size {
                format!("off the {size}x{size} board")
            } else {
                "the point is taken".to_string()
            };
            return Err(BookError::Position {
                number: i + 1,
                mv: m.to_string(),
                why,
            });
        };
        t.place(c, Color::of_move_number(i + 1));
    }
    Ok(())
}

impl Book {
    /// The position after `moves` (colours alternating from Black, `Move::Pass` a turn): its
    /// counts and next moves in the orientation of `moves`.
    ///
    /// # Errors
    /// A move that cannot be played ([`BookError::Position`]), a position with more stones
    /// than the book holds ([`BookError::BeyondDepth`]), SQLite fails.
    pub fn query(&self, moves: &[Move]) -> Result<Answer, BookError> {
        let max = self.settings.max_moves;
        let key = with_tracker(self.settings.board_size, |t| -> Result<_, BookError> {
            play(t, moves)?;
            if t.stones() > usize::from(max) {
                return Err(BookError::BeyondDepth {
                    stones: t.stones(),
                    max_moves: max,
                });
            }
            let key = Canonical::of_tracker(t);
            let set = key.symmetries();
            let edges = self.edges(key.key())?;
            let mut counts = [0u64; 4];
            let mut next = Vec::with_capacity(edges.len());
            for (c, n) in edges {
                for (sum, x) in counts.iter_mut().zip(n.by_result()) {
                    *sum += x;
                }
                if c != END {
                    next.push(NextMove {
                        mv: self.own_move(t, set, c),
                        counts: n,
                    });
                }
            }
            Ok((key, Counts::from_results(counts), next))
        })?;
        let (key, counts, mut next) = (key.0, key.1, key.2);
        next.sort_by(|a, b| {
            b.counts
                .games
                .cmp(&a.counts.games)
                .then_with(|| order(a.mv).cmp(&order(b.mv)))
        });
        Ok(Answer {
            position: moves.to_vec(),
            counts,
            next,
            key,
        })
    }

    fn own_move(&self, t: &Tracker, set: SymmetrySet, c: i32) -> Move {
        let size = self.settings.board_size;
        if c == PASS {
            return Move::Pass;
        }
        let own = t.own_move(set, c as u16);
        move_of(i32::from(own), size).unwrap_or(Move::Pass)
    }

    /// The counts of the position of canonical key `key`, if the book holds it.
    ///
    /// # Errors
    /// SQLite fails, the book's row cannot be read ([`BookError::Damaged`]).
    pub fn position(&self, key: &[u8]) -> Result<Option<Counts>, BookError> {
        let edges = self.edges(key)?;
        if edges.is_empty() {
            return Ok(None);
        }
        let mut by = [0u64; 4];
        for (_, c) in &edges {
            for (sum, x) in by.iter_mut().zip(c.by_result()) {
                *sum += x;
            }
        }
        Ok(Some(Counts::from_results(by)))
    }

    /// The rows of the position of canonical key `key`: each next move's code in the key's
    /// orientation ([`crate::key::PASS`] for a pass, [`crate::key::END`] for the games that
    /// played none) and its counts, in code order; empty when the book does not hold it.
    ///
    /// # Errors
    /// SQLite fails, the book's row cannot be read ([`BookError::Damaged`]).
    pub fn edges(&self, key: &[u8]) -> Result<Vec<(i32, Counts)>, BookError> {
        let rows = crate::buckets::edges_of(
            &self.conn,
            &self.path,
            "main.buckets",
            key,
            self.bucket_bits,
        )?;
        rows.into_iter()
            .map(|(mv, c)| {
                if c.iter().any(|&x| x < 0) {
                    return Err(BookError::Damaged {
                        path: self.path.clone(),
                        why: "a negative count".to_string(),
                    });
                }
                Ok((mv, Counts::from_results(c.map(|x| x as u64))))
            })
            .collect()
    }
}

/// The order of next moves with equal games: a1, b1, ..., o1, a2, ...; a pass last.
fn order(m: Move) -> (u8, u8, u8) {
    match m {
        Move::Stone(p) => (0, p.row(), p.col()),
        Move::Pass => (1, 0, 0),
    }
}
