//! Text diagrams of boards, read and written: ASCII (`.`, `X`, `O`) and the Unicode style of
//! the seeds (`┼ ● ○` with `┌ ┬ ┐ ├ ┤ └ ┴ ┘` on the edges), with marks on empty points (`×`
//! for a forbidden point, letters `A`, `B`, ...) and move numbers on stones.
//!
//! A [`Diagram`] is a [`Board`] plus marks and numbers. [`Diagram::to_ascii`] and
//! [`Diagram::to_unicode`] write it with the row numbers on the left (row 1 at the bottom) and
//! the column letters underneath ([`Diagram::write`] also puts row 1 at the top);
//! [`Diagram::parse`] reads either style and either orientation back (the styles may even be
//! mixed; the row labels tell the orientation) and says which line and column it could not
//! read.
//!
//! The cells, in both styles:
//!
//! | point | ASCII | Unicode |
//! |---|---|---|
//! | empty | `.` (`+` on a star point) | `┼`, `┌ ┬ ┐ ├ ┤ └ ┴ ┘` on the edges, `╋` on a star point |
//! | black / white stone | `X` / `O` | `●` / `○` |
//! | stone with move number 12 | `X12` / `O12` | `●12` / `○12` |
//! | forbidden point | `#` (`×` is read too) | `×` |
//! | letter mark | `A`..`Z` but `O` and `X` | `A`..`Z` but `O` and `X` |
//!
//! Letters `O` and `X` cannot be marks: they are stones in the ASCII style. Cells are separated
//! by spaces (ASCII) or `─` (Unicode); when a stone carries a number, every cell is widened to
//! the widest one so that columns stay aligned. Reading also accepts `x`/`o` for stones and
//! row numbers on both sides: the text is read by [`renju_core::grid`], the one text-board
//! reader of the workspace (also behind `Board::from_diagram`).
//!
//! This module draws positions; it does not judge them (see `renju_core::forbidden_points`)
//! and it is not a game-record format (a diagram holds no move order beyond the numbers
//! written on the stones).
//!
//! ```
//! use renju_diagrams::diagram::{Diagram, Mark};
//! use renju_core::{Color, Point};
//!
//! let d = Diagram::parse("
//!  7 . . . . . . .
//!  6 . . . . . . .
//!  5 . . X1 # . . .
//!  4 . . O2 A . . .
//!  3 . . . . . . .
//!  2 . . . . . . .
//!  1 . . . . . . .
//!    a b c d e f g").unwrap();
//! let c5: Point = "c5".parse().unwrap();
//! assert_eq!(d.board().get(c5), Some(Color::Black));
//! assert_eq!(d.number(c5), Some(1));
//! assert_eq!(d.mark("d5".parse().unwrap()), Some(Mark::Forbidden));
//! assert_eq!(d.mark("d4".parse().unwrap()), Some(Mark::Letter('A')));
//! // The Unicode form reads back to the same diagram.
//! assert_eq!(Diagram::parse(&d.to_unicode()).unwrap(), d);
//! ```

pub use crate::text::TextStyle;
use renju_core::grid::{GridError, MAX_NUMBER};
use renju_core::{
    Board, Color, Convention, Foul, MAX_SIZE, MIN_SIZE, Move, Point, RENJU_SIZE, forbidden_points,
};
use renju_notation::GameRecord;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// A mark drawn on an empty point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// A forbidden point: `×` (`#` in ASCII).
    Forbidden,
    /// A capital letter `A`..`Z`, except `O` and `X` (which read as stones).
    Letter(char),
}

impl Mark {
    /// A letter mark, if `c` is a capital letter that can be one (`A`..`Z` but `O` and `X`).
    ///
    /// ```
    /// use renju_diagrams::diagram::Mark;
    /// assert_eq!(Mark::letter('B'), Some(Mark::Letter('B')));
    /// assert_eq!(Mark::letter('X'), None);
    /// assert_eq!(Mark::letter('b'), None);
    /// ```
    #[must_use]
    pub fn letter(c: char) -> Option<Mark> {
        renju_core::grid::is_mark_letter(c).then_some(Mark::Letter(c))
    }
}

