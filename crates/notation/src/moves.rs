//! Move lists: the one grammar every command and format of the toolkit reads a list of moves
//! with ([`parse_moves`]), and the writer of the usual spellings ([`write_moves`]).
//!
//! # The grammar
//!
//! - A **move** is a column letter and a row number: `h8`, `H8`, `o15`. Columns are the
//!   letters `a`.. of the board (`a..o` on 15x15, `a..t` on 20x20), in either case; rows count
//!   from 1 (`1..15` on 15x15), without a leading zero. Row 1 is at the bottom
//!   ([`Orientation::RowOneAtBottom`], the usual renju notation) or at the top
//!   ([`Orientation::RowOneAtTop`]).
//! - A **pass** is `--` or `pass` (either case).
//! - Moves are separated by spaces, tabs, line breaks, commas or semicolons, any number of
//!   them, or by **nothing**: `h8h9i8`, `h10i8` (the digits of a row are read greedily, so
//!   `h10i8` is `h10 i8`), `H8,H9`, `h8 -- i8`.
//! - The moves alternate colours from Black; a pass takes a turn (the readers do not judge the
//!   board: a point played twice is read as written).
//!
//! A text that breaks the grammar is a [`MoveTextError`] naming the move (its 1-based number
//! and its text, where it starts) and what is wrong in the board's own terms (`columns a..o`).
//!
//! ```
//! use renju_notation::{Orientation, moves::parse_moves};
//! let b = Orientation::RowOneAtBottom;
//! let spaced = parse_moves("h8 h9 -- i8", 15, b).unwrap();
//! for text in ["h8h9--i8", "H8,H9,PASS,I8", "h8; h9;\tpass\ni8"] {
//!     assert_eq!(parse_moves(text, 15, b).unwrap(), spaced, "{text}");
//! }
//! let e = parse_moves("h8 h9 p16", 15, b).unwrap_err();
//! assert_eq!(e.to_string(), "move 3 'p16': column 'p' is off the 15x15 board (columns a..o)");
//! let e = parse_moves("h8 (h9)", 15, b).unwrap_err();
//! assert_eq!(e.to_string(), "move 2 '(h9)': '(' is not a column letter (columns a..o)");
//! ```

use crate::record::Orientation;
use renju_core::{MAX_SIZE, MIN_SIZE, Move, Point, PointError};

/// How [`write_moves`] separates and spells moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum MoveStyle {
    /// `h8 h9 i8` (RIF, `.renju`).
    #[default]
    Spaced,
    /// `h8h9i8`.
    Compact,
    /// `H8,H9,I8`.
    UpperComma,
}

/// A move list that breaks [the grammar](self): which move, where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveTextError {
    /// The 1-based number of the move that cannot be read (the moves before it were read).
    pub number: usize,
    /// Byte offset of the offending token in the text.
    pub offset: usize,
    /// The offending token (or character).
    pub token: String,
    /// Why it cannot be read.
    pub error: PointError,
    /// The side of the board the moves were read for (the ranges the message names).
    pub size: u8,
}

impl MoveTextError {
    /// Why the move cannot be read, without the move's number and text (the message after
    /// `move N 'TEXT': `).
    ///
    /// ```
    /// let e = renju_notation::moves::parse_moves("h8 p16", 15, Default::default()).unwrap_err();
    /// assert_eq!(e.reason(), "column 'p' is off the 15x15 board (columns a..o)");
    /// ```
    #[must_use]
    pub fn reason(&self) -> String {
        point_error_text(&self.error, self.size)
    }
}

impl std::fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "move {} '{}': {}",
            self.number,
            self.token,
            self.reason()
        )
    }
}

impl std::error::Error for MoveTextError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// What is wrong with a coordinate, in the terms of a board of side `size`: its columns
/// `a..o` and rows `1..15` on 15x15 (never the `a..t` of the largest board).
pub(crate) fn point_error_text(error: &PointError, size: u8) -> String {
    let size = size.clamp(MIN_SIZE, MAX_SIZE);
    let last = char::from(b'a' + size - 1);
    match error {
        PointError::BadColumn(c) => format!(
            "'{}' is not a column letter (columns a..{last})",
            crate::error::Shown(c.encode_utf8(&mut [0; 4]))
        ),
        PointError::MissingRow => {
            format!("no row number after the column letter (rows 1..{size})")
        }
        PointError::BadRow(r) => format!("'{r}' is not a row number (rows 1..{size})"),
        PointError::RowZero => format!("row 0 does not exist (rows 1..{size})"),
        other => other.to_string(),
    }
}

