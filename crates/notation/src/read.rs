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
pub fn read_all_with<'a>(
    format: Format,
    bytes: &'a [u8],
    file_name: &str,
    orientation: Orientation,
    encoding: Option<&'static Encoding>,
) -> Box<dyn Iterator<Item = Result<GameRecord, RecordError>> + 'a> {
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
            match rif_encoding(bytes, encoding) {
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

/// The encoding of a `.rif` file's texts when it is not plain UTF-8: forced, or declared in
/// the XML declaration (when the bytes fit it), or detected when the bytes are not UTF-8.
/// `None`: UTF-8 (a game with bytes that are not is read lossily and marked).
fn rif_encoding(bytes: &[u8], forced: Option<&'static Encoding>) -> Option<TextEncoding> {
    let head = &bytes[..bytes.len().min(200)];
    let declared = head
        .windows(9)
        .position(|w| w == b"encoding=")
        .and_then(|i| {
            let rest = &head[i + 9..];
            let q = *rest.first()?;
            let end = rest[1..].iter().position(|&b| b == q)?;
            Some(String::from_utf8_lossy(&rest[1..=end]).into_owned())
        });
    if forced.is_none() && std::str::from_utf8(bytes).is_ok() {
        return None;
    }
    let used = crate::encoding::choose(bytes, declared.as_deref(), forced);
    (used.name != "UTF-8").then_some(used)
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
