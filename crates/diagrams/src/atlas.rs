//! The foul-diagram file format of the atlas in `corpus/fouls/`: one position a file, with the
//! verdicts a rule book states for some of its points.
//!
//! A file reads like a page of a rule book:
//!
//! ```text
//! title: Simple double three: two connected threes
//! source: docs/rules.md section 3 (double three); seed 000, figure of simple fouls
//! board:
//!  9 . . . . . . . . .
//!  8 . . . . . . . . .
//!  7 . . . . X . . . .
//!  6 . . . . X . . . .
//!  5 . . X X A . . . .
//!  4 . . . . . . . . .
//!  3 . . . . . . . . .
//!  2 . . . . . . . . .
//!  1 . . . . . . . . .
//!    a b c d e f g h i
//! expect:
//!   A: forbidden double-three
//!   f5: legal
//! notes:
//!   Black on A makes the open three c5 d5 e5 and the open three e5 e6 e7.
//! ```
//!
//! * `title:` and `source:` (the seed figure or rule clause the diagram illustrates) are one
//!   line each; both are required.
//! * `board:` is followed by a text diagram in either style of [`crate::diagram`]; letters on
//!   empty points name the points the expectations talk about.
//! * `expect:` lines are `POINT: VERDICT`, where `POINT` is a coordinate (`h8`) or a letter
//!   of the board (`A`), and `VERDICT` is `legal`, `five` (the stone makes an exact five, so
//!   it wins whatever else it makes), or `forbidden double-three|double-four|overline`. The
//!   verdict holds under both conventions unless written per convention:
//!   `lenient: forbidden double-three; strict: legal`.
//! * `POINT after P1 P2 ...: VERDICT` states the verdict once Black stones stand on `P1`,
//!   `P2`, ... (letters or coordinates), to spell out each step of a multi-level foul.
//! * `notes:` is free text (the reasoning behind each verdict); it runs to the end of the
//!   file or to the next key.
//!
//! Keys start at the first column; the lines of a block are indented or start with a row
//! number. Errors name the file and the line.
//!
//! This module reads and checks the files and renders the report the snapshot tests compare;
//! it does not decide fouls itself (that is `renju_core`).

use crate::diagram::{Diagram, DiagramError};
use renju_core::grid::GridError;
use renju_core::{Board, Color, Convention, Foul, FoulChecker, Point, PointError, Verdict};
use std::fmt;
use std::path::Path;

/// One diagram of the atlas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtlasEntry {
    /// The file name without `.txt` (`033-double-three-nested-3`).
    pub name: String,
    /// One-line title.
    pub title: String,
    /// The seed figure or rule clause the diagram illustrates.
    pub source: String,
    /// The position, with letter marks on the points the expectations name.
    pub diagram: Diagram,
    /// The verdicts the diagram states.
    pub expectations: Vec<Expectation>,
    /// The reasoning, as written.
    pub notes: String,
}

/// A verdict the diagram states for one point, on the board as drawn or with some Black
/// stones added first (`C after A B: legal`: the verdict on C once Black stones stand on A and
/// B, the way a multi-level foul is worked out step by step).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    /// The point.
    pub point: Point,
    /// The letter that named it in the file, if it was named by a letter.
    pub letter: Option<char>,
    /// Points where Black stones are added before judging, each with the letter that named it.
    pub after: Vec<(Point, Option<char>)>,
    /// The verdict under the lenient convention (the default).
    pub lenient: Verdict,
    /// The verdict under the strict convention.
    pub strict: Verdict,
    /// The 1-based line of the file that states it.
    pub line: usize,
}

impl Expectation {
    /// The verdict under `convention`.
    #[must_use]
    pub fn verdict(&self, convention: Convention) -> Verdict {
        match convention {
            Convention::Lenient => self.lenient,
            Convention::Strict => self.strict,
        }
    }

    /// The point as the file named it, with the added stones: `A (h8)`, `h8`,
    /// `C (h9) after A (f7), B (h7)`.
    #[must_use]
    pub fn label(&self) -> String {
        let mut out = name_point(self.point, self.letter);
        if !self.after.is_empty() {
            let after: Vec<String> = self.after.iter().map(|(p, c)| name_point(*p, *c)).collect();
            out.push_str(" after ");
            out.push_str(&after.join(", "));
        }
        out
    }

