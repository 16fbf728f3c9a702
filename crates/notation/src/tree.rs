//! The one move tree of the formats that hold trees (RenLib `.lib`, SGF): moves and passes,
//! per-node comments, board texts, labels, marks and setup stones, with prefixes shared.
//!
//! A [`GameTree`] is read whole by [`crate::renlib::read_tree`] and
//! [`crate::sgf::read_trees`], written by [`crate::renlib::write_tree`] and
//! [`crate::sgf::write_trees`], and turned into one [`GameRecord`] per root-to-leaf line
//! by [`GameTree::line`] (what [`crate::read_all`] yields for these formats).
//!
//! Texts keep the bytes they were read from ([`Text`]), so an unchanged `.lib` is written back
//! byte-identical whatever its encoding; a text set anew is encoded in the tree's encoding.
//!
//! ```
//! use renju_notation::Orientation;
//! use renju_notation::sgf::read_trees;
//! let t = read_trees(b"(;GM[4]SZ[15]C[root](;B[hh];W[hg]C[two])(;B[ii]))", "a.sgf", Orientation::RowOneAtTop, None)
//!     .next().unwrap().unwrap();
//! assert_eq!(t.leaves().len(), 2);
//! let first = t.line(t.leaves()[0], Orientation::RowOneAtTop);
//! assert_eq!(first.moves.len(), 2);
//! assert_eq!(first.root_comment(), Some("root"));
//! assert_eq!(first.note_at(2).unwrap().comment.as_deref(), Some("two"));
//! ```

use crate::encoding::TextEncoding;
use crate::record::{GameRecord, Label, Mark, MoveNote, ReadRemark, SetupStone};
use renju_core::{Color, Move, Point};

/// A text of a tree node: the decoded text and, when read from a binary library, the bytes
/// as stored (written back unchanged while the text is not changed).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text {
    text: String,
    raw: Option<Vec<u8>>,
}

impl Text {
    /// A new text (written in the tree's encoding).
    #[must_use]
    pub fn new(text: impl Into<String>) -> Text {
        Text {
            text: text.into(),
            raw: None,
        }
    }

    /// A text read from `raw` bytes and decoded as `text`.
    #[must_use]
    pub fn read(raw: Vec<u8>, text: String) -> Text {
        Text {
            text,
            raw: Some(raw),
        }
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The bytes it was read from, while unchanged.
    #[must_use]
    pub fn raw(&self) -> Option<&[u8]> {
        self.raw.as_deref()
    }

    /// Replaces the text (the stored bytes are forgotten).
    pub fn set(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.raw = None;
    }
}

/// What a RenLib `.lib` node stores beside the tree: the raw position byte, the flags that are
/// not structure (mark, start, not-a-move), the extension bytes and the comment style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LibBits {
    /// The raw position byte (`0` for the root or a pass).
    pub pos: u8,
    /// Flags other than the structural `0x80`, `0x40` (recomputed when writing).
    pub flags: u8,
    /// The two extension bytes when flag `0x01` was set.
    pub ext: Option<[u8; 2]>,
    /// The comment is old style (7-bit text ending at a byte with the high bit set).
    pub old_comment: bool,
}

/// One node: the move that leads to it (none for the root and "not a move" nodes) and what
/// was written there.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TreeNode {
    /// The move, `None` for the root and for `.lib` nodes marked "not a move".
    pub mv: Option<Move>,
    /// Index of the parent (the root is its own parent).
    pub parent: usize,
    /// Indices of the children in file order (the first is the main line).
    pub children: Vec<usize>,
    /// The comment (SGF `C`, a `.lib` comment).
    pub comment: Option<Text>,
    /// The board text of a `.lib` node.
    pub board_text: Option<Text>,
    /// Labels (every `LB` value of the node, in order).
    pub labels: Vec<Label>,
    /// Marks (`TR`, `SQ`, `CR`, `MA`).
    pub marks: Vec<Mark>,
    /// Setup stones (`AB`, `AW`, `AE`); the colour `None` clears the point.
    pub setup: Vec<(Point, Option<Color>)>,
    /// Other SGF properties of the node, id and values as read (written back to SGF).
    pub props: Vec<(String, Vec<String>)>,
    /// What a `.lib` stores beside the tree.
    pub lib: LibBits,
}

