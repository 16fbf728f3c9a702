//! The opening of a renju game: is it one of the 26, and did the record follow its opening rule.
//!
//! The 26 openings and the opening-rule protocols belong to the `openings` crate: [`identify`]
//! asks `renju_openings::identify` for the name (code) and keeps a canonical form of its own (direct
//! or indirect, black 3 after the symmetry that puts white 2 on h9 or i9); [`check_opening`]
//! judges the record's opening data against the rule it names (`renju_openings::check_record`:
//! areas, swap decisions placed by the rule, offers and their symmetry) and returns every
//! problem and an [`OpeningNote`] for each check the record's data does not allow (missing data
//! is never a problem); [`check_protocol`] is its first problem. [`RuleName`] reads the rule
//! field (RenjuNet spellings, case and accents ignored).

use renju_core::{Move, Point, RENJU_SIZE, Symmetry};
use renju_notation::GameRecord;
use renju_openings::{
    NotCheckable, Offers, OpeningRecord, OpeningRule, ParseOpeningRuleError, RecordViolation,
    Swaps, Violation,
};
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
    /// use renju_analyzer::opening::Family;
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
#[non_exhaustive]
pub enum Opening {
    /// Not examined: not a renju game on the 15x15 board.
    NotApplicable,
    /// The record has fewer than three moves.
    TooShort,
    /// Not examined: stones are set up (not played) before move 7, so the opening was not
    /// played from the empty board.
    SetUp,
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
            Opening::SetUp => f.write_str(
                "not examined (a set-up position: stones set up, not played, before move 7)",
            ),
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
/// The checks follow [docs/rules.md §8](https://github.com/renju-kit/renju-kit/blob/main/docs/rules.md#8-opening-rules);
/// the code comes from `renju_openings::identify`.
///
/// ```
/// use renju_analyzer::opening::{Family, Opening, identify};
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
            code: renju_openings::identify(&pts)
                .ok()
                .map(|id| id.opening.code()),
            family,
            canonical_third,
            symmetry,
        },
        // Unreachable for an adjacent white 2, but never panic.
        None => Opening::NotAnOpening(NotAnOpening::SecondNotAdjacent(w2)),
    }
}

/// The opening of a record as the audit names it: [`Opening::NotApplicable`] unless the rules
/// are renju on the 15x15 board, [`Opening::SetUp`] when stones are set up before move 7,
/// else [`identify`] on its moves.
///
/// ```
/// use renju_analyzer::{Opening, Settings, opening::of_record};
/// use renju_notation::{GameRecord, SetupStone};
/// let mut r = GameRecord::new(15);
/// r.moves = "h8 h9 i10".split(' ').map(|m| m.parse().unwrap()).collect();
/// assert!(matches!(of_record(&r, &Settings::default()), Opening::Identified { code: Some("2D"), .. }));
/// r.setup.push(SetupStone { after_move: 0, point: "a1".parse().unwrap(), stone: None });
/// assert_eq!(of_record(&r, &Settings::default()), Opening::SetUp);
/// ```
#[must_use]
pub fn of_record(record: &GameRecord, settings: &crate::Settings) -> Opening {
    if settings.rules != renju_core::RuleSet::Renju || record.board_size != RENJU_SIZE {
        Opening::NotApplicable
    } else if crate::setup::opening_set_up(&record.setup, record.moves.len()).is_some() {
        Opening::SetUp
    } else {
        identify(&record.moves)
    }
}

/// A way the record's opening-rule data contradicts itself or its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
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
    /// The record contradicts the opening rule it names (`renju_openings::check_record`).
    Recorded {
        /// The rule, as the record names it.
        rule: OpeningRule,
        /// What the record shows against it.
        violation: RecordViolation,
    },
}

impl ProtocolProblem {
    /// The move the problem is about, if any.
    ///
    /// ```
    /// use renju_analyzer::opening::ProtocolProblem;
    /// assert_eq!(ProtocolProblem::DuplicateOffer("h8".parse().unwrap()).move_number(), Some(5));
    /// ```
    #[must_use]
    pub const fn move_number(&self) -> Option<usize> {
        match self {
            ProtocolProblem::Recorded { violation, .. } => violation.move_number(),
            _ => Some(5),
        }
    }
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
            ProtocolProblem::Recorded { rule, violation } => {
                write!(f, "{}: {violation}", rule.name())
            }
        }
    }
}

