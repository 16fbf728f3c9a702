//! The one record type every format is read into and written from.

use crate::encoding::TextEncoding;
use crate::names::names;
use renju_core::{Color, Move, Point};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// Where row 1 is in a format's own coordinates: renju-core's type, the one of the workspace.
pub use renju_core::Orientation;

/// The result a record declares (not necessarily what happened on the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DeclaredResult {
    /// Black won.
    Black,
    /// White won.
    White,
    /// A draw.
    Draw,
    /// The record does not say.
    #[default]
    Unknown,
}

names!(DeclaredResult {
    Black => "black",
    White => "white",
    Draw => "draw",
    Unknown => "unknown",
});

impl FromStr for DeclaredResult {
    type Err = String;
    /// A name (`black`, `white`, `draw`, `unknown`, any case) or the empty text (unknown).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.is_empty() {
            return Ok(DeclaredResult::Unknown);
        }
        DeclaredResult::from_name(s)
            .ok_or_else(|| format!("unknown result '{s}' (expected black, white, draw or unknown)"))
    }
}

/// A swap decision taken during the opening, as the record holds it.
///
/// RenjuNet `.rif` (`swap="R-"`) and SGF (`SW`) records hold only the sequence of decisions,
/// not the stone each came after: `after_move` is then `None`. Where a rule's swap chances
/// fall is the rule's knowledge (`renju_openings::swap_slots`), not the record's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SwapDecision {
    /// The number of stones on the board when the decision was taken, when the record says.
    pub after_move: Option<usize>,
    /// Whether the players exchanged colours.
    pub swapped: bool,
}

/// One game as a record holds it, whatever the format.
///
/// `moves` are the moves of the game as played, colours alternating from Black (a pass is a
/// move). Opening-rule information is kept beside them: the 5th-move offers (the one kept is
/// `moves[4]`), swap decisions and a declared number of offers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameRecord {
    /// Board side (15 for renju).
    pub board_size: u8,
    /// The moves in order.
    pub moves: Vec<Move>,
    /// The record's own id (RIF game id), if the format has one.
    pub id: Option<String>,
    /// Black player's name.
    pub black: Option<String>,
    /// White player's name.
    pub white: Option<String>,
    /// Event or tournament name.
    pub event: Option<String>,
    /// Round, as written.
    pub round: Option<String>,
    /// Date, as written.
    pub date: Option<String>,
    /// Rule (or opening rule) name, as written (`RIF`, `Yamaguchi`, `Gomoku`...).
    pub rule: Option<String>,
    /// Opening name or code as written (`2I`, `Kagetsu`...).
    pub opening: Option<String>,
    /// The result the record declares.
    pub result: DeclaredResult,
    /// Offered 5th moves, in the order offered (the kept one included).
    pub fifth_offers: Vec<Point>,
    /// A declared number of 5th-move offers (Yamaguchi, Soosõrv, Taraguchi).
    pub declared_offers: Option<u8>,
    /// Swap decisions in the order taken.
    pub swaps: Vec<SwapDecision>,
    /// Anything else the format carries, by its own key (unknown attributes are kept here).
    pub tags: BTreeMap<String, String>,
    /// Comments, board texts, labels and marks, each with the number of moves played when
    /// it was written (0: before the first move), in the order of the line.
    pub notes: Vec<MoveNote>,
    /// Stones set up on the board rather than played (SGF `AB`/`AW`/`AE`), in order. A record
    /// with setup stones does not start from the empty board.
    pub setup: Vec<SetupStone>,
    /// The encoding the record's texts were decoded with, for formats that declare or need
    /// one (SGF, `.lib`, `.rif`); `None` when the format is plain UTF-8 text.
    pub encoding: Option<TextEncoding>,
    /// What the reader had to decide to read the record (a Go game type, a line of a tree).
    pub remarks: Vec<ReadRemark>,
}

/// Notes on one node of a line: what a player or program wrote at that point.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveNote {
    /// The number of moves played when the note was written (0: before the first move).
    pub after_move: usize,
    /// A comment (SGF `C`, a `.lib` comment).
    pub comment: Option<String>,
    /// A `.lib` board text (shown on the move's point).
    pub board_text: Option<String>,
    /// Labels on points (SGF `LB`).
    pub labels: Vec<Label>,
    /// Marks on points (SGF `TR`, `SQ`, `CR`, `MA`).
    pub marks: Vec<Mark>,
}

