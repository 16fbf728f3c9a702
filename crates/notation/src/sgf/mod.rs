//! SGF for gomoku and renju: `GM[4]` (FF4, ORC Game Center, RenLib, RenjuBase) with the
//! renju dialect (`5A` offered 5th moves, `SW` swaps, `RE` results, `B[]`/`B[tt]` passes,
//! `PB PW EV RO DT RU GN`), `GM[5]` files written by Gomoku Quest (non-SGF lines after the
//! closing parenthesis are ignored), and `GM[1]` (Go) files that RenLib and Go editors export
//! renju trees as (read as gomoku/renju with a
//! [`ReadRemark::GameType`](crate::ReadRemark::GameType); without `SZ` their board is
//! 19x19). Letters count rows from the top by default.
//!
//! A file may hold many game trees; text between them is skipped. Every variation is read:
//! [`read_trees`] yields each game tree whole ([`GameTree`]: moves, passes, `C` comments,
//! every `LB` label, `TR SQ CR MA` marks, `AB AW AE` setup stones, other node properties kept
//! as read), and [`SgfReader`] (what [`crate::read_all`] uses) yields one record per
//! root-to-leaf line. The parser keeps its own bounded stack, so deep variations cannot
//! overflow it.
//!
//! Text is decoded with the encoding `CA` declares when the bytes fit it, else with the
//! detected one ([`crate::encoding`]); the encoding used is on every tree and record.
//! [`write_trees`] writes UTF-8 with `CA[UTF-8]`.

use crate::encoding::{TextEncoding, decode};
use crate::error::{ErrorKind, RecordError, line_col};
use crate::record::{GameRecord, Orientation};
use crate::tree::GameTree;
use encoding_rs::Encoding;
use std::borrow::Cow;

mod build;
mod parse;
mod values;
mod write;
use parse::{Scan, scan_game};
use values::{canonical_result, escape};
pub use values::{is_sgf_tag, parse_sgf_result};
pub use write::{write_sgf, write_trees};

/// The value of the first `CA[...]` property of the file, read from the bytes (property ids
/// and brackets are ASCII in every encoding SGF files use).
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let head = &bytes[..bytes.len().min(1 << 16)];
    let mut i = 0;
    while i + 3 < head.len() {
        if head[i] == b'C'
            && head[i + 1] == b'A'
            && head[i + 2] == b'['
            && (i == 0 || !head[i - 1].is_ascii_uppercase())
        {
            let rest = &head[i + 3..];
            let end = rest.iter().position(|&b| b == b']')?;
            return Some(String::from_utf8_lossy(&rest[..end]).trim().to_string());
        }
        i += 1;
    }
    None
}

/// An iterator over the game trees of an SGF file.
///
/// ```
/// use renju_notation::{Orientation, sgf::read_trees};
/// let bytes = b"(;GM[1]SZ[15]LB[hh:A][ii:B](;B[hh])(;B[ii]LB[ij:c]LB[jj:d]))\n(;GM[4];B[hh])";
/// let trees: Vec<_> = read_trees(bytes, "a.sgf", Orientation::RowOneAtTop, None)
///     .collect::<Result<_, _>>().unwrap();
/// assert_eq!(trees.len(), 2);
/// assert_eq!(trees[0].leaves().len(), 2);
/// assert_eq!(trees[0].nodes[0].labels.len(), 2);
/// let second_branch = trees[0].nodes[0].children[1];
/// assert_eq!(trees[0].nodes[second_branch].labels.len(), 2);
/// ```
#[derive(Debug)]
pub struct SgfTrees<'a> {
    text: Cow<'a, str>,
    encoding: TextEncoding,
    at: usize,
    record: usize,
    file: String,
    orientation: Orientation,
    /// The error of a broken game tree whose complete lines were just yielded.
    pending: Option<RecordError>,
}

/// Reads the game trees of SGF `bytes`, decoded with `forced` when given, else with the
/// declared `CA` encoding checked against the bytes, else with the detected one.
#[must_use]
pub fn read_trees<'a>(
    bytes: &'a [u8],
    file: &str,
    orientation: Orientation,
    forced: Option<&'static Encoding>,
) -> SgfTrees<'a> {
    let declared = declared_charset(bytes);
    let used = crate::encoding::choose(bytes, declared.as_deref(), forced);
    let (text, encoding) = match std::str::from_utf8(bytes) {
        // UTF-8 chosen for valid UTF-8: read in place
        Ok(s) if used.name == "UTF-8" => (Cow::Borrowed(s.trim_start_matches('\u{feff}')), used),
        Err(_) if forced.is_none() => {
            // not all UTF-8: a UTF-8 file with some texts in a legacy code page, or one
            // encoding for the whole file
            match crate::encoding::decode_mixed(crate::encoding::strip_utf8_bom(bytes)) {
                Some((t, other)) => (
                    Cow::Owned(t),
                    TextEncoding {
                        name: "UTF-8",
                        // the declaration fits the texts in UTF-8
                        source: match declared.as_deref() {
                            Some(d)
                                if crate::encoding::encoding_for(d).ok()
                                    == Some(encoding_rs::UTF_8) =>
                            {
                                crate::encoding::EncodingSource::Declared(d.trim().to_string())
                            }
                            _ => used.source.clone(),
                        },
                        lossy: false,
                        others: vec![other.name()],
                    },
                ),
                None => {
                    let (t, used) = decode(bytes, declared.as_deref(), forced);
                    (Cow::Owned(t), used)
                }
            }
        }
        _ => {
            let (t, used) = decode(bytes, declared.as_deref(), forced);
            (Cow::Owned(t), used)
        }
    };
    SgfTrees {
        text,
        encoding,
        at: 0,
        record: 0,
        file: file.to_string(),
        orientation,
        pending: None,
    }
}

