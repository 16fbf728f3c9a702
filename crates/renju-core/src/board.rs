//! The board: a square grid of side 5..=20 holding black and white stones.

use crate::grid::{Cell, Grid, GridError};
use crate::{Color, MAX_SIZE, MIN_SIZE, Point, RENJU_SIZE};
use std::fmt;

/// A square board of side 5..=20 (15 for renju), stored as one bit row per colour.
///
/// ```
/// use renju_core::{Board, Color, Point};
/// let mut b = Board::renju();
/// b.place(Point::CENTER, Color::Black).unwrap();
/// assert_eq!(b.get(Point::CENTER), Some(Color::Black));
/// assert_eq!(b.stone_count(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    black: [u32; MAX_SIZE as usize],
    white: [u32; MAX_SIZE as usize],
}

/// Why a board could not be made or changed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The side is outside 5..=20.
    BadSize(usize),
    /// The point lies outside this board.
    OffBoard(Point, u8),
    /// The point already holds a stone.
    Occupied(Point, Color),
    /// A text diagram could not be read ([`Board::from_diagram`]); the grid error names the
    /// line and column.
    BadText(GridError),
    /// A one-line board ([`Board::from_line`]) whose length is the square of no side in
    /// 1..=20.
    BadLineLength(usize),
    /// A one-line board with a character that is no cell.
    BadLineCell {
        /// 1-based position of the character in the line.
        index: usize,
        /// The character.
        found: char,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize(s) => {
                write!(f, "board side {s} is outside {MIN_SIZE}..={MAX_SIZE}")
            }
            BoardError::OffBoard(p, s) => write!(f, "{p} is off the {s}x{s} board"),
            BoardError::Occupied(p, c) => write!(f, "{p} is already occupied by {c}"),
            BoardError::BadText(e) => write!(f, "board text line {}: {}", e.line(), e.detail()),
            BoardError::BadLineLength(len) => write!(
                f,
                "board text line 1: {len} characters is not a board (225 for 15x15, or \
                 side*side for {MIN_SIZE}..={MAX_SIZE})"
            ),
            BoardError::BadLineCell { index, found } => write!(
                f,
                "board text line 1: character {index} is '{found}', expected '.', 'x' or 'o'"
            ),
        }
    }
}

impl std::error::Error for BoardError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BoardError::BadText(e) => Some(e),
            _ => None,
        }
    }
}

impl From<GridError> for BoardError {
    /// A text diagram that does not read: [`BoardError::BadText`].
    fn from(e: GridError) -> BoardError {
        BoardError::BadText(e)
    }
}

