//! The name boilerplate comes from `openings` (`display_by_name!`, `from_str_by_name!`): one
//! macro pair for both crates.

pub(crate) use renju_openings::{display_by_name, from_str_by_name};
