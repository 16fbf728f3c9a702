//! RenjuNet `.rif` databases (XML): tables of countries, cities, rules, openings, players and
//! tournaments, then `<game>` elements with their attributes and `<move>` lists (row 1 at the
//! bottom by default).
//!
//! [`RifReader`] streams: it keeps the small tables and one game at a time, so memory does
//! not grow with the number of games. Rule, opening, player and tournament ids are resolved
//! through the file's own tables; an id the tables do not define (yet) is kept as written.
//! Game attributes without a [`GameRecord`] field are kept in `tags` under their own name,
//! and the game's `<info>` text in tag `info`.
//!
//! Field mapping: `bresult` `1`/`0`/`0.5`/empty → black/white/draw/unknown; `alt` → the
//! 5th-move offers when it is a list of points (otherwise it is kept in tag `alt`); `swap`
//! (`R` swapped, `-` not, one character per swap chance) → `swaps`, the sequence of decisions
//! (the file does not say after which stone each was taken; otherwise kept in tag `swap`);
//! tournament name →
//! `event`, its start date → `date`; the rule's `category` (`1` renju, `2` gomoku) → tag
//! [`RULE_CATEGORY_TAG`] of each game of that rule, written back into the rules table.

use crate::error::{ErrorKind, Position, RecordError, excerpt};
use crate::moves::{MoveStyle, parse_moves, write_moves};
use crate::record::{DeclaredResult, GameRecord, Orientation, SwapDecision};
use quick_xml::events::{BytesStart, Event};
use renju_core::{Move, RENJU_SIZE};
use std::collections::{BTreeMap, HashMap};
use std::io::BufRead;

/// Game attributes mapped to record fields (never written from tags).
const RESERVED: &[&str] = &[
    "id",
    "tournament",
    "round",
    "rule",
    "black",
    "white",
    "bresult",
    "opening",
    "alt",
    "swap",
];

/// The tag that keeps a game's rule category, from the `category` attribute of its
/// `<rule>` (RenjuNet: `1` renju, `2` gomoku): written back into the rules table by
/// [`write_rif`], never as a game attribute.
pub const RULE_CATEGORY_TAG: &str = "rif:rule-category";

#[derive(Debug, Default)]
struct Tables {
    rules: HashMap<String, String>,
    /// Rule id -> its `category` attribute, where it has one.
    rule_categories: HashMap<String, String>,
    openings: HashMap<String, String>,
    players: HashMap<String, String>,
    tournaments: HashMap<String, (Option<String>, Option<String>)>,
}

/// The input of the XML parser: counts the bytes handed out since the parser's last event
/// and, past [`crate::limits::MAX_XML_EVENT`], skips to the next `<` (so an endless text costs
/// no memory and its game is reported); a tag still too long after that is an I/O error.
#[derive(Debug)]
struct Limited<R> {
    inner: R,
    /// Bytes handed out since [`Limited::reset`].
    count: usize,
    limit: usize,
    /// Bytes skipped since the last reset (the event was too large).
    skipped: u64,
    /// Bytes skipped since the start (to keep byte offsets true).
    skipped_total: u64,
}

impl<R: BufRead> Limited<R> {
    fn reset(&mut self) -> u64 {
        self.count = 0;
        std::mem::take(&mut self.skipped)
    }
}

impl<R: BufRead> std::io::Read for Limited<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let b = self.fill_buf()?;
        let n = b.len().min(out.len());
        out[..n].copy_from_slice(&b[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Limited<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.count >= self.limit {
            if self.skipped > 0 {
                return Err(std::io::Error::other(format!(
                    "an XML tag longer than {} bytes",
                    self.limit
                )));
            }
            loop {
                let b = self.inner.fill_buf()?;
                if b.is_empty() {
                    break;
                }
                let (n, found) = match b.iter().position(|&c| c == b'<') {
                    Some(i) => (i, true),
                    None => (b.len(), false),
                };
                self.inner.consume(n);
                self.skipped += n as u64;
                self.skipped_total += n as u64;
                if found {
                    break;
                }
            }
            // one more byte (the '<' ending the text) may pass
            self.skipped = self.skipped.max(1);
            let b = self.inner.fill_buf()?;
            return Ok(&b[..b.len().min(1)]);
        }
        let room = self.limit - self.count;
        let b = self.inner.fill_buf()?;
        Ok(&b[..b.len().min(room)])
    }

    fn consume(&mut self, n: usize) {
        self.count += n;
        self.inner.consume(n);
    }
}