impl Board {
    /// An empty board of side `size` (5..=20).
    ///
    /// # Errors
    /// [`BoardError::BadSize`] outside 5..=20.
    ///
    /// ```
    /// use renju_core::Board;
    /// let b = Board::new(19).unwrap();
    /// assert_eq!(b.size(), 19);
    /// assert!(Board::new(4).is_err() && Board::new(21).is_err());
    /// ```
    #[inline]
    pub fn new(size: usize) -> Result<Board, BoardError> {
        if !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&size) {
            return Err(BoardError::BadSize(size));
        }
        Ok(Board {
            size: size as u8,
            black: [0; 20],
            white: [0; 20],
        })
    }

    /// An empty 15x15 renju board.
    ///
    /// ```
    /// use renju_core::Board;
    /// let b = Board::renju();
    /// assert_eq!((b.size(), b.stone_count()), (15, 0));
    /// ```
    #[must_use]
    pub fn renju() -> Board {
        Board {
            size: RENJU_SIZE,
            black: [0; 20],
            white: [0; 20],
        }
    }

    /// The side of the board.
    ///
    /// ```
    /// use renju_core::Board;
    /// assert_eq!(Board::renju().size(), 15);
    /// ```
    #[must_use]
    #[inline]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Whether `p` lies on this board.
    ///
    /// ```
    /// use renju_core::{Board, Point};
    /// let b = Board::renju();
    /// assert!(b.contains("o15".parse().unwrap()));
    /// assert!(!b.contains(Point::parse_sized("p16", 20).unwrap()));
    /// ```
    #[must_use]
    #[inline]
    pub const fn contains(&self, p: Point) -> bool {
        p.col() < self.size && p.row() < self.size
    }

    /// The centre point (for even sides, the lower-left of the four central points).
    ///
    /// ```
    /// use renju_core::Board;
    /// assert_eq!(Board::renju().center().to_string(), "h8");
    /// assert_eq!(Board::new(20).unwrap().center().to_string(), "j10");
    /// ```
    #[must_use]
    pub fn center(&self) -> Point {
        let c = (self.size - 1) / 2;
        Point::new(c, c).expect("centre is on the board")
    }

    /// The stone at `p`, if any (`None` also off the board).
    ///
    /// ```
    /// use renju_core::{Board, Color, Point};
    /// let mut b = Board::renju();
    /// b.place(Point::CENTER, Color::White).unwrap();
    /// assert_eq!(b.get(Point::CENTER), Some(Color::White));
    /// assert_eq!(b.get("a1".parse().unwrap()), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.contains(p) {
            return None;
        }
        let bit = 1u32 << p.col();
        let r = usize::from(p.row());
        if self.black[r] & bit != 0 {
            Some(Color::Black)
        } else if self.white[r] & bit != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Whether `p` is on the board and empty.
    ///
    /// ```
    /// use renju_core::{Board, Color, Point};
    /// let mut b = Board::new(9).unwrap();
    /// assert!(b.is_empty_at("e5".parse().unwrap()));
    /// b.place("e5".parse().unwrap(), Color::Black).unwrap();
    /// assert!(!b.is_empty_at("e5".parse().unwrap()));
    /// assert!(!b.is_empty_at("j10".parse().unwrap())); // off this 9x9 board
    /// ```
    #[must_use]
    #[inline]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.contains(p) && self.get(p).is_none()
    }

    /// Puts `stone` at `p` (or clears it with `None`), whatever was there.
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] when `p` is not on this board.
    ///
    /// ```
    /// use renju_core::{Board, Color, Point};
    /// let mut b = Board::renju();
    /// b.set(Point::CENTER, Some(Color::Black)).unwrap();
    /// b.set(Point::CENTER, Some(Color::White)).unwrap(); // replaces the black stone
    /// assert_eq!(b.get(Point::CENTER), Some(Color::White));
    /// b.set(Point::CENTER, None).unwrap();
    /// assert!(b.is_empty_at(Point::CENTER));
    /// ```
    #[inline]
    pub fn set(&mut self, p: Point, stone: Option<Color>) -> Result<(), BoardError> {
        if !self.contains(p) {
            return Err(BoardError::OffBoard(p, self.size));
        }
        let bit = 1u32 << p.col();
        let r = usize::from(p.row());
        self.black[r] &= !bit;
        self.white[r] &= !bit;
        match stone {
            Some(Color::Black) => self.black[r] |= bit,
            Some(Color::White) => self.white[r] |= bit,
            None => {}
        }
        Ok(())
    }

    /// Places a stone on an empty point.
    ///
    /// # Errors
    /// Off the board or on an occupied point.
    ///
    /// ```
    /// use renju_core::{Board, BoardError, Color, Point};
    /// let mut b = Board::renju();
    /// b.place(Point::CENTER, Color::Black).unwrap();
    /// assert_eq!(
    ///     b.place(Point::CENTER, Color::White),
    ///     Err(BoardError::Occupied(Point::CENTER, Color::Black))
    /// );
    /// ```
    #[inline]
    pub fn place(&mut self, p: Point, color: Color) -> Result<(), BoardError> {
        if let Some(c) = self.get(p) {
            return Err(BoardError::Occupied(p, c));
        }
        self.set(p, Some(color))
    }

    /// Removes whatever stone is at `p` (a no-op off the board).
    ///
    /// ```
    /// use renju_core::{Board, Color, Point};
    /// let mut b = Board::renju();
    /// b.place(Point::CENTER, Color::Black).unwrap();
    /// b.remove(Point::CENTER);
    /// assert_eq!(b.stone_count(), 0);
    /// ```
    pub fn remove(&mut self, p: Point) {
        let _ = self.set(p, None);
    }

    /// Every point of the board in reading order: top row first, `a` to the last column.
    ///
    /// ```
    /// use renju_core::Board;
    /// let b = Board::new(5).unwrap();
    /// let first: Vec<String> = b.points().take(3).map(|p| p.to_string()).collect();
    /// assert_eq!(first, ["a5", "b5", "c5"]);
    /// assert_eq!(b.points().count(), 25);
    /// ```
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size)
            .rev()
            .flat_map(move |r| (0..size).filter_map(move |c| Point::new(c, r)))
    }

    /// Every empty point, in reading order.
    ///
    /// ```
    /// use renju_core::{Board, Color, Point};
    /// let mut b = Board::renju();
    /// b.place(Point::CENTER, Color::Black).unwrap();
    /// assert_eq!(b.empty_points().count(), 224);
    /// ```
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(|&p| self.get(p).is_none())
    }

    /// Every stone as `(point, colour)`, in reading order.
    ///
    /// ```
    /// use renju_core::Board;
    /// let b = Board::from_diagram("
    ///     . . . . .
    ///     . x . . .
    ///     . . o . .
    ///     . . . . .
    ///     . . . . .").unwrap();
    /// let s: Vec<String> = b.stones().map(|(p, c)| format!("{p}={c}")).collect();
    /// assert_eq!(s, ["b4=black", "c3=white"]);
    /// ```
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.points().filter_map(|p| self.get(p).map(|c| (p, c)))
    }

    /// Number of stones of both colours.
    ///
    /// ```
    /// use renju_core::Board;
    /// let b = Board::from_diagram("
    ///     . . . . .
    ///     . x o . .
    ///     . . x . .
    ///     . . . . .
    ///     . . . . .").unwrap();
    /// assert_eq!(b.stone_count(), 3);
    /// ```
    #[must_use]
    pub fn stone_count(&self) -> usize {
        self.black
            .iter()
            .chain(&self.white)
            .map(|r| r.count_ones() as usize)
            .sum()
    }

    /// Number of stones of one colour.
    ///
    /// ```
    /// use renju_core::{Board, Color};
    /// let b = Board::from_diagram("
    ///     . . . . .
    ///     . x o . .
    ///     . . x . .
    ///     . . . . .
    ///     . . . . .").unwrap();
    /// assert_eq!((b.count(Color::Black), b.count(Color::White)), (2, 1));
    /// ```
    #[must_use]
    pub fn count(&self, color: Color) -> usize {
        let rows = match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        };
        rows.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// Whether every point holds a stone.
    ///
    /// ```
    /// use renju_core::Board;
    /// assert!(!Board::renju().is_full());
    /// assert!(Board::from_line(&"xo".repeat(12).chars().chain(['x']).collect::<String>()).unwrap().is_full());
    /// ```
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stone_count() == usize::from(self.size) * usize::from(self.size)
    }

    /// The bits of one row for one colour (bit `c` = column `c`).
    ///
    /// ```
    /// use renju_core::{Board, Color};
    /// let b = Board::from_diagram("
    ///     . . . . .
    ///     . . . . .
    ///     x . x . .
    ///     . . . . .
    ///     . . . . .").unwrap();
    /// assert_eq!(b.row_bits(Color::Black, 2), 0b101); // row 3: columns a and c
    /// ```
    #[must_use]
    #[inline]
    pub fn row_bits(&self, color: Color, row: u8) -> u32 {
        match color {
            Color::Black => self.black[usize::from(row)],
            Color::White => self.white[usize::from(row)],
        }
    }

    /// Reads the one-line form used by the foul data sets: `size*size` characters, top row
    /// first, each row from column `a`; `.` empty, `x`/`X` black, `o`/`O` white.
    ///
    /// # Errors
    /// [`BoardError::BadLineLength`] when the length is the square of no side,
    /// [`BoardError::BadSize`] when it is the square of a side outside 5..=20,
    /// [`BoardError::BadLineCell`] for a character that is no cell.
    ///
    /// ```
    /// use renju_core::{Board, Color, Point};
    /// let mut line = ".".repeat(225);
    /// line.replace_range(112..113, "x"); // row 8 from the top is row 8, column h
    /// let b = Board::from_line(&line).unwrap();
    /// assert_eq!(b.get(Point::CENTER), Some(Color::Black));
    /// ```
    pub fn from_line(text: &str) -> Result<Board, BoardError> {
        let text = text.trim();
        if text.is_ascii() {
            return Board::from_line_bytes(text.as_bytes());
        }
        let size = line_side(text.chars().count())?;
        let mut b = Board::new(size)?;
        for (i, ch) in text.chars().enumerate() {
            let stone = cell_char(ch).ok_or_else(|| bad_cell(i, ch))?;
            let p = Point::new((i % size) as u8, (size - 1 - i / size) as u8).expect("on board");
            b.set(p, stone)?;
        }
        Ok(b)
    }

    /// [`Board::from_line`] on bytes, allocating nothing: `size*size` bytes (no surrounding
    /// spaces), `.` empty, `x`/`X` black, `o`/`O` white (and the other ASCII cells of
    /// [`Board::from_diagram`]: `+ _ -` empty, `*` black). For readers that hold a line as bytes.
    ///
    /// # Errors
    /// A wrong length or a byte that is not a cell, as for [`Board::from_line`].
    ///
    /// ```
    /// use renju_core::{Board, Color, Point};
    /// let mut line = vec![b'.'; 225];
    /// line[112] = b'x';
    /// assert_eq!(Board::from_line_bytes(&line).unwrap().get(Point::CENTER), Some(Color::Black));
    /// assert!(Board::from_line_bytes(b"...").is_err());
    /// ```
    pub fn from_line_bytes(bytes: &[u8]) -> Result<Board, BoardError> {
        let size = line_side(bytes.len())?;
        let mut b = Board::new(size)?;
        for (i, row) in bytes.chunks_exact(size).enumerate() {
            let r = size - 1 - i;
            let (mut black, mut white, mut bad) = (0u32, 0u32, false);
            // Branch-free over the row; a bad byte is looked for only when there is one.
            for (c, &byte) in row.iter().enumerate() {
                let is_black = matches!(byte, b'x' | b'X' | b'*');
                let is_white = matches!(byte, b'o' | b'O');
                let is_empty = matches!(byte, b'.' | b'+' | b'_' | b'-');
                black |= u32::from(is_black) << c;
                white |= u32::from(is_white) << c;
                bad |= !(is_black | is_white | is_empty);
            }
            if bad {
                let c = row
                    .iter()
                    .position(|b| {
                        !matches!(
                            b,
                            b'x' | b'X' | b'*' | b'o' | b'O' | b'.' | b'+' | b'_' | b'-'
                        )
                    })
                    .expect("a bad byte");
                let at = i * size + c;
                let ch = std::str::from_utf8(&bytes[at..])
                    .ok()
                    .and_then(|t| t.chars().next())
                    .unwrap_or(char::from(bytes[at]));
                return Err(bad_cell(at, ch));
            }
            b.black[r] = black;
            b.white[r] = white;
        }
        Ok(b)
    }

    /// The one-line form read by [`Board::from_line`] (`.`, `x`, `o`).
    ///
    /// ```
    /// use renju_core::{Board, Color, Point};
    /// let mut b = Board::new(5).unwrap();
    /// b.place("a5".parse().unwrap(), Color::Black).unwrap();
    /// b.place("e1".parse().unwrap(), Color::White).unwrap();
    /// let line = b.to_line();
    /// assert_eq!((line.len(), &line[..2], &line[24..]), (25, "x.", "o"));
    /// assert_eq!(Board::from_line(&line).unwrap(), b);
    /// ```
    #[must_use]
    pub fn to_line(&self) -> String {
        self.points()
            .map(|p| match self.get(p) {
                None => '.',
                Some(Color::Black) => 'x',
                Some(Color::White) => 'o',
            })
            .collect()
    }

    /// Reads a text diagram with [`Grid::parse`], the one diagram
    /// reader of the workspace: one line per row, ASCII (`.` or `+` empty, `x`/`X` black,
    /// `o`/`O` white) or the Unicode style of the seeds (`┼ ● ○`, box-drawing edges); row numbers
    /// at either end, a line of column letters and blank lines are allowed; the side is the
    /// number of rows. Row 1 is at the bottom unless the row labels count up from the top line.
    /// Move numbers on stones (`X12`) are read past, and marks (`#`, `×`, capital letters other
    /// than `O` and `X`) are empty points: a board holds stones only (`renju_diagrams::diagram`
    /// keeps the marks and numbers).
    ///
    /// # Errors
    /// [`BoardError::BadText`] with the [`GridError`] naming the line: rows of different
    /// lengths, a row count that is no board side, a row label that does not match its row, a
    /// column header of the wrong length, a stray number or an unknown character.
    ///
    /// ```
    /// use renju_core::{Board, Color, Point};
    /// let b = Board::from_diagram("
    ///  5 . . . . .
    ///  4 . x . . .
    ///  3 . . o . .
    ///  2 . . . . .
    ///  1 . . . . .
    ///    a b c d e").unwrap();
    /// assert_eq!(b.size(), 5);
    /// assert_eq!(b.get("b4".parse().unwrap()), Some(Color::Black));
    /// assert_eq!(b.get("c3".parse().unwrap()), Some(Color::White));
    /// // Labels counting up from the top put row 1 at the top.
    /// let top = Board::from_diagram("1 x . . . .\n2 . . . . .\n3 . . . . .\n4 . . . . .\n5 . . . . .").unwrap();
    /// assert_eq!(top.get("a1".parse().unwrap()), Some(Color::Black));
    /// assert!(Board::from_diagram(". . .\n. . .\n. . .\n. . .\n. . . .").is_err());
    /// ```
    pub fn from_diagram(text: &str) -> Result<Board, BoardError> {
        Ok(Board::from_grid(&Grid::parse(text, None)?))
    }

    /// The stones of a text board read by [`Grid::parse`] (its marks and move numbers left
    /// out).
    ///
    /// ```
    /// use renju_core::grid::Grid;
    /// use renju_core::{Board, Color, Orientation};
    /// let grid = Grid::parse("x . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . A", Some(Orientation::RowOneAtTop)).unwrap();
    /// let b = Board::from_grid(&grid);
    /// assert_eq!((b.size(), b.stone_count()), (5, 1));
    /// assert_eq!(b.get("a1".parse().unwrap()), Some(Color::Black));
    /// ```
    #[must_use]
    pub fn from_grid(grid: &Grid) -> Board {
        let mut b = Board::new(usize::from(grid.size())).expect("a grid's side is a board side");
        for (p, color) in grid.stones() {
            b.set(p, Some(color)).expect("a point of the board");
        }
        b
    }

    /// Writes the board as an ASCII diagram with coordinates, readable by
    /// [`Board::from_diagram`].
    ///
    /// ```
    /// use renju_core::{Board, Color};
    /// let mut b = Board::new(5).unwrap();
    /// b.place("b4".parse().unwrap(), Color::Black).unwrap();
    /// let text = b.to_diagram();
    /// assert_eq!(text.lines().nth(1), Some(" 4 . X . . ."));
    /// assert_eq!(text.lines().last(), Some("   a b c d e"));
    /// assert_eq!(Board::from_diagram(&text).unwrap(), b);
    /// ```
    #[must_use]
    pub fn to_diagram(&self) -> String {
        let mut out = String::new();
        for r in (0..self.size).rev() {
            out.push_str(&format!("{:>2}", u32::from(r) + 1));
            for c in 0..self.size {
                let p = Point::new(c, r).expect("on board");
                out.push(' ');
                out.push(match self.get(p) {
                    None => '.',
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                });
            }
            out.push('\n');
        }
        out.push_str("  ");
        for c in 0..self.size {
            out.push(' ');
            out.push(Point::new(c, 0).expect("on board").column_letter());
        }
        out.push('\n');
        out
    }
}

