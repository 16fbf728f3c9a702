//! Turning the scanned nodes of one game tree into a [`GameTree`]: board size, moves and
//! passes, the renju root properties (`5A`, `SW`, `RE`, players, event...), comments,
//! labels, marks and setup stones.

use super::SgfTrees;
use super::parse::RawNode;
use super::values::{canonical_result, parse_sgf_result, point_list, sgf_point};
use crate::error::{ErrorKind, excerpt};
use crate::record::{Label, Mark, MarkShape, Orientation, ReadRemark};
use crate::tree::{GameTree, Text};
use renju_core::{Color, MAX_SIZE, MIN_SIZE, Move, Point, RENJU_SIZE};

/// The board side a root node declares (SGF default: 19 for Go, 15 otherwise).
fn board_size(root: &RawNode) -> Result<u8, (usize, ErrorKind)> {
    let gm = root
        .props
        .iter()
        .find(|(k, _, _)| k == "GM")
        .map(|(_, v, _)| v[0].trim().to_string());
    let Some((_, v, _)) = root.props.iter().find(|(k, _, _)| k == "SZ") else {
        return Ok(if gm.as_deref() == Some("1") {
            19
        } else {
            RENJU_SIZE
        });
    };
    let s = v[0].trim();
    let (w, h) = s.split_once(':').unwrap_or((s, s));
    let (w, h) = (
        w.trim().parse::<u32>().unwrap_or(0),
        h.trim().parse::<u32>().unwrap_or(0),
    );
    if w != h || w < u32::from(MIN_SIZE) || w > u32::from(MAX_SIZE) {
        return Err((
            root.at,
            ErrorKind::BadBoardSize {
                width: w,
                height: h,
            },
        ));
    }
    Ok(w as u8)
}

