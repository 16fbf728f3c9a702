//! The records of one file: its format told, its records read in order, each a
//! [`RecordItem`].
//!
//! **Bounded memory:** `.renju` files and move lists are streamed line by line (a line longer
//! than [`renju_notation::limits::MAX_LINE`] is one broken record), `.rif` files event by event;
//! formats read whole (SGF, `.lib`, `.psq`, `.pos`) are refused past
//! [`renju_notation::limits::whole_file_limit`] with one broken record saying so, and a record of
//! more than [`renju_notation::limits::MAX_MOVES`] moves is broken.

use super::walk::{FileProblem, InputFile};
use renju_analyzer::UnreadableMove;
use renju_core::RENJU_SIZE;
use renju_notation::encoding::{Utf16Reader, is_utf16, utf16_of};
use renju_notation::renju_line::RenjuBufReader;
use renju_notation::rif::RifReader;
use renju_notation::{
    ErrorKind, Format, GameRecord, Orientation, RecordError, detect, limits, read_all_with,
};
use std::io::{BufRead, Read};

/// The read buffer of a file.
pub(crate) const READ_BUFFER: usize = 256 << 10;
/// How many first bytes format detection looks at.
pub(crate) const HEAD: usize = 4096;
/// The smallest read buffer (at least [`HEAD`]).
const MIN_READ_BUFFER: usize = 2 * HEAD;

/// How to read files: forced format and orientation, or each file's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Force a format instead of detecting it per file.
    pub format: Option<Format>,
    /// Force an orientation instead of each format's usual one.
    pub orientation: Option<Orientation>,
    /// Force the text encoding of SGF, `.lib`, `.rif` and `.psq` files (`--encoding NAME`)
    /// instead of the declared or detected one; UTF-16LE or UTF-16BE decodes any text file
    /// (line files too) from UTF-16 (a byte order mark wins over it).
    pub encoding: Option<&'static renju_notation::encoding::Encoding>,
}

/// A record as the reader gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordItem {
    /// A game.
    Game(GameRecord),
    /// A game whose move list holds a move that cannot be read (line formats): the moves
    /// before it, and the unreadable one.
    GameWithUnreadable(GameRecord, UnreadableMove),
    /// Nothing usable: why (its `Display` is a full sentence naming the file and the
    /// record).
    Broken(BrokenRecord),
}

/// Why a record cannot be read. Its `Display` is the sentence the reports print: it names
/// the file, the record and the place.
///
/// ```
/// use corpus_tool::input::BrokenRecord;
/// let e = BrokenRecord::TooManyMoves { file: "a.renju".into(), record: 3, moves: 9999 };
/// assert!(e.to_string().starts_with("a.renju: record 3: record too large (9999 moves, limit "));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BrokenRecord {
    /// The reader's error (it names the file, the record and the place).
    Read(RecordError),
    /// A record of more than [`limits::MAX_MOVES`] moves.
    TooManyMoves {
        /// The file, as reports print it.
        file: String,
        /// The 1-based index of the record in its file.
        record: usize,
        /// Its moves.
        moves: usize,
    },
    /// A file of a format read whole past its size limit: its one broken record.
    TooLarge {
        /// The file, as reports print it.
        file: String,
        /// The limit passed ([`ErrorKind::TooLarge`]).
        error: ErrorKind,
    },
    /// Another reader's own sentence (a Parquet row that cannot be decoded), naming the file
    /// and the record.
    Said(String),
}

impl std::fmt::Display for BrokenRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BrokenRecord::Read(e) => e.fmt(f),
            BrokenRecord::TooManyMoves {
                file,
                record,
                moves,
            } => write!(
                f,
                "{file}: record {record}: record too large ({moves} moves, limit {})",
                limits::MAX_MOVES
            ),
            BrokenRecord::TooLarge { file, error } => write!(f, "{file}: {error}"),
            BrokenRecord::Said(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for BrokenRecord {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BrokenRecord::Read(e) => Some(e),
            _ => None,
        }
    }
}

impl From<RecordError> for BrokenRecord {
    fn from(e: RecordError) -> BrokenRecord {
        BrokenRecord::Read(e)
    }
}

