//! SGF for gomoku and renju: `GM[4]` (FF4, ORC Game Center, RenLib, RenjuBase) with the
//! renju dialect (`5A` offered 5th moves, `SW` swaps, `RE` results, `B[]`/`B[tt]` passes,
//! `PB PW EV RO DT RU GN`), `GM[5]` files written by Gomoku Quest (non-SGF lines after the
//! closing parenthesis are ignored), and `GM[1]` (Go) files that RenLib and Go editors export
//! renju trees as (read as gomoku/renju with a [`ReadRemark::GameType`]; without `SZ` their
//! board is 19x19). Letters count rows from the top by default.
//!
//! A file may hold many game trees; text between them is skipped. Every variation is read:
//! [`read_trees`] yields each game tree whole ([`GameTree`]: moves, passes, `C` comments,
//! every `LB` label, `TR SQ CR MA` marks, `AB AW AE` setup stones, other node properties kept
//! as read), and [`SgfReader`] (what [`crate::read_all`] uses) yields one record per
//! root-to-leaf line. The parser keeps its own bounded stack, so deep variations cannot
//! overflow it.
//!
//! Text is decoded with the encoding `CA` declares when the bytes fit it, else with the
//! detected one ([`crate::encoding`]); the encoding used is on every tree and record.
//! [`write_trees`] writes UTF-8 with `CA[UTF-8]`.

use crate::encoding::{TextEncoding, decode};
use crate::error::{ErrorKind, RecordError, excerpt, line_col};
use crate::moves::{point_from, point_to};
use crate::record::{DeclaredResult, GameRecord, Label, Mark, MarkShape, Orientation, ReadRemark};
use crate::swap_slots;
use crate::tree::{GameTree, Text};
use encoding_rs::Encoding;
use renju_core::{Color, MAX_SIZE, MIN_SIZE, Move, Point, RENJU_SIZE};
use std::borrow::Cow;

mod write;
pub use write::{write_sgf, write_trees};

/// Root properties the reader turns into record fields (everything else goes to `tags`).
const KNOWN: &[&str] = &[
    "C", "GM", "FF", "SZ", "PB", "PW", "EV", "RO", "DT", "RU", "RE", "5A", "SW", "B", "W", "CA",
    "LB", "TR", "SQ", "CR", "MA", "AB", "AW", "AE", "RLF",
];

/// The value of the first `CA[...]` property of the file, read from the bytes (property ids
/// and brackets are ASCII in every encoding SGF files use).
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let head = &bytes[..bytes.len().min(1 << 16)];
    let mut i = 0;
    while i + 3 < head.len() {
        if head[i] == b'C'
            && head[i + 1] == b'A'
            && head[i + 2] == b'['
            && (i == 0 || !head[i - 1].is_ascii_uppercase())
        {
            let rest = &head[i + 3..];
            let end = rest.iter().position(|&b| b == b']')?;
            return Some(String::from_utf8_lossy(&rest[..end]).trim().to_string());
        }
        i += 1;
    }
    None
}

/// An iterator over the game trees of an SGF file.
///
/// ```
/// use notation::{Orientation, sgf::read_trees};
/// let bytes = b"(;GM[1]SZ[15]LB[hh:A][ii:B](;B[hh])(;B[ii]LB[ij:c]LB[jj:d]))\n(;GM[4];B[hh])";
/// let trees: Vec<_> = read_trees(bytes, "a.sgf", Orientation::RowOneAtTop, None)
///     .collect::<Result<_, _>>().unwrap();
/// assert_eq!(trees.len(), 2);
/// assert_eq!(trees[0].leaves().len(), 2);
/// assert_eq!(trees[0].nodes[0].labels.len(), 2);
/// let second_branch = trees[0].nodes[0].children[1];
/// assert_eq!(trees[0].nodes[second_branch].labels.len(), 2);
/// ```
#[derive(Debug)]
pub struct SgfTrees<'a> {
    text: Cow<'a, str>,
    encoding: TextEncoding,
    at: usize,
    record: usize,
    file: String,
    orientation: Orientation,
    /// The error of a broken game tree whose complete lines were just yielded.
    pending: Option<RecordError>,
}

