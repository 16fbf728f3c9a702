#![doc = include_str!("../README.md")]
//!
//! ## Modules
//!
//! - [`key`]: point codes and the canonical key of a position under the 8 symmetries.
//! - [`Book`]: create, open, add files ([`Book::add`], [`FileBuild`], [`Book::add_records`],
//!   [`Book::add_file`]), [`Book::query`], [`Book::export`], [`Book::check`].
//! - [`prepare`]: the per-game work (audit and walk), pure, for parallel callers.
//! - [`schema`]: the tables and their version.

mod aggregate;
mod book;
mod buckets;
mod check;
mod counts;
mod error;
pub mod export;
pub mod key;
mod prepare;
mod query;
pub mod schema;
mod settings;
mod source;
mod spill;
mod sweep;
mod walk;
mod writeback;

pub use book::{
    AddOptions, AddOutcome, Adding, Book, DEFAULT_MEMORY_CAP, FileBuild, FileStats, SourceInfo,
};
pub use check::Check;
pub use counts::{Counts, judged_result, result_of};
pub use error::BookError;
pub use export::{ExportOptions, Exported};
pub use prepare::{Prepared, Record, Shortfall, prepare};
pub use query::{Answer, NextMove};
pub use settings::BookSettings;
pub use source::Source;
