//! `validate --html FILE.html`: one self-contained page an arbiter can look at.
//!
//! The page holds a summary (counts, ends, findings, settings, time, with bar charts) and a
//! table of every record whose verdict is not `ok`, sortable and filterable by verdict and
//! finding. Each flagged record is one `<tbody data-record="FILE:INDEX">` element; under its
//! row a board at the decisive or offending move (stones numbered, the foul point marked with
//! its kind, the five highlighted, the explanation tree beside it) with a move-by-move replay
//! (buttons, and the arrow keys when the record has the focus).
//!
//! **Scale.** Boards are not embedded: each record carries its moves as compact text in one
//! JSON block, and the page's small script ([`SCRIPT`]) draws a board as SVG only when its
//! record scrolls into view. No network, no external assets.
//!
//! **Escaping.** Every text from a record (file names, ids, details, trees) is written either
//! HTML-escaped ([`escape_html`]) into the markup or inside the JSON block with `<`, `>`, `&`
//! and the JavaScript line separators escaped ([`json_for_script`]); the script only ever sets
//! `textContent`, never markup.
//!
//! This module renders; it does not audit. [`Flagged::from_audit`] turns an audited record
//! into its typed input, and [`write_page`] writes the page.

use crate::engine::Engine;
use crate::input::walk_paths;
use crate::style::thousands;
use crate::validate::{
    Audited, Options, Progress, ReportWriter, Row, RunError, Summary, audit_entries,
};
use renju_analyzer::{End, Finding, GameAudit, GameVerdict, IllegalKind, explain_move};
use renju_core::{Board, Color, Direction, Foul, Move, Point, RuleSet};
use renju_notation::GameRecord;
use serde::Serialize;
use std::io::{self, Write};
use std::path::PathBuf;

/// The page's style sheet.
pub const STYLE: &str = include_str!("html/report.css");
/// The page's script: sorting, filtering, drawing boards, replay.
pub const SCRIPT: &str = include_str!("html/report.js");
/// At most this many flagged records get a row and a board; the page says how many more
/// there were (the CSV report lists every record).
pub const MAX_RECORDS: usize = 20_000;

/// The run as a whole, for the page's summary.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Totals {
    /// The settings, in words.
    pub settings: String,
    /// Files audited.
    pub files: usize,
    /// Records read (rows of the CSV report).
    pub records: usize,
    /// Records that could not be read.
    pub unreadable: usize,
    /// Records read but not audited because of `--sample`.
    pub not_sampled: usize,
    /// Rows per verdict, in report order.
    pub verdicts: Vec<(String, usize)>,
    /// Rows per end, in report order.
    pub ends: Vec<(String, usize)>,
    /// Findings per kind.
    pub findings: Vec<(String, usize)>,
    /// Files that could not be read at all: path and reason.
    pub file_problems: Vec<(String, String)>,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Worker threads used.
    pub jobs: usize,
}

/// What marks the point of the decisive or offending move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// A Black foul of this kind.
    Foul(Foul),
    /// A stone put on a point already holding one.
    Occupied,
}

impl MarkKind {
    /// The label shown beside the point: `double-three`, `double-four`, `overline`,
    /// `occupied`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MarkKind::Foul(f) => f.name(),
            MarkKind::Occupied => "occupied",
        }
    }
}

/// A marked point on a flagged record's board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// The point.
    pub point: Point,
    /// What it is.
    pub kind: MarkKind,
}

/// The board of a flagged record: the moves that can be replayed and where to stop first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    /// The board side.
    pub size: u8,
    /// The moves that can be replayed (for an illegal record, the ones before the offending
    /// move).
    pub moves: Vec<Move>,
    /// How many moves the board shows first: the decisive move included, or every move
    /// before the offending one.
    pub focus: usize,
    /// The foul point or the offending point, with its kind.
    pub mark: Option<Mark>,
    /// The winning row's stones, when the game ended with a five.
    pub five: Vec<Point>,
    /// The move that made the five (the row is highlighted from there on).
    pub five_move: Option<usize>,
    /// The foul's explanation tree ([`renju_core::Explanation::to_tree`]).
    pub explanation: Option<String>,
}

