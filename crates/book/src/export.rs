//! The book as a move tree for the tools players use: [`Book::export`] gives a
//! `renju_notation::GameTree`, which `renju_notation`'s writers write as a RenLib `.lib`
//! or as SGF.

use crate::book::Book;
use crate::counts::Counts;
use crate::error::BookError;
use crate::key::Canonical;
use renju_core::Move;
use renju_notation::GameTree;
use renju_notation::tree::Text;
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
                renju_notation::Orientation::RowOneAtBottom,
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
