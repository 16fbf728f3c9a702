//! One entry point for every format: [`Format`], [`detect`], [`read_all`], [`write`](fn@crate::write) and
//! [`convert`], with a [`ConversionReport`] saying what the target format could not hold.

use crate::encoding::TextEncoding;
use crate::error::RecordError;
use crate::moves::{MoveStyle, parse_moves_into, write_moves};
use crate::record::{DeclaredResult, GameRecord, Orientation};
use crate::renju_line::{ENCODING_TAG, RenjuBufReader, RenjuReader, write_renju_line};
use crate::tree::{GameTree, TreeLines};
use crate::{pos, psq, renlib, rif, sgf, swap_slots};
use encoding_rs::Encoding;
use renju_core::{Move, RENJU_SIZE};
use std::fmt;
use std::str::FromStr;

/// A record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

/// A format name that is not one of [`Format::ALL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown format '{}' (expected renju, moves, rif, psq, sgf, lib or pos)",
            self.0
        )
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::from_name(s)
            .or_else(|| Format::from_extension(s))
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

/// Guesses the format of a file from its content (`first_bytes`, a few hundred bytes are
/// enough) and, when the content does not tell, its extension.
///
/// ```
/// use notation::{Format, detect};
/// assert_eq!(detect("a.txt", b"Piskvorky 20x20, 7:7, 0\r\n"), Some(Format::Psq));
/// assert_eq!(detect("games.renju", b"black h8 h9"), Some(Format::Renju));
/// assert_eq!(detect("x", b"(;GM[4]SZ[15];B[hh])"), Some(Format::Sgf));
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
    if t.starts_with("(;") || t.starts_with("( ;") || (t.contains("(;") && t.contains("GM[")) {
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

/// Decodes text lossily; the second value is the 0-based byte offset of the first invalid
/// byte, if any.
fn text_of(bytes: &[u8]) -> (std::borrow::Cow<'_, str>, Option<usize>) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (std::borrow::Cow::Borrowed(s), None),
        Err(e) => (String::from_utf8_lossy(bytes), Some(e.valid_up_to())),
    }
}

fn mark_lossy(
    r: Result<GameRecord, RecordError>,
    bad: Option<usize>,
) -> Result<GameRecord, RecordError> {
    r.map(|mut g| {
        if let Some(at) = bad {
            g.tags.insert(
                ENCODING_TAG.into(),
                format!("invalid UTF-8 at byte {at}; read lossily"),
            );
        }
        g
    })
}

/// Reads every record of a file held in memory. Never panics; each broken record is one
/// `Err` and reading goes on with the next (formats with one game per file, and XML after a
/// syntax error, give at most one error). Trees (SGF, `.lib`) give one record per
/// root-to-leaf line. Texts are decoded as the file declares or as detected; see
/// [`read_all_with`] to force an encoding.
///
/// ```
/// use notation::{Format, Orientation, read_all};
/// let out: Vec<_> = read_all(Format::Renju, b"black h8 h9\nwhite h8 q3\n", "a.renju", Orientation::RowOneAtBottom).collect();
/// assert!(out[0].is_ok());
/// assert_eq!(out[1].as_ref().unwrap_err().to_string(),
///     "a.renju: record 2, line 2, column 10: 'q3' is off the board: column 'q' is off the 15x15 board (columns a..o)");
/// ```
pub fn read_all<'a>(
    format: Format,
    bytes: &'a [u8],
    file_name: &str,
    orientation: Orientation,
) -> Box<dyn Iterator<Item = Result<GameRecord, RecordError>> + 'a> {
    read_all_with(format, bytes, file_name, orientation, None)
}

/// [`read_all`] with the texts of SGF, `.lib`, `.rif` and `.psq` files decoded in `encoding`
/// when given (`--encoding NAME`; see [`crate::encoding::encoding_for`]).
pub fn read_all_with<'a>(
    format: Format,
    bytes: &'a [u8],
    file_name: &str,
    orientation: Orientation,
    encoding: Option<&'static Encoding>,
) -> Box<dyn Iterator<Item = Result<GameRecord, RecordError>> + 'a> {
    // An error about the file as a whole (record 0) is numbered as the item it is, so that a
    // caller printing "FILE record N: ..." can drop the error's own "FILE: record N, " prefix
    // instead of repeating the file name.
    Box::new(
        records_of(format, bytes, file_name, orientation, encoding)
            .enumerate()
            .map(|(i, r)| {
                r.map_err(|mut e| {
                    if e.record == 0 {
                        e.record = i + 1;
                    }
                    e
                })
            }),
    )
}