/// One record whose verdict is not `ok`: the page's typed input per record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flagged {
    /// The file, as found.
    pub file: String,
    /// 1-based index of the record within the file.
    pub index: usize,
    /// The record's own id, empty when it has none.
    pub id: String,
    /// The verdict (never `ok`).
    pub verdict: GameVerdict,
    /// The report's detail sentence.
    pub detail: String,
    /// The kinds of the findings, as the report's `findings` column lists them.
    pub findings: Vec<String>,
    /// Moves in the record, passes counted.
    pub moves: usize,
    /// The board, `None` for a record that could not be read or whose board side is not
    /// supported.
    pub board: Option<BoardView>,
}

impl Flagged {
    /// The typed input for a report row, with the board of its record (`None` for a record
    /// that could not be read).
    #[must_use]
    pub fn from_row(row: &Row, board: Option<BoardView>) -> Flagged {
        Flagged {
            file: row.file.clone(),
            index: row.index,
            id: row.id.clone(),
            verdict: row.verdict,
            detail: row.detail.clone(),
            findings: row
                .findings
                .0
                .iter()
                .map(|k| k.name().to_string())
                .collect(),
            moves: row.moves,
            board,
        }
    }

    /// The typed input for an audited record: its report row and [`BoardView::of`].
    ///
    /// ```
    /// use renju_analyzer::{audit, GameVerdict, Settings};
    /// use corpus_tool::html::{Flagged, MarkKind};
    /// use renju_notation::GameRecord;
    /// use renju_core::{Foul, Move};
    /// let mut record = GameRecord::new(15);
    /// // j8 makes two open threes and the record stops: White's claim, a double-three foul.
    /// record.moves = "h8 h9 i8 b2 j9 b14 j10 n14 j8".split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// record.result = renju_notation::DeclaredResult::Black;
    /// let a = audit(&record, &Settings::default());
    /// let f = Flagged::from_audit("g.renju", 1, &record, &a);
    /// assert_eq!(f.verdict, GameVerdict::ResultMismatch);
    /// assert_eq!(f.findings, ["result-mismatch"]);
    /// let board = f.board.unwrap();
    /// assert_eq!(board.focus, 9);
    /// assert_eq!(board.mark.unwrap().kind, MarkKind::Foul(Foul::DoubleThree));
    /// assert!(board.explanation.unwrap().contains("double-three"));
    /// ```
    #[must_use]
    pub fn from_audit(file: &str, index: usize, record: &GameRecord, audit: &GameAudit) -> Flagged {
        Flagged::from_row(
            &Row::audited(file, index, record, audit),
            BoardView::of(record, audit),
        )
    }

    /// The value of the `data-record` attribute: `FILE:INDEX`.
    #[must_use]
    pub fn key(&self) -> String {
        format!("{}:{}", self.file, self.index)
    }
}

impl BoardView {
    /// The board of an audited record: it stops at the offending move (an illegal record),
    /// the decisive move (a result mismatch, a foul that ended the game), or the move of the
    /// first finding (a warning). `None` when the board side is not supported.
    #[must_use]
    pub fn of(record: &GameRecord, audit: &GameAudit) -> Option<BoardView> {
        board_view(record, audit)
    }
}

fn foul_mark(
    record: &GameRecord,
    audit: &GameAudit,
    number: usize,
    point: Point,
    foul: Foul,
) -> (Option<Mark>, Option<String>) {
    let tree = explain_move(record, &audit.settings, number).map(|e| e.to_tree());
    (
        Some(Mark {
            point,
            kind: MarkKind::Foul(foul),
        }),
        tree,
    )
}

