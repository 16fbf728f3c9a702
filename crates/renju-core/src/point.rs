//! Board coordinates: `a1` is the bottom-left corner, `h8` the centre of a 15x15 board.

use std::fmt;
use std::str::FromStr;

/// The largest board side this crate handles (20x20 Gomocup boards).
pub const MAX_SIZE: u8 = 20;
/// The smallest board side this crate handles.
pub const MIN_SIZE: u8 = 5;
/// The renju board side.
pub const RENJU_SIZE: u8 = 15;

const COLUMNS: &[u8; 20] = b"abcdefghijklmnopqrst";

/// A point of the board, column and row counted from 0 at the bottom-left corner.
///
/// A `Point` always lies on the largest supported board (20x20); whether it lies
/// on a given smaller board is [`Board::contains`](crate::Board::contains).
/// Text form: column letter (`a`.., no letter skipped) then row number from 1 at the bottom.
///
/// ```
/// use renju_core::Point;
/// let p: Point = "H8".parse().unwrap();
/// assert_eq!((p.col(), p.row()), (7, 7));
/// assert_eq!(p.to_string(), "h8");
/// assert!("p16".parse::<Point>().is_err()); // off the 15x15 board
/// assert_eq!(Point::parse_sized("p16", 20).unwrap().to_string(), "p16");
/// assert_eq!(format!("{p:?}"), "h8"); // Debug prints the coordinate too
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    col: u8,
    row: u8,
}

/// Why a text could not be read as a point.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PointError {
    /// The text was empty.
    Empty,
    /// The first character is not a column letter.
    BadColumn(char),
    /// The column letter is beyond the board's last column.
    ColumnOffBoard {
        /// The column letter read.
        column: char,
        /// The board side.
        size: u8,
    },
    /// No row number follows the column letter.
    MissingRow,
    /// The row is not a number (e.g. `hh`).
    BadRow(String),
    /// Row 0 does not exist: rows count from 1.
    RowZero,
    /// The row number is beyond the board's last row.
    RowOffBoard {
        /// The row number read.
        row: u32,
        /// The board side.
        size: u8,
    },
}

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointError::Empty => write!(f, "empty coordinate"),
            // a control character (a NUL of a binary file) shown as its code, not as nothing
            PointError::BadColumn(c) if c.is_control() => write!(
                f,
                "'\\u{{{:x}}}' is not a column letter (expected a..t)",
                u32::from(*c)
            ),
            PointError::BadColumn(c) => write!(f, "'{c}' is not a column letter (expected a..t)"),
            PointError::ColumnOffBoard { column, size } => {
                let last = COLUMNS[usize::from(*size) - 1] as char;
                write!(
                    f,
                    "column '{column}' is off the {size}x{size} board (columns a..{last})"
                )
            }
            PointError::MissingRow => write!(f, "missing row number after the column letter"),
            PointError::BadRow(s) => write!(f, "'{s}' is not a row number"),
            PointError::RowZero => write!(f, "row 0 does not exist (rows count from 1)"),
            PointError::RowOffBoard { row, size } => {
                write!(
                    f,
                    "row {row} is off the {size}x{size} board (rows 1..{size})"
                )
            }
        }
    }
}

impl std::error::Error for PointError {}

