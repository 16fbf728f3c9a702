//! The result of one audit: [`GameAudit`], its sentences, and the [`Note`]s of checks not made.

use super::{Agreement, Consistency, End, Finding, GameVerdict, Illegal, Undecided};
use crate::opening::{Opening, OpeningNote};
use crate::settings::{ClaimPolicy, Settings};
use crate::setup::SetUpSummary;
use renju_core::Foul;
use renju_core::RuleSet;
use renju_notation::DeclaredResult;
use renju_openings::OpeningRule;
use std::fmt;

/// What really happened in one game, and how it compares with the record.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameAudit {
    /// The settings used.
    pub settings: Settings,
    /// The result the record declares.
    pub declared: DeclaredResult,
    /// Number of moves in the record, passes counted (up to and including an unreadable
    /// move, where the reader stopped).
    pub moves: usize,
    /// The first decisive event.
    pub end: End,
    /// The 1-based number of the move that ended the game (`None` when `end` is `none`).
    pub end_move: Option<usize>,
    /// Whether moves follow the end.
    pub continues: bool,
    /// The move where the replay stopped, if any.
    pub illegal: Option<Illegal>,
    /// Whether the declared result agrees with the board.
    pub consistency: Consistency,
    /// Findings, in move order of discovery.
    pub findings: Vec<Finding>,
    /// The opening the first three moves form.
    pub opening: Opening,
    /// What could not be checked for lack of data (opening-rule steps the record does not
    /// carry, a rule name not recognised). Not findings: they never change the verdict; the
    /// auditor counts them apart.
    pub notes: Vec<Note>,
}

/// A check the audit could not make, with the reason. Counted apart from findings.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Note {
    /// About the opening rule.
    Opening(OpeningNote),
    /// The record sets stones up rather than playing them (SGF `AB`/`AW`/`AE`): the moves are
    /// judged on the board as set up.
    SetUp(SetUpSummary),
    /// The record's opening rule is played under another rule set than the audit's: the
    /// record is audited under the rules asked for, never silently under others.
    /// Given when the audit's rules have fouls (renju) and the rule is one of the gomoku
    /// opening rules (Swap1, gomoku swap, Swap2: [`OpeningRule::fouls`] is `no`; `data/
    /// opening-rules.md` calls them gomoku formats). Not for `free`, whose name is used for
    /// renju games without a protocol too.
    RulesDiffer {
        /// The record's opening rule.
        rule: OpeningRule,
        /// The rule set of the audit.
        audited_under: RuleSet,
    },
    /// The record's database says its rule is a gomoku rule (a RenjuNet `.rif` rule of
    /// category 2, kept in the tag [`renju_notation::rif::RULE_CATEGORY_TAG`]) while the audit's
    /// rules have fouls: audited under the rules asked for, never silently under others. Kind
    /// `rules-differ`, like [`Note::RulesDiffer`], which is given instead when the rule's name
    /// is itself a gomoku opening rule.
    GomokuCategory {
        /// The record's rule name, when it has one.
        rule: Option<String>,
        /// The rule set of the audit.
        audited_under: RuleSet,
    },
}

impl Note {
    /// The kind name for reports: the opening note's kind (`opening-not-checkable`,
    /// `unknown-opening-rule`, `unsupported-opening-rule`), `set-up-position`, `rules-differ`.
    ///
    /// ```
    /// use renju_analyzer::{Note, opening::OpeningNote};
    /// assert_eq!(Note::Opening(OpeningNote::UnknownRule("x".into())).kind(), "unknown-opening-rule");
    /// ```
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Note::Opening(n) => n.kind(),
            Note::SetUp(_) => "set-up-position",
            Note::RulesDiffer { .. } | Note::GomokuCategory { .. } => "rules-differ",
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Opening(n) => n.fmt(f),
            Note::SetUp(s) => s.fmt(f),
            Note::RulesDiffer {
                rule,
                audited_under,
            } => write!(
                f,
                "the record's opening rule {} is played under gomoku rules (no fouls); audited \
                 under {audited_under} as asked (--rules freestyle or --rules standard to audit \
                 it as gomoku)",
                rule.name()
            ),
            Note::GomokuCategory {
                rule,
                audited_under,
            } => write!(
                f,
                "the record's rule {} is a gomoku rule in its database (category 2: no fouls); \
                 audited under {audited_under} as asked (--rules freestyle or --rules standard \
                 to audit it as gomoku)",
                rule.as_deref().unwrap_or("(unnamed)")
            ),
        }
    }
}

impl GameAudit {
    /// The one-word verdict: `illegal` over `result-mismatch` over `warning` (any finding)
    /// over `ok`.
    ///
    /// ```
    /// use renju_analyzer::{GameVerdict, Settings, audit};
    /// use renju_notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let s = Settings::default();
    /// assert_eq!(audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::Black), &s).verdict(), GameVerdict::Ok);
    /// assert_eq!(audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::White), &s).verdict(), GameVerdict::ResultMismatch);
    /// assert_eq!(audit(&record("h8 h8", DeclaredResult::Black), &s).verdict(), GameVerdict::Illegal);
    /// ```
    #[must_use]
    pub fn verdict(&self) -> GameVerdict {
        if self.illegal.is_some() {
            GameVerdict::Illegal
        } else if self.consistency == Consistency::ResultMismatch {
            GameVerdict::ResultMismatch
        } else if !self.findings.is_empty() {
            GameVerdict::Warning
        } else {
            GameVerdict::Ok
        }
    }