/// How a `.lib` file was laid out (kept to write it back byte-identical).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LibLayout {
    /// The 20 header bytes, or `None` for a header-less (pre-2.0) file.
    pub header: Option<[u8; 20]>,
    /// Whether the root is stored as a record (version 3.4 layout, or a null root).
    pub root_in_file: bool,
}

/// A move tree with its game information.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameTree {
    /// Board side.
    pub board_size: u8,
    /// All nodes; `nodes[0]` is the root.
    pub nodes: Vec<TreeNode>,
    /// Game information (players, event, result, SGF root properties in `tags`...), with no
    /// moves; copied into each line's record.
    pub info: GameRecord,
    /// The encoding the texts were decoded with.
    pub encoding: Option<TextEncoding>,
    /// The `.lib` layout, when read from a library.
    pub lib: Option<LibLayout>,
}

impl GameTree {
    /// An empty tree (a root only) for a board of side `board_size`.
    #[must_use]
    pub fn new(board_size: u8) -> GameTree {
        GameTree {
            board_size,
            nodes: vec![TreeNode::default()],
            info: GameRecord::new(board_size),
            encoding: None,
            lib: None,
        }
    }

    /// Adds a child of `parent` with move `mv`; returns its index.
    pub fn add_child(&mut self, parent: usize, mv: Option<Move>) -> usize {
        self.nodes.push(TreeNode {
            mv,
            parent,
            ..TreeNode::default()
        });
        let idx = self.nodes.len() - 1;
        self.nodes[parent].children.push(idx);
        idx
    }