impl From<String> for BrokenRecord {
    fn from(sentence: String) -> BrokenRecord {
        BrokenRecord::Said(sentence)
    }
}

/// What reading a file gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileRead {
    /// The file is in `format`; `records` records were handed on.
    Records {
        /// The format read.
        format: Format,
        /// How many records (broken ones included).
        records: usize,
    },
    /// A Parquet game file (`renju-parquet`'s schema, `input::parquet`); `records` rows were
    /// handed on.
    Parquet {
        /// How many rows (unreadable ones included).
        records: usize,
    },
    /// A file found in a folder that is in no record format (a README, a diagram): not read.
    NotRecords,
}

impl FileRead {
    /// The file problem this read is: a file in a record format holding no record.
    #[must_use]
    pub fn problem(&self, file: &str) -> Option<FileProblem> {
        match *self {
            FileRead::Records { format, records: 0 } => Some(FileProblem::no_records(file, format)),
            FileRead::Parquet { records: 0 } => Some(FileProblem {
                file: file.to_string(),
                reason: "no record in this file (read as parquet)".to_string(),
                kind: super::ProblemKind::NoRecords,
            }),
            _ => None,
        }
    }
}

/// Every record of every file under `paths`, in input order (files as given, the files of a
/// folder in walk order, records in file order): `sink` gets the file's name, the record's
/// 1-based index in it, and the record. Sequential, on this thread, with the same rules and
/// the same counts as the record [`stream`](super::stream()) (which works on records in
/// parallel).
///
/// # Errors
/// A path given that does not exist or cannot be examined.
///
/// ```
/// use corpus_tool::validate::{ReadOptions, RecordItem, for_each_record};
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("a.renju"), "black h8 h9\nwhite h8 zz\n").unwrap();
/// std::fs::write(dir.path().join("b.renju"), "# nothing\n").unwrap();
/// std::fs::write(dir.path().join("notes.md"), "prose\n").unwrap();
/// let mut games = 0;
/// let found = for_each_record(&[dir.path().to_path_buf()], ReadOptions::default(), &mut |_, _, r| {
///     games += usize::from(!matches!(r, RecordItem::Broken(_)));
/// }).unwrap();
/// assert_eq!((games, found.files, found.records), (2, 1, 2));
/// assert_eq!(found.problems.len(), 1, "b.renju holds no record");
/// assert_eq!(found.not_records.len(), 1);
/// ```
pub fn for_each_record(
    paths: &[std::path::PathBuf],
    read: ReadOptions,
    sink: &mut dyn FnMut(&str, usize, RecordItem),
) -> Result<super::Streamed, FileProblem> {
    for_each_file_record(paths, read, &mut |_, name, i, r| sink(name, i, r))
}

/// [`for_each_record`], `sink` getting the file itself (its path as the system names it,
/// which a name that is not UTF-8 needs to be opened again) before its name as reports print
/// it.
///
/// # Errors
/// A path given that does not exist or cannot be examined.
pub fn for_each_file_record(
    paths: &[std::path::PathBuf],
    read: ReadOptions,
    sink: &mut dyn FnMut(&InputFile, &str, usize, RecordItem),
) -> Result<super::Streamed, FileProblem> {
    let mut out = super::Streamed::default();
    for entry in super::walk::walk_paths(paths)? {
        let f = match entry {
            super::Entry::File(f) => f,
            super::Entry::Problem(p) => {
                out.problems.push(p);
                continue;
            }
            super::Entry::Skipped(s) => {
                out.skipped.push(s);
                continue;
            }
        };
        let name = f.name();
        let mut records = 0;
        let result = each_record(&f, read, &mut |i, r| {
            records += 1;
            sink(&f, &name, i, r);
        });
        out.records += records;
        match result {
            Ok(r) => match r.problem(&name) {
                Some(p) => out.problems.push(p),
                None if r == FileRead::NotRecords => out.not_records.push(name),
                None => out.files += 1,
            },
            Err(p) => out.problems.push(p),
        }
    }
    Ok(out)
}

pub(crate) fn problem(file: &str, e: &std::io::Error) -> FileProblem {
    FileProblem::unreadable(file, e.to_string())
}