fn records_of<'a>(
    format: Format,
    bytes: &'a [u8],
    file_name: &str,
    orientation: Orientation,
    encoding: Option<&'static Encoding>,
) -> Box<dyn Iterator<Item = Result<GameRecord, RecordError>> + 'a> {
    match format {
        Format::Renju => Box::new(RenjuReader::new(bytes, file_name, orientation)),
        Format::Rif => {
            let reader = rif::RifReader::new(bytes, file_name, orientation);
            match rif_encoding(bytes, encoding) {
                Some(used) => Box::new(reader.with_encoding(used)),
                None => Box::new(reader),
            }
        }
        Format::Moves => Box::new(RenjuBufReader::moves(bytes, file_name, orientation)),
        Format::Psq => {
            let (text, bad) = match encoding {
                Some(e) => (
                    std::borrow::Cow::Owned(crate::encoding::decode_with(bytes, e).0),
                    None,
                ),
                None => text_of(bytes),
            };
            Box::new(std::iter::once(mark_lossy(
                psq::read_psq(&text, file_name, orientation),
                bad,
            )))
        }
        Format::Sgf => Box::new(sgf::SgfReader::from_trees(sgf::read_trees(
            bytes,
            file_name,
            orientation,
            encoding,
        ))),
        Format::Pos => Box::new(std::iter::once(pos::read_pos(
            bytes,
            file_name,
            orientation,
        ))),
        Format::Lib => match renlib::read_tree(bytes, file_name, orientation, encoding) {
            Ok(tree) => {
                let file = file_name.to_string();
                Box::new(TreeLines::new(tree, orientation).map(move |r| {
                    r.map(|mut g| {
                        if let Some(crate::record::ReadRemark::TreeLine { line, .. }) =
                            g.remarks.last()
                        {
                            g.tags.insert("lib:line".into(), line.to_string());
                        } else {
                            g.tags.insert("lib:line".into(), "1".into());
                        }
                        g
                    })
                    .map_err(|(line, kind)| {
                        RecordError::new(&file, line, crate::Position::Byte(0), kind)
                    })
                }))
            }
            Err(e) => Box::new(std::iter::once(Err(e))),
        },
    }
}

/// The encoding of a `.rif` file's texts when it is not plain UTF-8: forced, or declared in
/// the XML declaration (when the bytes fit it), or detected when the bytes are not UTF-8.
/// `None`: UTF-8 (a game with bytes that are not is read lossily and marked).
fn rif_encoding(bytes: &[u8], forced: Option<&'static Encoding>) -> Option<TextEncoding> {
    let head = &bytes[..bytes.len().min(200)];
    let declared = head
        .windows(9)
        .position(|w| w == b"encoding=")
        .and_then(|i| {
            let rest = &head[i + 9..];
            let q = *rest.first()?;
            let end = rest[1..].iter().position(|&b| b == q)?;
            Some(String::from_utf8_lossy(&rest[1..=end]).into_owned())
        });
    if forced.is_none() && std::str::from_utf8(bytes).is_ok() {
        return None;
    }
    let used = crate::encoding::choose(bytes, declared.as_deref(), forced);
    (used.name != "UTF-8").then_some(used)
}

/// Reads the game trees of a tree format (SGF, `.lib`) whole; `None` for the other formats.
/// Texts are decoded in `encoding` when given, else as declared or detected.
#[must_use]
pub fn read_trees(
    format: Format,
    bytes: &[u8],
    file_name: &str,
    orientation: Orientation,
    encoding: Option<&'static Encoding>,
) -> Option<Vec<Result<GameTree, RecordError>>> {
    match format {
        Format::Sgf => Some(sgf::read_trees(bytes, file_name, orientation, encoding).collect()),
        Format::Lib => Some(vec![renlib::read_tree(
            bytes,
            file_name,
            orientation,
            encoding,
        )]),
        _ => None,
    }
}

