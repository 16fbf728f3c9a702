//! Reading a [`Diagram`] from text in either style and either orientation, with the line and
//! column of anything that cannot be read.
//!
//! The text is read by [`renju_core::grid`], the one diagram reader of the workspace (also
//! behind `Board::from_diagram`); this module only says what the marks mean (`#`/`×`
//! forbidden, capital letters letter marks) and keeps the move numbers.

use crate::diagram::{Diagram, DiagramError, Mark};
use renju_core::grid::{Cell, Grid, GridError};
use renju_core::{Board, Orientation};

impl Diagram {
    /// Reads a diagram in either style (see the module documentation); blank lines and a
    /// line of column letters (above or below) are skipped; the side is the number of rows.
    ///
    /// # Errors
    /// A [`DiagramError`] naming the line and column it could not read.
    ///
    /// ```
    /// use renju_diagrams::diagram::{Diagram, DiagramError};
    /// use renju_core::grid::GridError;
    /// let seeds_style = "
    /// ┌─┬─┬─┬─┐
    /// ├─●─×─●─┤
    /// ├─┼─●─┼─┤
    /// ├─┼─○─┼─┤
    /// └─┴─┴─┴─┘";
    /// let d = Diagram::parse(seeds_style).unwrap();
    /// assert_eq!(d.board().stone_count(), 4);
    /// let err = Diagram::parse(". . . . .\n. . ? . .\n. . . . .\n. . . . .\n. . . . .").unwrap_err();
    /// assert_eq!(err, DiagramError::Text(GridError::BadChar { line: 2, column: 5, found: '?' }));
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
    /// [`GridError::RowLabel`].
    ///
    /// ```
    /// use renju_diagrams::diagram::Diagram;
    /// use renju_core::{Color, Orientation};
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
        let grid = Grid::parse(text, orientation)?;
        let mut d = Diagram::new(Board::from_grid(&grid));
        for cell in grid.cells() {
            match cell.cell {
                Cell::Empty | Cell::Stone(_, None) => {}
                Cell::Stone(_, Some(n)) => {
                    d.numbers.insert(cell.point, n);
                }
                Cell::Mark(ch) => {
                    let mark = match ch {
                        '#' | '×' => Mark::Forbidden,
                        c => Mark::letter(c).ok_or(GridError::BadChar {
                            line: cell.line,
                            column: cell.column,
                            found: c,
                        })?,
                    };
                    d.marks.insert(cell.point, mark);
                }
            }
        }
        Ok(d)
    }
}
