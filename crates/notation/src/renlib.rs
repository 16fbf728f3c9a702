//! RenLib's `.lib`: a binary move tree with comments and board texts.
//!
//! Layout (see the research notes): an optional 20-byte header `FF "RenLib" FF major minor
//! FF×10`, then one record per node in pre-order: `pos flags [ext2 ext1] [comment]
//! [board text]`. `pos` is `row_from_top * 16 + column` (column 1..15), `0` for the root or a
//! pass; flag `0x80` says a later sibling follows the node's subtree, `0x40` that the node
//! has no child. Version 3.0 files start at the first move; version 3.4 files start with a
//! root record `00 flags`.
//!
//! [`Library::read`] reads the whole tree without recursion and with every loop bounded by
//! the input length; [`Library::to_bytes`] writes it back byte-identical when unchanged. The
//! board is always 15x15.

use crate::error::{ErrorKind, Position, RecordError};
use crate::moves::{point_from, point_to};
use crate::record::{GameRecord, Orientation};
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

/// A comment as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LibComment {
    /// New style (`0x08`): the bytes before the NUL; a `0x08` byte separates the one-line
    /// part from the multi-line part.
    New(Vec<u8>),
    /// Old style (`0x20`): the raw bytes, the last one with its high bit set.
    Old(Vec<u8>),
}

impl LibComment {
    /// The comment as text: UTF-8 when valid, otherwise each byte as Latin-1 (the writer's
    /// code page is not recorded); the one-line / multi-line separator becomes a line break.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            LibComment::New(b) => decode(b).replace('\u{8}', "\n"),
            LibComment::Old(b) => b.iter().map(|&c| char::from(c & 0x7F)).collect(),
        }
    }
}

/// Decodes RenLib text bytes: UTF-8 when valid, else Latin-1.
fn decode(b: &[u8]) -> String {
    match std::str::from_utf8(b) {
        Ok(s) => s.to_string(),
        Err(_) => b.iter().map(|&c| char::from(c)).collect(),
    }
}

/// One node of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibNode {
    /// The raw position byte (`0` for the root or a pass).
    pub pos: u8,
    /// The node's flags without the structural bits `0x80` and `0x40` (they are recomputed
    /// from the tree when writing).
    pub flags: u8,
    /// The two extension bytes (`ext2`, `ext1`) when flag `0x01` is set.
    pub ext: Option<[u8; 2]>,
    /// The comment, if any.
    pub comment: Option<LibComment>,
    /// The board text, if any (bytes before the NUL).
    pub board_text: Option<Vec<u8>>,
    /// Index of the parent node (the root is its own parent).
    pub parent: usize,
    /// Indices of the children, in file order.
    pub children: Vec<usize>,
}

impl LibNode {
    fn empty(pos: u8, parent: usize) -> LibNode {
        LibNode {
            pos,
            flags: 0,
            ext: None,
            comment: None,
            board_text: None,
            parent,
            children: Vec::new(),
        }
    }
}

/// A whole library: the header as read and the tree (node 0 is the root).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Library {
    /// The 20 header bytes, or `None` for a header-less (pre-2.0) file.
    pub header: Option<[u8; 20]>,
    /// Whether the root is stored as a record (version 3.4 layout).
    pub root_in_file: bool,
    /// All nodes; `nodes[0]` is the root.
    pub nodes: Vec<LibNode>,
}

