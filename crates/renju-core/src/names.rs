//! Names of field-less enums, written once for the whole workspace: [`names!`](crate::names!)
//! gives an enum its words (`name()`, `Display`, `FromStr`, serde) with one matching rule and
//! one error, [`UnknownNameError`].
//!
//! **The matching rule.** A text names a value when it equals the value's canonical name or one
//! of its listed aliases, ignoring ASCII case. Nothing else is folded: no trimming, and `_` or a
//! space is not read as `-` (list such a spelling as an alias when a format writes it).
//! `Display`, `name()` and serde always write the canonical name.

use std::fmt;

/// A text that names no value of an enum (see the [matching rule](crate::names!)).
///
/// It says what was being read, the text, and the canonical names accepted:
///
/// ```
/// use renju_core::{Foul, UnknownNameError};
/// let e: UnknownNameError = "3-3".parse::<Foul>().unwrap_err();
/// assert_eq!((e.kind(), e.text()), ("foul", "3-3"));
/// assert_eq!(e.expected(), ["double-three", "double-four", "overline"]);
/// assert_eq!(
///     e.to_string(),
///     "unknown foul '3-3' (expected double-three, double-four or overline)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownNameError {
    kind: &'static str,
    text: String,
    expected: &'static [&'static str],
}

impl UnknownNameError {
    /// The error for `text`, read as a `kind` (`"foul"`, `"rule set"`) whose canonical names are
    /// `expected`. [`names!`](crate::names!) builds it; a hand-written reader of names may too.
    ///
    /// ```
    /// use renju_core::UnknownNameError;
    /// let e = UnknownNameError::new("style", "bold", &["ascii", "unicode"]);
    /// assert_eq!(e.to_string(), "unknown style 'bold' (expected ascii or unicode)");
    /// ```
    #[must_use]
    pub fn new(kind: &'static str, text: &str, expected: &'static [&'static str]) -> Self {
        UnknownNameError {
            kind,
            text: text.to_string(),
            expected,
        }
    }

    /// What was being read (`foul`, `colour`, `rule set`, ...).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The text read.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The canonical names accepted (aliases are accepted too but not listed).
    #[must_use]
    pub fn expected(&self) -> &'static [&'static str] {
        self.expected
    }
}

impl fmt::Display for UnknownNameError {
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

impl std::error::Error for UnknownNameError {}

/// A field-less enum whose values have names, implemented by [`names!`](crate::names!).
///
/// Generic code (a command-line value parser, a table header, a serde adapter) reads the
/// names through it:
///
/// ```
/// use renju_core::{Convention, Named};
/// fn menu<T: Named>() -> String {
///     format!("{}: {}", T::KIND, T::names().join(" | "))
/// }
/// assert_eq!(menu::<Convention>(), "convention: lenient | strict");
/// assert_eq!(Convention::parse_name("STRICT"), Ok(Convention::Strict));
/// ```
pub trait Named: Copy + Sized + 'static {
    /// What a value is called in messages (`foul`, `colour`, `rule set`).
    const KIND: &'static str;

    /// Every value, in declaration order.
    fn values() -> &'static [Self];

    /// The canonical names, in the order of [`Named::values`].
    fn names() -> &'static [&'static str];

    /// The canonical name.
    fn name(self) -> &'static str;

    /// The value `text` names under the [matching rule](crate::names!), if any.
    fn from_name(text: &str) -> Option<Self>;

    /// [`Named::from_name`], with the error a user can act on.
    ///
    /// # Errors
    /// [`UnknownNameError`] naming the kind, the text and the canonical names.
    fn parse_name(text: &str) -> Result<Self, UnknownNameError> {
        Self::from_name(text).ok_or_else(|| UnknownNameError::new(Self::KIND, text, Self::names()))
    }
}

