//! The definitions of docs/rules.md section 2 applied to one line neighbourhood, and the layout of
//! the table entries they produce.
//!
//! This file is compiled twice: by `build.rs`, which applies [`analyse`] to every one of the
//! 3^10 neighbourhoods and writes the tables into `OUT_DIR`, and by the library (as
//! `shape::analyse`), which reads the entries with the layout constants below and, in its
//! tests, recomputes every entry to check the generated tables. So it uses nothing but `core`
//! and names nothing of the crate: one implementation of the definitions, for both.
//!
//! A neighbourhood is the 11 points centred on the point (5 on each side), enough for every
//! shape through it. Its table index is `sum(digit_j * 3^j)` over the 10 points other than the
//! centre (`j` = window position, minus one past the centre), digit 0 empty, 1 own stone,
//! 2 blocked (an opponent's stone or off the board).

/// A window cell: empty.
pub(crate) const EMPTY: u8 = 0;
/// A window cell: a stone of the colour asked about.
pub(crate) const OWN: u8 = 1;
/// A window cell: an opponent's stone or off the board.
pub(crate) const BLOCKED: u8 = 2;
/// The points of a neighbourhood.
pub(crate) const WINDOW: usize = 11;
/// The window position of the point itself.
pub(crate) const MID: usize = 5;
/// The number of neighbourhoods, 3^10.
pub(crate) const TABLE_LEN: usize = 59_049;

/// Entry bits 0..11: the window positions of the points that complete a five.
pub(crate) const FIVE_SHIFT: u32 = 0;
/// Entry bits 11..22: the window positions of the straight-four points (the stone makes a
/// three).
pub(crate) const THREE_SHIFT: u32 = 11;
/// Entry bits 22..24: the number of fours (at most 3).
pub(crate) const FOURS_SHIFT: u32 = 22;
/// Entry bit: the stone makes a winning row.
pub(crate) const F_FIVE: u32 = 1 << 24;
/// Entry bit: the stone makes six or more where only exactly five wins.
pub(crate) const F_OVERLINE: u32 = 1 << 25;
/// Entry bit: one of the fours is straight.
pub(crate) const F_STRAIGHT: u32 = 1 << 26;
/// The mask of one 11-bit window field.
pub(crate) const MASK11: u32 = 0x7FF;

/// Summary bit: five.
pub(crate) const S_FIVE: u8 = 1;
/// Summary bit: overline.
pub(crate) const S_OVERLINE: u8 = 2;
/// Summary bits 2..4: the number of fours.
pub(crate) const S_FOURS_SHIFT: u32 = 2;
/// Summary bit: a three.
pub(crate) const S_THREE: u8 = 16;

/// The cells of the neighbourhood with table index `idx` (the centre empty).
pub(crate) fn cells_of(idx: usize) -> [u8; WINDOW] {
    let mut cells = [EMPTY; WINDOW];
    let mut v = idx;
    for j in 0..WINDOW - 1 {
        let i = if j < MID { j } else { j + 1 };
        cells[i] = [EMPTY, OWN, BLOCKED][v % 3];
        v /= 3;
    }
    cells
}

/// The contiguous run of own stones through `at` (inclusive bounds).
fn run(cells: &[u8; WINDOW], at: usize) -> (usize, usize) {
    let mut lo = at;
    while lo > 0 && cells[lo - 1] == OWN {
        lo -= 1;
    }
    let mut hi = at;
    while hi + 1 < WINDOW && cells[hi + 1] == OWN {
        hi += 1;
    }
    (lo, hi)
}

/// Whether adding a stone at `q` makes a winning row through the centre.
fn completes_five(cells: &[u8; WINDOW], q: usize, exact: bool) -> bool {
    if cells[q] != EMPTY {
        return false;
    }
    let mut c = *cells;
    c[q] = OWN;
    let (lo, hi) = run(&c, MID);
    let len = hi - lo + 1;
    lo <= q && q <= hi && if exact { len == 5 } else { len >= 5 }
}

/// The definitions of docs/rules.md section 2, applied to one neighbourhood with the centre filled:
/// the table entry (`exact`: only exactly five wins).
pub(crate) fn analyse(mut cells: [u8; WINDOW], exact: bool) -> u32 {
    cells[MID] = OWN;
    let (lo, hi) = run(&cells, MID);
    let len = hi - lo + 1;
    if exact && len >= 6 {
        return F_OVERLINE;
    }
    if len >= 5 {
        return F_FIVE;
    }
    let mut out = 0u32;
    let mut five_points = 0u32;
    for q in 0..WINDOW {
        if completes_five(&cells, q, exact) {
            five_points |= 1 << q;
        }
    }
    let n = five_points.count_ones();
    let straight = len == 4
        && lo >= 1
        && hi + 1 < WINDOW
        && five_points & (1 << (lo - 1)) != 0
        && five_points & (1 << (hi + 1)) != 0;
    let fours = if straight { n - 1 } else { n };
    out |= five_points << FIVE_SHIFT;
    out |= fours.min(3) << FOURS_SHIFT;
    if straight {
        out |= F_STRAIGHT;
    }
    // Straight-four points: a stone there makes four in a row through the centre whose two
    // ends both complete a five.
    let mut three = 0u32;
    if n == 0 {
        for q in 0..WINDOW {
            if q == MID || cells[q] != EMPTY {
                continue;
            }
            let mut c = cells;
            c[q] = OWN;
            let (l2, h2) = run(&c, MID);
            if h2 - l2 + 1 == 4
                && l2 <= q
                && q <= h2
                && l2 >= 1
                && h2 + 1 < WINDOW
                && completes_five(&c, l2 - 1, exact)
                && completes_five(&c, h2 + 1, exact)
            {
                three |= 1 << q;
            }
        }
    }
    out | (three << THREE_SHIFT)
}

/// An entry reduced to what the foul decision reads before any recursion: five, overline, the
/// number of fours, whether there is a three.
pub(crate) const fn summary_of(entry: u32) -> u8 {
    let mut s = (((entry >> FOURS_SHIFT) & 3) as u8) << S_FOURS_SHIFT;
    if entry & F_FIVE != 0 {
        s |= S_FIVE;
    }
    if entry & F_OVERLINE != 0 {
        s |= S_OVERLINE;
    }
    if (entry >> THREE_SHIFT) & MASK11 != 0 {
        s |= S_THREE;
    }
    s
}
