//! The formats: [`Format`] (names, extensions, orientations) and [`detect`]. Reading any
//! format is [`read_all`](crate::read_all), writing [`write`](fn@crate::write) (with the
//! [`ConversionReport`](crate::ConversionReport) of what was lost), and
//! [`convert`](fn@crate::convert) does both.

use crate::moves::parse_moves_into;
use crate::record::Orientation;
use renju_core::RENJU_SIZE;
use std::fmt;
use std::str::FromStr;

/// A record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// `.renju`: `<result> <moves...>` one game a line.
    Renju,
    /// Bare move strings, one game a line (`h8 h9 i8`, `h8h9i8`, `H8,H9`).
    Moves,
    /// RenjuNet `.rif` XML database.
    Rif,
    /// Piskvork / Gomocup `.psq` (one game).
    Psq,
    /// SGF `GM[4]` (and Gomoku Quest `GM[5]`).
    Sgf,
    /// RenLib `.lib` move tree.
    Lib,
    /// RenLib binary `.pos` (one game).
    Pos,
}

crate::names::names!(Format {
    Renju => "renju",
    Moves => "moves",
    Rif => "rif",
    Psq => "psq",
    Sgf => "sgf",
    Lib => "lib",
    Pos => "pos",
});

impl Format {
    /// File extensions (lower case, without the dot); the first is the one written.
    #[must_use]
    pub const fn extensions(self) -> &'static [&'static str] {
        match self {
            Format::Renju => &["renju"],
            Format::Moves => &["txt", "moves"],
            Format::Rif => &["rif", "xml"],
            Format::Psq => &["psq"],
            Format::Sgf => &["sgf"],
            Format::Lib => &["lib", "dat"],
            Format::Pos => &["pos"],
        }
    }

    /// The orientation the format uses unless told otherwise: row 1 at the top for `.psq`,
    /// SGF letters and RenLib's stored bytes (`.lib`, `.pos`), at the bottom for the others.
    #[must_use]
    pub const fn default_orientation(self) -> Orientation {
        match self {
            Format::Psq | Format::Sgf | Format::Lib | Format::Pos => Orientation::RowOneAtTop,
            Format::Renju | Format::Moves | Format::Rif => Orientation::RowOneAtBottom,
        }
    }

    /// Whether a file of this format holds at most one game.
    #[must_use]
    pub const fn single_game(self) -> bool {
        matches!(self, Format::Psq | Format::Pos)
    }

    /// The format of a file extension (case-insensitive).
    #[must_use]
    pub fn from_extension(ext: &str) -> Option<Format> {
        let e = ext.to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.extensions().contains(&e.as_str()))
    }
}

/// A text that names no format (neither a name of [`Format::ALL`] nor an extension).
///
/// ```
/// let e = "docx".parse::<renju_notation::Format>().unwrap_err();
/// assert_eq!(e.text(), "docx");
/// assert_eq!(e.to_string(), "unknown format 'docx' (expected renju, moves, rif, psq, sgf, lib or pos)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFormatError {
    text: String,
}

impl UnknownFormatError {
    /// The text that was read.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for UnknownFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown format '{}' (expected renju, moves, rif, psq, sgf, lib or pos)",
            self.text
        )
    }
}

impl std::error::Error for UnknownFormatError {}

impl FromStr for Format {
    type Err = UnknownFormatError;
    /// A format by name (`sgf`) or extension (`xml`, `dat`), in any ASCII case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::from_name(s)
            .or_else(|| Format::from_extension(s))
            .ok_or_else(|| UnknownFormatError {
                text: s.to_string(),
            })
    }
}

/// Guesses the format of a file from its content (`first_bytes`, a few hundred bytes are
/// enough) and, when the content does not tell, its extension.
///
/// ```
/// use renju_notation::{Format, detect};
/// assert_eq!(detect("a.txt", b"Piskvorky 20x20, 7:7, 0\r\n"), Some(Format::Psq));
/// assert_eq!(detect("games.renju", b"black h8 h9"), Some(Format::Renju));
/// assert_eq!(detect("x", b"(;GM[4]SZ[15];B[hh])"), Some(Format::Sgf));
/// assert_eq!(detect("x", b"(\n  ;GM[1]CA[UTF-8]SZ[15]"), Some(Format::Sgf));
/// assert_eq!(detect("x.pos", &[2, 0x70, 0x61]), Some(Format::Pos));
/// ```
#[must_use]
pub fn detect(path: &str, first_bytes: &[u8]) -> Option<Format> {
    let head = String::from_utf8_lossy(&first_bytes[..first_bytes.len().min(512)]);
    let t = head.trim_start_matches('\u{feff}').trim_start();
    if first_bytes.len() >= 8 && first_bytes[0] == 0xFF && &first_bytes[1..7] == b"RenLib" {
        return Some(Format::Lib);
    }
    if t.starts_with("<?xml") || t.starts_with("<database") {
        return Some(Format::Rif);
    }
    if t.starts_with("Piskvorky") {
        return Some(Format::Psq);
    }
    let sgf_start = t
        .strip_prefix('(')
        .is_some_and(|rest| rest.trim_start().starts_with(';'));
    if sgf_start || (t.contains("(;") && t.contains("GM[")) {
        return Some(Format::Sgf);
    }
    let word = t.split_whitespace().next().unwrap_or("");
    if ["black", "white", "draw", "unknown"].contains(&word) {
        return Some(Format::Renju);
    }
    let ext = path.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    let by_ext = Format::from_extension(ext);
    if by_ext == Some(Format::Moves) {
        // `.txt` says little: a text file is a move list when its first line starts like one
        // (a move such as `h8`, or a pass `--`), even if a later word is broken (that record is
        // then reported); a foul-atlas file (`title: ...`) or prose is not.
        let first = t
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .unwrap_or("");
        let b = first.as_bytes();
        let move_like = first.starts_with("--")
            || (b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit());
        return move_like.then_some(Format::Moves);
    }
    if by_ext.is_some() {
        return by_ext;
    }
    if let Some(&n) = first_bytes.first()
        && n > 0
        && first_bytes.len() == usize::from(n) + 1
        && first_bytes[1..].iter().all(|&b| b < 225)
    {
        return Some(Format::Pos);
    }
    if first_bytes.first() == Some(&0x78) {
        return Some(Format::Lib);
    }
    let line = t.lines().next().unwrap_or("");
    let mut tmp = Vec::new();
    if !line.is_empty()
        && parse_moves_into(line, RENJU_SIZE, Orientation::RowOneAtBottom, &mut tmp).is_ok()
    {
        return Some(Format::Moves);
    }
    None
}
