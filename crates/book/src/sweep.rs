//! Counting many games at once by their shared openings: the games of a chunk of a file are
//! sorted by their tokens ([`crate::walk::tokens`]), then walked one after the other from
//! where each leaves the one before, so that a position played in many games is keyed once
//! for the chunk and counted with all of them as one entry of the log.
//!
//! A game's visits depend only on its tokens (the visit of next-move index `k` is the
//! position of the stones of `tokens[..k]` with next move `tokens[k]`). Sorted, each game
//! shares with the one before it the visits of index below their common prefix: those are
//! kept open (on a stack, with their key and counts) and counted again; the others are
//! complete and given to the log; the stones past the prefix are taken back and the game
//! is walked on from there. In the 147k-game archive this keys 2.2 million positions where
//! walking each game keys 3.8 million (2.0 million were the whole file one chunk), and logs
//! as many entries. The counts are the same as walking every game: a test compares both on
//! random games.

use crate::aggregate::Aggregate;
use crate::key::{END, PASS, Tracker, hash};
use crate::prepare::with_tracker;
use crate::walk::{TOKEN_END, TOKEN_PASS};
use renju_core::Color;
use std::convert::Infallible;

/// The most bytes a chunk's games may take in the logs before it is swept: about a million
/// positions of games of 30 moves (34,000 games).
pub(crate) const MAX_CHUNK_BYTES: usize = 48 << 20;

/// The least bytes of a chunk (a few hundred positions): a tiny memory cap still sweeps
/// games together.
const MIN_CHUNK_BYTES: usize = 16 << 10;

/// The bytes a chunk's games may take for a build of `memory_cap` bytes
/// ([`crate::AddOptions::memory_cap`]): a quarter of the cap, between 16 KiB and
/// [`MAX_CHUNK_BYTES`]. The bytes of a chunk are what its sweep's log takes at most (an entry
/// of the log and its key per position of every game, fewer where games share openings) and
/// its own tokens; at most two chunks' logs are in memory at a time (the sweep running
/// behind, and the chunk being filled or the last one), so the chunks take at most half the
/// cap; the file's log takes the other half.
pub(crate) fn chunk_bytes(memory_cap: usize) -> usize {
    (memory_cap / 4).clamp(MIN_CHUNK_BYTES, MAX_CHUNK_BYTES)
}

/// One game waiting in a chunk.
#[derive(Debug, Clone, Copy)]
struct Waiting {
    /// Where its tokens start in the chunk's bytes, and their bytes (two a token).
    start: u32,
    len: u32,
    /// The games by result it counts for (one slot 1, or -1 to subtract).
    counts: [i32; 4],
}

/// The games of a chunk, waiting to be swept.
#[derive(Debug)]
pub(crate) struct Chunk {
    /// The games' tokens, each as two bytes, big-endian: byte strings compare as the token
    /// lists do, so the sort compares games with `memcmp`.
    tokens: Vec<u8>,
    games: Vec<Waiting>,
    /// The positions of its games and their keys' bytes: the entries and key bytes its
    /// sweep's logs hold at most.
    room: Room,
    /// The bytes it holds when full.
    limit: usize,
}

/// The positions of games and their keys' bytes ([`crate::walk::tokens`]), added up: what
/// the log of their sweep holds at most.
#[derive(Debug, Clone, Copy, Default)]
struct Room {
    positions: usize,
    key_bytes: usize,
}

/// A visit open on the stack: its next move's token index, its key (in the key stack), the
/// key's hash, the next move, and the games swept before the first game of it (the games of a
/// visit are consecutive in the sort: its counts are the games swept since, less these).
#[derive(Debug, Clone, Copy)]
struct Open {
    k: usize,
    key_at: usize,
    hash: u64,
    mv: i32,
    before: [i32; 4],
    /// The image its key encodes ([`Tracker::canonical`]) and its stones: the key of a
    /// position with one stone more under the same image is made from it.
    image: usize,
    stones: usize,
}

impl Chunk {
    /// An empty chunk, full at `limit` bytes ([`chunk_bytes`]).
    pub(crate) fn new(limit: usize) -> Chunk {
        Chunk {
            tokens: Vec::new(),
            games: Vec::new(),
            room: Room::default(),
            limit,
        }
    }

