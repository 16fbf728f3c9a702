//! Writing the CSV report (one [`Row`] a record, serialised with serde), the findings report
//! (one row a finding: [`FindingsWriter`]) and the JSON summary.

use super::Options;
use super::pipeline::{Audited, Progress, audit_entries};
use super::row::{FindingKind, Row};
use super::summary::{Summary, for_each_finding};
use crate::engine::Engine;
use crate::input::walk::{FileProblem, walk_paths};
use renju_analyzer::GameAudit;
use std::fmt;
use std::io::Write;
use std::path::PathBuf;

/// The CSV header: the contract columns, then the extra ones. The names of [`Row`]'s
/// fields, in order (a test checks it).
pub const CSV_HEADER: [&str; 12] = [
    "file",
    "index",
    "id",
    "moves",
    "declared",
    "end",
    "end_move",
    "continues",
    "verdict",
    "detail",
    "findings",
    "opening",
];

/// The header of `--findings-report`: one row per finding of every record (every kind the
/// summary counts), in report order.
pub const FINDINGS_HEADER: [&str; 6] = ["file", "index", "id", "kind", "move", "detail"];

/// One row of `--findings-report`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FindingRow<'a> {
    /// The file, as found.
    pub file: &'a str,
    /// 1-based index of the record within the file.
    pub index: usize,
    /// The record's own id where the format has one.
    pub id: &'a str,
    /// The kind.
    pub kind: FindingKind,
    /// The move concerned, empty when none is (an unreadable record, a `lost-with-vcf`).
    pub r#move: Option<usize>,
    /// What was found, in a sentence (a VCF finding's holds its line).
    pub detail: String,
}

/// Why a run failed as a whole.
#[derive(Debug)]
pub enum RunError {
    /// A path given cannot be found or examined.
    Read(FileProblem),
    /// The report could not be written (disk full, a closed pipe...): it is incomplete.
    Write(std::io::Error),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Read(p) => write!(f, "cannot read {}: {}", p.file, p.reason),
            RunError::Write(e) => write!(f, "cannot write the report: {e}"),
        }
    }
}

impl std::error::Error for RunError {}

/// The CSV report being written: the header at once (an empty audit still has it), then
/// one row per call. After the first write error nothing more is written and the error is
/// kept for [`ReportWriter::finish`].
#[derive(Debug)]
pub struct ReportWriter<W: Write> {
    csv: csv::Writer<W>,
    error: Option<std::io::Error>,
}

fn as_io(e: csv::Error) -> std::io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        k => std::io::Error::other(format!("{k:?}")),
    }
}

impl<W: Write> ReportWriter<W> {
    /// Starts a report on `out` (writes the header).
    pub fn new(out: W) -> ReportWriter<W> {
        let mut csv = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(out);
        let error = csv.write_record(CSV_HEADER).err().map(as_io);
        ReportWriter { csv, error }
    }

    /// Writes one row (nothing after a write error).
    pub fn row(&mut self, row: &Row) {
        if self.error.is_none()
            && let Err(e) = self.csv.serialize(row)
        {
            self.error = Some(as_io(e));
        }
    }

    /// Flushes the report and returns the writer.
    ///
    /// # Errors
    /// The first write error, or the flush's.
    pub fn finish(self) -> std::io::Result<W> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let mut inner = self.csv.into_inner().map_err(|e| e.into_error())?;
        inner.flush()?;
        Ok(inner)
    }
}

/// The findings report being written: the header at once, then one row per finding of each
/// record; after the first write error nothing more is written and the error is kept for
/// [`FindingsWriter::finish`].
#[derive(Debug)]
pub struct FindingsWriter<W: Write> {
    csv: csv::Writer<W>,
    error: Option<std::io::Error>,
    /// Rows written.
    pub rows: usize,
}

impl<W: Write> FindingsWriter<W> {
    /// Starts a findings report on `out` (writes the header).
    pub fn new(out: W) -> FindingsWriter<W> {
        let mut csv = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(out);
        let error = csv.write_record(FINDINGS_HEADER).err().map(as_io);
        FindingsWriter {
            csv,
            error,
            rows: 0,
        }
    }

