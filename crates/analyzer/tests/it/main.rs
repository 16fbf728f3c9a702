//! The integration tests of `renju-analyzer`, one binary: each module is one former test file.
//!
//! Run one module with `cargo test -p renju-analyzer --test it MODULE::`.

mod annotations;
mod archive;
mod board_sizes;
mod common;
mod games;
mod opening_rules;
mod opening_rules_review;
mod openings;
mod reference;
mod setup;
mod stats;