/// Reads the game trees of SGF `bytes`, decoded with `forced` when given, else with the
/// declared `CA` encoding checked against the bytes, else with the detected one.
#[must_use]
pub fn read_trees<'a>(
    bytes: &'a [u8],
    file: &str,
    orientation: Orientation,
    forced: Option<&'static Encoding>,
) -> SgfTrees<'a> {
    let declared = declared_charset(bytes);
    let used = crate::encoding::choose(bytes, declared.as_deref(), forced);
    let (text, encoding) = match std::str::from_utf8(bytes) {
        // UTF-8 chosen for valid UTF-8: read in place
        Ok(s) if used.name == "UTF-8" => (Cow::Borrowed(s.trim_start_matches('\u{feff}')), used),
        Err(_) if forced.is_none() => {
            // not all UTF-8: a UTF-8 file with some texts in a legacy code page, or one
            // encoding for the whole file
            match crate::encoding::decode_mixed(
                bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes),
            ) {
                Some((t, other)) => (
                    Cow::Owned(t),
                    TextEncoding {
                        name: "UTF-8",
                        // the declaration fits the texts in UTF-8
                        source: match declared.as_deref() {
                            Some(d)
                                if crate::encoding::encoding_for(d).ok()
                                    == Some(encoding_rs::UTF_8) =>
                            {
                                crate::encoding::EncodingSource::Declared(d.trim().to_string())
                            }
                            _ => used.source.clone(),
                        },
                        lossy: false,
                        others: vec![other.name()],
                    },
                ),
                None => {
                    let (t, used) = decode(bytes, declared.as_deref(), forced);
                    (Cow::Owned(t), used)
                }
            }
        }
        _ => {
            let (t, used) = decode(bytes, declared.as_deref(), forced);
            (Cow::Owned(t), used)
        }
    };
    SgfTrees {
        text,
        encoding,
        at: 0,
        record: 0,
        file: file.to_string(),
        orientation,
        pending: None,
    }
}

impl SgfTrees<'_> {
    /// The encoding the text was decoded with.
    #[must_use]
    pub fn encoding(&self) -> &TextEncoding {
        &self.encoding
    }

    /// The next `(` that opens a game tree (followed by optional space and `;`).
    fn next_game_start(&self) -> Option<usize> {
        let b = self.text.as_bytes();
        let mut i = self.at;
        while i < b.len() {
            if b[i] == b'(' {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j < b.len() && b[j] == b';' {
                    return Some(i);
                }
            }
            i += 1;
        }
        None
    }
}

/// Properties of a node: id, values, byte offset of the id.
type Props = Vec<(String, Vec<String>, usize)>;

/// One scanned SGF node: its offset, properties, and the node it follows.
struct RawNode {
    at: usize,
    props: Props,
    parent: Option<usize>,
}

/// Scanned nodes of one game tree, in file order, with what is needed to keep the complete
/// lines of a tree that breaks off.
#[derive(Default)]
struct Scan {
    nodes: Vec<RawNode>,
    /// The sequence `(...)` each node is in.
    seq_of: Vec<usize>,
    /// Whether each sequence was closed by its `)`.
    closed: Vec<bool>,
}

impl Scan {
    /// The nodes of the lines that were complete when the scan stopped: each node of a
    /// closed sequence and their ancestors (parents re-numbered).
    fn complete_part(self) -> Vec<RawNode> {
        let mut keep = vec![false; self.nodes.len()];
        for k in (0..self.nodes.len()).rev() {
            keep[k] |= self.closed[self.seq_of[k]];
            if keep[k]
                && let Some(p) = self.nodes[k].parent
            {
                keep[p] = true;
            }
        }
        let mut new_index = vec![usize::MAX; self.nodes.len()];
        let mut out = Vec::new();
        for (k, mut n) in self.nodes.into_iter().enumerate() {
            if keep[k] {
                n.parent = n.parent.map(|p| new_index[p]);
                new_index[k] = out.len();
                out.push(n);
            }
        }
        out
    }
}

