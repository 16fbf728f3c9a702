//! The `.renju` line format: one game a line, `<result> <moves...>`, result `black`, `white`,
//! `draw` or `unknown`, moves `h8 h9 ...` (row 1 at the bottom by default), `--` a pass.
//!
//! This is the hot path of the archive auditor: [`RenjuReader`] walks a byte slice without
//! copying it and [`parse_renju_moves_into`] fills a caller's buffer, so reading a line costs
//! one allocation (the record's move vector) or none.

use crate::error::{ErrorKind, Position, RecordError, excerpt};
use crate::moves::{MoveStyle, parse_moves_into, write_moves};
use crate::record::{DeclaredResult, GameRecord, Orientation};
use renju_core::{Move, RENJU_SIZE};

/// The tag set on a record whose line was not valid UTF-8 (it is read with replacement
/// characters; the value says where the first bad byte was).
pub const ENCODING_TAG: &str = "notation:encoding";

const RESULT_WORDS: &str = "black, white, draw or unknown";

fn result_word(word: &str) -> Option<DeclaredResult> {
    Some(match word {
        "black" => DeclaredResult::Black,
        "white" => DeclaredResult::White,
        "draw" => DeclaredResult::Draw,
        "unknown" => DeclaredResult::Unknown,
        _ => {
            return match word.to_ascii_lowercase().as_str() {
                "black" => Some(DeclaredResult::Black),
                "white" => Some(DeclaredResult::White),
                "draw" => Some(DeclaredResult::Draw),
                "unknown" => Some(DeclaredResult::Unknown),
                _ => None,
            };
        }
    })
}

/// Reads one `.renju` line into `moves` (cleared first) and returns its declared result; the
/// error is a column (1-based, in bytes) and the problem. No allocation on success once
/// `moves` has grown.
///
/// # Errors
/// The column and problem of the first bad word.
///
/// ```
/// use notation::{DeclaredResult, Orientation, renju_line::parse_renju_moves_into};
/// let mut moves = Vec::new();
/// let r = parse_renju_moves_into("black h8 h9 i8", Orientation::RowOneAtBottom, &mut moves).unwrap();
/// assert_eq!((r, moves.len()), (DeclaredResult::Black, 3));
/// ```
pub fn parse_renju_moves_into(
    line: &str,
    orientation: Orientation,
    moves: &mut Vec<Move>,
) -> Result<DeclaredResult, (usize, ErrorKind)> {
    moves.clear();
    let line = line.strip_suffix('\r').unwrap_or(line);
    let start = line.len() - line.trim_start().len();
    let rest = &line[start..];
    let word_len = rest
        .find(|c: char| c.is_ascii_whitespace())
        .unwrap_or(rest.len());
    let word = &rest[..word_len];
    let Some(result) = result_word(word) else {
        return Err((
            start + 1,
            ErrorKind::BadResult {
                found: excerpt(word),
                expected: RESULT_WORDS,
            },
        ));
    };
    let moves_at = start + word_len;
    parse_moves_into(&line[moves_at..], RENJU_SIZE, orientation, moves).map_err(|e| {
        let kind = if e.offset + e.token.len() >= line.len() - moves_at
            && matches!(e.error, renju_core::PointError::MissingRow)
        {
            ErrorKind::Truncated {
                expected: "a row number after the last column letter",
            }
        } else {
            ErrorKind::BadCoordinate {
                token: e.token,
                error: e.error,
            }
        };
        (moves_at + e.offset + 1, kind)
    })?;
    Ok(result)
}

/// Reads one `.renju` line as a record (15x15). `line_no` (1-based) is used as both the record
/// index and the line in the error; the file name of the error is `file`.
///
/// # Errors
/// A [`RecordError`] naming the column and the problem.
///
/// ```
/// use notation::{DeclaredResult, Orientation, renju_line::parse_renju_line};
/// let g = parse_renju_line("white h8 h9 -- i10", 1, "games.renju", Orientation::RowOneAtBottom).unwrap();
/// assert_eq!((g.result, g.moves.len()), (DeclaredResult::White, 4));
/// let e = parse_renju_line("black h8 p16", 12, "games.renju", Orientation::RowOneAtBottom).unwrap_err();
/// assert!(e.to_string().starts_with("games.renju: record 12, line 12, column 10: 'p16' is off the board: column 'p' is off the 15x15 board"));
/// ```
pub fn parse_renju_line(
    line: &str,
    line_no: usize,
    file: &str,
    orientation: Orientation,
) -> Result<GameRecord, RecordError> {
    let mut moves = Vec::new();
    parse_line_record(line, line_no, line_no, file, orientation, &mut moves)
}

fn parse_line_record(
    line: &str,
    line_no: usize,
    record: usize,
    file: &str,
    orientation: Orientation,
    moves: &mut Vec<Move>,
) -> Result<GameRecord, RecordError> {
    match parse_renju_moves_into(line, orientation, moves) {
        Ok(result) => {
            let mut g = GameRecord::new(RENJU_SIZE);
            g.result = result;
            g.moves = std::mem::take(moves);
            Ok(g)
        }
        Err((col, kind)) => {
            let column = line[..(col - 1).min(line.len())].chars().count() + 1;
            Err(RecordError::new(
                file,
                record,
                Position::Line {
                    line: line_no,
                    column,
                },
                kind,
            ))
        }
    }
}