/// Checks the record's opening against the rule it names and returns the first problem; see
/// [`check_opening`] for every problem and the notes on what could not be checked.
///
/// ```
/// use renju_analyzer::opening::{check_protocol, ProtocolProblem};
/// use renju_notation::GameRecord;
/// use renju_core::{Move, Point};
/// let mut r = GameRecord::new(15);
/// for m in "h8 h9 h10 i9 j9 g9".split(' ') {
///     r.moves.push(m.parse::<Move>().unwrap());
/// }
/// r.rule = Some("RIF".into());
/// r.fifth_offers = vec!["j9".parse::<Point>().unwrap(), "g11".parse().unwrap()];
/// assert_eq!(check_protocol(&r), None);
/// r.fifth_offers.pop();
/// assert_eq!(check_protocol(&r).unwrap().to_string(), "RIF: 1 fifth moves offered, 2 due");
/// ```
#[must_use]
pub fn check_protocol(record: &GameRecord) -> Option<ProtocolProblem> {
    check_opening(record).problems.into_iter().next()
}

/// How the record names its opening rule.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuleName {
    /// No opening rule named (or only the rule set, `RU[Renju]`).
    None,
    /// A rule this toolkit checks.
    Known(OpeningRule),
    /// A rule known by name whose protocol is not established (Sakata, Yamasõrv, Jonsson).
    Unsupported {
        /// The name as written.
        name: String,
        /// Why it is not checked.
        reason: &'static str,
        /// Whether the rule starts with one of the 26 openings.
        opening_26: bool,
    },
    /// A name no rule has.
    Unknown(String),
}

impl RuleName {
    /// Reads the record's rule field.
    ///
    /// ```
    /// use renju_analyzer::opening::RuleName;
    /// use renju_openings::OpeningRule;
    /// assert_eq!(RuleName::of(Some("Soosyrv-8")), RuleName::Known(OpeningRule::Soosorv(8)));
    /// assert_eq!(RuleName::of(Some("Renju")), RuleName::None);
    /// assert!(matches!(RuleName::of(Some("Chess")), RuleName::Unknown(_)));
    /// ```
    #[must_use]
    pub fn of(rule: Option<&str>) -> RuleName {
        let Some(name) = rule.map(str::trim).filter(|n| !n.is_empty()) else {
            return RuleName::None;
        };
        if name.eq_ignore_ascii_case("renju") {
            return RuleName::None;
        }
        match OpeningRule::from_name(name) {
            Ok(r) => RuleName::Known(r),
            Err(ParseOpeningRuleError::Unsupported {
                reason, opening_26, ..
            }) => RuleName::Unsupported {
                name: name.to_string(),
                reason,
                opening_26,
            },
            Err(_) => RuleName::Unknown(name.to_string()),
        }
    }

    /// Whether black 1 must stand on the centre (and stones 1-3 form one of the 26): true with
    /// no rule named (a renju game) and under the rules that start from the 26; false under
    /// Swap1, Swap2, gomoku swap, 5-move swap, five-times swap, free, and for a name that is
    /// not recognised (the rule is unknown, so nothing is claimed).
    ///
    /// ```
    /// use renju_analyzer::opening::RuleName;
    /// assert!(RuleName::of(Some("RIF")).wants_26());
    /// assert!(!RuleName::of(Some("Swap2")).wants_26());
    /// assert!(RuleName::of(None).wants_26());
    /// ```
    #[must_use]
    pub fn wants_26(&self) -> bool {
        use OpeningRule as R;
        match self {
            RuleName::None => true,
            RuleName::Known(r) => !matches!(
                r,
                R::Swap1 | R::Swap3 | R::Swap2 | R::FiveMoveSwap | R::FiveTimesSwap | R::Free
            ),
            RuleName::Unsupported { opening_26, .. } => *opening_26,
            RuleName::Unknown(_) => false,
        }
    }
}