/// A game being read.
#[derive(Debug)]
struct Pending {
    at: u64,
    /// The size of a text of this game too large to keep.
    too_large: Option<u64>,
    attrs: Vec<(String, String)>,
    moves: Option<String>,
    info: Option<String>,
    lossy: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TextTarget {
    None,
    Move,
    Info,
}

/// A streaming reader of the games of a `.rif` database.
///
/// ```
/// use renju_notation::{DeclaredResult, Orientation, rif::RifReader};
/// let xml = r#"<?xml version="1.0" encoding="utf-8"?>
/// <database><rules><rule id="1" name="RIF"/></rules>
/// <players><player id="7" name="Ann" surname="Lee"/></players>
/// <games><game id="5" rule="1" black="7" white="8" bresult="0.5" swap="R">
/// <move>h8 h9 i8</move></game></games></database>"#;
/// let g = RifReader::new(xml.as_bytes(), "db.rif", Orientation::RowOneAtBottom).next().unwrap().unwrap();
/// assert_eq!(g.rule.as_deref(), Some("RIF"));
/// assert_eq!(g.black.as_deref(), Some("Ann Lee"));
/// assert_eq!(g.white.as_deref(), Some("8")); // not in the players table: kept as written
/// assert_eq!(g.result, DeclaredResult::Draw);
/// assert_eq!((g.swaps[0].after_move, g.swaps[0].swapped), (None, true));
/// ```
#[derive(Debug)]
pub struct RifReader<R: BufRead> {
    xml: quick_xml::Reader<Limited<R>>,
    buf: Vec<u8>,
    tables: Tables,
    file: String,
    orientation: Orientation,
    record: usize,
    pending: Option<Pending>,
    target: TextTarget,
    finished: bool,
    encoding: Option<crate::encoding::TextEncoding>,
    /// Whether the root element was seen (and was `<database>`).
    root_seen: bool,
}

/// The encoding of a `.rif` file's texts when it is not plain UTF-8, to hand to
/// [`RifReader::with_encoding`]: `forced` when given, or the one the XML declaration names
/// (when the bytes fit it), or the one detected when the bytes are not UTF-8. `None`: UTF-8
/// (a game with bytes that are not is read lossily and marked). `bytes` are the file's, or
/// its first bytes for a reader that streams it (cut after a `>`, so that no character is
/// cut in two).
///
/// ```
/// use renju_notation::rif::text_encoding;
/// let gbk = b"<?xml version=\"1.0\" encoding=\"GB2312\"?>\n<database><players>\
///     <player id=\"1\" name=\"\xcd\xf5\"/></players></database>";
/// assert_eq!(text_encoding(gbk, None).unwrap().name, "GBK");
/// assert!(text_encoding(b"<?xml version=\"1.0\"?><database/>", None).is_none());
/// ```
#[must_use]
pub fn text_encoding(
    bytes: &[u8],
    forced: Option<&'static encoding_rs::Encoding>,
) -> Option<crate::encoding::TextEncoding> {
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

/// Reads an attribute value: unescaped, UTF-8 decoded lossily; the flag says if bytes were
/// replaced.
fn attr_value(raw: &[u8], enc: Option<&'static encoding_rs::Encoding>) -> (String, bool) {
    let (s, lossy) = match (std::str::from_utf8(raw), enc) {
        (Ok(s), None) => (std::borrow::Cow::Borrowed(s), false),
        (_, Some(e)) => {
            let (t, lossy) = crate::encoding::decode_with(raw, e);
            (std::borrow::Cow::Owned(t), lossy)
        }
        (Err(_), None) => (String::from_utf8_lossy(raw), true),
    };
    let v = quick_xml::escape::unescape(&s).map_or_else(|_| s.to_string(), |c| c.into_owned());
    (v, lossy)
}

fn attrs_of(
    e: &BytesStart<'_>,
    enc: Option<&'static encoding_rs::Encoding>,
) -> (Vec<(String, String)>, bool) {
    let mut out = Vec::new();
    let mut lossy = false;
    for a in e.attributes().with_checks(false).flatten() {
        let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
        let (v, l) = attr_value(&a.value, enc);
        lossy |= l;
        out.push((key, v));
    }
    (out, lossy)
}

fn get<'a>(attrs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

impl<R: BufRead> RifReader<R> {
    /// A reader over `input`, naming `file` in its errors.
    pub fn new(input: R, file: &str, orientation: Orientation) -> RifReader<R> {
        let mut xml = quick_xml::Reader::from_reader(Limited {
            inner: input,
            count: 0,
            limit: crate::limits::MAX_XML_EVENT,
            skipped: 0,
            skipped_total: 0,
        });
        xml.config_mut().trim_text(true);
        RifReader {
            xml,
            buf: Vec::new(),
            tables: Tables::default(),
            file: file.to_string(),
            orientation,
            record: 0,
            pending: None,
            target: TextTarget::None,
            finished: false,
            encoding: None,
            root_seen: false,
        }
    }

    /// Decodes texts and attribute values in `encoding` (chosen by the caller from the XML
    /// declaration and the bytes, see [`crate::read_all`]) instead of UTF-8, and names it on
    /// every record.
    #[must_use]
    pub fn with_encoding(mut self, encoding: crate::encoding::TextEncoding) -> RifReader<R> {
        self.encoding = Some(encoding);
        self
    }

    fn decoder(&self) -> Option<&'static encoding_rs::Encoding> {
        self.encoding
            .as_ref()
            .map(crate::encoding::TextEncoding::encoding)
    }

    /// A byte offset of the parser made an offset in the file (adding what was skipped).
    fn offset(&self, parser: u64) -> u64 {
        parser + self.xml.get_ref().skipped_total
    }

    fn table_entry(&mut self, e: &BytesStart<'_>) {
        let t = &self.tables;
        if t.rules.len() + t.openings.len() + t.players.len() + t.tournaments.len()
            >= crate::limits::MAX_RIF_TABLE
        {
            // ids past the limit are kept as written
            return;
        }
        let (attrs, _) = attrs_of(e, self.decoder());
        let Some(id) = get(&attrs, "id").map(str::to_string) else {
            return;
        };
        match e.name().as_ref() {
            b"rule" => {
                if let Some(c) = get(&attrs, "category")
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                {
                    self.tables
                        .rule_categories
                        .insert(id.clone(), c.to_string());
                }
                if let Some(n) = get(&attrs, "name") {
                    self.tables.rules.insert(id, n.to_string());
                }
            }
            b"opening" => {
                let name = get(&attrs, "name")
                    .filter(|s| !s.is_empty())
                    .or_else(|| get(&attrs, "abbr"));
                if let Some(n) = name {
                    self.tables.openings.insert(id, n.to_string());
                }
            }
            b"player" => {
                let name = get(&attrs, "name").unwrap_or("").trim();
                let surname = get(&attrs, "surname").unwrap_or("").trim();
                let full = match (name.is_empty(), surname.is_empty()) {
                    (false, false) => format!("{name} {surname}"),
                    (false, true) => name.to_string(),
                    _ => surname.to_string(),
                };
                self.tables.players.insert(id, full);
            }
            b"tournament" => {
                let name = get(&attrs, "name").map(str::to_string);
                let start = get(&attrs, "start")
                    .filter(|s| *s != "0000-00-00" && !s.is_empty())
                    .map(str::to_string);
                self.tables.tournaments.insert(id, (name, start));
            }
            _ => {}
        }
    }

    fn finish_game(&mut self, p: Pending) -> Result<GameRecord, RecordError> {
        let err = |kind| RecordError::new(&self.file, self.record, Position::Byte(p.at), kind);
        if let Some(found) = p.too_large {
            return Err(err(ErrorKind::TooLarge {
                what: "a text of the game too long".into(),
                found,
                unit: "bytes",
                limit: crate::limits::MAX_XML_EVENT as u64,
            }));
        }
        let mut g = GameRecord::new(RENJU_SIZE);
        let mut swap_text: Option<String> = None;
        for (k, v) in &p.attrs {
            let v = v.clone();
            match k.as_str() {
                "id" => g.id = Some(v),
                "round" => g.round = Some(v),
                "rule" => {
                    if let Some(c) = self.tables.rule_categories.get(&v) {
                        g.tags.insert(RULE_CATEGORY_TAG.into(), c.clone());
                    }
                    g.rule = Some(self.tables.rules.get(&v).cloned().unwrap_or(v));
                }
                "opening" => g.opening = Some(self.tables.openings.get(&v).cloned().unwrap_or(v)),
                "black" => g.black = Some(self.tables.players.get(&v).cloned().unwrap_or(v)),
                "white" => g.white = Some(self.tables.players.get(&v).cloned().unwrap_or(v)),
                "tournament" => match self.tables.tournaments.get(&v) {
                    Some((name, start)) => {
                        g.event.clone_from(name);
                        g.date.clone_from(start);
                    }
                    None => g.event = Some(v),
                },
                "bresult" => {
                    g.result = match v.trim() {
                        "" => DeclaredResult::Unknown,
                        t => match t.parse::<f64>() {
                            Ok(1.0) => DeclaredResult::Black,
                            Ok(0.0) => DeclaredResult::White,
                            Ok(0.5) => DeclaredResult::Draw,
                            _ => {
                                return Err(err(ErrorKind::BadResult {
                                    found: excerpt(t),
                                    expected: "bresult 1, 0, 0.5 or empty",
                                }));
                            }
                        },
                    }
                }
                "alt" => {
                    let pts = parse_moves(&v, RENJU_SIZE, self.orientation)
                        .ok()
                        .and_then(|m| m.iter().map(|x| x.point()).collect::<Option<Vec<_>>>());
                    match pts {
                        Some(p) if !p.is_empty() => g.fifth_offers = p,
                        _ => {
                            g.tags.insert("alt".into(), v);
                        }
                    }
                }
                "swap" => swap_text = Some(v),
                _ => {
                    g.tags.insert(k.clone(), v);
                }
            }
        }
        if let Some(s) = swap_text {
            if !s.is_empty() && s.chars().all(|c| c == 'R' || c == '-') {
                g.swaps = s
                    .chars()
                    .map(|c| SwapDecision {
                        after_move: None,
                        swapped: c == 'R',
                    })
                    .collect();
            } else {
                g.tags.insert("swap".into(), s);
            }
        }
        if let Some(info) = p.info {
            g.tags.insert("info".into(), info);
        }
        if let Some(m) = p.moves {
            match parse_moves(&m, RENJU_SIZE, self.orientation) {
                Ok(mv) => g.moves = mv,
                Err(e) => {
                    return Err(err(ErrorKind::BadCoordinate {
                        token: e.token,
                        error: e.error,
                        size: e.size,
                    }));
                }
            }
        }
        g.encoding.clone_from(&self.encoding);
        if p.lossy && self.encoding.is_none() {
            g.tags.insert(
                crate::renju_line::ENCODING_TAG.into(),
                "invalid UTF-8 in this game; read lossily".into(),
            );
        }
        Ok(g)
    }
}

impl<R: BufRead> Iterator for RifReader<R> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.finished {
            self.buf.clear();
            self.xml.get_mut().reset();
            let before = self.offset(self.xml.buffer_position());
            let read = self.xml.read_event_into(&mut self.buf);
            let skipped = self.xml.get_ref().skipped;
            let event = match read {
                Ok(e) => e.into_owned(),
                Err(e) => {
                    self.finished = true;
                    let record = if self.pending.is_some() {
                        self.record
                    } else {
                        0
                    };
                    return Some(Err(RecordError::new(
                        &self.file,
                        record,
                        Position::Byte(self.offset(self.xml.error_position())),
                        ErrorKind::Syntax(e.to_string()),
                    )));
                }
            };
            if let Some(item) = self.on_event(event, before, skipped) {
                return Some(item);
            }
        }
        None
    }
}

