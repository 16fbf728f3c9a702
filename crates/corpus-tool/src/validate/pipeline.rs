//! The record pipeline: the records of all files, in one bounded parallel pipeline, rows
//! handed on in report order.
//!
//! One reader thread walks the files in input order and cuts their records into batches of
//! about [`BATCH`] records: a small file (at most [`SMALL_FILE`] bytes) goes into a batch
//! whole and is opened, read and audited by a worker, a larger one is streamed by the reader
//! and its records go into batches one by one (a batch spans files). The workers (rayon, the
//! pool of the caller: `--jobs`) audit a batch while the reader fills the next one; at most
//! two batches wait, so memory is bounded whatever the size of the archive. Rows leave in
//! file order, then record order. With one worker there is no reader thread: reading and
//! auditing take turns on the one thread.
//!
//! **Accounting invariant:** every record a reader yields and `--sample` keeps becomes
//! exactly one [`Row`], whether it was audited or could not be read, and the [`Summary`]
//! counts are sums over those rows.

use super::Options;
use super::row::Row;
use super::source::{FileRead, RecordItem, each_record};
use super::summary::{RunSettings, Summary};
use super::walk::{FileProblem, InputFile, Walk, collect_files};
use analyzer::{GameAudit, audit, audit_with_unreadable};
use notation::GameRecord;
use rayon::prelude::*;
use std::path::PathBuf;

/// About how many records are audited together (bounded memory, good parallel grain).
pub const BATCH: usize = 4096;
/// Files up to this size are read whole by a worker (many small files use every core).
pub const SMALL_FILE: u64 = 64 << 10;
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
        file: usize,
        index: usize,
        item: RecordItem,
    },
    /// A small file, read and audited whole by a worker.
    SmallFile(usize),
    /// The end of a streamed file.
    FileDone(usize, FileStatus),
}

/// A job done.
#[allow(clippy::large_enum_variant)]
enum Done<T> {
    Record(Out<T>),
    File(usize, Vec<Out<T>>, FileStatus),
}

/// What a worker needs to audit.
struct Work<'a, T> {
    files: &'a [InputFile],
    names: &'a [String],
    options: &'a Options,
    extra: &'a (dyn Fn(&GameRecord, &GameAudit) -> T + Sync),
}

impl<T: Send> Work<'_, T> {
    fn record(&self, file: usize, index: usize, item: RecordItem) -> Out<T> {
        let name = &self.names[file];
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
            row.add_missed(analyzer::missed::missed_wins(&g, &a, limits));
        }
        let t = (self.extra)(&g, &a);
        Out {
            row,
            audited: Some((g, a, t)),
        }
    }

    fn job(&self, job: Job) -> Done<T> {
        match job {
            Job::Record { file, index, item } => Done::Record(self.record(file, index, item)),
            Job::FileDone(file, status) => Done::File(file, Vec::new(), status),
            Job::SmallFile(file) => {
                let sample = self.options.sample.max(1);
                let mut rows = Vec::new();
                let mut not_sampled = 0;
                let read = each_record(
                    &self.files[file],
                    self.options.read_options(),
                    &mut |index, item| {
                        if (index - 1).is_multiple_of(sample) {
                            rows.push(self.record(file, index, item));
                        } else {
                            not_sampled += 1;
                        }
                    },
                );
                Done::File(file, rows, status(read, &self.names[file], not_sampled))
            }
        }
    }
}

/// Cuts the files into batches, calling `send` with each; stops when `send` returns false.
fn produce(files: &[InputFile], options: &Options, send: &mut dyn FnMut(Vec<Job>) -> bool) {
    let sample = options.sample.max(1);
    let mut batch = Vec::new();
    let mut weight = 0usize;
    let mut open = true;
    for (i, f) in files.iter().enumerate() {
        if !open {
            return;
        }
        match f.size {
            Some(size) if size <= SMALL_FILE => {
                batch.push(Job::SmallFile(i));
                weight += (size / 64) as usize + 1;
            }
            _ => {
                let mut not_sampled = 0;
                let read = each_record(f, options.read_options(), &mut |index, item| {
                    if !(index - 1).is_multiple_of(sample) {
                        not_sampled += 1;
                        return;
                    }
                    batch.push(Job::Record {
                        file: i,
                        index,
                        item,
                    });
                    weight += 1;
                    if weight >= BATCH && open {
                        open = send(std::mem::take(&mut batch));
                        weight = 0;
                    }
                });
                batch.push(Job::FileDone(i, status(read, &f.name(), not_sampled)));
            }
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

/// A rough count of the records of the files, for the progress bar's ETA only.
fn estimate(files: &[InputFile]) -> usize {
    files
        .iter()
        .map(|f| {
            let per_record = match f.path.extension().and_then(|e| e.to_str()) {
                Some("renju" | "txt") => 100,
                Some("rif") => 400,
                _ => u64::MAX,
            };
            (f.size.unwrap_or(0) / per_record).max(1) as usize
        })
        .sum()
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
    let start = std::time::Instant::now();
    let jobs = rayon::current_num_threads();
    let mut total = Summary {
        settings: RunSettings::of(options),
        jobs,
        file_problems: walk.problems,
        skipped: walk.skipped,
        ..Summary::default()
    };
    let files = walk.files;
    let names: Vec<String> = files.iter().map(InputFile::name).collect();
    let expected = estimate(&files);
    let work = Work {
        files: &files,
        names: &names,
        options,
        extra,
    };
    let mut done_records = 0usize;
    let mut consume = |batch: Vec<Job>| {
        let done: Vec<Done<T>> = batch.into_par_iter().map(|j| work.job(j)).collect();
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
                Done::File(file, rows, status) => {
                    for out in &rows {
                        account(out, &mut total);
                    }
                    match status {
                        FileStatus::Audited { not_sampled } => {
                            total.files += 1;
                            total.not_sampled += not_sampled;
                        }
                        FileStatus::NotRecords => total.skipped_files.push(names[file].clone()),
                        FileStatus::Problem(p) => total.file_problems.push(p),
                    }
                }
            }
        }
        progress(done_records, expected.max(done_records));
    };
    if jobs <= 1 {
        produce(&files, options, &mut |batch| {
            consume(batch);
            true
        });
    } else {
        std::thread::scope(|s| {
            let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Job>>(QUEUE);
            let files = &files;
            s.spawn(move || produce(files, options, &mut |batch| tx.send(batch).is_ok()));
            for batch in rx {
                consume(batch);
            }
        });
    }
    total.seconds = start.elapsed().as_secs_f64();
    total
}

/// Audits every file under `paths`, calling `sink` with each row (in file order, then record
/// order) and `progress` with the number of records done (after each batch) and the estimated
/// total.
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
    let walk = collect_files(paths)?;
    Ok(audit_walk(
        walk,
        options,
        &|_, _| (),
        &mut |a| sink(a.row),
        progress,
    ))
}
