//! Reading any format: [`read_all`], [`read_all_with`] (an encoding forced) and
//! [`read_trees`] (SGF and `.lib` trees whole).

use crate::encoding::TextEncoding;
use crate::error::RecordError;
use crate::format::Format;
use crate::record::{GameRecord, Orientation};
use crate::renju_line::{ENCODING_TAG, RenjuBufReader, RenjuReader};
use crate::tree::{GameTree, TreeLines};
use crate::{pos, psq, renlib, rif, sgf};
use encoding_rs::Encoding;

/// Decodes text lossily; the second value is the 0-based byte offset of the first invalid
/// byte, if any.
fn text_of(bytes: &[u8]) -> (std::borrow::Cow<'_, str>, Option<usize>) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (std::borrow::Cow::Borrowed(s), None),
        Err(e) => (String::from_utf8_lossy(bytes), Some(e.valid_up_to())),
    }
}

fn mark_lossy(
    r: Result<GameRecord, RecordError>,
    bad: Option<usize>,
) -> Result<GameRecord, RecordError> {
    r.map(|mut g| {
        if let Some(at) = bad {
            g.tags.insert(
                ENCODING_TAG.into(),
                format!("invalid UTF-8 at byte {at}; read lossily"),
            );
        }
        g
    })
}

/// Reads every record of a file held in memory. Never panics; each broken record is one
/// `Err` and reading goes on with the next (formats with one game per file, and XML after a
/// syntax error, give at most one error). Trees (SGF, `.lib`) give one record per
/// root-to-leaf line. Texts are decoded as the file declares or as detected; see
/// [`read_all_with`] to force an encoding.
///
/// ```
/// use renju_notation::{Format, Orientation, read_all};
/// let out: Vec<_> = read_all(Format::Renju, b"black h8 h9\nwhite h8 q3\n", "a.renju", Orientation::RowOneAtBottom).collect();
/// assert!(out[0].is_ok());
/// assert_eq!(out[1].as_ref().unwrap_err().to_string(),
///     "a.renju: record 2, line 2, column 10: 'q3' is off the board: column 'q' is off the 15x15 board (columns a..o)");
/// ```
pub fn read_all<'a>(
    format: Format,
    bytes: &'a [u8],
    file_name: &str,
    orientation: Orientation,
) -> Box<dyn Iterator<Item = Result<GameRecord, RecordError>> + 'a> {
    read_all_with(format, bytes, file_name, orientation, None)
}

/// [`read_all`] with the texts of SGF, `.lib`, `.rif` and `.psq` files decoded in `encoding`
/// when given (`--encoding NAME`; see [`crate::encoding::encoding_for`]).
///
/// A text file in UTF-16 (a byte order mark, `encoding` UTF-16LE or UTF-16BE, or plain ASCII
/// text with NUL bytes between its characters: [`crate::encoding::utf16_of`]) is decoded
/// whole before it is read; one that only looks like UTF-16 is one error saying so
/// ([`ErrorKind::Io`](crate::ErrorKind::Io)), not a garbled record a line.
///
/// ```
/// use renju_notation::{Format, Orientation, read_all_with};
/// let utf16: Vec<u8> = "\u{feff}white h8 h9 i10\nblack h8 i9\n"
///     .encode_utf16().flat_map(u16::to_le_bytes).collect();
/// let games: Vec<_> = read_all_with(Format::Renju, &utf16, "w.renju", Orientation::RowOneAtBottom, None)
///     .collect::<Result<_, _>>().unwrap();
/// assert_eq!((games.len(), games[0].moves.len()), (2, 3));
/// ```
pub fn read_all_with<'a>(
    format: Format,
    bytes: &'a [u8],
    file_name: &str,
    orientation: Orientation,
    encoding: Option<&'static Encoding>,
) -> Box<dyn Iterator<Item = Result<GameRecord, RecordError>> + 'a> {
    match utf16_text(format, bytes, encoding) {
        Ok(None) => {}
        Ok(Some((text, lossy))) => {
            let records: Vec<_> = read_all_with(format, &text, file_name, orientation, None)
                .map(|r| r.map(mark_utf16(encoding, bytes, lossy)))
                .collect();
            return Box::new(records.into_iter());
        }
        Err(e) => return Box::new(std::iter::once(Err(looks_utf16(file_name, e)))),
    }
    // an encoding forced that is UTF-16's applies to UTF-16 files only (a UTF-8 byte order
    // mark wins over it)
    let encoding = encoding.filter(|e| !crate::encoding::is_utf16(e));
    // An error about the file as a whole (record 0) is numbered as the item it is, so that a
    // caller printing "FILE record N: ..." can drop the error's own "FILE: record N, " prefix
    // instead of repeating the file name.
    Box::new(
        records_of(format, bytes, file_name, orientation, encoding)
            .enumerate()
            .map(|(i, r)| {
                r.map_err(|mut e| {
                    if e.record == 0 {
                        e.record = i + 1;
                    }
                    e
                })
            }),
    )
}

