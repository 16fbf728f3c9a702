//! The `.renju` line format: one game a line, `<result> <moves...>`, result `black`, `white`,
//! `draw` or `unknown`, moves `h8 h9 ...` (row 1 at the bottom by default), `--` a pass.
//!
//! This is the hot path of the archive auditor. There is one line reader,
//! [`RenjuBufReader`] (over a file, stdin or a byte slice: [`RenjuReader`] is it over a slice),
//! with one line limit ([`crate::limits::MAX_LINE`]); it reuses one line buffer, and
//! [`parse_renju_moves_into`] fills a caller's buffer, so reading a line costs one allocation
//! (the record's move vector) or none.

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
/// use renju_notation::{DeclaredResult, Orientation, renju_line::parse_renju_moves_into};
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
                size: e.size,
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
/// use renju_notation::{DeclaredResult, Orientation, renju_line::parse_renju_line};
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

/// Reads one raw line (without its `\n`) as the record numbered `*record + 1`, or `None`
/// for a blank or `#` comment line (`*record` is then unchanged). `moves_only`: a bare move
/// list (no result word).
fn read_raw_line(
    raw: &[u8],
    line_no: usize,
    record: &mut usize,
    file: &str,
    orientation: Orientation,
    moves_only: bool,
) -> Option<Result<GameRecord, RecordError>> {
    let first = raw.iter().position(|b| !b.is_ascii_whitespace())?;
    if raw[first] == b'#' {
        return None;
    }
    *record += 1;
    let mut scratch = Vec::with_capacity(64);
    let parse = |line: &str, scratch: &mut Vec<Move>| {
        if moves_only {
            let mut g = GameRecord::new(RENJU_SIZE);
            match parse_moves_into(line, RENJU_SIZE, orientation, scratch) {
                Ok(()) => {
                    g.moves = std::mem::take(scratch);
                    Ok(g)
                }
                Err(e) => Err(RecordError::new(
                    file,
                    *record,
                    Position::Line {
                        line: line_no,
                        column: line[..e.offset.min(line.len())].chars().count() + 1,
                    },
                    ErrorKind::BadCoordinate {
                        token: e.token,
                        error: e.error,
                        size: e.size,
                    },
                )),
            }
        } else {
            parse_line_record(line, line_no, *record, file, orientation, scratch)
        }
    };
    Some(match std::str::from_utf8(raw) {
        Ok(line) => parse(line, &mut scratch),
        Err(e) => {
            let line = String::from_utf8_lossy(raw);
            parse(&line, &mut scratch).map(|mut g| {
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
    })
}

/// The reader of a `.renju` file held in memory: the one line reader,
/// [`RenjuBufReader`], over a byte slice (a slice is a `BufRead`), so that the same rules and
/// the same line limit apply however the file is read. Blank lines and lines starting with
/// `#` are skipped; records are numbered by their order among the other lines. A line that is
/// not valid UTF-8 is read lossily and its record carries [`ENCODING_TAG`].
///
/// ```
/// use renju_notation::{Orientation, renju_line::RenjuReader};
/// let text = b"black h8 h9\n\nwhite h8 zz\ndraw h8\n";
/// let results: Vec<_> = RenjuReader::new(text, "a.renju", Orientation::RowOneAtBottom).collect();
/// assert_eq!(results.len(), 3);
/// assert!(results[0].is_ok() && results[2].is_ok());
/// assert_eq!(results[1].as_ref().unwrap_err().record, 2);
/// ```
pub type RenjuReader<'a> = RenjuBufReader<&'a [u8]>;

/// A streaming line reader over any [`BufRead`](std::io::BufRead) (a file, stdin) for
/// `.renju` files ([`RenjuBufReader::new`]) and move lists ([`RenjuBufReader::moves`]): one
/// line buffer is reused, so memory does not grow with the file. Same rules as
/// [`RenjuReader`]; an I/O error ends the iteration with an [`ErrorKind::Io`] error.
///
/// A line longer than the maximum ([`crate::limits::MAX_LINE`] unless
/// [`with_max_line`](RenjuBufReader::with_max_line) says otherwise) is read to its end
/// without being kept and is one bad record ([`ErrorKind::TooLarge`]), so a 2 GB line costs
/// time but no memory.
///
/// ```
/// use renju_notation::{ErrorKind, Orientation, renju_line::RenjuBufReader};
/// let input = std::io::Cursor::new("black h8 h9\r\ndraw h8\r\n");
/// let n = RenjuBufReader::new(input, "a.renju", Orientation::RowOneAtBottom).filter(Result::is_ok).count();
/// assert_eq!(n, 2);
///
/// let long = format!("black{}\nwhite h8\n", " h8".repeat(100));
/// let out: Vec<_> = RenjuBufReader::new(long.as_bytes(), "b.renju", Orientation::RowOneAtBottom)
///     .with_max_line(64)
///     .collect();
/// let e = out[0].as_ref().unwrap_err();
/// assert!(matches!(e.kind, ErrorKind::TooLarge { found: 305, limit: 64, .. }));
/// assert_eq!(e.to_string(), "b.renju: record 1, line 1, column 1: line too long (305 bytes, limit 64)");
/// assert!(out[1].is_ok());
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
    max_line: usize,
    moves_only: bool,
}

impl<R: std::io::BufRead> RenjuBufReader<R> {
    /// A `.renju` reader over `input`, naming `file` in its errors.
    pub fn new(input: R, file: &str, orientation: Orientation) -> RenjuBufReader<R> {
        RenjuBufReader {
            input,
            line: Vec::with_capacity(512),
            line_no: 0,
            record: 0,
            file: file.to_string(),
            orientation,
            done: false,
            max_line: crate::limits::MAX_LINE,
            moves_only: false,
        }
    }

    /// A reader of bare move lists (one game a line, no result word: the
    /// [`Format::Moves`](crate::Format::Moves) format) over `input`.
    ///
    /// ```
    /// use renju_notation::{Orientation, renju_line::RenjuBufReader};
    /// let games: Vec<_> = RenjuBufReader::moves(&b"h8 h9 i8\n# note\nH8,H9\n"[..], "m.txt", Orientation::RowOneAtBottom).collect();
    /// assert_eq!(games.len(), 2);
    /// assert_eq!(games[1].as_ref().unwrap().moves.len(), 2);
    /// ```
    pub fn moves(input: R, file: &str, orientation: Orientation) -> RenjuBufReader<R> {
        RenjuBufReader {
            moves_only: true,
            ..RenjuBufReader::new(input, file, orientation)
        }
    }

    /// The same reader with another maximum line length in bytes (at least 1).
    #[must_use]
    pub fn with_max_line(mut self, bytes: usize) -> RenjuBufReader<R> {
        self.max_line = bytes.max(1);
        self
    }

    /// The raw bytes (without the newline) of the line last read, as far as they were kept
    /// (at most the maximum line length); the first line without its UTF-8 byte order mark,
    /// as [`line_bytes`] gives it.
    #[must_use]
    pub fn last_line(&self) -> &[u8] {
        let line = line_bytes(&self.line, self.line_no);
        line.strip_suffix(b"\r").unwrap_or(line)
    }

    /// Reads the next line into `self.line` (at most `max_line` bytes of it kept); returns
    /// its full length, `None` at the end of the input.
    fn read_line(&mut self) -> std::io::Result<Option<u64>> {
        read_capped_line(&mut self.input, &mut self.line, self.max_line)
    }
}

/// The bytes of line `line_no` (1-based) of a line file as its records are read from them:
/// the first line without a UTF-8 byte order mark ([`crate::encoding::strip_utf8_bom`]: it is
/// no part of the text, and the columns of errors are counted after it), any other line as it
/// is. [`LineRules::judge`] reads every line through it; a caller that reads a line's bytes
/// again (to salvage the moves before a bad one) does the same.
///
/// ```
/// use renju_notation::renju_line::line_bytes;
/// assert_eq!(line_bytes(b"\xEF\xBB\xBFwhite h8", 1), b"white h8");
/// assert_eq!(line_bytes(b"\xEF\xBB\xBFwhite h8", 2), b"\xEF\xBB\xBFwhite h8");
/// ```
#[must_use]
pub fn line_bytes(raw: &[u8], line_no: usize) -> &[u8] {
    if line_no == 1 {
        crate::encoding::strip_utf8_bom(raw)
    } else {
        raw
    }
}

/// Reads the next line of `input` into `line` (cleared first), without its newline, keeping
/// at most `max` bytes of it (the rest is read and dropped); returns the line's full length
/// in bytes, `None` at the end of the input. The one line cutter of the line formats: a line
/// file's reader and a caller cutting lines for other threads read the same lines.
///
/// ```
/// use renju_notation::renju_line::read_capped_line;
/// let mut input = &b"h8 h9\nh8 h9 i10 j11\nlast"[..];
/// let mut line = Vec::new();
/// assert_eq!(read_capped_line(&mut input, &mut line, 8).unwrap(), Some(5));
/// assert_eq!(line, b"h8 h9");
/// assert_eq!(read_capped_line(&mut input, &mut line, 8).unwrap(), Some(13));
/// assert_eq!(line, b"h8 h9 i1");
/// assert_eq!(read_capped_line(&mut input, &mut line, 8).unwrap(), Some(4));
/// assert_eq!(read_capped_line(&mut input, &mut line, 8).unwrap(), None);
/// ```
///
/// # Errors
/// The input's read error (an interrupted read is retried).
pub fn read_capped_line(
    input: &mut impl std::io::BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<u64>> {
    line.clear();
    let mut total = 0u64;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(total));
        }
        any = true;
        let (len, found) = match memchr::memchr(b'\n', buf) {
            Some(i) => (i, true),
            None => (buf.len(), false),
        };
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&buf[..len.min(room)]);
        total += len as u64;
        input.consume(len + usize::from(found));
        if found {
            return Ok(Some(total));
        }
    }
}