impl<R: BufRead> RifReader<R> {
    /// Handles one XML event (read at offset `before`; `skipped` bytes of it were not kept
    /// because it is too large): a game read, an error, or nothing yet.
    fn on_event(
        &mut self,
        event: Event<'static>,
        before: u64,
        skipped: u64,
    ) -> Option<Result<GameRecord, RecordError>> {
        if let Event::Start(e) | Event::Empty(e) = &event
            && !self.root_seen
        {
            self.root_seen = true;
            if e.name().as_ref() != b"database" {
                self.finished = true;
                return Some(Err(RecordError::new(
                    &self.file,
                    0,
                    Position::Byte(before),
                    ErrorKind::WrongFormat(
                        "the root element is not <database>, so this is not a RenjuNet database",
                    ),
                )));
            }
        }
        match event {
            Event::Start(e) if e.name().as_ref() == b"game" => {
                return self.start_game(&e, before).map(Err);
            }
            Event::Empty(e) if e.name().as_ref() == b"game" => {
                self.record += 1;
                let p = self.pending_game(&e, before);
                return Some(self.finish_game(p));
            }
            Event::End(e) if e.name().as_ref() == b"game" => {
                self.target = TextTarget::None;
                if let Some(p) = self.pending.take() {
                    return Some(self.finish_game(p));
                }
            }
            Event::Start(e) if self.pending.is_some() => {
                self.target = match e.name().as_ref() {
                    b"move" => TextTarget::Move,
                    b"info" => TextTarget::Info,
                    _ => TextTarget::None,
                };
            }
            Event::End(_) if self.pending.is_some() => self.target = TextTarget::None,
            Event::Text(t) if self.pending.is_some() && self.target != TextTarget::None => {
                let (v, lossy) = attr_value(&t, self.decoder());
                self.add_text(v, lossy, skipped);
            }
            Event::CData(t) if self.pending.is_some() && self.target == TextTarget::Info => {
                let v = attr_value(&t, self.decoder()).0;
                self.add_text(v, false, skipped);
            }
            Event::Start(e) | Event::Empty(e) if self.pending.is_none() => self.table_entry(&e),
            Event::Eof => return self.at_eof(),
            _ => {}
        }
        None
    }

