//! Line mode: a `.renju` file or a move list cut into lines by one thread (the reader) and
//! each line parsed alone by another (a worker), with the same rows, record numbers and error
//! sentences as the file's own reader stream ([`each_record`](super::each_record)); the
//! record stream ([`super::stream`]) uses it for large line files.

use super::source::{HEAD, READ_BUFFER, problem, salvage};
use super::walk::{FileProblem, InputFile};
use super::{ReadOptions, RecordItem};
use renju_notation::encoding::utf16_of;
use renju_notation::renju_line::{LineRules, line_bytes, read_capped_line};
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
    // a UTF-16 file (or one that looks like it) is read by the file's reader stream, which
    // decodes it (or says why not)
    if !matches!(utf16_of(&head, read.encoding), Ok(None)) {
        return Ok(None);
    }
    Ok(match read.format.or_else(|| detect(&name, &head)) {
        // binary data under a line format's name is one problem of its file, said by the
        // file's reader stream
        Some(format @ (Format::Renju | Format::Moves))
            if super::source::binary_at(format, &head).is_none() =>
        {
            Some(LineFile {
                format,
                orientation: read
                    .orientation
                    .unwrap_or_else(|| format.default_orientation()),
                input,
            })
        }
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
/// [`limits::MAX_LINE`] bytes), `len` its full length, `number` its 1-based line number (line
/// 1 loses a UTF-8 byte order mark: [`line_bytes`]); the error's record number is that of a
/// one-line input, set right by the caller.
pub(crate) fn parse_line(
    name: &str,
    format: Format,
    orientation: Orientation,
    bytes: &[u8],
    len: u64,
    number: usize,
) -> LineItem {
    let rules = if format == Format::Renju {
        LineRules::renju(name, orientation)
    } else {
        LineRules::moves(name, orientation)
    };
    let mut record = 0;
    let Some(item) = rules.judge(bytes, len, number, &mut record) else {
        return LineItem::NotARecord;
    };
    match item {
        Ok(g) if g.moves.len() > limits::MAX_MOVES => LineItem::TooManyMoves(g.moves.len()),
        Ok(g) => LineItem::Item(RecordItem::Game(g)),
        Err(e) if matches!(e.kind, ErrorKind::BadCoordinate { .. }) => {
            let bytes = line_bytes(bytes, number);
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
    line_bytes(bytes, if first { 1 } else { 2 })
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b != b'#')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(item: LineItem) -> renju_notation::GameRecord {
        match item {
            LineItem::Item(RecordItem::Game(g) | RecordItem::GameWithUnreadable(g, _)) => g,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn line_1_is_parsed_after_its_byte_order_mark_and_no_other() {
        let o = Orientation::RowOneAtBottom;
        let line = b"\xEF\xBB\xBFwhite h8 h9 zz";
        // salvaged: the moves before the bad one, and the result word
        let LineItem::Item(RecordItem::GameWithUnreadable(g, u)) =
            parse_line("a.renju", Format::Renju, o, line, 17, 1)
        else {
            panic!()
        };
        assert_eq!((g.result.name(), g.moves.len(), u.number), ("white", 2, 3));
        let ok = game(parse_line(
            "a.renju",
            Format::Renju,
            o,
            b"\xEF\xBB\xBFblack h8",
            11,
            1,
        ));
        assert_eq!(ok.moves.len(), 1);
        let moves = game(parse_line(
            "m.txt",
            Format::Moves,
            o,
            b"\xEF\xBB\xBFh8 h9\r",
            9,
            1,
        ));
        assert_eq!(moves.moves.len(), 2);
        // further on, the mark is text: the line is a broken record
        assert!(matches!(
            parse_line("a.renju", Format::Renju, o, b"\xEF\xBB\xBFblack h8", 11, 2),
            LineItem::Error(_)
        ));
        assert!(is_record_line(b"\xEF\xBB\xBFblack", true));
        assert!(!is_record_line(b"\xEF\xBB\xBF # note", true));
        assert!(is_record_line(b"\xEF\xBB\xBF # note", false));
    }
}