/// Reads the records of `file` in order, calling `f` with each record's 1-based index and
/// the record. Streamed where the format allows (see the module documentation).
///
/// # Errors
/// The file cannot be opened or read, or it was named and its format cannot be told.
///
/// ```
/// use corpus_tool::validate::{FileRead, InputFile, ReadOptions, RecordItem, each_record};
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("g.renju");
/// std::fs::write(&path, "black h8 h9\npurple h8\n").unwrap();
/// let file = InputFile { path, named: true, size: None };
/// let mut seen = Vec::new();
/// let read = each_record(&file, ReadOptions::default(), &mut |i, r| seen.push((i, matches!(r, RecordItem::Broken(_))))).unwrap();
/// assert!(matches!(read, FileRead::Records { records: 2, .. }));
/// assert_eq!(seen, [(1, false), (2, true)]);
/// ```
pub fn each_record(
    file: &InputFile,
    read: ReadOptions,
    f: &mut dyn FnMut(usize, RecordItem),
) -> Result<FileRead, FileProblem> {
    let opened = OpenFile::open(file)?;
    each_record_opened(file, opened, read, f)
}

/// Whether `file`, found in a folder, is one the readers skip as in no record format (as
/// [`FileRead::NotRecords`]): decided from its first bytes alone, as [`each_record`] decides
/// it, without reading the rest.
///
/// # Errors
/// The file cannot be opened or read.
pub(crate) fn in_no_record_format(
    file: &InputFile,
    read: ReadOptions,
) -> Result<bool, FileProblem> {
    use std::io::Read as _;
    let opened = OpenFile::open(file)?;
    // the decision reads the first HEAD bytes only: reading no more gives the same one
    let input = std::io::BufReader::with_capacity(HEAD, opened.handle.take(HEAD as u64));
    let r = each_record_of(
        &file.name(),
        file.named,
        input,
        None,
        None,
        read,
        &mut |_, _| {},
    );
    Ok(matches!(r, Ok(FileRead::NotRecords)))
}

/// A file opened, with its size (its size as walked, or found now from the open file;
/// `None` for a pipe or a device).
#[derive(Debug)]
pub struct OpenFile {
    handle: std::fs::File,
    /// The size in bytes.
    pub size: Option<u64>,
}

impl OpenFile {
    /// Opens `file` and finds its size if the walk did not.
    ///
    /// # Errors
    /// The file cannot be opened.
    pub fn open(file: &InputFile) -> Result<OpenFile, FileProblem> {
        let handle = if file.is_stdin() {
            stdin_file().map_err(|e| problem(&file.name(), &e))?
        } else {
            std::fs::File::open(&file.path).map_err(|e| problem(&file.name(), &e))?
        };
        let size = match file.size {
            Some(s) => Some(s),
            None => handle
                .metadata()
                .ok()
                .and_then(|m| m.is_file().then_some(m.len())),
        };
        Ok(OpenFile { handle, size })
    }
}

/// Standard input as a file (its descriptor duplicated).
#[cfg(unix)]
pub(crate) fn stdin_file() -> std::io::Result<std::fs::File> {
    use std::os::fd::AsFd;
    Ok(std::fs::File::from(
        std::io::stdin().as_fd().try_clone_to_owned()?,
    ))
}

/// Standard input as a file (its handle duplicated).
#[cfg(windows)]
pub(crate) fn stdin_file() -> std::io::Result<std::fs::File> {
    use std::os::windows::io::AsHandle;
    Ok(std::fs::File::from(
        std::io::stdin().as_handle().try_clone_to_owned()?,
    ))
}

/// Standard input cannot be read as a file on this platform.
#[cfg(not(any(unix, windows)))]
pub(crate) fn stdin_file() -> std::io::Result<std::fs::File> {
    Err(std::io::Error::other(
        "standard input cannot be read on this platform",
    ))
}

/// [`each_record`] of a file already opened ([`OpenFile::open`]).
///
/// # Errors
/// The file cannot be read, or it was named and its format cannot be told.
pub fn each_record_opened(
    file: &InputFile,
    opened: OpenFile,
    read: ReadOptions,
    f: &mut dyn FnMut(usize, RecordItem),
) -> Result<FileRead, FileProblem> {
    let opened = match parquet_in_place(file, opened, read, f) {
        Ok(done) => return done,
        Err(opened) => opened,
    };
    let capacity = buffer_for(opened.size);
    let input = std::io::BufReader::with_capacity(capacity, opened.handle);
    each_record_of(&file.name(), file.named, input, None, opened.size, read, f)
}

