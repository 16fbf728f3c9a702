#![doc = include_str!("../README.md")]

pub mod dedupe;
pub mod filter;
pub mod keys;
pub mod pattern;
pub mod search;
