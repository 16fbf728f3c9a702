//! Rule sets: how a game is won, and whether Black has fouls.

use crate::Color;
use crate::names::named;
use std::fmt;
use std::str::FromStr;

/// How a game is won (see `RULES.md` section 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum RuleSet {
    /// Renju: Black has fouls and wins only with exactly five; White wins with five or more.
    #[default]
    Renju,
    /// Free-style gomoku: five or more wins for both, no fouls.
    FreeStyle,
    /// Standard gomoku: exactly five wins for both; an overline neither wins nor loses.
    StandardGomoku,
}

impl RuleSet {
    /// Every rule set.
    pub const ALL: [RuleSet; 3] = [RuleSet::Renju, RuleSet::FreeStyle, RuleSet::StandardGomoku];

    /// Whether Black's moves are checked for fouls.
    ///
    /// ```
    /// use renju_core::RuleSet;
    /// assert!(RuleSet::Renju.has_fouls());
    /// assert!(!RuleSet::FreeStyle.has_fouls() && !RuleSet::StandardGomoku.has_fouls());
    /// ```
    #[must_use]
    pub const fn has_fouls(self) -> bool {
        matches!(self, RuleSet::Renju)
    }

    /// Whether `color` wins only with exactly five (a longer row does not win).
    ///
    /// ```
    /// use renju_core::{Color, RuleSet};
    /// assert!(RuleSet::Renju.exact_five(Color::Black));
    /// assert!(!RuleSet::Renju.exact_five(Color::White));
    /// assert!(!RuleSet::FreeStyle.exact_five(Color::Black));
    /// ```
    #[must_use]
    pub const fn exact_five(self, color: Color) -> bool {
        match self {
            RuleSet::Renju => matches!(color, Color::Black),
            RuleSet::FreeStyle => false,
            RuleSet::StandardGomoku => true,
        }
    }

    /// Whether a row of `len` stones of `color` wins.
    ///
    /// ```
    /// use renju_core::{Color, RuleSet};
    /// assert!(!RuleSet::Renju.is_win(Color::Black, 6)); // a black overline does not win
    /// assert!(RuleSet::Renju.is_win(Color::White, 6));
    /// assert!(!RuleSet::StandardGomoku.is_win(Color::White, 6));
    /// assert!(RuleSet::FreeStyle.is_win(Color::Black, 7));
    /// ```
    #[must_use]
    pub const fn is_win(self, color: Color, len: usize) -> bool {
        if self.exact_five(color) {
            len == 5
        } else {
            len >= 5
        }
    }
}

named!(RuleSet, "rule set", {
    Renju => "renju",
    FreeStyle => "freestyle",
    StandardGomoku => "standard",
},
    /// The command-line name: `renju`, `freestyle`, `standard` (also `Display`; `FromStr`
    /// reads these and a few aliases).
    ///
    /// ```
    /// use renju_core::RuleSet;
    /// assert_eq!(RuleSet::StandardGomoku.name(), "standard");
    /// assert_eq!("free-style".parse::<RuleSet>().unwrap().name(), "freestyle");
    /// ```
);

/// A rule-set name that is not known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRuleSet(pub String);

impl fmt::Display for UnknownRuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rule set '{}' (expected renju, freestyle or standard)",
            self.0
        )
    }
}

impl std::error::Error for UnknownRuleSet {}

impl FromStr for RuleSet {
    type Err = UnknownRuleSet;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let norm = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        if let Some(r) = RuleSet::from_exact_name(&norm) {
            return Ok(r);
        }
        match norm.as_str() {
            "free-style" | "gomoku" | "free" => Ok(RuleSet::FreeStyle),
            "standard-gomoku" | "exact5" | "exact-five" => Ok(RuleSet::StandardGomoku),
            _ => Err(UnknownRuleSet(s.to_string())),
        }
    }
}

/// How a straight-four point that also makes a five on another line is read
/// (see `RULES.md` section 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Convention {
    /// Default: "five > foul > open four": such a point makes a five, not a straight four,
    /// so it does not make the three open (seed 000, Rapfi, CForbiddenPointFinder).
    #[default]
    Lenient,
    /// Such a point is a legal winning move, so the three is open (quintet).
    Strict,
}

impl Convention {
    /// Both conventions, default first.
    pub const ALL: [Convention; 2] = [Convention::Lenient, Convention::Strict];
}

named!(Convention, "convention", from_str, {
    Lenient => "lenient",
    Strict => "strict",
},
    /// `lenient` or `strict` (also `Display`; `FromStr` reads it back).
    ///
    /// ```
    /// use renju_core::Convention;
    /// assert_eq!(Convention::default().name(), "lenient");
    /// assert_eq!(Convention::Strict.to_string(), "strict");
    /// assert_eq!("strict".parse::<Convention>(), Ok(Convention::Strict));
    /// ```
);
