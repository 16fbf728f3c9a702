//! What a conversion could not keep: [`ConversionReport`], and which fields and notes each
//! format holds.

use crate::encoding::TextEncoding;
use crate::format::Format;
use crate::record::{DeclaredResult, GameRecord};
use crate::renju_line::ENCODING_TAG;
use crate::{psq, rif, sgf};
use renju_core::{Move, RENJU_SIZE};
use std::fmt;

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
#[non_exhaustive]
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
    /// What the reader decided about the input (a Go game type read as renju), each once.
    pub read_remarks: Vec<crate::ReadRemark>,
    /// The encoding new texts were written in, when not UTF-8 by the format (`.lib`); with
    /// an output encoding asked for ([`ConvertOptions::write_encoding`](crate::ConvertOptions)),
    /// that one ([`EncodingSource::Forced`](crate::encoding::EncodingSource::Forced)), naming
    /// UTF-8 among its `others` when some texts held characters it cannot represent.
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

impl ConversionReport {
    /// The report's line (as its [`Display`](fmt::Display)), every count written by
    /// `number`: records written and not written, records each dropped field was dropped
    /// from, trees and their lines. A caller with its own style of numbers (thousands
    /// separators) passes it here, and the rest of the line stays this crate's.
    ///
    /// ```
    /// use renju_notation::{ConversionReport, Format};
    /// let mut report = ConversionReport::default();
    /// report.format = Some(Format::Sgf);
    /// report.written = 4035;
    /// assert_eq!(report.to_string(), "4035 records written as sgf");
    /// let grouped = |n: usize| if n >= 1000 { format!("{},{:03}", n / 1000, n % 1000) } else { n.to_string() };
    /// assert_eq!(report.describe(&grouped), "4,035 records written as sgf");
    /// ```
    #[must_use]
    pub fn describe(&self, number: &dyn Fn(usize) -> String) -> String {
        let mut out = String::new();
        // writing into a String cannot fail
        let _ = self.write_line(&mut out, number);
        out
    }

    fn write_line(&self, f: &mut dyn fmt::Write, number: &dyn Fn(usize) -> String) -> fmt::Result {
        let name = self.format.map_or("?", Format::name);
        let s = |n: usize| if n == 1 { "" } else { "s" };
        write!(
            f,
            "{} record{} written as {name}",
            number(self.written),
            s(self.written)
        )?;
        if !self.skipped.is_empty() {
            write!(f, ", {} not written", number(self.skipped.len()))?;
        }
        let d = self.dropped_summary();
        if !d.is_empty() {
            write!(f, "; dropped: ")?;
            for (i, (k, n)) in d.iter().enumerate() {
                if i > 0 {
                    write!(f, ", ")?;
                }
                write!(f, "{k} ({})", number(*n))?;
            }
        }
        if !self.tree_dropped.is_empty() {
            write!(f, "; the target cannot hold: ")?;
            for (i, (k, n)) in self.tree_dropped.iter().enumerate() {
                if i > 0 {
                    write!(f, ", ")?;
                }
                write!(f, "{k} ({})", number(*n))?;
            }
        }
        if let Some((trees, lines)) = self.trees_as_games {
            write!(
                f,
                "; {} tree{} written as {} game{}, one per root-to-leaf line",
                number(trees),
                s(trees),
                number(lines),
                s(lines)
            )?;
        }
        for r in &self.read_remarks {
            write!(f, "; {r}")?;
        }
        if let Some(e) = &self.input_encoding {
            write!(f, "; text read as {e}")?;
        }
        match &self.output_encoding {
            Some(e) if e.source == crate::encoding::EncodingSource::Forced => {
                write!(f, "; texts written in {}", e.name)?;
                if !e.others.is_empty() {
                    write!(
                        f,
                        " (texts {} cannot hold written in {})",
                        e.name,
                        e.others.join(", ")
                    )?;
                }
            }
            Some(e) => write!(f, "; new texts written in {}", e.name)?,
            None => {}
        }
        for s in &self.skipped {
            write!(f, "\n  record {}: {}", s.record, s.reason)?;
        }
        Ok(())
    }
}

impl fmt::Display for ConversionReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_line(f, &|n| n.to_string())
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
                || (key == rif::RULE_CATEGORY_TAG && g.rule.is_some())
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
pub(crate) fn unwritable(format: Format, g: &GameRecord) -> Option<String> {
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
        Format::Lib if g.moves.is_empty() => {
            Some("a game with no move is no line of a library".to_string())
        }
        // a move list is its moves alone: an empty one is a blank line, which no reader
        // reads as a game
        Format::Moves if g.moves.is_empty() => {
            Some("a game with no move is no line of a move list".to_string())
        }
        _ => None,
    }
}

pub(crate) fn dropped_fields(format: Format, g: &GameRecord) -> Vec<String> {
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
    // the formats that hold swaps hold the sequence of decisions, not their move numbers
    if h.swaps && g.swaps.iter().any(|s| s.after_move.is_some()) {
        out.push("swaps (move numbers)".to_string());
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
    // a note or setup stone numbered past the last move has no node to go on
    if tree
        && (g.notes.iter().any(|n| n.after_move > g.moves.len())
            || g.setup.iter().any(|s| s.after_move > g.moves.len()))
    {
        out.push("notes after the last move".to_string());
    }
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
    // a record holds no node property but these counts: no format writes them back
    if g.remarks
        .iter()
        .any(|r| matches!(r, crate::ReadRemark::NodeProperties(_)))
    {
        out.push("other SGF node properties".to_string());
    }
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
