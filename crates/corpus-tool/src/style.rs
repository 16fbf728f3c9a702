//! One summary style for every archive command (`validate`, `openings stats`, `dedupe`,
//! `search`, `filter`): counts with thousands separators ([`thousands`]), nouns with correct
//! plurals ([`count`]), long lists of paths summed up per folder ([`by_folder`]) or cut to
//! their first few ([`first_few`]), and `none` for an empty list ([`or_none`]).
//!
//! ```
//! use corpus_tool::style::{by_folder, count, thousands};
//! assert_eq!(thousands(147_229), "147,229");
//! assert_eq!(count(1, "record", "records"), "1 record");
//! assert_eq!(count(2_000, "entry", "entries"), "2,000 entries");
//! let paths = ["a/x.md".to_string(), "a/y.md".to_string(), "b/z.md".to_string()];
//! assert_eq!(by_folder(&paths, "every file in --json"), "2 in a/, 1 in b/ (every file in --json)");
//! ```

use std::fmt::Display;

/// How many items a summary line names before it says how many more there are.
pub const FEW: usize = 3;

/// An integer with a comma between groups of three digits: `1234567` as `1,234,567`.
#[must_use]
pub fn thousands(n: impl Display) -> String {
    let s = n.to_string();
    let (sign, digits) = s.strip_prefix('-').map_or(("", s.as_str()), |d| ("-", d));
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    out.push_str(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` and the noun that goes with it: `1 file`, `2 files`, `1,024 entries`.
#[must_use]
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// `""` for one, `"s"` for any other number (for nouns whose plural adds an s).
#[must_use]
pub const fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `text`, or `none` when it is empty.
#[must_use]
pub fn or_none(text: String) -> String {
    if text.is_empty() {
        "none".to_string()
    } else {
        text
    }
}

/// The first [`FEW`] items joined with `, `, then `(3 of 6; all in WHERE)` when there are
/// more.
#[must_use]
pub fn first_few(items: &[&str], all_in: &str) -> String {
    let shown = items[..items.len().min(FEW)].join(", ");
    if items.len() > FEW {
        format!(
            "{shown} ({FEW} of {}; all in {all_in})",
            thousands(items.len())
        )
    } else {
        shown
    }
}

/// Paths summed up by folder, in one line, then where every path is listed (`all`):
/// `66 in corpus/fouls/, 1 in corpus/games/ (every file in --json)`; past [`FEW`] folders,
/// `... (3 of 12 folders; every file in --json)`.
#[must_use]
pub fn by_folder(paths: &[String], all: &str) -> String {
    let mut folders: Vec<(String, usize)> = Vec::new();
    for p in paths {
        let folder = match std::path::Path::new(p).parent() {
            Some(d) if !d.as_os_str().is_empty() => format!("{}/", d.display()),
            _ => "./".to_string(),
        };
        match folders.iter_mut().find(|(f, _)| *f == folder) {
            Some((_, n)) => *n += 1,
            None => folders.push((folder, 1)),
        }
    }
    let parts: Vec<String> = folders
        .iter()
        .map(|(f, n)| format!("{} in {f}", thousands(n)))
        .collect();
    if parts.len() > FEW {
        format!(
            "{} ({FEW} of {} folders; {all})",
            parts[..FEW].join(", "),
            thousands(parts.len())
        )
    } else {
        format!("{} ({all})", parts.join(", "))
    }
}

/// `1st`, `2nd`, `3rd`, `11th`...
#[must_use]
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_of_every_size_and_sign() {
        let cases = [
            (0i64, "0"),
            (7, "7"),
            (999, "999"),
            (1_000, "1,000"),
            (12_345, "12,345"),
            (147_229, "147,229"),
            (1_000_000, "1,000,000"),
            (-1_234, "-1,234"),
        ];
        for (n, text) in cases {
            assert_eq!(thousands(n), text);
        }
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn plurals_and_ordinals() {
        assert_eq!(count(0, "file", "files"), "0 files");
        assert_eq!(count(1, "file", "files"), "1 file");
        assert_eq!(count(1_001, "record", "records"), "1,001 records");
        let ords: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .map(ordinal)
            .to_vec();
        assert_eq!(
            ords,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }

    #[test]
    fn long_lists_are_cut_and_folders_summed() {
        assert_eq!(first_few(&["a", "b"], "--json"), "a, b");
        assert_eq!(
            first_few(&["a", "b", "c", "d"], "--json"),
            "a, b, c (3 of 4; all in --json)"
        );
        let paths: Vec<String> = (0..5)
            .flat_map(|f| (0..2).map(move |i| format!("d{f}/x{i}.md")))
            .collect();
        assert_eq!(
            by_folder(&paths, "every file in --json"),
            "2 in d0/, 2 in d1/, 2 in d2/ (3 of 5 folders; every file in --json)"
        );
        assert_eq!(
            by_folder(&["top.md".to_string()], "each on stderr"),
            "1 in ./ (each on stderr)"
        );
        assert_eq!(or_none(String::new()), "none");
    }
}
