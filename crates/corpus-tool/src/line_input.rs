//! The inputs of the line commands (`fouls`, `vcf`, `vct`), each position answered on one line
//! (and [`run_lines`], the one loop of `vcf` and `vct`):
//!
//! - **one position a line** (the protocol of programs): a move list or a board of 225
//!   characters ([`crate::position`]); every input line is answered, blank lines too;
//! - **a whole input that is one position**: a text diagram (15 lines of 15, the seeds'
//!   Unicode style, row labels and column letters allowed) or an atlas entry;
//! - **a record file** (`.renju`, `.rif`, `.sgf`, `.lib`, `.pos`, `.psq`, or `--format`):
//!   every record's final position, or record `--record N` only, read as `validate` reads
//!   them.
//!
//! Which one is told from the start of the input: a record format by the file's extension or
//! an unmistakable start (`(;`, `<?xml`, a RenLib header, a `.renju` result word), an atlas
//! entry by `title:`, a diagram when the first line is no position and the whole input (at
//! most [`DIAGRAM_LINES`] lines) reads as a diagram. Anything else is one position a line,
//! read line by line with no allocation per line.
//!
//! A position where the game is over (a five on the board, a record whose game has ended)
//! is not answered: there is no next move to ask about ([`Unanswerable`]).

use crate::error::Error;
use crate::position::{self, PositionError};
use crate::validate::{self, InputFile, ReadOptions, RecordItem};
use renju_analyzer::{End, Illegal, Settings, audit, audit_with_unreadable};
use renju_core::{Board, Color, Move};
use renju_diagrams::atlas::{AtlasEntry, AtlasError};
use renju_diagrams::diagram::{Diagram, DiagramError};
use renju_notation::encoding::{UTF8_BOM, Utf16Reader, utf16_of};
use renju_notation::{Format, GameRecord, detect};
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

/// The most lines a whole-input diagram may have (20 rows, column letters, blank lines).
pub const DIAGRAM_LINES: usize = 48;

/// The input: a reader, its name for messages, and its path when it is a file (a record
/// file is read by path, as `validate` reads it).
pub struct Input<'a> {
    name: String,
    path: Option<PathBuf>,
    reader: Box<dyn BufRead + 'a>,
}

impl<'a> Input<'a> {
    /// Standard input.
    #[must_use]
    pub fn stdin() -> Input<'static> {
        Input {
            name: "standard input".to_string(),
            path: None,
            reader: Box::new(std::io::stdin().lock()),
        }
    }

    /// A file.
    ///
    /// # Errors
    /// [`Error::Read`] when it cannot be opened.
    pub fn open(path: &Path) -> Result<Input<'static>, Error> {
        if path.is_dir() {
            return Err(Error::Read {
                path: path.display().to_string(),
                source: std::io::Error::other("a folder, not a file (one file or standard input)"),
            });
        }
        let file = std::fs::File::open(path).map_err(|source| Error::Read {
            path: path.display().to_string(),
            source,
        })?;
        if let Ok(m) = file.metadata() {
            crate::output::note_input(path, &m);
        }
        Ok(Input {
            name: path.display().to_string(),
            path: Some(path.to_path_buf()),
            reader: Box::new(std::io::BufReader::with_capacity(256 << 10, file)),
        })
    }

    /// The input of a command: the file at `path`, or standard input when it is absent or
    /// `-`.
    ///
    /// # Errors
    /// [`Error::Read`] when the file cannot be opened.
    pub fn of(path: Option<&Path>) -> Result<Input<'static>, Error> {
        match path {
            Some(p) if p != Path::new("-") => Input::open(p),
            _ => Ok(Input::stdin()),
        }
    }

    /// Any reader, named `name` (a record format is then told by the name and the content).
    pub fn reader(name: &str, reader: impl BufRead + 'a) -> Input<'a> {
        Input {
            name: name.to_string(),
            path: None,
            reader: Box::new(reader),
        }
    }

    /// The name messages use.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// How to read the input.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Answer only this position (1-based): a record of a record file, a line of a line
    /// input.
    pub record: Option<usize>,
    /// Forced format, orientation and text encoding.
    pub read: ReadOptions,
    /// The rules a game is judged by (when it is over) and a board size is checked against.
    pub settings: Settings,
}

