//! Opening rules on game records: [`check_record`] judges what a record shows (the stones in
//! order, the offered 5th moves, the swap decisions in order) against a rule and says, apart,
//! what it could not judge because the record does not carry it.
//!
//! A record is not a transcript: it does not say who placed which stone, and formats often
//! lack the offers, the swap decisions or a declared number. Missing data never makes a
//! violation: each check that needs it becomes a [`NotCheckable`] note instead, and no check
//! reads data it does not need (the offers of a RIF game are judged the same with or without a
//! recorded swap).
//!
//! Swap decisions are read in order, one per swap chance the rule gives, and placed by the rule
//! itself ([`swap_slots`]): after stone 1 for Swap1, after 3 and (option c) after 5 for Swap2,
//! after 1..5 for Tarannikov, and so on.

use crate::catalogue::{NotAnOpeningError, identify};
use crate::isometry::{Isometry, OfferSymmetry, first_equivalent_pair};
use crate::protocol::Area;
use crate::rule::OpeningRule;
use renju_core::{Board, Color, Move, Point};
use std::fmt;

/// What a record says about the offered 5th moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offers<'a> {
    /// The record carries no offers (the format has no field for them, or it is empty).
    NotRecorded,
    /// The record has an offers field that is not a list of points (RenjuNet's `alt="51"`),
    /// kept as written.
    Unreadable(&'a str),
    /// The offered points in the order offered, the kept one (move 5) included.
    Points(&'a [Point]),
}

/// What a record says about the swap decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swaps<'a> {
    /// The record carries no swap decisions.
    NotRecorded,
    /// The record has a swap field that cannot be read, kept as written.
    Unreadable(&'a str),
    /// One decision per swap chance, in order (`true`: the players swapped).
    Decisions(&'a [bool]),
}

/// The opening data of one game record, as [`check_record`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpeningRecord<'a> {
    /// Board side.
    pub board_size: u8,
    /// The moves as played (a pass is a move).
    pub moves: &'a [Move],
    /// The offered 5th moves.
    pub offers: Offers<'a>,
    /// A declared number of offers (Yamaguchi, Soosõrv), if the record carries one.
    pub declared_offers: Option<u8>,
    /// The swap decisions.
    pub swaps: Swaps<'a>,
}

/// How many 5th-move offers were due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferCount {
    /// Exactly this many (RIF 2, 5th-move-N, Taraguchi-N, a recorded declaration).
    Exactly(u8),
    /// Between 1 and this many (Soosõrv-N with the declaration not recorded).
    UpTo(u8),
    /// At least one (Yamaguchi with the declaration not recorded).
    AtLeastOne,
}

impl OfferCount {
    fn admits(self, n: usize) -> bool {
        match self {
            OfferCount::Exactly(k) => n == usize::from(k),
            OfferCount::UpTo(k) => (1..=usize::from(k)).contains(&n),
            OfferCount::AtLeastOne => n >= 1,
        }
    }
}

impl fmt::Display for OfferCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OfferCount::Exactly(k) => write!(f, "{k}"),
            OfferCount::UpTo(k) => write!(f, "1 to {k}"),
            OfferCount::AtLeastOne => f.write_str("at least 1"),
        }
    }
}

