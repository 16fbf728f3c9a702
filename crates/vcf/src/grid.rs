//! The solvers' own board: a padded one-dimensional grid with, for every five-point window of
//! every line, the number of stones of each colour, and three bit sets per colour (windows with
//! two, three and four own stones and no opponent stone). Placing or removing a stone touches
//! the 20 windows through it; finding the fours a colour can make is a walk over the set bits
//! of its "three" windows, finding the moves that would make new threes one over its "two"
//! windows.

use renju_core::{Board, Color, Point};

/// Columns per row of the padded grid.
pub(crate) const STRIDE: usize = 32;
/// Off-board cells on each side.
const PAD: usize = 5;
/// Cells of the padded grid (20 + 2 * 5 rows).
pub(crate) const CELLS: usize = STRIDE * (20 + 2 * PAD);
/// Window ids: `start * 4 + direction`.
const WINDOWS: usize = CELLS * 4;
const WORDS: usize = WINDOWS / 64;
/// Steps along the four lines: horizontal, vertical, diagonal (up-right), anti-diagonal
/// (up-left). All positive, so a window is `start + k * step` for k in 0..5.
pub(crate) const STEPS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];

const EMPTY: u8 = 0;
const WALL: u8 = 3;
/// Count given to both colours of a window that leaves the board: it never looks open.
const OFF: u8 = 8;

/// A cell index of the padded grid.
pub(crate) type Cell = u16;

/// Zobrist keys, one per colour and cell (splitmix64 from a fixed seed).
const ZOBRIST: [[u64; CELLS]; 2] = {
    let mut t = [[0u64; CELLS]; 2];
    let mut s: u64 = 0x005E_ED0F_C0FF_EE00;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            t[c][i] = z ^ (z >> 31);
            i += 1;
        }
        c += 1;
    }
    t
};

/// Up to this many five points are kept for one move (two per line is the most a move makes;
/// the room is generous).
pub(crate) const MAX_FIVES: usize = 16;

/// A short list of cells (the five points a move makes).
#[derive(Clone, Copy)]
pub(crate) struct Cells {
    len: u8,
    at: [Cell; MAX_FIVES],
}

impl Cells {
    pub(crate) const fn new() -> Cells {
        Cells {
            len: 0,
            at: [0; MAX_FIVES],
        }
    }
    pub(crate) fn push_unique(&mut self, c: Cell) {
        if !self.as_slice().contains(&c) && usize::from(self.len) < MAX_FIVES {
            self.at[usize::from(self.len)] = c;
            self.len += 1;
        }
    }
    pub(crate) fn as_slice(&self) -> &[Cell] {
        &self.at[..usize::from(self.len)]
    }
    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }
    pub(crate) fn first(&self) -> Option<Cell> {
        self.as_slice().first().copied()
    }
}

/// The grid (see the module comment).
#[derive(Clone)]
pub(crate) struct Grid {
    size: u8,
    cells: [u8; CELLS],
    count: [[u8; WINDOWS]; 2],
    two: [[u64; WORDS]; 2],
    three: [[u64; WORDS]; 2],
    four: [[u64; WORDS]; 2],
    /// Whether each colour wins only with exactly five.
    exact: [bool; 2],
    hash: u64,
    /// The empty board's cells and window counts for `size` (copied by [`Grid::clear`]).
    blank_cells: [u8; CELLS],
    blank_count: [[u8; WINDOWS]; 2],
    blank_size: u8,
}