/// The side of a one-line board of `len` cells.
fn line_side(len: usize) -> Result<usize, BoardError> {
    (1..=usize::from(MAX_SIZE))
        .find(|s| s * s == len)
        .ok_or(BoardError::BadLineLength(len))
}

/// The error for the character at 0-based position `i` of a one-line board.
fn bad_cell(i: usize, found: char) -> BoardError {
    BoardError::BadLineCell {
        index: i + 1,
        found,
    }
}

/// A one-line cell: a cell of [`crate::grid`] that is an empty point or a stone.
fn cell_char(ch: char) -> Option<Option<Color>> {
    match crate::grid::cell_of(ch)? {
        Cell::Empty => Some(None),
        Cell::Stone(color, _) => Some(Some(color)),
        Cell::Mark(_) => None,
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.size, self.size)?;
        f.write_str(&self.to_diagram())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_diagram())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_round_trip() {
        let mut b = Board::renju();
        b.place("h8".parse().unwrap(), Color::Black).unwrap();
        b.place("a1".parse().unwrap(), Color::White).unwrap();
        b.place("o15".parse().unwrap(), Color::Black).unwrap();
        let back = Board::from_diagram(&b.to_diagram()).unwrap();
        assert_eq!(back, b);
        assert_eq!(Board::from_line(&b.to_line()).unwrap(), b);
        assert_eq!(b.stone_count(), 3);
        assert_eq!(b.count(Color::Black), 2);
    }

    #[test]
    fn occupied_and_off_board() {
        let mut b = Board::renju();
        b.place(Point::CENTER, Color::Black).unwrap();
        assert_eq!(
            b.place(Point::CENTER, Color::White),
            Err(BoardError::Occupied(Point::CENTER, Color::Black))
        );
        let off = Point::new(15, 0).unwrap();
        assert!(matches!(
            b.place(off, Color::White),
            Err(BoardError::OffBoard(..))
        ));
        assert!(Board::new(4).is_err() && Board::new(21).is_err() && Board::new(20).is_ok());
    }

    /// The allocation-free line reader accepts and refuses what the character reader does.
    #[test]
    fn line_readers_agree() {
        let mut line = ".".repeat(225);
        line.replace_range(0..1, "x");
        line.replace_range(224..225, "O");
        line.replace_range(112..113, "*");
        let b = Board::from_line(&line).unwrap();
        assert_eq!(Board::from_line_bytes(line.as_bytes()).unwrap(), b);
        assert_eq!(b.count(Color::Black), 2);
        let wide = line.replacen('.', "●", 1); // a non-ASCII black stone, 225 characters
        assert_eq!(Board::from_line(&wide).unwrap().count(Color::Black), 3);
        for bad in [
            ".".repeat(224),
            format!("{}q", ".".repeat(224)),
            "....".into(),
        ] {
            let a = Board::from_line(&bad).unwrap_err();
            let b = Board::from_line_bytes(bad.as_bytes()).unwrap_err();
            assert_eq!(a, b, "{bad}");
        }
        assert_eq!(
            Board::from_line(&format!("{}q", ".".repeat(224)))
                .unwrap_err()
                .to_string(),
            "board text line 1: character 225 is 'q', expected '.', 'x' or 'o'"
        );
        assert_eq!(Board::from_line("...."), Err(BoardError::BadSize(2)));
    }

    #[test]
    fn reading_order() {
        let b = Board::new(5).unwrap();
        let pts: Vec<String> = b.points().take(6).map(|p| p.to_string()).collect();
        assert_eq!(pts, ["a5", "b5", "c5", "d5", "e5", "a4"]);
    }
}
