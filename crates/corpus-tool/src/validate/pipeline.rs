//! The record pipeline: the records of all files, in one bounded parallel pipeline, rows
//! handed on in report order.
//!
//! One reader thread walks the folders (lazily: auditing starts with the first file) and
//! cuts the files, in input order, into batches of about [`BATCH`] jobs: a small file (at
//! most [`SMALL_FILE`] bytes) is one job, opened, read and audited by a worker; a larger
//! line file (`.renju`, move lists) is cut into lines by the reader and each line is
//! parsed and audited by a worker (its record index, and the record and line numbers of
//! its error sentence, are set in order afterwards: the same rows as the file's own reader
//! stream, a test checks it); any other large file (and any file under `--sample`) is
//! streamed by the reader, its records put into batches one by one. A batch spans files.
//! The workers (rayon, the pool of the caller: `--jobs`) audit a batch while the reader
//! fills the next one; at most two batches wait, so memory is bounded whatever the size of
//! the archive. Rows leave in file order, then record order. With one worker there is no reader thread: reading and
//! auditing take turns on the one thread.
//!
//! **Accounting invariant:** every record a reader yields and `--sample` keeps becomes
//! exactly one [`Row`], whether it was audited or could not be read, and the [`Summary`]
//! counts are sums over those rows.

use super::Options;
use super::row::Row;
use super::source::{
    FileRead, LineItem, RecordItem, each_record, for_each_line, open_line_file, parse_line,
    too_many_moves,
};
use super::summary::{RunSettings, Summary};
use super::walk::{Entry, FileProblem, InputFile, Walk, walk_paths};
use analyzer::{GameAudit, audit, audit_with_unreadable};
use notation::{ErrorKind, Format, GameRecord, Orientation, Position, RecordError};
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// About how many records are audited together (bounded memory, good parallel grain).
pub const BATCH: usize = 4096;
/// Files up to this size are read whole by a worker (many small files use every core).
pub const SMALL_FILE: u64 = 64 << 10;
/// Line mode gathers the lines of a file in buffers of about this size.
const CHUNK: usize = 64 << 10;
/// How many batches may wait between the reader and the workers.
const QUEUE: usize = 1;

/// One record through the pipeline, as handed to the sink in report order.
#[derive(Debug)]
pub struct Audited<'a, T> {
    /// The report row.
    pub row: &'a Row,
    /// The record, when it could be read.
    pub record: Option<&'a GameRecord>,
    /// Its audit, when it could be read.
    pub audit: Option<&'a GameAudit>,
    /// What the caller's `extra` work made of it, when it could be read.
    pub extra: Option<&'a T>,
}

/// A record done by a worker.
struct Out<T> {
    row: Row,
    audited: Option<(GameRecord, GameAudit, T)>,
}

/// How a file ended.
enum FileStatus {
    Audited { not_sampled: usize },
    NotRecords,
    Problem(FileProblem),
}

fn status(read: Result<FileRead, FileProblem>, name: &str, not_sampled: usize) -> FileStatus {
    match read {
        Ok(r) => match r.problem(name) {
            Some(p) => FileStatus::Problem(p),
            None if r == FileRead::NotRecords => FileStatus::NotRecords,
            None => FileStatus::Audited { not_sampled },
        },
        Err(p) => FileStatus::Problem(p),
    }
}

