//! What the adjudication assumes: rule set, foul convention and claim policy.

use renju_core::{Convention, RuleSet};
use std::fmt;

/// When a Black foul decides the game ([docs/rules.md §6](https://github.com/renju-kit/renju-kit/blob/main/docs/rules.md#6-when-a-foul-decides-the-game-claim-policies)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ClaimPolicy {
    /// Tournament rule (default): White must claim a 3-3 or 4-4 foul at once, which the record
    /// shows by ending right after it; if any move follows, the foul lapsed. An overline stays
    /// claimable until Black makes five.
    #[default]
    Claim,
    /// The first foul ends the game as a White win (online play).
    FoulLoses,
    /// A forbidden point cannot be played at all: a foul in the record is an illegal move.
    Refuse,
}

impl ClaimPolicy {
    /// Every policy, default first.
    pub const ALL: [ClaimPolicy; 3] = [
        ClaimPolicy::Claim,
        ClaimPolicy::FoulLoses,
        ClaimPolicy::Refuse,
    ];

    /// The command-line name: `claim`, `foul-loses`, `refuse`.
    ///
    /// ```
    /// use renju_analyzer::ClaimPolicy;
    /// assert_eq!(ClaimPolicy::FoulLoses.name(), "foul-loses");
    /// assert_eq!("refuse".parse::<ClaimPolicy>(), Ok(ClaimPolicy::Refuse));
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ClaimPolicy::Claim => "claim",
            ClaimPolicy::FoulLoses => "foul-loses",
            ClaimPolicy::Refuse => "refuse",
        }
    }
}

/// A claim-policy name that is not known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownClaimPolicy(pub String);

impl fmt::Display for UnknownClaimPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown claim policy '{}' (expected claim, foul-loses or refuse)",
            self.0
        )
    }
}

impl std::error::Error for UnknownClaimPolicy {}

crate::names::display_by_name!(ClaimPolicy);
crate::names::from_str_by_name!(ClaimPolicy, UnknownClaimPolicy);

/// Everything the adjudication depends on besides the record.
///
/// ```
/// use renju_analyzer::{ClaimPolicy, Settings};
/// use renju_core::{Convention, RuleSet};
/// let s = Settings::default();
/// assert_eq!((s.rules, s.convention, s.claim), (RuleSet::Renju, Convention::Lenient, ClaimPolicy::Claim));
/// assert_eq!(s.to_string(), "rules renju, convention lenient, claim policy claim");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Settings {
    /// How a game is won and whether Black has fouls.
    pub rules: RuleSet,
    /// How a straight-four point that also makes five is read.
    pub convention: Convention,
    /// When a foul decides the game.
    pub claim: ClaimPolicy,
}

impl Settings {
    /// Settings with these three choices.
    ///
    /// ```
    /// use renju_analyzer::{ClaimPolicy, Settings};
    /// use renju_core::{Convention, RuleSet};
    /// let s = Settings::new(RuleSet::Renju, Convention::Strict, ClaimPolicy::FoulLoses);
    /// assert_eq!(s.to_string(), "rules renju, convention strict, claim policy foul-loses");
    /// assert_eq!(Settings::default().to_string(), "rules renju, convention lenient, claim policy claim");
    /// ```
    #[must_use]
    pub const fn new(rules: RuleSet, convention: Convention, claim: ClaimPolicy) -> Settings {
        Settings {
            rules,
            convention,
            claim,
        }
    }
}

impl fmt::Display for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rules {}, convention {}, claim policy {}",
            self.rules, self.convention, self.claim
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for c in ClaimPolicy::ALL {
            assert_eq!(c.to_string().parse::<ClaimPolicy>(), Ok(c));
            assert_eq!(c.name().to_uppercase().parse::<ClaimPolicy>(), Ok(c));
        }
        assert_eq!(
            "foul_loses".parse::<ClaimPolicy>(),
            Ok(ClaimPolicy::FoulLoses)
        );
        let err = "claims".parse::<ClaimPolicy>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown claim policy 'claims' (expected claim, foul-loses or refuse)"
        );
        assert_eq!(ClaimPolicy::default(), ClaimPolicy::Claim);
    }
}
