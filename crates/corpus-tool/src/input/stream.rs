//! The record stream: the records of every file under the paths given, in input order (files
//! as given, the files of a folder in walk order, records in file order), each worked on by
//! the caller's `work` on the [`engine`](crate::engine)'s workers and handed to the caller's
//! `sink` in that order. Every archive command reads through it.
//!
//! How the reader (the engine's read side) cuts the input into jobs:
//!
//! - a small file (at most [`SMALL_FILE`] bytes) is one job: a worker reads it whole (its
//!   buffer kept from file to file) and works every record;
//! - with several jobs, a large line file (`.renju`, move list) is cut into chunks of lines
//!   by the reader, and each line is parsed and worked by a worker (*line mode*: its record
//!   index, and the record and line numbers of its error sentence, are set in order by the
//!   sink side; the same rows as the file's own reader stream, a test checks it);
//! - any other large file (and any file under `--sample`, and every large file with one job)
//!   is streamed by the reader, its records handed on one by one.
//!
//! A file found in a folder is sized when the reader comes to it (with several jobs a stat, so
//! that the worker opens it; with one job the reader opens it). Progress is reported in
//! records and bytes ([`Progress`]); a stop ([`Stop`](crate::engine::Stop)) ends the reading
//! and the rest of the input is counted, not worked ([`NotReached`]).
//!
//! **Accounting invariant** (checked in every build): every record a reader yields and the
//! sample keeps is handed to the sink exactly once, as worked or as unreadable, and the counts
//! of [`Streamed`] are sums over the records handed on and the files read.

use super::lines::{LineItem, for_each_line, is_record_line, open_line_file, parse_line};
use super::source::{
    BrokenRecord, FileRead, OpenFile, ReadOptions, RecordItem, each_record, each_record_small,
};
use super::source::{each_record_counted, too_many_moves};
use super::walk::{Entry, FileProblem, InputFile, Skipped};
use crate::engine::{Engine, Feed, Jobs, Stopped};
use renju_analyzer::UnreadableMove;
use renju_notation::{ErrorKind, Format, GameRecord, Orientation, Position, RecordError};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Files up to this size are read whole by a worker (many small files use every core).
pub const SMALL_FILE: u64 = 64 << 10;
/// The batch weight of a small file, besides one for every 64 bytes: opening and reading a
/// file costs about as much as auditing 30 records, and a batch of a few one-game files
/// keeps little memory alive.
const FILE_WEIGHT: usize = 64;
/// Line mode gathers the lines of a file in chunks of at most this many bytes.
const CHUNK: usize = 64 << 10;
/// The sink side reports progress at least every this many records.
const PROGRESS_EVERY: usize = 1024;

/// How the stream reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StreamOptions {
    /// Formats, orientations and encodings forced.
    pub read: ReadOptions,
    /// Hand on only every N-th record of each file (1 or 0: all of them); the others are
    /// read and counted ([`Streamed::not_sampled`]).
    pub sample: usize,
}

/// A record that can be read, as `work` gets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    /// A game.
    Game(GameRecord),
    /// A game whose move list holds a move that cannot be read (line formats): the moves
    /// before it (the game, as `validate` audits it: verdict `illegal`), and that move.
    Salvaged(GameRecord, UnreadableMove),
}

impl Read {
    /// The game (for a salvaged record, with the moves before the unreadable one).
    #[must_use]
    pub fn game(&self) -> &GameRecord {
        match self {
            Read::Game(g) | Read::Salvaged(g, _) => g,
        }
    }

    /// The unreadable move of a salvaged record.
    #[must_use]
    pub fn unreadable(&self) -> Option<&UnreadableMove> {
        match self {
            Read::Game(_) => None,
            Read::Salvaged(_, u) => Some(u),
        }
    }

    /// The game, and the unreadable move of a salvaged record.
    #[must_use]
    pub fn into_parts(self) -> (GameRecord, Option<UnreadableMove>) {
        match self {
            Read::Game(g) => (g, None),
            Read::Salvaged(g, u) => (g, Some(u)),
        }
    }
}

