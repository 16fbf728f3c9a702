//! [`IncrementalBoard`]: a position kept current move by move, for engines.
//!
//! Beside the stones it keeps, for every point and each of its four lines, the table index of
//! the 10 points around it and what a Black stone there would make (the same tables as every
//! other check). A stone changes the neighbourhoods of at most 40 points (5 each way on four
//! lines): `place` and `undo` add or subtract one power of 3 to each index and read the table
//! again, so a move costs a constant 40 look-ups whatever the position. From the cached shapes
//! each empty point is classed (nothing to see, overline, double four, or "two threes: ask the
//! recursive check"), and a bitboard of the points that are not "nothing" is kept too; a
//! whole-board question only visits those.

use super::decide::quick;
use super::double_three::{Memo, Search};
use super::scan::scan_points;
use super::{Explanation, Foul, Fouls, Verdict};
use crate::shape::{Lines, Packed, Summary, black_exact, black_summary, window_delta};
use crate::{Board, BoardError, Color, Convention, Direction, MAX_SIZE, Point, RENJU_SIZE};
use std::sync::OnceLock;

const STRIDE: usize = MAX_SIZE as usize;
const CELLS: usize = STRIDE * STRIDE;

/// What the cached shapes say about a Black stone on an empty point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    /// Legal or a five: never forbidden.
    Nothing,
    /// Forbidden by the shapes alone.
    Forbidden(Foul),
    /// Two or more threes and nothing that decides first: the recursive check decides.
    Threes,
}

/// The class from the four summaries: the order of [`quick`] (five, overline, double four,
/// two threes), on the reduced table entries.
fn class_of(ks: &[Summary; 4]) -> Class {
    if ks.iter().any(|k| k.five()) {
        Class::Nothing
    } else if ks.iter().any(|k| k.overline()) {
        Class::Forbidden(Foul::Overline)
    } else if ks.iter().map(|k| k.fours()).sum::<u32>() >= 2 {
        Class::Forbidden(Foul::DoubleFour)
    } else if ks.iter().filter(|k| k.three()).count() >= 2 {
        Class::Threes
    } else {
        Class::Nothing
    }
}

#[inline]
const fn cell(p: Point) -> usize {
    p.row() as usize * STRIDE + p.col() as usize
}

/// A board that keeps every point's line shapes current as stones are placed and taken back,
/// and answers foul questions from that state. Same verdicts as [`super::FoulChecker`] (a
/// property test replays random games against it, both conventions, every position).
///
/// ```
/// use renju_core::{Color, Convention, Foul, IncrementalBoard};
/// let mut b = IncrementalBoard::renju();
/// for p in ["f8", "g8", "h9", "h10"] {
///     b.place(p.parse().unwrap(), Color::Black).unwrap();
/// }
/// let h8 = "h8".parse().unwrap();
/// assert_eq!(b.is_forbidden(h8, Convention::Lenient), Some(Foul::DoubleThree));
/// assert_eq!(b.forbidden_points(Convention::Lenient), vec![(h8, Foul::DoubleThree)]);
/// b.undo(); // h10 off again: one three left
/// assert_eq!(b.is_forbidden(h8, Convention::Lenient), None);
/// ```
#[derive(Clone)]
pub struct IncrementalBoard {
    board: Board,
    lines: Lines,
    state: Box<State>,
    history: Vec<(Point, Color)>,
}

/// The cached shapes (everything but the stones).
#[derive(Clone)]
struct State {
    /// Per cell and direction: the table index of the neighbourhood, seen by Black.
    keys: [[u16; 4]; CELLS],
    /// Per cell and direction: the summary of what a Black stone there makes (the reduced
    /// table at `keys`); the full entry is looked up from `keys` when a point is visited.
    shapes: [[Summary; 4]; CELLS],
    /// Per cell: the class of a Black stone there (`Nothing` on occupied points).
    class: [Class; CELLS],
    /// Rows of column bits: the empty points whose class is not `Nothing`.
    marked: [u32; STRIDE],
}