fn board_view(record: &GameRecord, audit: &GameAudit) -> Option<BoardView> {
    let size = record.board_size;
    Board::new(usize::from(size)).ok()?;
    let point_of = |n: usize| {
        n.checked_sub(1)
            .and_then(|i| record.moves.get(i))
            .and_then(|m| m.point())
    };
    let mut moves = record.moves.clone();
    let (focus, mark, explanation) = if let Some(i) = &audit.illegal {
        let before = i.number.saturating_sub(1).min(moves.len());
        moves.truncate(before);
        let (mark, tree) = match &i.kind {
            IllegalKind::Occupied { point, .. } => (
                Some(Mark {
                    point: *point,
                    kind: MarkKind::Occupied,
                }),
                None,
            ),
            IllegalKind::Forbidden { point, foul } => {
                foul_mark(record, audit, i.number, *point, *foul)
            }
            _ => (None, None),
        };
        (before, mark, tree)
    } else {
        let end_focus = || {
            let n = audit.end_move.unwrap_or(moves.len());
            match (audit.end, point_of(n)) {
                (End::Foul(f), Some(p)) => {
                    let (m, t) = foul_mark(record, audit, n, p, f);
                    (n, m, t)
                }
                _ => (n, None, None),
            }
        };
        let first = audit.findings.first();
        match first {
            _ if audit.verdict() == GameVerdict::ResultMismatch => end_focus(),
            Some(Finding::LapsedFoul {
                number,
                point,
                foul,
            }) => {
                let (m, t) = foul_mark(record, audit, *number, *point, *foul);
                (*number, m, t)
            }
            Some(Finding::UnclaimedOverline { number, point }) => {
                let (m, t) = foul_mark(record, audit, *number, *point, Foul::Overline);
                (*number, m, t)
            }
            Some(Finding::MovesAfterEnd { .. }) | None => end_focus(),
            Some(Finding::FirstMoveOffCentre(_)) => (1.min(moves.len()), None, None),
            Some(Finding::NotAnOpening(_) | Finding::OpeningProtocol(_)) => {
                (3.min(moves.len()), None, None)
            }
            Some(_) => end_focus(),
        }
    };
    let (five, five_move) = match (audit.end, audit.end_move, audit.illegal.is_none()) {
        (End::BlackFive | End::WhiteFive, Some(n), true) => {
            (five_stones(record, audit.settings.rules, n), Some(n))
        }
        _ => (Vec::new(), None),
    };
    Some(BoardView {
        size,
        moves,
        focus: focus.min(record.moves.len()),
        mark,
        five,
        five_move,
        explanation,
    })
}

/// The stones of the winning row made by move `n` (1-based) of `record`: every row of five
/// or more through it (for Black under renju rules, exactly five).
fn five_stones(record: &GameRecord, rules: RuleSet, n: usize) -> Vec<Point> {
    let Ok(mut board) = Board::new(usize::from(record.board_size)) else {
        return Vec::new();
    };
    let mut last = None;
    for (i, m) in record.moves.iter().take(n).enumerate() {
        if let Move::Stone(p) = m {
            if board.place(*p, Color::of_move_number(i + 1)).is_err() {
                return Vec::new();
            }
            last = Some(*p);
        }
    }
    let (Some(p), color) = (last, Color::of_move_number(n)) else {
        return Vec::new();
    };
    let size = board.size();
    let exact = color == Color::Black && rules == RuleSet::Renju;
    let mut out = Vec::new();
    for d in Direction::ALL {
        let (dc, dr) = d.step();
        let mut run = vec![p];
        for sign in [1, -1] {
            let mut k = 1;
            while let Some(q) = p.offset(sign * dc * k, sign * dr * k, size) {
                if board.get(q) != Some(color) {
                    break;
                }
                run.push(q);
                k += 1;
            }
        }
        if run.len() == 5 || (!exact && run.len() > 5) {
            out.extend(run);
        }
    }
    out.sort_by_key(|q| (q.row(), q.col()));
    out.dedup();
    out
}