/// A field of a record that the target format could not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// 1-based index of the record among those given to [`write`](fn@crate::write).
    pub record: usize,
    /// The field (`event`, `swaps`, `tag:xyz`...).
    pub field: String,
}

/// A record that could not be written at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// 1-based index of the record among those given to [`write`](fn@crate::write).
    pub record: usize,
    /// Why.
    pub reason: String,
}

/// What [`write`](fn@crate::write) did: how many records it wrote, what it dropped from them and which it
/// could not write.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConversionReport {
    /// The target format.
    pub format: Option<Format>,
    /// Records written.
    pub written: usize,
    /// Fields dropped from written records.
    pub dropped: Vec<Dropped>,
    /// Records not written.
    pub skipped: Vec<Skipped>,
    /// The encoding the input's texts were read in, when the input format has one.
    pub input_encoding: Option<TextEncoding>,
    /// The encoding new texts were written in, when not UTF-8 by the format (`.lib`).
    pub output_encoding: Option<TextEncoding>,
    /// Trees of the input written as single games: (trees, lines written as games).
    pub trees_as_games: Option<(usize, usize)>,
    /// What the target could not hold of whole trees (tree to tree conversions): each kind
    /// with its count.
    pub tree_dropped: Vec<(String, usize)>,
}

impl ConversionReport {
    /// Each dropped field with the number of records it was dropped from, sorted by field.
    #[must_use]
    pub fn dropped_summary(&self) -> Vec<(String, usize)> {
        let mut m: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
        for d in &self.dropped {
            *m.entry(d.field.as_str()).or_default() += 1;
        }
        m.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }
}

impl fmt::Display for ConversionReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.format.map_or("?", Format::name);
        write!(f, "{} records written as {name}", self.written)?;
        if !self.skipped.is_empty() {
            write!(f, ", {} not written", self.skipped.len())?;
        }
        let d = self.dropped_summary();
        if !d.is_empty() {
            write!(f, "; dropped: ")?;
            for (i, (k, n)) in d.iter().enumerate() {
                if i > 0 {
                    write!(f, ", ")?;
                }
                write!(f, "{k} ({n})")?;
            }
        }
        if !self.tree_dropped.is_empty() {
            write!(f, "; the target cannot hold: ")?;
            for (i, (k, n)) in self.tree_dropped.iter().enumerate() {
                if i > 0 {
                    write!(f, ", ")?;
                }
                write!(f, "{k} ({n})")?;
            }
        }
        if let Some((trees, lines)) = self.trees_as_games {
            write!(
                f,
                "; {trees} tree{} written as {lines} game{}, one per root-to-leaf line",
                if trees == 1 { "" } else { "s" },
                if lines == 1 { "" } else { "s" }
            )?;
        }
        if let Some(e) = &self.input_encoding {
            write!(f, "; text read as {e}")?;
        }
        if let Some(e) = &self.output_encoding {
            write!(f, "; new texts written in {}", e.name)?;
        }
        for s in &self.skipped {
            write!(f, "\n  record {}: {}", s.record, s.reason)?;
        }
        Ok(())
    }
}

/// Which fields a format holds.
#[derive(Clone, Copy)]
struct Holds {
    id: bool,
    players: bool,
    event: bool,
    round: bool,
    date: bool,
    rule: bool,
    opening: bool,
    result: bool,
    offers: bool,
    declared_offers: bool,
    swaps: bool,
}

const NOTHING: Holds = Holds {
    id: false,
    players: false,
    event: false,
    round: false,
    date: false,
    rule: false,
    opening: false,
    result: false,
    offers: false,
    declared_offers: false,
    swaps: false,
};

fn holds(format: Format) -> Holds {
    match format {
        Format::Renju => Holds {
            result: true,
            ..NOTHING
        },
        Format::Moves | Format::Lib | Format::Pos => NOTHING,
        Format::Rif => Holds {
            id: true,
            players: true,
            event: true,
            round: true,
            date: true,
            rule: true,
            opening: true,
            result: true,
            offers: true,
            declared_offers: false,
            swaps: true,
        },
        Format::Sgf => Holds {
            players: true,
            event: true,
            round: true,
            date: true,
            rule: true,
            result: true,
            offers: true,
            swaps: true,
            ..NOTHING
        },
        Format::Psq => Holds {
            players: true,
            result: true,
            event: true,
            ..NOTHING
        },
    }
}

