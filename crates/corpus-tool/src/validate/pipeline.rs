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
//! A file found in a folder is not sized by the walk: the worker that opens it reads it if
//! it is small, and hands it back if not; it is then read as a large file in its turn.
//!
//! The first batch is small ([`FIRST_BATCH`]) and each next one twice the last, so the
//! workers start as soon as a few files are walked. The reader hands each batch to the
//! workers (rayon, the pool of the caller: `--jobs`) as a task of its own, audited on one
//! worker from first job to last: many small tasks, taken in the order they were handed
//! on, so the oldest batches are done first (a batch split over the workers, each waiting
//! for its halves by taking other batches, would finish last). At most [`IN_FLIGHT`]
//! batches are not yet accounted ([`IN_FLIGHT_SLOW`] once a batch has run for over
//! [`SLOW_BATCH`]), so memory is bounded whatever the size of the archive, and a batch held
//! up by one slow record (a long VCF search) does not hold up the workers: they go on with
//! the next batches. The reader, waiting for a place, is woken when three quarters of the
//! places are free, not at each one. The worker that finishes the next batch in order
//! accounts it (the summary, the sink), and the later ones already done (the `Ledger`); the
//! calling thread works on the pool's tasks until the reader is done.
//! Rows leave in file order, then record order. With one worker there is no reader thread:
//! reading, auditing and accounting take turns on the one thread.
//!
//! **Accounting invariant:** every record a reader yields and `--sample` keeps becomes
//! exactly one [`Row`], whether it was audited or could not be read, and the [`Summary`]
//! counts are sums over those rows.

use super::Options;
use super::row::Row;
use super::summary::{RunSettings, Summary};
use crate::input::source::{
    FileRead, LineItem, OpenFile, RecordItem, each_record, each_record_small, for_each_line,
    open_line_file, parse_line, too_many_moves,
};
use crate::input::walk::{Entry, FileProblem, InputFile, Walk, walk_paths};
use renju_analyzer::{GameAudit, audit, audit_with_unreadable};
use renju_notation::{ErrorKind, Format, GameRecord, Orientation, Position, RecordError};
use std::path::PathBuf;
use std::sync::Arc;

/// About how many records are audited together, by one worker (bounded memory, a grain
/// fine enough that the last batches of a run keep every worker busy: on 2,000 one-game
/// files a batch is some 8 files).
pub const BATCH: usize = 512;
/// The first batch is this small, and each next one twice the last up to [`BATCH`]: the
/// workers start as soon as a few files are walked, and a short run is not one batch.
pub const FIRST_BATCH: usize = 64;
/// Files up to this size are read whole by a worker (many small files use every core).
pub const SMALL_FILE: u64 = 64 << 10;
/// The batch weight of a small file, besides one for every 64 bytes: opening and reading a
/// file costs about as much as auditing 30 records, and a batch of a few one-game files
/// keeps little memory alive (on 2,000 one-game files, a weight of 5 made batches of some
/// 800 files, 1,483 page faults with 1 job and 2,663 with 2; a weight of 64, 320 and 467,
/// and each run a quarter faster).
const FILE_WEIGHT: usize = 64;
/// Line mode gathers the lines of a file in buffers of about this size.
const CHUNK: usize = 64 << 10;
/// How many batches may be handed to the workers and not yet accounted, at first: enough
/// that every worker has the next ones queued while the reader sleeps (it is woken when
/// three quarters are accounted: on 2,000 one-game files, some 5 times a run), few enough
/// to bound memory (some 32,000 records).
pub const IN_FLIGHT: usize = 64;
/// How many once a batch has run for over [`SLOW_BATCH`] (a slow record: a long VCF
/// search): the workers go on with the next ones while it waits (some 64,000 records).
pub const IN_FLIGHT_SLOW: usize = 128;
/// How long a batch may run before it counts as held up by a slow record (a batch of plain
/// audits takes about a millisecond).
pub const SLOW_BATCH: std::time::Duration = std::time::Duration::from_millis(50);

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
    /// A small file, read and audited whole by a worker; or a file found in a folder, not
    /// yet sized: the worker opens it, and reads it if it is small.
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
    /// A file found in a folder that turned out to be large when a worker opened it: read
    /// in its turn as a large file (see [`Accounts::batch`]).
    Large(InputFile),
}