/// A unit of work in a batch. (Records are the common case: not boxed.)
#[allow(clippy::large_enum_variant)]
enum Job {
    /// One record of a streamed file.
    Record {
        file: Arc<str>,
        index: usize,
        item: RecordItem,
    },
    /// A small file, read and audited whole by a worker.
    SmallFile(InputFile),
    /// The end of a streamed file.
    FileDone(Arc<str>, FileStatus),
    /// A walk entry that is not a file (a problem, a skipped entry), kept in order.
    Walked(Entry),
    /// The estimated records of a streamed file about to come (for the progress bar).
    Expect(usize),
    /// One line of a large line file, parsed and audited by a worker (line mode): bytes
    /// `start..end` of a chunk of lines shared by the jobs of its lines (no allocation per
    /// line), `len` the full length of the line.
    Line {
        file: Arc<str>,
        format: Format,
        orientation: Orientation,
        chunk: Arc<[u8]>,
        number: usize,
        start: usize,
        end: usize,
        len: u64,
    },
    /// A read error ending a line file, at this line number.
    LineError(Arc<str>, usize, String),
    /// The end of a line file read in line mode.
    LineFileEnd(Arc<str>, Format),
}

/// A line done by a worker, its record index still to be counted.
#[allow(clippy::large_enum_variant)]
enum LineOut<T> {
    NotARecord,
    Audited(Out<T>),
    Broken(LineBroken),
}

/// Why a line is a broken record.
enum LineBroken {
    Error(RecordError),
    TooManyMoves(usize),
    Io(String),
}

/// A job done.
#[allow(clippy::large_enum_variant)]
enum Done<T> {
    Record(Out<T>),
    File(Arc<str>, Vec<Out<T>>, FileStatus),
    Walked(Entry),
    /// Nothing to account.
    Nothing,
    /// A line of a line file.
    Line(Arc<str>, usize, LineOut<T>),
    /// The end of a line file.
    LineFileEnd(Arc<str>, Format),
}

/// What a worker needs to audit.
struct Work<'a, T> {
    options: &'a Options,
    extra: &'a (dyn Fn(&GameRecord, &GameAudit) -> T + Sync),
}

impl<T: Send> Work<'_, T> {
    fn record(&self, name: &str, index: usize, item: RecordItem) -> Out<T> {
        let settings = &self.options.settings;
        let (g, a) = match item {
            RecordItem::Game(g) => {
                let a = audit(&g, settings);
                (g, a)
            }
            RecordItem::GameWithUnreadable(g, u) => {
                let a = audit_with_unreadable(&g, settings, &u);
                (g, a)
            }
            RecordItem::Broken(detail) => {
                return Out {
                    row: Row::unreadable(name, index, detail),
                    audited: None,
                };
            }
        };
        let mut row = Row::audited(name, index, &g, &a);
        if let Some(limits) = self.options.missed_wins {
            row.add_scan(analyzer::missed::scan_game(&g, &a, limits));
        }
        let t = (self.extra)(&g, &a);
        Out {
            row,
            audited: Some((g, a, t)),
        }
    }

    fn job(&self, job: Job) -> Done<T> {
        match job {
            Job::Record { file, index, item } => Done::Record(self.record(&file, index, item)),
            Job::FileDone(file, status) => Done::File(file, Vec::new(), status),
            Job::Walked(e) => Done::Walked(e),
            Job::Expect(_) => Done::Nothing,
            Job::Line {
                file,
                format,
                orientation,
                chunk,
                number,
                start,
                end,
                len,
            } => {
                let out = match parse_line(&file, format, orientation, &chunk[start..end], len) {
                    LineItem::NotARecord => LineOut::NotARecord,
                    LineItem::Item(item) => LineOut::Audited(self.record(&file, 0, item)),
                    LineItem::TooManyMoves(n) => LineOut::Broken(LineBroken::TooManyMoves(n)),
                    LineItem::Error(e) => LineOut::Broken(LineBroken::Error(e)),
                };
                Done::Line(file, number, out)
            }
            Job::LineError(file, number, e) => {
                Done::Line(file, number, LineOut::Broken(LineBroken::Io(e)))
            }
            Job::LineFileEnd(file, format) => Done::LineFileEnd(file, format),
            Job::SmallFile(file) => {
                let name: Arc<str> = file.name().into();
                let sample = self.options.sample.max(1);
                let mut rows = Vec::new();
                let mut not_sampled = 0;
                let read = each_record(&file, self.options.read_options(), &mut |index, item| {
                    if (index - 1).is_multiple_of(sample) {
                        rows.push(self.record(&name, index, item));
                    } else {
                        not_sampled += 1;
                    }
                });
                let status = status(read, &name, not_sampled);
                Done::File(name, rows, status)
            }
        }
    }
}

