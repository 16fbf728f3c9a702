//! The canonical key of a position under the 8 symmetries of the board, and the point codes
//! it is written in.
//!
//! A **point code** numbers the points of a board of side `n` row by row from row 1:
//! `code = row * n + col` (0-based), so `a1 = 0`, `b1 = 1`, ..., `o1 = 14`, `a2 = 15`, ...,
//! `o15 = 224` on the 15x15 board. This is also the order "a1, b1, ..., o1, a2, ..." in which
//! the book chooses among next moves that a symmetry of the position maps onto each other.
//!
//! A position is its black stones and its white stones (colours kept, whoever is to move:
//! the definition of `renju_archive::search`). Its **encoding** in one orientation is the bytes
//! `[b, black codes ascending..., white codes ascending...]` where `b` is the number of black
//! stones and each code is one byte on boards up to 15x15 ([`code_width`]; two bytes, big-endian,
//! on larger boards). The **canonical key** is the smallest, in byte order, of the encodings
//! of the 8 images of the position under [`Symmetry::ALL`]: two positions have the same key
//! exactly when one symmetry maps one onto the other (no hash: the key is the position).
//!
//! ```
//! use renju_book::key::{Canonical, code};
//! use renju_core::{Board, Color, Point, Symmetry};
//! let mut b = Board::renju();
//! b.place("h8".parse().unwrap(), Color::Black).unwrap();
//! b.place("i9".parse().unwrap(), Color::White).unwrap();
//! let c = Canonical::of_board(&b);
//! // h8 is 7 * 15 + 7 = 112; the smallest image of i9 is g7 (6 * 15 + 6 = 96)
//! assert_eq!(c.key(), [1, 112, 96]);
//! assert_eq!(code("g7".parse::<Point>().unwrap(), 15), 96);
//! // the position is its own image under the flip in the a1-o15 diagonal
//! assert_eq!(c.symmetries().len(), 2);
//! assert!(c.symmetries().contains(Symmetry::Rotate180));
//! ```

use renju_core::{Board, Color, MAX_SIZE, Move, Point, Symmetry};
use std::cmp::Ordering;

/// The number of bytes of one point code in a key: 1 on boards up to 15x15, else 2.
#[must_use]
pub const fn code_width(size: u8) -> usize {
    if size <= 15 { 1 } else { 2 }
}

/// The code of a point on a board of side `size` (see the module documentation).
#[must_use]
pub fn code(p: Point, size: u8) -> u16 {
    u16::from(p.row()) * u16::from(size) + u16::from(p.col())
}

/// The point of a code on a board of side `size`, when it is one.
#[must_use]
pub fn point(code: u16, size: u8) -> Option<Point> {
    let n = u16::from(size);
    if code >= n * n {
        return None;
    }
    Point::new((code % n) as u8, (code / n) as u8)
}

/// The bucket bits of a new book by default: 2^14 rows of `buckets` (about 6 KB each for the
/// 147k-game archive: SQLite inserts 16,384 rows of 6 KB in about half the time of 65,536
/// rows of 1.5 KB).
pub const BUCKET_BITS: u32 = 14;

/// The bucket of a position's key: the top `bits` bits (0 to 32) of the key's 64-bit
/// [`hash`]. The row of `buckets` whose `id` this is holds the position, if the book does.
///
/// ```
/// use renju_book::key::bucket;
/// assert_eq!(bucket(&[0], 16), 0x1001); // the empty board
/// assert_eq!(bucket(&[1, 112], 0), 0);
/// ```
#[must_use]
pub fn bucket(key: &[u8], bits: u32) -> u32 {
    bucket_of_hash(hash(key), bits)
}

