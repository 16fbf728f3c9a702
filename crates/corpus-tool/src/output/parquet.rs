//! Parquet outputs, through [`AtomicFile`]: the game files of `convert`
//! ([`GameFile`], `renju-parquet`'s game schema) and the typed reports, each the rows and
//! values of the command's CSV report with types (integers as integers, booleans, lists as
//! lists, null where the CSV leaves a field empty):
//!
//! - `validate --report audit.parquet` ([`ValidateReport`], [`validate_columns`]);
//! - `dedupe --report groups.parquet` ([`write_dedupe_report`], [`dedupe_columns`]);
//! - `search --report hits.parquet` ([`ReportFile`] fed row by row, [`search_columns`],
//!   [`search_values`]);
//! - `openings stats --report openings.parquet` ([`write_stats_report`],
//!   [`stats_columns`]).
//!
//! Every report goes through the one typed writer ([`TypedRows`], over
//! [`renju_parquet::ReportWriter`]: batches of 4096 rows, row groups of 65,536, so memory is
//! bounded whatever the number of rows). An output is Parquet by its extension
//! ([`is_parquet`]).

use super::{AtomicFile, OutputError};
use crate::validate::{CSV_HEADER, ReportWriter, Row};
use renju_archive::dedupe::{Member, Outcome, Source};
use renju_core::{Point, Symmetry};
use renju_notation::GameRecord;
use renju_parquet::{Column, ColumnType, GameWriter, Value, Written};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

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
    /// The file cannot be created, or the Parquet header written.
    pub fn create(path: &Path) -> Result<GameFile, OutputError> {
        let file = AtomicFile::create(path)?;
        let writer = GameWriter::new(BufWriter::with_capacity(BUFFER, file))
            .map_err(|e| write_error(path, e))?;
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
    /// A write error, or the commit failed (nothing is left under the name then).
    pub fn finish(
        self,
        path: &Path,
        partial: bool,
    ) -> Result<(Written, Option<std::path::PathBuf>), OutputError> {
        let (written, out) = self
            .writer
            .finish_into()
            .map_err(|e| write_error(path, e))?;
        let file = out
            .into_inner()
            .map_err(|e| OutputError::Io(path.to_path_buf(), e.into_error()))?;
        if written.rows == 0 {
            // dropped: the temporary file goes
            return Ok((written, None));
        }
        let to = if partial {
            file.commit_partial()?
        } else {
            file.commit()?;
            path.to_path_buf()
        };
        Ok((written, Some(to)))
    }
}

/// A game file's write error (`cannot write PATH: WHY`).
#[must_use]
pub fn write_error(path: &Path, e: renju_parquet::Error) -> OutputError {
    OutputError::Io(path.to_path_buf(), std::io::Error::other(e))
}

/// A typed report's rows on their way out: the one writer behind every `--report
/// X.parquet` ([`renju_parquet::ReportWriter`] with the first write error kept: after it
/// nothing more is written, and [`TypedRows::finish`] returns it).
pub struct TypedRows<W: Write + Send> {
    writer: renju_parquet::ReportWriter<W>,
    error: Option<std::io::Error>,
}

impl<W: Write + Send> TypedRows<W> {
    /// The report `name` (the file metadata's `renju-kit.report`) with `columns`, to `out`.
    ///
    /// # Errors
    /// The Parquet header cannot be written.
    pub fn new(out: W, name: &str, columns: Vec<Column>) -> std::io::Result<TypedRows<W>> {
        let writer =
            renju_parquet::ReportWriter::new(out, name, columns).map_err(std::io::Error::other)?;
        Ok(TypedRows {
            writer,
            error: None,
        })
    }

    /// Writes one row, one value per column in order (nothing after a write error).
    pub fn push(&mut self, row: &[Value<'_>]) {
        if self.error.is_none()
            && let Err(e) = self.writer.push(row)
        {
            self.error = Some(std::io::Error::other(e));
        }
    }

    /// Rows pushed so far.
    #[must_use]
    pub fn rows(&self) -> u64 {
        self.writer.rows()
    }

    /// Writes the last rows and the footer, flushes, and returns the output.
    ///
    /// # Errors
    /// The first write error.
    pub fn finish(self) -> std::io::Result<W> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let (_, mut out) = self.writer.finish_into().map_err(std::io::Error::other)?;
        out.flush()?;
        Ok(out)
    }
}