    /// The board the verdict is about: `board` with Black stones on the `after` points.
    #[must_use]
    pub fn board_for(&self, board: &Board) -> Board {
        let mut b = board.clone();
        for (p, _) in &self.after {
            let _ = b.place(*p, Color::Black);
        }
        b
    }
}

fn name_point(p: Point, letter: Option<char>) -> String {
    match letter {
        Some(c) => format!("{c} ({p})"),
        None => p.to_string(),
    }
}

/// Why an atlas file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct AtlasError {
    /// The file (as given to the reader).
    pub file: String,
    /// The 1-based line, 0 when the error is about the whole file.
    pub line: usize,
    /// What is wrong.
    pub kind: AtlasErrorKind,
}

/// What is wrong in an atlas file.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AtlasErrorKind {
    /// The file could not be read.
    Io(String),
    /// A required key is missing.
    Missing(&'static str),
    /// A key given twice.
    Duplicate(String),
    /// A line that is no key and belongs to no block.
    Stray(String),
    /// A key this format does not have.
    UnknownKey(String),
    /// The board does not read.
    Board(DiagramError),
    /// An expectation line without `POINT: VERDICT`.
    BadExpectation(String),
    /// A coordinate that does not read on this board.
    BadPoint(String, PointError),
    /// A letter that marks no point of the board.
    UnknownLetter(char),
    /// A point named twice in `expect:`.
    RepeatedPoint(Point),
    /// A verdict that does not read.
    BadVerdict(String),
    /// An expectation about a point that holds a stone.
    Occupied(Point),
}

impl fmt::Display for AtlasError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: ", self.file, self.line)?;
        } else {
            write!(f, "{}: ", self.file)?;
        }
        match &self.kind {
            AtlasErrorKind::Io(e) => write!(f, "cannot read: {e}"),
            AtlasErrorKind::Missing(k) => write!(f, "missing '{k}:'"),
            AtlasErrorKind::Duplicate(k) => write!(f, "'{k}:' given twice"),
            AtlasErrorKind::Stray(l) => write!(
                f,
                "'{l}' is outside every block (keys: title, source, board, expect, notes)"
            ),
            AtlasErrorKind::UnknownKey(k) => write!(
                f,
                "unknown key '{k}:' (keys: title, source, board, expect, notes)"
            ),
            AtlasErrorKind::Board(e) => write!(f, "board: {e}"),
            AtlasErrorKind::BadExpectation(l) => write!(
                f,
                "'{l}' is not an expectation (POINT: VERDICT, e.g. 'h8: forbidden double-three')"
            ),
            AtlasErrorKind::BadPoint(t, e) => write!(f, "'{t}' is not a point: {e}"),
            AtlasErrorKind::UnknownLetter(c) => {
                write!(f, "letter {c} marks no point of the board")
            }
            AtlasErrorKind::RepeatedPoint(p) => write!(f, "{p} has two expectations"),
            AtlasErrorKind::BadVerdict(v) => write!(
                f,
                "'{v}' is not a verdict (legal, five, forbidden double-three|double-four|overline, \
                 or 'lenient: V; strict: V')"
            ),
            AtlasErrorKind::Occupied(p) => {
                write!(f, "{p} holds a stone: only an empty point has a verdict")
            }
        }
    }
}

impl std::error::Error for AtlasError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            AtlasErrorKind::Board(e) => Some(e),
            AtlasErrorKind::BadPoint(_, e) => Some(e),
            _ => None,
        }
    }
}

/// How a verdict is written in the files: `legal`, `five`, `forbidden double-three`.
///
/// ```
/// use renju_diagrams::atlas::{parse_verdict, verdict_text};
/// use renju_core::{Foul, Verdict};
/// let v = Verdict::Forbidden(Foul::DoubleFour);
/// assert_eq!(verdict_text(v), "forbidden double-four");
/// assert_eq!(parse_verdict("forbidden double-four"), Some(v));
/// ```
#[must_use]
pub fn verdict_text(v: Verdict) -> String {
    match v {
        Verdict::Legal => "legal".into(),
        Verdict::Five => "five".into(),
        Verdict::Forbidden(f) => format!("forbidden {f}"),
    }
}

