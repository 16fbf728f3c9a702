//! # notation
//!
//! Renju and gomoku game records: every format and coordinate convention the field uses, read
//! and written through one record type, [`GameRecord`]. Readers are iterators of
//! `Result<GameRecord, RecordError>`: a broken record is reported with its file, index and
//! position, and the next record is read.
//!
//! Not for judging games (the `analyzer` crate does that) nor for knowing the rules (see
//! `renju-core`): a record that is well-formed but illegal on the board is read as written.

pub mod atlas;
pub mod diagram;
pub mod record;
pub mod svg;

pub use record::{DeclaredResult, GameRecord, Orientation, SwapDecision};