    /// A game not read yet: its attributes, where it starts.
    fn pending_game(&self, e: &BytesStart<'_>, before: u64) -> Pending {
        let (attrs, lossy) = attrs_of(e, self.decoder());
        Pending {
            at: before,
            too_large: None,
            attrs,
            moves: None,
            info: None,
            lossy,
        }
    }

    /// A `<game>` opens: its texts follow. A game still open is reported (the inner one is
    /// read).
    fn start_game(&mut self, e: &BytesStart<'_>, before: u64) -> Option<RecordError> {
        let p = self.pending_game(e, before);
        let unclosed = self.pending.replace(p);
        self.record += 1;
        let old = unclosed?;
        Some(RecordError::new(
            &self.file,
            self.record - 1,
            Position::Byte(old.at),
            ErrorKind::Unexpected {
                found: "<game> inside a game".into(),
                expected: "</game> before the next game",
            },
        ))
    }

    /// Adds text of the open game's `<move>` or `<info>` (the current target); a text past
    /// the limit is dropped and the game reported as too large.
    fn add_text(&mut self, v: String, lossy: bool, skipped: u64) {
        let target = self.target;
        let Some(p) = self.pending.as_mut() else {
            return;
        };
        p.lossy |= lossy;
        let kept = p.moves.as_ref().map_or(0, String::len) + p.info.as_ref().map_or(0, String::len);
        let size = (kept + v.len()) as u64 + skipped;
        if skipped > 0 || size > crate::limits::MAX_XML_EVENT as u64 {
            p.too_large = Some(size.max(p.too_large.unwrap_or(0)));
            p.moves = None;
            p.info = None;
            return;
        }
        let slot = if target == TextTarget::Move {
            &mut p.moves
        } else {
            &mut p.info
        };
        match slot {
            Some(s) => s.push_str(&v),
            None => *slot = Some(v),
        }
    }

