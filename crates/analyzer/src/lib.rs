//! # analyzer
//!
//! Replays and adjudicates games. (Work in progress.)
