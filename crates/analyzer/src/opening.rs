//! The opening of a renju game: is it one of the 26, and did the record follow its opening rule.
//!
//! The 26 openings and the opening-rule protocols belong to the `openings` crate: [`identify`]
//! asks `openings::identify` for the name (code) and keeps a canonical form of its own (direct
//! or indirect, black 3 after the symmetry that puts white 2 on h9 or i9); [`check_protocol`]
//! checks the record's own declarations and then replays its opening data through the named
//! rule's state machine (`openings::check`), which also enforces areas and the rule that offered
//! 5th moves must not be symmetric equivalents.

use notation::GameRecord;
use openings::{OpeningRule, OpeningTranscript, RecordedOpening, Violation};
use renju_core::{Move, Point, RENJU_SIZE, Symmetry};
use std::fmt;

/// Whether white 2 touches black 1 along a line or a diagonal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// White 2 beside h8 on a row or column (直指, canonical h9).
    Direct,
    /// White 2 diagonally next to h8 (斜指, canonical i9).
    Indirect,
}

impl Family {
    /// `direct` or `indirect`.
    ///
    /// ```
    /// use analyzer::opening::Family;
    /// assert_eq!(Family::Direct.name(), "direct");
    /// assert_eq!(Family::Indirect.name(), "indirect");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Family::Direct => "direct",
            Family::Indirect => "indirect",
        }
    }
}

/// What the first three moves of a game are, as an opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opening {
    /// Not examined: not a renju game on the 15x15 board.
    NotApplicable,
    /// The record has fewer than three moves.
    TooShort,
    /// One of the 26 openings.
    Identified {
        /// The RIF code (`1D`..`13D`, `1I`..`13I`) from the `openings` catalogue (`None` only if
        /// the catalogue did not recognise stones this module accepted, which a test rules out).
        code: Option<&'static str>,
        /// Direct or indirect.
        family: Family,
        /// Black 3 after mapping white 2 to h9 (direct) or i9 (indirect); of the two
        /// symmetries that do so, the one giving the smaller point (column first).
        canonical_third: Point,
        /// The symmetry that maps the record's stones onto the canonical form.
        symmetry: Symmetry,
    },
    /// The first three moves are not one of the 26 openings.
    NotAnOpening(NotAnOpening),
}

/// Why the first three moves are not one of the 26 openings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NotAnOpening {
    /// One of the first three moves is a pass (1-based move number).
    Pass(usize),
    /// Black 1 is not on h8.
    FirstOffCentre(Point),
    /// White 2 does not touch h8.
    SecondNotAdjacent(Point),
    /// Black 3 lies outside the 5x5 area around h8.
    ThirdOutside(Point),
}

impl fmt::Display for NotAnOpening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotAnOpening::Pass(n) => write!(f, "move {n} is a pass"),
            NotAnOpening::FirstOffCentre(p) => write!(f, "black 1 is on {p}, not h8"),
            NotAnOpening::SecondNotAdjacent(p) => write!(f, "white 2 on {p} does not touch h8"),
            NotAnOpening::ThirdOutside(p) => {
                write!(f, "black 3 on {p} is outside the 5x5 area around h8")
            }
        }
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opening::NotApplicable => f.write_str("not examined (not a 15x15 renju game)"),
            Opening::TooShort => f.write_str("fewer than three moves"),
            Opening::Identified {
                code: Some(code), ..
            } => write!(f, "opening {code}"),
            Opening::Identified {
                family,
                canonical_third,
                ..
            } => write!(
                f,
                "{} opening, black 3 on {canonical_third} (after the symmetry)",
                family.name()
            ),
            Opening::NotAnOpening(why) => write!(f, "not one of the 26 openings: {why}"),
        }
    }
}

/// Which of the 26 openings the first three moves form.
///
/// The checks follow `RULES.md` section 6; the code comes from `openings::identify`.
///
/// ```
/// use analyzer::opening::{Family, Opening, identify};
/// use renju_core::Move;
/// let mv = |s: &str| s.parse::<Move>().unwrap();
/// // h8, g8 (direct: maps to h9), i10.
/// match identify(&[mv("h8"), mv("g8"), mv("i10")]) {
///     Opening::Identified { family, .. } => assert_eq!(family, Family::Direct),
///     other => panic!("{other}"),
/// }
/// assert!(matches!(identify(&[mv("h8"), mv("h9"), mv("l8")]), Opening::NotAnOpening(_)));
/// ```
#[must_use]
pub fn identify(moves: &[Move]) -> Opening {
    let [m1, m2, m3, ..] = moves else {
        return Opening::TooShort;
    };
    let mut pts = [Point::CENTER; 3];
    for (i, m) in [m1, m2, m3].into_iter().enumerate() {
        match m {
            Move::Stone(p) => pts[i] = *p,
            Move::Pass => return Opening::NotAnOpening(NotAnOpening::Pass(i + 1)),
        }
    }
    let [b1, w2, b3] = pts;
    if b1 != Point::CENTER {
        return Opening::NotAnOpening(NotAnOpening::FirstOffCentre(b1));
    }
    if w2.distance(Point::CENTER) != 1 {
        return Opening::NotAnOpening(NotAnOpening::SecondNotAdjacent(w2));
    }
    if b3.distance(Point::CENTER) > 2 || b3 == w2 || b3 == b1 {
        return Opening::NotAnOpening(NotAnOpening::ThirdOutside(b3));
    }
    let family = if w2.col() == b1.col() || w2.row() == b1.row() {
        Family::Direct
    } else {
        Family::Indirect
    };
    let target = match family {
        Family::Direct => Point::new(7, 8),
        Family::Indirect => Point::new(8, 8),
    }
    .unwrap_or(Point::CENTER);
    let mut best: Option<(Point, Symmetry)> = None;
    for s in Symmetry::ALL {
        if s.apply(w2, RENJU_SIZE) != target {
            continue;
        }
        let t = s.apply(b3, RENJU_SIZE);
        if best.is_none_or(|(q, _)| (t.col(), t.row()) < (q.col(), q.row())) {
            best = Some((t, s));
        }
    }
    match best {
        Some((canonical_third, symmetry)) => Opening::Identified {
            code: openings::identify(&pts).ok().map(|id| id.opening.code()),
            family,
            canonical_third,
            symmetry,
        },
        // Unreachable for an adjacent white 2, but never panic.
        None => Opening::NotAnOpening(NotAnOpening::SecondNotAdjacent(w2)),
    }
}