/// A Parquet game file on disk read in place ([`super::parquet`]); the file handed back
/// when it is not one (or its format is forced, or it is a pipe).
fn parquet_in_place(
    file: &InputFile,
    mut opened: OpenFile,
    read: ReadOptions,
    f: &mut dyn FnMut(usize, RecordItem),
) -> Result<Result<FileRead, FileProblem>, OpenFile> {
    if read.format.is_some()
        || opened.size.is_none()
        || !super::parquet::file_is_parquet(&mut opened.handle)
    {
        return Err(opened);
    }
    Ok(
        super::parquet::each_record_in_file(&file.name(), opened.handle, f)
            .map(|records| FileRead::Parquet { records }),
    )
}

/// The read buffer of a file of `size` bytes: a small file gets a buffer its size (from the
/// allocator's free lists: a 256 KB buffer a file would be fresh pages, faulted in again for
/// every file).
fn buffer_for(size: Option<u64>) -> usize {
    size.map_or(READ_BUFFER, |n| {
        usize::try_from(n)
            .unwrap_or(READ_BUFFER)
            .saturating_add(1)
            .clamp(MIN_READ_BUFFER, READ_BUFFER)
    })
}

/// [`each_record_opened`], `position` holding the bytes of the file the reader has taken so
/// far (for a progress estimate).
pub(crate) fn each_record_counted(
    file: &InputFile,
    opened: OpenFile,
    read: ReadOptions,
    position: &std::cell::Cell<u64>,
    f: &mut dyn FnMut(usize, RecordItem),
) -> Result<FileRead, FileProblem> {
    let size = opened.size;
    let opened = match parquet_in_place(file, opened, read, f) {
        Ok(done) => {
            position.set(size.unwrap_or(0));
            return done;
        }
        Err(opened) => opened,
    };
    let capacity = buffer_for(opened.size);
    let input = Taken {
        inner: std::io::BufReader::with_capacity(capacity, opened.handle),
        position,
    };
    each_record_of(&file.name(), file.named, input, None, opened.size, read, f)
}

/// A buffered reader that counts the bytes taken from it (read, or consumed from its
/// buffer), not those it has read ahead.
struct Taken<'a, R> {
    inner: R,
    position: &'a std::cell::Cell<u64>,
}

impl<R: BufRead> Read for Taken<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.position.set(self.position.get() + n as u64);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Taken<'_, R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        self.inner.consume(n);
        self.position.set(self.position.get() + n as u64);
    }
}

/// [`each_record_opened`] of a small file, named `name`, read whole into `buffer` (a
/// buffer kept by the caller from file to file: no allocation per file). A file that has
/// grown past `limit` bytes since it was sized is read on from where the buffer ends, so
/// nothing is lost.
///
/// # Errors
/// The file cannot be read, or it was named and its format cannot be told.
pub fn each_record_small(
    file: &InputFile,
    name: &str,
    opened: OpenFile,
    limit: u64,
    buffer: &mut Vec<u8>,
    read: ReadOptions,
    f: &mut dyn FnMut(usize, RecordItem),
) -> Result<FileRead, FileProblem> {
    buffer.clear();
    let mut handle = opened.handle;
    let expected = opened.size.unwrap_or(limit).min(limit);
    buffer.reserve(usize::try_from(expected).unwrap_or(0).saturating_add(1));
    (&mut handle)
        .take(limit + 1)
        .read_to_end(buffer)
        .map_err(|e| problem(name, &e))?;
    if buffer.len() as u64 > limit {
        let rest = std::io::BufReader::with_capacity(READ_BUFFER, handle);
        return each_record_of(
            name,
            file.named,
            (&buffer[..]).chain(rest),
            None,
            None,
            read,
            f,
        );
    }
    each_record_in_bytes(name, file.named, buffer, read, f)
}