fn records_of<'a>(
    format: Format,
    bytes: &'a [u8],
    file_name: &str,
    orientation: Orientation,
    encoding: Option<&'static Encoding>,
) -> Box<dyn Iterator<Item = Result<GameRecord, RecordError>> + 'a> {
    match format {
        Format::Renju => Box::new(RenjuReader::new(bytes, file_name, orientation)),
        Format::Rif => {
            let reader = rif::RifReader::new(bytes, file_name, orientation);
            match rif::text_encoding(bytes, encoding) {
                Some(used) => Box::new(reader.with_encoding(used)),
                None => Box::new(reader),
            }
        }
        Format::Moves => Box::new(RenjuBufReader::moves(bytes, file_name, orientation)),
        Format::Psq => {
            let (text, bad) = match encoding {
                Some(e) => (
                    std::borrow::Cow::Owned(crate::encoding::decode_with(bytes, e).0),
                    None,
                ),
                None => text_of(bytes),
            };
            Box::new(std::iter::once(mark_lossy(
                psq::read_psq(&text, file_name, orientation),
                bad,
            )))
        }
        Format::Sgf => Box::new(sgf::SgfReader::from_trees(sgf::read_trees(
            bytes,
            file_name,
            orientation,
            encoding,
        ))),
        Format::Pos => Box::new(std::iter::once(pos::read_pos(
            bytes,
            file_name,
            orientation,
        ))),
        Format::Lib => match renlib::read_tree_salvaging(bytes, file_name, orientation, encoding) {
            (Some(tree), failure) => {
                let file = file_name.to_string();
                // a broken library: its complete lines, then the error numbered after them
                let lines = tree.leaves().len();
                let failure = failure.map(move |mut e| {
                    e.record = lines + 1;
                    Err(e)
                });
                Box::new(
                    TreeLines::new(tree, orientation)
                        .map(move |r| {
                            r.map(|mut g| {
                                if let Some(crate::record::ReadRemark::TreeLine { line, .. }) =
                                    g.remarks.last()
                                {
                                    g.tags.insert("lib:line".into(), line.to_string());
                                } else {
                                    g.tags.insert("lib:line".into(), "1".into());
                                }
                                g
                            })
                            .map_err(|(line, kind)| {
                                RecordError::new(&file, line, crate::Position::Byte(0), kind)
                            })
                        })
                        .chain(failure),
                )
            }
            (None, e) => Box::new(e.map(Err).into_iter()),
        },
    }
}

/// The text of a text file in UTF-16, as UTF-8 ([`crate::encoding::utf16_of`]), and whether
/// code units that are no character were replaced by U+FFFD; `None` for a file that is not
/// UTF-16 and for the binary formats (`.lib`, `.pos`).
fn utf16_text(
    format: Format,
    bytes: &[u8],
    encoding: Option<&'static Encoding>,
) -> Result<Option<(Vec<u8>, bool)>, crate::encoding::LooksUtf16> {
    if matches!(format, Format::Lib | Format::Pos) {
        return Ok(None);
    }
    Ok(
        crate::encoding::utf16_of(bytes, encoding)?
            .map(|e| crate::encoding::decode_utf16(bytes, e)),
    )
}

/// The one error of a file that looks like UTF-16 and is not read.
fn looks_utf16(file_name: &str, e: crate::encoding::LooksUtf16) -> RecordError {
    RecordError::new(
        file_name,
        1,
        crate::Position::Byte(0),
        crate::ErrorKind::Io(e.to_string()),
    )
}

/// A record read from a UTF-16 file: its encoding says so (the records of SGF, `.rif` and
/// `.psq` files name the encoding their texts were read in), and says that the file's code
/// units that are no character (a lone surrogate, an odd last byte) were replaced by U+FFFD
/// when `lossy`.
fn mark_utf16(
    forced: Option<&'static Encoding>,
    bytes: &[u8],
    lossy: bool,
) -> impl Fn(GameRecord) -> GameRecord {
    let used = TextEncoding {
        lossy,
        ..utf16_encoding(forced, bytes)
    };
    move |mut g| {
        if g.encoding.is_some() {
            g.encoding = Some(used.clone());
        }
        g
    }
}

/// How a UTF-16 file's text was decoded: by its byte order mark, forced, or
/// detected from its NUL bytes.
fn utf16_encoding(forced: Option<&'static Encoding>, bytes: &[u8]) -> TextEncoding {
    use crate::encoding::EncodingSource;
    let (e, source) = match Encoding::for_bom(bytes) {
        Some((e, _)) => (e, EncodingSource::ByteOrderMark),
        None => match forced {
            Some(f) => (f, EncodingSource::Forced),
            None => (
                crate::encoding::utf16_of(bytes, None)
                    .ok()
                    .flatten()
                    .unwrap_or(encoding_rs::UTF_16LE),
                EncodingSource::Detected { declared: None },
            ),
        },
    };
    TextEncoding {
        name: e.name(),
        source,
        lossy: false,
        others: Vec::new(),
    }
}

