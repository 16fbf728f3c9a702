//! Helpers shared by the analyzer tests (each test file uses a subset).
#![allow(dead_code)]

use renju_core::{Move, Point};
use renju_notation::{DeclaredResult, GameRecord};

/// A point in RIF notation (panics with the text on a bad one).
pub fn pt(s: &str) -> Point {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Points separated by spaces.
pub fn pts(s: &str) -> Vec<Point> {
    s.split_whitespace().map(pt).collect()
}

/// Moves separated by spaces on a board of side `size` (`--` or `pass` is a pass where the
/// move parser reads it).
pub fn moves_sized(s: &str, size: u8) -> Vec<Move> {
    s.split_whitespace()
        .map(|m| Move::parse_sized(m, size).unwrap_or_else(|e| panic!("{m}: {e}")))
        .collect()
}

/// A record on a board of side `size` with these moves and this declared result.
pub fn record(size: u8, moves: &str, result: DeclaredResult) -> GameRecord {
    let mut r = GameRecord::new(size);
    r.result = result;
    r.moves = moves_sized(moves, size);
    r
}