/// A way a record contradicts its opening rule. Each carries the data of the fault; the text
/// is made only when it is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordViolation {
    /// A pass before the opening is complete (no pass is allowed in the opening).
    PassInOpening {
        /// The move number of the pass.
        number: usize,
    },
    /// A stone outside the area the rule requires for it.
    OutsideArea {
        /// The stone number (1-based).
        stone: usize,
        /// Where it is.
        at: Point,
        /// Where it had to be.
        area: Area,
    },
    /// The first three stones are not one of the 26 openings.
    NotAnOpening(NotAnOpeningError),
    /// The opening is not the designated one.
    NotDesignated {
        /// The designated opening's code.
        expected: &'static str,
        /// The opening played.
        found: &'static str,
    },
    /// More swap decisions than the rule has swap chances (a rule without swaps included).
    SwapWithoutRight {
        /// Decisions recorded.
        recorded: usize,
        /// Swap chances the rule gives in this game.
        chances: usize,
    },
    /// Swap2: a second decision after stone 5, but P2 swapped after stone 3 (option b), which
    /// leaves no later choice.
    Swap2ChoiceAfterSwap,
    /// Continuous swap: more swaps than the two the rule allows.
    TooManySwaps {
        /// Swaps recorded.
        swaps: usize,
    },
    /// Continuous swap: more couple decisions than couples fit in six stones (three).
    CoupleBeyondSix {
        /// Decisions recorded.
        decisions: usize,
    },
    /// Continuous swap: three couples with the first two swapped, so one player placed all six
    /// opening stones (the two excluded patterns).
    OnePlayerPlacedAll,
    /// 5th-move offers under a rule that has none.
    OffersNotAllowed {
        /// How many are listed.
        count: usize,
    },
    /// The number of offers is not the number due.
    OfferCount {
        /// How many were due.
        expected: OfferCount,
        /// How many are listed.
        found: usize,
    },
    /// The same point offered twice.
    RepeatedOffer(Point),
    /// An offer on a point already holding one of stones 1-4.
    OfferOnStone(Point),
    /// Two offers are symmetric equivalents of the 4-stone position.
    EquivalentOffers {
        /// The earlier offer.
        first: Point,
        /// The later one, the image of the first.
        second: Point,
        /// The isometry keeping the position and mapping `first` to `second`.
        isometry: Isometry,
    },
    /// The 5th move played is not one of the offers.
    FifthNotOffered(Point),
    /// Taraguchi: offers (choice 2) although Black swapped after stone 4 (choice 1).
    OffersAfterSwap,
    /// Taraguchi: offers (choice 2) together with a swap decision after stone 5 (choice 1).
    OffersAndFifthSwap,
}

impl RecordViolation {
    /// The move the violation is about (1-based), for reports; `None` for the swap decisions,
    /// which records do not tie to a move.
    ///
    /// ```
    /// use renju_openings::{RecordViolation, Area};
    /// let v = RecordViolation::OutsideArea { stone: 2, at: "h11".parse().unwrap(), area: Area::Square(1) };
    /// assert_eq!(v.move_number(), Some(2));
    /// assert_eq!(RecordViolation::OnePlayerPlacedAll.move_number(), None);
    /// ```
    #[must_use]
    pub const fn move_number(&self) -> Option<usize> {
        match self {
            RecordViolation::PassInOpening { number } => Some(*number),
            RecordViolation::OutsideArea { stone, .. } => Some(*stone),
            RecordViolation::NotAnOpening(_) | RecordViolation::NotDesignated { .. } => Some(3),
            RecordViolation::SwapWithoutRight { .. }
            | RecordViolation::Swap2ChoiceAfterSwap
            | RecordViolation::TooManySwaps { .. }
            | RecordViolation::CoupleBeyondSix { .. }
            | RecordViolation::OnePlayerPlacedAll => None,
            RecordViolation::OffersNotAllowed { .. }
            | RecordViolation::OfferCount { .. }
            | RecordViolation::RepeatedOffer(_)
            | RecordViolation::OfferOnStone(_)
            | RecordViolation::EquivalentOffers { .. }
            | RecordViolation::FifthNotOffered(_)
            | RecordViolation::OffersAfterSwap
            | RecordViolation::OffersAndFifthSwap => Some(5),
        }
    }
}