/// Scans one game tree starting at `start` (`(`) into `scan` (its nodes in file order, each
/// with its parent); returns the offset after the game's closing `)`.
fn scan_game(text: &str, start: usize, scan: &mut Scan) -> Result<usize, (usize, ErrorKind)> {
    let b = text.as_bytes();
    let mut i = start;
    // the node each open '(' continues from
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut seqs: Vec<usize> = Vec::new();
    let mut cur: Option<usize> = None;
    let Scan {
        nodes,
        seq_of,
        closed,
    } = scan;
    let mut depth_of: Vec<usize> = Vec::new();
    while i < b.len() {
        match b[i] {
            b'(' => {
                if stack.len() >= crate::limits::MAX_SGF_DEPTH {
                    return Err((
                        i,
                        ErrorKind::TooDeep {
                            limit: crate::limits::MAX_SGF_DEPTH,
                        },
                    ));
                }
                stack.push(cur);
                seqs.push(closed.len());
                closed.push(false);
                i += 1;
            }
            b')' => {
                let Some(back) = stack.pop() else {
                    return Err((
                        i,
                        ErrorKind::Unexpected {
                            found: ")".into(),
                            expected: "'(' opening a game",
                        },
                    ));
                };
                cur = back;
                if let Some(s) = seqs.pop() {
                    closed[s] = true;
                }
                i += 1;
                if stack.is_empty() {
                    return Ok(i);
                }
            }
            b';' => {
                if stack.is_empty() {
                    return Err((
                        i,
                        ErrorKind::Unexpected {
                            found: ";".into(),
                            expected: "'(' before a node",
                        },
                    ));
                }
                let node_at = i;
                i += 1;
                let mut props: Props = Vec::new();
                let mut values_here = 0usize;
                loop {
                    while i < b.len() && b[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    let id_start = i;
                    while i < b.len() && b[i].is_ascii_alphanumeric() {
                        i += 1;
                    }
                    if id_start == i {
                        break;
                    }
                    let id = &text[id_start..i];
                    let mut values = Vec::new();
                    loop {
                        while i < b.len() && b[i].is_ascii_whitespace() {
                            i += 1;
                        }
                        if i >= b.len() || b[i] != b'[' {
                            break;
                        }
                        let (v, next) = read_value(text, i)?;
                        values.push(v);
                        i = next;
                    }
                    if values.is_empty() {
                        return Err((
                            i.min(b.len()),
                            ErrorKind::Unexpected {
                                found: excerpt(
                                    text.get(id_start..(id_start + 12).min(b.len()))
                                        .unwrap_or(""),
                                ),
                                expected: "a property value '[...]'",
                            },
                        ));
                    }
                    values_here += values.len() + 1;
                    if values_here > crate::limits::MAX_SGF_VALUES {
                        return Err((
                            node_at,
                            ErrorKind::TooLarge {
                                what: "game with too many properties".into(),
                                found: values_here as u64,
                                unit: "values",
                                limit: crate::limits::MAX_SGF_VALUES as u64,
                            },
                        ));
                    }
                    props.push((property_id(id), values, id_start));
                }
                let depth = cur.map_or(1, |c| depth_of[c] + 1);
                if depth > crate::limits::MAX_MOVES + 1 {
                    return Err((
                        node_at,
                        ErrorKind::TooLarge {
                            what: "game too long".into(),
                            found: depth as u64,
                            unit: "nodes",
                            limit: crate::limits::MAX_MOVES as u64 + 1,
                        },
                    ));
                }
                if nodes.len() >= crate::limits::MAX_TREE_NODES {
                    return Err((
                        node_at,
                        ErrorKind::TooLarge {
                            what: "game tree too large".into(),
                            found: nodes.len() as u64 + 1,
                            unit: "nodes",
                            limit: crate::limits::MAX_TREE_NODES as u64,
                        },
                    ));
                }
                nodes.push(RawNode {
                    at: node_at,
                    props,
                    parent: cur,
                });
                seq_of.push(seqs.last().copied().unwrap_or(0));
                depth_of.push(depth);
                cur = Some(nodes.len() - 1);
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let end = text[i..]
                    .char_indices()
                    .nth(8)
                    .map_or(text.len(), |(k, _)| i + k);
                return Err((
                    i,
                    ErrorKind::Unexpected {
                        found: excerpt(&text[i..end]),
                        expected: "';', '(' or ')'",
                    },
                ));
            }
        }
    }
    Err((
        b.len(),
        ErrorKind::Truncated {
            expected: "')' closing the game",
        },
    ))
}

/// The points of a point-list value: `aa` or a rectangle `aa:cc` (FF4 compressed lists).
fn point_list(v: &str, size: u8, orientation: Orientation) -> Option<Vec<Point>> {
    let v = v.trim();
    let (a, b) = v.split_once(':').unwrap_or((v, v));
    let a = sgf_point(a, size, Orientation::RowOneAtTop)??;
    let b = sgf_point(b, size, Orientation::RowOneAtTop)??;
    let (c0, c1) = (a.col().min(b.col()), a.col().max(b.col()));
    let (r0, r1) = (a.row().min(b.row()), a.row().max(b.row()));
    let mut out = Vec::new();
    for c in c0..=c1 {
        for r in (r0..=r1).rev() {
            let p = Point::new(c, r)?;
            // the letters were read with row 1 at the top: turn into `orientation`
            let (col, row) = point_to(p, size, Orientation::RowOneAtTop);
            out.push(point_from(col, row, size, orientation)?);
        }
    }
    Some(out)
}

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

impl SgfTrees<'_> {
    /// Builds the tree of scanned nodes.
    fn build(&self, raw: Vec<RawNode>) -> Result<GameTree, (usize, ErrorKind)> {
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
        let slots = swap_slots(g.rule.as_deref(), swaps.len());
        g.swaps = swaps
            .into_iter()
            .zip(slots)
            .map(|(swapped, after_move)| crate::SwapDecision {
                after_move,
                swapped,
            })
            .collect();
        Ok(t)
    }
}