/// The 64-bit hash of a key (see [`bucket`]), all arithmetic modulo 2^64: `h` starts as
/// `0x9e3779b97f4a7c15` XOR the key's length; the key's bytes are read as 64-bit
/// little-endian words, the last one padded with zero bytes, and each word `w` is mixed in
/// as `h = (h XOR w) * 0xff51afd7ed558ccd`, then `h = h XOR (h >> 32)`; last,
/// `h = h XOR (h >> 29)`, `h = h * 0xc4ceb9fe1a85ec53`, `h = h XOR (h >> 32)`. A word at a
/// time, not a byte: the build hashes every position of every game.
///
/// ```
/// use renju_book::key::hash;
/// assert_eq!(hash(&[]), 0x8632_f022_9a99_a2d8);
/// assert_eq!(hash(&[1, 112, 96]), 0xfe68_8070_34b5_5185); // h8 and g7
/// ```
#[must_use]
#[inline]
pub fn hash(key: &[u8]) -> u64 {
    const MIX: u64 = 0xff51_afd7_ed55_8ccd;
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15 ^ key.len() as u64;
    let mut words = key.chunks_exact(8);
    for w in words.by_ref() {
        let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(MIX);
        h ^= h >> 32;
    }
    let rest = words.remainder().len();
    if rest != 0 {
        // the last word padded with zero bytes: the key's last eight bytes shifted down past
        // the bytes already mixed in, or the bytes of a short key one by one (not a copy to
        // a buffer read back as a word: a stall the build paid at every position)
        let last = if key.len() >= 8 {
            let tail = u64::from_le_bytes(key[key.len() - 8..].try_into().expect("8 bytes"));
            tail >> (8 * (8 - rest))
        } else {
            key.iter().rev().fold(0u64, |w, &b| (w << 8) | u64::from(b))
        };
        h = (h ^ last).wrapping_mul(MIX);
        h ^= h >> 32;
    }
    h ^= h >> 29;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 32)
}

/// The bucket of a key of hash `h` ([`hash`]): its top `bits` bits.
#[must_use]
pub(crate) const fn bucket_of_hash(h: u64, bits: u32) -> u32 {
    if bits == 0 {
        0
    } else {
        (h >> (64 - if bits > 32 { 32 } else { bits })) as u32
    }
}

/// The code the book stores for a pass as a next move (the `edges.move` column).
pub const PASS: i32 = -1;

/// The code of the book's row for the games that played no next move from a position (the
/// record ends there, or its next move cannot be played or read).
pub const END: i32 = -2;

/// A set of the 8 symmetries (a bit per symmetry of [`Symmetry::ALL`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SymmetrySet(u8);

impl SymmetrySet {
    /// The set of one symmetry.
    #[must_use]
    pub const fn only(s: Symmetry) -> SymmetrySet {
        SymmetrySet(1 << s as u8)
    }

    /// Whether `s` is in the set.
    #[must_use]
    pub const fn contains(self, s: Symmetry) -> bool {
        self.0 >> (s as u8) & 1 == 1
    }

    /// The number of symmetries in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The symmetries of the set, in the order of [`Symmetry::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Symmetry> {
        Symmetry::ALL.into_iter().filter(move |&s| self.contains(s))
    }

    fn insert(&mut self, i: usize) {
        self.0 |= 1 << i;
    }
}

/// For each symmetry of [`Symmetry::ALL`], the image of every code of a board side.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    size: u8,
    map: Box<[[u16; MAX_CELLS]; 8]>,
}

const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

impl Table {
    pub(crate) fn new(size: u8) -> Table {
        let mut map = Box::new([[0u16; MAX_CELLS]; 8]);
        let n = u16::from(size);
        for (s, sym) in Symmetry::ALL.into_iter().enumerate() {
            for c in 0..n * n {
                let p = point(c, size).expect("a code of the board");
                map[s][usize::from(c)] = code(sym.apply(p, size), size);
            }
        }
        Table { size, map }
    }

    #[inline]
    pub(crate) fn image(&self, s: usize, c: u16) -> u16 {
        self.map[s][usize::from(c)]
    }

    pub(crate) fn size(&self) -> u8 {
        self.size
    }
}

/// Words of a set of codes of the largest board.
const WORDS: usize = MAX_CELLS.div_ceil(64);