/// The whole page: the summary, the flagged records, and how many more were left out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Page {
    /// The run's totals.
    pub totals: Totals,
    /// The flagged records, in report order (at most [`MAX_RECORDS`]).
    pub records: Vec<Flagged>,
    /// Flagged records beyond [`MAX_RECORDS`], not on the page.
    pub left_out: usize,
}

impl Page {
    /// Adds a flagged record, or counts it as left out once the page is full.
    pub fn push(&mut self, record: Flagged) {
        if self.records.len() < MAX_RECORDS {
            self.records.push(record);
        } else {
            self.left_out += 1;
        }
    }

    /// Whether the next record would be left out (so the caller can skip building it).
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.records.len() >= MAX_RECORDS
    }

    /// Adds an audited record when it is flagged ([`is_flagged`]), with the board its
    /// audit's worker made ([`board_if_flagged`]), or made here (a record flagged only by a
    /// `--missed-wins` finding).
    pub fn add(&mut self, a: &Audited<'_, Option<BoardView>>) {
        if !is_flagged(a.row) {
            return;
        }
        if self.is_full() {
            self.left_out += 1;
            return;
        }
        let mut board = a
            .extra
            .cloned()
            .flatten()
            .or_else(|| match (a.record, a.audit) {
                (Some(r), Some(au)) => BoardView::of(r, au),
                _ => None,
            });
        if let (Some(b), Some(first)) = (board.as_mut(), a.row.missed.first()) {
            // flagged only by a missed win: the board before the move that missed it (or the
            // final board)
            if a.audit
                .is_some_and(|au| au.verdict() == GameVerdict::Ok && au.findings.is_empty())
            {
                b.focus = first
                    .move_number()
                    .map_or(b.moves.len(), |n| n.saturating_sub(1))
                    .min(b.moves.len());
            }
            // the VCF lines in words beside the board, when no foul tree is there
            if b.explanation.is_none() {
                let lines: Vec<String> = a.row.missed.iter().map(ToString::to_string).collect();
                b.explanation = Some(lines.join("\n"));
            }
        }
        self.push(Flagged::from_row(a.row, board));
    }
}

/// Text made safe for HTML markup and quoted attribute values: `&`, `<`, `>`, `'` and `"`
/// escaped, by the workspace's one XML/HTML escaper (`quick_xml::escape::escape`).
///
/// ```
/// use corpus_tool::html::escape_html;
/// assert_eq!(escape_html("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
/// ```
#[must_use]
pub fn escape_html(text: &str) -> String {
    quick_xml::escape::escape(text).into_owned()
}

/// A value as JSON that can sit inside `<script type="application/json">`: `<`, `>` and `&`
/// (so no `</script>` or `<!--` can appear) and U+2028/U+2029 are written as `\u` escapes.
/// These characters only occur inside JSON strings, where the escapes mean the same.
///
/// # Errors
/// A value serde cannot write as JSON.
///
/// ```
/// use corpus_tool::html::json_for_script;
/// let j = json_for_script(&["</script><script>alert(1)</script>"]).unwrap();
/// assert!(!j.contains('<'));
/// let back: Vec<String> = serde_json::from_str(&j).unwrap();
/// assert_eq!(back[0], "</script><script>alert(1)</script>");
/// ```
pub fn json_for_script<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let raw = serde_json::to_string(value)?;
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    Ok(out)
}

/// A record's board as the script reads it (short keys: the page holds thousands).
#[derive(Serialize)]
struct BoardData<'a> {
    /// Board side.
    s: u8,
    /// Moves, space separated, `--` for a pass.
    m: String,
    /// Focus: moves shown first.
    f: usize,
    /// Marked point and its kind.
    x: Option<(String, &'static str)>,
    /// Five stones, space separated, and the move that made them.
    v: Option<(String, usize)>,
    /// Explanation tree.
    t: Option<&'a str>,
}

