//! Line shapes: what a stone on a point makes along each of the four lines through it.
//!
//! Everything is decided from the 11 points centred on the point (5 on each side), which is
//! enough for every shape that passes through it. The answers for all 3^10 neighbourhoods are
//! computed once from the definitions in `RULES.md` section 2 and looked up afterwards.

use crate::names::named;
use crate::{Board, Color, MAX_SIZE, MIN_SIZE, Point, RuleSet};
use std::sync::OnceLock;

/// One of the four lines through a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Along a row (left to right).
    Horizontal,
    /// Along a column (bottom to top).
    Vertical,
    /// Bottom-left to top-right.
    Diagonal,
    /// Top-left to bottom-right.
    AntiDiagonal,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// The step `(column, row)` of one point in the positive sense of the line.
    ///
    /// ```
    /// use renju_core::Direction;
    /// assert_eq!(Direction::Horizontal.step(), (1, 0));
    /// assert_eq!(Direction::AntiDiagonal.step(), (1, -1));
    /// ```
    #[must_use]
    pub const fn step(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

named!(Direction, "direction", from_str, {
    Horizontal => "horizontal",
    Vertical => "vertical",
    Diagonal => "diagonal",
    AntiDiagonal => "anti-diagonal",
},
    /// A word for people: `horizontal`, `vertical`, `diagonal`, `anti-diagonal` (also
    /// `Display`; `FromStr` reads it back).
    ///
    /// ```
    /// use renju_core::Direction;
    /// let names: Vec<&str> = Direction::ALL.iter().map(|d| d.name()).collect();
    /// assert_eq!(names, ["horizontal", "vertical", "diagonal", "anti-diagonal"]);
    /// assert_eq!("anti-diagonal".parse::<Direction>(), Ok(Direction::AntiDiagonal));
    /// ```
);
// ---------------------------------------------------------------------------------------------
// The pattern table.

const EMPTY: u8 = 0;
const OWN: u8 = 1;
const BLOCKED: u8 = 2;
const WINDOW: usize = 11;
const MID: usize = 5;
const TABLE_LEN: usize = 59_049; // 3^10

const FIVE_SHIFT: u32 = 0;
const THREE_SHIFT: u32 = 11;
const FOURS_SHIFT: u32 = 22;
const F_FIVE: u32 = 1 << 24;
const F_OVERLINE: u32 = 1 << 25;
const F_STRAIGHT: u32 = 1 << 26;
const MASK11: u32 = 0x7FF;

/// What one stone on a point makes along one line, packed (see accessors).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Packed(u32);

impl Packed {
    #[inline]
    pub(crate) const fn is_nothing(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub(crate) const fn five(self) -> bool {
        self.0 & F_FIVE != 0
    }
    #[inline]
    pub(crate) const fn overline(self) -> bool {
        self.0 & F_OVERLINE != 0
    }
    #[inline]
    pub(crate) const fn fours(self) -> u32 {
        (self.0 >> FOURS_SHIFT) & 3
    }
    #[inline]
    pub(crate) const fn straight_four(self) -> bool {
        self.0 & F_STRAIGHT != 0
    }
    /// Window offsets (bit i = offset i-5) of the points that complete a five.
    #[inline]
    pub(crate) const fn five_mask(self) -> u32 {
        (self.0 >> FIVE_SHIFT) & MASK11
    }
    /// Window offsets of the straight-four points (non-zero: the stone makes a three).
    #[inline]
    pub(crate) const fn three_mask(self) -> u32 {
        (self.0 >> THREE_SHIFT) & MASK11
    }
}

/// What a Black stone makes along one line, reduced to what the foul decision reads before
/// any recursion: five, overline, the number of fours, whether there is a three.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Summary(u8);

impl Summary {
    fn of(k: Packed) -> Summary {
        Summary(
            u8::from(k.five())
                | u8::from(k.overline()) << 1
                | (k.fours() as u8) << 2
                | u8::from(k.three_mask() != 0) << 4,
        )
    }
    #[inline]
    pub(crate) const fn five(self) -> bool {
        self.0 & 1 != 0
    }
    #[inline]
    pub(crate) const fn overline(self) -> bool {
        self.0 & 2 != 0
    }
    #[inline]
    pub(crate) const fn fours(self) -> u32 {
        ((self.0 >> 2) & 3) as u32
    }
    #[inline]
    pub(crate) const fn three(self) -> bool {
        self.0 & 16 != 0
    }
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

/// The definitions of RULES.md section 2, applied to one neighbourhood with the centre filled.
fn analyse(mut cells: [u8; WINDOW], exact: bool) -> u32 {
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

struct Tables {
    exact: Vec<Packed>,
    open: Vec<Packed>,
    /// `exact` reduced to what decides a foul without the recursion ([`Summary`]): a table a
    /// quarter the size, for the incremental board's per-move updates.
    exact_summary: Vec<Summary>,
    ternary: [u16; 1024],
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut ternary = [0u16; 1024];
        for (m, t) in ternary.iter_mut().enumerate() {
            let mut v = 0u32;
            let mut pow = 1u32;
            for j in 0..10 {
                if m & (1 << j) != 0 {
                    v += pow;
                }
                pow *= 3;
            }
            *t = v as u16;
        }
        let mut exact = vec![Packed(0); TABLE_LEN];
        let mut open = vec![Packed(0); TABLE_LEN];
        for idx in 0..TABLE_LEN {
            let mut cells = [EMPTY; WINDOW];
            let mut v = idx;
            for j in 0..10 {
                let i = if j < MID { j } else { j + 1 };
                cells[i] = [EMPTY, OWN, BLOCKED][v % 3];
                v /= 3;
            }
            exact[idx] = Packed(analyse(cells, true));
            open[idx] = Packed(analyse(cells, false));
        }
        let exact_summary = exact.iter().map(|&k| Summary::of(k)).collect();
        Tables {
            exact,
            open,
            exact_summary,
            ternary,
        }
    })
}

#[inline]
fn squeeze(w: u32) -> usize {
    ((w & 0x1F) | ((w >> 6) << 5)) as usize
}

// ---------------------------------------------------------------------------------------------
// Line bitboards.

const MAX_LINES: usize = 39;
const PAD: u32 = 5;

/// The board as bit lines in four directions, padded so that an 11-point window around any
/// point is one shift and one mask. Off-board points count as blocked for both colours.
#[derive(Clone)]
pub(crate) struct Lines {
    size: u8,
    stones: [[[u32; MAX_LINES]; 4]; 2],
    /// The off-board bits of every line, shared by every board of this side.
    edge: &'static [[u32; MAX_LINES]; 4],
}

/// The off-board masks of every line of a board of side `size`, computed once per side.
fn edges(size: u8) -> &'static [[u32; MAX_LINES]; 4] {
    static EDGES: OnceLock<Vec<[[u32; MAX_LINES]; 4]>> = OnceLock::new();
    let all = EDGES.get_or_init(|| {
        (MIN_SIZE..=MAX_SIZE)
            .map(|size| {
                let mut edge = [[u32::MAX; MAX_LINES]; 4];
                for d in Direction::ALL {
                    for (line, e) in edge[d.index()].iter_mut().enumerate() {
                        let len = line_len(size, d, line);
                        *e = !(((1u32 << len) - 1) << PAD);
                    }
                }
                edge
            })
            .collect()
    });
    &all[usize::from(size - MIN_SIZE)]
}

#[inline]
pub(crate) fn geometry(size: u8, p: Point, d: Direction) -> (usize, u32) {
    let (c, r) = (u32::from(p.col()), u32::from(p.row()));
    let s = u32::from(size);
    match d {
        Direction::Horizontal => (r as usize, c),
        Direction::Vertical => (c as usize, r),
        Direction::Diagonal => ((c + s - 1 - r) as usize, c.min(r)),
        Direction::AntiDiagonal => ((c + r) as usize, c - (c + r).saturating_sub(s - 1)),
    }
}

fn line_len(size: u8, d: Direction, line: usize) -> u32 {
    let s = u32::from(size);
    let l = line as u32;
    match d {
        Direction::Horizontal | Direction::Vertical => {
            if l < s {
                s
            } else {
                0
            }
        }
        Direction::Diagonal | Direction::AntiDiagonal => {
            if l < s {
                l + 1
            } else {
                (2 * s - 1).saturating_sub(l)
            }
        }
    }
}

impl Lines {
    pub(crate) fn new(board: &Board) -> Lines {
        let mut lines = Lines::empty(board.size());
        for r in 0..board.size() {
            for color in [Color::Black, Color::White] {
                let mut bits = board.row_bits(color, r);
                while bits != 0 {
                    let c = bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    lines.set(Point::new(c, r).expect("on board"), color);
                }
            }
        }
        lines
    }

    /// An empty board of side `size` (5..=20).
    pub(crate) fn empty(size: u8) -> Lines {
        Lines {
            size,
            stones: [[[0; MAX_LINES]; 4]; 2],
            edge: edges(size),
        }
    }

    /// The stones of one colour on row `r` (bit `c` = column `c`).
    #[inline]
    pub(crate) fn row_bits(&self, color: Color, r: u8) -> u32 {
        self.stones[color as usize][0][usize::from(r)] >> PAD
    }

    #[inline]
    pub(crate) fn size(&self) -> u8 {
        self.size
    }

    #[inline]
    pub(crate) fn set(&mut self, p: Point, color: Color) {
        for d in Direction::ALL {
            let (line, pos) = geometry(self.size, p, d);
            self.stones[color as usize][d.index()][line] |= 1 << (pos + PAD);
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self, p: Point, color: Color) {
        for d in Direction::ALL {
            let (line, pos) = geometry(self.size, p, d);
            self.stones[color as usize][d.index()][line] &= !(1 << (pos + PAD));
        }
    }

    #[inline]
    pub(crate) fn is_empty(&self, p: Point) -> bool {
        let (line, pos) = geometry(self.size, p, Direction::Horizontal);
        let bit = 1 << (pos + PAD);
        (self.stones[0][0][line] | self.stones[1][0][line]) & bit == 0
    }

    #[inline]
    pub(crate) fn has(&self, p: Point, color: Color) -> bool {
        let (line, pos) = geometry(self.size, p, Direction::Horizontal);
        self.stones[color as usize][0][line] & (1 << (pos + PAD)) != 0
    }

    /// The table index of the neighbourhood of `p` along `d`, seen by `color`.
    #[inline]
    fn index(&self, t: &Tables, p: Point, d: Direction, color: Color) -> usize {
        let (line, pos) = geometry(self.size, p, d);
        let di = d.index();
        let own = (self.stones[color as usize][di][line] >> pos) & MASK11;
        let blk = ((self.stones[color.opponent() as usize][di][line] | self.edge[di][line]) >> pos)
            & MASK11;
        usize::from(t.ternary[squeeze(own)]) + 2 * usize::from(t.ternary[squeeze(blk)])
    }

    /// What a stone of `color` on `p` makes along `d`, with `exact` fives.
    #[inline]
    pub(crate) fn packed(&self, p: Point, d: Direction, color: Color, exact: bool) -> Packed {
        let t = tables();
        let idx = self.index(t, p, d, color);
        if exact { t.exact[idx] } else { t.open[idx] }
    }

    /// The table index of the neighbourhood of `p` along `d` seen by Black (see
    /// [`black_exact`] and [`window_delta`]).
    #[inline]
    pub(crate) fn black_index(&self, p: Point, d: Direction) -> u16 {
        self.index(tables(), p, d, Color::Black) as u16
    }

    /// The point at window bit `bit` (offset `bit - 5`) from `p` along `d`.
    #[inline]
    pub(crate) fn at_offset(&self, p: Point, d: Direction, bit: u32) -> Point {
        let (dc, dr) = d.step();
        let k = bit as i32 - MID as i32;
        p.offset(dc * k, dr * k, self.size)
            .expect("table points are on the board")
    }
}

/// What a Black stone makes (exact fives) in the neighbourhood with table index `idx`.
#[inline]
pub(crate) fn black_exact(idx: u16) -> Packed {
    tables().exact[usize::from(idx)]
}

/// The [`Summary`] of [`black_exact`] for every neighbourhood, for loops that look up many.
#[inline]
pub(crate) fn black_summary_table() -> &'static [Summary] {
    &tables().exact_summary
}

/// How the table index of a point's neighbourhood along a line changes when a stone of
/// `color` appears `k` points from it along that line (`k` in -5..=5, not 0), seen by Black:
/// add it on placing, subtract it on removing.
#[inline]
pub(crate) const fn window_delta(k: i32, color: Color) -> u16 {
    const POW3: [u16; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];
    let i = (k + MID as i32) as usize;
    let j = if i < MID { i } else { i - 1 };
    match color {
        Color::Black => POW3[j],
        Color::White => 2 * POW3[j],
    }
}

// ---------------------------------------------------------------------------------------------
// Public shape data.

/// What a stone of one colour on one point makes along one line (the stone not yet placed).
///
/// ```
/// use renju_core::{Board, Color, Direction, RuleSet, line_shape};
/// let b = Board::from_line(&{
///     let mut s = ".".repeat(225);
///     for i in [111, 112, 113] { s.replace_range(i..i + 1, "x"); } // g8 h8 i8
///     s
/// }).unwrap();
/// let shape = line_shape(&b, "j8".parse().unwrap(), Direction::Horizontal, Color::Black, RuleSet::Renju);
/// assert!(shape.straight_four);
/// assert_eq!(shape.five_points.len(), 2); // f8 and k8
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LineShape {
    /// The stone makes a winning row (exactly five where the rule wants exactly five).
    pub five: bool,
    /// The stone makes six or more in a row where only exactly five wins.
    pub overline: bool,
    /// How many fours the stone makes on this line (0, 1 or 2; two fours on one line count 2).
    pub fours: u8,
    /// One of those fours is straight (two five points on either end of four in a row).
    pub straight_four: bool,
    /// The points that would then complete a five through the stone.
    pub five_points: Vec<Point>,
    /// The stone makes a three: these points would then make a straight four through it.
    pub straight_four_points: Vec<Point>,
}

impl LineShape {
    /// Whether the stone makes a three on this line (before asking if the three is open).
    ///
    /// ```
    /// use renju_core::{Board, Color, Direction, RuleSet, line_shape};
    /// let board = Board::from_diagram("
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . x x . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .").unwrap();
    /// let e5 = "e5".parse().unwrap();
    /// assert!(line_shape(&board, e5, Direction::Horizontal, Color::Black, RuleSet::Renju).is_three());
    /// assert!(!line_shape(&board, e5, Direction::Vertical, Color::Black, RuleSet::Renju).is_three());
    /// ```
    #[must_use]
    pub fn is_three(&self) -> bool {
        !self.straight_four_points.is_empty()
    }
}

fn points_of(lines: &Lines, p: Point, d: Direction, mut mask: u32) -> Vec<Point> {
    let mut v = Vec::new();
    while mask != 0 {
        let bit = mask.trailing_zeros();
        mask &= mask - 1;
        v.push(lines.at_offset(p, d, bit));
    }
    v
}

pub(crate) fn unpack(lines: &Lines, p: Point, d: Direction, k: Packed) -> LineShape {
    LineShape {
        five: k.five(),
        overline: k.overline(),
        fours: k.fours() as u8,
        straight_four: k.straight_four(),
        five_points: points_of(lines, p, d, k.five_mask()),
        straight_four_points: points_of(lines, p, d, k.three_mask()),
    }
}

/// What a stone of `color` on the empty point `p` would make along `d` under `rules`
/// (exact fives for Black in renju and for both in standard gomoku).
///
/// ```
/// use renju_core::{Board, Color, Direction, RuleSet, line_shape};
/// // Black: e5 joins a five and a stone beyond it, six in a row.
/// let board = Board::from_diagram("
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . x x x . x x . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .").unwrap();
/// let e5 = "e5".parse().unwrap();
/// let renju = line_shape(&board, e5, Direction::Horizontal, Color::Black, RuleSet::Renju);
/// assert!(renju.overline && !renju.five);
/// let free = line_shape(&board, e5, Direction::Horizontal, Color::Black, RuleSet::FreeStyle);
/// assert!(free.five);
/// ```
#[must_use]
pub fn line_shape(
    board: &Board,
    p: Point,
    d: Direction,
    color: Color,
    rules: RuleSet,
) -> LineShape {
    let lines = Lines::new(board);
    let k = lines.packed(p, d, color, rules.exact_five(color));
    unpack(&lines, p, d, k)
}

/// The shapes along all four lines, in [`Direction::ALL`] order.
///
/// ```
/// use renju_core::{Board, Color, RuleSet, shapes_at};
/// let board = Board::from_diagram("
///     . . . . . . .
///     . . . x . . .
///     . . . x . . .
///     . . . . . . .
///     . x x . . . .
///     . . . . . . .
///     . . . . . . .").unwrap();
/// let shapes = shapes_at(&board, "d3".parse().unwrap(), Color::Black, RuleSet::Renju);
/// // Horizontal and vertical threes; nothing on the diagonals.
/// let threes: Vec<bool> = shapes.iter().map(|s| s.is_three()).collect();
/// assert_eq!(threes, [true, true, false, false]);
/// ```
#[must_use]
pub fn shapes_at(board: &Board, p: Point, color: Color, rules: RuleSet) -> [LineShape; 4] {
    let lines = Lines::new(board);
    let exact = rules.exact_five(color);
    Direction::ALL.map(|d| unpack(&lines, p, d, lines.packed(p, d, color, exact)))
}

/// Whether a stone of `color` on `p` makes a winning row under `rules`.
///
/// ```
/// use renju_core::{Board, Color, RuleSet, makes_five};
/// let board = Board::from_diagram("
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     x x x x . . .
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .").unwrap();
/// assert!(makes_five(&board, "e4".parse().unwrap(), Color::Black, RuleSet::Renju));
/// assert!(!makes_five(&board, "e5".parse().unwrap(), Color::Black, RuleSet::Renju));
/// ```
#[must_use]
pub fn makes_five(board: &Board, p: Point, color: Color, rules: RuleSet) -> bool {
    let lines = Lines::new(board);
    let exact = rules.exact_five(color);
    Direction::ALL
        .iter()
        .any(|&d| lines.packed(p, d, color, exact).five())
}

/// The length of the longest row of `color` through the stone at `p` (0 when `p` does not hold
/// a stone of `color`).
///
/// ```
/// use renju_core::{Board, Color, longest_run};
/// let board = Board::from_diagram("
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     x x x . . . .
///     . x . . . . .
///     . . . . . . .
///     . . . . . . .").unwrap();
/// assert_eq!(longest_run(&board, "b4".parse().unwrap(), Color::Black), 3);
/// assert_eq!(longest_run(&board, "b4".parse().unwrap(), Color::White), 0);
/// ```
#[must_use]
pub fn longest_run(board: &Board, p: Point, color: Color) -> usize {
    if board.get(p) != Some(color) {
        return 0;
    }
    let size = board.size();
    Direction::ALL
        .iter()
        .map(|d| {
            let (dc, dr) = d.step();
            let mut n = 1;
            for sign in [1, -1] {
                let mut k = 1;
                while let Some(q) = p.offset(sign * dc * k, sign * dr * k, size) {
                    if board.get(q) != Some(color) {
                        break;
                    }
                    n += 1;
                    k += 1;
                }
            }
            n
        })
        .max()
        .unwrap_or(0)
}
