//! The name boilerplate of this crate (`display_by_name!`, `from_str_by_name!`), kept here
//! until its enums use `renju_core::names!`, the workspace's one name macro.

/// `impl Display` writing `self.name()`, for each type given.
macro_rules! display_by_name {
    ($($t:ty),+ $(,)?) => {$(
        impl ::std::fmt::Display for $t {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    )+};
}

/// `impl FromStr` finding the value of `ALL` whose `name()` matches the text trimmed, in ASCII
/// lower case, with `_` and ` ` read as `-`; else `$err(text)`.
macro_rules! from_str_by_name {
    ($t:ty, $err:path) => {
        impl ::std::str::FromStr for $t {
            type Err = $err;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let want = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
                <$t>::ALL
                    .into_iter()
                    .find(|v| v.name() == want)
                    .ok_or_else(|| $err(s.to_string()))
            }
        }
    };
}

pub(crate) use {display_by_name, from_str_by_name};
