//! Compact move codes, symmetry tables and Zobrist keys: the canonical keys behind
//! [`crate::dedupe`] and [`crate::search`].
//!
//! A move is coded as a `u16`: `0` for a pass, `1 + row * 20 + col` for a stone (the codes of
//! the largest, 20x20, board). A symmetry depends on the board side, so each side has its own
//! table. The Zobrist key of a move sequence is the XOR of one random 64-bit number per
//! (move number, code): equal sequences have equal keys, and a sequence's key under each of
//! the 8 symmetries is computed in one pass. Keys only find candidates: every match is then
//! checked move by move ([`maps_onto`]), so a hash collision never merges two games.

use renju_core::{MAX_SIZE, Move, Point, Symmetry};
use std::sync::OnceLock;

/// Number of move codes: the pass and the 400 points of a 20x20 board.
pub const CODES: usize = 1 + (MAX_SIZE as usize) * (MAX_SIZE as usize);

/// The code of a move (see the module documentation).
///
/// ```
/// use renju_archive::keys::{code, decode};
/// use renju_core::Move;
/// assert_eq!(code(Move::Pass), 0);
/// let h8: Move = "h8".parse().unwrap();
/// assert_eq!(decode(code(h8)), h8);
/// ```
#[must_use]
pub fn code(m: Move) -> u16 {
    match m {
        Move::Pass => 0,
        Move::Stone(p) => 1 + u16::from(p.row()) * u16::from(MAX_SIZE) + u16::from(p.col()),
    }
}

/// The move of a code made by [`code`].
///
/// # Panics
/// On a code that [`code`] cannot make (at least [`CODES`]).
#[must_use]
pub fn decode(c: u16) -> Move {
    if c == 0 {
        return Move::Pass;
    }
    let i = c - 1;
    let size = u16::from(MAX_SIZE);
    Move::Stone(Point::new((i % size) as u8, (i / size) as u8).expect("a code made by code()"))
}

/// For each of [`Symmetry::ALL`], the image of every code on a board of one side (a pass
/// stays a pass; codes off that board map to themselves, they never reach a table lookup
/// that matters because [`crate::dedupe`] and [`crate::search`] refuse them first).
pub type SymmetryTable = [[u16; CODES]; 8];

/// The symmetry tables of a board side (built once per side).
///
/// ```
/// use renju_archive::keys::{code, symmetry_table};
/// use renju_core::{Move, Symmetry};
/// let t = symmetry_table(15);
/// let a1: Move = "a1".parse().unwrap();
/// let o1: Move = "o1".parse().unwrap();
/// assert_eq!(t[Symmetry::FlipHorizontal as usize][usize::from(code(a1))], code(o1));
/// ```
#[must_use]
pub fn symmetry_table(size: u8) -> &'static SymmetryTable {
    static TABLES: [OnceLock<Box<SymmetryTable>>; MAX_SIZE as usize + 1] =
        [const { OnceLock::new() }; MAX_SIZE as usize + 1];
    let side = size.min(MAX_SIZE);
    TABLES[usize::from(side)].get_or_init(|| {
        let mut t = Box::new([[0u16; CODES]; 8]);
        for (s, sym) in Symmetry::ALL.into_iter().enumerate() {
            for (c, slot) in t[s].iter_mut().enumerate() {
                *slot = c as u16;
                if let Move::Stone(p) = decode(c as u16)
                    && p.col() < side
                    && p.row() < side
                {
                    *slot = code(Move::Stone(sym.apply(p, side)));
                }
            }
        }
        t
    })
}

/// Whether every code lies on a board of side `size` (passes always do).
#[must_use]
pub fn on_board(codes: &[u16], size: u8) -> bool {
    codes.iter().all(|&c| match decode_checked(c) {
        Some(Move::Pass) => true,
        Some(Move::Stone(p)) => p.col() < size && p.row() < size,
        None => false,
    })
}

fn decode_checked(c: u16) -> Option<Move> {
    (usize::from(c) < CODES).then(|| decode(c))
}

const ROWS: usize = 256;

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn zobrist_table() -> &'static [[u64; CODES]] {
    static TABLE: OnceLock<Vec<[u64; CODES]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut state = 0x0005_EED0_F2E1_u64;
        (0..ROWS)
            .map(|_| {
                let mut row = [0u64; CODES];
                for z in &mut row {
                    state = splitmix(state);
                    *z = state;
                }
                row
            })
            .collect()
    })
}