/// A set of point codes (bit `code`).
type Bits = [u64; WORDS];

/// The order of two sets of codes of the same size as their ascending lists compare: the
/// smaller list is the one holding the smallest code of the two sets' difference. `words`:
/// the words that can hold a code of the board.
#[inline]
fn compare_sets(a: &Bits, b: &Bits, words: usize) -> Ordering {
    for w in 0..words {
        let x = a[w] ^ b[w];
        if x != 0 {
            return if a[w] & (x & x.wrapping_neg()) != 0 {
                Ordering::Less
            } else {
                Ordering::Greater
            };
        }
    }
    Ordering::Equal
}

/// A position followed stone by stone, with its 8 images kept as bit sets, so that its
/// canonical key is a few word comparisons away after each stone.
#[derive(Debug, Clone)]
pub(crate) struct Tracker {
    table: Table,
    /// The words of a set that can hold a code of the board.
    words: usize,
    black: [Bits; 8],
    white: [Bits; 8],
    blacks: usize,
    whites: usize,
}

impl Tracker {
    pub(crate) fn new(size: u8) -> Tracker {
        Tracker {
            table: Table::new(size),
            words: (usize::from(size) * usize::from(size)).div_ceil(64),
            black: [[0; WORDS]; 8],
            white: [[0; WORDS]; 8],
            blacks: 0,
            whites: 0,
        }
    }

    pub(crate) fn table(&self) -> &Table {
        &self.table
    }

    /// Back to the empty board.
    pub(crate) fn clear(&mut self) {
        self.black = [[0; WORDS]; 8];
        self.white = [[0; WORDS]; 8];
        self.blacks = 0;
        self.whites = 0;
    }

    /// The number of stones.
    pub(crate) fn stones(&self) -> usize {
        self.blacks + self.whites
    }

    /// The code of a move's point when it is on the board and free.
    pub(crate) fn playable(&self, p: Point) -> Option<u16> {
        let size = self.table.size;
        if p.col() >= size || p.row() >= size {
            return None;
        }
        let c = code(p, size);
        let i = usize::from(c);
        let bit = 1u64 << (i % 64);
        ((self.black[0][i / 64] | self.white[0][i / 64]) & bit == 0).then_some(c)
    }

    /// Places a stone on a free point of the board (see [`Tracker::playable`]).
    pub(crate) fn place(&mut self, c: u16, color: Color) {
        let side = match color {
            Color::Black => {
                self.blacks += 1;
                &mut self.black
            }
            Color::White => {
                self.whites += 1;
                &mut self.white
            }
        };
        for (s, set) in side.iter_mut().enumerate() {
            let i = usize::from(self.table.image(s, c));
            set[i / 64] |= 1 << (i % 64);
        }
    }

    /// Takes back a stone [`Tracker::place`] placed (of code `c` and colour `color`).
    pub(crate) fn remove(&mut self, c: u16, color: Color) {
        let side = match color {
            Color::Black => {
                self.blacks -= 1;
                &mut self.black
            }
            Color::White => {
                self.whites -= 1;
                &mut self.white
            }
        };
        for (s, set) in side.iter_mut().enumerate() {
            let i = usize::from(self.table.image(s, c));
            debug_assert!(set[i / 64] >> (i % 64) & 1 == 1, "a stone placed before");
            set[i / 64] &= !(1 << (i % 64));
        }
    }

    fn compare(&self, a: usize, b: usize) -> Ordering {
        compare_sets(&self.black[a], &self.black[b], self.words)
            .then_with(|| compare_sets(&self.white[a], &self.white[b], self.words))
    }

    /// The index of the smallest image and the set of symmetries giving it.
    pub(crate) fn canonical(&self) -> (usize, SymmetrySet) {
        let mut best = 0;
        let mut set = SymmetrySet::default();
        set.insert(0);
        for s in 1..8 {
            match self.compare(s, best) {
                Ordering::Less => {
                    best = s;
                    set = SymmetrySet::default();
                    set.insert(s);
                }
                Ordering::Equal => set.insert(s),
                Ordering::Greater => {}
            }
        }
        (best, set)
    }

