//! RenLib's `.lib`: a binary move tree with comments and board texts.
//!
//! Layout (see the research notes): an optional 20-byte header `FF "RenLib" FF major minor
//! FF×10`, then one record per node in pre-order: `pos flags [ext2 ext1] [comment]
//! [board text]`. `pos` is `row_from_top * 16 + column` (column 1..15), `0` for the root or a
//! pass; flag `0x80` says a later sibling follows the node's subtree, `0x40` that the node
//! has no child. Version 3.0 files start at the first move; version 3.4 files start with a
//! root record `00 flags`.
//!
//! [`read_tree`] reads the whole tree into a [`GameTree`] without recursion and with every
//! loop bounded by the input length; [`write_tree`] writes it back byte-identical when
//! unchanged. The board is always 15x15.
//!
//! Texts (comments, board texts) are in the writer's ANSI code page, which the file does not
//! record: the encoding is weighed once for the whole library from all its texts (or forced
//! by the caller), and a text is read in another code page only when the library's cannot
//! decode it or the evidence for the other is strong ([`decode_texts`]); the encodings used
//! are named in [`GameTree::encoding`]. Every text keeps its stored bytes, so
//! an unchanged library is written back byte-identical; a new or changed text is written in
//! the library's encoding. In the decoded text the one-line / multi-line separator `0x08`
//! becomes a line break `\n`; other line breaks stay as stored (`\r\n` or `\n`). Writing a new
//! comment turns its first bare `\n` back into `0x08` and keeps the others.

use crate::encoding::{EncodingSource, TextEncoding, decode_texts, decode_with, encode_with};
use crate::error::{ErrorKind, Position, RecordError};
use crate::moves::{point_from, point_to};
use crate::record::Orientation;
use crate::tree::{GameTree, LibBits, LibLayout, Text};
use encoding_rs::Encoding;
use renju_core::{Move, Point, RENJU_SIZE};

/// Flag: a later sibling follows this node's subtree.
pub const FLAG_SIBLING: u8 = 0x80;
/// Flag: the node has no child.
pub const FLAG_LEAF: u8 = 0x40;
/// Flag: an old-style comment (7-bit text ending at a byte with its high bit set) follows.
pub const FLAG_OLD_COMMENT: u8 = 0x20;
/// Flag: a user mark.
pub const FLAG_MARK: u8 = 0x10;
/// Flag: a new-style comment follows.
pub const FLAG_COMMENT: u8 = 0x08;
/// Flag: start-position marker.
pub const FLAG_START: u8 = 0x04;
/// Flag: the node is "not a move".
pub const FLAG_NO_MOVE: u8 = 0x02;
/// Flag: two extension bytes follow.
pub const FLAG_EXTENSION: u8 = 0x01;

/// The header of a current RenLib file (version 3.4).
pub const HEADER_V34: [u8; 20] = [
    0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 4, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF,
];

/// Reads a `.lib` file into a tree (points in `orientation`; RenLib's stored bytes count rows
/// from the top, [`Orientation::RowOneAtTop`]). `forced` decodes every text in that encoding
/// instead of the detected one.
///
/// # Errors
/// A [`RecordError`] with the byte offset of the first bad record, of a text that never
/// ends, or of the end of a file whose sibling flags announced more nodes. The message names
/// the file once (the file name is the error's `file`).
///
/// ```
/// use renju_notation::Orientation;
/// use renju_notation::renlib::{read_tree, write_tree};
/// // h8, h9, then i8 or j10 (version 3.0 layout).
/// let mut bytes = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 0];
/// bytes.extend([0xFF; 10]);
/// bytes.extend([0x78, 0x00, 0x68, 0x00, 0x79, 0xC0, 0x5A, 0x40]);
/// let lib = read_tree(&bytes, "t.lib", Orientation::RowOneAtTop, None).unwrap();
/// let lines: Vec<String> = lib.lines(Orientation::RowOneAtTop).iter()
///     .map(|g| g.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")).collect();
/// assert_eq!(lines, ["h8 h9 i8", "h8 h9 j10"]);
/// assert_eq!(write_tree(&lib, Orientation::RowOneAtTop).0, bytes);
/// ```
pub fn read_tree(
    bytes: &[u8],
    file: &str,
    orientation: Orientation,
    forced: Option<&'static Encoding>,
) -> Result<GameTree, RecordError> {
    match read_tree_salvaging(bytes, file, orientation, forced) {
        (Some(tree), None) => Ok(tree),
        (_, Some(e)) => Err(e),
        (None, None) => unreachable!("a read gives a tree or an error"),
    }
}

