//! Subsets of an archive: records by opening, result, end, verdict, finding, length, player,
//! event or rule.
//!
//! Every condition given must hold. The opening is identified as the auditor identifies it
//! (`analyzer`: a renju game on the 15x15 board, its first three moves one of the 26 in any
//! orientation); end, verdict and findings come from the analyzer's audit under the given
//! [`Settings`] (the audit runs only when one of them is asked for). Texts match anywhere in
//! the field, ignoring case.

use renju_analyzer::missed::missed_wins;
use renju_analyzer::opening::{self, Opening as Identified};
use renju_analyzer::{
    End, GameVerdict, Settings, UnknownFindingKindError, UnreadableMove, audit,
    audit_with_unreadable,
};
use renju_notation::{DeclaredResult, GameRecord};
use renju_openings::Opening;
use std::fmt;

pub use renju_analyzer::FindingKind;

/// Why a condition's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConditionError {
    /// Not a code or a name of one of the 26 openings.
    Opening(String),
    /// Not a finding kind.
    Finding(UnknownFindingKindError),
    /// Not a verdict.
    Verdict(String),
}

impl fmt::Display for ConditionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConditionError::Opening(s) => write!(
                f,
                "'{s}' is not one of the 26 openings (a code such as 2D or 11I, or a name \
                 such as Kansei, 寒星)"
            ),
            ConditionError::Finding(e) => e.fmt(f),
            ConditionError::Verdict(s) => write!(
                f,
                "'{s}' is not a verdict (expected ok, warning, result-mismatch or illegal)"
            ),
        }
    }
}

impl std::error::Error for ConditionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ConditionError::Finding(e) => Some(e),
            _ => None,
        }
    }
}

/// Reads a finding kind: any of [`FindingKind::ALL`], by its name in any ASCII case.
///
/// # Errors
/// [`ConditionError::Finding`], whose message lists every kind.
///
/// ```
/// use renju_archive::filter::{FindingKind, parse_finding};
/// assert_eq!(parse_finding("missed-vcf").unwrap(), FindingKind::MissedVcf);
/// assert!(parse_finding("foul").unwrap_err().to_string().contains("lost-with-vcf"));
/// ```
pub fn parse_finding(text: &str) -> Result<FindingKind, ConditionError> {
    text.parse().map_err(ConditionError::Finding)
}

/// Reads an opening by code (`2D`, `d2`) or by name in any language of the catalogue.
///
/// # Errors
/// [`ConditionError::Opening`].
///
/// ```
/// use renju_archive::filter::parse_opening;
/// assert_eq!(parse_opening("Kansei").unwrap().code(), "1D");
/// assert_eq!(parse_opening("寒星").unwrap().code(), "1D");
/// assert!(parse_opening("14D").is_err());
/// ```
pub fn parse_opening(text: &str) -> Result<&'static Opening, ConditionError> {
    renju_openings::by_code(text).ok_or_else(|| ConditionError::Opening(text.to_string()))
}

/// Reads a verdict name (`ok`, `warning`, `result-mismatch`, `illegal`).
///
/// # Errors
/// [`ConditionError::Verdict`].
pub fn parse_verdict(text: &str) -> Result<GameVerdict, ConditionError> {
    GameVerdict::ALL
        .into_iter()
        .filter(|v| *v != GameVerdict::Unreadable)
        .find(|v| v.name().eq_ignore_ascii_case(text.trim()))
        .ok_or_else(|| ConditionError::Verdict(text.to_string()))
}

/// The code of the opening the auditor gives a record (`None`: not one of the 26, too
/// short, not a renju game on the 15x15 board, or a set-up position).
///
/// ```
/// use renju_analyzer::Settings;
/// use renju_archive::filter::opening_code;
/// use renju_notation::GameRecord;
/// let mut g = GameRecord::new(15);
/// g.moves = "h8 h9 i10".split(' ').map(|m| m.parse().unwrap()).collect();
/// assert_eq!(opening_code(&g, &Settings::default()), Some("2D"));
/// ```
#[must_use]
pub fn opening_code(record: &GameRecord, settings: &Settings) -> Option<&'static str> {
    match opening::of_record(record, settings) {
        Identified::Identified { code, .. } => code,
        _ => None,
    }
}

/// The conditions of a filter; the default lets every record through.
#[derive(Debug, Clone, Default)]
pub struct Conditions {
    /// Any of these openings (empty: any record).
    pub openings: Vec<&'static Opening>,
    /// The declared result.
    pub declared: Option<DeclaredResult>,
    /// The end the audit finds.
    pub end: Option<End>,
    /// The audit's verdict.
    pub verdict: Option<GameVerdict>,
    /// A finding of this kind, as the auditor reports it (`validate`'s `findings` column):
    /// the audit's findings, `illegal`, `result-mismatch`, and the missed wins (`missed-vcf`,
    /// `lost-with-vcf`, searched with `vcf_limits` only when asked for; `missed-vct`,
    /// `lost-with-vct`, the VCT pass with the default VCT limits after the VCF pass). `unreadable` is a
    /// record that could not be read: no record given to [`Conditions::matches`] is one.
    pub finding: Option<FindingKind>,
    /// At least this many moves (passes counted).
    pub min_moves: Option<usize>,
    /// At most this many moves.
    pub max_moves: Option<usize>,
    /// Text in the black or the white player's name.
    pub player: Option<String>,
    /// Text in the event.
    pub event: Option<String>,
    /// Text in the rule.
    pub rule: Option<String>,
    /// The rules of the audit and of opening identification.
    pub settings: Settings,
    /// The bounds of each VCF search of `--finding missed-vcf` / `lost-with-vcf`.
    pub vcf_limits: renju_vcf::Limits,
}

