//! The one vocabulary of findings: [`FindingKind`], the word every report writes for a kind of
//! finding (the `findings` column of `corpus-tool validate`, its summary, `filter --finding`,
//! the HTML report's filter).

use crate::missed::MissedWin;
use crate::{Finding, GameAudit, GameVerdict};
use std::fmt;
use std::str::FromStr;

/// The kind of a finding: what the analyzer finds in a game ([`Finding::kind`]), what the
/// missed-wins scan finds ([`MissedWin::kind`]), and the kinds an auditor counts beside them
/// (`illegal`, `result-mismatch`, `unreadable`).
///
/// Declared in the byte order of the names, so that ordered maps keyed by it list the kinds
/// alphabetically; [`FindingKind::ALL`] is in that order. New kinds may come (hence
/// `#[non_exhaustive]`); a name, once written, stays.
///
/// ```
/// use renju_analyzer::FindingKind;
/// assert_eq!(FindingKind::LapsedFoul.name(), "lapsed-foul");
/// assert_eq!("Missed-VCF".parse::<FindingKind>(), Ok(FindingKind::MissedVcf));
/// assert_eq!(FindingKind::ALL.len(), 13);
/// assert_eq!(
///     "foul".parse::<FindingKind>().unwrap_err().to_string(),
///     "unknown finding kind 'foul' (expected first-move-off-centre, illegal, lapsed-foul, \
///      lost-with-vcf, lost-with-vct, missed-vcf, missed-vct, moves-after-end, not-an-opening, \
///      opening-protocol, result-mismatch, unclaimed-overline or unreadable)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum FindingKind {
    /// The first move of a renju game is not h8 ([`Finding::FirstMoveOffCentre`]).
    FirstMoveOffCentre,
    /// A move that cannot be played ([`GameAudit::illegal`]).
    Illegal,
    /// A 3-3 or 4-4 foul White did not claim ([`Finding::LapsedFoul`]).
    LapsedFoul,
    /// Declared lost by the side to move, which had a VCF on the final board
    /// ([`MissedWin::LostWithVcf`]).
    LostWithVcf,
    /// Declared lost by the side to move, which had a VCT (and no VCF) on the final board
    /// ([`MissedWin::LostWithVct`]; the VCT pass of the missed-wins scan).
    LostWithVct,
    /// The side to move had a VCF and played a move that starts none
    /// ([`MissedWin::MissedVcf`]).
    MissedVcf,
    /// The side to move had a VCT (and no VCF) and played a move that starts none
    /// ([`MissedWin::MissedVct`]; the VCT pass of the missed-wins scan).
    MissedVct,
    /// Moves follow the end of the game ([`Finding::MovesAfterEnd`]).
    MovesAfterEnd,
    /// The first three moves are not one of the 26 openings ([`Finding::NotAnOpening`]).
    NotAnOpening,
    /// The opening-rule data contradicts itself or its rule ([`Finding::OpeningProtocol`]).
    OpeningProtocol,
    /// The declared result contradicts the board ([`GameVerdict::ResultMismatch`]).
    ResultMismatch,
    /// An overline White never claimed ([`Finding::UnclaimedOverline`]).
    UnclaimedOverline,
    /// The record could not be read ([`GameVerdict::Unreadable`]; an auditor's own).
    Unreadable,
}

impl FindingKind {
    /// Every kind, in name order.
    pub const ALL: [FindingKind; 13] = [
        FindingKind::FirstMoveOffCentre,
        FindingKind::Illegal,
        FindingKind::LapsedFoul,
        FindingKind::LostWithVcf,
        FindingKind::LostWithVct,
        FindingKind::MissedVcf,
        FindingKind::MissedVct,
        FindingKind::MovesAfterEnd,
        FindingKind::NotAnOpening,
        FindingKind::OpeningProtocol,
        FindingKind::ResultMismatch,
        FindingKind::UnclaimedOverline,
        FindingKind::Unreadable,
    ];

    /// Every name, in the order of [`FindingKind::ALL`].
    pub const ALL_NAMES: [&'static str; 13] = [
        "first-move-off-centre",
        "illegal",
        "lapsed-foul",
        "lost-with-vcf",
        "lost-with-vct",
        "missed-vcf",
        "missed-vct",
        "moves-after-end",
        "not-an-opening",
        "opening-protocol",
        "result-mismatch",
        "unclaimed-overline",
        "unreadable",
    ];

