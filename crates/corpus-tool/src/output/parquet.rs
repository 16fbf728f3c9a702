//! Parquet outputs, through [`AtomicFile`]: the game files of `convert`
//! ([`GameFile`], `renju-parquet`'s game schema) and the typed reports
//! ([`ValidateReport`]: `validate --report audit.parquet`, the CSV report's rows and values
//! with types: integers as integers, `continues` a bool, `findings` a `list<utf8>`).
//!
//! An output is Parquet by its extension ([`is_parquet`]).

use super::AtomicFile;
use crate::validate::{CSV_HEADER, ReportWriter, Row};
use renju_parquet::{Column, ColumnType, GameWriter, Value, Written};
use std::io::{BufWriter, Write};
use std::path::Path;

/// Whether `path` names a Parquet file (extension `parquet`, any case).
#[must_use]
pub fn is_parquet(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("parquet"))
}

/// The write buffer of a Parquet output.
const BUFFER: usize = 1 << 20;

/// A game file being written: rows streamed out row group by row group, the file committed
/// whole ([`GameFile::finish`]).
pub struct GameFile {
    writer: GameWriter<BufWriter<AtomicFile>>,
}

impl GameFile {
    /// Creates `path` (`-`: standard output).
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn create(path: &Path) -> Result<GameFile, String> {
        let file = AtomicFile::create(path).map_err(|e| e.to_string())?;
        let writer = GameWriter::new(BufWriter::with_capacity(BUFFER, file))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(GameFile { writer })
    }

    /// The writer of the rows.
    pub fn rows(&mut self) -> &mut GameWriter<BufWriter<AtomicFile>> {
        &mut self.writer
    }

    /// Writes the footer and commits the file (`partial`: under a name that says so); what
    /// was written and where. With no row, nothing is committed (`None`).
    ///
    /// # Errors
    /// A write error.
    pub fn finish(
        self,
        path: &Path,
        partial: bool,
    ) -> Result<(Written, Option<std::path::PathBuf>), String> {
        let fail = |e: String| format!("cannot write {}: {e}", path.display());
        let (written, out) = self.writer.finish_into().map_err(|e| fail(e.to_string()))?;
        let file = out.into_inner().map_err(|e| fail(e.error().to_string()))?;
        if written.rows == 0 {
            // dropped: the temporary file goes
            return Ok((written, None));
        }
        let to = if partial {
            file.commit_partial().map_err(|e| e.to_string())?
        } else {
            file.commit().map_err(|e| e.to_string())?;
            path.to_path_buf()
        };
        Ok((written, Some(to)))
    }
}

/// The columns of `validate`'s report, typed (the CSV header's names, in order).
#[must_use]
pub fn validate_columns() -> Vec<Column> {
    use ColumnType::{Boolean, ListUtf8, UInt64, Utf8};
    let c = Column::new;
    let columns = vec![
        c("file", Utf8),
        c("index", UInt64),
        c("id", Utf8),
        c("moves", UInt64),
        c("declared", Utf8),
        c("end", Utf8),
        Column::nullable("end_move", UInt64),
        c("continues", Boolean),
        c("verdict", Utf8),
        c("detail", Utf8),
        c("findings", ListUtf8),
        Column::nullable("opening", Utf8),
    ];
    debug_assert!(columns.iter().map(|c| c.name).eq(CSV_HEADER));
    columns
}

/// `validate`'s report to one of its two formats: CSV, or Parquet (by the extension).
pub enum ValidateReport<W: Write + Send> {
    /// The CSV report.
    Csv(Box<ReportWriter<W>>),
    /// The Parquet report; after the first write error nothing more is written and the
    /// error is kept for [`ValidateReport::finish`].
    Parquet(Box<renju_parquet::ReportWriter<W>>, Option<std::io::Error>),
}

impl<W: Write + Send> ValidateReport<W> {
    /// The report to `out`, in Parquet when `path` says so, else CSV (the header written at
    /// once).
    ///
    /// # Errors
    /// The Parquet header cannot be written.
    pub fn new(path: &Path, out: W) -> std::io::Result<ValidateReport<W>> {
        if !is_parquet(path) {
            return Ok(ValidateReport::Csv(Box::new(ReportWriter::new(out))));
        }
        let w = renju_parquet::ReportWriter::new(out, "validate", validate_columns())
            .map_err(std::io::Error::other)?;
        Ok(ValidateReport::Parquet(Box::new(w), None))
    }

    /// Writes one row (nothing after a write error).
    pub fn row(&mut self, row: &Row) {
        match self {
            ValidateReport::Csv(w) => w.row(row),
            ValidateReport::Parquet(w, error @ None) => {
                if let Err(e) = w.push(&validate_values(row)) {
                    *error = Some(std::io::Error::other(e));
                }
            }
            ValidateReport::Parquet(_, Some(_)) => {}
        }
    }

    /// Writes the footer (Parquet), flushes, and returns the writer.
    ///
    /// # Errors
    /// The first write error.
    pub fn finish(self) -> std::io::Result<W> {
        match self {
            ValidateReport::Csv(w) => w.finish(),
            ValidateReport::Parquet(_, Some(e)) => Err(e),
            ValidateReport::Parquet(w, None) => {
                let (_, mut out) = w.finish_into().map_err(std::io::Error::other)?;
                out.flush()?;
                Ok(out)
            }
        }
    }
}

/// The values of a report row, in the columns' order ([`validate_columns`]): the CSV's
/// values with their types.
#[must_use]
pub fn validate_values(row: &Row) -> Vec<Value<'_>> {
    vec![
        Value::Text(&row.file),
        Value::UInt(row.index as u64),
        Value::Text(&row.id),
        Value::UInt(row.moves as u64),
        Value::Owned(row.declared.to_string()),
        Value::Owned(row.end.to_string()),
        row.end_move.map_or(Value::Null, |m| Value::UInt(m as u64)),
        Value::Bool(row.continues),
        Value::Owned(row.verdict.to_string()),
        Value::Text(&row.detail),
        Value::List(row.findings.0.iter().map(|k| k.name()).collect()),
        match &row.opening {
            Some(o) => Value::Owned(o.to_string()),
            None => Value::Null,
        },
    ]
}