impl State {
    /// The state of the empty board of side `size`, computed once per side.
    fn empty(size: u8) -> &'static State {
        static EMPTY: OnceLock<Vec<State>> = OnceLock::new();
        let all = EMPTY.get_or_init(|| {
            (crate::MIN_SIZE..=MAX_SIZE)
                .map(|size| {
                    let board = Board::new(usize::from(size)).expect("a valid side");
                    let lines = Lines::empty(size);
                    let mut s = State {
                        keys: [[0u16; 4]; CELLS],
                        shapes: [[Summary::default(); 4]; CELLS],
                        class: [Class::Nothing; CELLS],
                        marked: [0; STRIDE],
                    };
                    for p in board.points() {
                        for (i, d) in Direction::ALL.into_iter().enumerate() {
                            let k = lines.black_index(p, d);
                            s.keys[cell(p)][i] = k;
                            s.shapes[cell(p)][i] = black_summary(k);
                        }
                        s.reclass(p);
                    }
                    s
                })
                .collect()
        });
        &all[usize::from(size - crate::MIN_SIZE)]
    }

    /// Re-derives the class of the empty point `p` from its cached shapes.
    #[inline]
    fn reclass(&mut self, p: Point) {
        let class = class_of(&self.shapes[cell(p)]);
        self.class[cell(p)] = class;
        let row = &mut self.marked[usize::from(p.row())];
        if class == Class::Nothing {
            *row &= !(1 << p.col());
        } else {
            *row |= 1 << p.col();
        }
    }
}

impl std::fmt::Debug for IncrementalBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IncrementalBoard")
            .field("board", &self.board)
            .field("history", &self.history)
            .finish_non_exhaustive()
    }
}

impl IncrementalBoard {
    /// An empty board of side `size` (5..=20).
    ///
    /// # Errors
    /// [`BoardError::BadSize`] outside 5..=20.
    ///
    /// ```
    /// use renju_core::IncrementalBoard;
    /// assert_eq!(IncrementalBoard::new(19).unwrap().board().size(), 19);
    /// assert!(IncrementalBoard::new(4).is_err());
    /// ```
    pub fn new(size: usize) -> Result<IncrementalBoard, BoardError> {
        let board = Board::new(size)?;
        Ok(IncrementalBoard {
            lines: Lines::empty(board.size()),
            state: Box::new(State::empty(board.size()).clone()),
            board,
            history: Vec::with_capacity(usize::from(RENJU_SIZE) * usize::from(RENJU_SIZE)),
        })
    }

    /// Takes every stone off (cheaper than undoing them one by one), keeping the side.
    ///
    /// ```
    /// use renju_core::{Color, IncrementalBoard, Point};
    /// let mut b = IncrementalBoard::renju();
    /// b.place(Point::CENTER, Color::Black).unwrap();
    /// b.clear();
    /// assert_eq!((b.board().stone_count(), b.history().len()), (0, 0));
    /// ```
    pub fn clear(&mut self) {
        let size = self.board.size();
        self.board = Board::new(usize::from(size)).expect("the board's own side");
        self.lines = Lines::empty(size);
        (*self.state).clone_from(State::empty(size));
        self.history.clear();
    }

    /// An empty 15x15 renju board.
    ///
    /// ```
    /// use renju_core::IncrementalBoard;
    /// assert_eq!(IncrementalBoard::renju().board().size(), 15);
    /// ```
    #[must_use]
    pub fn renju() -> IncrementalBoard {
        IncrementalBoard::new(usize::from(RENJU_SIZE)).expect("15 is a board side")
    }

    /// The position of `board`, its stones placed in reading order (so [`Self::undo`] takes
    /// them back from the last in reading order).
    ///
    /// ```
    /// use renju_core::{Board, Convention, IncrementalBoard};
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . . . x . . .
    ///     . . . x . . .
    ///     . . . . . . .
    ///     . x x . . . .
    ///     . . . . . . .
    ///     . . . . . . .").unwrap();
    /// let b = IncrementalBoard::from_board(&board);
    /// assert_eq!(b.forbidden_points(Convention::Lenient).len(), 1);
    /// ```
    #[must_use]
    pub fn from_board(board: &Board) -> IncrementalBoard {
        let mut b = IncrementalBoard::new(usize::from(board.size())).expect("a board's own size");
        for (p, c) in board.stones() {
            b.place(p, c)
                .expect("a stone of a valid board on an empty point");
        }
        b
    }