/// [`each_record`] over bytes in memory (`named`: whether a format must be found).
///
/// # Errors
/// `named` and the format cannot be told.
pub fn each_record_in_bytes(
    name: &str,
    named: bool,
    bytes: &[u8],
    read: ReadOptions,
    f: &mut dyn FnMut(usize, RecordItem),
) -> Result<FileRead, FileProblem> {
    each_record_of(
        name,
        named,
        bytes,
        Some(bytes),
        Some(bytes.len() as u64),
        read,
        f,
    )
}

/// The first [`HEAD`] bytes of `input` (of `whole`, when the bytes are all in memory), not
/// consumed: what a file's format and encoding are told from.
fn head_of<'w, R: BufRead>(
    name: &str,
    input: &mut R,
    whole: Option<&'w [u8]>,
) -> Result<std::borrow::Cow<'w, [u8]>, FileProblem> {
    if let Some(bytes) = whole {
        return Ok(std::borrow::Cow::Borrowed(&bytes[..bytes.len().min(HEAD)]));
    }
    loop {
        match input.fill_buf() {
            Ok(b) => return Ok(std::borrow::Cow::Owned(b[..b.len().min(HEAD)].to_vec())),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(problem(name, &e)),
        }
    }
}

/// Where a file of a text format starts to look like binary data: the first control
/// character of its head, when more than one byte in 32 of the head are control characters
/// that no text holds (NUL and the other C0 codes but tab, line feed, vertical tab, form
/// feed, carriage return, SUB and escape). A text with a few stray control bytes is read
/// as text (its lines that do not parse are unreadable records, each named); an executable,
/// an image or a compressed archive named `.renju` is one problem of its file, not a
/// thousand unreadable records. `None` for the binary formats and for text.
pub(crate) fn binary_at(format: Format, head: &[u8]) -> Option<usize> {
    if matches!(format, Format::Lib | Format::Pos) || head.len() < 16 {
        return None;
    }
    let control =
        |b: &u8| *b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | 0x1a | 0x1b);
    let count = head.iter().filter(|b| control(b)).count();
    (count * 32 > head.len()).then(|| head.iter().position(control).unwrap_or(0))
}

/// The records of `input` (`whole`: the same bytes when they are all in memory already,
/// read from there by the formats read whole, not copied).
fn each_record_of<R: BufRead>(
    name: &str,
    named: bool,
    mut input: R,
    whole: Option<&[u8]>,
    size: Option<u64>,
    read: ReadOptions,
    f: &mut dyn FnMut(usize, RecordItem),
) -> Result<FileRead, FileProblem> {
    let head = head_of(name, &mut input, whole)?;
    let head: &[u8] = &head;
    if read.format.is_none() && super::parquet::is_parquet(head) {
        // in memory already (a small file), or a pipe: read whole (the footer is at the end)
        let bytes = match whole {
            Some(bytes) => bytes.to_vec(),
            None => {
                let mut bytes = Vec::new();
                input
                    .read_to_end(&mut bytes)
                    .map_err(|e| problem(name, &e))?;
                bytes
            }
        };
        return super::parquet::each_record_in_bytes(name, bytes, f)
            .map(|records| FileRead::Parquet { records });
    }
    // UTF-16 text is decoded here, once, for every text format (the binary `.lib` and `.pos`
    // are never UTF-16): the readers below read its UTF-8
    let binary = || {
        matches!(
            read.format.or_else(|| detect(name, head)),
            Some(Format::Lib | Format::Pos)
        )
    };
    match utf16_of(head, read.encoding) {
        Ok(None) => {}
        Ok(Some(_)) | Err(_) if binary() => {}
        Ok(Some(e)) => {
            let read = ReadOptions {
                encoding: None,
                ..read
            };
            return records_of(name, named, Utf16Reader::new(input, e), None, None, read, f);
        }
        Err(looks) => return Err(FileProblem::unreadable(name, looks.to_string())),
    }
    // an encoding forced that is UTF-16's applies to UTF-16 files only
    let read = ReadOptions {
        encoding: read.encoding.filter(|e| !is_utf16(e)),
        ..read
    };
    records_of(name, named, input, whole, size, read, f)
}