/// Reads the game trees of a tree format (SGF, `.lib`) whole; `None` for the other formats.
/// Texts are decoded in `encoding` when given, else as declared or detected.
#[must_use]
pub fn read_trees(
    format: Format,
    bytes: &[u8],
    file_name: &str,
    orientation: Orientation,
    encoding: Option<&'static Encoding>,
) -> Option<Vec<Result<GameTree, RecordError>>> {
    match utf16_text(format, bytes, encoding) {
        Ok(None) => {}
        Ok(Some((text, lossy))) => {
            let used = TextEncoding {
                lossy,
                ..utf16_encoding(encoding, bytes)
            };
            return read_trees(format, &text, file_name, orientation, None).map(|trees| {
                trees
                    .into_iter()
                    .map(|t| {
                        t.map(|mut t| {
                            t.encoding = Some(used.clone());
                            t
                        })
                    })
                    .collect()
            });
        }
        Err(e) => {
            return matches!(format, Format::Sgf).then(|| vec![Err(looks_utf16(file_name, e))]);
        }
    }
    let encoding = encoding.filter(|e| !crate::encoding::is_utf16(e));
    match format {
        Format::Sgf => Some(sgf::read_trees(bytes, file_name, orientation, encoding).collect()),
        Format::Lib => {
            // a broken library: the tree of its complete lines, then the error
            let (tree, failure) =
                renlib::read_tree_salvaging(bytes, file_name, orientation, encoding);
            Some(tree.map(Ok).into_iter().chain(failure.map(Err)).collect())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::EncodingSource;

    fn le(s: &str) -> Vec<u8> {
        s.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    #[test]
    fn utf16_text_files_are_decoded_whole_and_say_so() {
        let o = Orientation::RowOneAtBottom;
        let games: Vec<_> = read_all(Format::Moves, &le("h8 h9\ni8\n"), "m.txt", o)
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(games.len(), 2);
        let sgf = le("\u{feff}(;GM[4]FF[4]CA[UTF-16]SZ[15];B[hh]C[天元];W[hg])");
        let g = read_all(Format::Sgf, &sgf, "a.sgf", Orientation::RowOneAtTop)
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(g.notes[0].comment.as_deref(), Some("天元"));
        let used = g.encoding.unwrap();
        assert_eq!(
            (used.name, used.source),
            ("UTF-16LE", EncodingSource::ByteOrderMark)
        );
        let trees = read_trees(Format::Sgf, &sgf, "a.sgf", Orientation::RowOneAtTop, None).unwrap();
        assert_eq!(
            trees[0].as_ref().unwrap().encoding.as_ref().unwrap().name,
            "UTF-16LE"
        );
        assert!(!used.lossy);
        // a lone surrogate in a comment: replaced, and said
        let mut lone = le("\u{feff}(;GM[4]FF[4]SZ[15];B[hh]C[a X b];W[hg])");
        let x = lone.len() - le("X b];W[hg])").len();
        lone[x..x + 2].copy_from_slice(&0xd800u16.to_le_bytes());
        let g = read_all(Format::Sgf, &lone, "l.sgf", Orientation::RowOneAtTop)
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(g.notes[0].comment.as_deref(), Some("a \u{fffd} b"));
        let used = g.encoding.unwrap();
        assert!(used.lossy, "{used}");
        assert!(used.to_string().contains("not decodable"), "{used}");
        let trees = read_trees(Format::Sgf, &lone, "l.sgf", Orientation::RowOneAtTop, None);
        assert!(
            trees.unwrap()[0]
                .as_ref()
                .unwrap()
                .encoding
                .as_ref()
                .unwrap()
                .lossy
        );
        // forced, without a byte order mark
        let forced = le("(;GM[4]SZ[15];B[hh]C[天元])");
        let g = read_all_with(
            Format::Sgf,
            &forced,
            "b.sgf",
            o,
            Some(encoding_rs::UTF_16LE),
        )
        .next()
        .unwrap()
        .unwrap();
        assert_eq!(g.notes[0].comment.as_deref(), Some("天元"));
        assert_eq!(g.encoding.unwrap().source, EncodingSource::Forced);
        // only likely: one error naming the file, not a garbled record a line
        let out: Vec<_> = read_all(Format::Renju, &le("black h8\n黑 h8\n"), "c.renju", o).collect();
        assert_eq!(out.len(), 1);
        let e = out[0].as_ref().unwrap_err().to_string();
        assert!(
            e.starts_with("c.renju: record 1, byte 0: cannot read: the file looks like UTF-16LE"),
            "{e}"
        );
        // binary formats are never decoded
        let pos = [2u8, 0x70, 0x00];
        assert!(read_all(Format::Pos, &pos, "p.pos", Orientation::RowOneAtTop).count() <= 1);
    }
}
