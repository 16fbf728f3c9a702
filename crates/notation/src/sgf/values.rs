//! Decoding and encoding SGF property values: points and point lists, `RE` results,
//! escaping, and which tag keys are SGF root properties.

use crate::moves::{point_from, point_to};
use crate::record::{DeclaredResult, Orientation};
use renju_core::Point;

/// Root properties the reader turns into record fields (everything else goes to `tags`).
const KNOWN: &[&str] = &[
    "C", "GM", "FF", "SZ", "PB", "PW", "EV", "RO", "DT", "RU", "RE", "5A", "SW", "B", "W", "CA",
    "LB", "TR", "SQ", "CR", "MA", "AB", "AW", "AE", "RLF",
];

/// The points of a point-list value: `aa` or a rectangle `aa:cc` (FF4 compressed lists).
pub(super) fn point_list(v: &str, size: u8, orientation: Orientation) -> Option<Vec<Point>> {
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

pub(super) fn sgf_point(v: &str, size: u8, orientation: Orientation) -> Option<Option<Point>> {
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

/// The `RE` value [`write_sgf`](super::write_sgf) writes for a result.
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

/// Whether a tag key can be written as an SGF root property by [`write_sgf`](super::write_sgf).
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
