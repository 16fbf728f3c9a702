//! What INPUT holds, for the commands that draw or explain one position or one game (`show`,
//! `explain`): a record file (`--record N` picks the game), a text diagram file (the atlas
//! format too), `-` for standard input, or the text itself: a move list, a board of 225
//! characters, a multi-line diagram.
//!
//! Record files are read by the auditor's reader ([`crate::validate::each_record_in_bytes`]),
//! so a game is what `validate` sees: a move list with a move that cannot be read is the game
//! up to that move, with the unreadable move kept ([`Game::unreadable`]) for the audit to
//! judge (`illegal` at that move).

use crate::error::Error;
use crate::position;
use crate::validate::{self, FileRead, ReadOptions, RecordItem};
use renju_analyzer::{GameAudit, Settings, UnreadableMove, audit, audit_with_unreadable};
use renju_core::RENJU_SIZE;
use renju_diagrams::atlas::AtlasEntry;
use renju_diagrams::diagram::Diagram;
use renju_notation::{GameRecord, Orientation};
use std::io::Read;
use std::path::Path;

/// The largest input read whole (a file or standard input).
pub const MAX_INPUT: u64 = 256 << 20;

/// How to read INPUT.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Which record of a record file (1-based); `None`: the first.
    pub record: Option<usize>,
    /// Forced format, orientation and text encoding of a record file.
    pub read: ReadOptions,
}

/// A game, as the auditor reads it.
#[derive(Debug, Clone)]
pub struct Game {
    /// The record (for a move list with an unreadable move: the moves before it).
    pub record: GameRecord,
    /// The move that could not be read, where the reader stopped.
    pub unreadable: Option<UnreadableMove>,
    /// What it is, for titles: `FILE record N`, `the moves given`.
    pub title: String,
}

impl Game {
    /// The audit of the game under `settings` (with its unreadable move, if any).
    #[must_use]
    pub fn audit(&self, settings: &Settings) -> GameAudit {
        match &self.unreadable {
            Some(u) => audit_with_unreadable(&self.record, settings, u),
            None => audit(&self.record, settings),
        }
    }
}

/// What INPUT holds.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)] // one value per command run
pub enum Loaded {
    /// A game.
    Game(Game),
    /// A position with no move order (a board line, a text diagram, an atlas entry).
    Position {
        /// The board, with the diagram's letters and numbers.
        diagram: Diagram,
        /// What it is, for titles.
        title: String,
    },
}

/// Reads INPUT: `-` (standard input), a file (record, diagram or atlas), or the text itself.
///
/// # Errors
/// A file that cannot be read, a record that cannot be read or is not there, a text that
/// is no position.
///
/// ```
/// use corpus_tool::load::{Loaded, Options, load};
/// let Loaded::Game(game) = load("h8 h9 i8", &Options::default()).unwrap() else { panic!() };
/// assert_eq!((game.record.moves.len(), game.title.as_str()), (3, "the moves given"));
/// // A move that cannot be read: the game up to it, the move kept for the audit.
/// let Loaded::Game(game) = load("h8 h9 p16", &Options::default()).unwrap() else { panic!() };
/// assert_eq!((game.record.moves.len(), game.unreadable.unwrap().number), (2, 3));
/// assert!(load("h8 h9 zz", &Options { record: Some(2), ..Options::default() }).is_err());
/// ```
pub fn load(input: &str, options: &Options) -> Result<Loaded, Error> {
    if input == "-" {
        let bytes = read_bounded(std::io::stdin().lock(), "standard input", None)?;
        return load_bytes("standard input", &bytes, options);
    }
    let path = Path::new(input);
    if path.is_dir() {
        return Err(Error::Read {
            path: input.to_string(),
            source: std::io::Error::other("a folder, not a file"),
        });
    }
    if path.exists() {
        let file = std::fs::File::open(path).map_err(|source| Error::Read {
            path: input.to_string(),
            source,
        })?;
        if let Ok(m) = file.metadata() {
            crate::output::note_input(path, &m);
        }
        let size = file
            .metadata()
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len());
        let bytes = read_bounded(file, input, size)?;
        return load_bytes(input, &bytes, options);
    }
    load_text(input, options)
}

/// Reads all of `input`, refusing more than [`MAX_INPUT`] bytes.
fn read_bounded(input: impl Read, name: &str, size: Option<u64>) -> Result<Vec<u8>, Error> {
    if let Some(size) = size.filter(|&s| s > MAX_INPUT) {
        return Err(Error::TooLarge {
            file: name.to_string(),
            size,
            limit: MAX_INPUT,
        });
    }
    let mut bytes = Vec::new();
    input
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| Error::Read {
            path: name.to_string(),
            source,
        })?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Error::TooLarge {
            file: name.to_string(),
            size: bytes.len() as u64,
            limit: MAX_INPUT,
        });
    }
    Ok(bytes)
}

/// Whether a text is an atlas entry (`title:` first, a `board:` section).
fn is_atlas(text: &str) -> bool {
    text.starts_with("title:") || text.contains("\nboard:")
}

/// The position of an atlas entry.
fn atlas(text: &str, name: &str) -> Result<Loaded, Error> {
    let entry = AtlasEntry::parse(text, name)?;
    Ok(Loaded::Position {
        title: format!("{}: {}", entry.name, entry.title),
        diagram: entry.diagram,
    })
}

