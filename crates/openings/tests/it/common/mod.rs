//! Helpers shared by the openings tests (each test file uses a subset).
#![allow(dead_code)]

use renju_core::Point;

/// A point in RIF notation on boards up to 20x20 (panics with the text on a bad one).
pub fn p(s: &str) -> Point {
    Point::parse_sized(s, 20).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Points separated by spaces.
pub fn pts(list: &str) -> Vec<Point> {
    list.split_whitespace().map(p).collect()
}

/// The text of a file of the shared reference data, or `None` with a printed `SKIPPED:` line
/// (a failure under CI: see `renju_testdata::shared`).
pub fn shared(path: &str) -> Option<String> {
    let full = renju_testdata::shared(path)?;
    Some(std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display())))
}
