//! Text for the command line: `corpus-tool openings identify h8 h9 i10` and
//! `corpus-tool openings table`.

use crate::catalogue::{NotAnOpeningError, catalogue, identify};
use crate::tables::small_diagram;
use renju_core::{Color, Point, PointError};
use std::fmt;
use std::fmt::Write as _;

/// Why [`identify_report`] could not name an opening.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum IdentifyError {
    /// An argument is not a point of the 15x15 board.
    BadPoint {
        /// 1-based position of the argument.
        index: usize,
        /// The text given.
        text: String,
        /// What is wrong with it.
        error: PointError,
    },
    /// The stones are not one of the 26 openings.
    NotAnOpening(NotAnOpeningError),
}

impl fmt::Display for IdentifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IdentifyError::BadPoint { index, text, error } => {
                write!(f, "move {index} '{text}': {error}")
            }
            IdentifyError::NotAnOpening(e) => write!(f, "not one of the 26 openings: {e}"),
        }
    }
}

impl std::error::Error for IdentifyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            IdentifyError::BadPoint { error, .. } => Some(error),
            IdentifyError::NotAnOpening(e) => Some(e),
        }
    }
}

/// Names the opening of the given moves (text such as `h8 h9 i10`, any orientation) and
/// shows both the stones as given and the standard orientation.
///
/// # Errors
/// [`IdentifyError`] for a bad coordinate or stones that are not one of the 26.
///
/// ```
/// let text = renju_openings::identify_report(&["h8", "g9", "g10"]).unwrap();
/// assert!(text.starts_with("2I 峡月"));
/// assert!(renju_openings::identify_report(&["h8", "h9", "z3"]).is_err());
/// ```
pub fn identify_report(moves: &[&str]) -> Result<String, IdentifyError> {
    let mut points = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let p: Point = text.parse().map_err(|error| IdentifyError::BadPoint {
            index: i + 1,
            text: (*text).to_string(),
            error,
        })?;
        points.push(p);
    }
    let found = identify(&points).map_err(IdentifyError::NotAnOpening)?;
    let o = found.opening;
    let given = [
        (points[0], Color::Black),
        (points[1], Color::White),
        (points[2], Color::Black),
    ];
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} {} ({}, {}), {} opening ({})",
        o.code(),
        o.name_ja(),
        o.name_zh(),
        o.romaji(),
        o.kind(),
        o.kind().name_zh()
    );
    let m = o.moves();
    let _ = writeln!(
        s,
        "given {} {} {}; {} maps it to the standard orientation {} {} {}",
        points[0], points[1], points[2], found.symmetry, m[0], m[1], m[2]
    );
    let _ = writeln!(s, "symmetry of the opening: {}", o.symmetry());
    let left: Vec<String> = small_diagram(&given).lines().map(String::from).collect();
    let right: Vec<String> = small_diagram(&o.stones())
        .lines()
        .map(String::from)
        .collect();
    let _ = writeln!(s, "\n{:<16}standard", "as given");
    for (l, r) in left.iter().zip(&right) {
        let _ = writeln!(s, "{l:<16}{r}");
    }
    Ok(s)
}

/// The 26 openings as a plain-text table with one line each.
///
/// ```
/// let t = renju_openings::table_text();
/// assert_eq!(t.lines().count(), 28); // header, rule, 26 rows
/// assert!(t.contains("7I   浦月"));
/// ```
#[must_use]
pub fn table_text() -> String {
    let mut s = String::from("code name       romaji      kind      moves        symmetry\n");
    s.push_str("---- ---------- ----------- --------- ------------ --------\n");
    for o in catalogue() {
        let m = o.moves();
        let moves = format!("{} {} {}", m[0], m[1], m[2]);
        // CJK characters take two columns on a terminal.
        let names = format!("{}/{}", o.name_ja(), o.name_zh());
        let width: usize = names
            .chars()
            .map(|c| if c.is_ascii() { 1 } else { 2 })
            .sum();
        let _ = writeln!(
            s,
            "{:<4} {}{} {:<11} {:<9} {:<12} {}",
            o.code(),
            names,
            " ".repeat(10usize.saturating_sub(width)),
            o.romaji(),
            o.kind().name(),
            moves,
            o.symmetry()
        );
    }
    s
}
