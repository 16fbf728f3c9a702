//! # openings
//!
//! The 26 openings and the opening rules. (Work in progress.)
