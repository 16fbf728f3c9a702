//! The integration tests of `renju-diagrams`, one binary: each module is one former test file.
//!
//! Run one module with `cargo test -p renju-diagrams --test it MODULE::`.

mod atlas;
mod readers_agree;