    /// Adds a game of `tokens` counting `positions` positions whose keys take `key_bytes`
    /// (all from [`crate::walk::tokens`]) for result slot `r` with weight `w` (1 to add, -1
    /// to subtract).
    pub(crate) fn push(
        &mut self,
        tokens: &[u16],
        positions: usize,
        key_bytes: usize,
        r: usize,
        w: i32,
    ) {
        let mut counts = [0; 4];
        counts[r] = w;
        self.games.push(Waiting {
            start: u32::try_from(self.tokens.len()).expect("a chunk under 4 GB of tokens"),
            len: u32::try_from(2 * tokens.len()).expect("a game under 2 G moves"),
            counts,
        });
        self.tokens
            .extend(tokens.iter().flat_map(|t| t.to_be_bytes()));
        self.room.positions += positions;
        self.room.key_bytes += key_bytes;
    }

    /// The bytes its games take in a log at most (an entry and a key a position), and its
    /// own (their tokens, and a [`Waiting`] a game).
    fn bytes(&self) -> usize {
        self.room.positions * Aggregate::ENTRY
            + self.room.key_bytes
            + self.tokens.len()
            + self.games.len() * size_of::<Waiting>()
    }

    /// Whether the chunk should be swept before more games are added.
    pub(crate) fn is_full(&self) -> bool {
        self.bytes() >= self.limit
    }

    /// Whether the chunk holds no game.
    pub(crate) fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Takes the chunk's games, leaving the chunk empty; they are sorted where they are swept
    /// ([`Taken::into_logs`], on the sweep's threads, not the caller's).
    pub(crate) fn take(&mut self) -> Taken {
        Taken {
            tokens: std::mem::take(&mut self.tokens),
            games: std::mem::take(&mut self.games),
            room: std::mem::take(&mut self.room),
        }
    }
}

/// The games of a chunk taken to be swept, sorted by their tokens before they are.
#[derive(Debug)]
pub(crate) struct Taken {
    /// As [`Chunk`]'s.
    tokens: Vec<u8>,
    games: Vec<Waiting>,
    /// The entries and key bytes its logs take at most ([`Chunk`]).
    room: Room,
}

impl Waiting {
    /// Where its tokens are in the chunk's bytes.
    fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

impl Taken {
    /// A game's tokens, two big-endian bytes each.
    fn of(&self, g: &Waiting) -> &[u8] {
        &self.tokens[g.range()]
    }

    /// Sorts the games by their tokens, on rayon's threads, then lays their tokens out in that
    /// order: the sweep reads each game's tokens after the one before (from memory read in
    /// order, not from all over the chunk's).
    fn sort(&mut self) {
        use rayon::slice::ParallelSliceMut;
        let tokens = &self.tokens;
        self.games
            .par_sort_unstable_by(|a, b| tokens[a.range()].cmp(&tokens[b.range()]));
        let mut sorted = Vec::with_capacity(tokens.len());
        for g in &mut self.games {
            let start = sorted.len();
            sorted.extend_from_slice(&tokens[g.range()]);
            g.start = start as u32;
        }
        self.tokens = sorted;
    }

    /// Counts every game, calling `emit(key, hash, next move, counts)` once for each
    /// (position, next move) of the games with the games that played it (the same (position,
    /// next move) may come more than once, from games far apart in the sort: transpositions,
    /// symmetric games; the log sums them). `t` is a tracker of the book's board side;
    /// `max_moves` the book's.
    #[cfg(test)]
    pub(crate) fn sweep<E>(
        &mut self,
        t: &mut Tracker,
        max_moves: usize,
        emit: impl FnMut(&[u8], u64, i32, [i32; 4]) -> Result<(), E>,
    ) -> Result<(), E> {
        self.sort();
        self.sweep_games(&self.games, t, max_moves, emit)
    }