/// Gives a field-less enum its names: the one name macro of the workspace.
///
/// ```
/// #[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// pub enum Style {
///     /// Plain characters.
///     Ascii,
///     /// Box drawing.
///     Unicode,
/// }
///
/// renju_core::names! {
///     /// `ascii` or `unicode` (what `Display` writes and `FromStr` reads back).
///     Style: "text style" {
///         Ascii => "ascii" | "plain",
///         Unicode => "unicode",
///     }
/// }
///
/// assert_eq!(Style::Unicode.name(), "unicode");
/// assert_eq!(Style::Ascii.to_string(), "ascii");
/// assert_eq!("PLAIN".parse::<Style>(), Ok(Style::Ascii)); // an alias, any ASCII case
/// assert_eq!(Style::from_name("Unicode"), Some(Style::Unicode));
/// assert_eq!(Style::ALL, [Style::Ascii, Style::Unicode]);
/// assert_eq!(Style::ALL_NAMES, ["ascii", "unicode"]);
/// assert_eq!(
///     "bold".parse::<Style>().unwrap_err().to_string(),
///     "unknown text style 'bold' (expected ascii or unicode)"
/// );
/// ```
///
/// `names! { /// docs of name()  Type: "kind" { Variant => "name" | "alias" ..., ... } }` lists
/// every variant once (a missing one does not compile) and implements:
///
/// - `Type::ALL` (every value, in the order listed) and `Type::ALL_NAMES` (their canonical
///   names);
/// - `const fn name(self) -> &'static str`, documented by the doc comments given;
/// - `fn from_name(&str) -> Option<Type>` and `FromStr` (error [`UnknownNameError`]), both
///   under **one matching rule**: the text equals the canonical name or a listed alias,
///   ignoring ASCII case; nothing else is folded (no trimming, `_` is not `-`);
/// - `Display`, writing the canonical name;
/// - the trait [`Named`], with `"kind"` as [`Named::KIND`] (the word error messages use);
/// - with renju-core's `serde` feature, `Serialize` (the canonical name) and `Deserialize`
///   (any name the matching rule accepts; an unknown one is serde's `unknown variant` error
///   listing the canonical names). Do not also derive serde for the type.
#[macro_export]
macro_rules! names {
    (
        $(#[$doc:meta])*
        $ty:ident : $kind:literal {
            $($var:ident => $name:literal $(| $alias:literal)*),+ $(,)?
        }
    ) => {
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: [$ty; 0 $(+ $crate::names!(@one $var))+] = [$($ty::$var),+];

            /// The canonical name of every value, in the order of `ALL`.
            pub const ALL_NAMES: &'static [&'static str] = &[$($name),+];

            $(#[$doc])*
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$var => $name),+
                }
            }

            /// The value `text` names: its canonical name or an alias, ignoring ASCII case
            /// (the matching rule of `renju_core::names!`).
            #[must_use]
            pub fn from_name(text: &str) -> ::core::option::Option<$ty> {
                $(
                    if text.eq_ignore_ascii_case($name) $(|| text.eq_ignore_ascii_case($alias))* {
                        return ::core::option::Option::Some($ty::$var);
                    }
                )+
                ::core::option::Option::None
            }
        }

        impl $crate::Named for $ty {
            const KIND: &'static str = $kind;
            fn values() -> &'static [Self] {
                &$ty::ALL
            }
            fn names() -> &'static [&'static str] {
                $ty::ALL_NAMES
            }
            fn name(self) -> &'static str {
                $ty::name(self)
            }
            fn from_name(text: &str) -> ::core::option::Option<Self> {
                $ty::from_name(text)
            }
        }

        impl ::core::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::core::str::FromStr for $ty {
            type Err = $crate::UnknownNameError;
            fn from_str(text: &str) -> ::core::result::Result<Self, Self::Err> {
                <$ty as $crate::Named>::parse_name(text)
            }
        }

        $crate::__names_serde!($ty);
    };
    (@one $var:ident) => {
        1
    };
}

/// The serde half of [`names!`](crate::names!): implementations through the names when
/// renju-core's `serde` feature is on.
#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __names_serde {
    ($ty:ident) => {
        impl $crate::__private::serde::Serialize for $ty {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::__private::deserialize_named(deserializer)
            }
        }
    };
}

/// The serde half of [`names!`](crate::names!): nothing without renju-core's `serde` feature.
#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __names_serde {
    ($ty:ident) => {};
}

/// What the expansion of [`names!`](crate::names!) refers to; not an API.
#[doc(hidden)]
pub mod __private {
    #[cfg(feature = "serde")]
    pub use serde;

    /// Reads a [`Named`](crate::Named) value from a string through its names.
    #[cfg(feature = "serde")]
    pub fn deserialize_named<'de, D, T>(deserializer: D) -> Result<T, D::Error>
    where
        D: serde::Deserializer<'de>,
        T: crate::Named,
    {
        struct NameVisitor<T>(std::marker::PhantomData<T>);

        impl<T: crate::Named> serde::de::Visitor<'_> for NameVisitor<T> {
            type Value = T;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "a {} name", T::KIND)
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<T, E> {
                T::from_name(text).ok_or_else(|| E::unknown_variant(text, T::names()))
            }
        }

        deserializer.deserialize_str(NameVisitor(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Color, Convention, Direction, Foul, Named, Orientation, RuleSet, Symmetry};

    /// Every name and alias reads back to its value under the one rule, the lists are complete
    /// and distinct, and nothing but ASCII case is folded.
    #[test]
    fn every_name_round_trips() {
        fn check<T: Named + PartialEq + std::fmt::Debug + std::fmt::Display>() {
            assert_eq!(T::values().len(), T::names().len());
            for (&v, &n) in T::values().iter().zip(T::names()) {
                assert_eq!(v.to_string(), n);
                assert_eq!(T::from_name(n), Some(v));
                assert_eq!(T::from_name(&n.to_ascii_uppercase()), Some(v));
                assert_eq!(T::from_name(&format!(" {n}")), None, "no trimming");
                assert_eq!(
                    T::from_name(&n.replace('-', "_")).is_some(),
                    !n.contains('-')
                );
            }
            let mut sorted = T::names().to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), T::names().len(), "distinct names");
        }
        check::<Foul>();
        check::<Color>();
        check::<Convention>();
        check::<RuleSet>();
        check::<Direction>();
        check::<Symmetry>();
        check::<Orientation>();
        assert_eq!("DOUBLE-THREE".parse::<Foul>(), Ok(Foul::DoubleThree));
        assert_eq!(Foul::from_name("Double-Four"), Some(Foul::DoubleFour));
        assert_eq!("Gomoku".parse::<RuleSet>(), Ok(RuleSet::FreeStyle));
        assert_eq!("exact5".parse::<RuleSet>(), Ok(RuleSet::StandardGomoku));
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
        let e = "chess".parse::<RuleSet>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown rule set 'chess' (expected renju, freestyle or standard)"
        );
    }
}