fn tag_held(format: Format, key: &str, g: &GameRecord) -> bool {
    match format {
        Format::Rif => {
            rif::is_rif_tag(key)
                || (key == "alt" && g.fifth_offers.is_empty())
                || (key == "swap" && g.swaps.is_empty())
        }
        Format::Sgf => sgf::is_sgf_tag(key),
        Format::Psq => [
            psq::TAG_LEVELS,
            psq::TAG_FIRST,
            psq::TAG_TIMES,
            psq::TAG_ERRCODE,
        ]
        .contains(&key),
        Format::Lib => false,
        Format::Renju | Format::Moves | Format::Pos => false,
    }
}

/// Why a record cannot be written at all in `format`, if it cannot.
fn unwritable(format: Format, g: &GameRecord) -> Option<String> {
    let has_pass = g.moves.contains(&Move::Pass);
    match format {
        Format::Renju | Format::Moves | Format::Rif | Format::Lib | Format::Pos
            if g.board_size != RENJU_SIZE =>
        {
            Some(format!(
                "a {0}x{0} board cannot be written as {format} (15x15 only)",
                g.board_size
            ))
        }
        Format::Psq | Format::Pos if has_pass => Some(format!("{format} cannot hold a pass")),
        Format::Pos if g.moves.is_empty() || g.moves.len() > 225 => {
            Some("pos holds 1..225 moves".to_string())
        }
        _ => None,
    }
}

fn dropped_fields(format: Format, g: &GameRecord) -> Vec<String> {
    let h = holds(format);
    let mut out: Vec<String> = Vec::new();
    let mut check = |held: bool, present: bool, name: &str| {
        if present && !held {
            out.push(name.to_string());
        }
    };
    check(h.id, g.id.is_some(), "id");
    let psq_names = format != Format::Psq || (g.black.is_some() == g.white.is_some());
    check(h.players && psq_names, g.black.is_some(), "black");
    check(h.players && psq_names, g.white.is_some(), "white");
    let psq_judge = format != Format::Psq
        || (g.black.is_some() && g.white.is_some() && g.result != DeclaredResult::Unknown);
    check(h.event && psq_judge, g.event.is_some(), "event");
    check(h.round, g.round.is_some(), "round");
    check(h.date, g.date.is_some(), "date");
    check(h.rule, g.rule.is_some(), "rule");
    check(h.opening, g.opening.is_some(), "opening");
    let psq_result = format != Format::Psq || (g.black.is_some() && g.white.is_some());
    check(
        h.result && psq_result,
        g.result != DeclaredResult::Unknown,
        "result",
    );
    check(h.offers, !g.fifth_offers.is_empty(), "fifth_offers");
    check(
        h.declared_offers,
        g.declared_offers.is_some(),
        "declared_offers",
    );
    check(h.swaps, !g.swaps.is_empty(), "swaps");
    if h.swaps && !g.swaps.is_empty() {
        let slots = swap_slots(g.rule.as_deref(), g.swaps.len());
        if g.swaps.iter().zip(slots).any(|(s, k)| s.after_move != k) {
            out.push("swaps (move numbers)".to_string());
        }
    }
    // notes: what each format holds of them
    let (comments, board_texts, labels, marks) = g.notes.iter().fold((0, 0, 0, 0), |c, n| {
        (
            c.0 + usize::from(n.comment.is_some()),
            c.1 + usize::from(n.board_text.is_some()),
            c.2 + n.labels.len(),
            c.3 + n.marks.len(),
        )
    });
    let tree = matches!(format, Format::Sgf | Format::Lib);
    let lib_labels = if format == Format::Lib {
        // a label on the point of the next move becomes that move's board text
        g.notes
            .iter()
            .map(|n| {
                n.labels
                    .iter()
                    .filter(|l| g.moves.get(n.after_move) != Some(&Move::Stone(l.point)))
                    .count()
            })
            .sum()
    } else {
        labels
    };
    for (held, count, name) in [
        (tree, comments, "comments"),
        (tree, board_texts, "board texts"),
        (format == Format::Sgf, lib_labels, "labels"),
        (format == Format::Sgf, marks, "marks"),
        (format == Format::Sgf, g.setup.len(), "setup stones"),
    ] {
        if count > 0 && !held {
            out.push(name.to_string());
        }
    }
    let _ = (comments, labels);
    for k in g.tags.keys() {
        if k == ENCODING_TAG || k == "lib:line" {
            continue;
        }
        if !tag_held(format, k, g) {
            out.push(format!("tag:{k}"));
        }
    }
    out
}

