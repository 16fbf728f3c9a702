//! SGF for gomoku and renju: `GM[4]` (FF4, ORC Game Center, RenLib, RenjuBase) with the
//! renju dialect (`5A` offered 5th moves, `SW` swaps, `RE` results, `B[]`/`B[tt]` passes,
//! `PB PW EV RO DT RU GN`), and `GM[5]` files written by Gomoku Quest, whose non-SGF lines
//! after the closing parenthesis are ignored. Letters count rows from the top by default.
//!
//! A file may hold many games; text between games is skipped. Only the main line (first
//! variation at each branch) of each game is read; the parser keeps no stack, so arbitrarily
//! deep variations cannot overflow it. Comments on moves are not kept.

use crate::error::{ErrorKind, RecordError, excerpt, line_col};
use crate::moves::{point_from, point_to};
use crate::record::{DeclaredResult, GameRecord, Orientation};
use crate::swap_slots;
use renju_core::{MAX_SIZE, MIN_SIZE, Move, Point, RENJU_SIZE};

/// Root properties the reader turns into record fields (everything else goes to `tags`).
const KNOWN: &[&str] = &[
    "C", "GM", "FF", "SZ", "PB", "PW", "EV", "RO", "DT", "RU", "RE", "5A", "SW", "B", "W",
];

/// An iterator over the games of an SGF text.
///
/// ```
/// use notation::{DeclaredResult, Orientation, sgf::SgfReader};
/// let text = "(;GM[4]SZ[15]PB[Ann]RE[W+Resign]5A[gg][hh];B[hh];W[hg](;B[jf])(;B[if]))";
/// let g = SgfReader::new(text, "a.sgf", Orientation::RowOneAtTop).next().unwrap().unwrap();
/// assert_eq!(g.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["h8", "h9", "j10"]);
/// assert_eq!((g.black.as_deref(), g.result), (Some("Ann"), DeclaredResult::White));
/// assert_eq!(g.fifth_offers.len(), 2);
/// ```
#[derive(Debug)]
pub struct SgfReader<'a> {
    text: std::borrow::Cow<'a, str>,
    at: usize,
    record: usize,
    file: String,
    orientation: Orientation,
}

impl<'a> SgfReader<'a> {
    /// A reader over `text`, naming `file` in its errors.
    #[must_use]
    pub fn new(text: &'a str, file: &str, orientation: Orientation) -> SgfReader<'a> {
        SgfReader::from_cow(std::borrow::Cow::Borrowed(text), file, orientation)
    }

    /// A reader over borrowed or owned text (the lossy decoding of a file is owned).
    pub(crate) fn from_cow(
        text: std::borrow::Cow<'a, str>,
        file: &str,
        orientation: Orientation,
    ) -> SgfReader<'a> {
        SgfReader {
            text,
            at: 0,
            record: 0,
            file: file.to_string(),
            orientation,
        }
    }

    /// The next `(` that opens a game tree (followed by optional space and `;`).
    fn next_game_start(&self) -> Option<usize> {
        let b = self.text.as_bytes();
        let mut i = self.at;
        while i < b.len() {
            if b[i] == b'(' {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j < b.len() && b[j] == b';' {
                    return Some(i);
                }
            }
            i += 1;
        }
        None
    }
}

/// One node's properties on the main line.
/// Properties of a node: id, values, byte offset of the id.
type Props = Vec<(String, Vec<String>, usize)>;

/// What a scan yields: the main-line nodes with their offsets, and the offset after the game.
type Scanned = (Vec<(usize, Props)>, usize);