impl Iterator for SgfTrees<'_> {
    type Item = Result<GameTree, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(e) = self.pending.take() {
            return Some(Err(e));
        }
        let Some(start) = self.next_game_start() else {
            if self.record == 0 && self.at < usize::MAX && !self.text.trim().is_empty() {
                // text, but not one game tree in it: say so rather than give no record
                self.at = usize::MAX;
                self.record = 1;
                return Some(Err(RecordError::new(
                    &self.file,
                    1,
                    crate::Position::Byte(0),
                    ErrorKind::WrongFormat("no SGF game tree '(;' in the file"),
                )));
            }
            return None;
        };
        self.record += 1;
        let mut scan = Scan::default();
        match scan_game(&self.text, start, &mut scan) {
            Ok(end) => {
                self.at = end;
                Some(
                    self.build(scan.nodes)
                        .map_err(|(at, kind)| self.error(start, at, kind)),
                )
            }
            Err((at, kind)) => {
                let mut err = self.error(start, at, kind);
                // the lines of the tree that were complete (closed by their ')') before the
                // place of the error are read; the error follows them
                let part = scan.complete_part();
                if !part.is_empty()
                    && let Ok(tree) = self.build(part)
                {
                    self.record += 1;
                    err.record = self.record;
                    self.pending = Some(err);
                    return Some(Ok(tree));
                }
                Some(Err(err))
            }
        }
    }
}

impl SgfTrees<'_> {
    /// The error of the game tree that starts at `start`, at `at`; moves on to where reading
    /// can resume.
    fn error(&mut self, start: usize, at: usize, kind: ErrorKind) -> RecordError {
        if matches!(kind, ErrorKind::Truncated { .. }) {
            // Unclosed to the end (a game or a value): every later '(' lies inside this
            // game, so there is nothing more to read. Resuming at the next
            // line instead would rescan the rest of the file once per line.
            self.at = self.text.len();
        } else if self.at <= start {
            // skip this game: resume after the place of the error (everything before it
            // was read as part of this game; resuming earlier would rescan it)
            self.at = (start + 1).max(at.min(self.text.len()));
            while !self.text.is_char_boundary(self.at) {
                self.at += 1;
            }
            // and past the rest of a broken game, to the next game start
            if let Some(next) = self.text[self.at..].find("\n(") {
                self.at += next + 1;
            } else {
                self.at = self.text.len();
            }
        }
        RecordError::new(&self.file, self.record, line_col(&self.text, at), kind)
    }
}

/// An iterator over the records of an SGF text: one per root-to-leaf line of each game tree
/// (a game without variations is one record). Errors are numbered by game tree.
///
/// ```
/// use notation::{DeclaredResult, Orientation, sgf::SgfReader};
/// let text = "(;GM[4]SZ[15]PB[Ann]RE[W+Resign]5A[gg][hh];B[hh];W[hg](;B[jf])(;B[if]))";
/// let games: Vec<_> = SgfReader::new(text, "a.sgf", Orientation::RowOneAtTop).collect();
/// assert_eq!(games.len(), 2);
/// let g = games[0].as_ref().unwrap();
/// assert_eq!(g.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["h8", "h9", "j10"]);
/// assert_eq!((g.black.as_deref(), g.result), (Some("Ann"), DeclaredResult::White));
/// assert_eq!(g.fifth_offers.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().moves[2].to_string(), "i10");
/// ```
#[derive(Debug)]
pub struct SgfReader<'a> {
    trees: SgfTrees<'a>,
    lines: Option<crate::tree::TreeLines>,
    /// Lines of the trees before the current one (records are numbered across the file).
    done: usize,
}

