//! Writing SGF: whole game trees in UTF-8 (`CA[UTF-8]`), every variation, comment, label,
//! mark and setup stone on its node.

use super::{canonical_result, escape, is_sgf_tag, parse_sgf_result};
use crate::moves::point_to;
use crate::record::{DeclaredResult, GameRecord, Label, MarkShape, Orientation};
use crate::tree::GameTree;
use renju_core::{Color, MAX_SIZE, MIN_SIZE, Move, Point};

/// Writes records as an SGF collection (`GM[4]`, `CA[UTF-8]`, one game per `(;...)`, one
/// line each), with each record's notes and setup stones on their nodes. Tags whose keys are
/// SGF property names (upper-case letters and digits) are written as root properties; the
/// others cannot be held (see [`crate::write`](fn@crate::write)'s report).
#[must_use]
pub fn write_sgf(records: &[GameRecord], orientation: Orientation) -> String {
    // one record's tree at a time: a tree of a game's moves takes some 13 KB, and the trees
    // of a whole archive made first took 2 GB for 147,229 games
    let mut out = String::new();
    for g in records {
        write_tree(
            &GameTree::from_records(std::slice::from_ref(g)),
            orientation,
            &mut out,
        );
    }
    out
}

fn sgf_coord(p: Point, size: u8, orientation: Orientation) -> String {
    let (c, r) = point_to(p, size, orientation);
    format!(
        "{}{}",
        char::from(b'a' + c as u8),
        char::from(b'a' + r as u8)
    )
}

fn write_root_info(g: &GameRecord, size: u8, orientation: Orientation, out: &mut String) {
    let gm = g.tags.get("GM").map_or("4", String::as_str);
    out.push_str(&format!("GM[{}]FF[4]CA[UTF-8]SZ[{size}]", escape(gm)));
    let mut prop = |id: &str, v: &Option<String>| {
        if let Some(v) = v {
            out.push_str(&format!("{id}[{}]", escape(v)));
        }
    };
    prop("PB", &g.black);
    prop("PW", &g.white);
    prop("EV", &g.event);
    prop("RO", &g.round);
    prop("DT", &g.date);
    prop("RU", &g.rule);
    // A kept wording of the result is written when it says the same as `result`.
    match g.tags.get("RE") {
        Some(raw) if parse_sgf_result(raw).unwrap_or(DeclaredResult::Unknown) == g.result => {
            out.push_str(&format!("RE[{}]", escape(raw)));
        }
        _ => {
            if let Some(re) = canonical_result(g.result) {
                out.push_str(&format!("RE[{re}]"));
            }
        }
    }
    if !g.fifth_offers.is_empty() {
        out.push_str("5A");
        for p in &g.fifth_offers {
            out.push_str(&format!("[{}]", sgf_coord(*p, size, orientation)));
        }
    }
    if !g.swaps.is_empty() {
        out.push_str("SW");
        for s in &g.swaps {
            out.push_str(if s.swapped { "[YES]" } else { "[NO]" });
        }
    }
    for (k, v) in &g.tags {
        if is_sgf_tag(k) && k != "GM" && k != "RE" {
            out.push_str(&format!("{k}[{}]", escape(v)));
        }
    }
}

/// The labels a node's children's `.lib` board texts make on it (RenLib shows a move's board
/// text on its point of the position before it; SGF holds that as `LB` on the parent).
fn board_text_labels(t: &GameTree, n: usize) -> Vec<Label> {
    t.nodes[n]
        .children
        .iter()
        .filter_map(|&c| {
            let node = &t.nodes[c];
            match (node.mv, &node.board_text) {
                (Some(Move::Stone(p)), Some(bt)) => Some(Label {
                    point: p,
                    text: bt.as_str().to_string(),
                }),
                _ => None,
            }
        })
        .collect()
}