impl Library {
    /// Reads a `.lib` file.
    ///
    /// # Errors
    /// A [`RecordError`] with the byte offset of the first bad record, of a text that never
    /// ends, or of the end of a file whose sibling flags announced more nodes.
    ///
    /// ```
    /// use notation::renlib::Library;
    /// // h8, h9, then i8 or j10 (version 3.0 layout).
    /// let mut bytes = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 0];
    /// bytes.extend([0xFF; 10]);
    /// bytes.extend([0x78, 0x00, 0x68, 0x00, 0x79, 0xC0, 0x5A, 0x40]);
    /// let lib = Library::read(&bytes, "t.lib").unwrap();
    /// let lines: Vec<String> = lib.leaf_lines().iter()
    ///     .map(|g| g.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")).collect();
    /// assert_eq!(lines, ["h8 h9 i8", "h8 h9 j10"]);
    /// assert_eq!(lib.to_bytes(), bytes);
    /// ```
    pub fn read(bytes: &[u8], file: &str) -> Result<Library, RecordError> {
        let err = |at: usize, kind| RecordError::new(file, 0, Position::Byte(at as u64), kind);
        let mut i = 0;
        let header = if bytes.len() >= 8
            && bytes[0] == 0xFF
            && &bytes[1..7] == b"RenLib"
            && bytes[7] == 0xFF
        {
            if bytes.len() < 20 {
                return Err(err(
                    bytes.len(),
                    ErrorKind::Truncated {
                        expected: "the 20-byte RenLib header",
                    },
                ));
            }
            let (major, minor) = (bytes[8], bytes[9]);
            if major > 3 || (major == 3 && minor > 4) {
                return Err(err(
                    8,
                    ErrorKind::Unexpected {
                        found: format!("version {major}.{minor}"),
                        expected: "a RenLib library version up to 3.4",
                    },
                ));
            }
            let mut h = [0u8; 20];
            h.copy_from_slice(&bytes[..20]);
            i = 20;
            Some(h)
        } else if bytes.first() == Some(&0x78) {
            None
        } else {
            return Err(err(
                0,
                ErrorKind::WrongFormat("no RenLib header and the first move is not h8"),
            ));
        };
        let mut lib = Library {
            header,
            root_in_file: false,
            nodes: vec![LibNode::empty(0, 0)],
        };
        let mut parent = 0usize;
        let mut open_siblings: Vec<usize> = Vec::new();
        let mut first = true;
        let mut done = false;
        // A leaf closed a branch whose 0x80 flag announced a later sibling: one more node
        // must follow.
        let mut sibling_due = false;
        while i < bytes.len() {
            let at = i;
            if done {
                return Err(err(
                    at,
                    ErrorKind::Unexpected {
                        found: format!("byte {:#04x}", bytes[at]),
                        expected: "the end of the file (the tree is complete)",
                    },
                ));
            }
            if bytes.len() < i + 2 {
                return Err(err(
                    i,
                    ErrorKind::Truncated {
                        expected: "a node's position and flag bytes",
                    },
                ));
            }
            let (pos, flags) = (bytes[i], bytes[i + 1]);
            i += 2;
            sibling_due = false;
            let is_root = first && pos == 0;
            first = false;
            if pos != 0 && ((pos & 0x0F) == 0 || (pos >> 4) > 14) {
                return Err(err(
                    at,
                    ErrorKind::Unexpected {
                        found: format!("position byte {pos:#04x}"),
                        expected: "a point (column 1..15, row 0..14) or 0",
                    },
                ));
            }
            let idx = if is_root {
                lib.root_in_file = true;
                0
            } else {
                if lib.nodes.len() >= crate::limits::MAX_LIB_NODES {
                    return Err(err(
                        at,
                        ErrorKind::TooLarge {
                            what: "library too large".into(),
                            found: lib.nodes.len() as u64 + 1,
                            unit: "nodes",
                            limit: crate::limits::MAX_LIB_NODES as u64,
                        },
                    ));
                }
                lib.nodes.push(LibNode::empty(pos, parent));
                let idx = lib.nodes.len() - 1;
                lib.nodes[parent].children.push(idx);
                idx
            };
            let mut node_flags = flags & !(FLAG_SIBLING | FLAG_LEAF);
            if flags & FLAG_EXTENSION != 0 {
                if bytes.len() < i + 2 {
                    return Err(err(
                        i,
                        ErrorKind::Truncated {
                            expected: "two extension bytes",
                        },
                    ));
                }
                lib.nodes[idx].ext = Some([bytes[i], bytes[i + 1]]);
                i += 2;
            }
            if flags & FLAG_COMMENT != 0 {
                let (t, n) = read_text(bytes, i).ok_or_else(|| {
                    err(
                        i,
                        ErrorKind::Truncated {
                            expected: "a NUL ending the comment",
                        },
                    )
                })?;
                lib.nodes[idx].comment = Some(LibComment::New(t));
                i = n;
            } else if flags & FLAG_OLD_COMMENT != 0 {
                let end = bytes[i..]
                    .iter()
                    .position(|&b| b & 0x80 != 0)
                    .ok_or_else(|| {
                        err(
                            i,
                            ErrorKind::Truncated {
                                expected: "a byte with the high bit set ending the old comment",
                            },
                        )
                    })?;
                lib.nodes[idx].comment = Some(LibComment::Old(bytes[i..=i + end].to_vec()));
                i += end + 1;
            }
            if lib.nodes[idx].ext.is_some_and(|e| e[1] & 0x01 != 0) {
                let (t, n) = read_text(bytes, i).ok_or_else(|| {
                    err(
                        i,
                        ErrorKind::Truncated {
                            expected: "a NUL ending the board text",
                        },
                    )
                })?;
                lib.nodes[idx].board_text = Some(t);
                i = n;
            }
            if lib.nodes[idx].comment.is_none() {
                node_flags &= !(FLAG_COMMENT | FLAG_OLD_COMMENT);
            }
            lib.nodes[idx].flags = node_flags;
            if flags & FLAG_SIBLING != 0 {
                if is_root {
                    return Err(err(
                        at,
                        ErrorKind::Unexpected {
                            found: "a root with a sibling flag".into(),
                            expected: "a root record without flag 0x80",
                        },
                    ));
                }
                open_siblings.push(idx);
            }
            if flags & FLAG_LEAF != 0 {
                match open_siblings.pop() {
                    Some(s) => {
                        parent = lib.nodes[s].parent;
                        sibling_due = true;
                    }
                    None => done = true,
                }
            } else {
                parent = idx;
            }
        }
        if sibling_due || !open_siblings.is_empty() {
            return Err(err(
                bytes.len(),
                ErrorKind::Truncated {
                    expected: "the later sibling announced by a 0x80 flag",
                },
            ));
        }
        Ok(lib)
    }