/// Writes records in `format` and `orientation`; the report lists what could not be held.
/// Single-game formats (`.psq`, `.pos`) write the first writable record and skip the rest.
///
/// ```
/// use notation::{Format, GameRecord, Orientation, write, read_all};
/// let mut g = GameRecord::new(15);
/// g.moves = notation::moves::parse_moves("h8 h9 i8", 15, Orientation::RowOneAtBottom).unwrap();
/// g.event = Some("Cup".into());
/// let (bytes, report) = write(Format::Renju, &[g.clone()], Orientation::RowOneAtBottom);
/// assert_eq!(bytes, b"unknown h8 h9 i8\n");
/// assert_eq!(report.dropped_summary(), [("event".to_string(), 1)]);
/// let (sgf, _) = write(Format::Sgf, &[g.clone()], Orientation::RowOneAtTop);
/// let back = read_all(Format::Sgf, &sgf, "x.sgf", Orientation::RowOneAtTop).next().unwrap().unwrap();
/// assert_eq!((back.moves, back.event), (g.moves, g.event));
/// ```
#[must_use]
pub fn write(
    format: Format,
    records: &[GameRecord],
    orientation: Orientation,
) -> (Vec<u8>, ConversionReport) {
    let mut report = ConversionReport {
        format: Some(format),
        ..ConversionReport::default()
    };
    let mut ok: Vec<GameRecord> = Vec::new();
    for (i, g) in records.iter().enumerate() {
        if let Some(reason) = unwritable(format, g) {
            report.skipped.push(Skipped {
                record: i + 1,
                reason,
            });
            continue;
        }
        if format.single_game() && !ok.is_empty() {
            report.skipped.push(Skipped {
                record: i + 1,
                reason: format!("a {format} file holds one game"),
            });
            continue;
        }
        for field in dropped_fields(format, g) {
            report.dropped.push(Dropped {
                record: i + 1,
                field,
            });
        }
        ok.push(g.clone());
    }
    report.written = ok.len();
    let bytes = match format {
        Format::Renju => {
            let mut s = String::new();
            for g in &ok {
                s.push_str(&write_renju_line(g, orientation));
                s.push('\n');
            }
            s.into_bytes()
        }
        Format::Moves => {
            let mut s = String::new();
            for g in &ok {
                s.push_str(&write_moves(
                    &g.moves,
                    RENJU_SIZE,
                    orientation,
                    MoveStyle::Spaced,
                ));
                s.push('\n');
            }
            s.into_bytes()
        }
        Format::Rif => rif::write_rif(&ok, orientation).into_bytes(),
        Format::Sgf => sgf::write_sgf(&ok, orientation).into_bytes(),
        Format::Psq => ok
            .first()
            .map(|g| psq::write_psq(g, orientation).into_bytes())
            .unwrap_or_default(),
        Format::Pos => ok
            .first()
            .map(|g| {
                let mut b = vec![g.moves.len() as u8];
                for m in &g.moves {
                    if let Move::Stone(p) = m {
                        let (c, r) = crate::moves::point_to(*p, RENJU_SIZE, orientation);
                        b.push((r * 15 + c) as u8);
                    }
                }
                b
            })
            .unwrap_or_default(),
        Format::Lib => {
            // A line that is a prefix of another (or a repeat) is not a separate leaf.
            let mut lib = GameTree::from_records(&ok);
            lib.labels_to_board_texts();
            let leaves = lib.leaves().len();
            if leaves < ok.len() {
                report.dropped.push(Dropped {
                    record: 0,
                    field: format!(
                        "{} lines merged into longer or equal lines",
                        ok.len() - leaves
                    ),
                });
            }
            let (bytes, enc) = renlib::write_tree(&lib, orientation);
            report.output_encoding = enc;
            bytes
        }
    };
    (bytes, report)
}