impl RecordItem {
    /// The record as [`Read`], or why it cannot be read.
    ///
    /// # Errors
    /// A broken record: why (its `Display` is the reader's sentence).
    pub fn into_read(self) -> Result<Read, BrokenRecord> {
        match self {
            RecordItem::Game(g) => Ok(Read::Game(g)),
            RecordItem::GameWithUnreadable(g, u) => Ok(Read::Salvaged(g, u)),
            RecordItem::Broken(why) => Err(why),
        }
    }
}

/// One record as the sink gets it, in input order.
#[derive(Debug)]
pub struct Record<T> {
    /// The file, as reports print it.
    pub file: Arc<str>,
    /// The 1-based index of the record in its file.
    pub index: usize,
    /// What `work` made of the record, or why it cannot be read (its `Display` is a sentence
    /// naming the file, the record and the place).
    pub item: Result<T, BrokenRecord>,
}

/// How far the stream is, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Records handed to the sink so far.
    pub records: usize,
    /// Bytes of input whose records were all handed on.
    pub bytes: u64,
    /// The bytes of the whole input, once known (every path is a file, or the walk is over).
    pub total_bytes: Option<u64>,
}

impl Progress {
    /// The records of the whole input, estimated from the bytes read so far (the estimate
    /// converges: it is exact at the end); `None` while the size of the input is not known.
    #[must_use]
    pub fn estimated_records(&self) -> Option<usize> {
        let total = self.total_bytes?;
        if self.bytes == 0 || self.records == 0 {
            return None;
        }
        let estimate = self.records as f64 * total as f64 / self.bytes as f64;
        Some((estimate.round() as usize).max(self.records))
    }
}

/// What the reader did not reach after a stop.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct NotReached {
    /// Records read and not handed on, or not read at all (counted by reading them).
    pub records: usize,
    /// Whether every one was counted (`false`: the counting was stopped too, by a second
    /// request; `records` is then a lower bound).
    pub counted: bool,
}

/// What streaming found besides the records.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Streamed {
    /// Files read (in a record format, with at least one record; after a stop, the file it
    /// came in counts if a record of it was handed on).
    pub files: usize,
    /// Records handed to the sink (unreadable ones included).
    pub records: usize,
    /// Records read and not handed on because of the sample.
    pub not_sampled: usize,
    /// Paths that could not be examined or read, and files in a record format holding no
    /// record, in input order.
    pub problems: Vec<FileProblem>,
    /// Entries of folders deliberately not read (hidden, link loops, pipes).
    pub skipped: Vec<Skipped>,
    /// Files found in folders that are in no record format.
    pub not_records: Vec<String>,
    /// After a stop: what was not reached (`None`: the stream ran to its end).
    pub not_reached: Option<NotReached>,
}

/// How a file ended.
#[derive(Debug)]
enum FileStatus {
    Read { not_sampled: usize },
    NotRecords,
    Problem(FileProblem),
}

fn status(read: Result<FileRead, FileProblem>, name: &str, not_sampled: usize) -> FileStatus {
    match read {
        Ok(r) => match r.problem(name) {
            Some(p) => FileStatus::Problem(p),
            None if r == FileRead::NotRecords => FileStatus::NotRecords,
            None => FileStatus::Read { not_sampled },
        },
        Err(p) => FileStatus::Problem(p),
    }
}

/// A chunk of lines of a line file, cut by the reader.
#[derive(Debug)]
struct Lines {
    file: Arc<str>,
    format: Format,
    orientation: Orientation,
    text: Vec<u8>,
    lines: Vec<LineSpan>,
}

/// A line in a chunk's text: line number, start, end, full length.
type LineSpan = (usize, usize, usize, u64);

impl Lines {
    fn bytes(&self) -> u64 {
        self.lines.iter().map(|l| l.3 + 1).sum()
    }
}

/// A unit of work. (Records are the common case: not boxed.)
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
enum Job {
    /// A record of a file the reader streams, and the bytes of the file read so far.
    Record {
        file: Arc<str>,
        index: usize,
        item: RecordItem,
        at: u64,
    },
    /// A small file, read whole by a worker (opened by the reader or not yet).
    File(InputFile, Option<OpenFile>),
    /// Lines of a line file, each parsed and worked by the worker.
    Lines(Lines),
    /// The end of a file the reader streamed (its size in bytes).
    FileEnd(Arc<str>, FileStatus, u64),
    /// The end of a line file read in line mode; a read error that ended it, at that line.
    LineFileEnd {
        file: Arc<str>,
        format: Format,
        error: Option<(usize, String)>,
    },
    /// A walk entry that is not a file (a problem, a skipped entry), kept in order.
    Walked(Entry),
}

