//! The integration tests of `renju-vcf`, one binary: each module is one former test file.
//!
//! Run one module with `cargo test -p renju-vcf --test it MODULE::`.

mod common;
mod dev;
mod rules;