impl fmt::Display for RecordViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordViolation::PassInOpening { number } => {
                write!(f, "move {number} is a pass before the opening is complete")
            }
            RecordViolation::OutsideArea { stone, at, area } => {
                write!(f, "stone {stone} at {at} is outside the {area} area")
            }
            RecordViolation::NotAnOpening(why) => {
                write!(f, "not one of the 26 openings: {why}")
            }
            RecordViolation::NotDesignated { expected, found } => {
                write!(f, "the opening is {found}, not the designated {expected}")
            }
            RecordViolation::SwapWithoutRight {
                recorded,
                chances: 0,
            } => write!(
                f,
                "{recorded} swap decision{} recorded, but the rule has no swap",
                plural(*recorded)
            ),
            RecordViolation::SwapWithoutRight { recorded, chances } => write!(
                f,
                "{recorded} swap decisions recorded, but the rule gives {chances} swap chance{}",
                plural(*chances)
            ),
            RecordViolation::Swap2ChoiceAfterSwap => f.write_str(
                "a colour choice after stone 5 is recorded, but P2 swapped after stone 3 \
                 (option b), which leaves no further choice",
            ),
            RecordViolation::TooManySwaps { swaps } => {
                write!(f, "{swaps} swaps recorded; the rule allows at most two")
            }
            RecordViolation::CoupleBeyondSix { decisions } => write!(
                f,
                "{decisions} couple decisions recorded; at most three couples fit in the six \
                 opening stones"
            ),
            RecordViolation::OnePlayerPlacedAll => f.write_str(
                "three couples with the first two swapped: one player placed all six opening \
                 stones",
            ),
            RecordViolation::OffersNotAllowed { count } => write!(
                f,
                "{count} 5th-move offer{} listed, but the rule has no 5th-move offers",
                plural(*count)
            ),
            RecordViolation::OfferCount { expected, found } => {
                write!(f, "{found} fifth moves offered, {expected} due")
            }
            RecordViolation::RepeatedOffer(p) => write!(f, "5th move {p} is offered twice"),
            RecordViolation::OfferOnStone(p) => {
                write!(f, "5th move {p} is offered on an occupied point")
            }
            RecordViolation::EquivalentOffers {
                first,
                second,
                isometry,
            } => write!(
                f,
                "offers {first} and {second} are symmetric equivalents ({isometry} keeps the \
                 position and maps {first} to {second})"
            ),
            RecordViolation::FifthNotOffered(p) => {
                write!(f, "the 5th move {p} is not one of the offered 5th moves")
            }
            RecordViolation::OffersAfterSwap => f.write_str(
                "5th-move offers are listed, but Black swapped after stone 4; offers are only \
                 allowed without that swap",
            ),
            RecordViolation::OffersAndFifthSwap => f.write_str(
                "5th-move offers are listed together with a swap decision after stone 5; the \
                 offers path has no swap after stone 5",
            ),
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A check the record's data does not allow: what is missing, and what is therefore not
/// judged. Never a violation.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotCheckable {
    /// The game reached move 5 but the record lists no 5th-move offers.
    OffersNotRecorded,
    /// The record's offers field is not a list of points.
    OffersUnreadable(String),
    /// Offers are listed but the record stops before the 4-stone position they refer to.
    OffersWithoutPosition,
    /// The declared number of offers is not recorded, so the count is checked only against
    /// what the rule allows whatever the declaration (`1..=N` for Soosõrv-N, at least 1 for
    /// Yamaguchi).
    DeclarationNotRecorded,
    /// The record's swap field cannot be read.
    SwapsUnreadable(String),
    /// Taraguchi: whether Black swapped after stone 4 is not recorded, and offers are only
    /// allowed without that swap.
    SwapAfterFourNotRecorded,
    /// Taraguchi: neither offers nor a swap decision after stone 5 are recorded, so which
    /// path (a single 5th in 9x9, or offers) was taken is unknown; the offers are not checked.
    TaraguchiPathNotRecorded,
    /// Continuous swap: records do not show which stones were placed as couples, so who placed
    /// each stone is not checked.
    CouplesNotRecorded,
    /// Free play names no opening protocol (and a name like `Gomoku` may only name the rule
    /// set), so the swap decisions and offers the record lists are not judged.
    NoProtocol,
}