/// A board with marks on empty points and move numbers on stones.
///
/// Invariants (kept by every constructor and setter): marks lie on empty points of the board,
/// numbers on stones, numbers are at least 1.
#[derive(Clone, PartialEq, Eq)]
pub struct Diagram {
    pub(crate) board: Board,
    pub(crate) marks: BTreeMap<Point, Mark>,
    pub(crate) numbers: BTreeMap<Point, u32>,
}

/// Why a diagram could not be read or changed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DiagramError {
    /// The text is not a board: what [`renju_core::grid`] could not read, with its line and
    /// column (shown in the diagram's words).
    Text(GridError),
    /// A board side outside 5..=20 ([`Diagram::from_moves`], [`Diagram::from_record`]).
    BadSide(usize),
    /// A mark was put on a stone, or a number on an empty point, or a point off the board.
    Misplaced {
        /// The point.
        point: Point,
        /// What was wrong.
        reason: &'static str,
    },
}

impl From<GridError> for DiagramError {
    fn from(e: GridError) -> DiagramError {
        DiagramError::Text(e)
    }
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Text(e) => write_grid_error(f, e),
            DiagramError::BadSide(side) => write!(
                f,
                "{side} board rows is not a board side in {MIN_SIZE}..={MAX_SIZE}"
            ),
            DiagramError::Misplaced { point, reason } => write!(f, "{point}: {reason}"),
        }
    }
}

/// A text-board error in the diagram's words (which say what a diagram cell may be).
fn write_grid_error(f: &mut fmt::Formatter<'_>, e: &GridError) -> fmt::Result {
    match e {
        GridError::Empty => write!(f, "no board rows in the diagram"),
        GridError::BadChar {
            line,
            column,
            found,
        } => write!(
            f,
            "line {line}, column {column}: '{found}' is not a diagram cell \
             (expected . + X O # or a capital letter, or ┼ ● ○ × in the Unicode style)"
        ),
        GridError::StrayNumber { line, column } => write!(
            f,
            "line {line}, column {column}: a number must follow a stone (X12, ●12) \
             or label the row at either end"
        ),
        GridError::BadNumber {
            line,
            column,
            digits,
        } => write!(
            f,
            "line {line}, column {column}: move number '{digits}' is not in 1..={MAX_NUMBER}"
        ),
        GridError::BadSize { rows } => write!(
            f,
            "{rows} board rows is not a board side in {MIN_SIZE}..={MAX_SIZE}"
        ),
        GridError::RowLength {
            line,
            found,
            expected,
        } => write!(
            f,
            "line {line}: the row has {found} points, expected {expected} (one per row)"
        ),
        GridError::RowLabel {
            line,
            found,
            expected,
        } => write!(
            f,
            "line {line}: the row is labelled {found} but is row {expected} \
             (rows count down to 1 at the bottom)"
        ),
        GridError::ColumnHeader {
            line,
            found,
            expected,
        } => write!(
            f,
            "line {line}: {found} column letters for a board of side {expected}"
        ),
        other => write!(f, "{other}"),
    }
}

impl std::error::Error for DiagramError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DiagramError::Text(e) => Some(e),
            DiagramError::BadSide(_) | DiagramError::Misplaced { .. } => None,
        }
    }
}

/// Whether `p` is a star point of a board of side `size`: `d4 d12 l4 l12` and `h8` on 15x15
/// (the renju board); the centre on other odd sides; none on even sides.
///
/// ```
/// use renju_diagrams::diagram::is_star_point;
/// assert!(is_star_point(15, "l12".parse().unwrap()));
/// assert!(is_star_point(15, "h8".parse().unwrap()));
/// assert!(!is_star_point(15, "d5".parse().unwrap()));
/// ```
#[must_use]
pub fn is_star_point(size: u8, p: Point) -> bool {
    if size == RENJU_SIZE {
        let (c, r) = (p.col(), p.row());
        (c == 7 && r == 7) || ((c == 3 || c == 11) && (r == 3 || r == 11))
    } else {
        size % 2 == 1 && p.col() == size / 2 && p.row() == size / 2
    }
}

