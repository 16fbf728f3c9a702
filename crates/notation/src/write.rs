//! Writing any format: [`write`](fn@crate::write) for records, and whole trees for SGF and `.lib`.

use crate::format::Format;
use crate::moves::{MoveStyle, write_moves};
use crate::record::{DeclaredResult, GameRecord, Orientation};
use crate::renju_line::write_renju_line;
use crate::report::{ConversionReport, Dropped, Skipped, dropped_fields, unwritable};
use crate::tree::GameTree;
use crate::{psq, renlib, rif, sgf};
use encoding_rs::Encoding;
use renju_core::{Move, RENJU_SIZE};

/// Writes records in `format` and `orientation`; the report lists what could not be held.
/// Single-game formats (`.psq`, `.pos`) write the first writable record and skip the rest.
///
/// ```
/// use renju_notation::{Format, GameRecord, Orientation, write, read_all};
/// let mut g = GameRecord::new(15);
/// g.moves = renju_notation::moves::parse_moves("h8 h9 i8", 15, Orientation::RowOneAtBottom).unwrap();
/// g.event = Some("Cup".into());
/// let (bytes, report) = write(Format::Renju, &[g.clone()], Orientation::RowOneAtBottom);
/// assert_eq!(bytes, b"unknown h8 h9 i8\n");
/// assert_eq!(report.dropped_summary(), [("event".to_string(), 1)]);
/// let (sgf, _) = write(Format::Sgf, &[g.clone()], Orientation::RowOneAtTop);
/// let back = read_all(Format::Sgf, &sgf, "x.sgf", Orientation::RowOneAtTop).next().unwrap().unwrap();
/// assert_eq!((back.moves, back.event), (g.moves, g.event));
/// ```
#[must_use]
pub fn write(
    format: Format,
    records: &[GameRecord],
    orientation: Orientation,
) -> (Vec<u8>, ConversionReport) {
    write_in(format, records, orientation, None)
}

/// [`write`](fn@crate::write), with the texts of a `.lib` in `encoding` when given
/// ([`renlib::write_tree_in`]).
pub(crate) fn write_in(
    format: Format,
    records: &[GameRecord],
    orientation: Orientation,
    encoding: Option<&'static Encoding>,
) -> (Vec<u8>, ConversionReport) {
    let mut report = ConversionReport {
        format: Some(format),
        ..ConversionReport::default()
    };
    let mut ok: Vec<GameRecord> = Vec::new();
    for (i, g) in records.iter().enumerate() {
        if let Some(reason) = unwritable(format, g) {
            report.skipped.push(Skipped {
                record: i + 1,
                reason,
            });
            continue;
        }
        if format.single_game() && !ok.is_empty() {
            report.skipped.push(Skipped {
                record: i + 1,
                reason: format!("a {format} file holds one game"),
            });
            continue;
        }
        for field in dropped_fields(format, g) {
            report.dropped.push(Dropped {
                record: i + 1,
                field,
            });
        }
        ok.push(g.clone());
    }
    report.written = ok.len();
    let bytes = match format {
        Format::Renju => {
            let mut s = String::new();
            for g in &ok {
                s.push_str(&write_renju_line(g, orientation));
                s.push('\n');
            }
            s.into_bytes()
        }
        Format::Moves => {
            let mut s = String::new();
            for g in &ok {
                s.push_str(&write_moves(
                    &g.moves,
                    RENJU_SIZE,
                    orientation,
                    MoveStyle::Spaced,
                ));
                s.push('\n');
            }
            s.into_bytes()
        }
        Format::Rif => rif::write_rif(&ok, orientation).into_bytes(),
        Format::Sgf => sgf::write_sgf(&ok, orientation).into_bytes(),
        Format::Psq => ok
            .first()
            .map(|g| psq::write_psq(g, orientation).into_bytes())
            .unwrap_or_default(),
        Format::Pos => ok
            .first()
            .map(|g| {
                let mut b = vec![g.moves.len() as u8];
                for m in &g.moves {
                    if let Move::Stone(p) = m {
                        let (c, r) = crate::moves::point_to(*p, RENJU_SIZE, orientation);
                        b.push((r * 15 + c) as u8);
                    }
                }
                b
            })
            .unwrap_or_default(),
        Format::Lib => {
            // A line that is a prefix of another (or a repeat) is not a separate leaf.
            let mut lib = GameTree::from_records(&ok);
            lib.labels_to_board_texts();
            let leaves = lib.leaves().len();
            if leaves < ok.len() {
                report.dropped.push(Dropped {
                    record: 0,
                    field: format!(
                        "{} lines merged into longer or equal lines",
                        ok.len() - leaves
                    ),
                });
            }
            let (bytes, enc) = write_library(&lib, orientation, encoding);
            report.output_encoding = enc;
            bytes
        }
    };
    (bytes, report)
}

