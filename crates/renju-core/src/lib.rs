//! # renju-core
//!
//! The rules of renju, exactly: board and coordinates ([`Point`], [`Board`], [`Game`]), rule
//! sets ([`RuleSet`]), line shapes ([`line_shape`]: five, overline, fours, straight fours,
//! threes with their straight-four points), the 8 board symmetries ([`Symmetry`]) and the
//! exact foul checker ([`is_forbidden`], [`forbidden_points`], [`explain`]) with its two
//! conventions ([`Convention`]).
//!
//! It is **not** a record reader (see the `renju-notation` crate), an opening-rule checker
//! (`renju-openings`), a game adjudicator (`renju-analyzer`) or a search engine: it answers
//! questions about one position. It depends on nothing but `std`; the `serde` feature adds
//! `Serialize`/`Deserialize` for [`Point`] (as `"h8"`) and the named enums (as their names).
//!
//! The rules as implemented, with diagrams:
//! [docs/rules.md](https://github.com/renju-kit/renju-kit/blob/main/docs/rules.md).
//!
//! ```
//! use renju_core::{Board, Convention, Foul, forbidden_points};
//! // Two threes that meet on d3: a clean double three.
//! let board = Board::from_diagram("
//!     . . . . . . .
//!     . . . x . . .
//!     . . . x . . .
//!     . . . . . . .
//!     . x x . . . .
//!     . . . . . . .
//!     . . . . . . .").unwrap();
//! let fouls = forbidden_points(&board, Convention::Lenient);
//! assert_eq!(fouls, vec![("d3".parse().unwrap(), Foul::DoubleThree)]);
//! ```

mod board;
mod color;
pub mod foul;
mod game;
pub mod grid;
mod names;
mod orientation;
mod point;
mod rules;
pub mod shape;
mod symmetry;

pub use board::{Board, BoardError};
pub use color::Color;
pub use foul::{
    Explanation, EyeReason, EyeWhy, Foul, FoulChecker, Fouls, IncrementalBoard, LineKind,
    LineReason, Verdict, explain, forbidden_points, is_forbidden,
};
pub use game::{Game, Move, PlayError};
#[doc(hidden)]
pub use names::__private;
pub use names::{Named, UnknownNameError};
pub use orientation::Orientation;
pub use point::{MAX_SIZE, MIN_SIZE, Point, PointError, RENJU_SIZE};
pub use rules::{Convention, RuleSet};
pub use shape::{Direction, LineShape, line_shape, longest_run, makes_five, shapes_at};
pub use symmetry::Symmetry;

/// The examples of the README compile and pass.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
