//! One report row per record: [`Row`], with typed columns, and the kinds of findings
//! ([`FindingKind`]).

use renju_analyzer::{End, GameAudit, GameVerdict, Opening};
use renju_notation::{DeclaredResult, GameRecord};
use serde::{Serialize, Serializer};
use std::fmt;

/// The kind of a finding, as the report's `findings` column and the summary name it: the
/// analyzer's one vocabulary of finding kinds.
pub use renju_analyzer::FindingKind;

/// The kinds of the findings of one record, written `;`-separated in one CSV field.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Kinds(pub Vec<FindingKind>);

impl Kinds {
    /// The kinds of an audit, each occurrence once, in the order the summary counts them:
    /// `illegal` (a move that cannot be played), `result-mismatch` (the verdict), then each
    /// finding of the analyzer.
    #[must_use]
    pub fn of(a: &GameAudit) -> Kinds {
        Kinds(a.kinds())
    }

    /// How many times `kind` occurs.
    #[must_use]
    pub fn count(&self, kind: FindingKind) -> usize {
        self.0.iter().filter(|&&k| k == kind).count()
    }
}

impl Serialize for Kinds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut text = String::new();
        for (i, k) in self.0.iter().enumerate() {
            if i > 0 {
                text.push(';');
            }
            text.push_str(k.name());
        }
        s.serialize_str(&text)
    }
}

/// Serialises a value by its `Display` text.
pub(crate) fn by_display<T: fmt::Display, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

/// Serialises an optional value by its `Display` text, `None` as an empty text.
pub(crate) fn display_or_empty<T: fmt::Display, S: Serializer>(
    v: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => s.collect_str(v),
        None => s.serialize_str(""),
    }
}

/// One line of the report: one record. The fields are the CSV columns, in order
/// ([`CSV_HEADER`](super::CSV_HEADER)); the first ten are the contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The file, as found.
    pub file: String,
    /// 1-based index of the record within the file.
    pub index: usize,
    /// The record's own id where the format has one.
    pub id: String,
    /// Number of moves, passes counted (for an unreadable record, 0).
    pub moves: usize,
    /// The declared result: `black`, `white`, `draw`, `unknown`.
    #[serde(serialize_with = "by_display")]
    pub declared: DeclaredResult,
    /// The end (`none` also for an unreadable record).
    #[serde(serialize_with = "by_display")]
    pub end: End,
    /// The move that ended the game, empty when `end` is `none`.
    pub end_move: Option<usize>,
    /// Whether moves follow the end.
    pub continues: bool,
    /// `ok`, `result-mismatch`, `illegal`, `unreadable` or `warning`.
    #[serde(serialize_with = "by_display")]
    pub verdict: GameVerdict,
    /// A short human sentence.
    pub detail: String,
    /// The kinds of the findings (extra column): every kind the summary counts for this
    /// record (`unreadable`, `illegal`, `result-mismatch` and the analyzer's findings), so
    /// that the report alone reproduces every count of the summary.
    pub findings: Kinds,
    /// The opening (extra column): a code of the 26, or why it is none; empty for an
    /// unreadable record.
    #[serde(serialize_with = "display_or_empty")]
    pub opening: Option<Opening>,
    /// The missed wins (`--missed-wins`), in the order of their kinds in `findings`; not a
    /// column (the kinds are), kept for the summary's examples.
    #[serde(skip)]
    pub missed: Vec<renju_analyzer::missed::MissedWin>,
    /// The positions whose VCF search ran out of nodes (`--missed-wins`): no finding was
    /// made from them; the summary counts them as a note. Not a column.
    #[serde(skip)]
    pub unsettled: Vec<renju_analyzer::missed::Unsettled>,
}

impl Row {
    /// Adds the missed wins of the record: their kinds go to the `findings` column.
    pub fn add_missed(&mut self, missed: Vec<renju_analyzer::missed::MissedWin>) {
        for m in &missed {
            self.findings.0.push(m.kind());
        }
        self.missed.extend(missed);
    }

    /// Adds what the missed-wins scan of the record found: the missed wins
    /// ([`Row::add_missed`]) and the positions its node budget left open.
    pub fn add_scan(&mut self, scan: renju_analyzer::missed::GameScan) {
        self.add_missed(scan.missed);
        self.unsettled.extend(scan.unsettled);
    }
}

impl Row {
    /// The row of an audited record.
    #[must_use]
    pub fn audited(file: &str, index: usize, record: &GameRecord, a: &GameAudit) -> Row {
        Row {
            file: file.to_string(),
            index,
            id: record.id.clone().unwrap_or_default(),
            moves: a.moves,
            declared: a.declared,
            end: a.end,
            end_move: a.end_move,
            continues: a.continues,
            verdict: a.verdict(),
            detail: a.detail(),
            findings: Kinds::of(a),
            opening: Some(a.opening),
            missed: Vec::new(),
            unsettled: Vec::new(),
        }
    }

    /// The row of a record that could not be read (`detail`: why).
    #[must_use]
    pub fn unreadable(file: &str, index: usize, detail: String) -> Row {
        Row {
            file: file.to_string(),
            index,
            id: String::new(),
            moves: 0,
            declared: DeclaredResult::Unknown,
            end: End::None,
            end_move: None,
            continues: false,
            verdict: GameVerdict::Unreadable,
            detail,
            findings: Kinds(vec![FindingKind::Unreadable]),
            opening: None,
            missed: Vec::new(),
            unsettled: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_an_audit_name_what_the_analyzer_names() {
        use renju_analyzer::{Settings, audit};
        use renju_core::Move;
        use renju_notation::GameRecord;
        let record = |moves: &str, result: DeclaredResult| {
            let mut r = GameRecord::new(15);
            r.result = result;
            r.moves = moves
                .split(' ')
                .map(|m| m.parse::<Move>().unwrap())
                .collect();
            r
        };
        // a lapsed double three, then a result the board contradicts (no five: White declared,
        // none) and a first move off the centre
        let games = [
            ("h8 h9 i8 b2 j9 b14 j10 n14 j8 a1", DeclaredResult::Black),
            ("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::White),
            ("g7 h9 i8", DeclaredResult::Unknown),
        ];
        let mut seen = Vec::new();
        for (moves, result) in games {
            let a = audit(&record(moves, result), &Settings::default());
            let kinds = Kinds::of(&a);
            let from_analyzer: Vec<&str> = a.findings.iter().map(|f| f.kind().name()).collect();
            let ours: Vec<&str> = kinds
                .0
                .iter()
                .filter(|k| !matches!(k, FindingKind::Illegal | FindingKind::ResultMismatch))
                .map(|k| k.name())
                .collect();
            assert_eq!(ours, from_analyzer, "{moves}");
            assert_eq!(
                kinds.count(FindingKind::ResultMismatch),
                usize::from(a.verdict() == GameVerdict::ResultMismatch)
            );
            seen.extend(kinds.0);
        }
        assert!(seen.contains(&FindingKind::LapsedFoul));
        assert!(seen.contains(&FindingKind::ResultMismatch));
        assert!(seen.contains(&FindingKind::FirstMoveOffCentre));
    }

    #[test]
    fn finding_kinds_are_declared_in_name_order_and_serialise_as_their_names() {
        let names: Vec<&str> = FindingKind::ALL.iter().map(|k| k.name()).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted);
        let mut by_ord = FindingKind::ALL;
        by_ord.sort();
        assert_eq!(by_ord, FindingKind::ALL);
        for k in FindingKind::ALL {
            assert_eq!(
                serde_json::to_string(&k).unwrap(),
                format!("\"{}\"", k.name())
            );
        }
    }
}