/// A library's bytes and the encoding of its texts: every text in `encoding` when given,
/// else new texts in the tree's own ([`renlib::write_tree`]).
fn write_library(
    tree: &GameTree,
    orientation: Orientation,
    encoding: Option<&'static Encoding>,
) -> (Vec<u8>, Option<crate::encoding::TextEncoding>) {
    match encoding {
        Some(e) => {
            let (bytes, used) = renlib::write_tree_in(tree, orientation, e);
            (bytes, Some(used))
        }
        None => renlib::write_tree(tree, orientation),
    }
}

/// Writes whole trees as SGF or `.lib` (every variation, comment, board text and label the
/// target holds); the report counts lines as records and lists what the target cannot hold.
pub(crate) fn write_trees(
    to: Format,
    trees: Vec<GameTree>,
    orientation: Orientation,
    encoding: Option<&'static Encoding>,
) -> (Vec<u8>, ConversionReport) {
    let mut report = ConversionReport {
        format: Some(to),
        ..ConversionReport::default()
    };
    let mut dropped: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    let mut add = |k: &str, n: usize| {
        if n > 0 {
            *dropped.entry(k.to_string()).or_default() += n;
        }
    };
    let bytes = match to {
        Format::Lib => {
            let mut out = Vec::new();
            let mut iter = trees.into_iter();
            let mut tree = iter.next().unwrap_or_else(|| GameTree::new(RENJU_SIZE));
            let rest: Vec<GameTree> = iter.collect();
            if !rest.is_empty() {
                // a library is one tree: merge the others into the first by their lines
                let mut lines = tree.lines(orientation);
                for t in &rest {
                    lines.extend(t.lines(orientation));
                }
                add("separate game trees (merged into one library)", rest.len());
                let enc = tree.encoding.clone();
                tree = GameTree::from_records(&lines);
                tree.encoding = enc;
            }
            if tree.board_size == RENJU_SIZE {
                tree.labels_to_board_texts();
                let c = tree.note_counts();
                add("labels", c.labels);
                add("marks", c.marks);
                add("setup stones", c.setup);
                add("other SGF node properties", c.other_properties);
                let info = &tree.info;
                for (present, name) in [
                    (info.black.is_some(), "black"),
                    (info.white.is_some(), "white"),
                    (info.event.is_some(), "event"),
                    (info.round.is_some(), "round"),
                    (info.date.is_some(), "date"),
                    (info.rule.is_some(), "rule"),
                    (info.result != DeclaredResult::Unknown, "result"),
                    (!info.fifth_offers.is_empty(), "fifth_offers"),
                    (!info.swaps.is_empty(), "swaps"),
                ] {
                    if present {
                        add(name, 1);
                    }
                }
                for k in info.tags.keys() {
                    add(&format!("tag:{k}"), 1);
                }
                report.written = if tree.nodes[0].children.is_empty() {
                    report.skipped.push(Skipped {
                        record: 1,
                        reason: "a game with no move is no line of a library".into(),
                    });
                    0
                } else {
                    tree.leaves().len()
                };
                let (b, enc) = write_library(&tree, orientation, encoding);
                report.output_encoding = enc;
                out = b;
            } else {
                report.skipped.push(Skipped {
                    record: 1,
                    reason: format!(
                        "a {0}x{0} board cannot be written as lib (15x15 only)",
                        tree.board_size
                    ),
                });
            }
            out
        }
        _ => {
            // a library with no line (a header, or a root alone) has no game to write
            let (trees, empty): (Vec<GameTree>, Vec<GameTree>) =
                trees.into_iter().partition(|t| !t.leaves().is_empty());
            for (i, _) in empty.iter().enumerate() {
                report.skipped.push(Skipped {
                    record: i + 1,
                    reason: "a library with no line holds no game".into(),
                });
            }
            for t in &trees {
                report.written += t.leaves().len();
                let orphan_texts = t
                    .nodes
                    .iter()
                    .filter(|n| n.board_text.is_some() && !matches!(n.mv, Some(Move::Stone(_))))
                    .count();
                add(
                    "board texts of passes and of nodes that are not moves",
                    orphan_texts,
                );
            }
            sgf::write_trees(&trees, orientation).into_bytes()
        }
    };
    report.tree_dropped = dropped.into_iter().collect();
    (bytes, report)
}
