//! The one record type every format is read into and written from.

use renju_core::{Move, Point};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// Where row 1 is in a format's own coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Orientation {
    /// Row 1 at the bottom (RIF, RenLib display, `.renju`, move strings).
    #[default]
    RowOneAtBottom,
    /// Row 1 at the top (Piskvork `.psq`, SGF letters, Gomocup "pos" strings).
    RowOneAtTop,
}

impl Orientation {
    /// `bottom` or `top`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Orientation::RowOneAtBottom => "bottom",
            Orientation::RowOneAtTop => "top",
        }
    }
}

impl FromStr for Orientation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "bottom" => Ok(Orientation::RowOneAtBottom),
            "top" => Ok(Orientation::RowOneAtTop),
            _ => Err(format!(
                "unknown orientation '{s}' (expected top or bottom)"
            )),
        }
    }
}

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

impl DeclaredResult {
    /// `black`, `white`, `draw` or `unknown`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            DeclaredResult::Black => "black",
            DeclaredResult::White => "white",
            DeclaredResult::Draw => "draw",
            DeclaredResult::Unknown => "unknown",
        }
    }
}

impl fmt::Display for DeclaredResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DeclaredResult {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "black" => Ok(DeclaredResult::Black),
            "white" => Ok(DeclaredResult::White),
            "draw" => Ok(DeclaredResult::Draw),
            "unknown" | "" => Ok(DeclaredResult::Unknown),
            _ => Err(format!(
                "unknown result '{s}' (expected black, white, draw or unknown)"
            )),
        }
    }
}

/// A swap decision taken during the opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SwapDecision {
    /// The number of stones on the board when the decision was taken.
    pub after_move: usize,
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
