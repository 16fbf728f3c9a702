//! The integration tests of `renju-core`, one binary: each module is one former test file.
//!
//! Run one module with `cargo test -p renju-core --test it MODULE::`.

mod fouls;
mod fouls_sample;
mod incremental;
mod labelled_data;
mod properties;
mod reference;
mod reference_checker;
mod serde_feature;
mod shapes;