/// A line done by a worker, its record index still to be counted.
#[derive(Debug)]
enum LineDone<T> {
    NotARecord,
    Worked(T),
    Broken(RecordError),
    TooManyMoves(usize),
}

/// A job done.
#[derive(Debug)]
enum Done<T> {
    Record(Arc<str>, usize, Result<T, BrokenRecord>, u64),
    File {
        file: Arc<str>,
        records: Vec<(usize, Result<T, BrokenRecord>)>,
        status: FileStatus,
        bytes: u64,
    },
    Lines {
        file: Arc<str>,
        lines: Vec<(usize, LineDone<T>)>,
        bytes: u64,
    },
    FileEnd(Arc<str>, FileStatus, u64),
    LineFileEnd {
        file: Arc<str>,
        format: Format,
        error: Option<(usize, String)>,
    },
    Walked(Entry),
}

std::thread_local! {
    /// The read buffer of a worker, kept from one small file to the next.
    static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The buffers of chunks of lines the workers are done with, for the reader to fill again:
/// memory already touched, so that the kernel does not clear fresh pages for every chunk.
#[derive(Default)]
struct Spare {
    buffers: std::sync::Mutex<Vec<(Vec<u8>, Vec<LineSpan>)>>,
}

impl Spare {
    /// Empty buffers for the next chunk: spare ones if any, else new ones sized for a chunk.
    fn take(&self) -> (Vec<u8>, Vec<LineSpan>) {
        self.buffers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop()
            .unwrap_or_else(|| (Vec::with_capacity(CHUNK + CHUNK / 4), Vec::new()))
    }

    /// A chunk's buffers, emptied, kept for a next chunk (a chunk grown past twice the usual
    /// size is let go).
    fn give(&self, mut text: Vec<u8>, mut lines: Vec<LineSpan>) {
        if text.capacity() > 2 * CHUNK {
            return;
        }
        text.clear();
        lines.clear();
        self.buffers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push((text, lines));
    }
}

/// What the workers do with a job.
struct Worker<'a, T> {
    options: StreamOptions,
    work: &'a (dyn Fn(&str, Read) -> T + Sync),
    spare: &'a Spare,
}