impl MoveNote {
    /// Whether the note holds nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.comment.is_none()
            && self.board_text.is_none()
            && self.labels.is_empty()
            && self.marks.is_empty()
    }
}

/// A text written on a point (SGF `LB[hh:A]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Label {
    /// The point.
    pub point: Point,
    /// The text.
    pub text: String,
}

/// The shape of a mark on a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkShape {
    /// SGF `TR`.
    Triangle,
    /// SGF `SQ`.
    Square,
    /// SGF `CR`.
    Circle,
    /// SGF `MA` (an x).
    Cross,
}

names!(MarkShape {
    Triangle => "TR",
    Square => "SQ",
    Circle => "CR",
    Cross => "MA",
});

impl MarkShape {
    /// The SGF property id (the name).
    #[must_use]
    pub const fn sgf_id(self) -> &'static str {
        self.name()
    }
}

/// A mark on a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mark {
    /// The point.
    pub point: Point,
    /// Its shape.
    pub shape: MarkShape,
}

/// A stone set on (or removed from) the board, not played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SetupStone {
    /// The number of moves played when it was set (0: before the first move).
    pub after_move: usize,
    /// The point.
    pub point: Point,
    /// The colour set there, or `None` for a point cleared (SGF `AE`).
    pub stone: Option<Color>,
}

/// Something a reader decided while reading a record, worth telling its user.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReadRemark {
    /// An SGF game type other than gomoku (`GM[1]` is Go: RenLib and Go editors export
    /// renju trees so) read as a gomoku/renju record.
    GameType(String),
    /// The record is one root-to-leaf line of a tree of several lines.
    TreeLine {
        /// 1-based number of the line in the tree (pre-order).
        line: usize,
        /// Number of lines of the tree.
        of: usize,
    },
    /// The line's nodes held this many SGF properties a record has no place for (`BL`, `WL`,
    /// a program's own), which the record leaves out: a conversion of the record lists them
    /// as `other SGF node properties`.
    NodeProperties(usize),
    /// The record was read from a row of a Parquet game file (renju-parquet's schema), whose
    /// `source` and `index` name the file and the record it was first read from.
    Row {
        /// The file the record was first read from (the row's `source`).
        source: String,
        /// The 1-based index of the record in that file (the row's `index`).
        index: u64,
    },
}

impl fmt::Display for ReadRemark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadRemark::GameType(gm) => write!(
                f,
                "GM[{gm}] ({}) read as a gomoku/renju record",
                if gm.trim() == "1" { "Go" } else { "not gomoku" }
            ),
            ReadRemark::TreeLine { line, of } => write!(f, "line {line} of {of} of a tree"),
            ReadRemark::NodeProperties(n) => {
                write!(
                    f,
                    "{n} SGF node properties left out (a record has no place for them)"
                )
            }
            ReadRemark::Row { source, index } => {
                write!(f, "read from a Parquet row: {source} record {index}")
            }
        }
    }
}

impl GameRecord {
    /// The comment written before the first move (a tree's root comment), if any.
    #[must_use]
    pub fn root_comment(&self) -> Option<&str> {
        self.note_at(0).and_then(|n| n.comment.as_deref())
    }

    /// The note written after `moves` moves, if any.
    #[must_use]
    pub fn note_at(&self, moves: usize) -> Option<&MoveNote> {
        self.notes.iter().find(|n| n.after_move == moves)
    }

    /// The note written after `moves` moves, made if absent (notes stay in move order).
    pub fn note_mut(&mut self, moves: usize) -> &mut MoveNote {
        let at = match self.notes.iter().position(|n| n.after_move >= moves) {
            Some(i) if self.notes[i].after_move == moves => i,
            Some(i) => {
                self.notes.insert(
                    i,
                    MoveNote {
                        after_move: moves,
                        ..MoveNote::default()
                    },
                );
                i
            }
            None => {
                self.notes.push(MoveNote {
                    after_move: moves,
                    ..MoveNote::default()
                });
                self.notes.len() - 1
            }
        };
        &mut self.notes[at]
    }
}

impl GameRecord {
    /// An empty record for a board of side `board_size`.
    #[must_use]
    pub fn new(board_size: u8) -> GameRecord {
        GameRecord {
            board_size,
            ..GameRecord::default()
        }
    }
}