    /// What the board shows, in words: `black five at move 37`, `no decisive event`...
    ///
    /// ```
    /// use renju_analyzer::{Settings, audit};
    /// use renju_notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let a = audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::Black), &Settings::default());
    /// assert_eq!(a.end_sentence(), "black five at move 9");
    /// ```
    #[must_use]
    pub fn end_sentence(&self) -> String {
        EndSentence(self).to_string()
    }

    /// Why the declared result agrees, contradicts or cannot be judged, as a sentence.
    ///
    /// ```
    /// use renju_analyzer::{Settings, audit};
    /// use renju_notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let a = audit(&record("h8 h9 i8", DeclaredResult::White), &Settings::default());
    /// assert_eq!(
    ///     a.consistency_reason(),
    ///     "declared white win with no decisive event on the board: consistent with a resignation or a loss on time"
    /// );
    /// ```
    #[must_use]
    pub fn consistency_reason(&self) -> String {
        ConsistencyReason(self).to_string()
    }

    /// A short human sentence for the report's `detail` column: the most important fact
    /// first, then how many further findings there are.
    ///
    /// ```
    /// use renju_analyzer::{Settings, audit};
    /// use renju_notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let a = audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::White), &Settings::default());
    /// assert_eq!(a.detail(), "declared white but the board shows black five at move 9");
    /// ```
    #[must_use]
    pub fn detail(&self) -> String {
        use fmt::Write as _;
        // one buffer for the whole sentence (it is made for every record of a run)
        let mut s = String::with_capacity(96);
        let _ = match (&self.illegal, self.consistency) {
            (Some(i), _) => write!(s, "{i}"),
            (None, Consistency::ResultMismatch) => write!(s, "{}", ConsistencyReason(self)),
            (None, _) => match self.findings.first() {
                Some(f) => write!(s, "{f}; {}", EndSentence(self)),
                None => write!(s, "{}", ConsistencyReason(self)),
            },
        };
        let shown =
            usize::from(self.illegal.is_none() && self.consistency != Consistency::ResultMismatch);
        let _ = match self.findings.len().saturating_sub(shown) {
            0 => Ok(()),
            1 => write!(s, " (+1 more finding)"),
            n => write!(s, " (+{n} more findings)"),
        };
        s
    }
}

/// [`GameAudit::end_sentence`], written where it is needed.
struct EndSentence<'a>(&'a GameAudit);

impl fmt::Display for EndSentence<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.0;
        let at = a.end_move.unwrap_or(0);
        match a.end {
            End::BlackFive => write!(f, "black five at move {at}"),
            End::WhiteFive => write!(f, "white five at move {at}"),
            End::Foul(Foul::Overline) if a.continues && a.settings.claim == ClaimPolicy::Claim => {
                write!(
                    f,
                    "black overline foul at move {at}, still claimable when the record stops at move {}",
                    a.moves
                )
            }
            End::Foul(foul) => write!(f, "black {foul} foul at move {at}"),
            End::DrawFullBoard => write!(f, "board full at move {at}"),
            End::None => f.write_str("no decisive event on the board"),
        }
    }
}

/// [`GameAudit::consistency_reason`], written where it is needed.
struct ConsistencyReason<'a>(&'a GameAudit);

impl fmt::Display for ConsistencyReason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.0;
        let end = EndSentence(a);
        match a.consistency {
            Consistency::Ok(Agreement::Board) => {
                write!(f, "declared {} agrees with the board: {end}", a.declared)
            }
            Consistency::Ok(Agreement::Resignation) => write!(
                f,
                "declared {} win with {end}: consistent with a resignation or a loss on time",
                a.declared
            ),
            Consistency::Ok(Agreement::DrawAgreed) => {
                write!(
                    f,
                    "declared draw with {end}: consistent with a draw by agreement"
                )
            }
            Consistency::ResultMismatch => {
                write!(f, "declared {} but the board shows {end}", a.declared)
            }
            Consistency::Unknown(Undecided::NotDeclared) => {
                write!(f, "no declared result to compare; {end}")
            }
            Consistency::Unknown(Undecided::ReplayStopped) => {
                f.write_str("the replay stopped at an illegal move before any decisive event")
            }
        }
    }
}

impl fmt::Display for GameAudit {
    /// A few lines for a person: settings, end, consistency, opening, findings, verdict.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "settings: {}", self.settings)?;
        writeln!(f, "moves: {}, declared: {}", self.moves, self.declared)?;
        match self.end_move {
            Some(n) => writeln!(
                f,
                "end: {} at move {n}{}",
                self.end,
                if self.continues {
                    " (moves follow)"
                } else {
                    ""
                }
            )?,
            None => writeln!(f, "end: none")?,
        }
        if let Some(i) = &self.illegal {
            writeln!(f, "illegal: {i}")?;
        }
        writeln!(
            f,
            "consistency: {}: {}",
            self.consistency,
            self.consistency_reason()
        )?;
        writeln!(f, "opening: {}", self.opening)?;
        for x in &self.findings {
            writeln!(f, "finding: {x}")?;
        }
        for x in &self.notes {
            writeln!(f, "note: {x}")?;
        }
        write!(f, "verdict: {}", self.verdict())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_and_verdict_names() {
        let names: Vec<&str> = End::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(
            names,
            [
                "black-five",
                "white-five",
                "foul-double-three",
                "foul-double-four",
                "foul-overline",
                "draw-full-board",
                "none"
            ]
        );
        for e in End::ALL {
            assert_eq!(e.name().parse::<End>(), Ok(e));
        }
        assert!("black".parse::<End>().is_err());
        let v: Vec<&str> = GameVerdict::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(
            v,
            ["ok", "warning", "result-mismatch", "illegal", "unreadable"]
        );
    }
}
