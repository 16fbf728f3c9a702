//! # renju-diagrams
//!
//! Renju boards drawn for people: text diagrams in ASCII and in the Unicode style of the seeds
//! ([`diagram`], read and written), SVG images ([`svg`]), and the foul atlas file format
//! ([`atlas`]: a diagram with the verdicts it states, checked by the tests against the foul
//! checker).
//!
//! Depends on `renju-core` (boards, the foul checker: [`diagram::Diagram::mark_fouls`] and the
//! atlas ask it) and `renju-notation` (game records to draw). Record formats live in
//! `renju-notation`, which never calls the foul checker; the rules live in `renju-core`.
//!
//! Not for judging games (the `renju-analyzer` does that) nor for reading game records.
//!
//! ```
//! use renju_diagrams::diagram::Diagram;
//! use renju_diagrams::svg::{SvgOptions, render_svg};
//! let d = Diagram::parse("
//!  5 . . . . .
//!  4 . . . . .
//!  3 . . X . .
//!  2 . . . . .
//!  1 . . . . .
//!    a b c d e").unwrap();
//! assert_eq!(d.board().stone_count(), 1);
//! assert!(render_svg(&d, &SvgOptions::default()).starts_with("<svg"));
//! ```

pub mod atlas;
pub mod diagram;
mod parse;
pub mod svg;
mod text;

/// The examples of the README compile and pass.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