impl SgfTrees<'_> {
    /// The encoding the text was decoded with.
    #[must_use]
    pub fn encoding(&self) -> &TextEncoding {
        &self.encoding
    }

    /// The next `(` that opens a game tree (followed by optional space and `;`).
    fn next_game_start(&self) -> Option<usize> {
        let b = self.text.as_bytes();
        let mut i = self.at;
        while i < b.len() {
            if b[i] == b'(' {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j < b.len() && b[j] == b';' {
                    return Some(i);
                }
            }
            i += 1;
        }
        None
    }
}

impl Iterator for SgfTrees<'_> {
    type Item = Result<GameTree, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(e) = self.pending.take() {
            return Some(Err(e));
        }
        let Some(start) = self.next_game_start() else {
            if self.record == 0 && self.at < usize::MAX && !self.text.trim().is_empty() {
                // text, but not one game tree in it: say so rather than give no record
                self.at = usize::MAX;
                self.record = 1;
                return Some(Err(RecordError::new(
                    &self.file,
                    1,
                    crate::Position::Byte(0),
                    ErrorKind::WrongFormat("no SGF game tree '(;' in the file"),
                )));
            }
            return None;
        };
        self.record += 1;
        let mut scan = Scan::default();
        match scan_game(&self.text, start, &mut scan) {
            Ok(end) => {
                self.at = end;
                Some(
                    self.build(scan.nodes)
                        .map_err(|(at, kind)| self.error(start, at, kind)),
                )
            }
            Err((at, kind)) => {
                let mut err = self.error(start, at, kind);
                // the lines of the tree that were complete (closed by their ')') before the
                // place of the error are read; the error follows them
                let part = scan.complete_part();
                if !part.is_empty()
                    && let Ok(tree) = self.build(part)
                {
                    self.record += 1;
                    err.record = self.record;
                    self.pending = Some(err);
                    return Some(Ok(tree));
                }
                Some(Err(err))
            }
        }
    }
}

impl SgfTrees<'_> {
    /// The error of the game tree that starts at `start`, at `at`; moves on to where reading
    /// can resume.
    fn error(&mut self, start: usize, at: usize, kind: ErrorKind) -> RecordError {
        if matches!(kind, ErrorKind::Truncated { .. }) {
            // Unclosed to the end (a game or a value): every later '(' lies inside this
            // game, so there is nothing more to read. Resuming at the next
            // line instead would rescan the rest of the file once per line.
            self.at = self.text.len();
        } else if self.at <= start {
            // skip this game: resume after the place of the error (everything before it
            // was read as part of this game; resuming earlier would rescan it)
            self.at = (start + 1).max(at.min(self.text.len()));
            while !self.text.is_char_boundary(self.at) {
                self.at += 1;
            }
            // and past the rest of a broken game, to the next game start
            if let Some(next) = self.text[self.at..].find("\n(") {
                self.at += next + 1;
            } else {
                self.at = self.text.len();
            }
        }
        RecordError::new(&self.file, self.record, line_col(&self.text, at), kind)
    }
}

/// An iterator over the records of an SGF text: one per root-to-leaf line of each game tree
/// (a game without variations is one record). Errors are numbered by game tree.
///
/// ```
/// use renju_notation::{DeclaredResult, Orientation, sgf::SgfReader};
/// let text = "(;GM[4]SZ[15]PB[Ann]RE[W+Resign]5A[gg][hh];B[hh];W[hg](;B[jf])(;B[if]))";
/// let games: Vec<_> = SgfReader::new(text, "a.sgf", Orientation::RowOneAtTop).collect();
/// assert_eq!(games.len(), 2);
/// let g = games[0].as_ref().unwrap();
/// assert_eq!(g.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["h8", "h9", "j10"]);
/// assert_eq!((g.black.as_deref(), g.result), (Some("Ann"), DeclaredResult::White));
/// assert_eq!(g.fifth_offers.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().moves[2].to_string(), "i10");
/// ```
#[derive(Debug)]
pub struct SgfReader<'a> {
    trees: SgfTrees<'a>,
    lines: Option<crate::tree::TreeLines>,
    /// Lines of the trees before the current one (records are numbered across the file).
    done: usize,
}

impl<'a> SgfReader<'a> {
    /// A reader over `text`, naming `file` in its errors.
    #[must_use]
    pub fn new(text: &'a str, file: &str, orientation: Orientation) -> SgfReader<'a> {
        SgfReader::from_trees(read_trees(text.as_bytes(), file, orientation, None))
    }

    /// A reader over the lines of `trees`.
    #[must_use]
    pub fn from_trees(trees: SgfTrees<'a>) -> SgfReader<'a> {
        SgfReader {
            trees,
            lines: None,
            done: 0,
        }
    }
}

impl Iterator for SgfReader<'_> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(lines) = self.lines.as_mut() {
                match lines.next() {
                    Some(Ok(g)) => return Some(Ok(g)),
                    Some(Err((line, kind))) => {
                        return Some(Err(RecordError::new(
                            &self.trees.file,
                            self.done + line,
                            crate::Position::Byte(0),
                            kind,
                        )));
                    }
                    None => {
                        self.done += lines.line_count();
                        self.lines = None;
                    }
                }
            }
            match self.trees.next()? {
                Ok(t) => self.lines = Some(crate::tree::TreeLines::new(t, self.trees.orientation)),
                Err(mut e) => {
                    self.done += 1;
                    e.record = self.done;
                    return Some(Err(e));
                }
            }
        }
    }
}