/// The records of `input` once it is known not to be UTF-16 (or decoded from it): its
/// format told, its records read ([`each_record_of`]).
fn records_of<R: BufRead>(
    name: &str,
    named: bool,
    mut input: R,
    whole: Option<&[u8]>,
    size: Option<u64>,
    read: ReadOptions,
    f: &mut dyn FnMut(usize, RecordItem),
) -> Result<FileRead, FileProblem> {
    let head = head_of(name, &mut input, whole)?;
    let head: &[u8] = &head;
    let Some(format) = read.format.or_else(|| detect(name, head)) else {
        if named {
            // Named, read, and in no format: it holds no record (a file problem, exit
            // status 1), never "could not be read".
            return Err(if head.iter().all(u8::is_ascii_whitespace) {
                FileProblem::empty(name)
            } else {
                FileProblem::unknown_format(name)
            });
        }
        return Ok(FileRead::NotRecords);
    };
    if let Some(at) = binary_at(format, head) {
        return Err(FileProblem::not_text(name, format, at));
    }
    let file = Reading {
        name,
        format,
        orientation: read
            .orientation
            .unwrap_or_else(|| format.default_orientation()),
        encoding: read.encoding,
    };
    let mut index = 0usize;
    let mut hand = |item: RecordItem| {
        index += 1;
        f(index, item);
    };
    match limits::whole_file_limit(format) {
        None if matches!(format, Format::Renju | Format::Moves) => file.lines(input, &mut hand),
        None => {
            // the whole file when it is in memory, else its first bytes cut after a tag's
            // end (no character cut in two)
            let sample = match (whole, head.iter().rposition(|&b| b == b'>')) {
                (Some(bytes), _) => bytes,
                (None, Some(end)) => &head[..=end],
                (None, None) => head,
            };
            file.rif(input, sample, &mut hand)?;
        }
        Some(limit) => file.whole(input, whole, size, limit, &mut hand)?,
    }
    Ok(FileRead::Records {
        format,
        records: index,
    })
}

/// A file being read, its format told.
struct Reading<'a> {
    name: &'a str,
    format: Format,
    orientation: Orientation,
    encoding: Option<&'static renju_notation::encoding::Encoding>,
}

impl Reading<'_> {
    /// A game as a record, or broken past [`limits::MAX_MOVES`] moves.
    fn checked(&self, index: usize, g: GameRecord) -> RecordItem {
        if g.moves.len() > limits::MAX_MOVES {
            RecordItem::Broken(too_many_moves(self.name, index, g.moves.len()))
        } else {
            RecordItem::Game(g)
        }
    }

    /// A line format, streamed line by line; a bad coordinate is an unreadable move.
    fn lines(&self, input: impl BufRead, hand: &mut dyn FnMut(RecordItem)) {
        let (name, format, orientation) = (self.name, self.format, self.orientation);
        let mut reader = if format == Format::Renju {
            RenjuBufReader::new(input, name, orientation)
        } else {
            RenjuBufReader::moves(input, name, orientation)
        };
        let mut n = 0;
        while let Some(r) = reader.next() {
            n += 1;
            hand(match r {
                Ok(g) => self.checked(n, g),
                Err(e) => salvage(reader.last_line(), format, orientation, e),
            });
        }
    }

    /// A `.rif` database, streamed event by event; its texts decoded in the encoding of
    /// `sample` (the whole file when it is in memory, else its first bytes) as
    /// [`renju_notation::read_all`] decodes them: forced, declared, or detected.
    fn rif(
        &self,
        input: impl BufRead,
        sample: &[u8],
        hand: &mut dyn FnMut(RecordItem),
    ) -> Result<(), FileProblem> {
        let mut rif = RifReader::new(input, self.name, self.orientation);
        if let Some(encoding) = self.encoding {
            rif = rif.with_encoding(renju_notation::encoding::TextEncoding {
                name: encoding.name(),
                source: renju_notation::encoding::EncodingSource::Forced,
                lossy: false,
                others: Vec::new(),
            });
        } else if let Some(encoding) = renju_notation::rif::text_encoding(sample, None) {
            rif = rif.with_encoding(encoding);
        }
        for (i, r) in rif.enumerate() {
            if let Some(problem) = not_this_format(i + 1, &r, self.name, self.format) {
                return Err(problem);
            }
            hand(match r {
                Ok(g) => self.checked(i + 1, g),
                Err(e) => RecordItem::Broken(e.into()),
            });
        }
        Ok(())
    }

    /// A format read whole (`whole`: the bytes when they are in memory already), refused
    /// with one broken record past `limit` bytes.
    fn whole(
        &self,
        mut input: impl BufRead,
        whole: Option<&[u8]>,
        size: Option<u64>,
        limit: u64,
        hand: &mut dyn FnMut(RecordItem),
    ) -> Result<(), FileProblem> {
        let (name, format) = (self.name, self.format);
        let mut copy = Vec::new();
        let bytes: &[u8] = match whole {
            Some(bytes) => bytes,
            None => {
                if size.is_none_or(|s| s <= limit) {
                    input
                        .by_ref()
                        .take(limit + 1)
                        .read_to_end(&mut copy)
                        .map_err(|e| problem(name, &e))?;
                }
                &copy
            }
        };
        let found = size.unwrap_or(0).max(bytes.len() as u64);
        if found > limit {
            let too_large = ErrorKind::TooLarge {
                what: format!("file too large for {format}"),
                found,
                unit: "bytes",
                limit,
            };
            hand(RecordItem::Broken(BrokenRecord::TooLarge {
                file: name.to_string(),
                error: too_large,
            }));
            return Ok(());
        }
        let records = read_all_with(format, bytes, name, self.orientation, self.encoding);
        for (i, r) in records.enumerate() {
            if let Some(problem) = not_this_format(i + 1, &r, name, format) {
                return Err(problem);
            }
            hand(match r {
                Ok(g) => self.checked(i + 1, g),
                Err(e) => RecordItem::Broken(e.into()),
            });
        }
        Ok(())
    }
}

