//! Errors of the record readers: which file, which record, where, and what was expected.

use renju_core::PointError;
use std::fmt;

/// Where in a file an error was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Position {
    /// A text position, both counted from 1.
    Line {
        /// 1-based line number.
        line: usize,
        /// 1-based column (in characters of the line as read).
        column: usize,
    },
    /// A byte offset from the start of the file (binary formats), counted from 0.
    Byte(u64),
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Line { line, column } => write!(f, "line {line}, column {column}"),
            Position::Byte(b) => write!(f, "byte {b}"),
        }
    }
}

/// What is wrong with a record.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A coordinate that cannot be read or lies off the board.
    BadCoordinate {
        /// The text of the coordinate as written.
        token: String,
        /// Why it cannot be read.
        error: PointError,
        /// The board side it was read for (the message names that board's columns and rows).
        size: u8,
    },
    /// A result word or value that the format does not define.
    BadResult {
        /// The text found.
        found: String,
        /// What the format allows.
        expected: &'static str,
    },
    /// Something else than what the grammar allows at this place.
    Unexpected {
        /// The text found (shortened).
        found: String,
        /// What was expected instead.
        expected: &'static str,
    },
    /// The input ended in the middle of a record.
    Truncated {
        /// What was still expected.
        expected: &'static str,
    },
    /// A board size this crate cannot hold (square, of side 5 to 20).
    BadBoardSize {
        /// Width as written.
        width: u32,
        /// Height as written.
        height: u32,
    },
    /// Nesting deeper than the reader allows (variations, tree depth).
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A malformed document (XML syntax and the like), with the parser's own words.
    Syntax(String),
    /// The content is not in this format (e.g. a text grid in a `.pos` file).
    WrongFormat(&'static str),
    /// The input could not be read (an I/O error of a streaming reader).
    Io(String),
    /// Something larger than a reader allows (see [`crate::limits`]): a line, an XML
    /// element, a record's moves, a whole file.
    TooLarge {
        /// What is too large, in words (`line`, `file too large for sgf`...).
        what: String,
        /// Its size (at least this much; a reader may stop counting past the limit).
        found: u64,
        /// The unit of `found` and `limit` (`bytes`, `moves`, `nodes`).
        unit: &'static str,
        /// The limit.
        limit: u64,
    },
}

/// Text quoted in a message, with the characters that show nothing (controls, a byte order
/// mark, zero-width and other format characters) written as `\u{feff}`, so that a message
/// never quotes an invisible token.
///
/// ```
/// use renju_notation::error::Shown;
/// assert_eq!(Shown("\u{feff}white").to_string(), "\\u{feff}white");
/// assert_eq!(Shown("h8").to_string(), "h8");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a>(pub &'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            let invisible = c.is_control()
                || matches!(
                    c,
                    '\u{ad}'
                        | '\u{200b}'..='\u{200f}'
                        | '\u{2028}'..='\u{202e}'
                        | '\u{2060}'..='\u{2064}'
                        | '\u{feff}'
                );
            if invisible {
                write!(f, "\\u{{{:x}}}", u32::from(c))?;
            } else {
                fmt::Write::write_char(f, c)?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::BadCoordinate { token, error, size } => {
                let why = crate::moves::point_error_text(error, *size);
                match error {
                    PointError::ColumnOffBoard { .. } | PointError::RowOffBoard { .. } => {
                        write!(f, "'{}' is off the board: {why}", Shown(token))
                    }
                    _ => write!(f, "'{}' is not a coordinate: {why}", Shown(token)),
                }
            }
            ErrorKind::BadResult { found, expected } => {
                write!(f, "unknown result '{}' (expected {expected})", Shown(found))
            }
            ErrorKind::Unexpected { found, expected } => {
                write!(f, "found '{}', expected {expected}", Shown(found))
            }
            ErrorKind::Truncated { expected } => {
                write!(f, "the record ends too early (expected {expected})")
            }
            ErrorKind::BadBoardSize { width, height } => write!(
                f,
                "board {width}x{height} is not supported (square boards of side 5..20)"
            ),
            ErrorKind::TooDeep { limit } => {
                write!(f, "nesting deeper than {limit} levels")
            }
            ErrorKind::Syntax(s) => write!(f, "syntax error: {s}"),
            ErrorKind::WrongFormat(s) => write!(f, "not this format: {s}"),
            ErrorKind::Io(s) => write!(f, "cannot read: {s}"),
            ErrorKind::TooLarge {
                what,
                found,
                unit,
                limit,
            } => write!(f, "{what} ({found} {unit}, limit {limit})"),
        }
    }
}

/// A record that could not be read: the file, the 1-based record index, the position and
/// what was expected.
///
/// ```
/// use renju_notation::{ErrorKind, Position, RecordError};
/// let e = RecordError::new(
///     "games.renju",
///     12,
///     Position::Line { line: 12, column: 40 },
///     ErrorKind::Unexpected { found: "x".into(), expected: "a move" },
/// );
/// assert_eq!(e.to_string(), "games.renju: record 12, line 12, column 40: found 'x', expected a move");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RecordError {
    /// The file name as given to the reader.
    pub file: String,
    /// 1-based index of the record in the file (0 when the file as a whole is broken).
    pub record: usize,
    /// Where the problem is.
    pub position: Position,
    /// What the problem is.
    pub kind: ErrorKind,
}

impl RecordError {
    /// A new error.
    #[must_use]
    pub fn new(file: &str, record: usize, position: Position, kind: ErrorKind) -> RecordError {
        RecordError {
            file: file.to_string(),
            record,
            position,
            kind,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.record == 0 {
            write!(f, "{}: {}: {}", self.file, self.position, self.kind)
        } else {
            write!(
                f,
                "{}: record {}, {}: {}",
                self.file, self.record, self.position, self.kind
            )
        }
    }
}

impl std::error::Error for RecordError {
    /// The coordinate error of a [`ErrorKind::BadCoordinate`].
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::BadCoordinate { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Shortens a text for an error message (at most 24 characters).
pub(crate) fn excerpt(s: &str) -> String {
    let mut out: String = s.chars().take(24).collect();
    if s.chars().count() > 24 {
        out.push('…');
    }
    out
}

/// 1-based line and column of byte offset `at` in `text`.
pub(crate) fn line_col(text: &str, at: usize) -> Position {
    let at = at.min(text.len());
    let mut cut = at;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let before = &text[..cut];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[start..].chars().count() + 1;
    Position::Line { line, column }
}