/// An iterator over the records of a `.renju` file held in memory. Blank lines and lines
/// starting with `#` are skipped; records are numbered by their order among the other lines.
/// A line that is not valid UTF-8 is read lossily and its record carries [`ENCODING_TAG`].
///
/// ```
/// use notation::{Orientation, renju_line::RenjuReader};
/// let text = b"black h8 h9\n\nwhite h8 zz\ndraw h8\n";
/// let results: Vec<_> = RenjuReader::new(text, "a.renju", Orientation::RowOneAtBottom).collect();
/// assert_eq!(results.len(), 3);
/// assert!(results[0].is_ok() && results[2].is_ok());
/// assert_eq!(results[1].as_ref().unwrap_err().record, 2);
/// ```
#[derive(Debug)]
pub struct RenjuReader<'a> {
    bytes: &'a [u8],
    at: usize,
    line_no: usize,
    record: usize,
    file: String,
    orientation: Orientation,
    scratch: Vec<Move>,
}

impl<'a> RenjuReader<'a> {
    /// A reader over `bytes`, naming `file` in its errors.
    #[must_use]
    pub fn new(bytes: &'a [u8], file: &str, orientation: Orientation) -> RenjuReader<'a> {
        RenjuReader {
            bytes,
            at: 0,
            line_no: 0,
            record: 0,
            file: file.to_string(),
            orientation,
            scratch: Vec::new(),
        }
    }
}

impl Iterator for RenjuReader<'_> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.at >= self.bytes.len() {
                return None;
            }
            let rest = &self.bytes[self.at..];
            let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            let raw = &rest[..len];
            self.at += len + 1;
            self.line_no += 1;
            let first = raw.iter().position(|b| !b.is_ascii_whitespace());
            match first {
                None => continue,
                Some(i) if raw[i] == b'#' => continue,
                Some(_) => {}
            }
            self.record += 1;
            self.scratch = Vec::with_capacity(64);
            return Some(match std::str::from_utf8(raw) {
                Ok(line) => parse_line_record(
                    line,
                    self.line_no,
                    self.record,
                    &self.file,
                    self.orientation,
                    &mut self.scratch,
                ),
                Err(e) => {
                    let line = String::from_utf8_lossy(raw);
                    parse_line_record(
                        &line,
                        self.line_no,
                        self.record,
                        &self.file,
                        self.orientation,
                        &mut self.scratch,
                    )
                    .map(|mut g| {
                        g.tags.insert(
                            ENCODING_TAG.to_string(),
                            format!(
                                "invalid UTF-8 at byte {} of the line; read lossily",
                                e.valid_up_to() + 1
                            ),
                        );
                        g
                    })
                }
            });
        }
    }
}

/// A streaming `.renju` reader over any [`BufRead`](std::io::BufRead) (a file, stdin): one
/// line buffer is reused, so memory does not grow with the file. Same rules as
/// [`RenjuReader`]; an I/O error ends the iteration with an [`ErrorKind::Io`] error.
///
/// ```
/// use notation::{Orientation, renju_line::RenjuBufReader};
/// let input = std::io::Cursor::new("black h8 h9\r\ndraw h8\r\n");
/// let n = RenjuBufReader::new(input, "a.renju", Orientation::RowOneAtBottom).filter(Result::is_ok).count();
/// assert_eq!(n, 2);
/// ```
#[derive(Debug)]
pub struct RenjuBufReader<R: std::io::BufRead> {
    input: R,
    line: Vec<u8>,
    line_no: usize,
    record: usize,
    file: String,
    orientation: Orientation,
    done: bool,
}

impl<R: std::io::BufRead> RenjuBufReader<R> {
    /// A reader over `input`, naming `file` in its errors.
    pub fn new(input: R, file: &str, orientation: Orientation) -> RenjuBufReader<R> {
        RenjuBufReader {
            input,
            line: Vec::with_capacity(512),
            line_no: 0,
            record: 0,
            file: file.to_string(),
            orientation,
            done: false,
        }
    }
}

impl<R: std::io::BufRead> Iterator for RenjuBufReader<R> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            self.line.clear();
            match self.input.read_until(b'\n', &mut self.line) {
                Ok(0) => self.done = true,
                Ok(_) => {
                    self.line_no += 1;
                    let raw = self.line.strip_suffix(b"\n").unwrap_or(&self.line);
                    let mut one = RenjuReader::new(raw, &self.file, self.orientation);
                    if let Some(r) = one.next() {
                        self.record += 1;
                        return Some(r.map_err(|mut e| {
                            e.record = self.record;
                            e.position = match e.position {
                                Position::Line { column, .. } => Position::Line {
                                    line: self.line_no,
                                    column,
                                },
                                p => p,
                            };
                            e
                        }));
                    }
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(RecordError::new(
                        &self.file,
                        self.record + 1,
                        Position::Line {
                            line: self.line_no + 1,
                            column: 1,
                        },
                        ErrorKind::Io(e.to_string()),
                    )));
                }
            }
        }
        None
    }
}

/// Writes one record as a `.renju` line (without the newline).
#[must_use]
pub fn write_renju_line(record: &GameRecord, orientation: Orientation) -> String {
    let size = if record.board_size == 0 {
        RENJU_SIZE
    } else {
        record.board_size
    };
    let moves = write_moves(&record.moves, size, orientation, MoveStyle::Spaced);
    if moves.is_empty() {
        record.result.name().to_string()
    } else {
        format!("{} {}", record.result.name(), moves)
    }
}
