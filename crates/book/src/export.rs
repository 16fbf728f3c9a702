//! The book as a move tree for the tools players use: [`Book::export`] gives a
//! `renju_notation::GameTree`, which [`Exported::to_lib`] and [`Exported::to_sgf`] write as a
//! RenLib `.lib` or as SGF.
//!
//! The tree holds points, not text: a file's rows are counted in the orientation of its
//! format, [`Format::default_orientation`] (RenLib's position bytes and SGF's letters count
//! rows from the top, [`Orientation::RowOneAtTop`]), as `corpus-tool convert` writes them.
//! Writing a `.lib` in the orientation of the `.renju` text ([`Orientation::RowOneAtBottom`])
//! flips it top to bottom: `h7` becomes the byte `0x68` (RenLib's `h9`) instead of `0x88`.

use crate::book::Book;
use crate::counts::Counts;
use crate::error::BookError;
use crate::key::Canonical;
use renju_core::Move;
use renju_notation::tree::Text;
use renju_notation::{Format, GameTree, Orientation};
use std::collections::HashMap;

/// What to export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportOptions {
    /// Positions reached by fewer games are left out (with everything after them).
    pub min_games: u64,
    /// The most nodes the tree may have (the root included); past it the export stops and
    /// says so ([`Exported::truncated`]). Default: RenLib's own limit as this project reads
    /// it, [`renju_notation::limits::MAX_LIB_NODES`].
    pub max_nodes: usize,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions {
            min_games: 1,
            max_nodes: renju_notation::limits::MAX_LIB_NODES,
        }
    }
}

/// The exported tree and what it holds.
#[derive(Debug, Clone)]
pub struct Exported {
    /// The tree: the root is the empty board; each node a position of at least `min_games`
    /// games, its comment the counts ([`comment`]); children most played first.
    pub tree: GameTree,
    /// Nodes of a position already continued elsewhere in the tree (a transposition): a
    /// leaf whose comment names the line where it continues.
    pub transpositions: usize,
    /// Passes played from exported positions, left out (a pass leads to the same position).
    pub passes: usize,
    /// Whether the export stopped at `max_nodes`.
    pub truncated: bool,
}

impl Exported {
    /// The tree as a RenLib `.lib` file, byte for byte as `corpus-tool convert` writes a
    /// library: position bytes in RenLib's orientation ([`Format::Lib`]'s
    /// [`default_orientation`](Format::default_orientation), rows from the top), so `h7` is
    /// `0x88`; texts in UTF-8 ([`renju_notation::renlib::write_tree`]). RenLib's board is
    /// 15x15: a tree of another size has no `.lib`.
    ///
    /// ```
    /// use renju_book::Exported;
    /// use renju_notation::GameTree;
    /// let mut tree = GameTree::new(15);
    /// let h8 = tree.add_child(0, Some("h8".parse().unwrap()));
    /// tree.add_child(h8, Some("h7".parse().unwrap()));
    /// let x = Exported { tree, transpositions: 0, passes: 0, truncated: false };
    /// assert_eq!(&x.to_lib()[20..], [0x78, 0x00, 0x88, 0x40]);
    /// ```
    #[must_use]
    pub fn to_lib(&self) -> Vec<u8> {
        renju_notation::renlib::write_tree(&self.tree, Format::Lib.default_orientation()).0
    }

    /// The tree as an SGF file (one game tree), its points in SGF's orientation
    /// ([`Format::Sgf`]'s [`default_orientation`](Format::default_orientation)), as
    /// `corpus-tool convert` writes SGF.
    #[must_use]
    pub fn to_sgf(&self) -> String {
        renju_notation::sgf::write_trees(
            std::slice::from_ref(&self.tree),
            Format::Sgf.default_orientation(),
        )
    }
}

/// The comment of a node: `"N games: black B, white W, draw D, unknown U"`.
///
/// ```
/// use renju_book::{Counts, export::comment};
/// let c = Counts { games: 5, black: 2, white: 2, draw: 0, unknown: 1 };
/// assert_eq!(comment(&c), "5 games: black 2, white 2, draw 0, unknown 1");
/// ```
#[must_use]
pub fn comment(c: &Counts) -> String {
    format!(
        "{} game{}: black {}, white {}, draw {}, unknown {}",
        c.games,
        if c.games == 1 { "" } else { "s" },
        c.black,
        c.white,
        c.draw,
        c.unknown
    )
}

impl Book {
    /// The tree of the positions with at least `options.min_games` games that are reached
    /// from the empty board through such positions, depth first with the most played move
    /// first. Each position is continued once, at its first node; its other nodes (other
    /// move orders: transpositions) are leaves whose comment says where it continues. Moves
    /// are in the orientation of the query answers ([`Book::query`]): from the empty board
    /// the first of each set of symmetric moves in the order a1, b1, ..., so `h8` first.
    /// Write it with [`Exported::to_lib`] / [`Exported::to_sgf`], which count rows as each
    /// format does.
    ///
    /// # Errors
    /// SQLite fails.
    pub fn export(&self, options: &ExportOptions) -> Result<Exported, BookError> {
        let size = self.settings.board_size;
        let mut tree = GameTree::new(size);
        tree.info.event = Some("renju-book".to_string());
        let mut out = Exported {
            tree: GameTree::new(size),
            transpositions: 0,
            passes: 0,
            truncated: false,
        };
        let mut continued: HashMap<Vec<u8>, String> = HashMap::new();
        // (node, moves to it)
        let mut stack: Vec<(usize, Vec<Move>)> = vec![(0, Vec::new())];
        while let Some((node, moves)) = stack.pop() {
            let answer = self.query(&moves)?;
            let mut text = comment(&answer.counts);
            if node == 0 {
                text = format!("renju-book ({}): {text}", self.settings);
            }
            let line = renju_notation::moves::write_moves(
                &moves,
                size,
                // the project's text notation (`.renju`, `book query`): row 1 at the bottom
                Orientation::RowOneAtBottom,
                renju_notation::moves::MoveStyle::Spaced,
            );
            if let Some(first) = continued.get(answer.key.key()) {
                text.push_str(&format!("\ntransposition: continued after {first}"));
                tree.nodes[node].comment = Some(Text::new(text));
                out.transpositions += 1;
                continue;
            }
            continued.insert(answer.key.key().to_vec(), line);
            tree.nodes[node].comment = Some(Text::new(text));
            let mut children = Vec::new();
            for next in &answer.next {
                if next.mv == Move::Pass {
                    out.passes += 1;
                    continue;
                }
                let mut child = moves.clone();
                child.push(next.mv);
                let Some(games) = self.child_games(&child)? else {
                    continue;
                };
                if games < options.min_games {
                    continue;
                }
                if tree.nodes.len() >= options.max_nodes {
                    out.truncated = true;
                    break;
                }
                let c = tree.add_child(node, Some(next.mv));
                children.push((c, child));
            }
            // most played first: the first child is popped first
            stack.extend(children.into_iter().rev());
        }
        out.tree = tree;
        Ok(out)
    }

    /// The games of the position after `moves`, when the book holds it (a position one
    /// stone past the book's depth is not held).
    fn child_games(&self, moves: &[Move]) -> Result<Option<u64>, BookError> {
        let key = crate::prepare::with_tracker(self.settings.board_size, |t| {
            crate::query::play(t, moves).map(|()| {
                (t.stones() <= usize::from(self.settings.max_moves))
                    .then(|| Canonical::of_tracker(t))
            })
        })?;
        match key {
            Some(k) => Ok(self.position(k.key())?.map(|c| c.games)),
            None => Ok(None),
        }
    }
}