/// Converts a format's 0-based (column, row) in `orientation` to a [`Point`] of a board of
/// side `size` (row 0 is the bottom row for [`Orientation::RowOneAtBottom`], the top row for
/// [`Orientation::RowOneAtTop`]). `None` when off the board.
#[must_use]
pub fn point_from(col: u32, row: u32, size: u8, orientation: Orientation) -> Option<Point> {
    let s = u32::from(size);
    if col >= s || row >= s {
        return None;
    }
    let r = match orientation {
        Orientation::RowOneAtBottom => row,
        Orientation::RowOneAtTop => s - 1 - row,
    };
    Point::new(col as u8, r as u8)
}

/// The 0-based (column, row) of `p` in a format with `orientation` on a board of side `size`
/// (the inverse of [`point_from`]).
#[must_use]
pub fn point_to(p: Point, size: u8, orientation: Orientation) -> (u32, u32) {
    let row = u32::from(p.row());
    let r = match orientation {
        Orientation::RowOneAtBottom => row,
        Orientation::RowOneAtTop => u32::from(size).saturating_sub(1 + row),
    };
    (u32::from(p.col()), r)
}

/// Reads one coordinate such as `h8` / `H8` at the start of `bytes`; returns the point and
/// the number of bytes used. Digits are read greedily, so `h10i8` reads `h10` first.
fn point_prefix(
    bytes: &[u8],
    size: u8,
    orientation: Orientation,
) -> Result<(Point, usize), (usize, PointError)> {
    let Some(&first) = bytes.first() else {
        return Err((0, PointError::Empty));
    };
    let letter = first.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return Err((1, PointError::BadColumn(char::from(first))));
    }
    let mut n = 1;
    let mut row: u32 = 0;
    while n < bytes.len() && bytes[n].is_ascii_digit() && n <= 4 {
        row = row * 10 + u32::from(bytes[n] - b'0');
        n += 1;
    }
    let col = u32::from(letter - b'a');
    if col >= u32::from(size) {
        return Err((
            n,
            PointError::ColumnOffBoard {
                column: char::from(letter),
                size,
            },
        ));
    }
    if n == 1 {
        let end = bytes
            .iter()
            .position(|b| b.is_ascii_whitespace() || *b == b',')
            .unwrap_or(bytes.len())
            .max(1);
        return Err((
            end,
            if end == 1 {
                PointError::MissingRow
            } else {
                PointError::BadRow(String::from_utf8_lossy(&bytes[1..end]).into_owned())
            },
        ));
    }
    if bytes[1] == b'0' {
        return Err((
            n,
            if row == 0 {
                PointError::RowZero
            } else {
                PointError::BadRow(String::from_utf8_lossy(&bytes[1..n]).into_owned())
            },
        ));
    }
    if row > u32::from(size) {
        return Err((n, PointError::RowOffBoard { row, size }));
    }
    match point_from(col, row - 1, size, orientation) {
        Some(p) => Ok((p, n)),
        None => Err((n, PointError::RowOffBoard { row, size })),
    }
}

