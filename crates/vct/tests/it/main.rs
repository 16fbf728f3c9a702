//! The integration tests of `renju-vct`, one binary, one module per subject.
//!
//! Run one module with `cargo test -p renju-vct --test it MODULE::`; the dev-set modules are
//! meant for `--release` (in a debug build they take a sample and say so).

mod common;
mod dev;
mod properties;
mod rules;
mod sample;
#[cfg(feature = "serde")]
mod serde_feature;