/// Which position of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    /// Line N of a line input (1-based).
    Line(usize),
    /// Record N of a record file (1-based).
    Record(usize),
    /// The whole input, one diagram.
    Diagram,
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Line(n) => write!(f, "line {n}"),
            Label::Record(n) => write!(f, "record {n}"),
            Label::Diagram => f.write_str("the diagram"),
        }
    }
}

/// A position to answer.
#[derive(Debug, Clone, Copy)]
pub struct Asked<'a> {
    /// The board.
    pub board: &'a Board,
    /// The side to move when the input tells it (a record: the player of the next move);
    /// `None`: by the stone counts ([`position::side_to_move`]).
    pub to_move: Option<Color>,
}

impl Asked<'_> {
    /// The side to move: the input's, or by the stone counts.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.to_move
            .unwrap_or_else(|| position::side_to_move(self.board))
    }
}

/// Why a position of the input gets no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unanswerable {
    /// The line is no position, or the game on it is over.
    Position(PositionError),
    /// The diagram cannot be read.
    Diagram(DiagramError),
    /// The atlas entry cannot be read.
    Atlas(AtlasError),
    /// The record cannot be read (its sentence names the file and the record).
    Record(crate::input::BrokenRecord),
    /// The record's replay stops at an illegal move.
    Illegal(Illegal),
    /// The record's game has ended.
    Ended {
        /// How.
        end: End,
        /// At which move.
        at: usize,
    },
}

impl fmt::Display for Unanswerable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unanswerable::Position(e) => e.fmt(f),
            Unanswerable::Diagram(e) => e.fmt(f),
            Unanswerable::Atlas(e) => e.fmt(f),
            Unanswerable::Record(m) => m.fmt(f),
            Unanswerable::Illegal(i) => i.fmt(f),
            Unanswerable::Ended { end, at } => {
                let how = match end {
                    End::BlackFive => "black five".to_string(),
                    End::WhiteFive => "white five".to_string(),
                    End::Foul(foul) => format!("black {foul} foul"),
                    End::DrawFullBoard => "board full".to_string(),
                    End::None => "no end".to_string(),
                };
                write!(f, "the game is already over ({how} at move {at})")
            }
        }
    }
}

impl std::error::Error for Unanswerable {}

impl Unanswerable {
    /// The output line's text: `line 3: <reason>` (a record's own sentence as it is).
    #[must_use]
    pub fn line(&self, label: Label) -> String {
        match self {
            Unanswerable::Record(m) => m.to_string(),
            // a diagram's errors name their own line
            Unanswerable::Diagram(e) if label == Label::Diagram => e.to_string(),
            other => format!("{label}: {other}"),
        }
    }
}

/// What the answering function gets: the position, or why it has no answer.
pub type Item<'a> = Result<Asked<'a>, Unanswerable>;

/// A record format told for sure: the extension (but `.txt`, a move list, read as one
/// position a line), or a start no line of positions has.
fn record_format(name: &str, head: &[u8]) -> Option<Format> {
    let found = detect(name, head)?;
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    let by_ext = Format::from_extension(ext) == Some(found);
    let magic = head.starts_with(b"\xffRenLib");
    match found {
        Format::Moves => None,
        Format::Lib | Format::Pos if !by_ext && !magic => None,
        f => Some(f),
    }
}