    /// The end of the input: a file with no element, or a game never closed, is reported.
    fn at_eof(&mut self) -> Option<Result<GameRecord, RecordError>> {
        self.finished = true;
        if !self.root_seen {
            return Some(Err(RecordError::new(
                &self.file,
                0,
                Position::Byte(0),
                ErrorKind::WrongFormat("no XML element in the file: not a RenjuNet database"),
            )));
        }
        self.pending.take()?;
        Some(Err(RecordError::new(
            &self.file,
            self.record,
            Position::Byte(self.offset(self.xml.buffer_position())),
            ErrorKind::Truncated {
                expected: "</game>",
            },
        )))
    }
}

fn esc(s: &str) -> String {
    quick_xml::escape::escape(s)
        .replace('\n', "&#10;")
        .replace('\r', "&#13;")
        .replace('\t', "&#9;")
}

/// Whether `key` can be written by [`write_rif`] as a game attribute (a simple XML name that
/// is not one of the mapped attributes), or is the `info` tag.
#[must_use]
pub fn is_rif_tag(key: &str) -> bool {
    key == "info"
        || (!RESERVED.contains(&key)
            && key
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
}

/// Writes records as a `.rif` database, building the rule, opening, player and tournament
/// tables from the names the records carry.
#[must_use]
pub fn write_rif(records: &[GameRecord], orientation: Orientation) -> String {
    let mut tables = WriteTables::default();
    let mut games = String::new();
    for g in records {
        tables.write_game(g, orientation, &mut games);
    }
    let mut out =
        String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database version=\"1.0\">\n");
    tables.write(&mut out);
    out.push_str("<games>\n");
    out.push_str(&games);
    out.push_str("</games>\n</database>\n");
    out
}

