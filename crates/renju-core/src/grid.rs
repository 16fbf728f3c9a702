//! Reading a text board into typed cells: the one diagram reader of the workspace.
//!
//! [`Grid::parse`] reads a board drawn as text, one line per row: the ASCII style (`.` empty,
//! `X` black, `O` white) or the Unicode style of the seeds (`┼ ● ○`, with `┌ ┬ ┐ ├ ┤ └ ┴ ┘`
//! on the edges and `╋` on star points), even mixed. It is what [`Board::from_diagram`] reads
//! stones with (through [`Board::from_grid`]) and what `renju_diagrams::diagram::Diagram::parse`
//! reads stones, move numbers and marks with. It knows points and colours, not boards: the
//! board module builds a [`Board`] from a grid.
//!
//! | cell | characters |
//! |---|---|
//! | empty point | `.` `+` `·` `_` `-` `┼` `╋` `┌` `┬` `┐` `├` `┤` `└` `┴` `┘` |
//! | black stone | `X` `x` `●` `*` (a move number may follow: `X12`, `●12`) |
//! | white stone | `O` `o` `○` (`O12`, `○12`) |
//! | mark on an empty point ([`Cell::Mark`]) | `#` `×`, or a capital letter other than `O` and `X` |
//!
//! Cells are separated by spaces, `─` or nothing. A number at either end of a line labels the
//! row; a line of consecutive column letters (`a b c ...`, either case) above or below is a
//! column header; blank lines are skipped. The side is the number of rows; every row must
//! have as many points. Row 1 is at the bottom unless the row labels count up from the top
//! line (or the caller says so with an [`Orientation`]); labels that contradict the orientation, a
//! header of the wrong length, a number in the middle of a row or any other character are
//! errors naming the line and column ([`GridError`]).
//!
//! The grid says which characters are marks but not what they mean: the `diagrams` crate
//! reads `#`/`×` as forbidden points and the letters as letter marks; [`Board::from_diagram`]
//! reads every mark as an empty point.
//!
//! ```
//! use renju_core::grid::{Cell, Grid};
//! use renju_core::{Board, Color, Orientation, Point};
//! let g = Grid::parse("
//!  1 . . . . .
//!  2 . X3 A . .
//!  3 . . . . .
//!  4 . . . . .
//!  5 . . . . .
//!    a b c d e", None).unwrap();
//! assert_eq!((g.size(), g.orientation()), (5, Orientation::RowOneAtTop));
//! let b2: Point = "b2".parse().unwrap();
//! let cell = g.cells().find(|c| c.point == b2).unwrap();
//! assert_eq!(cell.cell, Cell::Stone(Color::Black, Some(3)));
//! assert_eq!(Board::from_grid(&g).stone_count(), 1);
//! ```
//!
//! [`Board`]: crate::Board
//! [`Board::from_diagram`]: crate::Board::from_diagram
//! [`Board::from_grid`]: crate::Board::from_grid

use crate::{Color, MAX_SIZE, MIN_SIZE, Orientation, Point};
use std::fmt;

/// The largest move number a stone may carry in a diagram.
pub const MAX_NUMBER: u32 = 99_999;

/// What one point of a text board shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// An empty point.
    Empty,
    /// A stone, with the move number written on it, if any (1..=[`MAX_NUMBER`]).
    Stone(Color, Option<u32>),
    /// A mark on an empty point: `#`, `×` or a capital letter other than `O` and `X` (see
    /// [`is_mark`]). What it means is for the reader to say.
    Mark(char),
}

/// One point of a text board: where it is on the board and where it was in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GridCell {
    /// The board point.
    pub point: Point,
    /// What it shows.
    pub cell: Cell,
    /// 1-based line of the text.
    pub line: usize,
    /// 1-based column (in characters) of the line.
    pub column: usize,
}

/// One row of a text board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridRow {
    /// 1-based line of the text.
    pub line: usize,
    /// The board row (0 = row 1).
    pub row: u8,
    /// The row numbers written at its ends (each equal to `row + 1`).
    pub labels: Vec<u32>,
    /// Its points, from column `a`.
    pub cells: Vec<GridCell>,
}