/// Something about the record's opening that could not be checked. Counted apart from the
/// findings: a note never changes the verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum OpeningNote {
    /// A check of the named rule needs data the record does not carry.
    NotCheckable {
        /// The rule.
        rule: OpeningRule,
        /// What is missing.
        what: NotCheckable,
    },
    /// The record names a rule this toolkit does not recognise: the opening is not checked.
    UnknownRule(String),
    /// The record names a rule whose protocol is not established here: not checked.
    UnsupportedRule {
        /// The name as written.
        name: String,
        /// Why.
        reason: &'static str,
    },
    /// Stones are set up (not played) before move 7: the opening was not played from the
    /// empty board, so neither its name nor its rule is checked.
    SetUpPosition {
        /// The number of moves played when the first stone was set up (0: before move 1).
        after_move: usize,
    },
}

impl OpeningNote {
    /// The kind name for reports: `opening-not-checkable`, `unknown-opening-rule`,
    /// `unsupported-opening-rule`.
    ///
    /// ```
    /// use renju_analyzer::opening::OpeningNote;
    /// assert_eq!(OpeningNote::UnknownRule("Chess".into()).kind(), "unknown-opening-rule");
    /// ```
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            OpeningNote::NotCheckable { .. } | OpeningNote::SetUpPosition { .. } => {
                "opening-not-checkable"
            }
            OpeningNote::UnknownRule(_) => "unknown-opening-rule",
            OpeningNote::UnsupportedRule { .. } => "unsupported-opening-rule",
        }
    }
}

impl fmt::Display for OpeningNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningNote::NotCheckable { rule, what } => {
                write!(f, "opening rule not checkable: {}: {what}", rule.name())
            }
            OpeningNote::UnknownRule(name) => write!(
                f,
                "opening rule not checkable: the rule '{name}' is not recognised; the opening \
                 is not checked"
            ),
            OpeningNote::UnsupportedRule { name, reason } => {
                write!(f, "opening rule not checkable: '{name}': {reason}")
            }
            OpeningNote::SetUpPosition { after_move: 0 } => f.write_str(
                "opening rule not checkable: the record starts from a set-up position; the \
                 opening is neither named nor checked",
            ),
            OpeningNote::SetUpPosition { after_move } => write!(
                f,
                "opening rule not checkable: stones are set up after move {after_move}, during \
                 the opening; the opening is neither named nor checked"
            ),
        }
    }
}

/// Everything [`check_opening`] says about a record's opening rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningCheck {
    /// The rule the record names.
    pub rule: RuleName,
    /// Contradictions, in the order checked.
    pub problems: Vec<ProtocolProblem>,
    /// What could not be checked.
    pub notes: Vec<OpeningNote>,
}

/// The record's offers as [`renju_openings::check_record`] reads them: the points; else an
/// unreadable `alt` (RIF) or `5A` (SGF) field as written; else not recorded.
fn recorded_offers(record: &GameRecord) -> Offers<'_> {
    if !record.fifth_offers.is_empty() {
        return Offers::Points(&record.fifth_offers);
    }
    match ["alt", "5A"].iter().find_map(|k| record.tags.get(*k)) {
        Some(text) if !text.trim().is_empty() => Offers::Unreadable(text),
        _ => Offers::NotRecorded,
    }
}