impl fmt::Display for NotCheckable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotCheckable::OffersNotRecorded => {
                f.write_str("the offered 5th moves are not recorded; the offers are not checked")
            }
            NotCheckable::OffersUnreadable(s) => write!(
                f,
                "the offered 5th moves '{s}' are not a list of points; the offers are not \
                 checked"
            ),
            NotCheckable::OffersWithoutPosition => f.write_str(
                "offers are listed but the record stops before move 4; their symmetry is not \
                 checked",
            ),
            NotCheckable::DeclarationNotRecorded => f.write_str(
                "the declared number of 5th-move offers is not recorded; the offer count is \
                 checked only against the rule's limits",
            ),
            NotCheckable::SwapsUnreadable(s) => write!(
                f,
                "the swap decisions '{s}' cannot be read; the swaps are not checked"
            ),
            NotCheckable::SwapAfterFourNotRecorded => f.write_str(
                "whether Black swapped after stone 4 is not recorded; offers are allowed only \
                 without that swap",
            ),
            NotCheckable::TaraguchiPathNotRecorded => f.write_str(
                "neither offers nor a swap decision after stone 5 are recorded; which Taraguchi \
                 path was taken is unknown, the 5th move is not checked",
            ),
            NotCheckable::CouplesNotRecorded => f.write_str(
                "the record does not show which stones were placed as couples; who placed each \
                 stone is not checked",
            ),
            NotCheckable::NoProtocol => f.write_str(
                "the rule names no opening protocol; the swap decisions and offers listed are \
                 not judged",
            ),
        }
    }
}

/// What [`check_record`] found: every violation (in move order of the checks) and every check
/// the record's data did not allow.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordCheck {
    /// Contradictions between the record and the rule.
    pub violations: Vec<RecordViolation>,
    /// Checks not made for lack of data.
    pub notes: Vec<NotCheckable>,
}

/// Where a rule's swap chances are, given `decisions` recorded (in order) and whether offers
/// are listed: the number of stones on the board when each decision is taken, or `None` for a
/// decision the rule has no chance for.
///
/// ```
/// use renju_openings::{OpeningRule, swap_slots};
/// assert_eq!(swap_slots(OpeningRule::Swap1, 1, false), [Some(1)]);
/// assert_eq!(swap_slots(OpeningRule::Rif, 2, true), [Some(3), None]);
/// // Swap2 option (c): P2 places 4 and 5, then P1 chooses.
/// assert_eq!(swap_slots(OpeningRule::Swap2, 2, false), [Some(3), Some(5)]);
/// assert_eq!(swap_slots(OpeningRule::Taraguchi(10), 5, false), [Some(1), Some(2), Some(3), Some(4), Some(5)]);
/// ```
#[must_use]
pub fn swap_slots(rule: OpeningRule, decisions: usize, offers: bool) -> Vec<Option<usize>> {
    use OpeningRule as R;
    let slots: &[usize] = match rule {
        R::Designated(_) | R::Free => &[],
        R::ThreeMoveSwap | R::Rif | R::Yamaguchi | R::FifthMoveOffers(_) | R::Swap3 => &[3],
        R::Soosorv(_) => &[3, 4],
        R::Tarannikov | R::FiveTimesSwap => &[1, 2, 3, 4, 5],
        R::Taraguchi(_) if offers => &[1, 2, 3, 4],
        R::Taraguchi(_) => &[1, 2, 3, 4, 5],
        R::Swap1 => &[1],
        R::Swap2 => &[3, 5],
        R::FiveMoveSwap => &[5],
        // After each couple: couples end at stones 2..6; the record does not say which.
        R::ContinuousSwap => &[],
    };
    (0..decisions).map(|i| slots.get(i).copied()).collect()
}

/// The areas stones 1, 2, ... must lie in under `rule` (stones beyond the list: anywhere).
fn areas(rule: OpeningRule, taraguchi_single_fifth: bool) -> &'static [Area] {
    use OpeningRule as R;
    const OPENING: [Area; 3] = Area::OPENING;
    const FIVE: [Area; 5] = Area::GROWING;
    match rule {
        R::Designated(_)
        | R::ThreeMoveSwap
        | R::Rif
        | R::Yamaguchi
        | R::FifthMoveOffers(_)
        | R::Soosorv(_)
        | R::ContinuousSwap => &OPENING,
        R::Tarannikov => &FIVE,
        R::Taraguchi(_) if taraguchi_single_fifth => &FIVE,
        R::Taraguchi(_) => &FIVE[..4],
        R::Swap1 | R::Swap3 | R::Swap2 | R::FiveMoveSwap | R::FiveTimesSwap | R::Free => &[],
    }
}