/// [`read_tree`] that keeps what can be kept of a broken or truncated library: the tree of
/// the complete lines before the place of the error (each line up to a leaf record read;
/// `None` when there is none, e.g. a bad header) together with the error.
///
/// ```
/// use renju_notation::Orientation;
/// use renju_notation::renlib::read_tree_salvaging;
/// // h8, h9 then i8 (leaf, a sibling follows), then j10 whose comment never ends
/// let bytes = [0x78, 0x00, 0x68, 0x00, 0x79, 0xC0, 0x5A, 0x48, b'c', b'u'];
/// let (tree, err) = read_tree_salvaging(&bytes, "t.lib", Orientation::RowOneAtTop, None);
/// assert_eq!(tree.unwrap().leaves().len(), 1);
/// assert!(err.unwrap().to_string().contains("byte 8"));
/// ```
#[must_use]
pub fn read_tree_salvaging(
    bytes: &[u8],
    file: &str,
    orientation: Orientation,
    forced: Option<&'static Encoding>,
) -> (Option<GameTree>, Option<RecordError>) {
    match read_inner(bytes, file, orientation, forced) {
        Ok((tree, e)) => {
            let any_line = tree.nodes.len() > 1;
            ((e.is_none() || any_line).then_some(tree), e)
        }
        Err(e) => (None, Some(e)),
    }
}

/// A problem found while reading: the byte offset and what is wrong there.
type Bad = (usize, ErrorKind);

/// Reads the header (an error there is `Err`) and the nodes (an error there comes with the
/// tree of the complete lines before it), then decodes the texts.
fn read_inner(
    bytes: &[u8],
    file: &str,
    orientation: Orientation,
    forced: Option<&'static Encoding>,
) -> Result<(GameTree, Option<RecordError>), RecordError> {
    let err = |(at, kind): Bad| RecordError::new(file, 0, Position::Byte(at as u64), kind);
    let header = read_header(bytes).map_err(err)?;
    let mut scan = Scan::new(bytes, if header.is_some() { 20 } else { 0 }, orientation);
    let failure = scan.run().err().map(err);
    if failure.is_some() {
        scan.keep_complete_lines();
    }
    let Scan {
        mut tree,
        texts,
        root_in_file,
        ..
    } = scan;
    set_texts(&mut tree, texts, forced);
    tree.lib = Some(LibLayout {
        header,
        root_in_file,
    });
    Ok((tree, failure))
}

/// The 20-byte header, `None` for a header-less file (which starts at h8, `0x78`).
fn read_header(bytes: &[u8]) -> Result<Option<[u8; 20]>, Bad> {
    if !(bytes.len() >= 8 && bytes[0] == 0xFF && &bytes[1..7] == b"RenLib" && bytes[7] == 0xFF) {
        if bytes.first() == Some(&0x78) {
            return Ok(None);
        }
        return Err((
            0,
            ErrorKind::WrongFormat(
                "not a RenLib library: no RenLib header and the first move is not h8",
            ),
        ));
    }
    if bytes.len() < 20 {
        return Err((
            bytes.len(),
            ErrorKind::Truncated {
                expected: "the 20-byte RenLib header",
            },
        ));
    }
    let (major, minor) = (bytes[8], bytes[9]);
    if major > 3 || (major == 3 && minor > 4) {
        return Err((
            8,
            ErrorKind::Unexpected {
                found: format!("version {major}.{minor}"),
                expected: "a RenLib library version up to 3.4",
            },
        ));
    }
    let mut h = [0u8; 20];
    h.copy_from_slice(&bytes[..20]);
    Ok(Some(h))
}