/// The tables a database being written refers to: each name with its id (numbered from 1
/// in the order first met).
#[derive(Default)]
struct WriteTables<'a> {
    rules: BTreeMap<&'a str, usize>,
    /// A rule's category, from the first record of that rule that carries one.
    categories: BTreeMap<&'a str, &'a str>,
    openings: BTreeMap<&'a str, usize>,
    players: BTreeMap<&'a str, usize>,
    tours: BTreeMap<(Option<&'a str>, Option<&'a str>), usize>,
}

/// The id of `k` in `m`, a new one when it is not there yet.
fn id_of<K: Ord>(m: &mut BTreeMap<K, usize>, k: K) -> usize {
    let n = m.len() + 1;
    *m.entry(k).or_insert(n)
}

impl<'a> WriteTables<'a> {
    /// Writes one `<game>` element, its names entered in the tables.
    fn write_game(&mut self, g: &'a GameRecord, orientation: Orientation, games: &mut String) {
        games.push_str("<game");
        let mut attr = |k: &str, v: &str| games.push_str(&format!(" {k}=\"{}\"", esc(v)));
        if let Some(id) = &g.id {
            attr("id", id);
        }
        if g.event.is_some() || g.date.is_some() {
            let t = id_of(&mut self.tours, (g.event.as_deref(), g.date.as_deref()));
            attr("tournament", &t.to_string());
        }
        if let Some(r) = &g.round {
            attr("round", r);
        }
        if let Some(r) = &g.rule {
            attr("rule", &id_of(&mut self.rules, r.as_str()).to_string());
            if let Some(c) = g.tags.get(RULE_CATEGORY_TAG) {
                self.categories.entry(r.as_str()).or_insert(c.as_str());
            }
        }
        if let Some(p) = &g.black {
            attr("black", &id_of(&mut self.players, p.as_str()).to_string());
        }
        if let Some(p) = &g.white {
            attr("white", &id_of(&mut self.players, p.as_str()).to_string());
        }
        match g.result {
            DeclaredResult::Black => attr("bresult", "1"),
            DeclaredResult::White => attr("bresult", "0"),
            DeclaredResult::Draw => attr("bresult", "0.5"),
            DeclaredResult::Unknown => {}
        }
        if let Some(o) = &g.opening {
            attr(
                "opening",
                &id_of(&mut self.openings, o.as_str()).to_string(),
            );
        }
        if !g.fifth_offers.is_empty() {
            let m: Vec<Move> = g.fifth_offers.iter().map(|&p| Move::Stone(p)).collect();
            attr(
                "alt",
                &write_moves(&m, RENJU_SIZE, orientation, MoveStyle::Spaced),
            );
        } else if let Some(a) = g.tags.get("alt") {
            attr("alt", a);
        }
        if !g.swaps.is_empty() {
            let s: String = g
                .swaps
                .iter()
                .map(|s| if s.swapped { 'R' } else { '-' })
                .collect();
            attr("swap", &s);
        } else if let Some(a) = g.tags.get("swap") {
            attr("swap", a);
        }
        for (k, v) in &g.tags {
            if is_rif_tag(k) && k != "info" {
                attr(k, v);
            }
        }
        games.push_str(">\n<move>");
        games.push_str(&write_moves(
            &g.moves,
            RENJU_SIZE,
            orientation,
            MoveStyle::Spaced,
        ));
        games.push_str("</move>\n");
        if let Some(info) = g.tags.get("info") {
            games.push_str(&format!(
                "<info>{}</info>\n",
                quick_xml::escape::escape(info.as_str())
            ));
        }
        games.push_str("</game>\n");
    }