    /// The current position.
    ///
    /// ```
    /// use renju_core::{Color, IncrementalBoard, Point};
    /// let mut b = IncrementalBoard::renju();
    /// b.place(Point::CENTER, Color::Black).unwrap();
    /// assert_eq!(b.board().get(Point::CENTER), Some(Color::Black));
    /// ```
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The stones placed and not taken back, oldest first.
    ///
    /// ```
    /// use renju_core::{Color, IncrementalBoard, Point};
    /// let mut b = IncrementalBoard::renju();
    /// b.place(Point::CENTER, Color::Black).unwrap();
    /// assert_eq!(b.history(), &[(Point::CENTER, Color::Black)]);
    /// ```
    #[must_use]
    pub fn history(&self) -> &[(Point, Color)] {
        &self.history
    }

    /// Places a stone and brings the shapes around it up to date (at most 40 points change).
    ///
    /// # Errors
    /// Off the board or on an occupied point; nothing changes.
    ///
    /// ```
    /// use renju_core::{BoardError, Color, IncrementalBoard, Point};
    /// let mut b = IncrementalBoard::renju();
    /// b.place(Point::CENTER, Color::Black).unwrap();
    /// assert_eq!(
    ///     b.place(Point::CENTER, Color::White),
    ///     Err(BoardError::Occupied(Point::CENTER, Color::Black))
    /// );
    /// ```
    pub fn place(&mut self, p: Point, color: Color) -> Result<(), BoardError> {
        self.board.place(p, color)?;
        self.lines.set(p, color);
        self.update_around(p, color, true);
        self.state.class[cell(p)] = Class::Nothing;
        self.state.marked[usize::from(p.row())] &= !(1 << p.col());
        self.history.push((p, color));
        Ok(())
    }

    /// Takes back the last stone placed and returns it (`None` on an empty history).
    ///
    /// ```
    /// use renju_core::{Color, IncrementalBoard, Point};
    /// let mut b = IncrementalBoard::renju();
    /// b.place(Point::CENTER, Color::White).unwrap();
    /// assert_eq!(b.undo(), Some((Point::CENTER, Color::White)));
    /// assert_eq!((b.undo(), b.board().stone_count()), (None, 0));
    /// ```
    pub fn undo(&mut self) -> Option<(Point, Color)> {
        let (p, color) = self.history.pop()?;
        self.board.remove(p);
        self.lines.clear(p, color);
        self.update_around(p, color, false);
        self.state.reclass(p);
        Some((p, color))
    }

    /// Adds (or takes away) a stone of `color` at `p` in the neighbourhoods of the points
    /// within 5 of it on its four lines.
    fn update_around(&mut self, p: Point, color: Color, placing: bool) {
        let size = self.board.size();
        let st = &mut *self.state;
        for (i, d) in Direction::ALL.into_iter().enumerate() {
            let (dc, dr) = d.step();
            for sign in [1i32, -1] {
                for k in 1..=5i32 {
                    let m = sign * k;
                    let Some(q) = p.offset(dc * m, dr * m, size) else {
                        break;
                    };
                    // `p` lies `-m` points from `q` along `d`.
                    let delta = window_delta(-m, color);
                    let key = &mut st.keys[cell(q)][i];
                    *key = if placing { *key + delta } else { *key - delta };
                    let shape = black_summary(*key);
                    // Most stones change a neighbourhood without changing what Black makes
                    // there: then the class stands.
                    if st.shapes[cell(q)][i] != shape {
                        st.shapes[cell(q)][i] = shape;
                        if self.board.get(q).is_none() {
                            st.reclass(q);
                        }
                    }
                }
            }
        }
    }

    /// The full table entries of `p`'s four lines.
    #[inline]
    fn full_shapes(&self, p: Point) -> [Packed; 4] {
        self.state.keys[cell(p)].map(black_exact)
    }

