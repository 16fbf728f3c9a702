//! The records an archive command writes (`dedupe --unique`, `filter -o`): [`RecordWriter`],
//! in the format of the output's extension, through [`AtomicFile`], saying what the format
//! could not hold and what could not be written.

use super::AtomicFile;
use crate::error::Error;
use crate::input::Read;
use crate::style::count;
use renju_archive::dedupe::Source;
use renju_notation::{Format, GameRecord};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes records to `path` in the format of its extension, as they come (line formats are
/// written in batches; the others are collected and written at the end).
pub struct RecordWriter {
    path: PathBuf,
    format: Format,
    out: std::io::BufWriter<AtomicFile>,
    pending: Vec<GameRecord>,
    /// Records written.
    pub written: usize,
    /// Records the format could not hold, with why.
    pub skipped: Vec<String>,
    /// Fields the format could not hold, with how many records lost each.
    dropped: std::collections::BTreeMap<String, usize>,
    /// Salvaged records written without their unreadable move, with which move.
    unwritable: Vec<String>,
    /// The salvaged records written, in order (each said once: by [`RecordWriter::finish`]).
    salvaged: Vec<Source>,
    /// Whether records were handed to the format's writer yet (an output with no record is
    /// written once, at the end).
    flushed: bool,
}

impl RecordWriter {
    /// Creates `path` (its format from its extension; `-`, standard output, in the `.renju`
    /// line format).
    ///
    /// # Errors
    /// An extension of no record format ([`Error::OutputFormat`]), or a file that cannot be
    /// created ([`Error::Output`]).
    pub fn create(path: &Path) -> Result<RecordWriter, Error> {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let format = if crate::output::is_stdout(path) {
            Some(Format::Renju)
        } else {
            Format::from_extension(ext)
        };
        let format = format.ok_or_else(|| Error::OutputFormat(path.to_path_buf()))?;
        let file = AtomicFile::create(path)?;
        Ok(RecordWriter {
            path: path.to_path_buf(),
            format,
            out: std::io::BufWriter::new(file),
            pending: Vec::new(),
            written: 0,
            skipped: Vec::new(),
            dropped: std::collections::BTreeMap::new(),
            unwritable: Vec::new(),
            salvaged: Vec::new(),
            flushed: false,
        })
    }

    /// The output format.
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }

    /// Adds a record.
    ///
    /// # Errors
    /// A write error ([`Error::Write`], [`Error::Output`]).
    pub fn push(&mut self, record: GameRecord) -> Result<(), Error> {
        self.pending.push(record);
        if matches!(self.format, Format::Renju | Format::Moves) && self.pending.len() >= 4096 {
            self.flush_pending()?;
        }
        Ok(())
    }

    /// Adds a record as read: a salvaged record is written with the moves before its
    /// unreadable move, and the move that cannot be written is listed (never silently lost).
    ///
    /// # Errors
    /// A write error ([`Error::Write`], [`Error::Output`]).
    pub fn push_read(&mut self, source: &Source, read: Read) -> Result<(), Error> {
        match read {
            Read::Game(g) => self.push(g),
            Read::Salvaged(g, u) => {
                self.salvaged.push(source.clone());
                self.unwritable.push(format!(
                    "{} record {}: move {} '{}' cannot be read, so it cannot be written; the \
                     record is written with the moves before it ({})",
                    source.file,
                    source.index,
                    u.number,
                    u.text,
                    g.moves.len()
                ));
                self.push(g)
            }
        }
    }

    /// The salvaged records written (their unreadable move is said by
    /// [`RecordWriter::finish`]).
    #[must_use]
    pub fn salvaged_written(&self) -> &[Source] {
        &self.salvaged
    }

    /// Writes the records held so far: every record, for a format written whole (SGF,
    /// `.lib`, `.rif`...), so call it after the last one. Then [`RecordWriter::lost_any`]
    /// counts the records the format could not hold, which it learns only as it writes them.
    ///
    /// # Errors
    /// A write error ([`Error::Write`], [`Error::Output`]).
    pub fn write_pending(&mut self) -> Result<(), Error> {
        if self.pending.is_empty() {
            return Ok(());
        }
        self.flush_pending()
    }

    /// Whether something read could not be written (a record the format cannot hold, an
    /// unreadable move of a salvaged record), of the records written so far: call
    /// [`RecordWriter::write_pending`] first to know it of every record.
    #[must_use]
    pub fn lost_any(&self) -> bool {
        !self.skipped.is_empty() || !self.unwritable.is_empty()
    }

    fn flush_pending(&mut self) -> Result<(), Error> {
        let (bytes, report) = renju_notation::write(
            self.format,
            &self.pending,
            self.format.default_orientation(),
        );
        let base = self.written + self.skipped.len();
        for s in &report.skipped {
            self.skipped
                .push(format!("match {}: {}", base + s.record, s.reason));
        }
        for (field, n) in report.dropped_summary() {
            *self.dropped.entry(field).or_default() += n;
        }
        self.written += report.written;
        self.pending.clear();
        self.flushed = true;
        self.out
            .write_all(&bytes)
            .map_err(|e| Error::write(&self.path, e))
    }

    /// Writes what is left and says what was written; `partial` (an interrupted run): under
    /// a name that says so ([`AtomicFile::commit_partial`]).
    ///
    /// # Errors
    /// A write error ([`Error::Write`], [`Error::Output`]).
    pub fn finish(self, partial: bool) -> Result<String, Error> {
        self.finish_with(partial, true).map(|(text, _)| text)
    }

    /// [`RecordWriter::finish`], except that when no record could be written nothing is:
    /// the output is not made (a file of that name is left as it was) and the text says so
    /// (`no record written; nothing written to PATH`) with why. Also whether the output was
    /// made. For `convert`, where an output without a record would look like a conversion
    /// that worked.
    ///
    /// # Errors
    /// As [`RecordWriter::finish`].
    pub fn finish_unless_empty(self, partial: bool) -> Result<(String, bool), Error> {
        self.finish_with(partial, false)
    }

    fn finish_with(mut self, partial: bool, keep_empty: bool) -> Result<(String, bool), Error> {
        if !self.pending.is_empty() || (!self.flushed && keep_empty) {
            self.flush_pending()?;
        }
        let file = self
            .out
            .into_inner()
            .map_err(|e| Error::write(&self.path, e.into_error()))?;
        let made = keep_empty || self.written > 0;
        let mut s = if made {
            let to = if partial {
                file.commit_partial()?
            } else {
                file.commit()?;
                self.path.clone()
            };
            format!(
                "wrote {} to {} ({}){}\n",
                count(self.written, "record", "records"),
                if crate::output::is_stdout(&to) {
                    "standard output".to_string()
                } else {
                    to.display().to_string()
                },
                self.format,
                if partial { ", interrupted" } else { "" }
            )
        } else {
            // the temporary file goes
            file.abandon();
            format!(
                "no record written; nothing written to {}{}\n",
                self.path.display(),
                if partial { ", interrupted" } else { "" }
            )
        };
        if !self.dropped.is_empty() {
            let fields: Vec<String> = self
                .dropped
                .iter()
                .map(|(f, n)| format!("{f} ({n})"))
                .collect();
            let _ = writeln!(
                s,
                "the {} format could not hold: {}",
                self.format,
                fields.join(", ")
            );
        }
        for k in &self.skipped {
            let _ = writeln!(s, "not written: {k}");
        }
        for k in &self.unwritable {
            let _ = writeln!(s, "move not written: {k}");
        }
        Ok((s, made))
    }
}