impl OpeningRule {
    /// Whether the rule starts from one of the 26 openings: black 1 on the centre, white 2
    /// touching it, black 3 inside the 5x5 area ([`Area::OPENING`]). True for designated,
    /// three-move swap, RIF, Yamaguchi, 5th-move-N, Soosõrv-N, Taraguchi-N, Tarannikov and
    /// continuous swap; false for Swap1, Swap, Swap2, 5-move swap, five-times swap and free.
    ///
    /// ```
    /// use renju_openings::OpeningRule;
    /// assert!(OpeningRule::Rif.requires_26() && OpeningRule::ContinuousSwap.requires_26());
    /// assert!(!OpeningRule::Swap2.requires_26() && !OpeningRule::Free.requires_26());
    /// ```
    #[must_use]
    pub fn requires_26(self) -> bool {
        areas(self, false).len() >= Area::OPENING.len()
    }
}

/// One of stones 1-3 of a record placed where a rule that starts from one of the 26 openings
/// forbids it ([`check_first_three`]): the rule and the step (the stone) it breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct FirstThreeViolation {
    /// The rule broken.
    pub rule: OpeningRule,
    /// The step: the number of the stone, 1, 2 or 3.
    pub stone: usize,
    /// Where the record puts it (`None`: the move is a pass).
    pub at: Option<Point>,
    /// Where the rule wants it: [`Area::OPENING`]`[stone - 1]`.
    pub area: Area,
}

impl fmt::Display for FirstThreeViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rule, stone, area) = (self.rule.name(), self.stone, self.area);
        match self.at {
            Some(at) => write!(
                f,
                "{rule}: stone {stone} at {at} is outside the {area} area"
            ),
            None => write!(
                f,
                "{rule}: move {stone} is a pass, where stone {stone} must be placed in the \
                 {area} area"
            ),
        }
    }
}

impl std::error::Error for FirstThreeViolation {}

/// Checks stones 1-3 of a record (its moves as played, on a board of side `board_size`)
/// against `rule`: under a rule that starts from one of the 26 openings
/// ([`OpeningRule::requires_26`]), black 1 must be on the centre, white 2 must touch it and
/// black 3 must lie inside the 5x5 area. The first stone that does not (or a pass among them)
/// is the violation, naming the rule and the step. `Ok` under the other rules and for a record
/// whose first stones are where they must be (a record of fewer moves is checked as far as it
/// goes).
///
/// It is the first-three part of [`check_record`] (which reports the same stone as a
/// [`RecordViolation::OutsideArea`] or [`RecordViolation::PassInOpening`]), for a caller that
/// judges the opening's shape apart.
///
/// # Errors
/// The [`FirstThreeViolation`] of the first stone out of place.
///
/// ```
/// use renju_openings::{Area, OpeningRule, check_first_three};
/// use renju_core::Move;
/// let moves = |s: &str| s.split(' ').map(|m| m.parse::<Move>().unwrap()).collect::<Vec<_>>();
/// assert_eq!(check_first_three(OpeningRule::Rif, 15, &moves("h8 h9 j10 a1")), Ok(()));
/// let e = check_first_three(OpeningRule::Rif, 15, &moves("h8 h10 j10")).unwrap_err();
/// assert_eq!((e.stone, e.area), (2, Area::Square(1)));
/// assert_eq!(e.to_string(), "RIF: stone 2 at h10 is outside the 3x3 area");
/// let e = check_first_three(OpeningRule::Soosorv(8), 15, &moves("g7 h8 i9")).unwrap_err();
/// assert_eq!(e.stone, 1);
/// // Swap2 places stones anywhere.
/// assert_eq!(check_first_three(OpeningRule::Swap2, 15, &moves("a1 o15 c3")), Ok(()));
/// ```
pub fn check_first_three(
    rule: OpeningRule,
    board_size: u8,
    moves: &[Move],
) -> Result<(), FirstThreeViolation> {
    if !rule.requires_26() {
        return Ok(());
    }
    for (i, (mv, &area)) in moves.iter().zip(&Area::OPENING).enumerate() {
        let at = mv.point();
        if at.is_none_or(|p| !area.contains(p, board_size)) {
            return Err(FirstThreeViolation {
                rule,
                stone: i + 1,
                at,
                area,
            });
        }
    }
    Ok(())
}