    /// Writes the library (byte-identical to the file read when nothing was changed).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(h) = &self.header {
            out.extend_from_slice(h);
        }
        if self.root_in_file {
            self.write_node(0, false, &mut out);
        }
        let mut stack: Vec<(usize, bool)> = Vec::new();
        let root_children = &self.nodes[0].children;
        for (k, &c) in root_children.iter().enumerate().rev() {
            stack.push((c, k + 1 < root_children.len()));
        }
        while let Some((n, has_sibling)) = stack.pop() {
            self.write_node(n, has_sibling, &mut out);
            let ch = &self.nodes[n].children;
            for (k, &c) in ch.iter().enumerate().rev() {
                stack.push((c, k + 1 < ch.len()));
            }
        }
        out
    }

    fn write_node(&self, n: usize, has_sibling: bool, out: &mut Vec<u8>) {
        let node = &self.nodes[n];
        let mut flags = node.flags
            & !(FLAG_SIBLING | FLAG_LEAF | FLAG_EXTENSION | FLAG_COMMENT | FLAG_OLD_COMMENT);
        if has_sibling {
            flags |= FLAG_SIBLING;
        }
        if node.children.is_empty() {
            flags |= FLAG_LEAF;
        }
        let board_text = node.board_text.as_ref();
        let ext = match (node.ext, board_text) {
            (Some(e), Some(_)) => Some([e[0], e[1] | 1]),
            (Some(e), None) => Some([e[0], e[1] & !1]),
            (None, Some(_)) => Some([0, 1]),
            (None, None) => None,
        };
        if ext.is_some() {
            flags |= FLAG_EXTENSION;
        }
        match &node.comment {
            Some(LibComment::New(_)) => flags |= FLAG_COMMENT,
            Some(LibComment::Old(_)) => flags |= FLAG_OLD_COMMENT,
            None => {}
        }
        out.push(node.pos);
        out.push(flags);
        if let Some(e) = ext {
            out.extend_from_slice(&e);
        }
        match &node.comment {
            Some(LibComment::New(t)) => write_text(t, out),
            Some(LibComment::Old(t)) => out.extend_from_slice(t),
            None => {}
        }
        if let Some(t) = board_text {
            write_text(t, out);
        }
    }

    /// The move of node `n` (`None` for the root and for nodes marked "not a move").
    #[must_use]
    pub fn node_move(&self, n: usize, orientation: Orientation) -> Option<Move> {
        let node = self.nodes.get(n)?;
        if n == 0 || node.flags & FLAG_NO_MOVE != 0 {
            return None;
        }
        Some(decode_pos(node.pos, orientation).map_or(Move::Pass, Move::Stone))
    }

    /// The record of the path from the root to node `n`: its moves, the root comment in tag
    /// `comment`, and the comments and board texts of the path's nodes in tags
    /// `comment@K` / `boardtext@K` (K = number of moves up to that node).
    #[must_use]
    pub fn line_to(&self, n: usize, orientation: Orientation) -> GameRecord {
        let mut path = Vec::new();
        let mut cur = n.min(self.nodes.len().saturating_sub(1));
        let mut guard = 0;
        while cur != 0 && guard <= self.nodes.len() {
            path.push(cur);
            cur = self.nodes[cur].parent;
            guard += 1;
        }
        path.push(0);
        path.reverse();
        let mut g = GameRecord::new(RENJU_SIZE);
        for &k in &path {
            if let Some(m) = self.node_move(k, orientation) {
                g.moves.push(m);
            }
            let node = &self.nodes[k];
            let key = |name: &str| {
                if k == 0 {
                    name.to_string()
                } else {
                    format!("{name}@{}", g.moves.len())
                }
            };
            if let Some(c) = &node.comment {
                g.tags.insert(key("comment"), c.text());
            }
            if let Some(t) = &node.board_text {
                g.tags.insert(key("boardtext"), decode(t));
            }
        }
        g
    }

    /// The number of nodes from the root (excluded) to node `n` (included): at least the
    /// number of moves of [`Library::line_to`]`(n)`.
    ///
    /// ```
    /// use notation::{GameRecord, Orientation};
    /// use notation::renlib::Library;
    /// let mut g = GameRecord::new(15);
    /// g.moves = notation::moves::parse_moves("h8 h9 i8", 15, Orientation::RowOneAtBottom).unwrap();
    /// let lib = Library::from_records(&[g], Orientation::RowOneAtBottom);
    /// assert_eq!(lib.depth(lib.leaves()[0]), 3);
    /// ```
    #[must_use]
    pub fn depth(&self, n: usize) -> usize {
        let mut cur = n.min(self.nodes.len().saturating_sub(1));
        let mut depth = 0;
        while cur != 0 && depth <= self.nodes.len() {
            depth += 1;
            cur = self.nodes[cur].parent;
        }
        depth
    }

    /// The main line: first child at every branch, as a record.
    #[must_use]
    pub fn main_line(&self, orientation: Orientation) -> GameRecord {
        let mut n = 0;
        while let Some(&c) = self.nodes[n].children.first() {
            n = c;
        }
        self.line_to(n, orientation)
    }

    /// The leaves in pre-order (the lines of the library, one per leaf).
    #[must_use]
    pub fn leaves(&self) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![0usize];
        while let Some(n) = stack.pop() {
            let ch = &self.nodes[n].children;
            if ch.is_empty() {
                if n != 0 {
                    out.push(n);
                }
            } else {
                stack.extend(ch.iter().rev());
            }
        }
        out
    }

    /// Every root-to-leaf line as a record, in pre-order (default orientation: row from top).
    #[must_use]
    pub fn leaf_lines(&self) -> Vec<GameRecord> {
        self.leaves()
            .into_iter()
            .map(|n| self.line_to(n, Orientation::RowOneAtTop))
            .collect()
    }

    /// A library holding `records` as lines merged by common prefix, in order. Uses the 3.0
    /// layout when every line starts at h8 and has no pass and the root has no comment (the
    /// root comment is tag `comment` of the first record), the 3.4 layout otherwise. Records
    /// on boards other than 15x15 must be left out by the caller.
    #[must_use]
    pub fn from_records(records: &[GameRecord], orientation: Orientation) -> Library {
        let mut lib = Library {
            header: None,
            root_in_file: false,
            nodes: vec![LibNode::empty(0, 0)],
        };
        if let Some(c) = records.first().and_then(|r| r.tags.get("comment")) {
            lib.nodes[0].comment = Some(LibComment::New(c.replace('\n', "\u{8}").into_bytes()));
        }
        for r in records {
            let mut cur = 0;
            for (k, mv) in r.moves.iter().enumerate() {
                let pos = match mv {
                    Move::Pass => 0,
                    Move::Stone(p) => encode_pos(*p, orientation),
                };
                let existing = lib.nodes[cur]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| lib.nodes[c].pos == pos);
                cur = match existing {
                    Some(c) => c,
                    None => {
                        lib.nodes.push(LibNode::empty(pos, cur));
                        let idx = lib.nodes.len() - 1;
                        lib.nodes[cur].children.push(idx);
                        idx
                    }
                };
                let num = k + 1;
                if let Some(c) = r.tags.get(&format!("comment@{num}")) {
                    lib.nodes[cur].comment =
                        Some(LibComment::New(c.replace('\n', "\u{8}").into_bytes()));
                }
                if let Some(t) = r.tags.get(&format!("boardtext@{num}")) {
                    lib.nodes[cur].board_text = Some(t.clone().into_bytes());
                }
            }
        }
        let old = lib.nodes[0].comment.is_none()
            && lib.nodes[0]
                .children
                .iter()
                .all(|&c| lib.nodes[c].pos == 0x78)
            && lib.nodes.iter().skip(1).all(|n| n.pos != 0);
        let mut header = HEADER_V34;
        if old {
            header[9] = 0;
        } else {
            lib.root_in_file = true;
        }
        lib.header = Some(header);
        lib
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
