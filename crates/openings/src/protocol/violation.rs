//! How a transcript breaks its rule: [`Violation`] (typed data; text only when shown) and the
//! [`Area`]s stones must lie in.

use super::{Event, Player};
use crate::catalogue::NotAnOpeningError;
use crate::isometry::Isometry;
use renju_core::Point;
use std::fmt;

/// A square area around `h8` where a stone must be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Area {
    /// `h8` only (1x1).
    Centre,
    /// Within `n` lines of `h8`: the (2n+1)x(2n+1) square, n = 1..=4.
    Square(u8),
    /// Any free point.
    Anywhere,
}

impl Area {
    /// The areas of stones 1, 2 and 3 under every rule that starts from one of the 26
    /// openings: black 1 on the centre, white 2 touching it (3x3), black 3 inside the 5x5.
    pub const OPENING: [Area; 3] = [Area::Centre, Area::Square(1), Area::Square(2)];

    /// The areas of stones 1 to 5 under Tarannikov (and Taraguchi): 1x1, 3x3, 5x5, 7x7, 9x9;
    /// the first three are [`Area::OPENING`].
    pub const GROWING: [Area; 5] = [
        Area::Centre,
        Area::Square(1),
        Area::Square(2),
        Area::Square(3),
        Area::Square(4),
    ];

    /// Whether `p` lies in the area on a board of side `size` (the centre of an even side is
    /// the upper-right of the four central points).
    ///
    /// ```
    /// use renju_openings::Area;
    /// let p = |s: &str| s.parse().unwrap();
    /// assert!(Area::Centre.contains(p("h8"), 15) && !Area::Centre.contains(p("h9"), 15));
    /// assert!(Area::Square(1).contains(p("i9"), 15) && !Area::Square(1).contains(p("h10"), 15));
    /// assert!(Area::Anywhere.contains(p("a1"), 15));
    /// ```
    #[must_use]
    pub fn contains(self, p: Point, size: u8) -> bool {
        let centre = Point::new(size / 2, size / 2).unwrap_or(Point::CENTER);
        match self {
            Area::Centre => p == centre,
            Area::Square(n) => p.distance(centre) <= n,
            Area::Anywhere => true,
        }
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Area::Centre => f.write_str("1x1 (the centre)"),
            Area::Square(n) => write!(f, "{0}x{0}", 2 * n + 1),
            Area::Anywhere => f.write_str("anywhere"),
        }
    }
}

/// What the rule expects at a step (shown in [`Violation::Incomplete`] and
/// [`Violation::Unexpected`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Expected {
    /// A player places the next stone inside an area.
    Stone {
        /// Who.
        by: Player,
        /// The stone number (1-based).
        stone: usize,
        /// Where.
        area: Area,
    },
    /// A player declares the number of 5th-move offers.
    Declaration {
        /// Who.
        by: Player,
    },
    /// Black offers `n` fifth moves.
    Offers {
        /// Who holds Black.
        by: Player,
        /// How many.
        n: u8,
    },
    /// White keeps one offered 5th move.
    Choice {
        /// Who holds White.
        by: Player,
    },
    /// A stone (after the opening).
    AnyStone,
    /// A stone or a swap decision (continuous swap, after a couple).
    StoneOrSwapDecision,
    /// The decision after the 5-6 couple (continuous swap).
    LastCoupleDecision {
        /// Who decides.
        by: Player,
    },
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Stone { by, stone, area } => {
                write!(f, "{by} to place stone {stone} ({area})")
            }
            Expected::Declaration { by } => {
                write!(f, "{by} to declare the number of 5th-move offers")
            }
            Expected::Offers { by, n } => write!(f, "{by} (Black) to offer {n} fifth moves"),
            Expected::Choice { by } => write!(f, "{by} (White) to keep one offered 5th move"),
            Expected::AnyStone => f.write_str("a stone"),
            Expected::StoneOrSwapDecision => f.write_str("a stone or a swap decision"),
            Expected::LastCoupleDecision { by } => write!(
                f,
                "{by}'s decision after the 5-6 couple (swap, or place stone 7)"
            ),
        }
    }
}