std::thread_local! {
    /// The read buffer of a worker, kept from one small file to the next.
    static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
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
            row.add_scan(renju_analyzer::missed::scan_game(&g, &a, limits));
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
                let opened = match OpenFile::open(&file) {
                    Ok(o) => o,
                    Err(p) => return Done::File(name, Vec::new(), FileStatus::Problem(p)),
                };
                if let (None, Some(size)) = (file.size, opened.size)
                    && size > SMALL_FILE
                {
                    return Done::Large(InputFile {
                        size: Some(size),
                        ..file
                    });
                }
                let sample = self.options.sample.max(1);
                let mut rows = Vec::new();
                let mut not_sampled = 0;
                let read = BUFFER.with_borrow_mut(|buffer| {
                    let read = each_record_small(
                        &file,
                        &name,
                        opened,
                        SMALL_FILE,
                        buffer,
                        self.options.read_options(),
                        &mut |index, item| {
                            if (index - 1).is_multiple_of(sample) {
                                rows.push(self.record(&name, index, item));
                            } else {
                                not_sampled += 1;
                            }
                        },
                    );
                    // A file that grew past the limit is not kept for the next one.
                    if buffer.capacity() > 2 * SMALL_FILE as usize {
                        *buffer = Vec::new();
                    }
                    read
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
    let mut weight = Fill::new();
    let mut open = true;
    for entry in entries {
        if !open {
            return;
        }
        let f = match entry {
            Entry::File(f) => f,
            other => {
                batch.push(Job::Walked(other));
                weight.add(1);
                if weight.full() {
                    open = send(std::mem::take(&mut batch));
                    weight.sent();
                }
                continue;
            }
        };
        match f.size {
            Some(size) if size <= SMALL_FILE => {
                weight.add(FILE_WEIGHT + (size / 64) as usize);
                batch.push(Job::SmallFile(f));
            }
            // A file found in a folder is sized by the worker that opens it (the walk does
            // not stat it): read by the worker if small, else handed back (`Done::Large`).
            None if !f.named => {
                weight.add(FILE_WEIGHT);
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
                    weight.add(1);
                    if weight.full() && open {
                        chunk.flush(&mut batch);
                        open = send(std::mem::take(&mut batch));
                        weight.sent();
                    }
                });
                chunk.flush(&mut batch);
                let format = chunk.format;
                batch.push(Job::LineFileEnd(name, format));
            }
            _ => stream(&f, options, &mut batch, &mut weight, &mut open, send),
        }
        if weight.full() && open {
            open = send(std::mem::take(&mut batch));
            weight.sent();
        }
    }
    if !batch.is_empty() && open {
        send(batch);
    }
}

/// How full the batch being filled is: its weight so far, and the weight at which it is
/// sent ([`FIRST_BATCH`], doubling with each batch sent up to [`BATCH`]).
struct Fill {
    weight: usize,
    limit: usize,
}

impl Fill {
    fn new() -> Self {
        Fill {
            weight: 0,
            limit: FIRST_BATCH,
        }
    }

    fn add(&mut self, weight: usize) {
        self.weight += weight;
    }

    fn full(&self) -> bool {
        self.weight >= self.limit
    }