/// The first bytes of `reader` (at most 4 KB), not consumed.
fn peek(reader: &mut dyn BufRead) -> std::io::Result<Vec<u8>> {
    loop {
        match reader.fill_buf() {
            Ok(b) => return Ok(b[..b.len().min(4096)].to_vec()),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// Reads the input and calls `answer` once per position, in input order (see the module
/// documentation). `answer` writes; its I/O error ends the run.
///
/// # Errors
/// The input cannot be opened or read ([`Error::Read`]), the output cannot be written
/// ([`Error::Write`]), a record file holds no record or not record `--record N`.
pub fn each_position(
    input: Input<'_>,
    options: &Options,
    answer: &mut dyn FnMut(Label, Item<'_>) -> std::io::Result<()>,
) -> Result<(), Error> {
    let Input {
        name,
        path,
        mut reader,
    } = input;
    let read_error = |source| Error::Read {
        path: name.clone(),
        source,
    };
    let mut head = peek(&mut reader).map_err(read_error)?;
    if options.read.format.is_some() || record_format(&name, &head).is_some() {
        return records(&name, path.as_deref(), reader, options, answer);
    }
    // positions and diagrams as text: UTF-16 decoded, a UTF-8 byte order mark dropped (as the
    // record readers do)
    match utf16_of(&head, options.read.encoding) {
        Ok(Some(e)) => {
            reader = Box::new(Utf16Reader::new(reader, e));
            head = peek(&mut reader).map_err(read_error)?;
        }
        Ok(None) if head.starts_with(UTF8_BOM) => {
            reader.consume(UTF8_BOM.len());
            head.drain(..UTF8_BOM.len());
        }
        Ok(None) => {}
        Err(looks) => return Err(read_error(std::io::Error::other(looks))),
    }
    let start = String::from_utf8_lossy(&head);
    if start.trim_start().starts_with("title:") {
        let mut bytes = Vec::new();
        reader
            .take(crate::load::MAX_INPUT)
            .read_to_end(&mut bytes)
            .map_err(read_error)?;
        let text = String::from_utf8_lossy(&bytes);
        let item = match AtlasEntry::parse(&text, &name) {
            Ok(entry) => check(entry.diagram.board(), options, None),
            Err(e) => Err(Unanswerable::Atlas(e)),
        };
        return write(answer(Label::Diagram, as_asked(&item)));
    }
    lines(reader, &name, options, answer)
}

/// What a line command prints for a position it answered ([`run_lines`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answered {
    /// The result line, without its newline (the moves of a line, `unknown`, or empty).
    pub line: String,
    /// A diagram drawn under it (`--explain`): each of its lines is printed indented by four
    /// spaces.
    pub diagram: Option<String>,
    /// Notes for the notes stream (a budget that ran out), each printed as
    /// `corpus-tool NAME: LABEL: NOTE`.
    pub notes: Vec<String>,
}

/// What [`run_lines`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ran {
    /// [`Status::Findings`](crate::error::Status::Findings) when a position could not be
    /// answered (an `error:` line), else clean.
    pub status: crate::error::Status,
    /// The positions of the input, answered or not (one output line each).
    pub positions: usize,
}

/// The loop of a line command (`vcf`, `vct`): reads every position of `input`
/// ([`each_position`]) and prints one line for each to `out`: `answer`'s line (with its
/// diagram indented under it, its notes on `notes` named by the command `name` and the
/// position's label), or `error: LABEL: REASON` for a position that cannot be answered;
/// flushes `out` at the end. `answer` gets the position's 0-based number among all the
/// positions of the input, its label and the position.
///
/// # Errors
/// As [`each_position`]; an error of `answer` (or of writing) ends the run
/// ([`Error::Write`]).
///
/// ```
/// use corpus_tool::error::Status;
/// use corpus_tool::line_input::{Answered, Input, Options, run_lines};
/// let (mut out, mut notes) = (Vec::new(), Vec::new());
/// let input = Input::reader("lines", "h8 h9\nh8 h8\n".as_bytes());
/// let ran = run_lines("demo", input, &Options::default(), &mut out, &mut notes, &mut |n, _, asked| {
///     Ok(Answered {
///         line: format!("{n}: {} stones", asked.board.stone_count()),
///         notes: vec!["a note".to_string()],
///         ..Answered::default()
///     })
/// })
/// .unwrap();
/// assert_eq!((ran.status, ran.positions), (Status::Findings, 2));
/// assert_eq!(String::from_utf8(out).unwrap().lines().next(), Some("0: 2 stones"));
/// assert_eq!(String::from_utf8(notes).unwrap(), "corpus-tool demo: line 1: a note\n");
/// ```
pub fn run_lines(
    name: &str,
    input: Input<'_>,
    options: &Options,
    out: &mut dyn std::io::Write,
    notes: &mut dyn std::io::Write,
    answer: &mut dyn FnMut(usize, Label, Asked<'_>) -> std::io::Result<Answered>,
) -> Result<Ran, Error> {
    let mut ran = Ran {
        status: crate::error::Status::Clean,
        positions: 0,
    };
    each_position(input, options, &mut |label, item| {
        let n = ran.positions;
        ran.positions += 1;
        let asked = match item {
            Ok(asked) => asked,
            Err(e) => {
                ran.status = crate::error::Status::Findings;
                return writeln!(out, "error: {}", e.line(label));
            }
        };
        let answered = answer(n, label, asked)?;
        for note in &answered.notes {
            writeln!(notes, "corpus-tool {name}: {label}: {note}")?;
        }
        writeln!(out, "{}", answered.line)?;
        for t in answered.diagram.iter().flat_map(|d| d.lines()) {
            writeln!(out, "    {t}")?;
        }
        Ok(())
    })?;
    write(out.flush())?;
    Ok(ran)
}

fn write(r: std::io::Result<()>) -> Result<(), Error> {
    r.map_err(|source| Error::Write {
        path: "standard output".to_string(),
        source,
    })
}

/// A board to answer, or why not: a game already won on it. (A diagram of any side is
/// judged, as rule books draw them; a record's board must be renju's.)
fn check(board: &Board, options: &Options, to_move: Option<Color>) -> Result<Owned, Unanswerable> {
    if let Some(over) = position::game_over(board, options.settings.rules) {
        return Err(Unanswerable::Position(PositionError::Over(over)));
    }
    Ok(Owned {
        board: board.clone(),
        to_move,
    })
}

/// An [`Asked`] that owns its board.
struct Owned {
    board: Board,
    to_move: Option<Color>,
}

fn as_asked(item: &Result<Owned, Unanswerable>) -> Item<'_> {
    match item {
        Ok(o) => Ok(Asked {
            board: &o.board,
            to_move: o.to_move,
        }),
        Err(e) => Err(e.clone()),
    }
}

/// One position a line, streamed; a first line that is no position may start a diagram.
fn lines(
    mut input: Box<dyn BufRead + '_>,
    name: &str,
    options: &Options,
    answer: &mut dyn FnMut(Label, Item<'_>) -> std::io::Result<()>,
) -> Result<(), Error> {
    let read_error = |source| Error::Read {
        path: name.to_string(),
        source,
    };
    let mut line = Vec::with_capacity(512);
    let mut moves: Vec<Move> = Vec::with_capacity(225);
    // lines read ahead to see whether the input is one diagram (newlines kept)
    let mut ahead: VecDeque<Vec<u8>> = VecDeque::new();
    let mut n = 0usize;
    loop {
        match ahead.pop_front() {
            Some(l) => line = l,
            None => {
                line.clear();
                if input.read_until(b'\n', &mut line).map_err(read_error)? == 0 {
                    break;
                }
            }
        }
        strip_newline(&mut line);
        n += 1;
        let parsed = position::board_of_line(&line, &mut moves);
        if n == 1 && parsed.is_err() {
            let diagram =
                read_diagram(&line, &mut input, &mut ahead, options).map_err(read_error)?;
            if let Some(d) = diagram {
                let item = check(d.board(), options, None);
                return write(answer(Label::Diagram, as_asked(&item)));
            }
        }
        if options.record.is_some_and(|r| r != n) {
            continue;
        }
        let item = match parsed {
            Ok(board) => match position::game_over(&board, options.settings.rules) {
                None => {
                    let asked = Asked {
                        board: &board,
                        to_move: None,
                    };
                    write(answer(Label::Line(n), Ok(asked)))?;
                    continue;
                }
                Some(over) => Unanswerable::Position(PositionError::Over(over)),
            },
            Err(e) => Unanswerable::Position(e),
        };
        write(answer(Label::Line(n), Err(item)))?;
    }
    if let Some(asked) = options.record.filter(|&r| r > n) {
        return Err(Error::NoSuchRecord {
            file: name.to_string(),
            asked,
            records: n,
        });
    }
    Ok(())
}

/// Whether the input, whose first line `first` is no position, is one diagram: reads up to
/// [`DIAGRAM_LINES`] more lines into `ahead` (answered one by one when it is not).
fn read_diagram(
    first: &[u8],
    input: &mut dyn BufRead,
    ahead: &mut VecDeque<Vec<u8>>,
    options: &Options,
) -> std::io::Result<Option<Diagram>> {
    loop {
        if ahead.len() >= DIAGRAM_LINES {
            return Ok(None);
        }
        let mut l = Vec::new();
        if input.read_until(b'\n', &mut l)? == 0 {
            break;
        }
        ahead.push_back(l);
    }
    if ahead.is_empty() {
        return Ok(None);
    }
    let mut text = String::from_utf8_lossy(first).into_owned();
    text.push('\n');
    for l in ahead.iter() {
        text.push_str(&String::from_utf8_lossy(l));
    }
    Ok(Diagram::parse_with(&text, options.read.orientation).ok())
}

fn strip_newline(line: &mut Vec<u8>) {
    if line.last() == Some(&b'\n') {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
    }
}

/// The final position of a record, or why it has none to answer.
fn record_item(
    record: &GameRecord,
    unreadable: Option<&renju_analyzer::UnreadableMove>,
    options: &Options,
) -> Result<Owned, Unanswerable> {
    position::check_size(record.board_size, options.settings.rules)
        .map_err(Unanswerable::Position)?;
    let a = match unreadable {
        Some(u) => audit_with_unreadable(record, &options.settings, u),
        None => audit(record, &options.settings),
    };
    if let Some(i) = a.illegal {
        return Err(Unanswerable::Illegal(i));
    }
    if let Some(at) = a.end_move {
        return Err(Unanswerable::Ended { end: a.end, at });
    }
    let d = Diagram::from_record(record).map_err(Unanswerable::Diagram)?;
    Ok(Owned {
        board: d.board().clone(),
        to_move: Some(Color::of_move_number(record.moves.len() + 1)),
    })
}

/// Every record of a record file (or record `--record N`), read as `validate` reads it.
fn records(
    name: &str,
    path: Option<&Path>,
    input: Box<dyn BufRead + '_>,
    options: &Options,
    answer: &mut dyn FnMut(Label, Item<'_>) -> std::io::Result<()>,
) -> Result<(), Error> {
    let name = name.to_string();
    let mut failed: Option<std::io::Error> = None;
    let mut count = 0usize;
    let mut each = |i: usize, item: RecordItem| {
        count = i;
        if failed.is_some() || options.record.is_some_and(|r| r != i) {
            return;
        }
        let item = match &item {
            RecordItem::Game(g) => record_item(g, None, options),
            RecordItem::GameWithUnreadable(g, u) => record_item(g, Some(u), options),
            RecordItem::Broken(m) => Err(Unanswerable::Record(m.clone())),
        };
        if let Err(e) = answer(Label::Record(i), as_asked(&item)) {
            failed = Some(e);
        }
    };
    let read = match path {
        Some(path) => {
            drop(input);
            let file = InputFile {
                path: path.to_path_buf(),
                named: true,
                size: None,
            };
            validate::each_record(&file, options.read, &mut each)?
        }
        None => {
            let mut bytes = Vec::new();
            input
                .take(crate::load::MAX_INPUT + 1)
                .read_to_end(&mut bytes)
                .map_err(|source| Error::Read {
                    path: name.clone(),
                    source,
                })?;
            if bytes.len() as u64 > crate::load::MAX_INPUT {
                return Err(Error::TooLarge {
                    file: name,
                    size: bytes.len() as u64,
                    limit: crate::load::MAX_INPUT,
                });
            }
            validate::each_record_in_bytes(&name, true, &bytes, options.read, &mut each)?
        }
    };
    if let Some(source) = failed {
        return write(Err(source));
    }
    if let Some(p) = read.problem(&name) {
        return Err(Error::File(p));
    }
    if let Some(asked) = options.record.filter(|&r| r > count) {
        return Err(Error::NoSuchRecord {
            file: name,
            asked,
            records: count,
        });
    }
    Ok(())
}