/// The first way a transcript breaks its rule. `step` counts events from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// The transcript ends before the opening is complete.
    Incomplete {
        /// The step that is missing.
        step: usize,
        /// What the rule expects there.
        expected: Expected,
    },
    /// The right kind of step, taken by the wrong player.
    WrongPlayer {
        /// The step.
        step: usize,
        /// Who should have acted.
        expected: Player,
        /// The event as recorded.
        found: Event,
    },
    /// A step of the wrong kind.
    Unexpected {
        /// The step.
        step: usize,
        /// What the rule expects there.
        expected: Expected,
        /// The event as recorded.
        found: Event,
    },
    /// A swap (or an explicit refusal) where the rule gives nobody a swap right.
    NoSwapRight {
        /// The step.
        step: usize,
        /// The event as recorded.
        found: Event,
    },
    /// A stone or offer off the board.
    OffBoard {
        /// The step.
        step: usize,
        /// The point.
        at: Point,
    },
    /// A stone or offer on an occupied point.
    Occupied {
        /// The step.
        step: usize,
        /// The point.
        at: Point,
    },
    /// A stone outside the area the rule requires for it.
    OutsideArea {
        /// The step.
        step: usize,
        /// The stone number (1-based).
        stone: usize,
        /// Where it was placed.
        at: Point,
        /// Where it had to be.
        area: Area,
    },
    /// The first three stones are not one of the 26 openings.
    NotAnOpening {
        /// The step of stone 3.
        step: usize,
        /// Why.
        reason: NotAnOpeningError,
    },
    /// The opening is not the designated one.
    NotDesignated {
        /// The step of stone 3.
        step: usize,
        /// The designated opening's code.
        expected: &'static str,
        /// The opening played.
        found: &'static str,
    },
    /// A declared number of offers out of range.
    BadDeclaration {
        /// The step.
        step: usize,
        /// The number declared.
        n: u8,
        /// The largest allowed, if the rule has one.
        max: Option<u8>,
    },
    /// The number of offered 5th moves differs from the rule's or the declared number.
    WrongOfferCount {
        /// The step.
        step: usize,
        /// How many were due.
        expected: usize,
        /// How many were offered.
        found: usize,
    },
    /// The same point offered twice.
    RepeatedOffer {
        /// The step.
        step: usize,
        /// The point.
        at: Point,
    },
    /// Two offers are symmetric equivalents.
    EquivalentOffers {
        /// The step.
        step: usize,
        /// The earlier offer.
        first: Point,
        /// The later offer, the image of the first.
        second: Point,
        /// The isometry keeping the position and mapping `first` to `second`.
        isometry: Isometry,
    },
    /// White kept a point that was not offered.
    NotOffered {
        /// The step.
        step: usize,
        /// The point kept.
        at: Point,
    },
    /// Taraguchi: 5th-move offers are only allowed when Black does not swap.
    OffersAfterSwap {
        /// The step.
        step: usize,
    },
    /// The transcript's board side is not one `renju-core` supports (5..=20); reported
    /// before any step, as step 0.
    BadBoardSize {
        /// The side given.
        size: u8,
    },
    /// Continuous swap: one player placed all six opening stones (the 2 excluded patterns).
    OnePlayerPlacedAll {
        /// The step of stone 6.
        step: usize,
        /// The player.
        player: Player,
    },
}

impl Violation {
    /// The step (1-based event index) where the rule is broken.
    ///
    /// ```
    /// use renju_openings::{OpeningRule, OpeningTranscript, Player::*, check};
    /// let p = |s: &str| s.parse().unwrap();
    /// // Black 1 must be on h8 in RIF: the first event is the faulty one.
    /// let t = OpeningTranscript::new().place(P1, p("a1"));
    /// assert_eq!(check(OpeningRule::Rif, &t).unwrap_err().step(), 1);
    /// ```
    #[must_use]
    pub fn step(&self) -> usize {
        match self {
            Violation::Incomplete { step, .. }
            | Violation::WrongPlayer { step, .. }
            | Violation::Unexpected { step, .. }
            | Violation::NoSwapRight { step, .. }
            | Violation::OffBoard { step, .. }
            | Violation::Occupied { step, .. }
            | Violation::OutsideArea { step, .. }
            | Violation::NotAnOpening { step, .. }
            | Violation::NotDesignated { step, .. }
            | Violation::BadDeclaration { step, .. }
            | Violation::WrongOfferCount { step, .. }
            | Violation::RepeatedOffer { step, .. }
            | Violation::EquivalentOffers { step, .. }
            | Violation::NotOffered { step, .. }
            | Violation::OffersAfterSwap { step }
            | Violation::OnePlayerPlacedAll { step, .. } => *step,
            Violation::BadBoardSize { .. } => 0,
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Violation::BadBoardSize { size } = self {
            return write!(f, "a {size}x{size} board is not supported (sides 5..=20)");
        }
        write!(f, "step {}: ", self.step())?;
        match self {
            Violation::BadBoardSize { .. } => Ok(()),
            Violation::Incomplete { expected, .. } => {
                write!(f, "the transcript ends; the rule expects {expected}")
            }
            Violation::WrongPlayer {
                expected, found, ..
            } => write!(f, "'{found}', but it is {expected}'s turn to act"),
            Violation::Unexpected {
                expected, found, ..
            } => write!(f, "'{found}', but the rule expects {expected}"),
            Violation::NoSwapRight { found, .. } => {
                write!(f, "'{found}', but nobody has a swap right here")
            }
            Violation::OffBoard { at, .. } => write!(f, "{at} is off the board"),
            Violation::Occupied { at, .. } => write!(f, "{at} is already occupied"),
            Violation::OutsideArea {
                stone, at, area, ..
            } => write!(f, "stone {stone} at {at} is outside the {area} area"),
            Violation::NotAnOpening { reason, .. } => {
                write!(f, "not one of the 26 openings: {reason}")
            }
            Violation::NotDesignated {
                expected, found, ..
            } => write!(f, "the opening is {found}, not the designated {expected}"),
            Violation::BadDeclaration { n, max, .. } => match max {
                Some(m) => write!(f, "declared {n} offers; the rule allows 1..={m}"),
                None => write!(f, "declared {n} offers; at least 1 is needed"),
            },
            Violation::WrongOfferCount {
                expected, found, ..
            } => write!(f, "{found} fifth moves offered, {expected} due"),
            Violation::RepeatedOffer { at, .. } => write!(f, "{at} is offered twice"),
            Violation::EquivalentOffers {
                first,
                second,
                isometry,
                ..
            } => write!(
                f,
                "offers {first} and {second} are symmetric equivalents ({isometry} keeps the \
                 position and maps {first} to {second})"
            ),
            Violation::NotOffered { at, .. } => write!(f, "{at} was not offered"),
            Violation::OffersAfterSwap { .. } => {
                write!(
                    f,
                    "5th-move offers are only allowed without a swap after move 4"
                )
            }
            Violation::OnePlayerPlacedAll { player, .. } => write!(
                f,
                "{player} ({}) placed all six opening stones",
                player.name_zh()
            ),
        }
    }
}

impl std::error::Error for Violation {}
