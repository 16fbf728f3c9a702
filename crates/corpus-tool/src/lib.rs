//! # corpus-tool
//!
//! The library behind the `corpus-tool` command: the parallel corpus auditor and the
//! subcommands' logic (fouls of positions, ...), so that they can be tested and reused.
//!
//! Not a rules engine (that is `renju-core`), not a record reader (`notation`), not a game
//! judge (`analyzer`): it wires them to files, threads and reports.

pub mod args;
pub mod convert;
pub mod dedupe;
pub mod engine;
pub mod explain;
pub mod filter;
pub mod fouls;
pub mod html;
pub mod input;
pub mod openings_stats;
pub mod output;
pub mod records;
pub mod search;
pub mod show;
pub mod stats_report;
pub mod style;
pub mod validate;
pub mod vcf;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