impl Point {
    /// The point at 0-based column and row. Returns `None` past the 20x20 limit.
    ///
    /// ```
    /// use renju_core::Point;
    /// assert_eq!(Point::new(7, 7), Some(Point::CENTER));
    /// assert_eq!(Point::new(0, 19).unwrap().to_string(), "a20");
    /// assert_eq!(Point::new(20, 0), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if col < MAX_SIZE && row < MAX_SIZE {
            Some(Point { col, row })
        } else {
            None
        }
    }

    /// The centre of a 15x15 board, `h8`.
    pub const CENTER: Point = Point { col: 7, row: 7 };

    /// 0-based column (`a` = 0).
    ///
    /// ```
    /// use renju_core::Point;
    /// assert_eq!("c5".parse::<Point>().unwrap().col(), 2);
    /// ```
    #[must_use]
    #[inline]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// 0-based row (row `1` = 0, at the bottom).
    ///
    /// ```
    /// use renju_core::Point;
    /// assert_eq!("c5".parse::<Point>().unwrap().row(), 4);
    /// ```
    #[must_use]
    #[inline]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The column letter.
    ///
    /// ```
    /// use renju_core::Point;
    /// assert_eq!("J10".parse::<Point>().unwrap().column_letter(), 'j');
    /// ```
    #[must_use]
    pub fn column_letter(self) -> char {
        COLUMNS[usize::from(self.col)] as char
    }

    /// Reads a point for a board of side `size` (case-insensitive, `h8`, `H8`).
    ///
    /// # Errors
    /// A [`PointError`] saying what is wrong with the text.
    ///
    /// ```
    /// use renju_core::{Point, PointError};
    /// assert_eq!(Point::parse_sized("S19", 19).unwrap().to_string(), "s19");
    /// assert_eq!(Point::parse_sized("s19", 15), Err(PointError::ColumnOffBoard { column: 's', size: 15 }));
    /// assert_eq!(Point::parse_sized("h0", 15).unwrap_err().to_string(), "row 0 does not exist (rows count from 1)");
    /// ```
    pub fn parse_sized(text: &str, size: u8) -> Result<Point, PointError> {
        let size = size.clamp(MIN_SIZE, MAX_SIZE);
        let text = text.trim();
        let mut chars = text.chars();
        let first = chars.next().ok_or(PointError::Empty)?;
        let lower = first.to_ascii_lowercase();
        if !lower.is_ascii_lowercase() {
            return Err(PointError::BadColumn(first));
        }
        let col = lower as u8 - b'a';
        let rest = chars.as_str();
        if col >= size {
            return Err(PointError::ColumnOffBoard {
                column: lower,
                size,
            });
        }
        if rest.is_empty() {
            return Err(PointError::MissingRow);
        }
        if !rest.bytes().all(|b| b.is_ascii_digit()) || rest.len() > 4 {
            return Err(PointError::BadRow(rest.to_string()));
        }
        let row: u32 = rest
            .parse()
            .map_err(|_| PointError::BadRow(rest.to_string()))?;
        if row == 0 {
            return Err(PointError::RowZero);
        }
        if row > u32::from(size) {
            return Err(PointError::RowOffBoard { row, size });
        }
        Ok(Point {
            col,
            row: (row - 1) as u8,
        })
    }

    /// The point moved by `(dc, dr)`, or `None` when it leaves a board of side `size`.
    ///
    /// ```
    /// use renju_core::Point;
    /// let h8 = Point::CENTER;
    /// assert_eq!(h8.offset(1, -1, 15).unwrap().to_string(), "i7");
    /// assert_eq!(h8.offset(8, 0, 15), None); // past column o
    /// ```
    #[must_use]
    #[inline]
    pub fn offset(self, dc: i32, dr: i32, size: u8) -> Option<Point> {
        let c = i32::from(self.col) + dc;
        let r = i32::from(self.row) + dr;
        let s = i32::from(size);
        if (0..s).contains(&c) && (0..s).contains(&r) {
            Some(Point {
                col: c as u8,
                row: r as u8,
            })
        } else {
            None
        }
    }

    /// Chebyshev distance (king moves) between two points.
    ///
    /// ```
    /// use renju_core::Point;
    /// let a: Point = "h8".parse().unwrap();
    /// assert_eq!(a.distance("j9".parse().unwrap()), 2);
    /// assert_eq!(a.distance("g7".parse().unwrap()), 1);
    /// ```
    #[must_use]
    #[inline]
    pub fn distance(self, other: Point) -> u8 {
        self.col
            .abs_diff(other.col)
            .max(self.row.abs_diff(other.row))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_letter(), u32::from(self.row) + 1)
    }
}

/// The coordinate (`h8`), as [`fmt::Display`]: a `Vec<Point>` in an assertion message reads
/// `[h8, j10]`, not `[Point { col: 7, row: 7 }, ...]`.
impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Point {
    type Err = PointError;

    /// Reads a point of the 15x15 renju board; use [`Point::parse_sized`] for other sizes.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Point::parse_sized(s, RENJU_SIZE)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Point::parse_sized(&s, MAX_SIZE).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_and_prints() {
        assert_eq!("h8".parse::<Point>().unwrap(), Point::CENTER);
        assert_eq!("A1".parse::<Point>().unwrap(), Point::new(0, 0).unwrap());
        assert_eq!("o15".parse::<Point>().unwrap(), Point::new(14, 14).unwrap());
        assert_eq!(Point::new(19, 19).unwrap().to_string(), "t20");
    }

    #[test]
    fn clear_errors() {
        assert_eq!(
            "p16".parse::<Point>(),
            Err(PointError::ColumnOffBoard {
                column: 'p',
                size: 15
            })
        );
        assert_eq!(
            "h16".parse::<Point>(),
            Err(PointError::RowOffBoard { row: 16, size: 15 })
        );
        assert_eq!("h0".parse::<Point>(), Err(PointError::RowZero));
        assert_eq!("hh".parse::<Point>(), Err(PointError::BadRow("h".into())));
        assert_eq!("".parse::<Point>(), Err(PointError::Empty));
        assert_eq!("8h".parse::<Point>(), Err(PointError::BadColumn('8')));
        assert_eq!(
            "\0h".parse::<Point>().unwrap_err().to_string(),
            "'\\u{0}' is not a column letter (expected a..t)"
        );
        assert_eq!("h".parse::<Point>(), Err(PointError::MissingRow));
        assert_eq!(
            "h0".parse::<Point>().unwrap_err().to_string(),
            "row 0 does not exist (rows count from 1)"
        );
        assert!(
            "p16"
                .parse::<Point>()
                .unwrap_err()
                .to_string()
                .contains("off the 15x15 board")
        );
    }

    #[test]
    fn debug_prints_the_coordinate() {
        assert_eq!(format!("{:?}", Point::CENTER), "h8");
        let v = vec![Point::new(0, 0).unwrap(), Point::new(19, 19).unwrap()];
        assert_eq!(format!("{v:?}"), "[a1, t20]");
        assert_eq!(
            format!("{:?}", Some(Point::new(9, 9).unwrap())),
            "Some(j10)"
        );
    }

    proptest! {
        #[test]
        fn round_trip(size in MIN_SIZE..=MAX_SIZE, c in 0u8..20, r in 0u8..20, upper: bool) {
            prop_assume!(c < size && r < size);
            let p = Point::new(c, r).unwrap();
            let text = if upper { p.to_string().to_uppercase() } else { p.to_string() };
            prop_assert_eq!(Point::parse_sized(&text, size), Ok(p));
        }
    }
}
