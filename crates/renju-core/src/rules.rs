//! Rule sets: how a game is won, and whether Black has fouls.

use crate::Color;

/// How a game is won ([docs/rules.md](https://github.com/renju-kit/renju-kit/blob/main/docs/rules.md) section 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
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

crate::names! {
    /// The command-line name: `renju`, `freestyle`, `standard` (also `Display`). `FromStr`
    /// reads these and the aliases `free-style`, `free`, `gomoku` (free-style) and
    /// `standard-gomoku`, `exact5`, `exact-five` (standard), in any ASCII case.
    ///
    /// ```
    /// use renju_core::RuleSet;
    /// assert_eq!(RuleSet::StandardGomoku.name(), "standard");
    /// assert_eq!("Free-Style".parse::<RuleSet>().unwrap().name(), "freestyle");
    /// ```
    RuleSet: "rule set" {
        Renju => "renju",
        FreeStyle => "freestyle" | "free-style" | "free" | "gomoku",
        StandardGomoku => "standard" | "standard-gomoku" | "exact5" | "exact-five",
    }
}

/// How a straight-four point that also makes a five on another line is read
/// ([docs/rules.md](https://github.com/renju-kit/renju-kit/blob/main/docs/rules.md) section 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Convention {
    /// Default: "five > foul > open four": such a point makes a five, not a straight four,
    /// so it does not make the three open (seed 000, Rapfi, CForbiddenPointFinder).
    #[default]
    Lenient,
    /// Such a point is a legal winning move, so the three is open (quintet).
    Strict,
}

crate::names! {
    /// `lenient` or `strict` (also `Display`; `FromStr` reads it back, in any ASCII case).
    ///
    /// ```
    /// use renju_core::Convention;
    /// assert_eq!(Convention::default().name(), "lenient");
    /// assert_eq!(Convention::Strict.to_string(), "strict");
    /// assert_eq!("strict".parse::<Convention>(), Ok(Convention::Strict));
    /// assert_eq!(Convention::ALL, [Convention::Lenient, Convention::Strict]); // default first
    /// ```
    Convention: "convention" {
        Lenient => "lenient",
        Strict => "strict",
    }
}
