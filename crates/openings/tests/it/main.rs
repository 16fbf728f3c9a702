//! The integration tests of `renju-openings`, one binary: each module is one former test file.
//!
//! Run one module with `cargo test -p renju-openings --test it MODULE::`.

mod catalogue;
mod common;
mod first_three;
mod protocol;
mod record_properties;
mod report;
mod tables;