    /// The child of `parent` playing `mv`, added if absent.
    pub fn child_with(&mut self, parent: usize, mv: Move) -> usize {
        match self.nodes[parent]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].mv == Some(mv))
        {
            Some(c) => c,
            None => self.add_child(parent, Some(mv)),
        }
    }

    /// The leaves in pre-order, one line per leaf. An SGF game of a root alone (a game with no
    /// move) is one line, the root; a library of a root alone has none.
    #[must_use]
    pub fn leaves(&self) -> Vec<usize> {
        if self.nodes[0].children.is_empty() && self.lib.is_none() {
            return vec![0];
        }
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

    /// The nodes from the root (included) to `n` (included).
    #[must_use]
    pub fn path(&self, n: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut cur = n.min(self.nodes.len().saturating_sub(1));
        while cur != 0 && path.len() <= self.nodes.len() {
            path.push(cur);
            cur = self.nodes[cur].parent;
        }
        path.push(0);
        path.reverse();
        path
    }

    /// The number of nodes from the root (excluded) to `n` (included): at least the number of
    /// moves of its line.
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

    /// The record of the line from the root to node `n`: the tree's game information, the
    /// moves, and each node's comment, board text, labels, marks and setup stones in `notes`
    /// and `setup` (numbered by the moves played up to that node). `orientation` is unused
    /// by the tree itself (points are held as points) and kept for symmetry with the readers.
    #[must_use]
    pub fn line(&self, n: usize, _orientation: crate::Orientation) -> GameRecord {
        let mut g = self.info.clone();
        g.board_size = self.board_size;
        g.moves.clear();
        g.encoding.clone_from(&self.encoding);
        let mut left_out = 0usize;
        for k in self.path(n) {
            let node = &self.nodes[k];
            left_out += node.props.len();
            if let Some(m) = node.mv {
                g.moves.push(m);
            }
            let after_move = g.moves.len();
            for &(point, stone) in &node.setup {
                g.setup.push(SetupStone {
                    after_move,
                    point,
                    stone,
                });
            }
            let note = MoveNote {
                after_move,
                comment: node.comment.as_ref().map(|t| t.as_str().to_string()),
                board_text: node.board_text.as_ref().map(|t| t.as_str().to_string()),
                labels: node.labels.clone(),
                marks: node.marks.clone(),
            };
            if !note.is_empty() {
                let slot = g.note_mut(after_move);
                if slot.is_empty() {
                    *slot = note;
                } else {
                    // two nodes at the same move count (a node that is not a move)
                    slot.labels.extend(note.labels);
                    slot.marks.extend(note.marks);
                    for (mine, theirs) in [
                        (&mut slot.comment, note.comment),
                        (&mut slot.board_text, note.board_text),
                    ] {
                        match (mine.as_mut(), theirs) {
                            (Some(m), Some(t)) => {
                                m.push('\n');
                                m.push_str(&t);
                            }
                            (None, t) => *mine = t,
                            (Some(_), None) => {}
                        }
                    }
                }
            }
        }
        if left_out > 0 {
            g.remarks.push(ReadRemark::NodeProperties(left_out));
        }
        g
    }

    /// Every line as a record, in pre-order, each with a [`ReadRemark::TreeLine`] when the
    /// tree has more than one line.
    #[must_use]
    pub fn lines(&self, orientation: crate::Orientation) -> Vec<GameRecord> {
        let leaves = self.leaves();
        let of = leaves.len();
        leaves
            .into_iter()
            .enumerate()
            .map(|(i, n)| {
                let mut g = self.line(n, orientation);
                if of > 1 {
                    g.remarks.push(ReadRemark::TreeLine { line: i + 1, of });
                }
                g
            })
            .collect()
    }

    /// A tree holding `records` as lines merged by common prefix, in order, with their notes
    /// and setup stones on the nodes; the game information is the first record's.
    #[must_use]
    pub fn from_records(records: &[GameRecord]) -> GameTree {
        let size = records
            .first()
            .map_or(renju_core::RENJU_SIZE, |r| r.board_size);
        let mut t = GameTree::new(size);
        if let Some(first) = records.first() {
            t.info = first.clone();
            t.info.moves.clear();
            t.info.notes.clear();
            t.info.setup.clear();
            t.info.remarks.clear();
            t.encoding.clone_from(&first.encoding);
        }
        for r in records {
            let mut path = vec![0usize];
            for mv in &r.moves {
                let last = *path.last().unwrap_or(&0);
                path.push(t.child_with(last, *mv));
            }
            for note in &r.notes {
                let Some(&n) = path.get(note.after_move) else {
                    continue;
                };
                let node = &mut t.nodes[n];
                if let Some(c) = &note.comment
                    && node.comment.as_ref().map(Text::as_str) != Some(c)
                {
                    node.comment = Some(Text::new(c.clone()));
                }
                if let Some(b) = &note.board_text
                    && node.board_text.as_ref().map(Text::as_str) != Some(b)
                {
                    node.board_text = Some(Text::new(b.clone()));
                }
                for l in &note.labels {
                    if !node.labels.contains(l) {
                        node.labels.push(l.clone());
                    }
                }
                for m in &note.marks {
                    if !node.marks.contains(m) {
                        node.marks.push(*m);
                    }
                }
            }
            for s in &r.setup {
                let Some(&n) = path.get(s.after_move) else {
                    continue;
                };
                let node = &mut t.nodes[n];
                if !node.setup.contains(&(s.point, s.stone)) {
                    node.setup.push((s.point, s.stone));
                }
            }
        }
        t
    }

    /// Counts of what the tree holds: (comments, board texts, labels, marks, setup stones).
    #[must_use]
    pub fn note_counts(&self) -> NoteCounts {
        let mut c = NoteCounts::default();
        for n in &self.nodes {
            c.comments += usize::from(n.comment.is_some());
            c.board_texts += usize::from(n.board_text.is_some());
            c.labels += n.labels.len();
            c.marks += n.marks.len();
            c.setup += n.setup.len();
            c.other_properties += n.props.len();
        }
        c
    }
}