/// How the lines of a line file (`.renju`, or a bare move list) are read, one line at a time:
/// the rules [`RenjuBufReader`] applies to each line it reads, for callers that cut the lines
/// themselves (a reader thread cutting, worker threads judging).
///
/// ```
/// use renju_notation::{ErrorKind, Orientation, renju_line::LineRules};
/// let rules = LineRules::renju("a.renju", Orientation::RowOneAtBottom);
/// let mut record = 0;
/// let game = rules.judge(b"black h8 h9 i8", 14, 1, &mut record).unwrap().unwrap();
/// assert_eq!((game.moves.len(), record), (3, 1));
/// assert!(rules.judge(b"# a comment", 11, 2, &mut record).is_none());
/// let e = rules.with_max_line(8).judge(b"white h8", 20, 3, &mut record).unwrap().unwrap_err();
/// assert!(matches!(e.kind, ErrorKind::TooLarge { found: 20, limit: 8, .. }));
/// assert_eq!(record, 2);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct LineRules<'a> {
    /// The file named in errors.
    pub file: &'a str,
    /// How coordinates are read.
    pub orientation: Orientation,
    /// A bare move list (no result word): [`Format::Moves`](crate::Format::Moves).
    pub moves_only: bool,
    /// The most bytes of a line kept; a longer line is one bad record.
    pub max_line: usize,
}