impl<'a> SgfReader<'a> {
    /// A reader over `text`, naming `file` in its errors.
    #[must_use]
    pub fn new(text: &'a str, file: &str, orientation: Orientation) -> SgfReader<'a> {
        SgfReader::from_trees(read_trees(text.as_bytes(), file, orientation, None))
    }

    /// A reader over the lines of `trees`.
    #[must_use]
    pub fn from_trees(trees: SgfTrees<'a>) -> SgfReader<'a> {
        SgfReader {
            trees,
            lines: None,
            done: 0,
        }
    }
}

impl Iterator for SgfReader<'_> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(lines) = self.lines.as_mut() {
                match lines.next() {
                    Some(Ok(g)) => return Some(Ok(g)),
                    Some(Err((line, kind))) => {
                        return Some(Err(RecordError::new(
                            &self.trees.file,
                            self.done + line,
                            crate::Position::Byte(0),
                            kind,
                        )));
                    }
                    None => {
                        self.done += lines.line_count();
                        self.lines = None;
                    }
                }
            }
            match self.trees.next()? {
                Ok(t) => self.lines = Some(crate::tree::TreeLines::new(t, self.trees.orientation)),
                Err(mut e) => {
                    self.done += 1;
                    e.record = self.done;
                    return Some(Err(e));
                }
            }
        }
    }
}

/// The property id as FF[4] spells it: FF[3] ids may hold lower-case letters, which are
/// ignored (`AddBlack` is `AB`, `GaMe` is `GM`); an id of lower-case letters only (`b`,
/// written by some old programs) is upper-cased.
fn property_id(id: &str) -> String {
    let upper: String = id
        .chars()
        .filter(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        .collect();
    if upper.is_empty() {
        id.to_ascii_uppercase()
    } else {
        upper
    }
}

/// Reads `[value]` at `i` (which is `[`), unescaping `\`; returns the value and the offset after `]`.
fn read_value(text: &str, i: usize) -> Result<(String, usize), (usize, ErrorKind)> {
    let mut out = String::new();
    let mut chars = text[i + 1..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // a soft line break: `\` before a line break (`\n`, `\r\n`, `\r`, `\n\r`)
                // is removed with it
                Some((_, n @ ('\n' | '\r'))) => {
                    let other = if n == '\n' { '\r' } else { '\n' };
                    if chars.clone().next().is_some_and(|(_, c)| c == other) {
                        chars.next();
                    }
                }
                Some((_, n)) => out.push(n),
                None => {}
            },
            ']' => return Ok((out, i + 1 + k + 1)),
            _ => out.push(c),
        }
    }
    Err((
        i,
        ErrorKind::Truncated {
            expected: "']' closing a property value",
        },
    ))
}

fn sgf_point(v: &str, size: u8, orientation: Orientation) -> Option<Option<Point>> {
    let v = v.trim();
    if v.is_empty() || (size <= 19 && v == "tt") || (size <= 15 && v == "pp") {
        return Some(None);
    }
    let b = v.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return None;
    }
    point_from(
        u32::from(b[0] - b'a'),
        u32::from(b[1] - b'a'),
        size,
        orientation,
    )
    .map(Some)
}

/// The `RE` value [`write_sgf`] writes for a result.
pub(crate) fn canonical_result(r: DeclaredResult) -> Option<&'static str> {
    match r {
        DeclaredResult::Black => Some("B+"),
        DeclaredResult::White => Some("W+"),
        DeclaredResult::Draw => Some("Draw"),
        DeclaredResult::Unknown => None,
    }
}

/// Reads an SGF `RE` value: `B+...`, `W+...`, `Draw`/`0`/`B+Draw`; `None` when it says
/// nothing the record can hold (`?`, `Void`, other words).
#[must_use]
pub fn parse_sgf_result(v: &str) -> Option<DeclaredResult> {
    let t = v.trim();
    let lower = t.to_ascii_lowercase();
    if lower.contains("draw") || lower == "0" || lower == "jigo" {
        Some(DeclaredResult::Draw)
    } else if lower.starts_with("b+") {
        Some(DeclaredResult::Black)
    } else if lower.starts_with("w+") {
        Some(DeclaredResult::White)
    } else {
        None
    }
}

pub(crate) fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

/// Whether a tag key can be written as an SGF root property by [`write_sgf`].
#[must_use]
pub fn is_sgf_tag(k: &str) -> bool {
    !k.is_empty()
        && k.len() <= 8
        && k.bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        && k.bytes().next().is_some_and(|b| b.is_ascii_uppercase())
        && !KNOWN.contains(&k)
        || k == "RE"
        || k == "5A"
        || k == "GM"
}
