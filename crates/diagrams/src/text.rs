//! Writing a [`Diagram`] as text: the ASCII and the Unicode style, row 1 at the bottom or the
//! top (see [`crate::diagram`] for the cells).

use crate::diagram::{Diagram, Mark, is_star_point};
use renju_core::{Color, Point};
use renju_notation::Orientation;

impl Diagram {
    /// The ASCII form: `.` empty, `+` empty star point, `X`/`O` stones (`X12` with a move
    /// number), `#` forbidden, capital letters; row numbers on the left, letters underneath.
    ///
    /// ```
    /// use renju_diagrams::diagram::Diagram;
    /// use renju_core::Board;
    /// let d = Diagram::new(Board::new(5).unwrap());
    /// assert_eq!(d.to_ascii(), "5 . . . . .\n4 . . . . .\n3 . . + . .\n2 . . . . .\n1 . . . . .\n  a b c d e\n");
    /// ```
    #[must_use]
    pub fn to_ascii(&self) -> String {
        self.write(TextStyle::Ascii, Orientation::RowOneAtBottom)
    }

    /// The Unicode form of the seeds: `┼` (edges `┌ ┬ ┐ ├ ┤ └ ┴ ┘`, star points `╋`), `●`/`○`
    /// stones (`●12` with a move number), `×` forbidden, capital letters; cells joined by `─`.
    ///
    /// ```
    /// use renju_diagrams::diagram::Diagram;
    /// use renju_core::Board;
    /// let d = Diagram::new(Board::new(5).unwrap());
    /// assert_eq!(d.to_unicode().lines().next(), Some("5 ┌─┬─┬─┬─┐"));
    /// ```
    #[must_use]
    pub fn to_unicode(&self) -> String {
        self.write(TextStyle::Unicode, Orientation::RowOneAtBottom)
    }

    fn cell(&self, p: Point, style: TextStyle, edges: Edges) -> String {
        let size = self.board.size();
        match self.board.get(p) {
            Some(color) => {
                let glyph = match (style, color) {
                    (TextStyle::Ascii, Color::Black) => 'X',
                    (TextStyle::Ascii, Color::White) => 'O',
                    (TextStyle::Unicode, Color::Black) => '●',
                    (TextStyle::Unicode, Color::White) => '○',
                };
                match self.numbers.get(&p) {
                    Some(n) => format!("{glyph}{n}"),
                    None => glyph.to_string(),
                }
            }
            None => match (self.marks.get(&p), style) {
                (Some(Mark::Forbidden), TextStyle::Ascii) => "#".into(),
                (Some(Mark::Forbidden), TextStyle::Unicode) => "×".into(),
                (Some(Mark::Letter(c)), _) => c.to_string(),
                (None, TextStyle::Ascii) if is_star_point(size, p) => "+".into(),
                (None, TextStyle::Ascii) => ".".into(),
                (None, TextStyle::Unicode) => grid_char(size, p, edges).to_string(),
            },
        }
    }

    /// The diagram in `style`, with row 1 at the bottom (the usual way, [`Diagram::to_ascii`]
    /// and [`Diagram::to_unicode`]) or at the top (as Piskvork and SGF count rows). The row
    /// labels always say which row is which, so [`Diagram::parse`] reads both back.
    ///
    /// ```
    /// use renju_notation::Orientation;
    /// use renju_diagrams::diagram::{Diagram, TextStyle};
    /// let d = Diagram::parse("5 . . . . .\n4 . . . . .\n3 . . . . .\n2 . . . . .\n1 X . . . .").unwrap();
    /// let top = d.write(TextStyle::Ascii, Orientation::RowOneAtTop);
    /// assert!(top.starts_with("1 X . . . .\n2 ."));
    /// assert_eq!(Diagram::parse(&top).unwrap(), d);
    /// ```
    #[must_use]
    pub fn write(&self, style: TextStyle, orientation: Orientation) -> String {
        let size = self.board.size();
        let label_w = if size >= 10 { 2 } else { 1 };
        let rows = display_rows(size, orientation);
        let cells: Vec<Vec<String>> = rows
            .iter()
            .enumerate()
            .map(|(i, &r)| {
                let edges = Edges {
                    top: i == 0,
                    bottom: i + 1 == usize::from(size),
                };
                (0..size)
                    .filter_map(|c| Point::new(c, r))
                    .map(|p| self.cell(p, style, edges))
                    .collect()
            })
            .collect();
        let width = cells
            .iter()
            .flatten()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(1);
        let mut out = String::new();
        for (row, &r) in cells.iter().zip(&rows) {
            let label = usize::from(r) + 1;
            out.push_str(&format!("{label:>label_w$} "));
            for (c, cell) in row.iter().enumerate() {
                let (sep, fill) = match style {
                    TextStyle::Ascii => (' ', ' '),
                    TextStyle::Unicode => ('─', '─'),
                };
                if c > 0 {
                    out.push(sep);
                }
                out.push_str(cell);
                if c + 1 < row.len() {
                    let pad = width - cell.chars().count();
                    out.extend(std::iter::repeat_n(fill, pad));
                }
            }
            out.push('\n');
        }
        out.push_str(&" ".repeat(label_w + 1));
        for c in 0..size {
            if c > 0 {
                out.push(' ');
            }
            out.push(char::from(b'a' + c));
            if c + 1 < size {
                out.push_str(&" ".repeat(width - 1));
            }
        }
        out.push('\n');
        out
    }
}

/// The two text styles of a diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextStyle {
    /// `.`, `+`, `X`, `O`, `#`, letters, cells separated by spaces.
    Ascii,
    /// `┼` and its edge forms, `╋`, `●`, `○`, `×`, letters, cells joined by `─`.
    Unicode,
}

/// Whether a displayed row is the top or bottom line of the picture.
#[derive(Clone, Copy)]
struct Edges {
    top: bool,
    bottom: bool,
}

/// The rows (0-based, 0 = row 1) in display order, top line first.
pub(crate) fn display_rows(size: u8, orientation: Orientation) -> Vec<u8> {
    match orientation {
        Orientation::RowOneAtBottom => (0..size).rev().collect(),
        Orientation::RowOneAtTop => (0..size).collect(),
    }
}

fn grid_char(size: u8, p: Point, edges: Edges) -> char {
    let last = size - 1;
    if is_star_point(size, p) {
        return '╋';
    }
    match (edges.top, edges.bottom, p.col() == 0, p.col() == last) {
        (true, _, true, _) => '┌',
        (true, _, _, true) => '┐',
        (true, _, _, _) => '┬',
        (_, true, true, _) => '└',
        (_, true, _, true) => '┘',
        (_, true, _, _) => '┴',
        (_, _, true, _) => '├',
        (_, _, _, true) => '┤',
        _ => '┼',
    }
}