/// Scans one game tree starting at `start` (`(`); returns the main-line nodes and the offset
/// after the game's closing `)`.
fn scan_game(text: &str, start: usize) -> Result<Scanned, (usize, ErrorKind)> {
    let b = text.as_bytes();
    let mut i = start;
    let mut depth: usize = 0;
    let mut main_depth: usize = 1;
    let mut main_active = true;
    let mut nodes: Vec<(usize, Props)> = Vec::new();
    let mut stored = 0usize;
    while i < b.len() {
        let c = b[i];
        match c {
            b'(' => {
                depth += 1;
                if depth > crate::limits::MAX_SGF_DEPTH {
                    return Err((
                        i,
                        ErrorKind::TooDeep {
                            limit: crate::limits::MAX_SGF_DEPTH,
                        },
                    ));
                }
                if main_active && depth == main_depth + 1 {
                    // the first variation continues the main line
                    main_depth = depth;
                }
                i += 1;
            }
            b')' => {
                if depth == 0 {
                    return Err((
                        i,
                        ErrorKind::Unexpected {
                            found: ")".into(),
                            expected: "'(' opening a game",
                        },
                    ));
                }
                if main_active && depth == main_depth {
                    main_active = false;
                }
                depth -= 1;
                i += 1;
                if depth == 0 {
                    return Ok((nodes, i));
                }
            }
            b';' => {
                let on_main = main_active && depth == main_depth;
                let node_at = i;
                i += 1;
                let mut props: Props = Vec::new();
                // properties
                loop {
                    while i < b.len() && b[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    let id_start = i;
                    while i < b.len() && b[i].is_ascii_alphanumeric() {
                        i += 1;
                    }
                    if id_start == i {
                        break;
                    }
                    let id = &text[id_start..i];
                    let mut values = Vec::new();
                    loop {
                        while i < b.len() && b[i].is_ascii_whitespace() {
                            i += 1;
                        }
                        if i >= b.len() || b[i] != b'[' {
                            break;
                        }
                        let (v, next) = read_value(text, i)?;
                        values.push(v);
                        i = next;
                    }
                    if values.is_empty() {
                        return Err((
                            i.min(b.len()),
                            ErrorKind::Unexpected {
                                found: excerpt(
                                    text.get(id_start..(id_start + 12).min(b.len()))
                                        .unwrap_or(""),
                                ),
                                expected: "a property value '[...]'",
                            },
                        ));
                    }
                    if on_main {
                        props.push((id.to_ascii_uppercase(), values, id_start));
                    }
                }
                if on_main {
                    stored += props.iter().map(|p| p.1.len() + 1).sum::<usize>();
                    nodes.push((node_at, props));
                    // bounded memory: no game needs more nodes or values than this
                    if nodes.len() > crate::limits::MAX_MOVES + 1 {
                        return Err((
                            node_at,
                            ErrorKind::TooLarge {
                                what: "game too long".into(),
                                found: nodes.len() as u64,
                                unit: "nodes",
                                limit: crate::limits::MAX_MOVES as u64 + 1,
                            },
                        ));
                    }
                    if stored > crate::limits::MAX_SGF_VALUES {
                        return Err((
                            node_at,
                            ErrorKind::TooLarge {
                                what: "game with too many properties".into(),
                                found: stored as u64,
                                unit: "values",
                                limit: crate::limits::MAX_SGF_VALUES as u64,
                            },
                        ));
                    }
                }
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let end = text[i..]
                    .char_indices()
                    .nth(8)
                    .map_or(text.len(), |(k, _)| i + k);
                return Err((
                    i,
                    ErrorKind::Unexpected {
                        found: excerpt(&text[i..end]),
                        expected: "';', '(' or ')'",
                    },
                ));
            }
        }
    }
    Err((
        b.len(),
        ErrorKind::Truncated {
            expected: "')' closing the game",
        },
    ))
}

/// Reads `[value]` at `i` (which is `[`), unescaping `\`; returns the value and the offset after `]`.
fn read_value(text: &str, i: usize) -> Result<(String, usize), (usize, ErrorKind)> {
    let mut out = String::new();
    let mut chars = text[i + 1..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '\\' => {
                if let Some((_, n)) = chars.next()
                    && n != '\n'
                    && n != '\r'
                {
                    out.push(n);
                }
            }
            ']' => return Ok((out, i + 1 + k + 1)),
            _ => out.push(c),
        }
    }
    Err((
        i,
        ErrorKind::Truncated {
            expected: "']' closing a property value",
        },
    ))
}

fn sgf_point(v: &str, size: u8, orientation: Orientation) -> Option<Option<Point>> {
    let v = v.trim();
    if v.is_empty() || (size <= 19 && v == "tt") || (size <= 15 && v == "pp") {
        return Some(None);
    }
    let b = v.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return None;
    }
    point_from(
        u32::from(b[0] - b'a'),
        u32::from(b[1] - b'a'),
        size,
        orientation,
    )
    .map(Some)
}

fn sgf_coord(p: Point, size: u8, orientation: Orientation) -> String {
    let (c, r) = point_to(p, size, orientation);
    format!(
        "{}{}",
        char::from(b'a' + c as u8),
        char::from(b'a' + r as u8)
    )
}

/// The `RE` value [`write_sgf`] writes for a result.
fn canonical_result(r: DeclaredResult) -> Option<&'static str> {
    match r {
        DeclaredResult::Black => Some("B+"),
        DeclaredResult::White => Some("W+"),
        DeclaredResult::Draw => Some("Draw"),
        DeclaredResult::Unknown => None,
    }
}