/// A text board read into typed cells (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    size: u8,
    orientation: Orientation,
    rows: Vec<GridRow>,
    column_headers: Vec<usize>,
}

/// Why a text board could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridError {
    /// The text holds no board rows.
    Empty,
    /// A character that is no cell, mark or separator.
    BadChar {
        /// 1-based line of the text.
        line: usize,
        /// 1-based column (in characters) of the line.
        column: usize,
        /// The character.
        found: char,
    },
    /// A number where none may be: numbers follow a stone, or label a row at either end.
    StrayNumber {
        /// 1-based line.
        line: usize,
        /// 1-based column where the number starts.
        column: usize,
    },
    /// A move number that is 0 or above [`MAX_NUMBER`].
    BadNumber {
        /// 1-based line.
        line: usize,
        /// 1-based column where the number starts.
        column: usize,
        /// The digits read.
        digits: String,
    },
    /// The row count is no board side in 5..=20.
    BadSize {
        /// The number of rows read.
        rows: usize,
    },
    /// A row with a different number of points from the number of rows.
    RowLength {
        /// 1-based line.
        line: usize,
        /// Points on the row.
        found: usize,
        /// Points expected (the number of rows).
        expected: usize,
    },
    /// A row label that does not match the row's place.
    RowLabel {
        /// 1-based line.
        line: usize,
        /// The label written.
        found: u32,
        /// The row number at that place.
        expected: u32,
    },
    /// A line of column letters whose count does not match the board.
    ColumnHeader {
        /// 1-based line.
        line: usize,
        /// Letters on the line.
        found: usize,
        /// The board side.
        expected: usize,
    },
}

impl GridError {
    /// The 1-based line the error is on (1 for errors about the whole text).
    #[must_use]
    pub fn line(&self) -> usize {
        match self {
            GridError::Empty | GridError::BadSize { .. } => 1,
            GridError::BadChar { line, .. }
            | GridError::StrayNumber { line, .. }
            | GridError::BadNumber { line, .. }
            | GridError::RowLength { line, .. }
            | GridError::RowLabel { line, .. }
            | GridError::ColumnHeader { line, .. } => *line,
        }
    }

    /// What is wrong, without the line.
    ///
    /// ```
    /// use renju_core::grid::GridError;
    /// let e = GridError::RowLength { line: 3, found: 4, expected: 5 };
    /// assert_eq!(e.detail(), "row has 4 points, expected 5");
    /// assert_eq!(e.to_string(), "line 3: row has 4 points, expected 5");
    /// ```
    #[must_use]
    pub fn detail(&self) -> String {
        match self {
            GridError::Empty => format!("0 rows is not a board side in {MIN_SIZE}..={MAX_SIZE}"),
            GridError::BadSize { rows } => {
                format!("{rows} rows is not a board side in {MIN_SIZE}..={MAX_SIZE}")
            }
            GridError::BadChar { column, found, .. } => {
                format!("unexpected character '{found}' at column {column}")
            }
            GridError::StrayNumber { column, .. } => format!(
                "column {column}: a number must follow a stone (X12, ●12) or label the row at \
                 either end"
            ),
            GridError::BadNumber { column, digits, .. } => {
                format!("column {column}: move number '{digits}' is not in 1..={MAX_NUMBER}")
            }
            GridError::RowLength {
                found, expected, ..
            } => format!("row has {found} points, expected {expected}"),
            GridError::RowLabel {
                found, expected, ..
            } => format!("the row is labelled {found} but is row {expected}"),
            GridError::ColumnHeader {
                found, expected, ..
            } => format!("{found} column letters for a board of side {expected}"),
        }
    }
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line(), self.detail())
    }
}

impl std::error::Error for GridError {}

/// Whether `c` is a letter that can mark a point: a capital `A`..`Z` other than `O` and `X`
/// (which are stones).
///
/// ```
/// use renju_core::grid::is_mark_letter;
/// assert!(is_mark_letter('A') && !is_mark_letter('X') && !is_mark_letter('a'));
/// ```
#[must_use]
pub fn is_mark_letter(c: char) -> bool {
    c.is_ascii_uppercase() && c != 'O' && c != 'X'
}