/// A library layout as the private root property `RLL` writes it (`3.0`, `3.4 root`, `none`,
/// 40 hex digits of a header, each optionally followed by ` root`).
fn parse_layout(v: &str) -> Option<crate::tree::LibLayout> {
    let v = v.trim();
    let (head, root_in_file) = match v.strip_suffix(" root") {
        Some(h) => (h.trim(), true),
        None => (v, false),
    };
    let header = if head == "none" {
        if root_in_file {
            return None;
        }
        None
    } else if let Some((major, minor)) = head.split_once('.') {
        let mut h = crate::renlib::HEADER_V34;
        h[8] = major.parse().ok()?;
        h[9] = minor.parse().ok()?;
        Some(h)
    } else {
        let digits = head.as_bytes();
        if digits.len() != 40 || !head.is_ascii() {
            return None;
        }
        let mut h = [0u8; 20];
        for (i, b) in h.iter_mut().enumerate() {
            *b = u8::from_str_radix(&head[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(h)
    };
    Some(crate::tree::LibLayout {
        header,
        root_in_file,
    })
}

/// A problem found while building: the byte offset and what is wrong there.
type Bad = (usize, ErrorKind);

impl SgfTrees<'_> {
    /// Builds the tree of scanned nodes.
    pub(super) fn build(&self, raw: Vec<RawNode>) -> Result<GameTree, Bad> {
        let Some(first) = raw.first() else {
            return Err((0, ErrorKind::Truncated { expected: "a node" }));
        };
        let size = board_size(first)?;
        let mut b = Builder {
            t: GameTree::new(size),
            plies: vec![0],
            swaps: Vec::new(),
            size,
            orientation: self.orientation,
        };
        b.t.encoding = Some(self.encoding.clone());
        // tree node of each raw node
        let mut node_of: Vec<usize> = Vec::with_capacity(raw.len());
        for (k, rn) in raw.iter().enumerate() {
            let start = match rn.parent {
                None => 0,
                Some(p) => b.child(node_of[p]),
            };
            let target = b.moves(start, rn)?;
            node_of.push(target);
            for (id, values, at) in &rn.props {
                if b.node_property(target, id, values) {
                    continue;
                }
                if k > 0 {
                    b.t.nodes[target].props.push((id.clone(), values.clone()));
                } else {
                    b.root_property(id, values, *at)?;
                }
            }
        }
        Ok(b.finish())
    }
}

/// The tree being built, with the number of moves up to each node.
struct Builder {
    t: GameTree,
    /// Moves (passes counted) from the root to each node, by node index.
    plies: Vec<usize>,
    /// The `SW` decisions, in order.
    swaps: Vec<bool>,
    size: u8,
    orientation: Orientation,
}

impl Builder {
    /// A new child of `parent`, with no move yet.
    fn child(&mut self, parent: usize) -> usize {
        let n = self.t.add_child(parent, None);
        self.plies.push(self.plies[parent]);
        n
    }

    /// Plays the node's `B`/`W` moves from `target` (properties written before a move in the
    /// node go with it too); returns the node the node's other properties go on. Colours that
    /// do not alternate mean a pass between.
    fn moves(&mut self, mut target: usize, rn: &RawNode) -> Result<usize, Bad> {
        for (id, values, at) in &rn.props {
            if !((id == "B" || id == "W") && values.len() == 1) {
                continue;
            }
            let Some(p) = sgf_point(&values[0], self.size, self.orientation) else {
                return Err((
                    *at,
                    ErrorKind::Unexpected {
                        found: excerpt(&values[0]),
                        expected: "a two-letter point on the board, '' or 'tt' for a pass",
                    },
                ));
            };
            if target == 0 || self.t.nodes[target].mv.is_some() {
                target = self.child(target);
            }
            let black_to_move = self.plies[target].is_multiple_of(2);
            if (id == "B") != black_to_move {
                // colours do not alternate: a pass between
                self.t.nodes[target].mv = Some(Move::Pass);
                self.plies[target] += 1;
                target = self.child(target);
            }
            self.t.nodes[target].mv = Some(p.map_or(Move::Pass, Move::Stone));
            self.plies[target] += 1;
        }
        Ok(target)
    }

    /// Reads a property any node may hold (comments, labels, marks, setup stones, RenLib's
    /// private ones, the move itself); whether it was one.
    fn node_property(&mut self, target: usize, id: &str, values: &[String]) -> bool {
        let (size, orientation) = (self.size, self.orientation);
        let first = values[0].as_str();
        let node = &mut self.t.nodes[target];
        match id {
            "B" | "W" if values.len() == 1 => {}
            // several `C` on one node (some editors write one per paragraph): all kept
            "C" => {
                let text = values.join("\n");
                node.comment = Some(Text::new(match node.comment.take() {
                    Some(before) => format!("{}\n{text}", before.as_str()),
                    None => text,
                }));
            }
            "LB" => {
                for v in values {
                    let label = v.split_once(':').and_then(|(pt, text)| {
                        let p = sgf_point(pt, size, orientation)??;
                        Some(Label {
                            point: p,
                            text: text.to_string(),
                        })
                    });
                    match label {
                        Some(l) => node.labels.push(l),
                        None => node.props.push(("LB".into(), vec![v.clone()])),
                    }
                }
            }
            // a RenLib library's layout, written by this crate (see `write`)
            "RLL" if target == 0 && parse_layout(first).is_some() => {
                self.t.lib = parse_layout(first);
            }
            // RenLib's mark and start flags, written by this crate (see `write`)
            "RLF" if first.trim().parse::<u8>().is_ok() => {
                let v = first.trim().parse::<u8>().unwrap_or(0);
                node.lib.flags |= v & (crate::renlib::FLAG_MARK | crate::renlib::FLAG_START);
            }
            "TR" | "SQ" | "CR" | "MA" | "AB" | "AW" | "AE" => {
                for v in values {
                    let Some(pts) = point_list(v, size, orientation) else {
                        node.props.push((id.to_string(), vec![v.clone()]));
                        continue;
                    };
                    for point in pts {
                        match id {
                            "AB" => node.setup.push((point, Some(Color::Black))),
                            "AW" => node.setup.push((point, Some(Color::White))),
                            "AE" => node.setup.push((point, None)),
                            _ => {
                                let shape = MarkShape::ALL
                                    .into_iter()
                                    .find(|s| s.sgf_id() == id)
                                    .unwrap_or(MarkShape::Cross);
                                node.marks.push(Mark { point, shape });
                            }
                        }
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// Reads a root property: the game information (players, event, rule, result, 5th-move
    /// offers, swap decisions...), other ones kept in `tags`.
    fn root_property(&mut self, id: &str, values: &[String], at: usize) -> Result<(), Bad> {
        let first = values[0].clone();
        let info = &mut self.t.info;
        match id {
            "SZ" | "FF" | "CA" => {}
            "GM" => {
                let gm = first.trim().to_string();
                if gm != "4" {
                    if gm != "5" {
                        info.remarks.push(ReadRemark::GameType(gm.clone()));
                    }
                    info.tags.insert("GM".into(), gm);
                }
            }
            "PB" => info.black = Some(first),
            "PW" => info.white = Some(first),
            "EV" => info.event = Some(first),
            "RO" => info.round = Some(first),
            "DT" => info.date = Some(first),
            "RU" => info.rule = Some(first),
            "RE" => {
                // The result goes to `result`; a wording other than the one the writer would
                // use (`B+Resign`, `?`) is also kept in tag `RE`.
                if let Some(r) = parse_sgf_result(&first) {
                    info.result = r;
                }
                if Some(first.as_str()) != canonical_result(info.result) {
                    info.tags.insert("RE".into(), first);
                }
            }
            "5A" => {
                let pts: Option<Vec<Point>> = values
                    .iter()
                    .map(|v| sgf_point(v, self.size, self.orientation).flatten())
                    .collect();
                match pts {
                    Some(p) => info.fifth_offers = p,
                    None => {
                        info.tags.insert("5A".into(), values.join("]["));
                    }
                }
            }
            "SW" => {
                for v in values {
                    match v.trim().to_ascii_uppercase().as_str() {
                        "NO" | "N" | "-" | "0" => self.swaps.push(false),
                        "YES" | "Y" | "R" | "1" | "SWAP" => self.swaps.push(true),
                        _ => {
                            return Err((
                                at,
                                ErrorKind::Unexpected {
                                    found: excerpt(v),
                                    expected: "SW[NO] or SW[YES]",
                                },
                            ));
                        }
                    }
                }
            }
            _ => {
                info.tags.insert(id.to_string(), values.join("]["));
            }
        }
        Ok(())
    }

    /// The tree, with the rule a `GN` names (`...: RIF rule`) when no `RU` does, and the swap
    /// decisions (the sequence only: SGF does not say after which stone each was taken).
    fn finish(mut self) -> GameTree {
        let g = &mut self.t.info;
        if g.rule.is_none()
            && let Some(gn) = g.tags.get("GN")
            && let Some((_, r)) = gn.rsplit_once(':')
            && let Some(name) = r.trim().strip_suffix(" rule")
        {
            g.rule = Some(name.trim().to_string());
        }
        g.swaps = self
            .swaps
            .into_iter()
            .map(|swapped| crate::SwapDecision {
                after_move: None,
                swapped,
            })
            .collect();
        self.t
    }
}