    /// Appends the encoding of image `s` to `out` where the position is the one encoded (under
    /// the same image) at `prev`, a range of `out`, with one stone more: code `c` of `color`.
    /// The bytes are [`Tracker::append_encoding`]'s, made from the previous encoding with the
    /// stone's image put in its place instead of from the board's bits.
    pub(crate) fn append_encoding_after(
        &self,
        s: usize,
        prev: std::ops::Range<usize>,
        c: u16,
        color: Color,
        out: &mut Vec<u8>,
    ) {
        let width = code_width(self.table.size);
        let image = self.table.image(s, c);
        let start = out.len();
        out.extend_from_within(prev);
        let key = &mut out[start..];
        let blacks = usize::from(key[0]) * width;
        let (mut at, end) = match color {
            Color::Black => {
                key[0] += 1;
                (1, 1 + blacks)
            }
            Color::White => (1 + blacks, key.len()),
        };
        // the codes of a colour ascend: the stone goes before the first above it
        let code_at = |i: usize| {
            if width == 2 {
                u16::from_be_bytes([key[i], key[i + 1]])
            } else {
                u16::from(key[i])
            }
        };
        while at < end && code_at(at) < image {
            at += width;
        }
        let at = start + at;
        if width == 2 {
            out.splice(at..at, image.to_be_bytes());
        } else {
            out.insert(at, image as u8);
        }
        debug_assert_eq!(out[start..], {
            let mut full = Vec::new();
            self.append_encoding(s, &mut full);
            full
        });
    }

    /// Appends the encoding of image `s` to `out`.
    #[inline]
    pub(crate) fn append_encoding(&self, s: usize, out: &mut Vec<u8>) {
        // the bytes are made room for at once, then written in place
        let width = code_width(self.table.size);
        let start = out.len();
        out.resize(start + 1 + self.stones() * width, 0);
        let buf = &mut out[start..];
        buf[0] = self.blacks as u8;
        let mut n = 1;
        let wide = width == 2;
        for set in [&self.black[s], &self.white[s]] {
            for (w, &word) in set[..self.words].iter().enumerate() {
                let mut x = word;
                while x != 0 {
                    let c = (w * 64) as u16 + x.trailing_zeros() as u16;
                    x &= x - 1;
                    if wide {
                        buf[n..n + 2].copy_from_slice(&c.to_be_bytes());
                        n += 2;
                    } else {
                        buf[n] = c as u8;
                        n += 1;
                    }
                }
            }
        }
        debug_assert_eq!(n, buf.len());
    }

    /// The code a next move is stored under: the smallest of its images under the
    /// symmetries that map the position onto its canonical form.
    pub(crate) fn canonical_move(&self, set: SymmetrySet, c: u16) -> u16 {
        (0..8)
            .filter(|&s| set.contains(Symmetry::ALL[s]))
            .map(|s| self.table.image(s, c))
            .min()
            .unwrap_or(c)
    }

    /// The next move in this position's own orientation of a move stored under `c`: the
    /// first, in code order, of the points the symmetries of `set` map onto `c`.
    pub(crate) fn own_move(&self, set: SymmetrySet, c: u16) -> u16 {
        Symmetry::ALL
            .into_iter()
            .filter(|&s| set.contains(s))
            .map(|s| self.table.image(s.inverse() as usize, c))
            .min()
            .unwrap_or(c)
    }
}

/// The canonical form of one position: its key and the symmetries that map it there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canonical {
    key: Vec<u8>,
    symmetries: SymmetrySet,
}

impl Canonical {
    /// The canonical form of the stones of a board (of at most 255 stones of a colour, as
    /// every position a book can hold: its count is one byte).
    #[must_use]
    pub fn of_board(board: &Board) -> Canonical {
        let mut t = Tracker::new(board.size());
        for (p, color) in board.stones() {
            t.place(code(p, board.size()), color);
        }
        Canonical::of_tracker(&t)
    }