impl<T> Worker<'_, T> {
    fn item(&self, file: &str, item: RecordItem) -> Result<T, BrokenRecord> {
        item.into_read().map(|r| (self.work)(file, r))
    }

    fn job(&self, job: Job) -> Done<T> {
        match job {
            Job::Record {
                file,
                index,
                item,
                at,
            } => {
                let done = self.item(&file, item);
                Done::Record(file, index, done, at)
            }
            Job::File(file, opened) => self.small_file(&file, opened),
            Job::Lines(lines) => self.lines(lines),
            Job::FileEnd(file, status, bytes) => Done::FileEnd(file, status, bytes),
            Job::LineFileEnd {
                file,
                format,
                error,
            } => Done::LineFileEnd {
                file,
                format,
                error,
            },
            Job::Walked(e) => Done::Walked(e),
        }
    }

    fn small_file(&self, file: &InputFile, opened: Option<OpenFile>) -> Done<T> {
        let name: Arc<str> = file.name().into();
        let opened = match opened.map_or_else(|| OpenFile::open(file), Ok) {
            Ok(o) => o,
            Err(p) => {
                return Done::File {
                    file: name,
                    records: Vec::new(),
                    status: FileStatus::Problem(p),
                    bytes: 0,
                };
            }
        };
        let bytes = opened.size.unwrap_or(0);
        let sample = self.options.sample.max(1);
        let mut records = Vec::new();
        let mut not_sampled = 0;
        let read = BUFFER.with_borrow_mut(|buffer| {
            let read = each_record_small(
                file,
                &name,
                opened,
                SMALL_FILE,
                buffer,
                self.options.read,
                &mut |index, item| {
                    if (index - 1).is_multiple_of(sample) {
                        records.push((index, self.item(&name, item)));
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
        Done::File {
            file: name,
            records,
            status,
            bytes,
        }
    }

    fn lines(&self, chunk: Lines) -> Done<T> {
        let bytes = chunk.bytes();
        let lines = chunk
            .lines
            .iter()
            .map(|&(number, start, end, len)| {
                let parsed = parse_line(
                    &chunk.file,
                    chunk.format,
                    chunk.orientation,
                    &chunk.text[start..end],
                    len,
                    number,
                );
                let done = match parsed {
                    LineItem::NotARecord => LineDone::NotARecord,
                    LineItem::Item(item) => match item.into_read() {
                        Ok(r) => LineDone::Worked((self.work)(&chunk.file, r)),
                        // parse_line hands broken lines on as errors, never as items
                        Err(why) => LineDone::Broken(RecordError::new(
                            &chunk.file,
                            0,
                            Position::Line {
                                line: number,
                                column: 1,
                            },
                            ErrorKind::Io(why.to_string()),
                        )),
                    },
                    LineItem::TooManyMoves(n) => LineDone::TooManyMoves(n),
                    LineItem::Error(e) => LineDone::Broken(e),
                };
                (number, done)
            })
            .collect();
        self.spare.give(chunk.text, chunk.lines);
        Done::Lines {
            file: chunk.file,
            lines,
            bytes,
        }
    }
}

/// What the reader shares with the sink side: the size of the input once known.
#[derive(Default)]
struct Sizes {
    total: AtomicU64,
    known: AtomicBool,
}

/// The reader: the entries into jobs, in order; after a stop, the rest counted.
struct Reader<'a> {
    options: StreamOptions,
    jobs: Jobs,
    sizes: &'a Sizes,
    /// Where the chunks' buffers come from.
    spare: &'a Spare,
    /// Sizes of the files met so far, and whether each was known (a pipe's is not).
    total: u64,
    all_sized: bool,
    /// Whether the entry being read is the last.
    last: bool,
}

/// The reader after a stop: counts what it does not hand on.
struct Counting {
    records: usize,
    counted: bool,
}

impl Reader<'_> {
    fn read(
        &mut self,
        entries: impl Iterator<Item = Entry>,
        feed: &mut Feed<'_, Job>,
        stop_requests: &dyn Fn() -> usize,
    ) -> Option<Counting> {
        let mut entries = entries.into_iter();
        while let Some(entry) = entries.next() {
            // Once no folder is left to walk and no entry is left, the size of the input is
            // known when this one is sized.
            self.last = entries.size_hint().1 == Some(0);
            if let Err(mut counting) = self.entry(entry, feed) {
                // Stopped: count the rest of the input, unless asked again.
                for entry in entries.by_ref() {
                    if stop_requests() > 1 {
                        counting.counted = false;
                        break;
                    }
                    if let Entry::File(f) = entry {
                        counting.records += count_records(&f, self.options.read);
                    }
                }
                return Some(counting);
            }
        }
        self.publish();
        None
    }

    /// The size of the whole input is known.
    fn publish(&self) {
        self.sizes.total.store(self.total, Ordering::Relaxed);
        self.sizes.known.store(self.all_sized, Ordering::Release);
    }

    /// One entry into jobs; after a stop, the records of the entry not handed on.
    fn entry(&mut self, entry: Entry, feed: &mut Feed<'_, Job>) -> Result<(), Counting> {
        let f = match entry {
            Entry::File(f) => f,
            other => return push(feed, Job::Walked(other), 1),
        };
        let sample = self.options.sample.max(1);
        // Size the file: with one job the reader opens it (the worker is this thread), else a
        // stat (the worker opens it).
        let (size, opened) = if self.jobs == Jobs::ONE {
            match OpenFile::open(&f) {
                Ok(o) => (o.size, Some(o)),
                Err(p) => {
                    let name: Arc<str> = f.name().into();
                    return push(feed, Job::FileEnd(name, FileStatus::Problem(p), 0), 1);
                }
            }
        } else {
            let size = f.size.or_else(|| {
                std::fs::metadata(&f.path)
                    .ok()
                    .and_then(|m| m.is_file().then_some(m.len()))
            });
            (size, None)
        };
        match size {
            Some(s) => self.total += s,
            None => self.all_sized = false,
        }
        if self.last {
            self.publish();
        }
        let stat_failed = size.is_none() && !f.named && opened.is_none();
        let f = InputFile { size, ..f };
        match size {
            Some(s) if s <= SMALL_FILE => push(
                feed,
                Job::File(f, opened),
                FILE_WEIGHT + usize::try_from(s / 64).unwrap_or(usize::MAX),
            ),
            // a file found in a folder that cannot be examined: the worker says why
            _ if stat_failed => push(feed, Job::File(f, None), FILE_WEIGHT),
            Some(_) if sample == 1 && self.jobs != Jobs::ONE => self.line_mode(&f, feed),
            _ => self.stream(&f, opened, feed),
        }
    }

    /// A large file: in line mode when it is a line file, else streamed.
    fn line_mode(&mut self, f: &InputFile, feed: &mut Feed<'_, Job>) -> Result<(), Counting> {
        let name: Arc<str> = f.name().into();
        let line_file = match open_line_file(f, self.options.read) {
            Ok(Some(lf)) => lf,
            Ok(None) => return self.stream(f, None, feed),
            Err(p) => return push(feed, Job::FileEnd(name, FileStatus::Problem(p), 0), 1),
        };
        let (text, lines) = self.spare.take();
        let mut chunk = Lines {
            file: Arc::clone(&name),
            format: line_file.format,
            orientation: line_file.orientation,
            text,
            lines,
        };
        let mut error = None;
        let mut counting: Option<Counting> = None;
        for_each_line(line_file.input, &mut |line| match line {
            Ok(line) => {
                if let Some(c) = counting.as_mut() {
                    c.records += usize::from(is_record_line(line.bytes, line.number == 1));
                    return;
                }
                let start = chunk.text.len();
                chunk.text.extend_from_slice(line.bytes);
                chunk
                    .lines
                    .push((line.number, start, chunk.text.len(), line.len));
                if chunk.text.len() >= CHUNK || chunk.lines.len() >= feed.room() {
                    let n = chunk.lines.len();
                    let lines = next_chunk(&mut chunk, self.spare);
                    if push(feed, Job::Lines(lines), n).is_err() {
                        counting = Some(Counting {
                            records: 0,
                            counted: true,
                        });
                    }
                }
            }
            Err((number, e)) => error = Some((number, e.to_string())),
        });
        if let Some(mut c) = counting {
            // the read error that ended the file is one record more
            c.records += usize::from(error.is_some());
            return Err(c);
        }
        if !chunk.lines.is_empty() {
            let n = chunk.lines.len();
            let _ = feed.push_weighted(Job::Lines(chunk), n);
        }
        push(
            feed,
            Job::LineFileEnd {
                file: name,
                format: line_file.format,
                error,
            },
            0,
        )
    }

    /// A file streamed by the reader, its records handed on one by one.
    fn stream(
        &mut self,
        f: &InputFile,
        opened: Option<OpenFile>,
        feed: &mut Feed<'_, Job>,
    ) -> Result<(), Counting> {
        let sample = self.options.sample.max(1);
        let name: Arc<str> = f.name().into();
        let mut not_sampled = 0;
        let mut counting: Option<Counting> = None;
        let position = std::cell::Cell::new(0);
        let mut hand = |index: usize, item: RecordItem| {
            if let Some(c) = counting.as_mut() {
                c.records += 1;
                return;
            }
            if !(index - 1).is_multiple_of(sample) {
                not_sampled += 1;
                return;
            }
            let job = Job::Record {
                file: Arc::clone(&name),
                index,
                item,
                at: position.get(),
            };
            if feed.push(job).is_err() {
                counting = Some(Counting {
                    records: 0,
                    counted: true,
                });
            }
        };
        let read = match opened.map_or_else(|| OpenFile::open(f), Ok) {
            Ok(o) => each_record_counted(f, o, self.options.read, &position, &mut hand),
            Err(p) => Err(p),
        };
        if let Some(c) = counting {
            return Err(c);
        }
        let bytes = f.size.unwrap_or(0);
        let status = status(read, &name, not_sampled);
        push(feed, Job::FileEnd(name, status, bytes), 0)
    }
}

/// Pushes a job; after a stop, nothing was left of its entry to count.
fn push(feed: &mut Feed<'_, Job>, job: Job, weight: usize) -> Result<(), Counting> {
    feed.push_weighted(job, weight).map_err(|Stopped| Counting {
        records: 0,
        counted: true,
    })
}

/// The chunk gathered so far, the next one started empty (in spare buffers).
fn next_chunk(chunk: &mut Lines, spare: &Spare) -> Lines {
    let (text, lines) = spare.take();
    Lines {
        file: Arc::clone(&chunk.file),
        format: chunk.format,
        orientation: chunk.orientation,
        text: std::mem::replace(&mut chunk.text, text),
        lines: std::mem::replace(&mut chunk.lines, lines),
    }
}

/// The records of a file, read and not worked (for what a stop did not reach).
fn count_records(f: &InputFile, read: ReadOptions) -> usize {
    let mut n = 0;
    let _ = each_record(f, read, &mut |_, _| n += 1);
    n
}

/// The records of jobs never worked (after a stop).
fn count_unworked(jobs: Vec<Job>, read: ReadOptions) -> usize {
    jobs.into_iter()
        .map(|j| match j {
            Job::Record { .. } => 1,
            Job::File(f, _) => count_records(&f, read),
            Job::Lines(l) => l
                .lines
                .iter()
                .filter(|&&(number, start, end, _)| {
                    is_record_line(&l.text[start..end], number == 1)
                })
                .count(),
            Job::LineFileEnd { error, .. } => usize::from(error.is_some()),
            Job::FileEnd(..) | Job::Walked(_) => 0,
        })
        .sum()
}

/// The sink side: the jobs done, in order, into records and counts.
struct Assembly<'a, T> {
    streamed: Streamed,
    /// Whether a file streamed or read in line mode has records handed on and has not ended
    /// (after a stop: a file partly read, counted as read).
    in_file: bool,
    /// Records of the line file being read in line mode, so far.
    line_records: usize,
    /// Bytes of the files and chunks of lines whose records were all handed on.
    bytes: u64,
    /// Bytes read of the file being streamed.
    partial: u64,
    since_progress: usize,
    sizes: &'a Sizes,
    sink: &'a mut dyn FnMut(Record<T>),
    progress: &'a mut dyn FnMut(Progress),
}

impl<T> Assembly<'_, T> {
    fn record(&mut self, file: &Arc<str>, index: usize, item: Result<T, BrokenRecord>) {
        self.streamed.records += 1;
        self.since_progress += 1;
        (self.sink)(Record {
            file: Arc::clone(file),
            index,
            item,
        });
        if self.since_progress >= PROGRESS_EVERY {
            self.report_progress();
        }
    }

    fn report_progress(&mut self) {
        self.since_progress = 0;
        let known = self.sizes.known.load(Ordering::Acquire);
        (self.progress)(Progress {
            records: self.streamed.records,
            bytes: self.bytes + self.partial,
            total_bytes: known.then(|| self.sizes.total.load(Ordering::Relaxed)),
        });
    }

    fn file_status(&mut self, file: &str, status: FileStatus) {
        match status {
            FileStatus::Read { not_sampled } => {
                self.streamed.files += 1;
                self.streamed.not_sampled += not_sampled;
            }
            FileStatus::NotRecords => self.streamed.not_records.push(file.to_string()),
            FileStatus::Problem(p) => self.streamed.problems.push(p),
        }
    }

    fn done(&mut self, done: Done<T>) {
        match done {
            Done::Record(file, index, item, at) => {
                self.in_file = true;
                self.partial = at;
                self.record(&file, index, item);
            }
            Done::File {
                file,
                records,
                status,
                bytes,
            } => {
                for (index, item) in records {
                    self.record(&file, index, item);
                }
                self.file_status(&file, status);
                self.bytes += bytes;
                self.report_progress();
            }
            Done::Lines { file, lines, bytes } => {
                self.in_file = true;
                for (number, line) in lines {
                    let index = self.line_records + 1;
                    let item = match line {
                        LineDone::NotARecord => continue,
                        LineDone::Worked(t) => Ok(t),
                        LineDone::Broken(e) => Err(broken_line(e, index, number)),
                        LineDone::TooManyMoves(n) => Err(too_many_moves(&file, index, n)),
                    };
                    self.line_records = index;
                    self.record(&file, index, item);
                }
                self.bytes += bytes;
            }
            Done::FileEnd(file, status, bytes) => {
                self.in_file = false;
                self.partial = 0;
                self.file_status(&file, status);
                self.bytes += bytes;
                self.report_progress();
            }
            Done::LineFileEnd {
                file,
                format,
                error,
            } => {
                self.in_file = false;
                if let Some((number, why)) = error {
                    let index = self.line_records + 1;
                    let e = RecordError::new(
                        &file,
                        index,
                        Position::Line {
                            line: number,
                            column: 1,
                        },
                        ErrorKind::Io(why),
                    );
                    self.line_records = index;
                    self.record(&file, index, Err(e.into()));
                }
                if self.line_records == 0 {
                    self.streamed
                        .problems
                        .push(FileProblem::no_records(file.to_string(), format));
                } else {
                    self.streamed.files += 1;
                }
                self.line_records = 0;
                self.report_progress();
            }
            Done::Walked(Entry::Problem(p)) => self.streamed.problems.push(p),
            Done::Walked(Entry::Skipped(s)) => self.streamed.skipped.push(s),
            Done::Walked(Entry::File(_)) => unreachable!("files are read, not walked on"),
        }
    }
}