/// A typed report file: rows streamed out through [`TypedRows`], the file committed whole by
/// [`ReportFile::finish`] (or kept under a partial name after an interrupted run).
pub struct ReportFile {
    rows: TypedRows<BufWriter<AtomicFile>>,
    path: PathBuf,
}

impl ReportFile {
    /// Creates `path` (`-`: standard output) for the report `name` with `columns`.
    ///
    /// # Errors
    /// The file cannot be created or the header written.
    pub fn create(
        path: &Path,
        name: &str,
        columns: Vec<Column>,
    ) -> Result<ReportFile, OutputError> {
        let file = AtomicFile::create(path)?;
        let rows = TypedRows::new(BufWriter::with_capacity(BUFFER, file), name, columns)
            .map_err(|e| OutputError::Io(path.to_path_buf(), e))?;
        Ok(ReportFile {
            rows,
            path: path.to_path_buf(),
        })
    }

    /// Writes one row (nothing after a write error, which [`ReportFile::finish`] returns).
    pub fn push(&mut self, row: &[Value<'_>]) {
        self.rows.push(row);
    }

    /// Writes the footer and commits the file (`partial`: under a name that says so, as
    /// [`AtomicFile::commit_partial`]); where it was written.
    ///
    /// # Errors
    /// The first write error, or the commit failed (nothing is left under the name then).
    pub fn finish(self, partial: bool) -> Result<PathBuf, OutputError> {
        let io = |e| OutputError::Io(self.path.clone(), e);
        let file = self
            .rows
            .finish()
            .map_err(io)?
            .into_inner()
            .map_err(|e| io(e.into_error()))?;
        if partial {
            file.commit_partial()
        } else {
            file.commit().map(|()| self.path.clone())
        }
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
    /// The Parquet report.
    Parquet(Box<TypedRows<W>>),
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
        let rows = TypedRows::new(out, "validate", validate_columns())?;
        Ok(ValidateReport::Parquet(Box::new(rows)))
    }

    /// Writes one row (nothing after a write error).
    pub fn row(&mut self, row: &Row) {
        match self {
            ValidateReport::Csv(w) => w.row(row),
            ValidateReport::Parquet(w) => w.push(&validate_values(row)),
        }
    }

    /// Writes the footer (Parquet), flushes, and returns the writer.
    ///
    /// # Errors
    /// The first write error.
    pub fn finish(self) -> std::io::Result<W> {
        match self {
            ValidateReport::Csv(w) => w.finish(),
            ValidateReport::Parquet(w) => w.finish(),
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

/// A text column's value: null when the CSV leaves the field empty.
fn text_or_null(text: Option<&str>) -> Value<'_> {
    match text {
        Some(t) if !t.is_empty() => Value::Text(t),
        _ => Value::Null,
    }
}

/// The columns of `dedupe`'s report, typed (the names of [`crate::dedupe::CSV_HEADER`], in
/// order): `group`, `index` and `moves` integers, `id` null when the record has none.
#[must_use]
pub fn dedupe_columns() -> Vec<Column> {
    use ColumnType::{UInt64, Utf8};
    let c = Column::new;
    let columns = vec![
        c("group", UInt64),
        c("kind", Utf8),
        c("file", Utf8),
        c("index", UInt64),
        Column::nullable("id", Utf8),
        c("moves", UInt64),
        c("declared", Utf8),
        c("symmetry", Utf8),
    ];
    debug_assert!(columns.iter().map(|c| c.name).eq(crate::dedupe::CSV_HEADER));
    columns
}

/// The values of the report row of `member` of the group numbered `group`
/// ([`dedupe_columns`]).
#[must_use]
pub fn dedupe_values(group: usize, member: &Member) -> Vec<Value<'_>> {
    vec![
        Value::UInt(group as u64),
        Value::Text(member.kind.name()),
        Value::Text(&member.source.file),
        Value::UInt(member.source.index as u64),
        text_or_null(member.id.as_deref()),
        Value::UInt(member.moves as u64),
        Value::Text(member.declared.name()),
        Value::Text(member.symmetry.name()),
    ]
}

/// Writes `dedupe`'s report as Parquet to `path`: one row per member of a group of two or
/// more, groups in order, members in input order (the CSV's rows); `partial`: the run was
/// interrupted (the file is kept under a name that says so). Where it was written.
///
/// # Errors
/// The file cannot be written.
pub fn write_dedupe_report(
    outcome: &Outcome,
    path: &Path,
    partial: bool,
) -> Result<PathBuf, OutputError> {
    let mut file = ReportFile::create(path, "dedupe", dedupe_columns())?;
    for g in &outcome.groups {
        for m in &g.members {
            file.push(&dedupe_values(g.number, m));
        }
    }
    file.finish(partial)
}

/// The columns of `search`'s report, typed (the names of [`crate::search::CSV_HEADER`], in
/// order): `index` and `move` integers; `id`, `next` (the record ends there) and `at` (not a
/// pattern) null where the CSV leaves them empty.
#[must_use]
pub fn search_columns() -> Vec<Column> {
    use ColumnType::{UInt64, Utf8};
    let (c, n) = (Column::new, Column::nullable);
    let columns = vec![
        c("file", Utf8),
        c("index", UInt64),
        n("id", Utf8),
        c("move", UInt64),
        c("symmetry", Utf8),
        n("next", Utf8),
        c("declared", Utf8),
        n("at", Utf8),
    ];
    debug_assert!(columns.iter().map(|c| c.name).eq(crate::search::CSV_HEADER));
    columns
}

/// The values of a `search` report row ([`search_columns`]): the record `src` holding
/// `game`, which passes through the position after move `move_number` under `symmetry`,
/// then plays `next` (the CSV's text: empty at the end); `at`, for a pattern, the point its
/// bottom-left cell lies on.
#[must_use]
pub fn search_values<'a>(
    src: &'a Source,
    game: &'a GameRecord,
    move_number: usize,
    symmetry: Symmetry,
    next: &'a str,
    at: Option<Point>,
) -> Vec<Value<'a>> {
    vec![
        Value::Text(&src.file),
        Value::UInt(src.index as u64),
        text_or_null(game.id.as_deref()),
        Value::UInt(move_number as u64),
        Value::Text(symmetry.name()),
        text_or_null(Some(next)),
        Value::Text(game.result.name()),
        at.map_or(Value::Null, |p| Value::Owned(p.to_string())),
    ]
}