    /// The name reports write: `first-move-off-centre` ... `unreadable`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FindingKind::FirstMoveOffCentre => "first-move-off-centre",
            FindingKind::Illegal => "illegal",
            FindingKind::LapsedFoul => "lapsed-foul",
            FindingKind::LostWithVcf => "lost-with-vcf",
            FindingKind::LostWithVct => "lost-with-vct",
            FindingKind::MissedVcf => "missed-vcf",
            FindingKind::MissedVct => "missed-vct",
            FindingKind::MovesAfterEnd => "moves-after-end",
            FindingKind::NotAnOpening => "not-an-opening",
            FindingKind::OpeningProtocol => "opening-protocol",
            FindingKind::ResultMismatch => "result-mismatch",
            FindingKind::UnclaimedOverline => "unclaimed-overline",
            FindingKind::Unreadable => "unreadable",
        }
    }

    /// The kind `text` names (its name, ignoring ASCII case), if any.
    #[must_use]
    pub fn from_name(text: &str) -> Option<FindingKind> {
        FindingKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(text))
    }

    /// The kind of an analyzer finding (the same as [`Finding::kind`]).
    #[must_use]
    pub const fn of(finding: &Finding) -> FindingKind {
        finding.kind()
    }

    /// Whether the kind is one [`crate::audit`] can report (every kind but the missed-wins
    /// scan's and `unreadable`, the auditor's own).
    #[must_use]
    pub const fn from_audit(self) -> bool {
        !self.from_missed_wins() && !matches!(self, FindingKind::Unreadable)
    }

    /// Whether the kind is one the missed-wins scan reports ([`MissedWin::kind`]):
    /// `missed-vcf`, `lost-with-vcf`, and, from its VCT pass, `missed-vct`, `lost-with-vct`.
    #[must_use]
    pub const fn from_missed_wins(self) -> bool {
        matches!(
            self,
            FindingKind::MissedVcf
                | FindingKind::LostWithVcf
                | FindingKind::MissedVct
                | FindingKind::LostWithVct
        )
    }

    /// Whether the kind is one only the missed-wins scan's VCT pass reports: `missed-vct`,
    /// `lost-with-vct`.
    #[must_use]
    pub const fn from_vct_pass(self) -> bool {
        matches!(self, FindingKind::MissedVct | FindingKind::LostWithVct)
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no [`FindingKind`]; its message lists every kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFindingKindError {
    text: String,
}

impl UnknownFindingKindError {
    /// The text that was read.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for UnknownFindingKindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (last, rest) = FindingKind::ALL_NAMES.split_last().unwrap_or((&"", &[]));
        write!(
            f,
            "unknown finding kind '{}' (expected {} or {last})",
            self.text,
            rest.join(", ")
        )
    }
}

impl std::error::Error for UnknownFindingKindError {}

impl FromStr for FindingKind {
    type Err = UnknownFindingKindError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FindingKind::from_name(s).ok_or_else(|| UnknownFindingKindError {
            text: s.to_string(),
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for FindingKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for FindingKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        FindingKind::from_name(&text)
            .ok_or_else(|| serde::de::Error::unknown_variant(&text, &FindingKind::ALL_NAMES))
    }
}

impl GameAudit {
    /// The kinds of what the audit found, each occurrence once, in the order an auditor counts
    /// them: `illegal` (a move that cannot be played), `result-mismatch` (the verdict), then
    /// each finding.
    ///
    /// ```
    /// use renju_analyzer::{FindingKind, Settings, audit};
    /// use renju_notation::{DeclaredResult, GameRecord};
    /// let mut r = GameRecord::new(15);
    /// r.result = DeclaredResult::White;
    /// r.moves = "g7 a1 h8 a2 i9 a3 j10 a4 k11".split(' ').map(|m| m.parse().unwrap()).collect();
    /// let a = audit(&r, &Settings::default());
    /// assert_eq!(a.kinds(), [FindingKind::ResultMismatch, FindingKind::FirstMoveOffCentre]);
    /// assert!(a.has(FindingKind::FirstMoveOffCentre));
    /// ```
    #[must_use]
    pub fn kinds(&self) -> Vec<FindingKind> {
        let illegal = self.illegal.is_some();
        let mismatch = self.verdict() == GameVerdict::ResultMismatch;
        // sized exactly: most records have no finding, and an empty vector allocates nothing
        let mut kinds =
            Vec::with_capacity(usize::from(illegal) + usize::from(mismatch) + self.findings.len());
        if illegal {
            kinds.push(FindingKind::Illegal);
        }
        if mismatch {
            kinds.push(FindingKind::ResultMismatch);
        }
        kinds.extend(self.findings.iter().map(Finding::kind));
        kinds
    }

    /// Whether the audit found something of `kind` (never for the missed-wins kinds and
    /// `unreadable`, which the audit does not report: see [`FindingKind::from_audit`]).
    #[must_use]
    pub fn has(&self, kind: FindingKind) -> bool {
        match kind {
            FindingKind::Illegal => self.illegal.is_some(),
            FindingKind::ResultMismatch => self.verdict() == GameVerdict::ResultMismatch,
            k => self.findings.iter().any(|f| f.kind() == k),
        }
    }
}

impl MissedWin {
    /// The kind: [`FindingKind::MissedVcf`], [`FindingKind::LostWithVcf`],
    /// [`FindingKind::MissedVct`] or [`FindingKind::LostWithVct`].
    #[must_use]
    pub const fn kind(&self) -> FindingKind {
        match self {
            MissedWin::MissedVcf { .. } => FindingKind::MissedVcf,
            MissedWin::LostWithVcf { .. } => FindingKind::LostWithVcf,
            MissedWin::MissedVct { .. } => FindingKind::MissedVct,
            MissedWin::LostWithVct { .. } => FindingKind::LostWithVct,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_in_order_distinct_and_read_back() {
        let names: Vec<&str> = FindingKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names, FindingKind::ALL_NAMES);
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(names, sorted, "declared in name order, distinct");
        let mut by_ord = FindingKind::ALL;
        by_ord.sort();
        assert_eq!(by_ord, FindingKind::ALL, "Ord follows the names");
        for k in FindingKind::ALL {
            assert_eq!(k.to_string().parse::<FindingKind>(), Ok(k));
            assert_eq!(k.name().to_ascii_uppercase().parse::<FindingKind>(), Ok(k));
        }
        assert!(" illegal".parse::<FindingKind>().is_err());
    }
}
