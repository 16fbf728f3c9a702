//! The integration tests of `renju-notation`, one binary: each module is one former test file.
//!
//! Run one module with `cargo test -p renju-notation --test it MODULE::`.

mod common;
mod detect;
mod dialects;
mod encodings;
mod fixtures;
mod garbage;
mod lib_dialects;
mod lib_encodings;
mod limits;
mod move_grammar;
mod real_trees;
mod rif_dialects;
mod roundtrip;
mod shared_corpora;
