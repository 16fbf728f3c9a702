//! The command's outcome and its errors: [`Status`] for a run that went to the end, [`Error`]
//! for one that could not, each with its exit status.
//!
//! Every subcommand follows the same rules, printed by `corpus-tool --help` ([`EXIT_STATUS`]):
//! **0** everything read and nothing found, **1** findings or input that could not be read
//! (a line, a record, a move; a file holding no record), **2** the run itself failed or an
//! argument is wrong (a path that cannot be opened, an output that cannot be written, an
//! option out of range).

use crate::position::PositionError;
use crate::validate::{FileProblem, ProblemKind};
use renju_diagrams::atlas::AtlasError;
use renju_diagrams::diagram::DiagramError;
use renju_notation::Format;
use std::fmt;
use std::process::ExitCode;

/// The exit-status rules as a literal, for `concat!` in the commands' `--help`.
#[macro_export]
macro_rules! exit_status {
    () => {
        "\
Exit status (every subcommand): 0 everything read, nothing found; 1 findings, or input that
could not be read (a line, a record, a move; a file holding no record); 2 the run failed or
an argument is wrong (a path that cannot be opened, an output that cannot be written, an
option out of range); 130 an archive run interrupted (SIGINT, SIGTERM: the summary says what
was done, its files are kept as NAME.partial.EXT)."
    };
}

/// The exit-status rules, for `--help`.
pub const EXIT_STATUS: &str = exit_status!();

/// How a run that went to the end came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything was read and nothing was found: exit status 0.
    Clean,
    /// Findings, or input that could not be read: exit status 1.
    Findings,
}

impl Status {
    /// [`Status::Clean`] when `clean`, else [`Status::Findings`].
    #[must_use]
    pub const fn clean_if(clean: bool) -> Status {
        if clean {
            Status::Clean
        } else {
            Status::Findings
        }
    }

    /// The worse of the two.
    #[must_use]
    pub const fn and(self, other: Status) -> Status {
        match (self, other) {
            (Status::Clean, Status::Clean) => Status::Clean,
            _ => Status::Findings,
        }
    }

    /// The exit status: 0 or 1.
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Status::Clean => 0,
            Status::Findings => 1,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(s: Status) -> ExitCode {
        ExitCode::from(s.code())
    }
}