impl Diagram {
    /// A diagram of `board` with no marks and no numbers.
    #[must_use]
    pub fn new(board: Board) -> Diagram {
        Diagram {
            board,
            marks: BTreeMap::new(),
            numbers: BTreeMap::new(),
        }
    }

    /// The position after `moves` on an empty board of side `size`, each stone numbered with
    /// its move number (Black plays move 1; a pass is a move and leaves no stone).
    ///
    /// # Errors
    /// A bad side, or a move off the board or onto a stone ([`DiagramError::Misplaced`]).
    ///
    /// ```
    /// use renju_diagrams::diagram::Diagram;
    /// use renju_core::Move;
    /// let moves: Vec<Move> = ["h8", "h9", "--", "i9"].iter().map(|m| m.parse().unwrap()).collect();
    /// let d = Diagram::from_moves(15, &moves).unwrap();
    /// assert_eq!(d.number("i9".parse().unwrap()), Some(4));
    /// assert!(d.to_ascii().contains("O2 O4"));
    /// ```
    pub fn from_moves(size: u8, moves: &[Move]) -> Result<Diagram, DiagramError> {
        let board =
            Board::new(usize::from(size)).map_err(|_| DiagramError::BadSide(usize::from(size)))?;
        let mut d = Diagram::new(board);
        for (i, mv) in moves.iter().enumerate() {
            let n = i + 1;
            if let Move::Stone(p) = mv {
                d.board.place(*p, Color::of_move_number(n)).map_err(|_| {
                    DiagramError::Misplaced {
                        point: *p,
                        reason: "a move off the board or onto a stone",
                    }
                })?;
                d.numbers.insert(*p, u32::try_from(n).unwrap_or(u32::MAX));
            }
        }
        Ok(d)
    }