/// A record past [`limits::MAX_MOVES`].
pub(crate) fn too_many_moves(name: &str, index: usize, moves: usize) -> BrokenRecord {
    BrokenRecord::TooManyMoves {
        file: name.to_string(),
        record: index,
        moves,
    }
}

/// The file problem of a file whose first record says the file is not in `format` at all
/// (a whole-file error of the reader): such a file holds no record, it is not one broken
/// record.
fn not_this_format(
    n: usize,
    r: &Result<GameRecord, RecordError>,
    name: &str,
    format: Format,
) -> Option<FileProblem> {
    match r {
        Err(e) if n == 1 && matches!(e.kind, ErrorKind::WrongFormat(_)) => {
            Some(FileProblem::not_this_format(name, format, &e.kind))
        }
        _ => None,
    }
}

/// For line formats, a bad coordinate is an unreadable *move*: the moves before it are
/// replayed and the record is judged illegal at that move (the analyzer issue's rule), rather
/// than the whole record being unreadable. `raw` is the record's line.
pub(crate) fn salvage(
    raw: &[u8],
    format: Format,
    orientation: Orientation,
    error: RecordError,
) -> RecordItem {
    let (
        ErrorKind::BadCoordinate {
            token, error: why, ..
        },
        renju_notation::Position::Line { column, .. },
    ) = (&error.kind, error.position)
    else {
        return RecordItem::Broken(error.into());
    };
    let text = String::from_utf8_lossy(raw);
    // The column counts characters from 1; take what precedes the bad word.
    let prefix: String = text.chars().take(column.saturating_sub(1)).collect();
    let mut record = GameRecord::new(RENJU_SIZE);
    let moves_text = if format == Format::Renju {
        let mut words = prefix
            .trim_start()
            .splitn(2, |c: char| c.is_ascii_whitespace());
        let result = words.next().unwrap_or_default();
        record.result = result.parse().unwrap_or_default();
        words.next().unwrap_or_default().to_string()
    } else {
        prefix
    };
    if renju_notation::moves::parse_moves_into(
        &moves_text,
        RENJU_SIZE,
        orientation,
        &mut record.moves,
    )
    .is_err()
    {
        return RecordItem::Broken(error.into());
    }
    let number = record.moves.len() + 1;
    RecordItem::GameWithUnreadable(
        record,
        UnreadableMove {
            number,
            text: token.clone(),
            reason: why.to_string(),
        },
    )
}