/// Whether `c` is read as a [`Cell::Mark`]: `#`, `×` or a mark letter ([`is_mark_letter`]).
///
/// ```
/// use renju_core::grid::is_mark;
/// assert!(is_mark('#') && is_mark('×') && is_mark('B') && !is_mark('?'));
/// ```
#[must_use]
pub fn is_mark(c: char) -> bool {
    c == '#' || c == '×' || is_mark_letter(c)
}

/// The cell a character shows, without a number.
pub(crate) fn cell_of(ch: char) -> Option<Cell> {
    Some(match ch {
        '.' | '+' | '·' | '_' | '-' | '┼' | '╋' | '┌' | '┬' | '┐' | '├' | '┤' | '└' | '┴' | '┘' => {
            Cell::Empty
        }
        'X' | 'x' | '●' | '*' => Cell::Stone(Color::Black, None),
        'O' | 'o' | '○' => Cell::Stone(Color::White, None),
        c if is_mark(c) => Cell::Mark(c),
        _ => return None,
    })
}

/// The number of letters when `raw` is a line of consecutive column letters `a b c ...`.
fn column_header(raw: &str) -> Option<usize> {
    let letters: Vec<char> = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let consecutive = letters
        .iter()
        .enumerate()
        .all(|(i, c)| c.to_ascii_lowercase() as u32 == u32::from(b'a') + i as u32);
    (letters.len() >= 2 && consecutive).then_some(letters.len())
}

/// A row as tokenized, before the board side is known: cells as (column, cell).
struct RawRow {
    line: usize,
    labels: Vec<u32>,
    cells: Vec<(usize, Cell)>,
}

fn tokenize_row(raw: &str, line: usize) -> Result<RawRow, GridError> {
    let chars: Vec<char> = raw.chars().collect();
    let mut row = RawRow {
        line,
        labels: Vec::new(),
        cells: Vec::new(),
    };
    // Whether the previous character was a stone glyph (a number may follow it directly).
    let mut after_stone = false;
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if ch.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            let value = digits.parse::<u32>().ok();
            if after_stone {
                let n =
                    value
                        .filter(|n| (1..=MAX_NUMBER).contains(n))
                        .ok_or(GridError::BadNumber {
                            line,
                            column: start + 1,
                            digits: digits.clone(),
                        })?;
                if let Some((_, Cell::Stone(_, number))) = row.cells.last_mut() {
                    *number = Some(n);
                }
                after_stone = false;
                continue;
            }
            // A row label: before every cell, or after the last one.
            let at_end = chars[i..].iter().all(|c| c.is_whitespace());
            match value {
                Some(v) if row.cells.is_empty() || at_end => row.labels.push(v),
                _ => {
                    return Err(GridError::StrayNumber {
                        line,
                        column: start + 1,
                    });
                }
            }
            continue;
        }
        after_stone = false;
        i += 1;
        if ch.is_whitespace() || ch == '─' || ch == '\u{3000}' {
            continue;
        }
        let cell = cell_of(ch).ok_or(GridError::BadChar {
            line,
            column: i,
            found: ch,
        })?;
        after_stone = matches!(cell, Cell::Stone(..));
        row.cells.push((i, cell));
    }
    Ok(row)
}