    /// Sorts the games, then sweeps them into new logs of `bucket_bits`, in `parts` pieces at
    /// once on rayon's threads (each piece's logs its own; where pieces meet, an opening shared
    /// by both is counted in both, and summed by the log).
    pub(crate) fn into_logs(
        mut self,
        parts: usize,
        size: u8,
        max_moves: usize,
        bucket_bits: u32,
    ) -> Vec<Aggregate> {
        use rayon::prelude::*;
        self.sort();
        let per = self.games.len().div_ceil(parts.max(1)).max(1);
        let total = self.games.len().max(1);
        let room = self.room;
        self.games
            .par_chunks(per)
            .map(|games| {
                // room for the piece's share of the chunk's positions and key bytes, reserved
                // (touched as it fills: fewer entries than positions where games share
                // openings), so that the log seldom grows
                let share = |n: usize| n / total * games.len() + (n % total) * games.len() / total;
                let mut log =
                    Aggregate::with_room(share(room.positions), share(room.key_bytes), bucket_bits);
                let swept: Result<(), Infallible> = with_tracker(size, |t| {
                    self.sweep_games(games, t, max_moves, |key, hash, mv, counts| {
                        log.count(key, hash, mv, counts);
                        Ok(())
                    })
                });
                match swept {
                    Ok(()) => {
                        // the log is kept as it is by the file's log: only what it holds
                        log.shrink_to_fit();
                        log
                    }
                }
            })
            .collect()
    }