/// Cuts the entries into batches, calling `send` with each; stops when `send` returns false.
fn produce(
    entries: impl Iterator<Item = Entry>,
    options: &Options,
    send: &mut dyn FnMut(Vec<Job>) -> bool,
) {
    let sample = options.sample.max(1);
    let mut batch = Vec::new();
    let mut weight = 0usize;
    let mut open = true;
    for entry in entries {
        if !open {
            return;
        }
        let f = match entry {
            Entry::File(f) => f,
            other => {
                batch.push(Job::Walked(other));
                weight += 1;
                if weight >= BATCH {
                    open = send(std::mem::take(&mut batch));
                    weight = 0;
                }
                continue;
            }
        };
        match f.size {
            Some(size) if size <= SMALL_FILE => {
                weight += (size / 64) as usize + 1;
                batch.push(Job::SmallFile(f));
            }
            Some(_) if sample == 1 => {
                let name: Arc<str> = f.name().into();
                let line_file = match open_line_file(&f, options.read_options()) {
                    Ok(Some(lf)) => lf,
                    Ok(None) => {
                        stream(&f, options, &mut batch, &mut weight, &mut open, send);
                        continue;
                    }
                    Err(p) => {
                        batch.push(Job::FileDone(name, FileStatus::Problem(p)));
                        continue;
                    }
                };
                batch.push(Job::Expect(estimate(&f)));
                let mut chunk = LineChunk {
                    file: Arc::clone(&name),
                    format: line_file.format,
                    orientation: line_file.orientation,
                    text: Vec::new(),
                    lines: Vec::new(),
                };
                for_each_line(line_file.input, &mut |line| {
                    match line {
                        Ok(line) => {
                            chunk.push(line.number, line.bytes, line.len);
                            if chunk.text.len() >= CHUNK {
                                chunk.flush(&mut batch);
                            }
                        }
                        Err((number, e)) => {
                            chunk.flush(&mut batch);
                            batch.push(Job::LineError(Arc::clone(&name), number, e.to_string()));
                        }
                    }
                    weight += 1;
                    if weight >= BATCH && open {
                        chunk.flush(&mut batch);
                        open = send(std::mem::take(&mut batch));
                        weight = 0;
                    }
                });
                chunk.flush(&mut batch);
                let format = chunk.format;
                batch.push(Job::LineFileEnd(name, format));
            }
            _ => stream(&f, options, &mut batch, &mut weight, &mut open, send),
        }
        if weight >= BATCH && open {
            open = send(std::mem::take(&mut batch));
            weight = 0;
        }
    }
    if !batch.is_empty() && open {
        send(batch);
    }
}

/// The lines of a line file being cut, gathered in one buffer until it is about
/// [`CHUNK`] bytes, then shared by their jobs.
struct LineChunk {
    file: Arc<str>,
    format: Format,
    orientation: Orientation,
    text: Vec<u8>,
    /// Line number, start, end, full length.
    lines: Vec<(usize, usize, usize, u64)>,
}

impl LineChunk {
    fn push(&mut self, number: usize, bytes: &[u8], len: u64) {
        let start = self.text.len();
        self.text.extend_from_slice(bytes);
        self.lines.push((number, start, self.text.len(), len));
    }

    /// The lines gathered so far become jobs of `batch`.
    fn flush(&mut self, batch: &mut Vec<Job>) {
        if self.lines.is_empty() {
            return;
        }
        let chunk: Arc<[u8]> = std::mem::take(&mut self.text).into();
        batch.extend(
            self.lines
                .drain(..)
                .map(|(number, start, end, len)| Job::Line {
                    file: Arc::clone(&self.file),
                    format: self.format,
                    orientation: self.orientation,
                    chunk: Arc::clone(&chunk),
                    number,
                    start,
                    end,
                    len,
                }),
        );
    }
}