    /// Writes the rules, openings, players and tournaments tables.
    fn write(&self, out: &mut String) {
        let none = BTreeMap::new();
        write_table(out, "rules", "rule", &self.rules, &self.categories);
        write_table(out, "openings", "opening", &self.openings, &none);
        write_table(out, "players", "player", &self.players, &none);
        let mut tv: Vec<_> = self.tours.iter().collect();
        tv.sort_by_key(|(_, id)| **id);
        out.push_str("<tournaments>\n");
        for ((name, start), id) in tv {
            out.push_str(&format!("<tournament id=\"{id}\""));
            if let Some(n) = name {
                out.push_str(&format!(" name=\"{}\"", esc(n)));
            }
            if let Some(s) = start {
                out.push_str(&format!(" start=\"{}\"", esc(s)));
            }
            out.push_str("/>\n");
        }
        out.push_str("</tournaments>\n");
    }
}

/// A table `<name>` of `<elem id=".." name="..">` elements in id order, with the `category`
/// of those that have one.
fn write_table(
    out: &mut String,
    name: &str,
    elem: &str,
    m: &BTreeMap<&str, usize>,
    category: &BTreeMap<&str, &str>,
) {
    let mut v: Vec<(&&str, &usize)> = m.iter().collect();
    v.sort_by_key(|(_, id)| **id);
    out.push_str(&format!("<{name}>\n"));
    for (k, id) in v {
        out.push_str(&format!("<{elem} id=\"{id}\" name=\"{}\"", esc(k)));
        if let Some(c) = category.get(k) {
            out.push_str(&format!(" category=\"{}\"", esc(c)));
        }
        out.push_str("/>\n");
    }
    out.push_str(&format!("</{name}>\n"));
}