/// Options of [`convert`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ConvertOptions {
    /// The input format (`None`: [`detect`]).
    pub from: Option<Format>,
    /// The output format (`None`: from the output file's extension).
    pub to: Option<Format>,
    /// The input orientation (`None`: the input format's default).
    pub read_orientation: Option<Orientation>,
    /// The output orientation (`None`: the output format's default).
    pub write_orientation: Option<Orientation>,
    /// The encoding of the input's texts (`None`: as declared, checked against the bytes, or
    /// detected).
    pub encoding: Option<&'static Encoding>,
}

/// Why [`convert`] could not run at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConvertError {
    /// The input format could not be guessed.
    UnknownInput(String),
    /// The output format could not be guessed from the output name.
    UnknownOutput(String),
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::UnknownInput(p) => write!(f, "{p}: cannot tell the format (give --from)"),
            ConvertError::UnknownOutput(p) => write!(
                f,
                "{p}: cannot tell the format from the extension (give --to)"
            ),
        }
    }
}

impl std::error::Error for ConvertError {}

/// The result of [`convert`].
#[derive(Debug, Clone)]
pub struct Converted {
    /// The bytes of the output file.
    pub bytes: Vec<u8>,
    /// The formats used.
    pub from: Format,
    /// The output format.
    pub to: Format,
    /// Records read without error.
    pub read: usize,
    /// The records that could not be read.
    pub errors: Vec<RecordError>,
    /// What writing did.
    pub report: ConversionReport,
}

/// Converts a file's content to another format (the work of
/// `corpus-tool convert [--from F] [--to F] [--orientation top|bottom] INPUT OUTPUT`).
///
/// # Errors
/// [`ConvertError`] when a format is neither given nor guessable.
///
/// ```
/// use notation::{ConvertOptions, convert};
/// let c = convert("g.renju", b"black h8 h9 i8\nwhite h8 zz\n", "g.sgf", ConvertOptions::default()).unwrap();
/// assert_eq!((c.read, c.errors.len(), c.report.written), (1, 1, 1));
/// assert!(String::from_utf8(c.bytes).unwrap().contains(";B[hh];W[hg];B[ih]"));
/// ```
pub fn convert(
    input_name: &str,
    input: &[u8],
    output_name: &str,
    options: ConvertOptions,
) -> Result<Converted, ConvertError> {
    let from = options
        .from
        .or_else(|| detect(input_name, &input[..input.len().min(4096)]))
        .ok_or_else(|| ConvertError::UnknownInput(input_name.to_string()))?;
    let to = options
        .to
        .or_else(|| {
            output_name
                .rsplit_once('.')
                .and_then(|(_, e)| Format::from_extension(e))
        })
        .ok_or_else(|| ConvertError::UnknownOutput(output_name.to_string()))?;
    let ro = options
        .read_orientation
        .unwrap_or(from.default_orientation());
    let wo = options
        .write_orientation
        .unwrap_or(to.default_orientation());
    let mut records = Vec::new();
    let mut errors = Vec::new();
    let file = input_name.rsplit(['/', '\\']).next().unwrap_or(input_name);
    if let Some(trees) = read_trees(from, input, file, ro, options.encoding) {
        let mut ok = Vec::new();
        for t in trees {
            match t {
                Ok(t) => ok.push(t),
                Err(e) => errors.push(e),
            }
        }
        let input_encoding = ok.iter().find_map(|t| t.encoding.clone());
        if matches!(to, Format::Sgf | Format::Lib) {
            let (bytes, mut report) = write_trees(to, ok, wo);
            report.input_encoding = input_encoding;
            return Ok(Converted {
                bytes,
                from,
                to,
                read: report.written,
                errors,
                report,
            });
        }
        let trees = ok.len();
        for t in ok {
            for r in TreeLines::new(t, ro) {
                match r {
                    Ok(g) => records.push(g),
                    Err((line, kind)) => errors.push(RecordError::new(
                        file,
                        records.len() + errors.len() + line.min(1),
                        crate::Position::Byte(0),
                        kind,
                    )),
                }
            }
        }
        let (bytes, mut report) = write(to, &records, wo);
        report.input_encoding = input_encoding;
        if records.len() > trees {
            report.trees_as_games = Some((trees, records.len()));
        }
        return Ok(Converted {
            bytes,
            from,
            to,
            read: records.len(),
            errors,
            report,
        });
    }
    for r in read_all_with(from, input, file, ro, options.encoding) {
        match r {
            Ok(g) => records.push(g),
            Err(e) => errors.push(e),
        }
    }
    let (bytes, report) = write(to, &records, wo);
    Ok(Converted {
        bytes,
        from,
        to,
        read: records.len(),
        errors,
        report,
    })
}