/// The sentence of a broken line, record `index` of its file, at line `number`.
fn broken_line(mut e: RecordError, index: usize, number: usize) -> BrokenRecord {
    e.record = index;
    if let Position::Line { line, .. } = &mut e.position {
        *line = number;
    }
    e.into()
}

/// Streams the records of `entries` (a walk: [`walk_paths`](super::walk_paths)) on `engine`:
/// `work` runs on the workers for every record that can be read (with its file's name),
/// `sink` gets every record in input order (worked, or why it cannot be read), `progress` how
/// far the stream is (at least every 1,024 records and at the end of each file).
///
/// ```
/// use corpus_tool::engine::{Engine, Jobs};
/// use corpus_tool::input::{StreamOptions, stream, walk_paths};
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("a.renju"), "black h8 h9 i8\nwhite h8 zz\npurple h8\n").unwrap();
/// let mut moves = Vec::new();
/// let streamed = stream(
///     walk_paths(&[dir.path().to_path_buf()]).unwrap(),
///     &Engine::new(Jobs::new(2).unwrap()),
///     StreamOptions::default(),
///     &|_, read| read.game().moves.len(),
///     &mut |r| moves.push((r.index, r.item.ok())),
///     &mut |_| {},
/// );
/// assert_eq!(moves, [(1, Some(3)), (2, Some(1)), (3, None)]);
/// assert_eq!((streamed.files, streamed.records), (1, 3));
/// ```
pub fn stream<T: Send>(
    entries: impl Iterator<Item = Entry> + Send,
    engine: &Engine,
    options: StreamOptions,
    work: &(dyn Fn(&str, Read) -> T + Sync),
    sink: &mut dyn FnMut(Record<T>),
    progress: &mut dyn FnMut(Progress),
) -> Streamed {
    let sizes = Sizes::default();
    let spare = Spare::default();
    let worker = Worker {
        options,
        work,
        spare: &spare,
    };
    let mut assembly = Assembly {
        streamed: Streamed::default(),
        in_file: false,
        line_records: 0,
        bytes: 0,
        partial: 0,
        since_progress: 0,
        sizes: &sizes,
        sink,
        progress,
    };
    let stop = engine.stop().cloned();
    let requests = move || stop.as_ref().map_or(0, crate::engine::Stop::requests);
    let ran = engine.run(
        |feed| {
            Reader {
                options,
                jobs: engine.jobs(),
                sizes: &sizes,
                spare: &spare,
                total: 0,
                all_sized: true,
                last: false,
            }
            .read(entries, feed, &requests)
        },
        |job| worker.job(job),
        |done| assembly.done(done),
    );
    assembly.report_progress();
    let partly_read = assembly.in_file;
    let mut streamed = assembly.streamed;
    if ran.stopped {
        // the file the stop came in counts as read (its records handed on are in the counts)
        streamed.files += usize::from(partly_read);
        let counting = ran.read.unwrap_or(Counting {
            records: 0,
            counted: true,
        });
        streamed.not_reached = Some(NotReached {
            records: counting.records + count_unworked(ran.unworked, options.read),
            counted: counting.counted,
        });
    }
    streamed
}