fn write_node_props(t: &GameTree, n: usize, orientation: Orientation, out: &mut String) {
    let size = t.board_size;
    let node = &t.nodes[n];
    for (color, id) in [
        (Some(Color::Black), "AB"),
        (Some(Color::White), "AW"),
        (None, "AE"),
    ] {
        let pts: Vec<String> = node
            .setup
            .iter()
            .filter(|(_, c)| *c == color)
            .map(|(p, _)| format!("[{}]", sgf_coord(*p, size, orientation)))
            .collect();
        if !pts.is_empty() {
            out.push_str(id);
            out.push_str(&pts.concat());
        }
    }
    if let Some(c) = &node.comment {
        out.push_str(&format!("C[{}]", escape(c.as_str())));
    }
    let mut labels = node.labels.clone();
    for l in board_text_labels(t, n) {
        if !labels.iter().any(|x| x.point == l.point) {
            labels.push(l);
        }
    }
    if !labels.is_empty() {
        out.push_str("LB");
        for l in &labels {
            out.push_str(&format!(
                "[{}:{}]",
                sgf_coord(l.point, size, orientation),
                escape(&l.text)
            ));
        }
    }
    for shape in MarkShape::ALL {
        let pts: Vec<String> = node
            .marks
            .iter()
            .filter(|m| m.shape == shape)
            .map(|m| format!("[{}]", sgf_coord(m.point, size, orientation)))
            .collect();
        if !pts.is_empty() {
            out.push_str(shape.sgf_id());
            out.push_str(&pts.concat());
        }
    }
    // RenLib's mark and start flags have no SGF property: a private one keeps them
    let flags = node.lib.flags & (crate::renlib::FLAG_MARK | crate::renlib::FLAG_START);
    if flags != 0 {
        out.push_str(&format!("RLF[{flags}]"));
    }
    for (id, values) in &node.props {
        out.push_str(id);
        for v in values {
            out.push_str(&format!("[{}]", escape(v)));
        }
    }
}

/// The value of the private root property `RLL` that keeps a library's layout through SGF:
/// the header's version (`3.0`, `3.4`; the 20 bytes in hex when they are not RenLib's
/// standard ones; `none` for a header-less file), then ` root` when the root is stored as a
/// record.
fn layout_value(layout: &crate::tree::LibLayout) -> String {
    let mut v = match layout.header {
        None => "none".to_string(),
        Some(h) => {
            let mut standard = crate::renlib::HEADER_V34;
            standard[8..10].copy_from_slice(&h[8..10]);
            if h == standard {
                format!("{}.{}", h[8], h[9])
            } else {
                h.iter().map(|b| format!("{b:02x}")).collect()
            }
        }
    };
    if layout.root_in_file {
        v.push_str(" root");
    }
    v
}

/// Writes game trees as an SGF collection in UTF-8 (`CA[UTF-8]`), every variation kept: one
/// `(;...)` per tree, a line break after each. `.lib` board texts are written as `LB` labels
/// on the position before their move (where RenLib shows them); what a library holds that SGF
/// has no property for goes into private properties, read back by this crate: the mark and
/// start flags of a node (`RLF`) and, when it is not the one the `.lib` writer would choose,
/// the library's layout at the root (`RLL`, see `layout_value`), so that a library converted
/// to SGF and back can be byte-identical.
#[must_use]
pub fn write_trees(trees: &[GameTree], orientation: Orientation) -> String {
    let mut out = String::new();
    for t in trees {
        write_tree(t, orientation, &mut out);
    }
    out
}

/// Appends one tree to `out` as [`write_trees`] writes it.
fn write_tree(t: &GameTree, orientation: Orientation, out: &mut String) {
    let size = t.board_size.clamp(MIN_SIZE, MAX_SIZE);
    out.push_str("(;");
    write_root_info(&t.info, size, orientation, out);
    if let Some(layout) = &t.lib
        && *layout != crate::renlib::default_layout(t, orientation)
    {
        out.push_str(&format!("RLL[{}]", layout_value(layout)));
    }
    write_node_props(t, 0, orientation, out);
    enum Step {
        Open,
        Node(usize, usize),
        Close,
    }
    let push_children = |n: usize, plies: usize, stack: &mut Vec<Step>| {
        let ch = &t.nodes[n].children;
        if ch.len() == 1 {
            stack.push(Step::Node(ch[0], plies));
        } else {
            for &c in ch.iter().rev() {
                stack.push(Step::Close);
                stack.push(Step::Node(c, plies));
                stack.push(Step::Open);
            }
        }
    };
    let mut stack: Vec<Step> = Vec::new();
    push_children(0, 0, &mut stack);
    while let Some(step) = stack.pop() {
        match step {
            Step::Open => out.push('('),
            Step::Close => out.push(')'),
            Step::Node(n, plies) => {
                let node = &t.nodes[n];
                out.push(';');
                let mut after = plies;
                if let Some(m) = node.mv {
                    let c = if plies.is_multiple_of(2) { 'B' } else { 'W' };
                    match m {
                        Move::Pass => out.push_str(&format!("{c}[]")),
                        Move::Stone(p) => {
                            out.push_str(&format!("{c}[{}]", sgf_coord(p, size, orientation)));
                        }
                    }
                    after += 1;
                }
                write_node_props(t, n, orientation, out);
                push_children(n, after, &mut stack);
            }
        }
    }
    out.push_str(")\n");
}