fn board_data(b: &BoardView) -> BoardData<'_> {
    let join = |it: &mut dyn Iterator<Item = String>| it.collect::<Vec<_>>().join(" ");
    BoardData {
        s: b.size,
        m: join(&mut b.moves.iter().map(ToString::to_string)),
        f: b.focus,
        x: b.mark.map(|m| (m.point.to_string(), m.kind.name())),
        v: b.five_move
            .map(|n| (join(&mut b.five.iter().map(ToString::to_string)), n)),
        t: b.explanation.as_deref(),
    }
}

/// One bar chart: a labelled bar per entry, widths relative to the largest.
fn chart(out: &mut String, title: &str, entries: &[(String, usize)]) {
    let max = entries.iter().map(|e| e.1).max().unwrap_or(0).max(1);
    out.push_str(&format!(
        "<figure class=\"chart\"><figcaption>{}</figcaption>",
        escape_html(title)
    ));
    if entries.is_empty() {
        out.push_str("<p class=\"none\">none</p>");
    }
    for (name, n) in entries {
        let width = (*n as f64 / max as f64 * 100.0).max(if *n > 0 { 0.5 } else { 0.0 });
        out.push_str(&format!(
            "<div class=\"bar\" data-kind=\"{k}\"><span class=\"label\">{k}</span>\
             <span class=\"track\"><span class=\"fill\" style=\"width:{width:.1}%\"></span></span>\
             <span class=\"n\">{}</span></div>",
            thousands(*n),
            k = escape_html(name),
        ));
    }
    out.push_str("</figure>");
}

fn summary(out: &mut String, page: &Page) {
    let t = &page.totals;
    let flagged = page.records.len() + page.left_out;
    out.push_str("<section id=\"summary\"><h1>Audit report</h1><dl class=\"facts\">");
    let mut fact = |k: &str, v: String| {
        out.push_str(&format!(
            "<dt>{}</dt><dd>{}</dd>",
            escape_html(k),
            escape_html(&v)
        ));
    };
    fact("settings", t.settings.clone());
    fact("files", thousands(t.files));
    fact(
        "records",
        // in the words of the text summary
        if t.not_sampled > 0 {
            format!(
                "{} read, {} audited, {} not sampled (no row), {} unreadable",
                thousands(t.records + t.not_sampled),
                thousands(t.records),
                thousands(t.not_sampled),
                thousands(t.unreadable)
            )
        } else {
            format!(
                "{} read, {} unreadable",
                thousands(t.records.saturating_sub(t.unreadable)),
                thousands(t.unreadable)
            )
        },
    );
    fact(
        "flagged",
        format!(
            "{} (a verdict other than ok, or a finding)",
            thousands(flagged)
        ),
    );
    fact(
        "time",
        format!(
            "{:.2} s with {} job{}",
            t.seconds,
            t.jobs,
            if t.jobs == 1 { "" } else { "s" }
        ),
    );
    out.push_str("</dl><div class=\"charts\">");
    chart(out, "verdicts", &t.verdicts);
    chart(out, "ends", &t.ends);
    chart(out, "findings", &t.findings);
    out.push_str("</div>");
    if !t.file_problems.is_empty() {
        out.push_str("<h2>Files not audited</h2><ul class=\"problems\">");
        for (file, why) in &t.file_problems {
            out.push_str(&format!(
                "<li>{}: {}</li>",
                escape_html(file),
                escape_html(why)
            ));
        }
        out.push_str("</ul>");
    }
    if page.left_out > 0 {
        out.push_str(&format!(
            "<p class=\"left-out\">The page shows the first {} flagged records; {} more are in the CSV report only.</p>",
            thousands(page.records.len()),
            thousands(page.left_out)
        ));
    }
    out.push_str("</section>");
}

const COLUMNS: [&str; 7] = [
    "file", "index", "id", "verdict", "detail", "findings", "moves",
];