/// The stones the opening protocol governs (a pass among them breaks the rule).
fn opening_stones(rule: OpeningRule) -> usize {
    use OpeningRule as R;
    match rule {
        R::Free => 0,
        R::Swap1 => 1,
        R::Designated(_) | R::ThreeMoveSwap | R::Swap3 | R::Swap2 => 3,
        R::ContinuousSwap => 6,
        _ => 5,
    }
}

/// The offers a rule wants (`None`: the rule has no offers).
fn offers_due(rule: OpeningRule, declared: Option<u8>) -> Option<OfferCount> {
    use OpeningRule as R;
    match rule {
        R::Rif => Some(OfferCount::Exactly(2)),
        R::FifthMoveOffers(n) | R::Taraguchi(n) => Some(OfferCount::Exactly(n)),
        R::Yamaguchi => Some(declared.map_or(OfferCount::AtLeastOne, OfferCount::Exactly)),
        R::Soosorv(max) => Some(match declared {
            Some(d) if (1..=max).contains(&d) => OfferCount::Exactly(d),
            _ => OfferCount::UpTo(max),
        }),
        _ => None,
    }
}

/// Which way a Taraguchi game went after stone 4, as far as the record shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TaraguchiPath {
    SingleFifth,
    Offers,
    Unknown,
}

/// Judges a record's opening against `rule`, comparing offers with translation allowed (RIF
/// practice); see [`check_record_with`].
///
/// ```
/// use renju_openings::{OpeningRecord, OpeningRule, Offers, Swaps, NotCheckable, RecordViolation, check_record};
/// use renju_core::{Move, Point};
/// let mv = |s: &str| s.split(' ').map(|x| x.parse::<Move>().unwrap()).collect::<Vec<_>>();
/// let pt = |s: &str| s.split(' ').map(|x| x.parse::<Point>().unwrap()).collect::<Vec<_>>();
/// let moves = mv("h8 i9 j10 k11 g9 a1");
/// // No offers recorded: a note, not a violation, with or without a swap attribute.
/// for swaps in [Swaps::NotRecorded, Swaps::Decisions(&[true])] {
///     let rec = OpeningRecord { board_size: 15, moves: &moves, offers: Offers::NotRecorded,
///         declared_offers: None, swaps };
///     let c = check_record(OpeningRule::Rif, &rec);
///     assert!(c.violations.is_empty());
///     assert_eq!(c.notes, [NotCheckable::OffersNotRecorded]);
/// }
/// // g9 and i7 mirror each other about the h8-k11 diagonal.
/// let offers = pt("g9 i7");
/// let rec = OpeningRecord { board_size: 15, moves: &moves, offers: Offers::Points(&offers),
///     declared_offers: None, swaps: Swaps::NotRecorded };
/// let c = check_record(OpeningRule::Rif, &rec);
/// assert!(matches!(c.violations[0], RecordViolation::EquivalentOffers { .. }));
/// ```
#[must_use]
pub fn check_record(rule: OpeningRule, record: &OpeningRecord<'_>) -> RecordCheck {
    check_record_with(rule, record, OfferSymmetry::default())
}

/// [`check_record`] with a choice of which isometries make offers equivalent.
#[must_use]
pub fn check_record_with(
    rule: OpeningRule,
    record: &OpeningRecord<'_>,
    symmetry: OfferSymmetry,
) -> RecordCheck {
    let mut out = RecordCheck::default();
    let Ok(board) = Board::new(usize::from(record.board_size)) else {
        // The replay reports the board size; nothing here can be judged.
        return out;
    };
    let stones: Vec<Point> = record.moves.iter().map_while(|m| m.point()).collect();
    let pass_in_opening = stones.len() < record.moves.len() && stones.len() < opening_stones(rule);
    if pass_in_opening {
        out.violations.push(RecordViolation::PassInOpening {
            number: stones.len() + 1,
        });
    }
    if rule == OpeningRule::Free {
        let listed = !matches!(record.swaps, Swaps::NotRecorded)
            || !matches!(record.offers, Offers::NotRecorded);
        if listed {
            out.notes.push(NotCheckable::NoProtocol);
        }
        return out;
    }
    let decisions: Option<&[bool]> = match record.swaps {
        Swaps::Decisions(d) => Some(d),
        Swaps::NotRecorded => None,
        Swaps::Unreadable(s) => {
            out.notes.push(NotCheckable::SwapsUnreadable(s.to_string()));
            None
        }
    };
    let offered: Option<&[Point]> = match record.offers {
        Offers::Points(p) if !p.is_empty() => Some(p),
        _ => None,
    };
    let path = taraguchi_path(rule, &stones, decisions, offered, board.size());
    check_stones(rule, &stones, path, board.size(), &mut out);
    if let Some(d) = decisions {
        check_swaps(rule, d, offered.is_some(), &mut out);
    }
    if rule == OpeningRule::ContinuousSwap && stones.len() >= 2 {
        out.notes.push(NotCheckable::CouplesNotRecorded);
    }
    let game = Game {
        rule,
        record,
        stones: &stones,
        decisions,
        path,
        size: board.size(),
    };
    check_offers(&game, offered, symmetry, &mut out);
    out
}

