//! The names of the small enums (`Foul`, `Color`, `Convention`, `RuleSet`, `Direction`,
//! `Symmetry`),
//! written once: [`named!`] gives an enum its `name()`, `Display`, `ALL_NAMES`, and (unless
//! the enum reads aliases of its own) `FromStr` with the shared [`UnknownName`] error.

use std::fmt;

/// A name that is none of an enum's names.
///
/// ```
/// use renju_core::{Foul, UnknownName};
/// let e = "3-3".parse::<Foul>().unwrap_err();
/// assert_eq!(e.text, "3-3");
/// assert_eq!(e.to_string(), "unknown foul '3-3' (expected double-three, double-four or overline)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    /// What was being read (`foul`, `colour`, ...).
    pub kind: &'static str,
    /// The text read.
    pub text: String,
    /// The names accepted.
    pub expected: &'static [&'static str],
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} '{}' (expected ", self.kind, self.text)?;
        for (i, n) in self.expected.iter().enumerate() {
            if i > 0 {
                let last = i + 1 == self.expected.len();
                f.write_str(if last { " or " } else { ", " })?;
            }
            f.write_str(n)?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownName {}

/// `named!(Type, "kind", { Variant => "name", ... }, /// docs of name())` implements the names;
/// add `from_str` after the kind to also implement `FromStr` (exact names only).
macro_rules! named {
    ($ty:ident, $kind:literal, from_str, { $($var:ident => $name:literal),+ $(,)? }, $(#[$doc:meta])*) => {
        named!($ty, $kind, { $($var => $name),+ }, $(#[$doc])*);

        impl std::str::FromStr for $ty {
            type Err = $crate::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $ty::from_exact_name(s).ok_or_else(|| $crate::UnknownName {
                    kind: $kind,
                    text: s.to_string(),
                    expected: $ty::ALL_NAMES,
                })
            }
        }
    };
    ($ty:ident, $kind:literal, { $($var:ident => $name:literal),+ $(,)? }, $(#[$doc:meta])*) => {
        impl $ty {
            /// Every name, in declaration order.
            pub const ALL_NAMES: &'static [&'static str] = &[$($name),+];

            $(#[$doc])*
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$var => $name),+
                }
            }

            /// The value with exactly this name.
            pub(crate) fn from_exact_name(s: &str) -> Option<$ty> {
                match s {
                    $($name => Some($ty::$var),)+
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

pub(crate) use named;

#[cfg(test)]
mod tests {
    use crate::{Color, Convention, Direction, Foul, RuleSet, Symmetry};

    /// Every name reads back to its value, and the name lists are complete and distinct.
    #[test]
    fn every_name_round_trips() {
        fn check<T: Copy + PartialEq + std::fmt::Debug + std::fmt::Display + std::str::FromStr>(
            all: &[T],
            names: &[&str],
        ) where
            T::Err: std::fmt::Debug,
        {
            assert_eq!(all.len(), names.len());
            for (v, n) in all.iter().zip(names) {
                assert_eq!(v.to_string(), *n);
                assert_eq!(n.parse::<T>().unwrap(), *v);
            }
            let mut sorted = names.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), names.len(), "distinct names");
        }
        check(
            &[Foul::DoubleThree, Foul::DoubleFour, Foul::Overline],
            Foul::ALL_NAMES,
        );
        check(&[Color::Black, Color::White], Color::ALL_NAMES);
        check(&Convention::ALL, Convention::ALL_NAMES);
        check(&RuleSet::ALL, RuleSet::ALL_NAMES);
        check(&Direction::ALL, Direction::ALL_NAMES);
        check(&Symmetry::ALL, Symmetry::ALL_NAMES);
        let e = "sideways".parse::<Direction>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown direction 'sideways' (expected horizontal, vertical, diagonal or anti-diagonal)"
        );
        let e = "grey".parse::<Color>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown colour 'grey' (expected black or white)"
        );
    }
}
