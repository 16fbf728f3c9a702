//! The name boilerplate of this crate and of `analyzer`, written once: an enum with a
//! `name()` (its report word) gets `Display` from it ([`display_by_name!`](crate::display_by_name)),
//! and one with an `ALL` list and an error wrapping the text gets `FromStr`
//! ([`from_str_by_name!`](crate::from_str_by_name), matched after trimming, lower-casing and
//! reading `_` or a space as `-`).

/// `impl Display` writing `self.name()`, for each type given.
#[doc(hidden)]
#[macro_export]
macro_rules! display_by_name {
    ($($t:ty),+ $(,)?) => {$(
        impl ::std::fmt::Display for $t {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    )+};
}

/// `impl FromStr` finding the value of `ALL` whose `name()` matches the folded text, else
/// `$err(text)`.
#[doc(hidden)]
#[macro_export]
macro_rules! from_str_by_name {
    ($t:ty, $err:path) => {
        impl ::std::str::FromStr for $t {
            type Err = $err;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let want = $crate::fold_name(s);
                <$t>::ALL
                    .into_iter()
                    .find(|v| v.name() == want)
                    .ok_or_else(|| $err(s.to_string()))
            }
        }
    };
}

/// A name as typed, folded for [`from_str_by_name!`](crate::from_str_by_name): trimmed, ASCII
/// lower case, `_` and ` ` read as `-`.
///
/// ```
/// assert_eq!(renju_openings::fold_name(" Foul_Loses "), "foul-loses");
/// ```
#[doc(hidden)]
#[must_use]
pub fn fold_name(s: &str) -> String {
    s.trim().to_ascii_lowercase().replace(['_', ' '], "-")
}