/// What the offers check reads of a record, once the stones and decisions are known.
struct Game<'a> {
    rule: OpeningRule,
    record: &'a OpeningRecord<'a>,
    /// The stones before the first pass.
    stones: &'a [Point],
    decisions: Option<&'a [bool]>,
    path: TaraguchiPath,
    size: u8,
}

/// Which way a Taraguchi game went after stone 4 ([`TaraguchiPath::Unknown`] under the other
/// rules): offers listed, or a fifth stone outside the 9x9, mean the offers path; a swap after
/// stone 4 or a decision after stone 5 mean the single-fifth path.
fn taraguchi_path(
    rule: OpeningRule,
    stones: &[Point],
    decisions: Option<&[bool]>,
    offered: Option<&[Point]>,
    size: u8,
) -> TaraguchiPath {
    if !matches!(rule, OpeningRule::Taraguchi(_)) {
        return TaraguchiPath::Unknown;
    }
    let fifth_outside = stones
        .get(4)
        .is_some_and(|&p| !Area::Square(4).contains(p, size));
    if offered.is_some() {
        TaraguchiPath::Offers
    } else if decisions.is_some_and(|d| d.len() >= 5 || d.get(3) == Some(&true)) {
        TaraguchiPath::SingleFifth
    } else if fifth_outside {
        TaraguchiPath::Offers
    } else {
        TaraguchiPath::Unknown
    }
}

/// The stones against the areas of the rule and, for a designated opening, the opening they
/// form.
fn check_stones(
    rule: OpeningRule,
    stones: &[Point],
    path: TaraguchiPath,
    size: u8,
    out: &mut RecordCheck,
) {
    let wanted = areas(rule, path == TaraguchiPath::SingleFifth);
    if let Some((k, (&at, &area))) = stones
        .iter()
        .zip(wanted)
        .enumerate()
        .find(|(_, (p, a))| !a.contains(**p, size))
    {
        out.violations.push(RecordViolation::OutsideArea {
            stone: k + 1,
            at,
            area,
        });
    } else if let OpeningRule::Designated(Some(want)) = rule
        && stones.len() >= 3
    {
        match identify(&stones[..3]) {
            Ok(found) if found.opening.code() != want.code() => {
                out.violations.push(RecordViolation::NotDesignated {
                    expected: want.code(),
                    found: found.opening.code(),
                });
            }
            Ok(_) => {}
            Err(why) => out.violations.push(RecordViolation::NotAnOpening(why)),
        }
    }
}