    /// The batch was sent: the next starts empty, with twice the limit (up to [`BATCH`]).
    fn sent(&mut self) {
        self.weight = 0;
        self.limit = (self.limit * 2).min(BATCH);
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
    weight: &mut Fill,
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
        weight.add(1);
        if weight.full() && *open {
            *open = send(std::mem::take(batch));
            weight.sent();
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
    sink: &mut (dyn FnMut(Audited<'_, T>) + Send),
    progress: &mut (dyn FnMut(usize, usize) + Send),
) -> Summary {
    audit_entries(walk.into_entries(), options, extra, sink, progress)
}

/// [`audit_walk`] over the entries of a walk as they come ([`walk_paths`]): the walk
/// overlaps the audit.
pub fn audit_entries<T: Send>(
    entries: impl Iterator<Item = Entry> + Send,
    options: &Options,
    extra: &(dyn Fn(&GameRecord, &GameAudit) -> T + Sync),
    sink: &mut (dyn FnMut(Audited<'_, T>) + Send),
    progress: &mut (dyn FnMut(usize, usize) + Send),
) -> Summary {
    let start = std::time::Instant::now();
    let jobs = rayon::current_num_threads();
    let work = Work { options, extra };
    let mut accounts = Accounts {
        work: &work,
        parallel: jobs > 1,
        total: Summary {
            settings: RunSettings::of(options),
            jobs,
            ..Summary::default()
        },
        done_records: 0,
        line_records: 0,
        sink,
        progress,
    };
    if accounts.parallel {
        run_parallel(entries, &mut accounts, 0);
    } else {
        run_sequential(entries, &mut accounts, 0);
    }
    let mut total = accounts.total;
    total.seconds = start.elapsed().as_secs_f64();
    total
}

/// The records a batch is expected to hold (for the progress bar).
fn expected_records(batch: &[Job]) -> usize {
    batch
        .iter()
        .map(|j| match j {
            Job::SmallFile(f) => estimate(f),
            Job::Expect(n) => *n,
            _ => 0,
        })
        .sum()
}

/// The parallel run (`expected_before`: the records expected before these entries, for the
/// progress bar): a reader thread walks and cuts the batches and hands each to the
/// workers as a task of its own, at most [`IN_FLIGHT`] not yet accounted ([`IN_FLIGHT_SLOW`]
/// once a batch has run long); the worker that finishes a batch accounts it, and every
/// later one already done, when it is the next in order ([`Ledger`]); this thread works on
/// the pool's tasks (as one of its workers) until the reader is done.
fn run_parallel<T: Send>(
    entries: impl Iterator<Item = Entry> + Send,
    accounts: &mut Accounts<'_, T>,
    expected_before: usize,
) {
    let work = accounts.work;
    let options = work.options;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let window = Window::new();
    let expected = AtomicUsize::new(expected_before);
    let ledger = Ledger::new(accounts);
    let (reading, started) = (AtomicBool::new(true), AtomicBool::new(false));
    let helper = std::thread::current();
    rayon::in_place_scope(|scope| {
        std::thread::scope(|threads| {
            let (expected, window, ledger, reading, started, helper) =
                (&expected, &window, &ledger, &reading, &started, &helper);
            threads.spawn(move || {
                // However the reader leaves (a panic in a reader), the helper is let go.
                let _done = OnDrop(|| {
                    reading.store(false, Ordering::Release);
                    helper.unpark();
                });
                let mut sequence = 0;
                produce(entries, options, &mut |batch| {
                    let number = sequence;
                    if !window.take(number) {
                        return false;
                    }
                    sequence += 1;
                    expected.fetch_add(expected_records(&batch), Ordering::Relaxed);
                    scope.spawn(move |_| {
                        // However this task leaves (a panic in the sink), the reader is let go.
                        let close = OnDrop(|| {
                            if std::thread::panicking() {
                                window.close();
                            }
                        });
                        ledger.sweep();
                        let done = batch.into_iter().map(|j| work.job(j)).collect();
                        window.done(number);
                        ledger.finished(number, done, &|| expected.load(Ordering::Relaxed), window);
                        drop(close);
                    });
                    // Woken for the first batch (it sleeps while the first folder is read);
                    // after that it looks for tasks itself (waking it for each batch would
                    // have it take the reader's core from the reader, batch after batch).
                    if !started.swap(true, Ordering::AcqRel) {
                        helper.unpark();
                    }
                    true
                });
            });
            // Work on the pool's tasks while the reader hands them on; the tasks left when it
            // is done are worked on (and waited for) by the scope.
            while reading.load(Ordering::Acquire) {
                if rayon::yield_now() == Some(rayon::Yield::Executed) {
                    continue;
                }
                let nap = if started.load(Ordering::Acquire) {
                    std::time::Duration::from_micros(100)
                } else {
                    std::time::Duration::from_millis(10)
                };
                std::thread::park_timeout(nap);
            }
        });
    });
    ledger.check_empty();
}

/// Runs its closure when dropped.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// The batches done and not yet accounted, and the accounts: the worker that finishes the
/// next batch in order accounts it, and the ones after it that are done; a batch done out of
/// order waits here for the worker that accounts the one before it. One lock decides who
/// accounts; the accounts themselves are only touched by that worker. A batch accounted is
/// dropped by the worker that made it ([`Ledger::sweep`], at its next batch): memory is
/// freed by the thread that took it (glibc's allocator locks the arena of another thread for
/// each block freed there: on the 147k archive, some 770 waits for such a lock a run).
struct Ledger<'a, 's, T> {
    state: std::sync::Mutex<LedgerState<T>>,
    accounts: std::sync::Mutex<&'a mut Accounts<'s, T>>,
    /// Per worker, the batches it made that are accounted and not yet dropped.
    spent: Vec<std::sync::Mutex<Vec<Vec<Done<T>>>>>,
}

/// A batch done: its results and the worker that made them.
type Made<T> = (Vec<Done<T>>, Option<usize>);

struct LedgerState<T> {
    waiting: std::collections::BTreeMap<usize, Made<T>>,
    /// The number of the next batch to account.
    next: usize,
    /// Whether a worker is accounting.
    busy: bool,
}

impl<'a, 's, T: Send> Ledger<'a, 's, T> {
    fn new(accounts: &'a mut Accounts<'s, T>) -> Self {
        Ledger {
            state: std::sync::Mutex::new(LedgerState {
                waiting: std::collections::BTreeMap::new(),
                next: 0,
                busy: false,
            }),
            accounts: std::sync::Mutex::new(accounts),
            spent: (0..rayon::current_num_threads())
                .map(|_| std::sync::Mutex::default())
                .collect(),
        }
    }

    /// Drops the batches this worker made that are accounted.
    fn sweep(&self) {
        if let Some(bin) = rayon::current_thread_index().and_then(|i| self.spent.get(i)) {
            let spent = std::mem::take(
                &mut *bin
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner),
            );
            drop(spent);
        }
    }

    /// A batch accounted: dropped now if this worker made it, else left to its maker.
    fn spend(&self, (done, maker): Made<T>) {
        match maker.and_then(|m| self.spent.get(m)) {
            Some(bin) if maker != rayon::current_thread_index() => bin
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(done),
            _ => drop(done),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, LedgerState<T>> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Batch `number` is done: accounted now if it is the next in order and no worker is
    /// accounting, with every later one done (`expected`: the records expected so far; each
    /// batch accounted gives its place in `window` back).
    fn finished(
        &self,
        number: usize,
        done: Vec<Done<T>>,
        expected: &dyn Fn() -> usize,
        window: &Window,
    ) {
        let mut state = self.state();
        state
            .waiting
            .insert(number, (done, rayon::current_thread_index()));
        if state.busy {
            // The worker accounting looks for this batch before it stops.
            return;
        }
        state.busy = true;
        loop {
            let next = state.next;
            let Some(mut made) = state.waiting.remove(&next) else {
                state.busy = false;
                return;
            };
            drop(state);
            self.accounts
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .batch(&mut made.0, expected());
            self.spend(made);
            // The reader took this place before handing the batch on.
            window.give();
            state = self.state();
            state.next += 1;
        }
    }

    /// Every batch handed on was accounted (the run is over).
    fn check_empty(&self) {
        let state = self.state();
        debug_assert!(
            state.waiting.is_empty() && !state.busy,
            "batches left unaccounted"
        );
    }
}

/// The places of the batches handed to the workers and not yet accounted.
struct Window {
    /// Places taken, the limit, whether the accounting has ended.
    state: std::sync::Mutex<(usize, usize, bool)>,
    changed: std::sync::Condvar,
    /// The batches handed on and not yet done (by number), and when each was handed on.
    running: std::sync::Mutex<std::collections::BTreeMap<usize, std::time::Instant>>,
}

impl Window {
    fn new() -> Window {
        Window {
            state: std::sync::Mutex::new((0, IN_FLIGHT, false)),
            changed: std::sync::Condvar::new(),
            running: std::sync::Mutex::default(),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, (usize, usize, bool)> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Takes a place for batch `number`, waiting for one; false when the accounting has
    /// ended.
    fn take(&self, number: usize) -> bool {
        let mut s = self.state();
        while s.0 >= s.1 && !s.2 {
            if s.1 < IN_FLIGHT_SLOW && self.held_up() {
                s.1 = IN_FLIGHT_SLOW;
                continue;
            }
            s = self
                .changed
                .wait_timeout(s, SLOW_BATCH / 4)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
        s.0 += 1;
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(number, std::time::Instant::now());
        !s.2
    }

    /// Batch `number` is done (by a worker).
    fn done(&self, number: usize) {
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(&number);
    }

    /// Whether the oldest batch not done has run for over [`SLOW_BATCH`]: a record is slow.
    /// (The reader, waiting for a place, looks: the accounting thread may be the worker busy
    /// with that record.)
    fn held_up(&self) -> bool {
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .first_key_value()
            .is_some_and(|(_, since)| since.elapsed() > SLOW_BATCH)
    }

    /// Gives a place back.
    fn give(&self) {
        let mut s = self.state();
        s.0 -= 1;
        // The reader is woken when three quarters of the places are free (not at each one:
        // woken, it takes a worker's core).
        if s.0 <= s.1 / 4 {
            self.changed.notify_all();
        }
    }

    /// Ends the accounting (a sink panicked): the reader stops handing batches on.
    fn close(&self) {
        self.state().2 = true;
        self.changed.notify_all();
    }
}

/// One thread: reading, auditing and accounting take turns. `expected_before`: the records
/// expected before these entries (for the progress bar).
fn run_sequential<T: Send>(
    entries: impl Iterator<Item = Entry>,
    accounts: &mut Accounts<'_, T>,
    expected_before: usize,
) {
    let work = accounts.work;
    let mut expected = expected_before;
    produce(entries, work.options, &mut |batch| {
        expected += expected_records(&batch);
        let mut done: Vec<Done<T>> = batch.into_iter().map(|j| work.job(j)).collect();
        accounts.batch(&mut done, expected);
        true
    });
}

/// The sequential accounting of the rows (the summary, the sink: the CSV writer), in
/// report order.
struct Accounts<'s, T> {
    /// What the workers do (for a large file found late: [`Done::Large`]).
    work: &'s Work<'s, T>,
    /// Whether the run is parallel (more than one worker).
    parallel: bool,
    total: Summary,
    done_records: usize,
    /// Records of the line file being read in line mode, so far.
    line_records: usize,
    sink: &'s mut (dyn FnMut(Audited<'_, T>) + Send),
    progress: &'s mut (dyn FnMut(usize, usize) + Send),
}

impl<T: Send> Accounts<'_, T> {
    fn row(&mut self, out: &Out<T>) {
        self.total
            .add(&out.row, out.audited.as_ref().map(|(_, a, _)| a));
        (self.sink)(Audited {
            row: &out.row,
            record: out.audited.as_ref().map(|(g, _, _)| g),
            audit: out.audited.as_ref().map(|(_, a, _)| a),
            extra: out.audited.as_ref().map(|(_, _, t)| t),
        });
        self.done_records += 1;
    }

    /// Accounts one batch done; `expected` is the estimated records of the run so far. The
    /// batch is left to the caller to drop (on the worker that made it: see [`Ledger`]).
    fn batch(&mut self, done: &mut [Done<T>], expected: usize) {
        for d in done {
            match d {
                Done::Record(out) => self.row(out),
                Done::Line(name, number, out) => {
                    let broken;
                    let out = match out {
                        LineOut::NotARecord => continue,
                        LineOut::Audited(o) => {
                            self.line_records += 1;
                            o.row.index = self.line_records;
                            o
                        }
                        LineOut::Broken(_) => {
                            self.line_records += 1;
                            let LineOut::Broken(b) = std::mem::replace(out, LineOut::NotARecord)
                            else {
                                unreachable!("matched as broken")
                            };
                            broken = broken_line(name, self.line_records, *number, b);
                            &broken
                        }
                    };
                    self.row(out);
                }
                Done::File(name, rows, status) => {
                    for out in rows.iter() {
                        self.row(out);
                    }
                    match std::mem::replace(status, FileStatus::NotRecords) {
                        FileStatus::Audited { not_sampled } => {
                            self.total.files += 1;
                            self.total.not_sampled += not_sampled;
                        }
                        FileStatus::NotRecords => self.total.skipped_files.push(name.to_string()),
                        FileStatus::Problem(p) => self.total.file_problems.push(p),
                    }
                }
                other => match std::mem::replace(other, Done::Nothing) {
                    Done::Walked(Entry::Problem(p)) => self.total.file_problems.push(p),
                    Done::Walked(Entry::Skipped(s)) => self.total.skipped.push(s),
                    Done::LineFileEnd(name, format) => {
                        if self.line_records == 0 {
                            self.total
                                .file_problems
                                .push(FileProblem::no_records(name.to_string(), format));
                        } else {
                            self.total.files += 1;
                        }
                        self.line_records = 0;
                    }
                    Done::Large(file) => {
                        // In its turn, as a run of its own (its own reader, the same workers),
                        // its rows accounted before those of the batches after this one.
                        let file = std::iter::once(Entry::File(file));
                        if self.parallel {
                            run_parallel(file, self, expected);
                        } else {
                            run_sequential(file, self, expected);
                        }
                    }
                    Done::Walked(Entry::File(_))
                    | Done::Nothing
                    | Done::Record(_)
                    | Done::Line(..)
                    | Done::File(..) => {}
                },
            }
        }
        (self.progress)(self.done_records, expected.max(self.done_records));
    }
}

/// The row of a broken line, record `index` of its file, at line `number`.
fn broken_line<T>(name: &str, index: usize, number: usize, broken: LineBroken) -> Out<T> {
    let detail = match broken {
        LineBroken::Error(mut e) => {
            e.record = index;
            if let Position::Line { line, .. } = &mut e.position {
                *line = number;
            }
            e.to_string()
        }
        LineBroken::TooManyMoves(n) => too_many_moves(name, index, n),
        LineBroken::Io(why) => RecordError::new(
            name,
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
        row: Row::unreadable(name, index, detail),
        audited: None,
    }
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
    sink: &mut (dyn FnMut(&Row) + Send),
    progress: &mut (dyn FnMut(usize, usize) + Send),
) -> Result<Summary, FileProblem> {
    Ok(audit_entries(
        walk_paths(paths)?,
        options,
        &|_, _| (),
        &mut |a| sink(a.row),
        progress,
    ))
}