/// A file streamed by the reader thread, its records put into batches one by one.
fn stream(
    f: &InputFile,
    options: &Options,
    batch: &mut Vec<Job>,
    weight: &mut usize,
    open: &mut bool,
    send: &mut dyn FnMut(Vec<Job>) -> bool,
) {
    let sample = options.sample.max(1);
    batch.push(Job::Expect(estimate(f)));
    let name: Arc<str> = f.name().into();
    let mut not_sampled = 0;
    let read = each_record(f, options.read_options(), &mut |index, item| {
        if !(index - 1).is_multiple_of(sample) {
            not_sampled += 1;
            return;
        }
        batch.push(Job::Record {
            file: Arc::clone(&name),
            index,
            item,
        });
        *weight += 1;
        if *weight >= BATCH && *open {
            *open = send(std::mem::take(batch));
            *weight = 0;
        }
    });
    let status = status(read, &name, not_sampled);
    batch.push(Job::FileDone(name, status));
}

/// A rough count of the records of a file, for the progress bar's ETA only.
fn estimate(f: &InputFile) -> usize {
    let per_record = match f.path.extension().and_then(|e| e.to_str()) {
        Some("renju" | "txt") => 100,
        Some("rif") => 400,
        _ => u64::MAX,
    };
    (f.size.unwrap_or(0) / per_record).max(1) as usize
}