/// Checks the record's opening against the rule it names (`renju_openings::check_record`): areas,
/// the 26, swap decisions (counted against the rule's swap chances, placed by the rule), the
/// offered 5th moves (count, repeats, symmetric equivalents, the kept one is move 5). What the
/// record does not carry is a note, never a problem. With no rule named, only the offers'
/// agreement with the record itself is checked (kept one = move 5, no repeats, the declared
/// count).
///
/// ```
/// use renju_analyzer::opening::{check_opening, OpeningNote};
/// use renju_notation::GameRecord;
/// use renju_core::Move;
/// let mut r = GameRecord::new(15);
/// r.moves = "h8 h9 h10 i9 j9 g9".split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
/// r.rule = Some("Yamaguchi".into());
/// let c = check_opening(&r);
/// assert!(c.problems.is_empty());
/// assert_eq!(c.notes[0].to_string(),
///     "opening rule not checkable: Yamaguchi: the offered 5th moves are not recorded; the offers are not checked");
/// ```
#[must_use]
pub fn check_opening(record: &GameRecord) -> OpeningCheck {
    let rule = RuleName::of(record.rule.as_deref());
    let mut out = OpeningCheck {
        rule: rule.clone(),
        problems: Vec::new(),
        notes: Vec::new(),
    };
    match rule {
        RuleName::Known(r) => {
            let decisions: Vec<bool> = record.swaps.iter().map(|s| s.swapped).collect();
            let swaps = if !decisions.is_empty() {
                Swaps::Decisions(&decisions)
            } else {
                match record.tags.get("swap").or_else(|| record.tags.get("SW")) {
                    Some(t) if !t.trim().is_empty() => Swaps::Unreadable(t),
                    _ => Swaps::NotRecorded,
                }
            };
            let rec = OpeningRecord {
                board_size: record.board_size,
                moves: &record.moves,
                offers: recorded_offers(record),
                declared_offers: record.declared_offers,
                swaps,
            };
            let c = renju_openings::check_record(r, &rec);
            out.problems = c
                .violations
                .into_iter()
                .map(|violation| ProtocolProblem::Recorded { rule: r, violation })
                .collect();
            out.notes = c
                .notes
                .into_iter()
                .map(|what| OpeningNote::NotCheckable { rule: r, what })
                .collect();
        }
        RuleName::Unsupported { name, reason, .. } => {
            out.notes
                .push(OpeningNote::UnsupportedRule { name, reason });
        }
        RuleName::Unknown(name) => out.notes.push(OpeningNote::UnknownRule(name)),
        RuleName::None => out.problems.extend(self_consistency(record)),
    }
    out
}

/// After how many stones each of the record's swap decisions was taken: where the record says
/// ([`SwapDecision::after_move`](renju_notation::SwapDecision)), else where the rule it names
/// places its swap chances (`renju_openings::swap_slots`: RIF after stone 3, Swap1 after 1,
/// Swap2 after 3 and 5, Tarannikov after each stone...); `None` for a decision the rule has no
/// chance for, or when the record names no rule this toolkit knows. RIF and SGF records hold
/// only the sequence of decisions: the rule places them.
///
/// ```
/// use renju_analyzer::opening::swap_moves;
/// use renju_notation::{GameRecord, SwapDecision};
/// let mut r = GameRecord::new(15);
/// r.rule = Some("Swap2".into());
/// r.swaps = vec![SwapDecision { after_move: None, swapped: false }; 2];
/// assert_eq!(swap_moves(&r), [Some(3), Some(5)]);
/// r.rule = Some("RIF".into());
/// assert_eq!(swap_moves(&r), [Some(3), None]);
/// ```
#[must_use]
pub fn swap_moves(record: &GameRecord) -> Vec<Option<usize>> {
    let by_rule = match RuleName::of(record.rule.as_deref()) {
        RuleName::Known(rule) => {
            renju_openings::swap_slots(rule, record.swaps.len(), !record.fifth_offers.is_empty())
        }
        _ => vec![None; record.swaps.len()],
    };
    record
        .swaps
        .iter()
        .zip(by_rule)
        .map(|(s, slot)| s.after_move.or(slot))
        .collect()
}

/// With no rule named: the offers agree with the record itself.
fn self_consistency(record: &GameRecord) -> Option<ProtocolProblem> {
    let offers = &record.fifth_offers;
    if offers.is_empty() {
        return None;
    }
    match record.moves.get(4) {
        Some(Move::Stone(p)) if !offers.contains(p) => {
            return Some(ProtocolProblem::FifthNotOffered { played: Some(*p) });
        }
        Some(Move::Pass) => return Some(ProtocolProblem::FifthNotOffered { played: None }),
        _ => {}
    }
    for (i, p) in offers.iter().enumerate() {
        if offers[..i].contains(p) {
            return Some(ProtocolProblem::DuplicateOffer(*p));
        }
    }
    match record.declared_offers.map(usize::from) {
        Some(e) if e != offers.len() => Some(ProtocolProblem::OfferCount {
            expected: e,
            offered: offers.len(),
        }),
        _ => None,
    }
}