/// The Zobrist number of code `c` played as move `k` (0-based).
#[inline]
#[must_use]
pub fn zobrist(k: usize, c: u16) -> u64 {
    let t = zobrist_table();
    let z = t[k % ROWS][usize::from(c)];
    let lap = (k / ROWS) as u64;
    if lap == 0 {
        z
    } else {
        z.rotate_left((lap % 63) as u32 + 1) ^ splitmix(lap)
    }
}

/// The key of a board side, mixed into every key so that boards of different sides never
/// share one.
#[must_use]
pub fn size_key(size: u8) -> u64 {
    splitmix(0xB0A2_D000 ^ u64::from(size))
}

/// The Zobrist keys of the 8 symmetric forms of every prefix of a move sequence, computed
/// incrementally: after [`SymmetricKeys::push`] of move `k`, [`SymmetricKeys::canonical`] is
/// the key of the first `k` moves shared by all 8 of their symmetric forms (the smallest of
/// the 8 keys), so two sequences of equal length that one symmetry maps onto the other have
/// the same canonical key.
#[derive(Debug, Clone)]
pub struct SymmetricKeys {
    table: &'static SymmetryTable,
    zobrist: &'static [[u64; CODES]],
    keys: [u64; 8],
    len: usize,
    size: u64,
}

impl SymmetricKeys {
    /// Keys of the empty sequence on a board of side `size`.
    #[must_use]
    pub fn new(size: u8) -> SymmetricKeys {
        SymmetricKeys {
            table: symmetry_table(size),
            zobrist: zobrist_table(),
            keys: [0; 8],
            len: 0,
            size: size_key(size),
        }
    }

    /// Adds the next move's code.
    #[inline]
    pub fn push(&mut self, c: u16) {
        let k = self.len;
        let c = usize::from(c);
        if k < ROWS {
            let row = &self.zobrist[k];
            for s in 0..8 {
                self.keys[s] ^= row[usize::from(self.table[s][c])];
            }
        } else {
            for s in 0..8 {
                self.keys[s] ^= zobrist(k, self.table[s][c]);
            }
        }
        self.len += 1;
    }

    /// The canonical key of the moves pushed so far.
    #[inline]
    #[must_use]
    pub fn canonical(&self) -> u64 {
        self.keys.iter().copied().min().unwrap_or(0) ^ self.size ^ (self.len as u64)
    }
}

/// The canonical key of a whole sequence (see [`SymmetricKeys`]).
///
/// ```
/// use renju_archive::keys::{canonical_key, code};
/// use renju_core::{Move, Symmetry};
/// let game: Vec<Move> = "h8 h9 i10 g7".split(' ').map(|m| m.parse().unwrap()).collect();
/// let turned: Vec<Move> = game.iter().map(|m| match m {
///     Move::Stone(p) => Move::Stone(Symmetry::Rotate90.apply(*p, 15)),
///     Move::Pass => Move::Pass,
/// }).collect();
/// let codes = |g: &[Move]| g.iter().map(|&m| code(m)).collect::<Vec<_>>();
/// assert_eq!(canonical_key(&codes(&game), 15), canonical_key(&codes(&turned), 15));
/// assert_ne!(canonical_key(&codes(&game), 15), canonical_key(&codes(&game[..3]), 15));
/// ```
#[must_use]
pub fn canonical_key(codes: &[u16], size: u8) -> u64 {
    let mut k = SymmetricKeys::new(size);
    for &c in codes {
        k.push(c);
    }
    k.canonical()
}

/// The first symmetry of [`Symmetry::ALL`] (identity first) that maps `a` onto the first
/// `a.len()` moves of `b`, checked move by move; `None` when `a` is longer than `b` or no
/// symmetry does.
///
/// ```
/// use renju_archive::keys::{code, maps_onto};
/// use renju_core::Symmetry;
/// let codes = |s: &str| s.split(' ').map(|m| code(m.parse().unwrap())).collect::<Vec<_>>();
/// let game = codes("h8 h9 i10 g7 j11");
/// assert_eq!(maps_onto(&codes("h8 h9 i10"), &game, 15), Some(Symmetry::Identity));
/// assert_eq!(maps_onto(&codes("h8 h7 i6"), &game, 15), Some(Symmetry::FlipVertical));
/// assert_eq!(maps_onto(&codes("h8 h9 i11"), &game, 15), None);
/// ```
#[must_use]
pub fn maps_onto(a: &[u16], b: &[u16], size: u8) -> Option<Symmetry> {
    if a.len() > b.len() {
        return None;
    }
    let t = symmetry_table(size);
    Symmetry::ALL.into_iter().find(|&s| {
        let row = &t[s as usize];
        a.iter().zip(b).all(|(&x, &y)| row[usize::from(x)] == y)
    })
}