/// Reads the content of a file (or of standard input) named `name`: an atlas entry, a text
/// diagram, or a record file (record `options.record`, default the first).
///
/// # Errors
/// As [`load`].
pub fn load_bytes(name: &str, bytes: &[u8], options: &Options) -> Result<Loaded, Error> {
    // a diagram or an atlas entry in UTF-16 is decoded, a UTF-8 byte order mark dropped (a
    // record file is decoded by its reader, `read_record`)
    let text = renju_notation::encoding::decode_text_file(bytes, options.read.encoding)
        .unwrap_or_else(|_| String::from_utf8_lossy(bytes).into_owned());
    let orientation = options.read.orientation;
    if options.read.format.is_none() {
        if is_atlas(&text) {
            return atlas(&text, name);
        }
        // A plain text diagram (any extension) is a position.
        if let Ok(diagram) = Diagram::parse_with(&text, orientation) {
            return Ok(Loaded::Position {
                diagram,
                title: name.to_string(),
            });
        }
    }
    let head = &bytes[..bytes.len().min(4096)];
    if options.read.format.is_none() && renju_notation::detect(name, head).is_none() {
        let diagram = Diagram::parse_with(&text, orientation).expect_err("tried above");
        return Err(Error::Unrecognised {
            file: name.to_string(),
            diagram,
        });
    }
    read_record(name, bytes, options).map(Loaded::Game)
}

/// Record `options.record` (default 1) of a record file's bytes.
fn read_record(name: &str, bytes: &[u8], options: &Options) -> Result<Game, Error> {
    let index = options.record.unwrap_or(1);
    let mut found = None;
    let read = validate::each_record_in_bytes(name, true, bytes, options.read, &mut |i, item| {
        if i == index {
            found = Some(item);
        }
    })?;
    let FileRead::Records { format, records } = read else {
        unreachable!("a file named is read in a format or refused");
    };
    if records == 0 {
        return Err(Error::NoRecord {
            file: name.to_string(),
            format,
        });
    }
    let title = format!("{name} record {index}");
    match found {
        None => Err(Error::NoSuchRecord {
            file: name.to_string(),
            asked: index,
            records,
        }),
        Some(RecordItem::Game(record)) => Ok(Game {
            record,
            unreadable: None,
            title,
        }),
        Some(RecordItem::GameWithUnreadable(record, unreadable)) => Ok(Game {
            record,
            unreadable: Some(unreadable),
            title,
        }),
        Some(RecordItem::Broken(message)) => Err(Error::Record(message)),
    }
}

/// Reads the text given as INPUT: a multi-line diagram (or atlas entry), a board of 225
/// characters, or a move list. A move list with a move that cannot be read, after at least
/// one that can, is the game up to it (as a record file's would be); one whose first move
/// cannot be read is no position at all (a mistyped file name, say).
///
/// # Errors
/// A text that is no position, or `--record` past 1.
pub fn load_text(text: &str, options: &Options) -> Result<Loaded, Error> {
    if options.record.is_some_and(|r| r != 1) {
        return Err(Error::Argument {
            option: "--record",
            reason: "the text given is one position (--record picks a record of a file)"
                .to_string(),
        });
    }
    let what = "the moves given";
    if text.trim().contains('\n') {
        if is_atlas(text.trim_start()) {
            return atlas(text.trim_start(), "the diagram given");
        }
        return Diagram::parse_with(text, options.read.orientation)
            .map(|diagram| Loaded::Position {
                diagram,
                title: "the diagram given".to_string(),
            })
            .map_err(|error| Error::Diagram {
                what: "the diagram given".to_string(),
                error,
            });
    }
    if let Some(board) = position::parse_grid(text) {
        let board = board.map_err(|error| Error::Position {
            what: "the position given".to_string(),
            error,
        })?;
        return Ok(Loaded::Position {
            diagram: Diagram::new(board),
            title: "the position given".to_string(),
        });
    }
    let orientation = options
        .read
        .orientation
        .unwrap_or(Orientation::RowOneAtBottom);
    let mut record = GameRecord::new(RENJU_SIZE);
    let read =
        renju_notation::moves::parse_moves_into(text, RENJU_SIZE, orientation, &mut record.moves);
    let unreadable = match read {
        Ok(()) => None,
        // the moves before it are the game, as in a record file
        Err(e) if !record.moves.is_empty() => Some(UnreadableMove {
            number: record.moves.len() + 1,
            text: e.token.clone(),
            reason: position::point_error_text(&e.error, RENJU_SIZE),
        }),
        Err(e) => {
            return Err(Error::Position {
                what: if looks_like_a_path(text) {
                    format!("{text}: no such file, and not a position")
                } else {
                    what.to_string()
                },
                error: position::move_error(0, e),
            });
        }
    };
    Ok(Loaded::Game(Game {
        record,
        unreadable,
        title: what.to_string(),
    }))
}

/// Whether a text that is no position was meant as a file name.
fn looks_like_a_path(text: &str) -> bool {
    text.contains('/')
        || text.contains('\\')
        || text.rsplit_once('.').is_some_and(|(_, e)| {
            !e.is_empty()
                && e.chars().all(|c| c.is_ascii_alphanumeric())
                && e.chars().any(|c| c.is_ascii_alphabetic())
        })
}
