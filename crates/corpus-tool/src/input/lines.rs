//! Line mode: a `.renju` file or a move list cut into lines by one thread (the reader) and
//! each line parsed alone by another (a worker), with the same rows, record numbers and error
//! sentences as the file's own reader stream ([`each_record`](super::each_record)); the
//! record stream ([`super::stream`]) uses it for large line files.

use super::source::{HEAD, READ_BUFFER, problem, salvage};
use super::walk::{FileProblem, InputFile};
use super::{ReadOptions, RecordItem};
use renju_notation::renju_line::{LineRules, read_capped_line};
use renju_notation::{ErrorKind, Format, Orientation, RecordError, detect, limits};
use std::io::BufRead;

/// A line file opened for the pipeline's line mode: its format, orientation and input.
pub(crate) struct LineFile {
    pub(crate) format: Format,
    pub(crate) orientation: Orientation,
    pub(crate) input: std::io::BufReader<std::fs::File>,
}

/// Opens `file` and tells its format: `Some` when it is a line format (`.renju`, move
/// list), read then line by line by [`for_each_line`] and [`parse_line`]; `None` for any
/// other format (read it with [`each_record`](super::each_record)).
pub(crate) fn open_line_file(
    file: &InputFile,
    read: ReadOptions,
) -> Result<Option<LineFile>, FileProblem> {
    let name = file.name();
    let handle = std::fs::File::open(&file.path).map_err(|e| problem(&name, &e))?;
    let mut input = std::io::BufReader::with_capacity(READ_BUFFER, handle);
    let head = loop {
        match input.fill_buf() {
            Ok(b) => break b[..b.len().min(HEAD)].to_vec(),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(problem(&name, &e)),
        }
    };
    Ok(match read.format.or_else(|| detect(&name, &head)) {
        Some(format @ (Format::Renju | Format::Moves)) => Some(LineFile {
            format,
            orientation: read
                .orientation
                .unwrap_or_else(|| format.default_orientation()),
            input,
        }),
        _ => None,
    })
}

/// One line of a line file as cut by [`for_each_line`].
#[derive(Debug)]
pub(crate) struct RawLine<'a> {
    /// 1-based line number.
    pub(crate) number: usize,
    /// The bytes, without the newline; at most [`limits::MAX_LINE`] of them.
    pub(crate) bytes: &'a [u8],
    /// The full length of the line in bytes.
    pub(crate) len: u64,
}

/// A line cut, or the read error (with the line number it happened at) that ends the input.
pub(crate) type LineRead<'a> = Result<RawLine<'a>, (usize, std::io::Error)>;

/// Cuts `input` into lines (keeping at most [`limits::MAX_LINE`] bytes of each, in one
/// buffer reused from line to line), calling `f` with each; a read error ends the input
/// with `Err(the line number it happened at)`.
pub(crate) fn for_each_line(mut input: impl BufRead, f: &mut dyn FnMut(LineRead<'_>)) {
    let mut number = 0usize;
    let mut bytes = Vec::new();
    loop {
        match read_capped_line(&mut input, &mut bytes, limits::MAX_LINE) {
            Ok(Some(len)) => {
                number += 1;
                f(Ok(RawLine {
                    number,
                    bytes: &bytes,
                    len,
                }));
            }
            Ok(None) => return,
            Err(e) => return f(Err((number + 1, e))),
        }
    }
}

/// A line parsed alone, before its record index is known.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)] // games are the common case
pub(crate) enum LineItem {
    /// A blank or comment line: no record.
    NotARecord,
    /// A game or a game with an unreadable move, as [`RecordItem`] has them.
    Item(RecordItem),
    /// A record past [`limits::MAX_MOVES`] moves (the count).
    TooManyMoves(usize),
    /// A broken record: the reader's error, its record and line to be set.
    Error(RecordError),
}

/// Parses one line by the line reader's own rules ([`LineRules`], the same as
/// [`each_record`](super::each_record)'s): `bytes` the line as kept (at most
/// [`limits::MAX_LINE`] bytes), `len` its full length; the error's record and line numbers
/// are those of a one-line input, set right by the caller.
pub(crate) fn parse_line(
    name: &str,
    format: Format,
    orientation: Orientation,
    bytes: &[u8],
    len: u64,
) -> LineItem {
    let rules = if format == Format::Renju {
        LineRules::renju(name, orientation)
    } else {
        LineRules::moves(name, orientation)
    };
    let mut record = 0;
    let Some(item) = rules.judge(bytes, len, 1, &mut record) else {
        return LineItem::NotARecord;
    };
    match item {
        Ok(g) if g.moves.len() > limits::MAX_MOVES => LineItem::TooManyMoves(g.moves.len()),
        Ok(g) => LineItem::Item(RecordItem::Game(g)),
        Err(e) if matches!(e.kind, ErrorKind::BadCoordinate { .. }) => {
            let line = bytes.strip_suffix(b"\r").unwrap_or(bytes);
            match salvage(line, format, orientation, e.clone()) {
                RecordItem::Broken(_) => LineItem::Error(e),
                item => LineItem::Item(item),
            }
        }
        Err(e) => LineItem::Error(e),
    }
}

/// Whether a line of a line file is a record (not blank, not a `#` comment), as the line
/// reader counts them; `first`: whether it is the file's first line (a byte order mark is
/// not a record).
#[must_use]
pub(crate) fn is_record_line(bytes: &[u8], first: bool) -> bool {
    let bytes = if first {
        bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
    } else {
        bytes
    };
    bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b != b'#')
}