/// Writes whole trees as SGF or `.lib` (every variation, comment, board text and label the
/// target holds); the report counts lines as records and lists what the target cannot hold.
fn write_trees(
    to: Format,
    trees: Vec<GameTree>,
    orientation: Orientation,
) -> (Vec<u8>, ConversionReport) {
    let mut report = ConversionReport {
        format: Some(to),
        ..ConversionReport::default()
    };
    let mut dropped: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    let mut add = |k: &str, n: usize| {
        if n > 0 {
            *dropped.entry(k.to_string()).or_default() += n;
        }
    };
    let bytes = match to {
        Format::Lib => {
            let mut out = Vec::new();
            let mut iter = trees.into_iter();
            let mut tree = iter.next().unwrap_or_else(|| GameTree::new(RENJU_SIZE));
            let rest: Vec<GameTree> = iter.collect();
            if !rest.is_empty() {
                // a library is one tree: merge the others into the first by their lines
                let mut lines = tree.lines(orientation);
                for t in &rest {
                    lines.extend(t.lines(orientation));
                }
                add("separate game trees (merged into one library)", rest.len());
                let enc = tree.encoding.clone();
                tree = GameTree::from_records(&lines);
                tree.encoding = enc;
            }
            if tree.board_size == RENJU_SIZE {
                tree.labels_to_board_texts();
                let c = tree.note_counts();
                add("labels", c.labels);
                add("marks", c.marks);
                add("setup stones", c.setup);
                add("other SGF node properties", c.other_properties);
                let info = &tree.info;
                for (present, name) in [
                    (info.black.is_some(), "black"),
                    (info.white.is_some(), "white"),
                    (info.event.is_some(), "event"),
                    (info.round.is_some(), "round"),
                    (info.date.is_some(), "date"),
                    (info.rule.is_some(), "rule"),
                    (info.result != DeclaredResult::Unknown, "result"),
                    (!info.fifth_offers.is_empty(), "fifth_offers"),
                    (!info.swaps.is_empty(), "swaps"),
                ] {
                    if present {
                        add(name, 1);
                    }
                }
                for k in info.tags.keys() {
                    add(&format!("tag:{k}"), 1);
                }
                report.written = tree.leaves().len();
                let (b, enc) = renlib::write_tree(&tree, orientation);
                report.output_encoding = enc;
                out = b;
            } else {
                report.skipped.push(Skipped {
                    record: 1,
                    reason: format!(
                        "a {0}x{0} board cannot be written as lib (15x15 only)",
                        tree.board_size
                    ),
                });
            }
            out
        }
        _ => {
            for t in &trees {
                report.written += t.leaves().len();
                let lib_flags = t
                    .nodes
                    .iter()
                    .filter(|n| n.lib.flags & (renlib::FLAG_MARK | renlib::FLAG_START) != 0)
                    .count();
                add(".lib mark and start flags", lib_flags);
                let orphan_texts = t
                    .nodes
                    .iter()
                    .filter(|n| n.board_text.is_some() && !matches!(n.mv, Some(Move::Stone(_))))
                    .count();
                add(
                    "board texts of passes and of nodes that are not moves",
                    orphan_texts,
                );
            }
            sgf::write_trees(&trees, orientation).into_bytes()
        }
    };
    report.tree_dropped = dropped.into_iter().collect();
    (bytes, report)
}