/// Audits the files of `walk` in one bounded parallel pipeline (see the module
/// documentation) on the current rayon pool. `extra` runs on the workers for each record
/// read (for commands that add their own work to the audit); `sink` gets every record in
/// report order; `progress` the records done and the estimated total after each batch.
pub fn audit_walk<T: Send>(
    walk: Walk,
    options: &Options,
    extra: &(dyn Fn(&GameRecord, &GameAudit) -> T + Sync),
    sink: &mut dyn FnMut(Audited<'_, T>),
    progress: &mut dyn FnMut(usize, usize),
) -> Summary {
    audit_entries(walk.into_entries(), options, extra, sink, progress)
}

/// [`audit_walk`] over the entries of a walk as they come ([`walk_paths`]): the walk
/// overlaps the audit.
pub fn audit_entries<T: Send>(
    entries: impl Iterator<Item = Entry> + Send,
    options: &Options,
    extra: &(dyn Fn(&GameRecord, &GameAudit) -> T + Sync),
    sink: &mut dyn FnMut(Audited<'_, T>),
    progress: &mut dyn FnMut(usize, usize),
) -> Summary {
    let start = std::time::Instant::now();
    let jobs = rayon::current_num_threads();
    let mut total = Summary {
        settings: RunSettings::of(options),
        jobs,
        ..Summary::default()
    };
    let work = Work { options, extra };
    let mut done_records = 0usize;
    let expected = std::cell::Cell::new(0usize);
    // Accounting (the summary, the sink: the CSV writer) is sequential: it runs on this
    // thread for batch k while the workers audit batch k+1.
    // records of the line file being read in line mode, so far
    let mut line_records = 0usize;
    let mut account_batch = |done: Vec<Done<T>>| {
        let mut account = |out: &Out<T>, total: &mut Summary| {
            total.add(&out.row, out.audited.as_ref().map(|(_, a, _)| a));
            sink(Audited {
                row: &out.row,
                record: out.audited.as_ref().map(|(g, _, _)| g),
                audit: out.audited.as_ref().map(|(_, a, _)| a),
                extra: out.audited.as_ref().map(|(_, _, t)| t),
            });
            done_records += 1;
        };
        for d in done {
            match d {
                Done::Record(out) => account(&out, &mut total),
                Done::Walked(Entry::Problem(p)) => total.file_problems.push(p),
                Done::Walked(Entry::Skipped(s)) => total.skipped.push(s),
                Done::Walked(Entry::File(_)) | Done::Nothing => {}
                Done::Line(name, number, out) => {
                    let out = match out {
                        LineOut::NotARecord => continue,
                        LineOut::Audited(mut o) => {
                            line_records += 1;
                            o.row.index = line_records;
                            o
                        }
                        LineOut::Broken(b) => {
                            line_records += 1;
                            let index = line_records;
                            let detail = match b {
                                LineBroken::Error(mut e) => {
                                    e.record = index;
                                    if let Position::Line { line, .. } = &mut e.position {
                                        *line = number;
                                    }
                                    e.to_string()
                                }
                                LineBroken::TooManyMoves(n) => too_many_moves(&name, index, n),
                                LineBroken::Io(why) => RecordError::new(
                                    &name,
                                    index,
                                    Position::Line {
                                        line: number,
                                        column: 1,
                                    },
                                    ErrorKind::Io(why),
                                )
                                .to_string(),
                            };
                            Out {
                                row: Row::unreadable(&name, index, detail),
                                audited: None,
                            }
                        }
                    };
                    account(&out, &mut total);
                }
                Done::LineFileEnd(name, format) => {
                    if line_records == 0 {
                        total
                            .file_problems
                            .push(FileProblem::no_records(name.to_string(), format));
                    } else {
                        total.files += 1;
                    }
                    line_records = 0;
                }
                Done::File(name, rows, status) => {
                    for out in &rows {
                        account(out, &mut total);
                    }
                    match status {
                        FileStatus::Audited { not_sampled } => {
                            total.files += 1;
                            total.not_sampled += not_sampled;
                        }
                        FileStatus::NotRecords => total.skipped_files.push(name.to_string()),
                        FileStatus::Problem(p) => total.file_problems.push(p),
                    }
                }
            }
        }
        progress(done_records, expected.get().max(done_records));
    };
    let mut pending: Option<Vec<Done<T>>> = None;
    let mut consume = |batch: Vec<Job>| {
        for j in &batch {
            match j {
                Job::SmallFile(f) => expected.set(expected.get() + estimate(f)),
                Job::Expect(n) => expected.set(expected.get() + n),
                _ => {}
            }
        }
        let mut next = None;
        let previous = pending.take();
        let work = &work;
        rayon::in_place_scope(|s| {
            s.spawn(|_| {
                next = Some(
                    batch
                        .into_par_iter()
                        .map(|j| work.job(j))
                        .collect::<Vec<_>>(),
                );
            });
            if let Some(done) = previous {
                account_batch(done);
            }
        });
        pending = next;
    };
    if jobs <= 1 {
        produce(entries, options, &mut |batch| {
            consume(batch);
            true
        });
    } else {
        std::thread::scope(|s| {
            let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Job>>(QUEUE);
            s.spawn(move || produce(entries, options, &mut |batch| tx.send(batch).is_ok()));
            for batch in rx {
                consume(batch);
            }
        });
    }
    if let Some(done) = pending.take() {
        account_batch(done);
    }
    total.seconds = start.elapsed().as_secs_f64();
    total
}

/// Audits every file under `paths`, calling `sink` with each row (in file order, then record
/// order) and `progress` with the number of records done (after each batch) and the estimated
/// total so far.
///
/// # Errors
/// Only when a path given cannot be found or examined; a file that cannot be read is
/// reported in the summary's `file_problems` and the run goes on.
pub fn audit_paths(
    paths: &[PathBuf],
    options: &Options,
    sink: &mut dyn FnMut(&Row),
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Summary, FileProblem> {
    Ok(audit_entries(
        walk_paths(paths)?,
        options,
        &|_, _| (),
        &mut |a| sink(a.row),
        progress,
    ))
}