/// A way the record's opening-rule data contradicts itself or its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProtocolProblem {
    /// The named opening rule's protocol is broken (the `openings` crate's verdict).
    Rule {
        /// The rule, as the record names it.
        rule: OpeningRule,
        /// The first violation.
        violation: Violation,
    },
    /// The record lists 5th-move offers, but the 5th move played is not among them.
    FifthNotOffered {
        /// The 5th move as played (`None`: the game has fewer than 5 moves or it is a pass).
        played: Option<Point>,
    },
    /// The number of offers differs from the declared number (or from 2 under RIF).
    OfferCount {
        /// How many the rule or the record declares.
        expected: usize,
        /// How many the record lists.
        offered: usize,
    },
    /// The same point is offered twice.
    DuplicateOffer(Point),
}

impl fmt::Display for ProtocolProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolProblem::FifthNotOffered { played: Some(p) } => {
                write!(f, "the 5th move {p} is not one of the offered 5th moves")
            }
            ProtocolProblem::FifthNotOffered { played: None } => {
                f.write_str("5th-move offers are listed but no 5th stone was played")
            }
            ProtocolProblem::OfferCount { expected, offered } => write!(
                f,
                "{offered} 5th-move offers listed where the rule asks for {expected}"
            ),
            ProtocolProblem::DuplicateOffer(p) => write!(f, "5th move {p} is offered twice"),
            ProtocolProblem::Rule { rule, violation } => write!(f, "{}: {violation}", rule.name()),
        }
    }
}

/// Checks the record's 5th-move offers against its own declarations: the kept offer is the
/// 5th move, the count matches the declared number (2 under a rule named RIF), no point is
/// offered twice; then, when the record names a known opening rule, its stones, swaps and
/// offers must follow that rule's protocol (`openings::check`: areas, who places what,
/// non-equivalent offers). Returns the first problem found.
///
/// ```
/// use analyzer::opening::{check_protocol, ProtocolProblem};
/// use notation::GameRecord;
/// use renju_core::{Move, Point};
/// let mut r = GameRecord::new(15);
/// for m in "h8 h9 h10 i9 j9 g9".split(' ') {
///     r.moves.push(m.parse::<Move>().unwrap());
/// }
/// r.rule = Some("RIF".into());
/// r.fifth_offers = vec!["j9".parse::<Point>().unwrap(), "g11".parse().unwrap()];
/// assert_eq!(check_protocol(&r), None);
/// r.fifth_offers.pop();
/// assert_eq!(check_protocol(&r), Some(ProtocolProblem::OfferCount { expected: 2, offered: 1 }));
/// ```
#[must_use]
pub fn check_protocol(record: &GameRecord) -> Option<ProtocolProblem> {
    let offers = &record.fifth_offers;
    if offers.is_empty() {
        return check_rule(record);
    }
    let played = record.moves.get(4).and_then(|m| m.point());
    if played.is_none_or(|p| !offers.contains(&p)) {
        return Some(ProtocolProblem::FifthNotOffered { played });
    }
    for (i, p) in offers.iter().enumerate() {
        if offers[..i].contains(p) {
            return Some(ProtocolProblem::DuplicateOffer(*p));
        }
    }
    let expected = match record.declared_offers {
        Some(n) => Some(usize::from(n)),
        None => record
            .rule
            .as_deref()
            .is_some_and(|r| r.trim().eq_ignore_ascii_case("rif"))
            .then_some(2),
    };
    match expected {
        Some(e) if e != offers.len() => Some(ProtocolProblem::OfferCount {
            expected: e,
            offered: offers.len(),
        }),
        _ => check_rule(record),
    }
}

/// Replays the record's opening (stones, swap decisions, offers) through the state machine of
/// the rule it names. Only records that name a known rule and carry swaps or offers are
/// checked; a game that ended before its opening did is not held against the rule.
fn check_rule(record: &GameRecord) -> Option<ProtocolProblem> {
    if record.fifth_offers.is_empty() && record.swaps.is_empty() {
        return None;
    }
    let rule = OpeningRule::from_name(record.rule.as_deref()?).ok()?;
    let stones: Vec<Point> = record.moves.iter().map_while(|m| m.point()).collect();
    let swaps: Vec<(usize, bool)> = record
        .swaps
        .iter()
        .map(|s| (s.after_move, s.swapped))
        .collect();
    let rec = RecordedOpening {
        board_size: record.board_size,
        moves: &stones,
        fifth_offers: &record.fifth_offers,
        declared_offers: record.declared_offers,
        swaps: &swaps,
    };
    let transcript = OpeningTranscript::reconstruct(rule, &rec)?;
    match openings::check(rule, &transcript) {
        Ok(()) | Err(Violation::Incomplete { .. }) => None,
        Err(violation) => Some(ProtocolProblem::Rule { rule, violation }),
    }
}