/// One record's `<tbody>`; `kinds`: every finding kind on the page, sorted (the filter's
/// options; a record lists the numbers of its kinds, so no kind text needs splitting).
fn record_markup(out: &mut String, i: usize, r: &Flagged, kinds: &[&str]) {
    let cell = |s: &str| format!("<td>{}</td>", escape_html(s));
    let numbers: Vec<String> = r
        .findings
        .iter()
        .filter_map(|k| kinds.binary_search(&k.as_str()).ok())
        .map(|n| n.to_string())
        .collect();
    out.push_str(&format!(
        "<tbody class=\"rec\" tabindex=\"0\" data-record=\"{}\" data-i=\"{i}\" data-verdict=\"{}\" data-findings=\"{}\">\
         <tr class=\"row\">",
        escape_html(&r.key()),
        r.verdict.name(),
        numbers.join(" "),
    ));
    out.push_str(&cell(&r.file));
    out.push_str(&format!("<td class=\"num\">{}</td>", r.index));
    out.push_str(&cell(&r.id));
    out.push_str(&format!(
        "<td class=\"verdict v-{0}\">{0}</td>",
        r.verdict.name()
    ));
    out.push_str(&cell(&r.detail));
    out.push_str(&cell(&r.findings.join(" ")));
    out.push_str(&format!("<td class=\"num\">{}</td>", r.moves));
    out.push_str(&format!(
        "</tr><tr class=\"detail\"><td colspan=\"{}\"><div class=\"view\"></div></td></tr></tbody>",
        COLUMNS.len()
    ));
}

/// Writes the page for `page` to `out`, flushed.
///
/// # Errors
/// The first write error.
///
/// ```
/// use corpus_tool::html::{Flagged, Page, write_page};
/// use corpus_tool::validate::Row;
/// let mut page = Page::default();
/// let row = Row::unreadable("a<b>.renju", 2, "a<b>.renju: record 2: bad line".into());
/// page.push(Flagged::from_row(&row, None));
/// let mut out = Vec::new();
/// write_page(&page, &mut out).unwrap();
/// let html = String::from_utf8(out).unwrap();
/// assert!(html.contains("data-record=\"a&lt;b&gt;.renju:2\""));
/// assert!(!html.contains("a<b>"));
/// ```
pub fn write_page<W: Write>(page: &Page, mut out: W) -> io::Result<()> {
    let mut head = String::with_capacity(64 << 10);
    head.push_str(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\
         <title>renju-kit audit report</title><style>",
    );
    head.push_str(STYLE);
    head.push_str("</style></head><body>");
    summary(&mut head, page);
    // the filter options: every verdict and finding kind present
    let mut verdicts: Vec<GameVerdict> = page.records.iter().map(|r| r.verdict).collect();
    verdicts.sort();
    verdicts.dedup();
    let mut kinds: Vec<&str> = page
        .records
        .iter()
        .flat_map(|r| r.findings.iter().map(String::as_str))
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    head.push_str(
        "<section id=\"records\"><h2>Flagged records</h2><div class=\"controls\">\
         <label>verdict <select id=\"f-verdict\"><option value=\"\">all</option>",
    );
    for v in verdicts {
        head.push_str(&format!("<option>{}</option>", v.name()));
    }
    head.push_str(
        "</select></label> <label>finding <select id=\"f-finding\"><option value=\"\">all</option>",
    );
    for (n, k) in kinds.iter().enumerate() {
        head.push_str(&format!(
            "<option value=\"{n}\">{}</option>",
            escape_html(k)
        ));
    }
    head.push_str(
        "</select></label> <label>search <input id=\"f-text\" type=\"search\"></label> \
         <label><input id=\"f-boards\" type=\"checkbox\" checked> boards</label> \
         <span id=\"shown\"></span>\
         <p class=\"keys\">Click a header to sort. On a record: &larr; &rarr; step, Home/End first/last \
         move, D the decisive move, J/K next/previous record.</p></div>\
         <table id=\"table\"><thead><tr>",
    );
    for (i, c) in COLUMNS.iter().enumerate() {
        head.push_str(&format!("<th data-col=\"{i}\">{c}</th>"));
    }
    head.push_str("</tr></thead>");
    out.write_all(head.as_bytes())?;
    let mut chunk = String::with_capacity(64 << 10);
    for (i, r) in page.records.iter().enumerate() {
        record_markup(&mut chunk, i, r, &kinds);
        if chunk.len() > 60 << 10 {
            out.write_all(chunk.as_bytes())?;
            chunk.clear();
        }
    }
    chunk.push_str("</table></section>");
    if page.records.is_empty() {
        chunk.push_str("<p class=\"none\">No flagged records.</p>");
    }
    out.write_all(chunk.as_bytes())?;
    let data: Vec<Option<BoardData<'_>>> = page
        .records
        .iter()
        .map(|r| r.board.as_ref().map(board_data))
        .collect();
    let json = json_for_script(&data).map_err(io::Error::other)?;
    out.write_all(b"<script type=\"application/json\" id=\"boards\">")?;
    out.write_all(json.as_bytes())?;
    out.write_all(b"</script><script>")?;
    out.write_all(SCRIPT.as_bytes())?;
    out.write_all(b"</script></body></html>\n")?;
    out.flush()
}