impl<'a> LineRules<'a> {
    /// The rules of a `.renju` file, with the default line limit
    /// ([`crate::limits::MAX_LINE`]).
    #[must_use]
    pub fn renju(file: &'a str, orientation: Orientation) -> LineRules<'a> {
        LineRules {
            file,
            orientation,
            moves_only: false,
            max_line: crate::limits::MAX_LINE,
        }
    }

    /// The rules of a bare move list, with the default line limit.
    #[must_use]
    pub fn moves(file: &'a str, orientation: Orientation) -> LineRules<'a> {
        LineRules {
            moves_only: true,
            ..LineRules::renju(file, orientation)
        }
    }

    /// The same rules with another line limit in bytes (at least 1).
    #[must_use]
    pub fn with_max_line(self, bytes: usize) -> LineRules<'a> {
        LineRules {
            max_line: bytes.max(1),
            ..self
        }
    }

    /// Judges one line: `raw` its bytes without the `\n` (at most [`max_line`](Self::max_line)
    /// of them kept), `len` its full length in bytes, `line_no` its 1-based number. `None` for
    /// a blank or `#` comment line; otherwise the record numbered `*record + 1` (and
    /// `*record` counts it): the game, or why it cannot be read (a line longer than the
    /// limit is [`ErrorKind::TooLarge`]). A UTF-8 byte order mark starting line 1 is dropped
    /// ([`line_bytes`]): columns are counted after it.
    pub fn judge(
        &self,
        raw: &[u8],
        len: u64,
        line_no: usize,
        record: &mut usize,
    ) -> Option<Result<GameRecord, RecordError>> {
        let raw = line_bytes(raw, line_no);
        if len > self.max_line as u64 {
            let comment = raw
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .is_some_and(|&b| b == b'#');
            if comment {
                return None;
            }
            *record += 1;
            return Some(Err(RecordError::new(
                self.file,
                *record,
                Position::Line {
                    line: line_no,
                    column: 1,
                },
                ErrorKind::TooLarge {
                    what: "line too long".into(),
                    found: len,
                    unit: "bytes",
                    limit: self.max_line as u64,
                },
            )));
        }
        read_raw_line(
            raw,
            line_no,
            record,
            self.file,
            self.orientation,
            self.moves_only,
        )
    }
}

impl<R: std::io::BufRead> Iterator for RenjuBufReader<R> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            match self.read_line() {
                Ok(None) => self.done = true,
                Ok(Some(len)) => {
                    self.line_no += 1;
                    let rules = LineRules {
                        file: &self.file,
                        orientation: self.orientation,
                        moves_only: self.moves_only,
                        max_line: self.max_line,
                    };
                    if let Some(r) = rules.judge(&self.line, len, self.line_no, &mut self.record) {
                        return Some(r);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Vec<Result<GameRecord, RecordError>> {
        RenjuReader::new(bytes, "a.renju", Orientation::RowOneAtBottom).collect()
    }

    #[test]
    fn a_byte_order_mark_before_line_1_is_no_part_of_it() {
        let out = read(b"\xEF\xBB\xBFwhite h8 h9 i10\nblack h8 i9 j10\n");
        assert_eq!(out.len(), 2);
        let g = out[0].as_ref().unwrap();
        assert_eq!((g.result, g.moves.len()), (DeclaredResult::White, 3));
        // columns of line 1 are counted after it
        let out = read(b"\xEF\xBB\xBF  black h8 q3\n");
        assert_eq!(
            out[0].as_ref().unwrap_err().to_string(),
            "a.renju: record 1, line 1, column 12: 'q3' is off the board: column 'q' is off the 15x15 board (columns a..o)"
        );
        // a line 1 made of the mark alone is blank
        let out = read(b"\xEF\xBB\xBF\nblack h8\n");
        assert_eq!(out.len(), 1);
        assert!(out[0].is_ok());
        // a move list too
        let moves: Vec<_> = RenjuBufReader::moves(
            &b"\xEF\xBB\xBFh8 h9 i10\r\n"[..],
            "m.txt",
            Orientation::RowOneAtBottom,
        )
        .collect();
        assert_eq!(moves[0].as_ref().unwrap().moves.len(), 3);
    }

    #[test]
    fn a_byte_order_mark_further_on_is_text_and_said() {
        let out = read(b"black h8\n\xEF\xBB\xBFwhite h8\n");
        let e = out[1].as_ref().unwrap_err();
        assert_eq!(
            (e.record, e.position),
            (2, Position::Line { line: 2, column: 1 })
        );
        assert!(matches!(e.kind, ErrorKind::BadResult { .. }));
    }

    #[test]
    fn the_last_line_is_the_line_as_judged() {
        let mut r = RenjuBufReader::new(
            &b"\xEF\xBB\xBFwhite h8 zz\r\n\xEF\xBB\xBFh8\n"[..],
            "a.renju",
            Orientation::RowOneAtBottom,
        );
        assert!(r.next().unwrap().is_err());
        assert_eq!(r.last_line(), b"white h8 zz");
        assert!(r.next().unwrap().is_err());
        assert_eq!(r.last_line(), b"\xEF\xBB\xBFh8");
        let rules = LineRules::renju("a.renju", Orientation::RowOneAtBottom);
        let mut record = 0;
        assert!(
            rules
                .judge(b"\xEF\xBB\xBF# note", 9, 1, &mut record)
                .is_none()
        );
        assert!(
            rules
                .judge(b"\xEF\xBB\xBFblack h8", 11, 1, &mut record)
                .unwrap()
                .is_ok()
        );
        assert!(
            rules
                .judge(b"\xEF\xBB\xBFblack h8", 11, 2, &mut record)
                .unwrap()
                .is_err()
        );
    }
}