/// The offered 5th moves: allowed at all, their count, repeats, a point already taken,
/// symmetric equivalents of the 4-stone position, and the 5th move among them; or the notes
/// saying what the record does not carry.
fn check_offers(
    game: &Game<'_>,
    offered: Option<&[Point]>,
    symmetry: OfferSymmetry,
    out: &mut RecordCheck,
) {
    let (rule, record, stones) = (game.rule, game.record, game.stones);
    let due = match (rule, game.path) {
        (OpeningRule::Taraguchi(_), TaraguchiPath::SingleFifth) => None,
        _ => offers_due(rule, record.declared_offers),
    };
    let Some(due) = due else {
        match record.offers {
            Offers::Points(p) if !p.is_empty() => {
                out.violations
                    .push(RecordViolation::OffersNotAllowed { count: p.len() });
            }
            Offers::Unreadable(s) if !s.trim().is_empty() => {
                out.notes
                    .push(NotCheckable::OffersUnreadable(s.to_string()));
            }
            _ => {}
        }
        return;
    };
    let Some(offered) = offered else {
        match record.offers {
            Offers::Unreadable(s) if !s.trim().is_empty() => {
                out.notes
                    .push(NotCheckable::OffersUnreadable(s.to_string()));
            }
            _ if stones.len() < 5 => {}
            _ if game.path == TaraguchiPath::Unknown
                && matches!(rule, OpeningRule::Taraguchi(_)) =>
            {
                out.notes.push(NotCheckable::TaraguchiPathNotRecorded);
            }
            _ => out.notes.push(NotCheckable::OffersNotRecorded),
        }
        return;
    };
    if matches!(rule, OpeningRule::Taraguchi(_)) && game.decisions.is_none_or(|d| d.len() < 4) {
        out.notes.push(NotCheckable::SwapAfterFourNotRecorded);
    }
    if record.declared_offers.is_none()
        && matches!(rule, OpeningRule::Yamaguchi | OpeningRule::Soosorv(_))
    {
        out.notes.push(NotCheckable::DeclarationNotRecorded);
    }
    if !due.admits(offered.len()) {
        out.violations.push(RecordViolation::OfferCount {
            expected: due,
            found: offered.len(),
        });
    }
    let repeated = offered
        .iter()
        .enumerate()
        .find(|(i, p)| offered[..*i].contains(p))
        .map(|(_, &p)| p);
    if let Some(p) = repeated {
        out.violations.push(RecordViolation::RepeatedOffer(p));
    }
    if stones.len() < 4 {
        out.notes.push(NotCheckable::OffersWithoutPosition);
        return;
    }
    let four = &stones[..4];
    if let Some(&p) = offered.iter().find(|p| four.contains(p)) {
        out.violations.push(RecordViolation::OfferOnStone(p));
    } else if repeated.is_none() {
        let position: Vec<(Point, Color)> = four
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, Color::of_move_number(i + 1)))
            .collect();
        if let Some((i, j, isometry)) =
            first_equivalent_pair(&position, offered, symmetry, game.size)
        {
            out.violations.push(RecordViolation::EquivalentOffers {
                first: offered[i],
                second: offered[j],
                isometry,
            });
        }
    }
    if let Some(&fifth) = stones.get(4)
        && !offered.contains(&fifth)
    {
        out.violations.push(RecordViolation::FifthNotOffered(fifth));
    }
}

fn check_swaps(rule: OpeningRule, d: &[bool], offers: bool, out: &mut RecordCheck) {
    use OpeningRule as R;
    match rule {
        R::ContinuousSwap => {
            let swaps = d.iter().filter(|&&s| s).count();
            if d.len() > 3 {
                out.violations
                    .push(RecordViolation::CoupleBeyondSix { decisions: d.len() });
            }
            if swaps > 2 {
                out.violations.push(RecordViolation::TooManySwaps { swaps });
            } else if d.len() == 3 && d[0] && d[1] {
                out.violations.push(RecordViolation::OnePlayerPlacedAll);
            }
        }
        R::Taraguchi(_) if offers && d.len() == 5 => {
            out.violations.push(RecordViolation::OffersAndFifthSwap);
        }
        _ => {
            let slots = swap_slots(rule, d.len(), offers);
            let chances = slots.iter().filter(|s| s.is_some()).count();
            if chances < d.len() {
                out.violations.push(RecordViolation::SwapWithoutRight {
                    recorded: d.len(),
                    chances,
                });
            } else if rule == R::Swap2 && d.len() == 2 && d[0] {
                out.violations.push(RecordViolation::Swap2ChoiceAfterSwap);
            }
        }
    }
    if matches!(rule, R::Taraguchi(_)) && offers && d.get(3) == Some(&true) {
        out.violations.push(RecordViolation::OffersAfterSwap);
    }
}
