//! # renju-parquet
//!
//! Renju game records and audit reports as [Apache Parquet](https://parquet.apache.org/)
//! files, for the tools that hold large game sets in columns (Spark, DuckDB, Polars, pandas).
//!
//! - [`games`]: the versioned game schema ([`games::schema`], version
//!   [`games::SCHEMA_VERSION`] under the file metadata key [`games::SCHEMA_KEY`]), a
//!   streaming writer of [`GameRecord`](renju_notation::GameRecord)s ([`GameWriter`]: one
//!   row per game, row groups of [`games::ROW_GROUP_ROWS`] rows, memory bounded whatever
//!   the number of games; [`games::RowGroup`] and [`games::RowGroupEncoder`] build and
//!   compress row groups on any thread, for [`GameWriter::append`] in order) and a streaming reader back ([`GameReader`]: one row group at a
//!   time, each row a [`GameRow`], unreadable rows with their reason).
//! - [`report`]: a typed writer of report rows ([`ReportWriter`]): integers as integers,
//!   lists of words as `list<utf8>`.
//!
//! Not a record reader of the text formats (that is `renju-notation`), not an auditor (that is
//! `renju-analyzer`), not a query engine: the files are plain Parquet, for any reader.
//!
//! ```
//! use renju_notation::{DeclaredResult, GameRecord};
//! use renju_parquet::{GameReader, GameWriter};
//!
//! let mut game = GameRecord::new(15);
//! game.result = DeclaredResult::Black;
//! game.moves = renju_notation::moves::parse_moves("h8 h9 i8", 15, Default::default()).unwrap();
//! let mut file = Vec::new();
//! let mut writer = GameWriter::new(&mut file).unwrap();
//! writer.push("a.renju", 1, &game, None).unwrap();
//! let written = writer.finish().unwrap();
//! assert_eq!(written.rows, 1);
//!
//! let rows: Vec<_> = GameReader::from_bytes(file).unwrap().collect::<Result<_, _>>().unwrap();
//! assert_eq!((rows[0].source.as_str(), rows[0].index), ("a.renju", 1));
//! assert_eq!(rows[0].game, game);
//! assert!(rows[0].unreadable.is_none());
//! ```

pub mod error;
pub mod games;
pub mod report;

pub use error::Error;
pub use games::{GameReader, GameRow, GameWriter, Unreadable, Written};
pub use report::{Column, ColumnType, ReportWriter, Value};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