/// A text as stored, decoded once the library's encoding is known ([`set_texts`]).
struct RawText {
    /// The node.
    node: usize,
    /// A board text (else a comment).
    board: bool,
    /// The stored bytes (without the NUL).
    bytes: Vec<u8>,
}

/// The node records, read in pre-order into a tree: every loop bounded by the input length.
struct Scan<'a> {
    bytes: &'a [u8],
    /// The offset of the next record.
    i: usize,
    orientation: Orientation,
    tree: GameTree,
    texts: Vec<RawText>,
    /// The node the next record is a child of.
    parent: usize,
    /// Nodes whose `0x80` flag announced a later sibling not read yet.
    open_siblings: Vec<usize>,
    /// No record read yet (a first record at position 0 is the root).
    first: bool,
    /// The tree is complete: nothing may follow.
    done: bool,
    /// A leaf closed a branch whose 0x80 flag announced a later sibling: one more node
    /// must follow.
    sibling_due: bool,
    /// Nodes read up to the last leaf record: every line among them is complete.
    complete: usize,
    /// The root is stored as a record.
    root_in_file: bool,
}

impl<'a> Scan<'a> {
    fn new(bytes: &'a [u8], start: usize, orientation: Orientation) -> Scan<'a> {
        Scan {
            bytes,
            i: start,
            orientation,
            tree: GameTree::new(RENJU_SIZE),
            texts: Vec::new(),
            parent: 0,
            open_siblings: Vec::new(),
            first: true,
            done: false,
            sibling_due: false,
            complete: 1,
            root_in_file: false,
        }
    }

    /// Reads every record; an error names the offset of the record (or text) that is wrong.
    fn run(&mut self) -> Result<(), Bad> {
        while self.i < self.bytes.len() {
            self.record()?;
        }
        if self.sibling_due || !self.open_siblings.is_empty() {
            return Err((
                self.bytes.len(),
                ErrorKind::Truncated {
                    expected: "the later sibling announced by a 0x80 flag",
                },
            ));
        }
        Ok(())
    }

    /// Reads one record: `pos flags [ext2 ext1] [comment] [board text]`.
    fn record(&mut self) -> Result<(), Bad> {
        let (bytes, at) = (self.bytes, self.i);
        if self.done {
            return Err((
                at,
                ErrorKind::Unexpected {
                    found: format!("byte {:#04x}", bytes[at]),
                    expected: "the end of the file (the tree is complete)",
                },
            ));
        }
        let Some(&[pos, flags]) = bytes.get(at..at + 2) else {
            return Err((
                at,
                ErrorKind::Truncated {
                    expected: "a node's position and flag bytes",
                },
            ));
        };
        self.i += 2;
        self.sibling_due = false;
        let is_root = self.first && pos == 0;
        self.first = false;
        let idx = self.add_node(at, pos, flags, is_root)?;
        let mut bits = LibBits {
            pos,
            flags: flags & !(FLAG_SIBLING | FLAG_LEAF),
            ext: None,
            old_comment: false,
        };
        if flags & FLAG_EXTENSION != 0 {
            let Some(&[a, b]) = bytes.get(self.i..self.i + 2) else {
                return Err((
                    self.i,
                    ErrorKind::Truncated {
                        expected: "two extension bytes",
                    },
                ));
            };
            bits.ext = Some([a, b]);
            self.i += 2;
        }
        let has_comment = self.comment(idx, flags, &mut bits)?;
        if bits.ext.is_some_and(|e| e[1] & 0x01 != 0) {
            let t = self.text("a NUL ending the board text")?;
            self.texts.push(RawText {
                node: idx,
                board: true,
                bytes: t,
            });
        }
        if !has_comment {
            bits.flags &= !(FLAG_COMMENT | FLAG_OLD_COMMENT);
        }
        self.tree.nodes[idx].lib = bits;
        self.link(at, idx, flags, is_root)
    }

    /// Adds the node of a record (the root: no node) and returns its index.
    fn add_node(&mut self, at: usize, pos: u8, flags: u8, is_root: bool) -> Result<usize, Bad> {
        if pos != 0 && ((pos & 0x0F) == 0 || (pos >> 4) > 14) {
            return Err((
                at,
                ErrorKind::Unexpected {
                    found: format!("position byte {pos:#04x}"),
                    expected: "a point (column 1..15, row 0..14) or 0",
                },
            ));
        }
        if is_root {
            self.root_in_file = true;
            return Ok(0);
        }
        let nodes = self.tree.nodes.len();
        if nodes >= crate::limits::MAX_LIB_NODES {
            return Err((
                at,
                ErrorKind::TooLarge {
                    what: "library too large".into(),
                    found: nodes as u64 + 1,
                    unit: "nodes",
                    limit: crate::limits::MAX_LIB_NODES as u64,
                },
            ));
        }
        let mv = if flags & FLAG_NO_MOVE != 0 {
            None
        } else {
            Some(decode_pos(pos, self.orientation).map_or(Move::Pass, Move::Stone))
        };
        Ok(self.tree.add_child(self.parent, mv))
    }

    /// Reads the comment the flags announce (new style, or old style: 7-bit text ending at a
    /// byte with its high bit set); whether there is one.
    fn comment(&mut self, idx: usize, flags: u8, bits: &mut LibBits) -> Result<bool, Bad> {
        if flags & FLAG_COMMENT != 0 {
            let t = self.text("a NUL ending the comment")?;
            self.texts.push(RawText {
                node: idx,
                board: false,
                bytes: t,
            });
            return Ok(true);
        }
        if flags & FLAG_OLD_COMMENT == 0 {
            return Ok(false);
        }
        let start = self.i;
        let end = self.bytes[start..]
            .iter()
            .position(|&b| b & 0x80 != 0)
            .ok_or((
                start,
                ErrorKind::Truncated {
                    expected: "a byte with the high bit set ending the old comment",
                },
            ))?;
        let raw = self.bytes[start..=start + end].to_vec();
        let text = raw.iter().map(|&c| char::from(c & 0x7F)).collect();
        self.tree.nodes[idx].comment = Some(Text::read(raw, text));
        bits.old_comment = true;
        self.i = start + end + 1;
        Ok(true)
    }

    /// Reads a text at the current offset ([`read_text`]).
    fn text(&mut self, expected: &'static str) -> Result<Vec<u8>, Bad> {
        let (t, n) =
            read_text(self.bytes, self.i).ok_or((self.i, ErrorKind::Truncated { expected }))?;
        self.i = n;
        Ok(t)
    }

    /// Follows the structure flags: a later sibling announced, a leaf closing a branch.
    fn link(&mut self, at: usize, idx: usize, flags: u8, is_root: bool) -> Result<(), Bad> {
        if flags & FLAG_SIBLING != 0 {
            if is_root {
                return Err((
                    at,
                    ErrorKind::Unexpected {
                        found: "a root with a sibling flag".into(),
                        expected: "a root record without flag 0x80",
                    },
                ));
            }
            self.open_siblings.push(idx);
        }
        if flags & FLAG_LEAF == 0 {
            self.parent = idx;
            return Ok(());
        }
        self.complete = self.tree.nodes.len();
        match self.open_siblings.pop() {
            Some(s) => {
                self.parent = self.tree.nodes[s].parent;
                self.sibling_due = true;
            }
            None => self.done = true,
        }
        Ok(())
    }

    /// After an error: keeps the complete lines before its place (pre-order: every node
    /// before the last leaf read is on a line that ends in a leaf read).
    fn keep_complete_lines(&mut self) {
        let complete = self.complete;
        self.tree.nodes.truncate(complete);
        for n in &mut self.tree.nodes {
            n.children.retain(|&c| c < complete);
        }
        self.texts.retain(|t| t.node < complete);
    }
}

/// Decodes the texts with one encoding for the library, weighed from all its texts
/// ([`decode_texts`]), and sets them on their nodes (a comment's `0x08` separator becomes a
/// line break).
fn set_texts(tree: &mut GameTree, texts: Vec<RawText>, forced: Option<&'static Encoding>) {
    let refs: Vec<&[u8]> = texts.iter().map(|t| t.bytes.as_slice()).collect();
    let decoded = decode_texts(&refs, forced);
    for (raw, text) in texts.into_iter().zip(decoded.texts) {
        let node = &mut tree.nodes[raw.node];
        if raw.board {
            node.board_text = Some(Text::read(raw.bytes, text));
        } else {
            node.comment = Some(Text::read(raw.bytes, text.replace('\u{8}', "\n")));
        }
    }
    tree.encoding = Some(decoded.encoding);
}

/// Writes a tree as a `.lib` file: byte-identical to the file read when nothing was changed.
/// A tree not read from a library uses the 3.0 layout when every line starts at h8, has no
/// pass and the root has no comment, the 3.4 layout otherwise. New texts are written in the
/// tree's encoding when it can hold them all, in UTF-8 otherwise; the encoding used for them
/// is returned (`None` when no text had to be encoded). Only 15x15 trees can be written; the
/// caller leaves the others out. Labels, marks and setup stones have no place in a library.
/// [`write_tree_in`] writes every text in a code page of the caller's choice.
#[must_use]
pub fn write_tree(tree: &GameTree, orientation: Orientation) -> (Vec<u8>, Option<TextEncoding>) {
    let target = new_text_encoding(tree);
    let mut texts = TextWriter {
        encoding: target.encoding(),
        forced: false,
        fell_back: false,
    };
    let out = write_nodes(tree, orientation, &mut texts);
    let any_new = tree.nodes.iter().any(|n| {
        n.comment.as_ref().is_some_and(|t| t.raw().is_none())
            || n.board_text.as_ref().is_some_and(|t| t.raw().is_none())
    });
    (out, any_new.then_some(target))
}

/// Writes a tree as a `.lib` file with every text in `encoding` (GBK, Shift_JIS,
/// windows-1252...: the ANSI code page of the RenLib that will read it), as [`write_tree`]
/// does otherwise. A text read from a library is written as stored when its stored bytes are
/// already this text in `encoding` (so a library read in GBK and written in GBK is
/// byte-identical, and so is one converted to SGF and back); any other text is encoded in
/// `encoding`. A text holding a character `encoding` cannot represent is written in UTF-8
/// rather than lost (this crate's reader reads it back; RenLib shows it garbled): the
/// returned encoding then names UTF-8 among its [`others`](TextEncoding::others).
///
/// ```
/// use renju_notation::Orientation;
/// use renju_notation::renlib::{read_tree, write_tree_in};
/// use renju_notation::tree::{GameTree, Text};
/// let mut tree = GameTree::new(15);
/// let h8 = tree.add_child(0, Some("h8".parse().unwrap()));
/// tree.nodes[h8].comment = Some(Text::new("天元"));
/// let (bytes, used) = write_tree_in(&tree, Orientation::RowOneAtTop, encoding_rs::GBK);
/// assert!(bytes.ends_with(&[0xCC, 0xEC, 0xD4, 0xAA, 0, 0]));
/// assert_eq!(used.to_string(), "GBK (forced)");
/// let back = read_tree(&bytes, "t.lib", Orientation::RowOneAtTop, None).unwrap();
/// assert_eq!(back.nodes[h8].comment.as_ref().unwrap().as_str(), "天元");
/// ```
#[must_use]
pub fn write_tree_in(
    tree: &GameTree,
    orientation: Orientation,
    encoding: &'static Encoding,
) -> (Vec<u8>, TextEncoding) {
    let mut texts = TextWriter {
        encoding,
        forced: true,
        fell_back: false,
    };
    let out = write_nodes(tree, orientation, &mut texts);
    let used = TextEncoding {
        name: encoding.name(),
        source: EncodingSource::Forced,
        lossy: false,
        others: if texts.fell_back && encoding != encoding_rs::UTF_8 {
            vec![encoding_rs::UTF_8.name()]
        } else {
            Vec::new()
        },
    };
    (out, used)
}

/// The layout a tree is written in: its own when read from a library, else
/// [`default_layout`].
fn layout_of(tree: &GameTree, orientation: Orientation) -> LibLayout {
    tree.lib
        .unwrap_or_else(|| default_layout(tree, orientation))
}

/// The layout of a tree not read from a library: the 3.0 layout when every line starts at h8
/// with no pass and the root has no text, the 3.4 one (with a root record) otherwise.
pub(crate) fn default_layout(tree: &GameTree, orientation: Orientation) -> LibLayout {
    {
        let old = tree.nodes[0].comment.is_none()
            && tree.nodes[0].board_text.is_none()
            && tree.nodes[0]
                .children
                .iter()
                .all(|&c| tree.nodes[c].mv.is_some() && tree.nodes[c].mv == h8(orientation))
            && tree
                .nodes
                .iter()
                .skip(1)
                .all(|n| matches!(n.mv, Some(Move::Stone(_))));
        let mut header = HEADER_V34;
        if old {
            header[9] = 0;
        }
        LibLayout {
            header: Some(header),
            root_in_file: !old,
        }
    }
}

/// The header and every node in pre-order.
fn write_nodes(tree: &GameTree, orientation: Orientation, texts: &mut TextWriter) -> Vec<u8> {
    let layout = layout_of(tree, orientation);
    let mut out = Vec::new();
    if let Some(h) = &layout.header {
        out.extend_from_slice(h);
    }
    if layout.root_in_file {
        write_node(tree, 0, false, texts, orientation, &mut out);
    }
    let mut stack: Vec<(usize, bool)> = Vec::new();
    let root_children = &tree.nodes[0].children;
    for (k, &c) in root_children.iter().enumerate().rev() {
        stack.push((c, k + 1 < root_children.len()));
    }
    while let Some((n, has_sibling)) = stack.pop() {
        write_node(tree, n, has_sibling, texts, orientation, &mut out);
        let ch = &tree.nodes[n].children;
        for (k, &c) in ch.iter().enumerate().rev() {
            stack.push((c, k + 1 < ch.len()));
        }
    }
    out
}

/// The bytes of each text: as stored, or encoded.
struct TextWriter {
    /// The encoding of new texts (and, when `forced`, of every text).
    encoding: &'static Encoding,
    /// Every text in `encoding`: stored bytes are kept only when they are the text in it.
    forced: bool,
    /// A text held a character `encoding` cannot represent and was written in UTF-8.
    fell_back: bool,
}

impl TextWriter {
    /// The bytes of a comment (`comment`) or a board text.
    fn bytes<'t>(&mut self, t: &'t Text, comment: bool) -> std::borrow::Cow<'t, [u8]> {
        if let Some(raw) = t.raw() {
            let keep = !self.forced || {
                let (text, lossy) = decode_with(raw, self.encoding);
                !lossy
                    && if comment {
                        text.replace('\u{8}', "\n") == t.as_str()
                    } else {
                        text == t.as_str()
                    }
            };
            if keep {
                return raw.into();
            }
        }
        let encode = |enc| {
            if comment {
                comment_bytes(t.as_str(), enc)
            } else {
                encode_with(t.as_str(), enc)
            }
        };
        let (bytes, unmappable) = encode(self.encoding);
        if unmappable && self.forced {
            self.fell_back = true;
            return encode(encoding_rs::UTF_8).0.into();
        }
        bytes.into()
    }
}