#[inline]
pub(crate) const fn ci(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

#[inline]
const fn stone(c: usize) -> u8 {
    c as u8 + 1
}

impl Grid {
    /// An empty grid of side `size` (5..=20), `exact[c]` saying whether colour `c` needs
    /// exactly five.
    pub(crate) fn new(size: u8, exact: [bool; 2]) -> Box<Grid> {
        let mut g = Box::new(Grid {
            size,
            cells: [WALL; CELLS],
            count: [[OFF; WINDOWS]; 2],
            two: [[0; WORDS]; 2],
            three: [[0; WORDS]; 2],
            four: [[0; WORDS]; 2],
            exact,
            hash: 0,
            blank_cells: [WALL; CELLS],
            blank_count: [[OFF; WINDOWS]; 2],
            blank_size: 0,
        });
        g.clear(size);
        g
    }

    /// Empties the grid and gives it side `size`.
    pub(crate) fn clear(&mut self, size: u8) {
        if self.blank_size != size {
            self.make_blank(size);
        }
        self.size = size;
        self.cells = self.blank_cells;
        self.count = self.blank_count;
        self.two = [[0; WORDS]; 2];
        self.three = [[0; WORDS]; 2];
        self.four = [[0; WORDS]; 2];
        self.hash = 0;
    }

    fn make_blank(&mut self, size: u8) {
        self.blank_size = size;
        self.blank_cells = [WALL; CELLS];
        self.blank_count = [[OFF; WINDOWS]; 2];
        let s = usize::from(size);
        for r in 0..s {
            for c in 0..s {
                self.blank_cells[(r + PAD) * STRIDE + c + PAD] = EMPTY;
            }
        }
        for start in 0..CELLS {
            for (d, &step) in STEPS.iter().enumerate() {
                let on = (0..5).all(|k| {
                    let x = start + k * step;
                    x < CELLS && self.blank_cells[x] != WALL
                });
                if on {
                    self.blank_count[0][start * 4 + d] = 0;
                    self.blank_count[1][start * 4 + d] = 0;
                }
            }
        }
    }

    /// Loads `board` (which must have the grid's side).
    pub(crate) fn load(&mut self, board: &Board) {
        self.clear(board.size());
        for (p, color) in board.stones() {
            self.place(Self::cell(p), ci(color));
        }
    }

    pub(crate) fn size(&self) -> u8 {
        self.size
    }

    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash after a stone of colour index `c` on `x` and one of the other colour on `y`.
    #[inline]
    pub(crate) fn hash_after(&self, x: Cell, c: usize, y: Cell) -> u64 {
        self.hash ^ ZOBRIST[c][usize::from(x)] ^ ZOBRIST[1 - c][usize::from(y)]
    }

    /// Whether a stone of `c` on the empty `x` makes a winning row (exactly five where `c`
    /// needs it).
    #[inline]
    pub(crate) fn makes_five(&self, x: Cell, c: usize) -> bool {
        let xu = usize::from(x);
        let o = 1 - c;
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 0..5 {
                let w = (xu - k * step) * 4 + d;
                if self.count[c][w] == 4 && self.count[o][w] == 0 && self.long_enough_only(w, c) {
                    return true;
                }
            }
        }
        false
    }

    /// The cell of an on-board point.
    #[inline]
    pub(crate) fn cell(p: Point) -> Cell {
        ((usize::from(p.row()) + PAD) * STRIDE + usize::from(p.col()) + PAD) as Cell
    }

    /// The point of an on-board cell.
    #[inline]
    pub(crate) fn point(c: Cell) -> Point {
        let c = usize::from(c);
        Point::new((c % STRIDE - PAD) as u8, (c / STRIDE - PAD) as u8).expect("on the grid")
    }

    /// Whether `p` is on this board.
    pub(crate) fn contains(&self, p: Point) -> bool {
        p.col() < self.size && p.row() < self.size
    }

    #[inline]
    pub(crate) fn is_empty(&self, c: Cell) -> bool {
        self.cells[usize::from(c)] == EMPTY
    }

    #[inline]
    fn set_bit(bits: &mut [u64; WORDS], w: usize) {
        bits[w / 64] |= 1 << (w % 64);
    }

    #[inline]
    fn clear_bit(bits: &mut [u64; WORDS], w: usize) {
        bits[w / 64] &= !(1 << (w % 64));
    }

    /// Puts a stone of colour index `c` on the empty cell `x`.
    #[inline]
    pub(crate) fn place(&mut self, x: Cell, c: usize) {
        let xu = usize::from(x);
        debug_assert_eq!(self.cells[xu], EMPTY);
        self.cells[xu] = stone(c);
        self.hash ^= ZOBRIST[c][xu];
        let o = 1 - c;
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 0..5 {
                let w = (xu - k * step) * 4 + d;
                let n = self.count[c][w];
                if n >= OFF {
                    continue;
                }
                let n = n + 1;
                self.count[c][w] = n;
                let theirs = self.count[o][w];
                if theirs == 0 {
                    match n {
                        2 => Self::set_bit(&mut self.two[c], w),
                        3 => {
                            Self::clear_bit(&mut self.two[c], w);
                            Self::set_bit(&mut self.three[c], w);
                        }
                        4 => {
                            Self::clear_bit(&mut self.three[c], w);
                            Self::set_bit(&mut self.four[c], w);
                        }
                        5 => Self::clear_bit(&mut self.four[c], w),
                        _ => {}
                    }
                } else if n == 1 {
                    match theirs {
                        2 => Self::clear_bit(&mut self.two[o], w),
                        3 => Self::clear_bit(&mut self.three[o], w),
                        4 => Self::clear_bit(&mut self.four[o], w),
                        _ => {}
                    }
                }
            }
        }
    }

    /// Takes the stone of colour index `c` off `x`.
    #[inline]
    pub(crate) fn remove(&mut self, x: Cell, c: usize) {
        let xu = usize::from(x);
        debug_assert_eq!(self.cells[xu], stone(c));
        self.cells[xu] = EMPTY;
        self.hash ^= ZOBRIST[c][xu];
        let o = 1 - c;
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 0..5 {
                let w = (xu - k * step) * 4 + d;
                let n = self.count[c][w];
                if n >= OFF {
                    continue;
                }
                let n = n - 1;
                self.count[c][w] = n;
                let theirs = self.count[o][w];
                if theirs == 0 {
                    match n {
                        1 => Self::clear_bit(&mut self.two[c], w),
                        2 => {
                            Self::clear_bit(&mut self.three[c], w);
                            Self::set_bit(&mut self.two[c], w);
                        }
                        3 => {
                            Self::set_bit(&mut self.three[c], w);
                            Self::clear_bit(&mut self.four[c], w);
                        }
                        4 => Self::set_bit(&mut self.four[c], w),
                        _ => {}
                    }
                } else if n == 0 {
                    match theirs {
                        2 => Self::set_bit(&mut self.two[o], w),
                        3 => Self::set_bit(&mut self.three[o], w),
                        4 => Self::set_bit(&mut self.four[o], w),
                        _ => {}
                    }
                }
            }
        }
    }

    /// The empty cell of a window holding four stones of `c`, if that cell makes a winning
    /// row for `c` (exactly five when `c` needs it).
    #[inline]
    fn five_cell(&self, w: usize, c: usize) -> Option<Cell> {
        let (start, step) = (w / 4, STEPS[w % 4]);
        if self.exact[c]
            && (self.cells[start - step] == stone(c) || self.cells[start + 5 * step] == stone(c))
        {
            return None;
        }
        (0..5)
            .map(|k| start + k * step)
            .find(|&x| self.cells[x] == EMPTY)
            .map(|x| x as Cell)
    }

    /// Whether `c` can make a four anywhere now (an open "three" window whose five would be
    /// long enough).
    pub(crate) fn any_four_move(&self, c: usize) -> bool {
        for (i, &word) in self.three[c].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let w = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.long_enough_only(w, c) {
                    return true;
                }
            }
        }
        false
    }

    /// Every empty cell where `c` makes a winning row now.
    pub(crate) fn all_fives(&self, c: usize) -> Cells {
        let mut out = Cells::new();
        for (i, &word) in self.four[c].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let w = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(x) = self.five_cell(w, c) {
                    out.push_unique(x);
                }
            }
        }
        out
    }

    /// The cells where `c` would make a winning row after a stone of `c` on the empty `x`
    /// (the five points of the fours `x` makes; computed without placing it).
    #[inline]
    pub(crate) fn fives_after(&self, x: Cell, c: usize) -> Cells {
        let mut out = Cells::new();
        let xu = usize::from(x);
        let o = 1 - c;
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 0..5 {
                let start = xu - k * step;
                let w = start * 4 + d;
                if self.count[c][w] != 3 || self.count[o][w] != 0 {
                    continue;
                }
                if self.exact[c]
                    && (self.cells[start - step] == stone(c)
                        || self.cells[start + 5 * step] == stone(c))
                {
                    continue;
                }
                for j in 0..5 {
                    let y = start + j * step;
                    if y != xu && self.cells[y] == EMPTY {
                        out.push_unique(y as Cell);
                    }
                }
            }
        }
        out
    }

    /// Every four `c` can make now, each with its five points: the empty cells of `c`'s open
    /// "three" windows (a stone on one empty cell of such a window makes a five point of the
    /// other, unless the five would be too long where `c` needs exactly five). The same
    /// answer as [`Grid::fives_after`] on every candidate, in one pass over the windows.
    /// `seen`/`slot` are scratch space of `CELLS` entries, `stamp` a value not yet in `seen`.
    pub(crate) fn four_moves(
        &self,
        c: usize,
        out: &mut Vec<(Cell, Cells)>,
        seen: &mut [u32],
        slot: &mut [u16],
        stamp: u32,
    ) {
        out.clear();
        for (i, &word) in self.three[c].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let w = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (start, step) = (w / 4, STEPS[w % 4]);
                if self.exact[c]
                    && (self.cells[start - step] == stone(c)
                        || self.cells[start + 5 * step] == stone(c))
                {
                    continue;
                }
                let mut empties = [0usize; 2];
                let mut n = 0;
                for k in 0..5 {
                    let y = start + k * step;
                    if self.cells[y] == EMPTY && n < 2 {
                        empties[n] = y;
                        n += 1;
                    }
                }
                for (x, q) in [(empties[0], empties[1]), (empties[1], empties[0])] {
                    if seen[x] != stamp {
                        seen[x] = stamp;
                        slot[x] = out.len() as u16;
                        out.push((x as Cell, Cells::new()));
                    }
                    out[usize::from(slot[x])].1.push_unique(q as Cell);
                }
            }
        }
    }

    /// Whether a four in window `w` of `c` could make a winning row: not when `c` needs
    /// exactly five and an own stone lies just beyond either end of the window.
    #[inline]
    fn long_enough_only(&self, w: usize, c: usize) -> bool {
        let (start, step) = (w / 4, STEPS[w % 4]);
        !(self.exact[c]
            && (self.cells[start - step] == stone(c) || self.cells[start + 5 * step] == stone(c)))
    }

    /// Whether the cell `x` lies in window `w`.
    #[inline]
    fn in_window(w: usize, x: usize) -> bool {
        let (start, step) = (w / 4, STEPS[w % 4]);
        x >= start && (x - start).is_multiple_of(step) && (x - start) / step < 5
    }

    /// For a stone of `c` on the empty `x`, along direction `d` only: each cell `y` of `c`'s
    /// open two-stone windows through `x` on that line, with the five points a stone on `y`
    /// would then make **on that line** (empty ones dropped). Pushed to `out` (not cleared).
    pub(crate) fn line_fours_after(
        &self,
        x: Cell,
        c: usize,
        d: usize,
        out: &mut Vec<(Cell, Cells)>,
    ) {
        let xu = usize::from(x);
        let o = 1 - c;
        let step = STEPS[d];
        let mut ys = [0usize; 8];
        let mut n = 0;
        for k in 0..5 {
            let start = xu - k * step;
            let w = start * 4 + d;
            if self.count[c][w] != 2 || self.count[o][w] != 0 {
                continue;
            }
            for j in 0..5 {
                let z = start + j * step;
                if z != xu && self.cells[z] == EMPTY && !ys[..n].contains(&z) && n < ys.len() {
                    ys[n] = z;
                    n += 1;
                }
            }
        }
        for &y in &ys[..n] {
            let mut fives = Cells::new();
            for k in 0..5 {
                let start = y - k * step;
                let w = start * 4 + d;
                let own = self.count[c][w];
                if own >= OFF || self.count[o][w] != 0 {
                    continue;
                }
                if own + u8::from(Self::in_window(w, xu)) != 3 {
                    continue;
                }
                if self.exact[c] {
                    let (before, after) = (start - step, start + 5 * step);
                    if self.cells[before] == stone(c)
                        || self.cells[after] == stone(c)
                        || before == xu
                        || after == xu
                    {
                        continue;
                    }
                }
                for j in 0..5 {
                    let z = start + j * step;
                    if z != y && z != xu && self.cells[z] == EMPTY {
                        fives.push_unique(z as Cell);
                    }
                }
            }
            if fives.len() > 0 {
                out.push((y as Cell, fives));
            }
        }
    }

    /// For each of the four lines through `x`, the most stones of `c` in one window through
    /// `x` that holds no stone of the other colour (0 when every window is blocked or leaves
    /// the board). A stone of `c` on `x` can make a three on a line only where this is at
    /// least 2, a four only where it is at least 3.
    pub(crate) fn line_counts(&self, x: Cell, c: usize) -> [u8; 4] {
        let xu = usize::from(x);
        let o = 1 - c;
        let mut out = [0u8; 4];
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 0..5 {
                let w = (xu - k * step) * 4 + d;
                let n = self.count[c][w];
                if n < OFF && self.count[o][w] == 0 {
                    out[d] = out[d].max(n);
                }
            }
        }
        out
    }

    /// The empty cells of `c`'s open "two" windows (two stones of `c`, none of the other
    /// colour): the moves that make a new three-window for `c`, each once. `seen` is scratch
    /// space of `CELLS` entries, `stamp` a value not yet in it.
    pub(crate) fn two_cells(&self, c: usize, out: &mut Vec<Cell>, seen: &mut [u32], stamp: u32) {
        out.clear();
        for (i, &word) in self.two[c].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let w = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (start, step) = (w / 4, STEPS[w % 4]);
                for k in 0..5 {
                    let y = start + k * step;
                    if self.cells[y] == EMPTY && seen[y] != stamp {
                        seen[y] = stamp;
                        out.push(y as Cell);
                    }
                }
            }
        }
    }

    /// How many open windows through the empty `x` hold two stones of `c` (a stone there would
    /// make them threes): a cheap measure of the fours that would follow.
    #[inline]
    pub(crate) fn potential(&self, x: Cell, c: usize) -> u32 {
        let xu = usize::from(x);
        let o = 1 - c;
        let mut n = 0;
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 0..5 {
                let w = (xu - k * step) * 4 + d;
                if self.count[o][w] == 0 && self.count[c][w] == 2 {
                    n += 1;
                }
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit sets agree with the counts after any sequence of placements and removals.
    fn check(g: &Grid) {
        for c in 0..2 {
            for w in 0..WINDOWS {
                let (own, theirs) = (g.count[c][w], g.count[1 - c][w]);
                let bit = |bits: &[u64; WORDS]| bits[w / 64] & (1 << (w % 64)) != 0;
                let open = own < OFF && theirs == 0;
                assert_eq!(bit(&g.two[c]), open && own == 2, "two {c} {w}");
                assert_eq!(bit(&g.three[c]), open && own == 3, "three {c} {w}");
                assert_eq!(bit(&g.four[c]), open && own == 4, "four {c} {w}");
            }
        }
    }

    #[test]
    fn the_window_bits_follow_the_counts() {
        let mut g = Grid::new(15, [true, false]);
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut placed: Vec<(Cell, usize)> = Vec::new();
        for step in 0..600 {
            if placed.len() > 40 || (next() % 4 == 0 && !placed.is_empty()) {
                let (x, c) = placed.swap_remove((next() as usize) % placed.len());
                g.remove(x, c);
            } else {
                let p = Point::new((next() % 15) as u8, (next() % 15) as u8).unwrap();
                let x = Grid::cell(p);
                if g.is_empty(x) {
                    let c = (next() % 2) as usize;
                    g.place(x, c);
                    placed.push((x, c));
                }
            }
            if step % 20 == 0 {
                check(&g);
            }
        }
        check(&g);
    }
}