    /// Writes one row per finding of the record of `row` (`audit`: its audit, `None` when
    /// it could not be read).
    pub fn record(&mut self, row: &Row, audit: Option<&GameAudit>) {
        for_each_finding(row, audit, &mut |kind, detail| {
            if self.error.is_some() {
                return;
            }
            let (m, detail) = detail();
            let line = FindingRow {
                file: &row.file,
                index: row.index,
                id: &row.id,
                kind,
                r#move: m,
                detail,
            };
            match self.csv.serialize(line) {
                Ok(()) => self.rows += 1,
                Err(e) => self.error = Some(as_io(e)),
            }
        });
    }

    /// Flushes the report and returns the writer.
    ///
    /// # Errors
    /// The first write error, or the flush's.
    pub fn finish(self) -> std::io::Result<W> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let mut inner = self.csv.into_inner().map_err(|e| e.into_error())?;
        inner.flush()?;
        Ok(inner)
    }
}

/// Audits every file under `paths` and writes the CSV report (header, then one row per
/// record) to `report`, any writer; `progress` as in [`audit_paths`](super::audit_paths).
/// The report is flushed before returning. After a write error nothing more is written (the
/// audit still runs to its end so the error comes with the whole summary lost, never a
/// report that looks complete).
///
/// # Errors
/// [`RunError::Read`] for a path that cannot be found, [`RunError::Write`] for the first
/// write error of the report.
///
/// ```
/// use corpus_tool::validate::{Options, audit_with_report};
/// let dir = tempfile::tempdir().unwrap();
/// let file = dir.path().join("g.renju");
/// std::fs::write(&file, "black h8 h9 i8 h10 j7 g9 k6 l5 i9 j9\nwhite h8 zz\n").unwrap();
/// let mut csv = Vec::new();
/// let engine = corpus_tool::engine::Engine::new(corpus_tool::engine::Jobs::ONE);
/// let summary = audit_with_report(&[file], &Options::default(), &engine, Some(&mut csv), &mut |_| {}).unwrap();
/// assert_eq!((summary.records, summary.unreadable), (2, 0));
/// let text = String::from_utf8(csv).unwrap();
/// assert_eq!(text.lines().count(), 3, "{text}");
/// assert!(text.lines().nth(2).unwrap().contains(",illegal,"));
/// ```
pub fn audit_with_report<W: Write>(
    paths: &[PathBuf],
    options: &Options,
    engine: &Engine,
    report: Option<W>,
    progress: &mut dyn FnMut(Progress),
) -> Result<Summary, RunError> {
    let entries = walk_paths(paths).map_err(RunError::Read)?;
    let mut writer = report.map(ReportWriter::new);
    let summary = audit_entries(
        entries,
        options,
        engine,
        &|_, _| (),
        &mut |a: Audited<'_, ()>| {
            if let Some(w) = writer.as_mut() {
                w.row(a.row);
            }
        },
        progress,
    );
    if let Some(w) = writer {
        w.finish().map_err(RunError::Write)?;
    }
    Ok(summary)
}

/// Writes the JSON summary to `out`, flushed.
///
/// # Errors
/// The first write error.
pub fn write_json<W: Write>(summary: &Summary, mut out: W) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut out, summary).map_err(std::io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_the_row_fields_in_order() {
        let row = Row::unreadable("f", 1, "why".to_string());
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(&row).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        assert_eq!(text.lines().next().unwrap(), CSV_HEADER.join(","));
        assert_eq!(
            text.lines().nth(1).unwrap(),
            "f,1,,0,unknown,none,,false,unreadable,why,unreadable,"
        );
    }

    #[test]
    fn the_findings_header_is_the_finding_row_fields_in_order() {
        let row = Row::unreadable("f", 1, "f: record 1, line 1: why".to_string());
        let mut w = FindingsWriter::new(Vec::new());
        w.record(&row, None);
        assert_eq!(w.rows, 1);
        let text = String::from_utf8(w.finish().unwrap()).unwrap();
        let mut names = csv::Writer::from_writer(Vec::new());
        names
            .serialize(FindingRow {
                file: "f",
                index: 1,
                id: "",
                kind: FindingKind::Unreadable,
                r#move: None,
                detail: String::new(),
            })
            .unwrap();
        let header = String::from_utf8(names.into_inner().unwrap()).unwrap();
        assert_eq!(header.lines().next().unwrap(), FINDINGS_HEADER.join(","));
        assert_eq!(
            text,
            "file,index,id,kind,move,detail\nf,1,,unreadable,,line 1: why\n"
        );
    }
}