fn contains(field: Option<&str>, text: &str) -> bool {
    field.is_some_and(|f| f.to_lowercase().contains(&text.to_lowercase()))
}

impl Conditions {
    /// Whether [`Conditions::matches`] runs the audit.
    #[must_use]
    pub fn needs_audit(&self) -> bool {
        self.end.is_some() || self.verdict.is_some() || self.finding.is_some()
    }

    /// Whether the record meets every condition.
    ///
    /// ```
    /// use renju_analyzer::End;
    /// use renju_archive::filter::{Conditions, parse_opening};
    /// use renju_notation::GameRecord;
    /// let mut g = GameRecord::new(15);
    /// g.moves = "h8 h9 i10 a1 j10 a2 k10 a3 l10 a4 m10".split(' ').map(|m| m.parse().unwrap()).collect();
    /// let mut c = Conditions { openings: vec![parse_opening("2D").unwrap()], ..Conditions::default() };
    /// assert!(c.matches(&g));
    /// c.end = Some(End::BlackFive);
    /// assert!(c.matches(&g));
    /// c.max_moves = Some(10);
    /// assert!(!c.matches(&g));
    /// ```
    #[must_use]
    pub fn matches(&self, record: &GameRecord) -> bool {
        self.matches_with(record, None)
    }

    /// Like [`Conditions::matches`], for a record validate salvages: `record.moves` holds the
    /// moves before `unreadable`, a move that could not be read. It is judged as validate
    /// judges it: its moves count the unreadable one, its audit is
    /// [`audit_with_unreadable`] (verdict `illegal`), its opening is that of the moves before.
    ///
    /// ```
    /// use renju_analyzer::{GameVerdict, UnreadableMove};
    /// use renju_archive::filter::Conditions;
    /// use renju_notation::GameRecord;
    /// let mut g = GameRecord::new(15);
    /// g.moves = "h8 h9".split(' ').map(|m| m.parse().unwrap()).collect();
    /// let bad = UnreadableMove { number: 3, text: "zz".into(), reason: "no such point".into() };
    /// let c = Conditions { verdict: Some(GameVerdict::Illegal), min_moves: Some(3), ..Conditions::default() };
    /// assert!(c.matches_with(&g, Some(&bad)));
    /// assert!(!c.matches(&g));
    /// ```
    #[must_use]
    pub fn matches_with(&self, record: &GameRecord, unreadable: Option<&UnreadableMove>) -> bool {
        let n = record.moves.len() + usize::from(unreadable.is_some());
        if self.min_moves.is_some_and(|m| n < m) || self.max_moves.is_some_and(|m| n > m) {
            return false;
        }
        if self.declared.is_some_and(|d| d != record.result) {
            return false;
        }
        if let Some(p) = &self.player
            && !contains(record.black.as_deref(), p)
            && !contains(record.white.as_deref(), p)
        {
            return false;
        }
        if let Some(e) = &self.event
            && !contains(record.event.as_deref(), e)
        {
            return false;
        }
        if let Some(r) = &self.rule
            && !contains(record.rule.as_deref(), r)
        {
            return false;
        }
        if !self.openings.is_empty() {
            let Some(code) = opening_code(record, &self.settings) else {
                return false;
            };
            if !self.openings.iter().any(|o| o.code() == code) {
                return false;
            }
        }
        if !self.needs_audit() {
            return true;
        }
        let a = match unreadable {
            Some(u) => audit_with_unreadable(record, &self.settings, u),
            None => audit(record, &self.settings),
        };
        if self.end.is_some_and(|e| e != a.end) || self.verdict.is_some_and(|v| v != a.verdict()) {
            return false;
        }
        if let Some(k) = self.finding {
            let found = match k {
                FindingKind::MissedVcf | FindingKind::LostWithVcf => {
                    missed_wins(record, &a, self.vcf_limits)
                        .iter()
                        .any(|m| m.kind() == k)
                }
                // the VCT pass, default VCT limits, after the VCF pass as validate runs it
                k if k.from_vct_pass() => renju_analyzer::missed::scan_game_with(
                    record,
                    &a,
                    &renju_analyzer::missed::ScanLimits::vcf(self.vcf_limits).with_default_vct(),
                )
                .missed
                .iter()
                .any(|m| m.kind() == k),
                FindingKind::Unreadable => false,
                k => a.has(k),
            };
            if !found {
                return false;
            }
        }
        true
    }
}