/// How many of each kind of note a tree holds (see [`GameTree::note_counts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NoteCounts {
    /// Nodes with a comment.
    pub comments: usize,
    /// Nodes with a board text.
    pub board_texts: usize,
    /// Labels.
    pub labels: usize,
    /// Marks.
    pub marks: usize,
    /// Setup stones.
    pub setup: usize,
    /// Other SGF node properties.
    pub other_properties: usize,
}

/// The lines of a tree one at a time, each a record (see [`GameTree::line`]); a line longer
/// than [`crate::limits::MAX_MOVES`], and every line once the lines together pass
/// [`crate::limits::MAX_LIB_LINE_MOVES`], is an error instead of being built, so a small file
/// with a long trunk and many leaves cannot take hours.
#[derive(Debug)]
pub struct TreeLines {
    tree: GameTree,
    leaves: Vec<usize>,
    next: usize,
    total: usize,
    orientation: crate::Orientation,
}

impl TreeLines {
    /// The lines of `tree`.
    #[must_use]
    pub fn new(tree: GameTree, orientation: crate::Orientation) -> TreeLines {
        TreeLines {
            leaves: tree.leaves(),
            tree,
            next: 0,
            total: 0,
            orientation,
        }
    }

    /// The number of lines.
    #[must_use]
    pub fn line_count(&self) -> usize {
        self.leaves.len()
    }
}

impl Iterator for TreeLines {
    /// A line, or the 1-based number of a line too long and why.
    type Item = Result<GameRecord, (usize, crate::ErrorKind)>;

    fn next(&mut self) -> Option<Self::Item> {
        let &n = self.leaves.get(self.next)?;
        self.next += 1;
        let line = self.next;
        let depth = self.tree.depth(n);
        let what = if self.tree.lib.is_some() {
            "library"
        } else {
            "game tree"
        };
        self.total = self.total.saturating_add(depth);
        if self.total > crate::limits::MAX_LIB_LINE_MOVES {
            return Some(Err((
                line,
                crate::ErrorKind::TooLarge {
                    what: format!("{what} lines too long in total"),
                    found: self.total as u64,
                    unit: "moves",
                    limit: crate::limits::MAX_LIB_LINE_MOVES as u64,
                },
            )));
        }
        if depth > crate::limits::MAX_MOVES {
            return Some(Err((
                line,
                crate::ErrorKind::TooLarge {
                    what: format!("line of the {what} too long"),
                    found: depth as u64,
                    unit: "moves",
                    limit: crate::limits::MAX_MOVES as u64,
                },
            )));
        }
        let mut g = self.tree.line(n, self.orientation);
        let of = self.leaves.len();
        if of > 1 {
            g.remarks.push(ReadRemark::TreeLine { line, of });
        }
        Some(Ok(g))
    }
}

impl GameTree {
    /// Turns each label on the point of a child's move into that child's board text (where
    /// RenLib keeps it), when the child has none; the other labels stay.
    pub fn labels_to_board_texts(&mut self) {
        for n in 0..self.nodes.len() {
            let labels = std::mem::take(&mut self.nodes[n].labels);
            let mut kept = Vec::new();
            for l in labels {
                let child = self.nodes[n].children.iter().copied().find(|&c| {
                    self.nodes[c].mv == Some(Move::Stone(l.point))
                        && self.nodes[c].board_text.is_none()
                });
                match child {
                    Some(c) => self.nodes[c].board_text = Some(Text::new(l.text)),
                    None => kept.push(l),
                }
            }
            self.nodes[n].labels = kept;
        }
    }
}

impl GameTree {
    /// The main line (the first child at every branch) as a record.
    #[must_use]
    pub fn main_line(&self, orientation: crate::Orientation) -> GameRecord {
        let mut n = 0;
        while let Some(&c) = self.nodes[n].children.first() {
            n = c;
        }
        self.line(n, orientation)
    }
}