impl Grid {
    /// Reads a text board (see the module documentation). With `orientation` `None`, the row
    /// labels decide (labels counting up from the first line put row 1 at the top) and a board
    /// without labels has row 1 at the bottom; with an explicit orientation the labels, where
    /// present, must agree with it.
    ///
    /// # Errors
    /// A [`GridError`] naming the line and column it could not read.
    ///
    /// ```
    /// use renju_core::grid::{Grid, GridError};
    /// use renju_core::{Board, Color, Orientation};
    /// let text = "X . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .";
    /// let top = Grid::parse(text, Some(Orientation::RowOneAtTop)).unwrap();
    /// assert_eq!(Board::from_grid(&top).get("a1".parse().unwrap()), Some(Color::Black));
    /// let bottom = Grid::parse(text, None).unwrap();
    /// assert_eq!(Board::from_grid(&bottom).get("a5".parse().unwrap()), Some(Color::Black));
    /// assert_eq!(
    ///     Grid::parse(". . . .\n. . ? . .", None),
    ///     Err(GridError::BadChar { line: 2, column: 5, found: '?' })
    /// );
    /// ```
    pub fn parse(text: &str, orientation: Option<Orientation>) -> Result<Grid, GridError> {
        let mut raw_rows: Vec<RawRow> = Vec::new();
        let mut headers: Vec<(usize, usize)> = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = n + 1;
            if raw.trim().is_empty() {
                continue;
            }
            if let Some(count) = column_header(raw) {
                headers.push((line, count));
                continue;
            }
            raw_rows.push(tokenize_row(raw, line)?);
        }
        if raw_rows.is_empty() {
            return Err(GridError::Empty);
        }
        let size = raw_rows.len();
        if !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&size) {
            return Err(GridError::BadSize { rows: size });
        }
        for &(line, count) in &headers {
            if count != size {
                return Err(GridError::ColumnHeader {
                    line,
                    found: count,
                    expected: size,
                });
            }
        }
        let orientation = orientation.unwrap_or_else(|| {
            let counts_up = raw_rows.iter().enumerate().any(|(i, row)| {
                row.labels
                    .iter()
                    .any(|&l| l as usize == i + 1 && l as usize != size - i)
            });
            if counts_up {
                Orientation::RowOneAtTop
            } else {
                Orientation::RowOneAtBottom
            }
        });
        let mut rows = Vec::with_capacity(size);
        for (i, raw) in raw_rows.into_iter().enumerate() {
            let r = orientation.row_of_line(i as u8, size as u8);
            let expected = u32::from(r) + 1;
            if let Some(&found) = raw.labels.iter().find(|&&l| l != expected) {
                return Err(GridError::RowLabel {
                    line: raw.line,
                    found,
                    expected,
                });
            }
            if raw.cells.len() != size {
                return Err(GridError::RowLength {
                    line: raw.line,
                    found: raw.cells.len(),
                    expected: size,
                });
            }
            let cells = raw
                .cells
                .iter()
                .enumerate()
                .map(|(c, &(column, cell))| GridCell {
                    point: Point::new(c as u8, r).expect("a point of a board of side <= 20"),
                    cell,
                    line: raw.line,
                    column,
                })
                .collect();
            rows.push(GridRow {
                line: raw.line,
                row: r,
                labels: raw.labels,
                cells,
            });
        }
        Ok(Grid {
            size: size as u8,
            orientation,
            rows,
            column_headers: headers.into_iter().map(|(line, _)| line).collect(),
        })
    }

    /// The board side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Where row 1 is (given, or read from the labels).
    #[must_use]
    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// The rows, in the order of the text.
    #[must_use]
    pub fn rows(&self) -> &[GridRow] {
        &self.rows
    }

    /// Every point, in the order of the text.
    pub fn cells(&self) -> impl Iterator<Item = &GridCell> + '_ {
        self.rows.iter().flat_map(|r| &r.cells)
    }

    /// The 1-based lines that held a column header.
    #[must_use]
    pub fn column_headers(&self) -> &[usize] {
        &self.column_headers
    }

    /// The stones, in the order of the text (marks and numbers left out).
    ///
    /// ```
    /// use renju_core::grid::Grid;
    /// use renju_core::Color;
    /// let g = Grid::parse(". . . . .\n. X . . .\n. . o . .\n. . . . .\n. . . . .", None).unwrap();
    /// let stones: Vec<String> = g.stones().map(|(p, c)| format!("{p}={c}")).collect();
    /// assert_eq!(stones, ["b4=black", "c3=white"]);
    /// ```
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.cells().filter_map(|c| match c.cell {
            Cell::Stone(color, _) => Some((c.point, color)),
            Cell::Empty | Cell::Mark(_) => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIVE: &str = ". . . . .\n";

    #[test]
    fn errors_name_line_and_column() {
        let ragged = format!("{FIVE}{FIVE}. . . .\n{FIVE}{FIVE}");
        assert_eq!(
            Grid::parse(&ragged, None),
            Err(GridError::RowLength {
                line: 3,
                found: 4,
                expected: 5
            })
        );
        let unknown = format!("{FIVE}. . . . ?\n{FIVE}{FIVE}{FIVE}");
        assert_eq!(
            Grid::parse(&unknown, None),
            Err(GridError::BadChar {
                line: 2,
                column: 9,
                found: '?'
            })
        );
        // Lowercase letters other than x and o are no cells.
        assert!(matches!(
            Grid::parse(&format!("{FIVE}{FIVE}. . b . .\n{FIVE}{FIVE}"), None),
            Err(GridError::BadChar { found: 'b', .. })
        ));
        // A label of a row that is not on the board (a 6 on a 5x5 board).
        let off = format!("6 . . . . .\n{FIVE}{FIVE}{FIVE}{FIVE}");
        assert_eq!(
            Grid::parse(&off, None),
            Err(GridError::RowLabel {
                line: 1,
                found: 6,
                expected: 5
            })
        );
        // Labels that count up contradict an explicit row 1 at the bottom.
        let up = "1 . . . . .\n2 . . . . .\n3 . . . . .\n4 . . . . .\n5 . . . . .\n";
        assert_eq!(
            Grid::parse(up, None).unwrap().orientation(),
            Orientation::RowOneAtTop
        );
        assert_eq!(
            Grid::parse(up, Some(Orientation::RowOneAtBottom)),
            Err(GridError::RowLabel {
                line: 1,
                found: 1,
                expected: 5
            })
        );
        let header = format!("{FIVE}{FIVE}{FIVE}{FIVE}{FIVE}a b c d e f\n");
        assert_eq!(
            Grid::parse(&header, None),
            Err(GridError::ColumnHeader {
                line: 6,
                found: 6,
                expected: 5
            })
        );
        assert_eq!(Grid::parse("\n \n", None), Err(GridError::Empty));
        assert_eq!(
            Grid::parse(&FIVE.repeat(21), None),
            Err(GridError::BadSize { rows: 21 })
        );
        assert!(matches!(
            Grid::parse(&format!("{FIVE}{FIVE}. X100000 . . .\n{FIVE}{FIVE}"), None),
            Err(GridError::BadNumber {
                line: 3,
                column: 4,
                ..
            })
        ));
        assert_eq!(
            Grid::parse(&format!("{FIVE}{FIVE}. . 7 . .\n{FIVE}{FIVE}"), None),
            Err(GridError::StrayNumber { line: 3, column: 5 })
        );
    }

    #[test]
    fn reads_cells_numbers_marks_and_labels() {
        let text = "\
   a b c d e
5 ┌─┬─┬─┬─┐ 5
4 ├─●12─×─A─┤
3 ├─┼─╋─○─┤
2 . x * o .
1 └─┴─┴─┴─┘
";
        let g = Grid::parse(text, None).unwrap();
        assert_eq!(g.size(), 5);
        assert_eq!(g.orientation(), Orientation::RowOneAtBottom);
        assert_eq!(g.column_headers(), &[1]);
        assert_eq!(g.rows()[0].labels, vec![5, 5]);
        let row4: Vec<Cell> = g.rows()[1].cells.iter().map(|c| c.cell).collect();
        assert_eq!(
            row4,
            [
                Cell::Empty,
                Cell::Stone(Color::Black, Some(12)),
                Cell::Mark('×'),
                Cell::Mark('A'),
                Cell::Empty
            ]
        );
        assert_eq!(g.rows()[1].cells[1].column, 5);
        let stones: Vec<(Point, Color)> = g.stones().collect();
        let at = |s: &str| {
            let p: Point = s.parse().unwrap();
            stones.iter().find(|(q, _)| *q == p).map(|&(_, c)| c)
        };
        assert_eq!(stones.len(), 5);
        assert_eq!(at("b4"), Some(Color::Black));
        assert_eq!(at("d3"), Some(Color::White));
        assert_eq!(
            (at("b2"), at("c2"), at("d2")),
            (Some(Color::Black), Some(Color::Black), Some(Color::White))
        );
    }
}