fn h8(orientation: Orientation) -> Option<Move> {
    decode_pos(0x78, orientation).map(Move::Stone)
}

/// The encoding new texts of `tree` are written in: the tree's own when it holds them all
/// (an ASCII or UTF-8 tree: UTF-8), else UTF-8.
fn new_text_encoding(tree: &GameTree) -> TextEncoding {
    let utf8 = TextEncoding {
        name: "UTF-8",
        source: EncodingSource::Detected { declared: None },
        lossy: false,
        others: Vec::new(),
    };
    let Some(e) = tree.encoding.clone() else {
        return utf8;
    };
    let enc = e.encoding();
    let fits_all = tree.nodes.iter().all(|n| {
        [&n.comment, &n.board_text].into_iter().all(|t| {
            t.as_ref()
                .is_none_or(|t| t.raw().is_some() || !encode_with(t.as_str(), enc).1)
        })
    });
    if fits_all {
        TextEncoding {
            lossy: false,
            others: Vec::new(),
            ..e
        }
    } else {
        utf8
    }
}

/// The bytes of a new comment in `enc`: the first bare `\n` becomes the `0x08` separator of
/// the one-line and multi-line parts; the other line breaks stay as they are. The flag says
/// whether `enc` could not represent a character.
fn comment_bytes(text: &str, enc: &'static Encoding) -> (Vec<u8>, bool) {
    let mut s = String::with_capacity(text.len() + 8);
    let mut separated = false;
    let mut prev = '\0';
    for c in text.chars() {
        if c == '\n' && prev != '\r' && !separated {
            s.push('\u{8}');
            separated = true;
        } else {
            s.push(c);
        }
        prev = c;
    }
    encode_with(&s, enc)
}