/// The columns of `openings stats`' report, typed (the names of
/// [`crate::stats_report::STATS_CSV_HEADER`], in order): the counts integers, `mean_moves` a
/// double (the CSV's one decimal; null when `games` is 0).
#[must_use]
pub fn stats_columns() -> Vec<Column> {
    use ColumnType::{Float64, UInt64, Utf8};
    let c = Column::new;
    let columns = vec![
        c("code", Utf8),
        c("name", Utf8),
        c("games", UInt64),
        c("black", UInt64),
        c("white", UInt64),
        c("draw", UInt64),
        c("unknown", UInt64),
        c("black_five", UInt64),
        c("white_five", UInt64),
        c("foul", UInt64),
        Column::nullable("mean_moves", Float64),
    ];
    debug_assert!(
        columns
            .iter()
            .map(|c| c.name)
            .eq(crate::stats_report::STATS_CSV_HEADER.split(','))
    );
    columns
}

/// Writes `openings stats`' table as Parquet to `path`: one row per opening (1D..13D,
/// 1I..13I, `none`), the CSV's rows; `partial`: the run was interrupted (the file is kept
/// under a name that says so). Where it was written.
///
/// # Errors
/// The file cannot be written.
pub fn write_stats_report(
    stats: &renju_analyzer::stats::OpeningStats,
    path: &Path,
    partial: bool,
) -> Result<PathBuf, OutputError> {
    let mut file = ReportFile::create(path, "openings-stats", stats_columns())?;
    for r in stats.rows() {
        let count = |n: usize| Value::UInt(n as u64);
        // the CSV's one decimal, as a number (the exact quotient rounded half up)
        let mean = r
            .mean_moves_text()
            .and_then(|t| t.parse().ok())
            .map_or(Value::Null, Value::Float);
        file.push(&[
            Value::Text(r.code),
            Value::Text(r.name),
            count(r.games),
            count(r.black),
            count(r.white),
            count(r.draw),
            count(r.unknown),
            count(r.black_five),
            count(r.white_five),
            count(r.foul),
            mean,
        ]);
    }
    file.finish(partial)
}
