//! The name boilerplate, written once: an enum with a `name()` (its report word) gets
//! `Display` from it, and one with an `ALL` list and an error wrapping the text gets `FromStr`
//! (matched after trimming, lower-casing and reading `_` or a space as `-`).

/// `impl Display` writing `self.name()`.
macro_rules! display_by_name {
    ($($t:ty),+ $(,)?) => {$(
        impl ::std::fmt::Display for $t {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    )+};
}

/// `impl FromStr` finding the value of `ALL` whose `name()` matches, else `$err(text)`.
macro_rules! from_str_by_name {
    ($t:ty, $err:path) => {
        impl ::std::str::FromStr for $t {
            type Err = $err;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let want = $crate::names::fold(s);
                <$t>::ALL
                    .into_iter()
                    .find(|v| v.name() == want)
                    .ok_or_else(|| $err(s.to_string()))
            }
        }
    };
}

pub(crate) use {display_by_name, from_str_by_name};

/// A name as typed, folded for matching: trimmed, ASCII lower case, `_` and ` ` read as `-`.
pub(crate) fn fold(s: &str) -> String {
    s.trim().to_ascii_lowercase().replace(['_', ' '], "-")
}
