//! # archive
//!
//! Operations on whole archives of renju game records, independent of files: the caller
//! streams [`GameRecord`](renju_notation::GameRecord)s in input order and gets
//!
//! - [`dedupe`]: the groups of records that hold the same game (identical, mirrored or
//!   rotated, or cut short), with a representative per group, found with canonical Zobrist
//!   keys of the 8 symmetric forms ([`keys`]) and checked move by move;
//! - [`search`]: whether a record passes through a position under the 8 symmetries, where
//!   first, and the tree of moves played next; [`pattern`]: the same for a partial board
//!   (stones, empty and don't-care points) found anywhere, under symmetry and translation;
//! - [`filter`]: conditions on a record (opening, declared result, the analyzer's end, verdict
//!   and findings, length, players, event, rule).
//!
//! It does **not** read or write files (the `notation` crate and `corpus-tool` do), judge
//! games (it asks `analyzer`) or know the rules (`renju-core`).
//!
//! ```
//! use renju_archive::dedupe::{Deduper, Kind, Source};
//! use renju_notation::GameRecord;
//! let game = |moves: &str| {
//!     let mut g = GameRecord::new(15);
//!     g.moves = moves.split(' ').map(|m| m.parse().unwrap()).collect();
//!     g
//! };
//! let mut d = Deduper::new(2);
//! d.push(Source { file: "a".into(), index: 1 }, &game("h8 h9 i10")).unwrap();
//! d.push(Source { file: "b".into(), index: 1 }, &game("h8 h9 i10")).unwrap();
//! let out = d.finish();
//! assert_eq!(out.groups[0].members[1].kind, Kind::Identical);
//! ```

pub mod dedupe;
pub mod filter;
pub mod keys;
pub mod pattern;
pub mod search;

/// The examples of the README compile and pass.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
