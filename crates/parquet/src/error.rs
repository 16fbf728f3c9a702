//! The one error type of the crate: [`Error`].

use std::fmt;

/// Why a Parquet file could not be written or read.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The Parquet layer failed (a write error, a corrupt page, a truncated file).
    Parquet(parquet::errors::ParquetError),
    /// The Arrow layer failed (a batch that does not fit the schema).
    Arrow(arrow_schema::ArrowError),
    /// The file is Parquet but not a game file this reader reads (a column missing or of
    /// another type, another schema version).
    Schema(String),
    /// A report row that does not fit the report's columns (a programming error of the
    /// caller, said rather than panicked).
    Row(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parquet(e) => write!(f, "{e}"),
            Error::Arrow(e) => write!(f, "{e}"),
            Error::Schema(s) | Error::Row(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Parquet(e) => Some(e),
            Error::Arrow(e) => Some(e),
            Error::Schema(_) | Error::Row(_) => None,
        }
    }
}

impl From<parquet::errors::ParquetError> for Error {
    fn from(e: parquet::errors::ParquetError) -> Self {
        Error::Parquet(e)
    }
}

impl From<arrow_schema::ArrowError> for Error {
    fn from(e: arrow_schema::ArrowError) -> Self {
        Error::Arrow(e)
    }
}