/// Reads a verdict written by [`verdict_text`].
#[must_use]
pub fn parse_verdict(text: &str) -> Option<Verdict> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["legal"] => Some(Verdict::Legal),
        ["five"] => Some(Verdict::Five),
        ["forbidden", kind] => Foul::from_name(kind).map(Verdict::Forbidden),
        _ => None,
    }
}

/// A verdict of the checker that differs from the one a diagram states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The diagram's name.
    pub name: String,
    /// The expectation.
    pub expectation: Expectation,
    /// The convention.
    pub convention: Convention,
    /// What the checker says.
    pub found: Verdict,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {} under {}: the diagram says {}, the checker says {}",
            self.name,
            self.expectation.line,
            self.expectation.label(),
            self.convention,
            verdict_text(self.expectation.verdict(self.convention)),
            verdict_text(self.found)
        )
    }
}

/// A keyed block of a file: key, line of the key, value on the key's line, body lines.
type Block = (String, usize, String, Vec<(usize, String)>);

const KEYS: [&str; 5] = ["title", "source", "board", "expect", "notes"];

impl AtlasEntry {
    /// Reads one atlas file's text; `file` names it in errors and gives the entry its name
    /// (the file name without directories and `.txt`).
    ///
    /// # Errors
    /// An [`AtlasError`] naming the file and line.
    ///
    /// ```
    /// use renju_diagrams::atlas::AtlasEntry;
    /// use renju_core::{Foul, Verdict};
    /// let text = "title: Two threes
    /// source: docs/rules.md section 3
    /// board:
    ///  7 . . . . . . .
    ///  6 . . . . . . .
    ///  5 . . . X . . .
    ///  4 . . . X . . .
    ///  3 . X X A . . .
    ///  2 . . . . . . .
    ///  1 . . . . . . .
    ///    a b c d e f g
    /// expect:
    ///   A: forbidden double-three
    /// notes:
    ///   Both threes pass through A.
    /// ";
    /// let e = AtlasEntry::parse(text, "fouls/001-two-threes.txt").unwrap();
    /// assert_eq!(e.name, "001-two-threes");
    /// assert_eq!(e.expectations[0].point.to_string(), "d3");
    /// assert_eq!(e.expectations[0].strict, Verdict::Forbidden(Foul::DoubleThree));
    /// assert!(e.check().is_empty());
    /// let bad = text.replace("A: forbidden", "A: banned");
    /// let err = AtlasEntry::parse(&bad, "x.txt").unwrap_err();
    /// assert!(err.to_string().starts_with("x.txt:13: 'banned double-three' is not a verdict"));
    /// ```
    pub fn parse(text: &str, file: &str) -> Result<AtlasEntry, AtlasError> {
        let err = |line: usize, kind: AtlasErrorKind| AtlasError {
            file: file.to_string(),
            line,
            kind,
        };
        // Split into keyed blocks: (key, line of the key, inline value, body lines).
        let mut blocks: Vec<Block> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let starts_key = raw.chars().next().is_some_and(|c| c.is_ascii_lowercase());
            if starts_key && let Some((key, value)) = raw.split_once(':') {
                let key = key.trim();
                if !KEYS.contains(&key) {
                    return Err(err(line, AtlasErrorKind::UnknownKey(key.into())));
                }
                if blocks.iter().any(|b| b.0 == key) {
                    return Err(err(line, AtlasErrorKind::Duplicate(key.into())));
                }
                blocks.push((key.into(), line, value.trim().into(), Vec::new()));
                continue;
            }
            match blocks.last_mut() {
                Some(b) => b.3.push((line, raw.to_string())),
                None if raw.trim().is_empty() => {}
                None => return Err(err(line, AtlasErrorKind::Stray(raw.trim().into()))),
            }
        }
        let block = |key: &'static str| {
            blocks
                .iter()
                .find(|b| b.0 == key)
                .ok_or_else(|| err(0, AtlasErrorKind::Missing(key)))
        };
        let one_line = |key: &'static str| -> Result<String, AtlasError> {
            let b = block(key)?;
            if let Some((l, t)) = b.3.iter().find(|(_, t)| !t.trim().is_empty()) {
                return Err(err(*l, AtlasErrorKind::Stray(t.trim().into())));
            }
            if b.2.is_empty() {
                return Err(err(b.1, AtlasErrorKind::Missing(key)));
            }
            Ok(b.2.clone())
        };
        let title = one_line("title")?;
        let source = one_line("source")?;
        let board = block("board")?;
        if !board.2.is_empty() {
            return Err(err(board.1, AtlasErrorKind::Stray(board.2.clone())));
        }
        let board_text: String = board.3.iter().map(|(_, t)| format!("{t}\n")).collect();
        let diagram = Diagram::parse(&board_text).map_err(|e| {
            // Diagram lines count from the line after `board:`.
            let line = match &e {
                DiagramError::Text(GridError::Empty | GridError::BadSize { .. }) => board.1,
                DiagramError::Text(g) => board.1 + g.line(),
                _ => board.1,
            };
            err(line, AtlasErrorKind::Board(e))
        })?;
        let expect = block("expect")?;
        let mut expectations: Vec<Expectation> = Vec::new();
        for (line, raw) in &expect.3 {
            let t = raw.trim();
            if t.is_empty() {
                continue;
            }
            let e = parse_expectation(t, *line, &diagram).map_err(|k| err(*line, k))?;
            if expectations
                .iter()
                .any(|x| x.point == e.point && x.after == e.after)
            {
                return Err(err(*line, AtlasErrorKind::RepeatedPoint(e.point)));
            }
            expectations.push(e);
        }
        if expectations.is_empty() {
            return Err(err(expect.1, AtlasErrorKind::Missing("expect")));
        }
        let notes = blocks
            .iter()
            .find(|b| b.0 == "notes")
            .map(|b| {
                let mut lines: Vec<&str> = Vec::new();
                if !b.2.is_empty() {
                    lines.push(&b.2);
                }
                lines.extend(b.3.iter().map(|(_, t)| t.trim()));
                lines.join("\n").trim().to_string()
            })
            .unwrap_or_default();
        let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
        let name = base.strip_suffix(".txt").unwrap_or(base).to_string();
        Ok(AtlasEntry {
            name,
            title,
            source,
            diagram,
            expectations,
            notes,
        })
    }

    /// Reads the file at `path`.
    ///
    /// # Errors
    /// An [`AtlasError`] naming the file (and the line when the text is at fault).
    pub fn read(path: &Path) -> Result<AtlasEntry, AtlasError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| AtlasError {
            file: file.clone(),
            line: 0,
            kind: AtlasErrorKind::Io(e.to_string()),
        })?;
        AtlasEntry::parse(&text, &file)
    }

    /// Every verdict the checker gives that differs from the diagram's, both conventions.
    #[must_use]
    pub fn check(&self) -> Vec<Mismatch> {
        let mut out = Vec::new();
        for e in &self.expectations {
            let checker = FoulChecker::new(&e.board_for(self.diagram.board()));
            for convention in Convention::ALL {
                let found = checker.verdict(e.point, convention);
                if found != e.verdict(convention) {
                    out.push(Mismatch {
                        name: self.name.clone(),
                        expectation: e.clone(),
                        convention,
                        found,
                    });
                }
            }
        }
        out
    }

    /// The diagram with every forbidden point under `convention` marked `×` (the letters of
    /// the file are kept on points that are not forbidden), and the forbidden points.
    #[must_use]
    pub fn marked(&self, convention: Convention) -> (Diagram, Vec<(Point, Foul)>) {
        let mut d = self.diagram.clone();
        let fouls = d.mark_fouls(convention);
        (d, fouls)
    }

    /// The report the snapshot tests compare and the atlas page shows: title, source, the
    /// board with every forbidden point marked under each convention (once when they agree),
    /// a legend of kinds, the stated verdicts, and the explanation tree of each point the
    /// diagram is about under both conventions.
    #[must_use]
    pub fn report(&self) -> String {
        let mut out = format!("{}\n{}\nsource: {}\n\n", self.name, self.title, self.source);
        let (lenient, lf) = self.marked(Convention::Lenient);
        let (strict, sf) = self.marked(Convention::Strict);
        if lf == sf {
            out.push_str("forbidden points (both conventions):\n");
            out.push_str(&lenient.to_unicode());
            out.push_str(&legend(&lf));
        } else {
            out.push_str("forbidden points (lenient):\n");
            out.push_str(&lenient.to_unicode());
            out.push_str(&legend(&lf));
            out.push_str("\nforbidden points (strict):\n");
            out.push_str(&strict.to_unicode());
            out.push_str(&legend(&sf));
        }
        out.push_str("\nexpected:\n");
        for e in &self.expectations {
            if e.lenient == e.strict {
                out.push_str(&format!("  {}: {}\n", e.label(), verdict_text(e.lenient)));
            } else {
                out.push_str(&format!(
                    "  {}: lenient: {}; strict: {}\n",
                    e.label(),
                    verdict_text(e.lenient),
                    verdict_text(e.strict)
                ));
            }
        }
        for e in &self.expectations {
            let checker = FoulChecker::new(&e.board_for(self.diagram.board()));
            for convention in Convention::ALL {
                out.push_str(&format!("\nexplanation of {}, {convention}:\n", e.label()));
                out.push_str(&checker.explain(e.point, convention).to_tree());
            }
        }
        out
    }
}