/// Reads an SGF `RE` value: `B+...`, `W+...`, `Draw`/`0`/`B+Draw`; `None` when it says
/// nothing the record can hold (`?`, `Void`, other words).
#[must_use]
pub fn parse_sgf_result(v: &str) -> Option<DeclaredResult> {
    let t = v.trim();
    let lower = t.to_ascii_lowercase();
    if lower.contains("draw") || lower == "0" || lower == "jigo" {
        Some(DeclaredResult::Draw)
    } else if lower.starts_with("b+") {
        Some(DeclaredResult::Black)
    } else if lower.starts_with("w+") {
        Some(DeclaredResult::White)
    } else {
        None
    }
}

impl SgfReader<'_> {
    fn build(&self, nodes: Vec<(usize, Props)>) -> Result<GameRecord, (usize, ErrorKind)> {
        let mut size = RENJU_SIZE;
        if let Some((at, root)) = nodes.first()
            && let Some((_, v, _)) = root.iter().find(|(k, _, _)| k == "SZ")
        {
            {
                let s = v[0].trim();
                let (w, h) = s.split_once(':').unwrap_or((s, s));
                let (w, h) = (
                    w.trim().parse::<u32>().unwrap_or(0),
                    h.trim().parse::<u32>().unwrap_or(0),
                );
                if w != h || w < u32::from(MIN_SIZE) || w > u32::from(MAX_SIZE) {
                    return Err((
                        *at,
                        ErrorKind::BadBoardSize {
                            width: w,
                            height: h,
                        },
                    ));
                }
                size = w as u8;
            }
        }
        let mut g = GameRecord::new(size);
        let mut swaps: Vec<bool> = Vec::new();
        for (n, (_, props)) in nodes.iter().enumerate() {
            let mut comment: Option<&str> = None;
            for (id, values, at) in props {
                let first = values[0].clone();
                match id.as_str() {
                    "C" => comment = Some(values[0].as_str()),
                    "B" | "W" if values.len() == 1 => {
                        let Some(p) = sgf_point(&first, size, self.orientation) else {
                            return Err((
                                *at,
                                ErrorKind::Unexpected {
                                    found: excerpt(&first),
                                    expected: "a two-letter point on the board, '' or 'tt' for a pass",
                                },
                            ));
                        };
                        let black_to_move = g.moves.len().is_multiple_of(2);
                        if (id == "B") != black_to_move {
                            g.moves.push(Move::Pass);
                        }
                        g.moves.push(p.map_or(Move::Pass, Move::Stone));
                    }
                    _ if n > 0 => {}
                    "SZ" | "FF" => {}
                    "GM" => {
                        if first.trim() != "4" {
                            g.tags.insert("GM".into(), first.trim().to_string());
                        }
                    }
                    "PB" => g.black = Some(first),
                    "PW" => g.white = Some(first),
                    "EV" => g.event = Some(first),
                    "RO" => g.round = Some(first),
                    "DT" => g.date = Some(first),
                    "RU" => g.rule = Some(first),
                    "RE" => {
                        // The result goes to `result`; a wording other than the one the
                        // writer would use (`B+Resign`, `?`) is also kept in tag `RE`.
                        if let Some(r) = parse_sgf_result(&first) {
                            g.result = r;
                        }
                        if Some(first.as_str()) != canonical_result(g.result) {
                            g.tags.insert("RE".into(), first);
                        }
                    }
                    "5A" => {
                        let pts: Option<Vec<Point>> = values
                            .iter()
                            .map(|v| sgf_point(v, size, self.orientation).flatten())
                            .collect();
                        match pts {
                            Some(p) => g.fifth_offers = p,
                            None => {
                                g.tags.insert("5A".into(), values.join("]["));
                            }
                        }
                    }
                    "SW" => {
                        for v in values {
                            match v.trim().to_ascii_uppercase().as_str() {
                                "NO" | "N" | "-" | "0" => swaps.push(false),
                                "YES" | "Y" | "R" | "1" | "SWAP" => swaps.push(true),
                                _ => {
                                    return Err((
                                        *at,
                                        ErrorKind::Unexpected {
                                            found: excerpt(v),
                                            expected: "SW[NO] or SW[YES]",
                                        },
                                    ));
                                }
                            }
                        }
                    }
                    _ => {
                        g.tags.insert(id.clone(), values.join("]["));
                    }
                }
            }
            if let Some(c) = comment {
                g.tags.insert(comment_key(g.moves.len()), c.to_string());
            }
        }
        if g.rule.is_none()
            && let Some(gn) = g.tags.get("GN")
            && let Some((_, r)) = gn.rsplit_once(':')
            && let Some(name) = r.trim().strip_suffix(" rule")
        {
            g.rule = Some(name.trim().to_string());
        }
        let slots = swap_slots(g.rule.as_deref(), swaps.len());
        g.swaps = swaps
            .into_iter()
            .zip(slots)
            .map(|(swapped, after_move)| crate::SwapDecision {
                after_move,
                swapped,
            })
            .collect();
        Ok(g)
    }
}