fn write_node(
    tree: &GameTree,
    n: usize,
    has_sibling: bool,
    texts: &mut TextWriter,
    orientation: Orientation,
    out: &mut Vec<u8>,
) {
    let node = &tree.nodes[n];
    let bits = node.lib;
    let mut flags =
        bits.flags & !(FLAG_SIBLING | FLAG_LEAF | FLAG_EXTENSION | FLAG_COMMENT | FLAG_OLD_COMMENT);
    let pos = match node.mv {
        Some(Move::Stone(p)) => encode_pos(p, orientation),
        Some(Move::Pass) => {
            flags &= !FLAG_NO_MOVE;
            0
        }
        None if n == 0 => 0,
        None => {
            flags |= FLAG_NO_MOVE;
            bits.pos
        }
    };
    if has_sibling {
        flags |= FLAG_SIBLING;
    }
    if node.children.is_empty() {
        flags |= FLAG_LEAF;
    }
    let board_text = node.board_text.as_ref();
    let ext = match (bits.ext, board_text) {
        (Some(e), Some(_)) => Some([e[0], e[1] | 1]),
        (Some(e), None) => Some([e[0], e[1] & !1]),
        (None, Some(_)) => Some([0, 1]),
        (None, None) => None,
    };
    if ext.is_some() {
        flags |= FLAG_EXTENSION;
    }
    let old = bits.old_comment && node.comment.as_ref().is_some_and(|c| c.raw().is_some());
    match &node.comment {
        Some(_) if old => flags |= FLAG_OLD_COMMENT,
        Some(_) => flags |= FLAG_COMMENT,
        None => {}
    }
    out.push(pos);
    out.push(flags);
    if let Some(e) = ext {
        out.extend_from_slice(&e);
    }
    match &node.comment {
        Some(c) if old => out.extend_from_slice(c.raw().unwrap_or_default()),
        Some(c) => write_text(&texts.bytes(c, true), out),
        None => {}
    }
    if let Some(t) = board_text {
        write_text(&texts.bytes(t, false), out);
    }
}