/// The legend under a marked board: `× = forbidden: h8 double-three, ...`.
fn legend(fouls: &[(Point, Foul)]) -> String {
    if fouls.is_empty() {
        return "× = forbidden: none\n".into();
    }
    let items: Vec<String> = fouls.iter().map(|(p, f)| format!("{p} {f}")).collect();
    let mut out = String::from("× = forbidden:");
    let mut width = out.len();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!(" {item},")
        } else {
            format!(" {item}")
        };
        if width + piece.len() > 90 {
            out.push_str("\n   ");
            width = 3;
        }
        width += piece.len();
        out.push_str(&piece);
    }
    out.push('\n');
    out
}

/// A point named by a letter of the board or a coordinate; it must be empty.
fn read_point(word: &str, d: &Diagram) -> Result<(Point, Option<char>), AtlasErrorKind> {
    let mut chars = word.chars();
    let (point, letter) = match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => {
            let p = d.letter_point(c).ok_or(AtlasErrorKind::UnknownLetter(c))?;
            (p, Some(c))
        }
        _ => (
            Point::parse_sized(word, d.size())
                .map_err(|e| AtlasErrorKind::BadPoint(word.into(), e))?,
            None,
        ),
    };
    if d.board().get(point).is_some() {
        return Err(AtlasErrorKind::Occupied(point));
    }
    Ok((point, letter))
}

