//! The whole-board scan: every empty point where a Black stone would be forbidden.
//!
//! Most empty points cannot be fouls at all, and a bitboard filter says which ones might be
//! before any table is consulted. Counting the other Black stones on each line of a point P:
//! a four through P needs three of them within 4 points of P, a three needs two within 3 (its
//! stones span at most four points), and an overline or two fours on one line need four
//! within 4 (an overline joins runs of a and b stones with a + b >= 5). A foul is an overline,
//! two fours, or two open threes (4-4-3 and 4-3-3 included), so P is a candidate only when
//! one line has four within 4, or two lines have three within 4, or two lines have two within
//! 3. The counts are computed for all points at once, row by row with shifts (a saturating
//! bit-sliced counter per line direction); the candidates then get the exact decision.

use super::decide::{four_dirs, quick};
use super::double_three::{Memo, Search};
use super::{Foul, Verdict};
use crate::shape::{Lines, Packed};
use crate::{Color, Convention, MAX_SIZE, Point};

const ROWS: usize = MAX_SIZE as usize;
const PAD: usize = 4;

/// The empty points (bit `c` of row `r`) that may be forbidden: see the module docs.
pub(super) fn candidates(lines: &Lines) -> [u32; ROWS] {
    let size = usize::from(lines.size());
    let mut black = [0u32; ROWS + 2 * PAD];
    let mut empty = [0u32; ROWS];
    let full = (1u32 << size) - 1;
    for r in 0..size {
        let b = lines.row_bits(Color::Black, r as u8);
        black[PAD + r] = b;
        empty[r] = !(b | lines.row_bits(Color::White, r as u8)) & full;
    }
    // Per direction: two within 3 (`near`), three within 4 (`four`); any line with four
    // within 4 (`single`).
    let mut near = [[0u32; ROWS]; 4];
    let mut four = [[0u32; ROWS]; 4];
    let mut single = [0u32; ROWS];
    for (di, (dc, dr)) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)]
        .into_iter()
        .enumerate()
    {
        let mut c1 = [0u32; ROWS];
        let mut c2 = [0u32; ROWS];
        let mut c3 = [0u32; ROWS];
        let mut c4 = [0u32; ROWS];
        for k in 1..=4i32 {
            if k == 4 {
                near[di] = c2;
            }
            for s in [k, -k] {
                let (sc, sr) = (s * dc, s * dr);
                let base = (PAD as i32 + sr) as usize;
                let rows = &black[base..base + ROWS];
                for r in 0..ROWS {
                    // Bit c of x: a Black stone s points from (c, r) along the direction.
                    let x = if sc >= 0 {
                        rows[r] >> sc
                    } else {
                        rows[r] << -sc
                    };
                    c4[r] |= c3[r] & x;
                    c3[r] |= c2[r] & x;
                    c2[r] |= c1[r] & x;
                    c1[r] |= x;
                }
            }
        }
        four[di] = c3;
        for r in 0..ROWS {
            single[r] |= c4[r];
        }
    }
    let at_least_two = |m: &[[u32; ROWS]; 4], r: usize| {
        let [a, b, c, d] = [m[0][r], m[1][r], m[2][r], m[3][r]];
        (a & b) | (c & d) | ((a | b) & (c | d))
    };
    let mut out = [0u32; ROWS];
    for r in 0..ROWS {
        out[r] = (single[r] | at_least_two(&four, r) | at_least_two(&near, r)) & empty[r];
    }
    out
}

/// Appends every forbidden empty point of `lines` under `convention` to `out`, in reading
/// order (top row first, column `a` first). The lines are copied only when a point needs the
/// recursive double-three search (the copy is its scratch board).
pub(super) fn scan(lines: &Lines, convention: Convention, out: &mut Vec<(Point, Foul)>) {
    let cand = candidates(lines);
    scan_points(lines, &cand, convention, out, |p| four_dirs(lines, p));
}

/// The scan of the points marked in `cand` (rows of column bits), given how to get a point's
/// four line shapes (from the tables, or from a cache kept current move by move).
pub(super) fn scan_points(
    lines: &Lines,
    cand: &[u32; ROWS],
    convention: Convention,
    out: &mut Vec<(Point, Foul)>,
    shapes: impl Fn(Point) -> [Packed; 4],
) {
    let mut work: Option<Lines> = None;
    let mut memo = Memo::default();
    let mut placed = Vec::new();
    for r in (0..lines.size()).rev() {
        let mut bits = cand[usize::from(r)];
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let p = Point::new(c, r).expect("on board");
            let ks = shapes(p);
            let v = match quick(&ks) {
                Ok(v) => v,
                Err(()) => Search {
                    lines: work.get_or_insert_with(|| lines.clone()),
                    convention,
                    placed: &mut placed,
                    memo: &mut memo,
                }
                .double_three(p, &ks),
            };
            if let Verdict::Forbidden(f) = v {
                out.push((p, f));
            }
        }
    }
}