/// Reads a text at `i`: byte pairs until a pair holding a NUL; returns the bytes before the
/// NUL and the offset after the pair.
fn read_text(bytes: &[u8], mut i: usize) -> Option<(Vec<u8>, usize)> {
    let mut out = Vec::new();
    loop {
        let pair = bytes.get(i..i + 2)?;
        i += 2;
        if pair[0] == 0 {
            return Some((out, i));
        }
        out.push(pair[0]);
        if pair[1] == 0 {
            return Some((out, i));
        }
        out.push(pair[1]);
    }
}

/// Writes text bytes + NUL, padded with a NUL to even length.
fn write_text(t: &[u8], out: &mut Vec<u8>) {
    out.extend(t.iter().copied().filter(|&b| b != 0));
    out.push(0);
    if (t.iter().filter(|&&b| b != 0).count() + 1) % 2 == 1 {
        out.push(0);
    }
}

/// The point of a position byte (`None` for 0 or an invalid byte).
#[must_use]
pub fn decode_pos(pos: u8, orientation: Orientation) -> Option<Point> {
    let col = pos & 0x0F;
    let row = pos >> 4;
    if col == 0 || row > 14 {
        return None;
    }
    point_from(u32::from(col - 1), u32::from(row), RENJU_SIZE, orientation)
}

/// The position byte of a point of the 15x15 board.
#[must_use]
pub fn encode_pos(p: Point, orientation: Orientation) -> u8 {
    let (c, r) = point_to(p, RENJU_SIZE, orientation);
    ((r as u8) << 4) | (c as u8 + 1)
}