fn parse_expectation(t: &str, line: usize, d: &Diagram) -> Result<Expectation, AtlasErrorKind> {
    let (who, what) = t
        .split_once(':')
        .ok_or_else(|| AtlasErrorKind::BadExpectation(t.into()))?;
    let mut words = who.split_whitespace();
    let (point, letter) = read_point(words.next().unwrap_or(""), d)?;
    let mut after = Vec::new();
    match words.next() {
        None => {}
        Some("after") => {
            for w in words {
                let (p, c) = read_point(w, d)?;
                if p == point || after.iter().any(|(q, _)| *q == p) {
                    return Err(AtlasErrorKind::RepeatedPoint(p));
                }
                after.push((p, c));
            }
            if after.is_empty() {
                return Err(AtlasErrorKind::BadExpectation(t.into()));
            }
        }
        Some(_) => return Err(AtlasErrorKind::BadExpectation(t.into())),
    }
    let what = what.trim();
    let (lenient, strict) = if what.starts_with("lenient") || what.starts_with("strict") {
        let mut lenient = None;
        let mut strict = None;
        for part in what.split(';') {
            let (conv, v) = part
                .split_once(':')
                .ok_or_else(|| AtlasErrorKind::BadVerdict(what.into()))?;
            let v = parse_verdict(v).ok_or_else(|| AtlasErrorKind::BadVerdict(v.trim().into()))?;
            match conv.trim() {
                "lenient" if lenient.is_none() => lenient = Some(v),
                "strict" if strict.is_none() => strict = Some(v),
                _ => return Err(AtlasErrorKind::BadVerdict(what.into())),
            }
        }
        match (lenient, strict) {
            (Some(l), Some(s)) => (l, s),
            _ => return Err(AtlasErrorKind::BadVerdict(what.into())),
        }
    } else {
        let v = parse_verdict(what).ok_or_else(|| AtlasErrorKind::BadVerdict(what.into()))?;
        (v, v)
    };
    Ok(Expectation {
        point,
        letter,
        after,
        lenient,
        strict,
        line,
    })
}