    /// What a Black stone on `p` would be (`Legal` on an occupied or off-board point).
    ///
    /// ```
    /// use renju_core::{Color, Convention, IncrementalBoard, Verdict};
    /// let mut b = IncrementalBoard::renju();
    /// for p in ["d8", "e8", "f8", "g8"] {
    ///     b.place(p.parse().unwrap(), Color::Black).unwrap();
    /// }
    /// assert_eq!(b.verdict("h8".parse().unwrap(), Convention::Lenient), Verdict::Five);
    /// ```
    #[must_use]
    pub fn verdict(&self, p: Point, convention: Convention) -> Verdict {
        if !self.board.is_empty_at(p) {
            return Verdict::Legal;
        }
        let ks = &self.full_shapes(p);
        match quick(ks) {
            Ok(v) => v,
            Err(()) => Search {
                lines: &mut self.lines.clone(),
                convention,
                placed: &mut Vec::new(),
                memo: &mut Memo::default(),
            }
            .double_three(p, ks),
        }
    }

    /// The foul a Black stone on `p` would commit, if any.
    ///
    /// ```
    /// use renju_core::{Color, Convention, Foul, IncrementalBoard};
    /// let mut b = IncrementalBoard::renju();
    /// for p in ["c8", "d8", "e8", "f8", "h8"] {
    ///     b.place(p.parse().unwrap(), Color::Black).unwrap();
    /// }
    /// assert_eq!(b.is_forbidden("g8".parse().unwrap(), Convention::Lenient), Some(Foul::Overline));
    /// ```
    #[must_use]
    pub fn is_forbidden(&self, p: Point, convention: Convention) -> Option<Foul> {
        Fouls::is_forbidden(self, p, convention)
    }

    /// Every forbidden empty point with its foul, in reading order (top row first, `a` first).
    ///
    /// ```
    /// use renju_core::{Color, Convention, Foul, IncrementalBoard};
    /// let mut b = IncrementalBoard::renju();
    /// for p in ["c8", "d8", "e8", "f8", "h8"] {
    ///     b.place(p.parse().unwrap(), Color::Black).unwrap();
    /// }
    /// assert_eq!(b.forbidden_points(Convention::Strict), vec![("g8".parse().unwrap(), Foul::Overline)]);
    /// ```
    #[must_use]
    pub fn forbidden_points(&self, convention: Convention) -> Vec<(Point, Foul)> {
        Fouls::forbidden_points(self, convention)
    }

    /// The explanation tree of the verdict on `p`, as [`super::FoulChecker::explain`] gives
    /// it (built from the current stones; slower than a verdict, for people).
    ///
    /// ```
    /// use renju_core::{Color, Convention, IncrementalBoard};
    /// let mut b = IncrementalBoard::renju();
    /// for p in ["f8", "g8", "h9", "h10"] {
    ///     b.place(p.parse().unwrap(), Color::Black).unwrap();
    /// }
    /// let tree = b.explain("h8".parse().unwrap(), Convention::Lenient).to_tree();
    /// assert!(tree.starts_with("h8 (lenient): forbidden: double-three\n"));
    /// ```
    #[must_use]
    pub fn explain(&self, p: Point, convention: Convention) -> Explanation {
        super::explain::explain_rec(&mut self.lines.clone(), p, convention, &mut Vec::new())
    }

    /// As [`Self::forbidden_points`], appending to `out` (not cleared first), so that a search
    /// asking after every move allocates nothing.
    ///
    /// ```
    /// use renju_core::{Color, Convention, IncrementalBoard};
    /// let mut b = IncrementalBoard::renju();
    /// let mut out = Vec::new();
    /// b.place("h8".parse().unwrap(), Color::Black).unwrap();
    /// b.forbidden_points_into(Convention::Lenient, &mut out);
    /// assert!(out.is_empty());
    /// ```
    pub fn forbidden_points_into(&self, convention: Convention, out: &mut Vec<(Point, Foul)>) {
        scan_points(&self.lines, &self.state.marked, convention, out, |p| {
            self.full_shapes(p)
        });
    }
}

/// The same answers as the inherent methods of the same names.
impl Fouls for IncrementalBoard {
    #[inline]
    fn verdict(&self, p: Point, convention: Convention) -> Verdict {
        IncrementalBoard::verdict(self, p, convention)
    }

    #[inline]
    fn forbidden_points_into(&self, convention: Convention, out: &mut Vec<(Point, Foul)>) {
        IncrementalBoard::forbidden_points_into(self, convention, out);
    }

    fn explain(&self, p: Point, convention: Convention) -> Explanation {
        IncrementalBoard::explain(self, p, convention)
    }
}
