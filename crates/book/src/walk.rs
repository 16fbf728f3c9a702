//! Which positions of a game the book counts, and the move played next from each: one walk
//! that building, replacing and checking a book all share.
//!
//! A game is replayed from the empty board. Each time it reaches a position it had not
//! reached before (after every stone; a pass leaves the position as it was) with at most
//! `max_moves` stones, the position is counted once, and so is the move played next from
//! it (a stone or a pass; none when the record ends there). The walk stops at the first
//! position with more stones, at the end of the moves, or at a move that cannot be played (a
//! point off the board or already taken: no position after it is counted, and it is no next
//! move) — the definitions of `renju_archive::search`, so that the book and a scan agree.

use crate::key::{END, PASS, Tracker};
use renju_core::{Color, Move};

/// Why a walk stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The moves ran out.
    End,
    /// The next position has more stones than the book keeps.
    Depth,
    /// The next move cannot be played.
    Illegal,
}

/// What a walk did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Walk {
    /// The number of moves walked: the moves the book's rows depend on (replaying just them
    /// gives the same rows).
    pub used: usize,
    /// Why it stopped.
    pub stop: Stop,
    /// Whether a pass was among the moves walked.
    pub pass: bool,
}

/// Walks `moves`, appending to `keys` the canonical key of each position counted and calling
/// `visit(key, next)` with it and the code of the next move in the key's orientation
/// ([`PASS`] for a pass, [`END`] when there is no next move).
pub(crate) fn walk(
    moves: &[Move],
    max_moves: usize,
    t: &mut Tracker,
    keys: &mut Vec<u8>,
    mut visit: impl FnMut(&[u8], i32),
) -> Walk {
    t.clear();
    let mut fresh = true;
    let mut pass = false;
    let mut k = 0;
    let stop = loop {
        if fresh && t.stones() > max_moves {
            break Stop::Depth;
        }
        let next = moves.get(k).copied();
        let playable = match next {
            Some(Move::Stone(p)) => t.playable(p).map(Some),
            Some(Move::Pass) | None => Some(None),
        };
        if fresh {
            let (best, set) = t.canonical();
            let start = keys.len();
            t.append_encoding(best, keys);
            let edge = match (next, playable) {
                (Some(Move::Pass), _) => PASS,
                (Some(Move::Stone(_)), Some(Some(c))) => i32::from(t.canonical_move(set, c)),
                _ => END,
            };
            visit(&keys[start..], edge);
        }
        match (next, playable) {
            (None, _) => break Stop::End,
            (Some(_), None) => break Stop::Illegal,
            (Some(Move::Pass), _) => {
                pass = true;
                fresh = false;
            }
            (Some(Move::Stone(_)), Some(c)) => {
                let c = c.expect("a playable stone has a code");
                t.place(c, Color::of_move_number(k + 1));
                fresh = true;
            }
        }
        k += 1;
    };
    Walk {
        used: k,
        stop,
        pass,
    }
}

/// The token of the end of a game's walk at a position counted with no next move
/// ([`tokens`]).
pub(crate) const TOKEN_END: u16 = 0;
/// The token of a pass ([`tokens`]).
pub(crate) const TOKEN_PASS: u16 = 1;

/// The token of a stone of code `c` ([`tokens`]).
#[inline]
pub(crate) const fn stone_token(c: u16) -> u16 {
    c + 2
}

/// What [`tokens`] found: the walk, and the number of positions it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tokens {
    pub walk: Walk,
    pub positions: usize,
    /// The bytes of the keys of the positions counted ([`crate::key`]: `1 + stones * width`
    /// each), made later by the sweep.
    pub key_bytes: usize,
}

/// The walk of `moves` as [`walk`] makes it, without the keys: appends to `out` the game's
/// **tokens**, from which the sweep ([`crate::sweep`]) replays the same visits: the moves
/// walked (`stone_token(code)`, [`TOKEN_PASS`]), then [`TOKEN_END`] when the walk counted a
/// last position with no next move. The visits of a game depend only on its tokens: the
/// visit of the position before token `k` (when counted) is `(key of the stones of tokens[..k],
/// next move tokens[k])`, so two games whose tokens share a prefix of length `l` share their
/// visits of next move before `l`.
pub(crate) fn tokens(moves: &[Move], max_moves: usize, size: u8, out: &mut Vec<u16>) -> Tokens {
    let n = usize::from(size);
    let mut taken =
        [0u64; (renju_core::MAX_SIZE as usize * renju_core::MAX_SIZE as usize).div_ceil(64)];
    let mut stones = 0;
    let mut fresh = true;
    let mut pass = false;
    let mut positions = 0;
    let mut key_bytes = 0;
    let width = crate::key::code_width(size);
    let mut k = 0;
    let stop = loop {
        if fresh && stones > max_moves {
            break Stop::Depth;
        }
        let next = moves.get(k).copied();
        let playable = match next {
            Some(Move::Stone(p)) => {
                let (col, row) = (usize::from(p.col()), usize::from(p.row()));
                let c = row * n + col;
                (col < n && row < n && taken[c / 64] >> (c % 64) & 1 == 0).then_some(Some(c))
            }
            Some(Move::Pass) | None => Some(None),
        };
        if fresh {
            positions += 1;
            key_bytes += 1 + stones * width;
        }
        match (next, playable) {
            (None, _) | (Some(_), None) => {
                if fresh {
                    out.push(TOKEN_END);
                }
                break if next.is_none() {
                    Stop::End
                } else {
                    Stop::Illegal
                };
            }
            (Some(Move::Pass), _) => {
                out.push(TOKEN_PASS);
                pass = true;
                fresh = false;
            }
            (Some(Move::Stone(_)), Some(c)) => {
                let c = c.expect("a playable stone has a code");
                taken[c / 64] |= 1 << (c % 64);
                stones += 1;
                out.push(stone_token(c as u16));
                fresh = true;
            }
        }
        k += 1;
    };
    Tokens {
        walk: Walk {
            used: k,
            stop,
            pass,
        },
        positions,
        key_bytes,
    }
}