impl Iterator for SgfReader<'_> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let start = self.next_game_start()?;
        self.record += 1;
        let result = scan_game(&self.text, start).and_then(|(nodes, end)| {
            self.at = end;
            self.build(nodes)
        });
        Some(result.map_err(|(at, kind)| {
            if matches!(kind, ErrorKind::Truncated { .. }) {
                // Unclosed to the end (a game or a value): every later '(' lies inside this
                // game, so there is nothing more to read. Resuming at the next
                // line instead would rescan the rest of the file once per line.
                self.at = self.text.len();
            } else if self.at <= start {
                // skip this game: resume after the place of the error (everything before it
                // was read as part of this game; resuming earlier would rescan it)
                self.at = (start + 1).max(at.min(self.text.len()));
                while !self.text.is_char_boundary(self.at) {
                    self.at += 1;
                }
                // and past the rest of a broken game, to the next game start
                if let Some(next) = self.text[self.at..].find("\n(") {
                    self.at += next + 1;
                } else {
                    self.at = self.text.len();
                }
            }
            RecordError::new(&self.file, self.record, line_col(&self.text, at), kind)
        }))
    }
}

/// The tag holding the comment after `moves` moves (`comment` for the root, `comment@K`
/// after move K), as in [`crate::renlib`].
#[must_use]
pub fn comment_key(moves: usize) -> String {
    if moves == 0 {
        "comment".to_string()
    } else {
        format!("comment@{moves}")
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes records as an SGF collection (`GM[4]`, one game per `(;...)`, one line each).
/// Tags whose keys are SGF property names (upper-case letters and digits) are written as root
/// properties; the others cannot be held (see [`crate::write`](fn@crate::write)'s report).
#[must_use]
pub fn write_sgf(records: &[GameRecord], orientation: Orientation) -> String {
    let mut out = String::new();
    for g in records {
        let size = g.board_size.clamp(MIN_SIZE, MAX_SIZE);
        let gm = g.tags.get("GM").map_or("4", String::as_str);
        out.push_str(&format!("(;GM[{}]FF[4]SZ[{size}]", escape(gm)));
        let mut prop = |id: &str, v: &Option<String>| {
            if let Some(v) = v {
                out.push_str(&format!("{id}[{}]", escape(v)));
            }
        };
        prop("PB", &g.black);
        prop("PW", &g.white);
        prop("EV", &g.event);
        prop("RO", &g.round);
        prop("DT", &g.date);
        prop("RU", &g.rule);
        // A kept wording of the result is written when it says the same as `result`.
        match g.tags.get("RE") {
            Some(raw) if parse_sgf_result(raw).unwrap_or(DeclaredResult::Unknown) == g.result => {
                out.push_str(&format!("RE[{}]", escape(raw)));
            }
            _ => {
                if let Some(re) = canonical_result(g.result) {
                    out.push_str(&format!("RE[{re}]"));
                }
            }
        }
        if !g.fifth_offers.is_empty() {
            out.push_str("5A");
            for p in &g.fifth_offers {
                out.push_str(&format!("[{}]", sgf_coord(*p, size, orientation)));
            }
        }
        if !g.swaps.is_empty() {
            out.push_str("SW");
            for s in &g.swaps {
                out.push_str(if s.swapped { "[YES]" } else { "[NO]" });
            }
        }
        for (k, v) in &g.tags {
            if is_sgf_tag(k) && k != "GM" && k != "RE" {
                out.push_str(&format!("{k}[{}]", escape(v)));
            }
        }
        if let Some(c) = g.tags.get("comment") {
            out.push_str(&format!("C[{}]", escape(c)));
        }
        for (i, mv) in g.moves.iter().enumerate() {
            let c = if i % 2 == 0 { 'B' } else { 'W' };
            match mv {
                Move::Pass => out.push_str(&format!(";{c}[]")),
                Move::Stone(p) => {
                    out.push_str(&format!(";{c}[{}]", sgf_coord(*p, size, orientation)))
                }
            }
            if let Some(c) = g.tags.get(&comment_key(i + 1)) {
                out.push_str(&format!("C[{}]", escape(c)));
            }
        }
        out.push_str(")\n");
    }
    out
}

/// Whether a tag key can be written as an SGF root property by [`write_sgf`].
#[must_use]
pub fn is_sgf_tag(k: &str) -> bool {
    !k.is_empty()
        && k.len() <= 8
        && k.bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        && k.bytes().next().is_some_and(|b| b.is_ascii_uppercase())
        && !KNOWN.contains(&k)
        || k == "RE"
        || k == "5A"
        || k == "GM"
}