/// Appends the moves of `text` to `out` (the allocation-light form of [`parse_moves`]; the
/// moves before an error are appended).
///
/// # Errors
/// The first token that is not a move ([`MoveTextError`]).
pub fn parse_moves_into(
    text: &str,
    size: u8,
    orientation: Orientation,
    out: &mut Vec<Move>,
) -> Result<(), MoveTextError> {
    let size = size.clamp(MIN_SIZE, MAX_SIZE);
    let before = out.len();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() || b == b',' || b == b';' {
            i += 1;
            continue;
        }
        if b == b'-' && bytes.get(i + 1) == Some(&b'-') {
            out.push(Move::Pass);
            i += 2;
            continue;
        }
        if bytes.len() >= i + 4
            && bytes[i..i + 4].eq_ignore_ascii_case(b"pass")
            && bytes.get(i + 4).is_none_or(|c| !c.is_ascii_digit())
        {
            out.push(Move::Pass);
            i += 4;
            continue;
        }
        match point_prefix(&bytes[i..], size, orientation) {
            Ok((p, n)) => {
                out.push(Move::Stone(p));
                i += n;
            }
            Err((n, mut error)) => {
                // the token is the whole word that cannot be read (`zz`, not its `z`)
                let mut end = (i + n).min(bytes.len());
                while end < bytes.len()
                    && !matches!(bytes[end], b' ' | b'\t' | b'\n' | b'\r' | b',' | b';')
                {
                    end += 1;
                }
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                if let (PointError::BadColumn(_), Some(c)) = (&error, text[i..].chars().next()) {
                    // the character, not its first byte
                    error = PointError::BadColumn(c);
                }
                return Err(MoveTextError {
                    number: out.len() - before + 1,
                    offset: i,
                    token: text[i..end].to_string(),
                    error,
                    size,
                });
            }
        }
    }
    Ok(())
}

/// Reads a move list in any spelling of [the grammar](self) (`h8 h9`, `h8h9`, `H8,H9`, `--`
/// or `pass` for a pass), on a board of side `size` (5..20).
///
/// # Errors
/// The first token that is not a move ([`MoveTextError`]: its number, text, offset and why).
///
/// ```
/// use renju_notation::{Orientation, moves::parse_moves};
/// let spaced = parse_moves("h8 h9 i8", 15, Orientation::RowOneAtBottom).unwrap();
/// assert_eq!(parse_moves("h8h9i8", 15, Orientation::RowOneAtBottom).unwrap(), spaced);
/// assert_eq!(parse_moves("H8,H9,I8", 15, Orientation::RowOneAtBottom).unwrap(), spaced);
/// // Row 1 at the top: `h2` of a top-down notation is `h14`.
/// let top = parse_moves("h2", 15, Orientation::RowOneAtTop).unwrap();
/// assert_eq!(top[0].to_string(), "h14");
/// let e = parse_moves("h8 p16", 15, Orientation::RowOneAtBottom).unwrap_err();
/// assert_eq!((e.number, e.offset, e.token.as_str()), (2, 3, "p16"));
/// // the whole word that cannot be read is named
/// assert_eq!(parse_moves("h8 zz", 15, Orientation::RowOneAtBottom).unwrap_err().token, "zz");
/// ```
pub fn parse_moves(
    text: &str,
    size: u8,
    orientation: Orientation,
) -> Result<Vec<Move>, MoveTextError> {
    let mut out = Vec::new();
    parse_moves_into(text, size, orientation, &mut out)?;
    Ok(out)
}

/// Writes one move (`--` for a pass) in `orientation`.
#[must_use]
pub fn move_text(mv: Move, size: u8, orientation: Orientation) -> String {
    match mv {
        Move::Pass => "--".to_string(),
        Move::Stone(p) => {
            let (c, r) = point_to(p, size, orientation);
            format!("{}{}", char::from(b'a' + c as u8), r + 1)
        }
    }
}

/// Writes moves in `style` and `orientation`.
///
/// ```
/// use renju_notation::{Orientation, moves::{MoveStyle, parse_moves, write_moves}};
/// let m = parse_moves("h8 -- i10", 15, Orientation::RowOneAtBottom).unwrap();
/// assert_eq!(write_moves(&m, 15, Orientation::RowOneAtBottom, MoveStyle::Compact), "h8--i10");
/// assert_eq!(write_moves(&m, 15, Orientation::RowOneAtBottom, MoveStyle::UpperComma), "H8,--,I10");
/// ```
#[must_use]
pub fn write_moves(moves: &[Move], size: u8, orientation: Orientation, style: MoveStyle) -> String {
    let mut out = String::with_capacity(moves.len() * 4);
    for (i, &mv) in moves.iter().enumerate() {
        if i > 0 {
            match style {
                MoveStyle::Spaced => out.push(' '),
                MoveStyle::Compact => {}
                MoveStyle::UpperComma => out.push(','),
            }
        }
        let t = move_text(mv, size, orientation);
        if style == MoveStyle::UpperComma {
            out.push_str(&t.to_ascii_uppercase());
        } else {
            out.push_str(&t);
        }
    }
    out
}
