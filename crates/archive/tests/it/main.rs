//! The integration tests of `renju-archive`, one binary: each module is one former test file.
//!
//! Run one module with `cargo test -p renju-archive --test it MODULE::`.

mod dedupe;
mod filter;
mod search;