    /// The final position of a game record, each stone numbered with its move number (see
    /// [`Diagram::from_moves`]); the record's setup stones (SGF `AB`/`AW`/`AE`) are set, without
    /// numbers, when the record says (before the first move, or after move K).
    ///
    /// # Errors
    /// As [`Diagram::from_moves`]: a bad board size, or a move or setup stone off the board or
    /// onto a stone.
    ///
    /// ```
    /// use renju_notation::{GameRecord, SetupStone};
    /// use renju_diagrams::diagram::Diagram;
    /// use renju_core::Color;
    /// let mut record = GameRecord::new(15);
    /// record.moves = ["h8", "h9"].iter().map(|m| m.parse().unwrap()).collect();
    /// record.setup.push(SetupStone { after_move: 0, point: "a1".parse().unwrap(), stone: Some(Color::White) });
    /// let d = Diagram::from_record(&record).unwrap();
    /// assert_eq!(d.number("h9".parse().unwrap()), Some(2));
    /// assert_eq!(d.board().get("a1".parse().unwrap()), Some(Color::White));
    /// assert_eq!(d.number("a1".parse().unwrap()), None);
    /// ```
    pub fn from_record(record: &GameRecord) -> Result<Diagram, DiagramError> {
        if record.setup.is_empty() {
            return Diagram::from_moves(record.board_size, &record.moves);
        }
        let size = record.board_size;
        let board =
            Board::new(usize::from(size)).map_err(|_| DiagramError::BadSide(usize::from(size)))?;
        let mut d = Diagram::new(board);
        let misplaced = |p: Point| DiagramError::Misplaced {
            point: p,
            reason: "a move or setup stone off the board or onto a stone",
        };
        for k in 0..=record.moves.len() {
            for s in record.setup.iter().filter(|s| s.after_move == k) {
                d.numbers.remove(&s.point);
                d.board
                    .set(s.point, s.stone)
                    .map_err(|_| misplaced(s.point))?;
            }
            if let Some(Move::Stone(p)) = record.moves.get(k) {
                let n = k + 1;
                d.board
                    .place(*p, Color::of_move_number(n))
                    .map_err(|_| misplaced(*p))?;
                d.numbers.insert(*p, u32::try_from(n).unwrap_or(u32::MAX));
            }
        }
        Ok(d)
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// Every mark, by point.
    #[must_use]
    pub fn marks(&self) -> &BTreeMap<Point, Mark> {
        &self.marks
    }

    /// Every move number, by point.
    #[must_use]
    pub fn numbers(&self) -> &BTreeMap<Point, u32> {
        &self.numbers
    }

    /// The mark on `p`, if any.
    #[must_use]
    pub fn mark(&self, p: Point) -> Option<Mark> {
        self.marks.get(&p).copied()
    }

    /// The move number on `p`, if any.
    #[must_use]
    pub fn number(&self, p: Point) -> Option<u32> {
        self.numbers.get(&p).copied()
    }

    /// The point holding the letter mark `letter`, if any.
    #[must_use]
    pub fn letter_point(&self, letter: char) -> Option<Point> {
        self.marks
            .iter()
            .find(|(_, m)| **m == Mark::Letter(letter))
            .map(|(p, _)| *p)
    }

    /// Puts `mark` on the empty point `p` (replacing any mark there).
    ///
    /// # Errors
    /// [`DiagramError::Misplaced`] when `p` is off the board or holds a stone.
    pub fn set_mark(&mut self, p: Point, mark: Mark) -> Result<(), DiagramError> {
        if !self.board.is_empty_at(p) {
            return Err(DiagramError::Misplaced {
                point: p,
                reason: "a mark must be on an empty point of the board",
            });
        }
        if let Mark::Letter(c) = mark
            && Mark::letter(c).is_none()
        {
            return Err(DiagramError::Misplaced {
                point: p,
                reason: "a letter mark is a capital A..Z other than O and X",
            });
        }
        self.marks.insert(p, mark);
        Ok(())
    }

    /// Removes the mark on `p`, if any.
    pub fn clear_mark(&mut self, p: Point) {
        self.marks.remove(&p);
    }

    /// Marks every empty point of `points` forbidden (`×`); points that hold a stone or lie
    /// off the board are skipped. Returns how many were marked.
    pub fn mark_forbidden<I: IntoIterator<Item = Point>>(&mut self, points: I) -> usize {
        let mut n = 0;
        for p in points {
            if self.set_mark(p, Mark::Forbidden).is_ok() {
                n += 1;
            }
        }
        n
    }

    /// Marks every forbidden point of the position under `convention` with `×` (replacing a
    /// letter there) and returns them with their kinds, in reading order: the one call a
    /// command needs to show a position with its fouls.
    ///
    /// ```
    /// use renju_diagrams::diagram::Diagram;
    /// use renju_core::{Convention, Foul};
    /// let mut d = Diagram::parse("
    ///  7 . . . . . . .
    ///  6 . . . X . . .
    ///  5 . . . X . . .
    ///  4 . . . . . . .
    ///  3 . X X . . . .
    ///  2 . . . . . . .
    ///  1 . . . . . . .").unwrap();
    /// let fouls = d.mark_fouls(Convention::Lenient);
    /// assert_eq!(fouls, vec![("d3".parse().unwrap(), Foul::DoubleThree)]);
    /// assert!(d.to_unicode().contains("├─●─●─×─┼"));
    /// ```
    pub fn mark_fouls(&mut self, convention: Convention) -> Vec<(Point, Foul)> {
        let fouls = forbidden_points(&self.board, convention);
        for (p, _) in &fouls {
            self.marks.insert(*p, Mark::Forbidden);
        }
        fouls
    }

    /// Writes the move number `n` (at least 1) on the stone at `p`.
    ///
    /// # Errors
    /// [`DiagramError::Misplaced`] when `p` holds no stone or `n` is 0.
    pub fn set_number(&mut self, p: Point, n: u32) -> Result<(), DiagramError> {
        if self.board.get(p).is_none() {
            return Err(DiagramError::Misplaced {
                point: p,
                reason: "a move number must be on a stone",
            });
        }
        if n == 0 || n > MAX_NUMBER {
            return Err(DiagramError::Misplaced {
                point: p,
                reason: "a move number is in 1..=99999",
            });
        }
        self.numbers.insert(p, n);
        Ok(())
    }
}

impl FromStr for Diagram {
    type Err = DiagramError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Diagram::parse(s)
    }
}