/// Reads every `*.txt` file of `dir`, in file-name order.
///
/// # Errors
/// The first file that does not read, or the directory itself.
pub fn load_dir(dir: &Path) -> Result<Vec<AtlasEntry>, AtlasError> {
    let io = |e: std::io::Error| AtlasError {
        file: dir.display().to_string(),
        line: 0,
        kind: AtlasErrorKind::Io(e.to_string()),
    };
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map_err(io)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    paths.iter().map(|p| AtlasEntry::read(p)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "title: t
source: s
board:
 5 . . . . .
 4 . X X A .
 3 . . . . .
 2 . . . . .
 1 . . . . .
   a b c d e
expect:
  A: legal
  e4: lenient: legal; strict: legal
notes: first
  second
";

    #[test]
    fn reads_every_key() {
        let e = AtlasEntry::parse(GOOD, "dir/007-x.txt").unwrap();
        assert_eq!(e.name, "007-x");
        assert_eq!(e.notes, "first\nsecond");
        assert_eq!(e.expectations.len(), 2);
        assert_eq!(e.expectations[1].line, 12);
        assert_eq!(e.expectations[0].label(), "A (d4)");
    }

    #[test]
    fn errors_name_file_and_line() {
        let cases: [(&str, &str, &str); 8] = [
            ("title: t\n", "", "f.txt: missing 'title:'"),
            (
                "A: legal",
                "A: legal\n  A: legal",
                "f.txt:12: d4 has two expectations",
            ),
            ("A: legal", "B: legal", "f.txt:11: letter B marks no point"),
            ("A: legal", "b4: legal", "f.txt:11: b4 holds a stone"),
            ("A: legal", "z9: legal", "f.txt:11: 'z9' is not a point"),
            (
                "A: legal",
                "A: lenient: legal",
                "f.txt:11: 'lenient: legal' is not a verdict",
            ),
            (
                " 4 . X X A .",
                " 4 . X X A",
                "f.txt:5: board: line 2: the row has 4 points",
            ),
            ("notes:", "colour:", "f.txt:13: unknown key 'colour:'"),
        ];
        for (from, to, want) in cases {
            let text = GOOD.replace(from, to);
            let got = AtlasEntry::parse(&text, "f.txt").unwrap_err().to_string();
            assert!(got.starts_with(want), "{got} / {want}");
        }
    }

    proptest::proptest! {
        #[test]
        fn never_panics_on_mutated_files(cut in 0usize..400, insert in "[a-z: ;.XO#A-Z0-9\n]{0,12}") {
            let mut text = GOOD.to_string();
            let at = text.char_indices().map(|(i, _)| i).nth(cut % GOOD.chars().count()).unwrap_or(0);
            text.insert_str(at, &insert);
            let _ = AtlasEntry::parse(&text, "f.txt");
        }
    }

    #[test]
    fn after_adds_black_stones_first() {
        let text = GOOD.replace("e4: lenient: legal; strict: legal", "e4 after A a4: five");
        let e = AtlasEntry::parse(&text, "f.txt").unwrap();
        let x = &e.expectations[1];
        assert_eq!(x.label(), "e4 after A (d4), a4");
        assert_eq!(x.board_for(e.diagram.board()).stone_count(), 4);
        // a4 b4 c4 d4 e4: five once A and a4 are black.
        assert!(e.check().is_empty(), "{:?}", e.check());
        for (bad, want) in [
            ("e4 after b4: five", "b4 holds a stone"),
            ("e4 after e4: five", "e4 has two expectations"),
            ("e4 before A: five", "is not an expectation"),
            ("e4 after: five", "is not an expectation"),
        ] {
            let text = GOOD.replace("e4: lenient: legal; strict: legal", bad);
            let err = AtlasEntry::parse(&text, "f.txt").unwrap_err().to_string();
            assert!(err.contains(want), "{err}");
        }
    }

    #[test]
    fn check_reports_a_wrong_expectation() {
        let text = GOOD.replace("  A: legal", "  A: forbidden overline");
        let e = AtlasEntry::parse(&text, "f.txt").unwrap();
        let m = e.check();
        assert_eq!(m.len(), 2);
        assert_eq!(
            m[0].to_string(),
            "f:11: A (d4) under lenient: the diagram says forbidden overline, the checker says legal"
        );
    }
}