/// Why a command could not do what was asked.
#[derive(Debug)]
pub enum Error {
    /// A path given cannot be opened or read.
    Read {
        /// The path as given.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// An output cannot be written (its path, or `standard output`).
    Write {
        /// The path as given.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// An output file cannot be written (through [`crate::output::AtomicFile`]).
    Output(crate::output::OutputError),
    /// A file of the walk or the record reader could not be read (a file that cannot be
    /// opened, one in no format that can be told, one in a record format holding no record).
    File(FileProblem),
    /// A file in a record format holds no record.
    NoRecord {
        /// The file.
        file: String,
        /// Its format.
        format: Format,
    },
    /// `--record N` past the last record.
    NoSuchRecord {
        /// The file.
        file: String,
        /// The record asked for (1-based).
        asked: usize,
        /// How many records the file holds.
        records: usize,
    },
    /// The record asked for cannot be read (its sentence names the file and the record).
    Record(crate::input::BrokenRecord),
    /// A position given cannot be read.
    Position {
        /// What was read (`the moves given`, a file name).
        what: String,
        /// Why.
        error: PositionError,
    },
    /// A text diagram cannot be read.
    Diagram {
        /// What was read (a file name, `the diagram given`).
        what: String,
        /// Why (with the line).
        error: DiagramError,
    },
    /// An atlas file cannot be read.
    Atlas(AtlasError),
    /// A file named that is in no record format that can be told and is no diagram either.
    Unrecognised {
        /// The file.
        file: String,
        /// Why it is no diagram.
        diagram: DiagramError,
    },
    /// `explain` was given a position, which has no moves.
    NotAGame {
        /// What was given.
        what: String,
    },
    /// `--moves N` past the end of the game.
    MovesBeyond {
        /// The number asked for.
        asked: usize,
        /// The moves of the game (passes counted).
        moves: usize,
    },
    /// A file too large to hold in memory for a command that reads it whole.
    TooLarge {
        /// The file.
        file: String,
        /// Its size in bytes.
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// The formats of a conversion cannot be told.
    Convert(renju_notation::ConvertError),
    /// An option's value that is out of range (clap checks the syntax; this the meaning).
    Argument {
        /// The option, as written (`--record`).
        option: &'static str,
        /// What is wrong with its value.
        reason: String,
    },
    /// The audit could not run (`validate`).
    Audit(crate::validate::RunError),
    /// A path given cannot be found or examined (the walk of the inputs).
    Path(FileProblem),
    /// An output of records whose format cannot be told from its extension.
    OutputFormat(std::path::PathBuf),
    /// A file written in full before its commit failed: nothing of it is kept.
    NotWritten {
        /// The target.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// More than one output is standard output (`-`).
    TwoOnStdout,
    /// The position `search` asks for cannot be read.
    Query(crate::search::QueryError),
    /// An opening book cannot be read or queried.
    Book(renju_book::BookError),
    /// A second pass over the inputs (`dedupe --unique`) found fewer records than the first.
    InputsChanged {
        /// Records of the first pass.
        first: usize,
        /// Records of the second.
        second: usize,
        /// The output left incomplete.
        output: std::path::PathBuf,
    },
    /// Another subcommand's run failed, in its own words.
    Failed(String),
}

impl Error {
    /// The exit status: 1 for input that could not be read, 2 for a run that failed or an
    /// argument that is wrong.
    #[must_use]
    pub fn code(&self) -> u8 {
        match self {
            Error::NoRecord { .. }
            | Error::Record(_)
            | Error::Position { .. }
            | Error::Diagram { .. }
            | Error::Atlas(_) => 1,
            Error::File(p) if p.kind != ProblemKind::Unreadable => 1,
            _ => 2,
        }
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { path, source } => write!(f, "cannot read {path}: {source}"),
            Error::Write { path, source } => write!(f, "cannot write {path}: {source}"),
            Error::Output(e) => e.fmt(f),
            Error::File(p) => write!(f, "{}: {}", p.file, p.reason),
            Error::NoRecord { file, format } => write!(
                f,
                "{file}: no record in this {} file (a file holding no record is a file problem)",
                format.name()
            ),
            Error::NoSuchRecord {
                file,
                asked,
                records,
            } => write!(
                f,
                "--record {asked}: {file} holds {} (give --record 1 to {records})",
                plural(*records, "record")
            ),
            Error::Record(e) => e.fmt(f),
            Error::Position { what, error } => write!(f, "{what}: {error}"),
            Error::Diagram { what, error } => write!(f, "{what}: {error}"),
            Error::Atlas(e) => e.fmt(f),
            Error::Unrecognised { file, diagram } => {
                write!(f, "{file}: not a record and not a diagram: {diagram}")
            }
            Error::NotAGame { what } => write!(
                f,
                "{what}: a position has no moves to explain (try `corpus-tool show`)"
            ),
            Error::MovesBeyond { asked, moves } => write!(
                f,
                "--moves {asked}: the game has {} (give --moves 0 to {moves})",
                plural(*moves, "move")
            ),
            Error::TooLarge { file, size, limit } => write!(
                f,
                "{file}: file too large to convert ({size} bytes, limit {limit})"
            ),
            Error::Convert(e) => e.fmt(f),
            Error::Argument { option, reason } => write!(f, "{option}: {reason}"),
            Error::Audit(e) => e.fmt(f),
            Error::Path(p) => write!(f, "cannot read {}: {}", p.file, p.reason),
            Error::OutputFormat(path) => write!(
                f,
                "cannot tell the format of {} from its extension (renju, txt, rif, psq, sgf, lib, \
                 pos)",
                path.display()
            ),
            Error::NotWritten { path, source } => {
                write!(f, "cannot write {path}: {source} (no report written)")
            }
            Error::TwoOnStdout => f.write_str("only one output can be standard output (-)"),
            Error::Query(e) => e.fmt(f),
            Error::Book(e) => e.fmt(f),
            Error::InputsChanged {
                first,
                second,
                output,
            } => write!(
                f,
                "the inputs changed while being read ({} records, then {}); {} is not complete",
                crate::style::thousands(*first),
                crate::style::thousands(*second),
                output.display()
            ),
            Error::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Read { source, .. }
            | Error::Write { source, .. }
            | Error::NotWritten { source, .. } => Some(source),
            Error::Record(e) => Some(e),
            Error::Query(e) => Some(e),
            Error::Book(e) => Some(e),
            Error::Position { error, .. } => Some(error),
            Error::Diagram { error, .. } => Some(error),
            Error::Atlas(e) => Some(e),
            Error::Output(e) => Some(e),
            Error::Unrecognised { diagram, .. } => Some(diagram),
            Error::Convert(e) => Some(e),
            Error::Audit(e) => Some(e),
            _ => None,
        }
    }
}

impl From<crate::output::OutputError> for Error {
    fn from(e: crate::output::OutputError) -> Error {
        Error::Output(e)
    }
}

impl From<FileProblem> for Error {
    fn from(p: FileProblem) -> Error {
        Error::File(p)
    }
}

impl From<renju_notation::ConvertError> for Error {
    fn from(e: renju_notation::ConvertError) -> Error {
        Error::Convert(e)
    }
}

impl From<AtlasError> for Error {
    fn from(e: AtlasError) -> Error {
        Error::Atlas(e)
    }
}

impl From<crate::validate::RunError> for Error {
    fn from(e: crate::validate::RunError) -> Error {
        Error::Audit(e)
    }
}

impl From<crate::search::QueryError> for Error {
    fn from(e: crate::search::QueryError) -> Error {
        Error::Query(e)
    }
}

impl From<renju_book::BookError> for Error {
    fn from(e: renju_book::BookError) -> Error {
        Error::Book(e)
    }
}

impl From<crate::input::BrokenRecord> for Error {
    fn from(e: crate::input::BrokenRecord) -> Error {
        Error::Record(e)
    }
}

impl Error {
    /// [`Error::Write`] naming `path`.
    #[must_use]
    pub fn write(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::Write {
            path: path.display().to_string(),
            source,
        }
    }

    /// [`Error::Read`] naming `path`.
    #[must_use]
    pub fn read(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::Read {
            path: path.display().to_string(),
            source,
        }
    }

    /// [`Error::Write`] naming `the report` (a CSV report that could not be written).
    #[must_use]
    pub fn report(source: impl Into<std::io::Error>) -> Error {
        Error::Write {
            path: "the report".to_string(),
            source: source.into(),
        }
    }
}