    pub(crate) fn of_tracker(t: &Tracker) -> Canonical {
        let (best, symmetries) = t.canonical();
        let mut key = Vec::new();
        t.append_encoding(best, &mut key);
        Canonical { key, symmetries }
    }

    /// The key (the `key` column of the book's tables).
    #[must_use]
    pub fn key(&self) -> &[u8] {
        &self.key
    }

    /// The key in hexadecimal, as an SQL blob literal writes it (`x'017060'` for the key `[1, 112, 96]`).
    #[must_use]
    pub fn hex(&self) -> String {
        self.key.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The symmetries that map the position onto the orientation of its key: one for most
    /// positions, more for a position that is its own image under some symmetries.
    #[must_use]
    pub fn symmetries(&self) -> SymmetrySet {
        self.symmetries
    }
}

/// The move a code names, or a pass for [`PASS`].
#[must_use]
pub fn move_of(code: i32, size: u8) -> Option<Move> {
    if code == PASS {
        return Some(Move::Pass);
    }
    u16::try_from(code)
        .ok()
        .and_then(|c| point(c, size))
        .map(Move::Stone)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash as its definition reads (README, [`hash`]): the key's bytes as 64-bit
    /// little-endian words, the last one padded with zero bytes.
    fn hash_as_defined(key: &[u8]) -> u64 {
        const MIX: u64 = 0xff51_afd7_ed55_8ccd;
        let mut h: u64 = 0x9e37_79b9_7f4a_7c15 ^ key.len() as u64;
        for word in key.chunks(8) {
            let mut w = [0u8; 8];
            w[..word.len()].copy_from_slice(word);
            h = (h ^ u64::from_le_bytes(w)).wrapping_mul(MIX);
            h ^= h >> 32;
        }
        h ^= h >> 29;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 32)
    }

    #[test]
    fn the_hash_is_its_definition_at_every_length() {
        for n in 0..=70usize {
            let key: Vec<u8> = (0..n).map(|i| (i * 151 + n * 7 + 3) as u8).collect();
            assert_eq!(hash(&key), hash_as_defined(&key), "length {n}");
            // a change in the last byte changes the hash
            if let Some(last) = key.last() {
                let mut other = key.clone();
                *other.last_mut().unwrap() = last ^ 0x80;
                assert_ne!(hash(&other), hash(&key), "length {n}");
            }
        }
    }

    #[test]
    fn codes_run_row_by_row_from_a1() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        assert_eq!(code(p("a1"), 15), 0);
        assert_eq!(code(p("o1"), 15), 14);
        assert_eq!(code(p("a2"), 15), 15);
        assert_eq!(code(p("o15"), 15), 224);
        for c in 0..225 {
            assert_eq!(code(point(c, 15).unwrap(), 15), c);
        }
        assert_eq!(point(225, 15), None);
    }

    #[test]
    fn the_key_is_the_same_under_every_symmetry_and_differs_otherwise() {
        let stones = ["h8", "h9", "i10", "g7", "j8"];
        let board = |sym: Symmetry, list: &[&str]| {
            let mut b = Board::renju();
            for (i, s) in list.iter().enumerate() {
                let p = sym.apply(s.parse().unwrap(), 15);
                b.place(p, Color::of_move_number(i + 1)).unwrap();
            }
            b
        };
        let first = Canonical::of_board(&board(Symmetry::Identity, &stones));
        for s in Symmetry::ALL {
            assert_eq!(Canonical::of_board(&board(s, &stones)).key(), first.key());
        }
        // colours matter
        let swapped =
            Canonical::of_board(&board(Symmetry::Identity, &["h9", "h8", "i10", "g7", "j8"]));
        assert_ne!(swapped.key(), first.key());
        assert_eq!(first.symmetries().len(), 1);
    }
}