impl Totals {
    /// The totals of an audit run's summary, verdicts and ends in report order.
    #[must_use]
    pub fn from_summary(s: &Summary) -> Totals {
        Totals {
            settings: s.settings.to_string(),
            files: s.files,
            records: s.records,
            unreadable: s.unreadable,
            not_sampled: s.not_sampled,
            verdicts: s
                .verdicts
                .iter()
                .map(|(v, n)| (v.name().to_string(), n))
                .collect(),
            ends: s
                .ends
                .iter()
                .map(|(e, n)| (e.name().to_string(), n))
                .collect(),
            findings: s
                .findings
                .iter()
                .map(|(k, c)| (k.name().to_string(), c.count))
                .collect(),
            file_problems: s
                .file_problems
                .iter()
                .map(|p| (p.file.clone(), p.reason.clone()))
                .collect(),
            seconds: s.seconds,
            jobs: s.jobs,
        }
    }
}

/// Whether a record goes on the page: its verdict is not `ok`, or it has a finding (a
/// `--missed-wins` finding leaves the verdict `ok`).
#[must_use]
pub fn is_flagged(row: &Row) -> bool {
    row.verdict != GameVerdict::Ok || !row.findings.0.is_empty()
}

/// Audits every file under `paths` like
/// [`audit_with_report`](crate::validate::audit_with_report) (the CSV report to `report`,
/// any writer) and also gathers the page: the board of every record with a finding
/// ([`is_flagged`]) is worked out on the audit's worker threads.
///
/// # Errors
/// As [`audit_with_report`](crate::validate::audit_with_report).
pub fn audit_with_page<W: Write>(
    paths: &[PathBuf],
    options: &Options,
    engine: &Engine,
    report: Option<W>,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Summary, Page), RunError> {
    let entries = walk_paths(paths).map_err(RunError::Read)?;
    let mut writer = report.map(ReportWriter::new);
    let mut page = Page::default();
    let summary = audit_entries(
        entries,
        options,
        engine,
        &board_if_flagged,
        &mut |a: Audited<'_, Option<BoardView>>| {
            if let Some(w) = writer.as_mut() {
                w.row(a.row);
            }
            page.add(&a);
        },
        progress,
    );
    if let Some(w) = writer {
        w.finish().map_err(RunError::Write)?;
    }
    page.totals = Totals::from_summary(&summary);
    Ok((summary, page))
}

/// The board of a record whose audit flags it (worked out on a worker); `None` for the others
/// (a record flagged only by a `--missed-wins` finding, which the audit cannot know of, gets
/// its board from [`Page::add`]).
#[must_use]
pub fn board_if_flagged(record: &GameRecord, audit: &GameAudit) -> Option<BoardView> {
    if audit.verdict() == GameVerdict::Ok && audit.findings.is_empty() && audit.illegal.is_none() {
        None
    } else {
        BoardView::of(record, audit)
    }
}
