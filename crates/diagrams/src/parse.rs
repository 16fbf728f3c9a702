//! Reading a [`Diagram`] from text in either style and either orientation, with the line and
//! column of anything that cannot be read.

use crate::diagram::{Diagram, DiagramError, MAX_NUMBER, Mark};
use crate::text::display_rows;
use notation::Orientation;
use renju_core::{Board, Color, Point};

impl Diagram {
    /// Reads a diagram in either style (see the module documentation); blank lines and a
    /// line of column letters (above or below) are skipped; the side is the number of rows.
    ///
    /// # Errors
    /// A [`DiagramError`] naming the line and column it could not read.
    ///
    /// ```
    /// use diagrams::diagram::{Diagram, DiagramError};
    /// let seeds_style = "
    /// ┌─┬─┬─┬─┐
    /// ├─●─×─●─┤
    /// ├─┼─●─┼─┤
    /// ├─┼─○─┼─┤
    /// └─┴─┴─┴─┘";
    /// let d = Diagram::parse(seeds_style).unwrap();
    /// assert_eq!(d.board().stone_count(), 4);
    /// let err = Diagram::parse(". . . . .\n. . ? . .\n. . . . .\n. . . . .\n. . . . .").unwrap_err();
    /// assert_eq!(err, DiagramError::BadChar { line: 2, column: 5, found: '?' });
    /// ```
    pub fn parse(text: &str) -> Result<Diagram, DiagramError> {
        Diagram::parse_with(text, None)
    }

    /// Reads a diagram whose row 1 is at the bottom or at the top of the text. With `None`
    /// the row labels decide (labels counting up from the top line mean row 1 is at the top)
    /// and a diagram without labels is read with row 1 at the bottom. With an explicit
    /// orientation the labels, where present, must agree with it.
    ///
    /// # Errors
    /// As [`Diagram::parse`]; a label that does not fit the orientation is a
    /// [`DiagramError::RowLabel`].
    ///
    /// ```
    /// use notation::Orientation;
    /// use diagrams::diagram::Diagram;
    /// use renju_core::Color;
    /// let text = "X . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .";
    /// let top = Diagram::parse_with(text, Some(Orientation::RowOneAtTop)).unwrap();
    /// assert_eq!(top.board().get("a1".parse().unwrap()), Some(Color::Black));
    /// let bottom = Diagram::parse(text).unwrap();
    /// assert_eq!(bottom.board().get("a5".parse().unwrap()), Some(Color::Black));
    /// ```
    pub fn parse_with(
        text: &str,
        orientation: Option<Orientation>,
    ) -> Result<Diagram, DiagramError> {
        let mut rows: Vec<ParsedRow> = Vec::new();
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
            rows.push(parse_row(raw, line)?);
        }
        if rows.is_empty() {
            return Err(DiagramError::Empty);
        }
        let size = rows.len();
        let board = Board::new(size).map_err(|_| DiagramError::BadSize { rows: size })?;
        for (line, count) in headers {
            if count != size {
                return Err(DiagramError::ColumnHeader {
                    line,
                    found: count,
                    expected: size,
                });
            }
        }
        let orientation = orientation.unwrap_or_else(|| {
            let counts_up = rows.iter().enumerate().any(|(i, row)| {
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
        let order = display_rows(size as u8, orientation);
        let mut d = Diagram::new(board);
        for (row, &r) in rows.iter().zip(&order) {
            let expected = u32::from(r) + 1;
            for &found in &row.labels {
                if found != expected {
                    return Err(DiagramError::RowLabel {
                        line: row.line,
                        found,
                        expected,
                    });
                }
            }
            if row.cells.len() != size {
                return Err(DiagramError::RowLength {
                    line: row.line,
                    found: row.cells.len(),
                    expected: size,
                });
            }
            for (c, cell) in row.cells.iter().enumerate() {
                let Some(p) = Point::new(c as u8, r) else {
                    continue;
                };
                match *cell {
                    Cell::Empty => {}
                    Cell::Stone(color, number) => {
                        d.board
                            .set(p, Some(color))
                            .map_err(|_| DiagramError::Misplaced {
                                point: p,
                                reason: "off the board",
                            })?;
                        if let Some(n) = number {
                            d.numbers.insert(p, n);
                        }
                    }
                    Cell::Mark(m) => {
                        d.marks.insert(p, m);
                    }
                }
            }
        }
        Ok(d)
    }
}

#[derive(Clone, Copy, Debug)]
enum Cell {
    Empty,
    Stone(Color, Option<u32>),
    Mark(Mark),
}

struct ParsedRow {
    line: usize,
    labels: Vec<u32>,
    cells: Vec<Cell>,
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

fn cell_of(ch: char) -> Option<Cell> {
    Some(match ch {
        '.' | '+' | '┼' | '╋' | '┌' | '┬' | '┐' | '├' | '┤' | '└' | '┴' | '┘' => {
            Cell::Empty
        }
        'X' | 'x' | '●' => Cell::Stone(Color::Black, None),
        'O' | 'o' | '○' => Cell::Stone(Color::White, None),
        '#' | '×' => Cell::Mark(Mark::Forbidden),
        c => Cell::Mark(Mark::letter(c)?),
    })
}

fn parse_row(raw: &str, line: usize) -> Result<ParsedRow, DiagramError> {
    let chars: Vec<char> = raw.chars().collect();
    let mut row = ParsedRow {
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
                let n = value.filter(|n| (1..=MAX_NUMBER).contains(n)).ok_or(
                    DiagramError::BadNumber {
                        line,
                        column: start + 1,
                        digits: digits.clone(),
                    },
                )?;
                if let Some(Cell::Stone(_, number)) = row.cells.last_mut() {
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
                    return Err(DiagramError::StrayNumber {
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
        let cell = cell_of(ch).ok_or(DiagramError::BadChar {
            line,
            column: i,
            found: ch,
        })?;
        after_stone = matches!(cell, Cell::Stone(..));
        row.cells.push(cell);
    }
    Ok(row)
}