impl fmt::Display for Diagram {
    /// The Unicode form ([`Diagram::to_unicode`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_unicode())
    }
}

impl fmt::Debug for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Diagram {}x{}", self.size(), self.size())?;
        f.write_str(&self.to_ascii())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use renju_notation::Orientation;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn star_points_and_edges_in_unicode() {
        let d = Diagram::new(Board::renju());
        let text = d.to_unicode();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "15 ┌─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┐");
        assert_eq!(lines[3], "12 ├─┼─┼─╋─┼─┼─┼─┼─┼─┼─┼─╋─┼─┼─┤");
        assert_eq!(lines[7], " 8 ├─┼─┼─┼─┼─┼─┼─╋─┼─┼─┼─┼─┼─┼─┤");
        assert_eq!(lines[14], " 1 └─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┘");
        assert_eq!(lines[15], "   a b c d e f g h i j k l m n o");
        assert_eq!(Diagram::parse(&text).unwrap(), d);
        let ascii = d.to_ascii();
        assert!(ascii.lines().nth(11).unwrap().starts_with(" 4 . . . + ."));
    }

    #[test]
    fn numbers_widen_every_cell() {
        let moves: Vec<Move> = ["h8", "i9", "j10"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let mut d = Diagram::from_moves(15, &moves).unwrap();
        d.set_mark(p("g7"), Mark::Forbidden).unwrap();
        d.set_mark(p("k11"), Mark::Letter('A')).unwrap();
        let ascii = d.to_ascii();
        let row8 = ascii.lines().nth(7).unwrap();
        assert_eq!(row8, " 8 .  .  .  .  .  .  .  X1 .  .  .  .  .  .  .");
        assert!(ascii.lines().nth(6).unwrap().contains(" O2 "));
        assert!(ascii.lines().nth(8).unwrap().contains(" #  "));
        assert!(ascii.lines().nth(4).unwrap().contains(" A  "));
        assert!(
            ascii.ends_with("   a  b  c  d  e  f  g  h  i  j  k  l  m  n  o\n"),
            "{ascii}"
        );
        let uni = d.to_unicode();
        assert!(uni.lines().nth(6).unwrap().contains("──○2─┼"), "{uni}");
        assert!(uni.lines().nth(8).unwrap().contains("──×──"));
        assert_eq!(Diagram::parse(&ascii).unwrap(), d);
        assert_eq!(Diagram::parse(&uni).unwrap(), d);
    }

    #[test]
    fn reads_the_seed_style_without_separators() {
        // Seed 002, the false-three figure: ┼○┼●×●┼○┼ on one row.
        let text = "┼┼┼┼┼┼┼┼┼\n┼┼┼┼┼┼┼┼┼\n┼┼┼┼┼┼┼┼┼\n┼┼┼┼┼┼┼┼┼\n┼○┼●×●┼○┼\n┼┼┼┼●┼┼┼┼\n\
                    ┼┼┼┼┼┼┼┼┼\n┼┼┼┼┼┼┼┼┼\n┼┼┼┼┼┼┼┼┼";
        let d = Diagram::parse(text).unwrap();
        assert_eq!(d.size(), 9);
        assert_eq!(d.board().get(p("b5")), Some(Color::White));
        assert_eq!(d.board().get(p("e4")), Some(Color::Black));
        assert_eq!(d.mark(p("e5")), Some(Mark::Forbidden));
    }

    #[test]
    fn errors_name_the_place() {
        let five = ". . . . .\n";
        let bad_len = format!("{five}{five}. . . .\n{five}{five}");
        assert_eq!(
            Diagram::parse(&bad_len),
            Err(DiagramError::Text(GridError::RowLength {
                line: 3,
                found: 4,
                expected: 5
            }))
        );
        let bad_label = "5 . . . . .\n4 . . . . .\n2 . . . . .\n2 . . . . .\n1 . . . . .\n";
        let e = Diagram::parse(bad_label).unwrap_err();
        assert_eq!(
            e,
            DiagramError::Text(GridError::RowLabel {
                line: 3,
                found: 2,
                expected: 3
            })
        );
        assert!(e.to_string().contains("line 3"));
        let stray = format!("{five}{five}. . 7 . .\n{five}{five}");
        assert_eq!(
            Diagram::parse(&stray),
            Err(DiagramError::Text(GridError::StrayNumber {
                line: 3,
                column: 5
            }))
        );
        let zero = format!("{five}{five}. . X0 . .\n{five}{five}");
        assert!(matches!(
            Diagram::parse(&zero),
            Err(DiagramError::Text(GridError::BadNumber { line: 3, .. }))
        ));
        assert_eq!(
            Diagram::parse(" \n\n"),
            Err(DiagramError::Text(GridError::Empty))
        );
        assert_eq!(
            Diagram::parse(". .\n. .\n"),
            Err(DiagramError::Text(GridError::BadSize { rows: 2 }))
        );
        let header = format!("{five}{five}{five}{five}{five}  a b c d\n");
        assert!(matches!(
            Diagram::parse(&header),
            Err(DiagramError::Text(GridError::ColumnHeader { found: 4, .. }))
        ));
    }

    #[test]
    fn setters_keep_the_invariants() {
        let mut d = Diagram::new(Board::renju());
        d.board.place(p("h8"), Color::Black).unwrap();
        assert!(d.set_mark(p("h8"), Mark::Forbidden).is_err());
        assert!(d.set_mark(p("h9"), Mark::Letter('X')).is_err());
        assert!(d.set_number(p("h9"), 3).is_err());
        assert!(d.set_number(p("h8"), 0).is_err());
        assert_eq!(d.mark_forbidden([p("h8"), p("a1"), p("b2")]), 2);
        d.set_mark(p("c3"), Mark::Letter('B')).unwrap();
        assert_eq!(d.letter_point('B'), Some(p("c3")));
    }

    fn arb_diagram() -> impl Strategy<Value = Diagram> {
        (MIN_SIZE..=MAX_SIZE).prop_flat_map(|size| {
            let n = usize::from(size) * usize::from(size);
            proptest::collection::vec((0u8..8, 1u32..400, 0u8..26), n).prop_map(move |cells| {
                let mut d = Diagram::new(Board::new(usize::from(size)).unwrap());
                for (i, (kind, num, letter)) in cells.into_iter().enumerate() {
                    let pt =
                        Point::new((i % usize::from(size)) as u8, (i / usize::from(size)) as u8)
                            .unwrap();
                    match kind {
                        1 => d.board.set(pt, Some(Color::Black)).unwrap(),
                        2 => d.board.set(pt, Some(Color::White)).unwrap(),
                        3 => {
                            d.board.set(pt, Some(Color::Black)).unwrap();
                            d.numbers.insert(pt, num);
                        }
                        4 => {
                            d.board.set(pt, Some(Color::White)).unwrap();
                            d.numbers.insert(pt, num);
                        }
                        5 => {
                            d.marks.insert(pt, Mark::Forbidden);
                        }
                        6 => {
                            if let Some(m) = Mark::letter(char::from(b'A' + letter)) {
                                d.marks.insert(pt, m);
                            }
                        }
                        _ => {}
                    }
                }
                d
            })
        })
    }

    proptest! {
        #[test]
        fn ascii_round_trip(d in arb_diagram()) {
            prop_assert_eq!(Diagram::parse(&d.to_ascii()).unwrap(), d);
        }

        #[test]
        fn unicode_round_trip(d in arb_diagram()) {
            prop_assert_eq!(Diagram::parse(&d.to_unicode()).unwrap(), d);
        }

        #[test]
        fn top_orientation_round_trip(d in arb_diagram(), unicode: bool) {
            let style = if unicode { TextStyle::Unicode } else { TextStyle::Ascii };
            let text = d.write(style, Orientation::RowOneAtTop);
            prop_assert_eq!(&Diagram::parse(&text).unwrap(), &d);
            prop_assert_eq!(
                &Diagram::parse_with(&text, Some(Orientation::RowOneAtTop)).unwrap(),
                &d
            );
        }

        #[test]
        fn never_panics(text in "[.XO#A-Z0-9 ┼●○×─\n]{0,400}") {
            let _ = Diagram::parse(&text);
        }
    }
}