    fn sweep_games<E>(
        &self,
        games: &[Waiting],
        t: &mut Tracker,
        max_moves: usize,
        mut emit: impl FnMut(&[u8], u64, i32, [i32; 4]) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut open: Vec<Open> = Vec::with_capacity(64);
        let mut keys: Vec<u8> = Vec::with_capacity(64 * 32);
        // the stones on the tracker: their token index and code
        let mut placed: Vec<(usize, u16)> = Vec::with_capacity(64);
        t.clear();
        let mut prev: &[u8] = &[];
        let mut first = true;
        // the games swept so far, by result
        let mut swept = [0i32; 4];
        let since = |before: [i32; 4], swept: [i32; 4]| {
            std::array::from_fn(|r| swept[r].wrapping_sub(before[r]))
        };
        for g in games {
            let tokens = self.of(g);
            let common = if first {
                0
            } else {
                common_tokens(prev, tokens)
            };
            first = false;
            // the visits of next move at or past the common prefix are complete
            while let Some(o) = open.last().filter(|o| o.k >= common).copied() {
                emit(&keys[o.key_at..], o.hash, o.mv, since(o.before, swept))?;
                keys.truncate(o.key_at);
                open.pop();
            }
            while let Some(&(k, c)) = placed.last().filter(|(k, _)| *k >= common) {
                t.remove(c, Color::of_move_number(k + 1));
                placed.pop();
            }
            let before = swept;
            for (c, n) in swept.iter_mut().zip(g.counts) {
                *c = c.wrapping_add(n);
            }
            let token_at = |k: usize| u16::from_be_bytes([tokens[2 * k], tokens[2 * k + 1]]);
            let mut fresh = common == 0 || token_at(common - 1) != TOKEN_PASS;
            for k in common..tokens.len() / 2 {
                let token = token_at(k);
                if fresh && t.stones() > max_moves {
                    break;
                }
                if fresh {
                    let (best, set) = t.canonical();
                    let key_at = keys.len();
                    let stones = t.stones();
                    // the visit open before is the position of the stones but the last one
                    // placed when it has one stone less (its stones are all still placed)
                    match (open.last(), placed.last()) {
                        (Some(o), Some(&(pk, pc))) if o.image == best && o.stones + 1 == stones => {
                            t.append_encoding_after(
                                best,
                                o.key_at..key_at,
                                pc,
                                Color::of_move_number(pk + 1),
                                &mut keys,
                            );
                        }
                        _ => t.append_encoding(best, &mut keys),
                    }
                    let mv = match token {
                        TOKEN_END => END,
                        TOKEN_PASS => PASS,
                        stone => i32::from(t.canonical_move(set, stone - 2)),
                    };
                    open.push(Open {
                        k,
                        key_at,
                        hash: hash(&keys[key_at..]),
                        mv,
                        before,
                        image: best,
                        stones,
                    });
                }
                match token {
                    TOKEN_END => break,
                    TOKEN_PASS => fresh = false,
                    stone => {
                        t.place(stone - 2, Color::of_move_number(k + 1));
                        placed.push((k, stone - 2));
                        fresh = true;
                    }
                }
            }
            prev = tokens;
        }
        while let Some(o) = open.pop() {
            emit(&keys[o.key_at..], o.hash, o.mv, since(o.before, swept))?;
            keys.truncate(o.key_at);
        }
        Ok(())
    }
}

/// The number of leading tokens two games share, from their bytes (two a token, as
/// [`Chunk`] keeps them): eight bytes compared at a time.
fn common_tokens(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let word = |s: &[u8], i: usize| u64::from_le_bytes(s[i..i + 8].try_into().expect("8 bytes"));
    let mut i = 0;
    while i + 8 <= n {
        let x = word(a, i) ^ word(b, i);
        if x != 0 {
            // the first byte that differs: the lowest of the little-endian word
            return (i + (x.trailing_zeros() / 8) as usize) / 2;
        }
        i += 8;
    }
    while i < n && a[i] == b[i] {
        i += 1;
    }
    i / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::Tracker;
    use crate::walk::{tokens, walk};
    use proptest::prelude::*;
    use renju_core::{Move, Point};
    use std::collections::BTreeMap;

    type Rows = BTreeMap<(Vec<u8>, i32), [i64; 4]>;

    /// Every game walked on its own (the plain walk), each visit counted once.
    fn walked(games: &[(Vec<Move>, usize, i32)], size: u8, max: usize) -> Rows {
        let mut rows = Rows::new();
        let mut t = Tracker::new(size);
        for (moves, r, w) in games {
            let mut keys = Vec::new();
            walk(moves, max, &mut t, &mut keys, |k, mv| {
                rows.entry((k.to_vec(), mv)).or_default()[*r] += i64::from(*w);
            });
        }
        rows.retain(|_, c| c.iter().any(|&n| n != 0));
        rows
    }

    fn swept(games: &[(Vec<Move>, usize, i32)], size: u8, max: usize) -> (Rows, usize) {
        let mut chunk = Chunk::new(usize::MAX);
        let mut visits = 0;
        for (moves, r, w) in games {
            let mut toks = Vec::new();
            let got = tokens(moves, max, size, &mut toks);
            visits += got.positions;
            chunk.push(&toks, got.positions, got.key_bytes, *r, *w);
        }
        let mut rows = Rows::new();
        let mut t = Tracker::new(size);
        let mut entries = 0;
        chunk
            .take()
            .sweep(&mut t, max, |k, h, mv, c| {
                assert_eq!(h, hash(k));
                entries += 1;
                let row = rows.entry((k.to_vec(), mv)).or_default();
                for (a, b) in row.iter_mut().zip(c) {
                    *a += i64::from(b);
                }
                Ok::<(), ()>(())
            })
            .unwrap();
        assert!(chunk.is_empty());
        assert!(entries <= visits);
        rows.retain(|_, c| c.iter().any(|&n| n != 0));
        (rows, entries)
    }

    fn game(size: u8) -> impl Strategy<Value = (Vec<Move>, usize, i32)> {
        // small boards and short games make transpositions, shared openings, points taken
        // twice and passes common
        let mv = prop_oneof![
            8 => (0..size, 0..size).prop_map(|(c, r)| Move::Stone(Point::new(c, r).unwrap())),
            1 => Just(Move::Pass),
            1 => Just(Move::Stone(Point::new(size, 0).unwrap())),
        ];
        (
            proptest::collection::vec(mv, 0..12),
            0usize..4,
            prop_oneof![4 => Just(1), 1 => Just(-1)],
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn common_tokens_are_the_shared_prefix_of_the_token_lists(
            shared in proptest::collection::vec(0u16..600, 0..20),
            a in proptest::collection::vec(0u16..600, 0..12),
            b in proptest::collection::vec(0u16..600, 0..12),
        ) {
            let (x, y) = ([shared.clone(), a].concat(), [shared, b].concat());
            let bytes = |t: &[u16]| -> Vec<u8> { t.iter().flat_map(|v| v.to_be_bytes()).collect() };
            let expected = x.iter().zip(&y).take_while(|(p, q)| p == q).count();
            prop_assert_eq!(common_tokens(&bytes(&x), &bytes(&y)), expected);
            // and the bytes sort as the token lists do
            prop_assert_eq!(bytes(&x).cmp(&bytes(&y)), x.cmp(&y));
        }

        #[test]
        fn a_sweep_counts_what_walking_each_game_counts(
            games in proptest::collection::vec(game(5), 0..40),
            max in 0usize..10,
        ) {
            let (rows, _) = swept(&games, 5, max);
            prop_assert_eq!(rows, walked(&games, 5, max));
        }

        #[test]
        fn a_sweep_on_a_board_of_two_byte_codes_counts_what_walking_counts(
            games in proptest::collection::vec(game(17), 0..40),
            max in 0usize..12,
        ) {
            // a 17x17 board's keys take two bytes a stone: the keys made from the one before
            // put the stone's two bytes in their place
            let (rows, _) = swept(&games, 17, max);
            prop_assert_eq!(rows, walked(&games, 17, max));
        }

        #[test]
        fn a_sweep_of_games_from_few_openings_counts_what_walking_counts(
            tails in proptest::collection::vec(game(15), 1..30),
            max in 0usize..14,
        ) {
            // games that share their first moves in every way, as an archive's do
            let openings: [&[&str]; 3] = [&["h8", "h9", "i10"], &["h8", "i9"], &["h8", "h9", "--", "i8"]];
            let games: Vec<_> = tails
                .into_iter()
                .enumerate()
                .map(|(i, (tail, r, w))| {
                    let mut moves: Vec<Move> =
                        openings[i % 3].iter().map(|m| m.parse().unwrap()).collect();
                    moves.extend(tail);
                    (moves, r, w)
                })
                .collect();
            let (rows, _) = swept(&games, 15, max);
            prop_assert_eq!(rows, walked(&games, 15, max));
        }
    }

    #[test]
    fn a_logs_memory_is_what_it_holds_not_what_its_chunk_could_take() {
        // one game 2,000 times: the chunk counts room for 2,000 games' positions, the log
        // holds the game's positions once
        let moves: Vec<Move> = "h8 h9 i10 g7 j11 k12 f6 e5 l13 m14 d4 c3 n2 b2 o1"
            .split(' ')
            .map(|m| m.parse().unwrap())
            .collect();
        let mut chunk = Chunk::new(usize::MAX);
        let mut toks = Vec::new();
        let got = tokens(&moves, 30, 15, &mut toks);
        for _ in 0..2_000 {
            chunk.push(&toks, got.positions, got.key_bytes, 0, 1);
        }
        let logs = chunk.take().into_logs(2, 15, 30, 14);
        let held: usize = logs.iter().map(Aggregate::capacity_bytes).sum();
        // 16 positions (one per piece, keys of at most 31 bytes): a few kilobytes, where the
        // chunk's 2,000 games count for about a megabyte
        assert!(
            got.positions * 2_000 * Aggregate::ENTRY > 500_000,
            "the chunk's estimate is large"
        );
        assert!(held < 4_096, "{held} bytes held for 16 positions");
    }

    #[test]
    fn games_sharing_an_opening_are_keyed_once_for_it() {
        let g = |s: &str| -> Vec<Move> { s.split(' ').map(|m| m.parse().unwrap()).collect() };
        let games = vec![
            (g("h8 h9 i10 g7"), 0, 1),
            (g("h8 h9 i10 j11"), 1, 1),
            (g("h8 h9 i10 g7"), 2, 1),
        ];
        let (rows, entries) = swept(&games, 15, 30);
        assert_eq!(rows, walked(&games, 15, 30));
        // the empty board, h8, h8 h9 (one edge each); h8 h9 i10 (two edges); the two
        // positions of four stones (one edge each: the end)
        assert_eq!(entries, 7);
        assert_eq!(rows.len(), 7);
    }
}
