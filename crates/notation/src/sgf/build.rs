//! Turning the scanned nodes of one game tree into a [`GameTree`]: board size, moves and
//! passes, the renju root properties (`5A`, `SW`, `RE`, players, event...), comments,
//! labels, marks and setup stones.

use super::SgfTrees;
use super::parse::RawNode;
use super::values::{canonical_result, parse_sgf_result, point_list, sgf_point};
use crate::error::{ErrorKind, excerpt};
use crate::record::{Label, Mark, MarkShape, ReadRemark};
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

impl SgfTrees<'_> {
    /// Builds the tree of scanned nodes.
    pub(super) fn build(&self, raw: Vec<RawNode>) -> Result<GameTree, (usize, ErrorKind)> {
        let Some(first) = raw.first() else {
            return Err((0, ErrorKind::Truncated { expected: "a node" }));
        };
        let size = board_size(first)?;
        let mut t = GameTree::new(size);
        t.encoding = Some(self.encoding.clone());
        // tree node of each raw node, and the number of moves up to it
        let mut node_of: Vec<usize> = Vec::with_capacity(raw.len());
        let mut plies: Vec<usize> = vec![0];
        let mut swaps: Vec<bool> = Vec::new();
        for (k, rn) in raw.iter().enumerate() {
            let mut target = match rn.parent {
                None => 0,
                Some(p) => {
                    let parent = node_of[p];
                    let n = t.add_child(parent, None);
                    plies.push(plies[parent]);
                    n
                }
            };
            // the move first (properties written before it in the node go with it too)
            for (id, values, at) in &rn.props {
                if (id == "B" || id == "W") && values.len() == 1 {
                    let Some(p) = sgf_point(&values[0], size, self.orientation) else {
                        return Err((
                            *at,
                            ErrorKind::Unexpected {
                                found: excerpt(&values[0]),
                                expected: "a two-letter point on the board, '' or 'tt' for a pass",
                            },
                        ));
                    };
                    if target == 0 || t.nodes[target].mv.is_some() {
                        target = t.add_child(target, None);
                        plies.push(plies[t.nodes[target].parent]);
                    }
                    let black_to_move = plies[target].is_multiple_of(2);
                    if (id == "B") != black_to_move {
                        // colours do not alternate: a pass between
                        t.nodes[target].mv = Some(Move::Pass);
                        plies[target] += 1;
                        target = t.add_child(target, None);
                        plies.push(plies[t.nodes[target].parent]);
                    }
                    t.nodes[target].mv = Some(p.map_or(Move::Pass, Move::Stone));
                    plies[target] += 1;
                }
            }
            node_of.push(target);
            for (id, values, at) in &rn.props {
                let first = values[0].clone();
                match id.as_str() {
                    "B" | "W" if values.len() == 1 => {}
                    // several `C` on one node (some editors write one per paragraph): all kept
                    "C" => {
                        let text = values.join("\n");
                        let c = &mut t.nodes[target].comment;
                        *c = Some(Text::new(match c.take() {
                            Some(before) => format!("{}\n{text}", before.as_str()),
                            None => text,
                        }));
                    }
                    "LB" => {
                        for v in values {
                            let label = v.split_once(':').and_then(|(pt, text)| {
                                let p = sgf_point(pt, size, self.orientation)??;
                                Some(Label {
                                    point: p,
                                    text: text.to_string(),
                                })
                            });
                            match label {
                                Some(l) => t.nodes[target].labels.push(l),
                                None => t.nodes[target].props.push(("LB".into(), vec![v.clone()])),
                            }
                        }
                    }
                    // a RenLib library's layout, written by this crate (see `write`)
                    "RLL" if target == 0 && parse_layout(&first).is_some() => {
                        t.lib = parse_layout(&first);
                    }
                    // RenLib's mark and start flags, written by this crate (see `write`)
                    "RLF" if first.trim().parse::<u8>().is_ok() => {
                        let v = first.trim().parse::<u8>().unwrap_or(0);
                        t.nodes[target].lib.flags |=
                            v & (crate::renlib::FLAG_MARK | crate::renlib::FLAG_START);
                    }
                    "TR" | "SQ" | "CR" | "MA" | "AB" | "AW" | "AE" => {
                        for v in values {
                            let Some(pts) = point_list(v, size, self.orientation) else {
                                t.nodes[target].props.push((id.clone(), vec![v.clone()]));
                                continue;
                            };
                            for point in pts {
                                match id.as_str() {
                                    "AB" => t.nodes[target].setup.push((point, Some(Color::Black))),
                                    "AW" => t.nodes[target].setup.push((point, Some(Color::White))),
                                    "AE" => t.nodes[target].setup.push((point, None)),
                                    _ => {
                                        let shape = MarkShape::ALL
                                            .into_iter()
                                            .find(|s| s.sgf_id() == id)
                                            .unwrap_or(MarkShape::Cross);
                                        t.nodes[target].marks.push(Mark { point, shape });
                                    }
                                }
                            }
                        }
                    }
                    _ if k > 0 => t.nodes[target].props.push((id.clone(), values.clone())),
                    "SZ" | "FF" | "CA" => {}
                    "GM" => {
                        let gm = first.trim().to_string();
                        if gm != "4" {
                            if gm != "5" {
                                t.info.remarks.push(ReadRemark::GameType(gm.clone()));
                            }
                            t.info.tags.insert("GM".into(), gm);
                        }
                    }
                    "PB" => t.info.black = Some(first),
                    "PW" => t.info.white = Some(first),
                    "EV" => t.info.event = Some(first),
                    "RO" => t.info.round = Some(first),
                    "DT" => t.info.date = Some(first),
                    "RU" => t.info.rule = Some(first),
                    "RE" => {
                        // The result goes to `result`; a wording other than the one the
                        // writer would use (`B+Resign`, `?`) is also kept in tag `RE`.
                        if let Some(r) = parse_sgf_result(&first) {
                            t.info.result = r;
                        }
                        if Some(first.as_str()) != canonical_result(t.info.result) {
                            t.info.tags.insert("RE".into(), first);
                        }
                    }
                    "5A" => {
                        let pts: Option<Vec<Point>> = values
                            .iter()
                            .map(|v| sgf_point(v, size, self.orientation).flatten())
                            .collect();
                        match pts {
                            Some(p) => t.info.fifth_offers = p,
                            None => {
                                t.info.tags.insert("5A".into(), values.join("]["));
                            }
                        }
                    }
                    "SW" => {
                        for v in values {
                            match v.trim().to_ascii_uppercase().as_str() {
                                "NO" | "N" | "-" | "0" => swaps.push(false),
                                "YES" | "Y" | "R" | "1" | "SWAP" => swaps.push(true),
                                _ => {
                                    return Err((
                                        *at,
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
                        t.info.tags.insert(id.clone(), values.join("]["));
                    }
                }
            }
        }
        let g = &mut t.info;
        if g.rule.is_none()
            && let Some(gn) = g.tags.get("GN")
            && let Some((_, r)) = gn.rsplit_once(':')
            && let Some(name) = r.trim().strip_suffix(" rule")
        {
            g.rule = Some(name.trim().to_string());
        }
        g.swaps = swaps
            .into_iter()
            .map(|swapped| crate::SwapDecision {
                after_move: None,
                swapped,
            })
            .collect();
        Ok(t)
    }
}
