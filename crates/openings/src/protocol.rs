//! Opening rules as protocols: an [`OpeningTranscript`] (who placed which stone, swap
//! decisions, declared numbers, offered 5th moves) is checked step by step against an
//! [`OpeningRule`] by [`check`]; the first [`Violation`] is named with its step.

use crate::catalogue::{NotAnOpening, identify};
use crate::isometry::{Isometry, OfferSymmetry, first_equivalent_pair};
use crate::rule::OpeningRule;
use renju_core::{Board, Color, Point};
use std::fmt;

/// The two players of an opening: P1 (甲, tentative first player, holds Black at the start)
/// and P2 (乙).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// 甲, the tentative first player.
    P1,
    /// 乙, the other player.
    P2,
}

impl Player {
    /// The other player.
    ///
    /// ```
    /// use openings::Player;
    /// assert_eq!(Player::P1.opponent(), Player::P2);
    /// ```
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::P1 => Player::P2,
            Player::P2 => Player::P1,
        }
    }
    /// 甲 or 乙.
    ///
    /// ```
    /// use openings::Player;
    /// assert_eq!((Player::P1.name_zh(), Player::P2.name_zh()), ("甲", "乙"));
    /// ```
    #[must_use]
    pub const fn name_zh(self) -> &'static str {
        match self {
            Player::P1 => "甲",
            Player::P2 => "乙",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::P1 => "P1",
            Player::P2 => "P2",
        })
    }
}

/// One step of an opening as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A stone placed; its colour follows from its number (odd black, even white).
    Place {
        /// Who placed it.
        by: Player,
        /// Where.
        at: Point,
    },
    /// The player uses a swap right: the players exchange colours (in continuous swap: the
    /// player declines to move after a couple).
    Swap {
        /// Who swapped.
        by: Player,
    },
    /// The player explicitly declines a swap right.
    Keep {
        /// Who declined.
        by: Player,
    },
    /// A declared number of 5th-move offers (Yamaguchi: P1 with the opening; Soosõrv: White
    /// with move 4).
    Declare {
        /// Who declared.
        by: Player,
        /// The number.
        n: u8,
    },
    /// Black's offered 5th moves.
    Offer {
        /// Who offered.
        by: Player,
        /// The offered points, in the order placed.
        at: Vec<Point>,
    },
    /// White keeps one offered 5th move; it becomes stone 5.
    Choose {
        /// Who chose.
        by: Player,
        /// The kept offer.
        at: Point,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Place { by, at } => write!(f, "{by} places {at}"),
            Event::Swap { by } => write!(f, "{by} swaps"),
            Event::Keep { by } => write!(f, "{by} declines to swap"),
            Event::Declare { by, n } => write!(f, "{by} declares {n}"),
            Event::Offer { by, at } => {
                write!(f, "{by} offers")?;
                for p in at {
                    write!(f, " {p}")?;
                }
                Ok(())
            }
            Event::Choose { by, at } => write!(f, "{by} keeps {at} as move 5"),
        }
    }
}

/// A recorded opening: the board side and the events in order.
///
/// ```
/// use openings::{OpeningTranscript, Player::*};
/// let p = |s: &str| s.parse().unwrap();
/// let t = OpeningTranscript::new()
///     .place(P1, p("h8")).place(P1, p("h9")).place(P1, p("j10"))
///     .swap(P2);
/// assert_eq!(t.events().len(), 4);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningTranscript {
    board_size: u8,
    events: Vec<Event>,
}

impl Default for OpeningTranscript {
    fn default() -> Self {
        Self::new()
    }
}

impl OpeningTranscript {
    /// An empty transcript on the 15x15 board.
    ///
    /// ```
    /// use openings::OpeningTranscript;
    /// let t = OpeningTranscript::new();
    /// assert_eq!((t.board_size(), t.events().len()), (15, 0));
    /// ```
    #[must_use]
    pub fn new() -> OpeningTranscript {
        OpeningTranscript {
            board_size: 15,
            events: Vec::new(),
        }
    }
    /// Sets the board side (Swap1 and Swap2 games are sometimes played on 19x19).
    ///
    /// ```
    /// use openings::{OpeningRule, OpeningTranscript, Player::*, check};
    /// let p = |s: &str| renju_core::Point::parse_sized(s, 19).unwrap();
    /// // Swap1 on 19x19: black 1 anywhere, then P2 takes Black.
    /// let t = OpeningTranscript::new().with_board_size(19).place(P1, p("s19")).swap(P2);
    /// assert_eq!(t.board_size(), 19);
    /// assert_eq!(check(OpeningRule::Swap1, &t), Ok(()));
    /// ```
    #[must_use]
    pub fn with_board_size(mut self, size: u8) -> Self {
        self.board_size = size;
        self
    }
    /// The board side.
    ///
    /// ```
    /// use openings::OpeningTranscript;
    /// assert_eq!(OpeningTranscript::new().with_board_size(19).board_size(), 19);
    /// ```
    #[must_use]
    pub fn board_size(&self) -> u8 {
        self.board_size
    }
    /// The events in order.
    ///
    /// ```
    /// use openings::{Event, OpeningTranscript, Player::*};
    /// let t = OpeningTranscript::new().place(P1, "h8".parse().unwrap());
    /// assert_eq!(t.events(), [Event::Place { by: P1, at: "h8".parse().unwrap() }]);
    /// ```
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Appends an event.
    ///
    /// ```
    /// use openings::{Event, OpeningTranscript, Player::*};
    /// let mut t = OpeningTranscript::new();
    /// t.push(Event::Place { by: P1, at: "h8".parse().unwrap() });
    /// t.push(Event::Swap { by: P2 });
    /// assert_eq!(t.events().len(), 2);
    /// ```
    pub fn push(&mut self, event: Event) {
        self.events.push(event);
    }
    /// Appends a placement.
    ///
    /// ```
    /// use openings::{OpeningRule, OpeningTranscript, Player::*, Violation, check};
    /// let p = |s: &str| s.parse().unwrap();
    /// // Tarannikov: stone 2 must be within the 3x3 around h8.
    /// let t = OpeningTranscript::new().place(P1, p("h8")).place(P2, p("h11"));
    /// assert!(matches!(check(OpeningRule::Tarannikov, &t), Err(Violation::OutsideArea { step: 2, .. })));
    /// ```
    #[must_use]
    pub fn place(mut self, by: Player, at: Point) -> Self {
        self.events.push(Event::Place { by, at });
        self
    }
    /// Appends a swap.
    ///
    /// ```
    /// use openings::{OpeningRule, OpeningTranscript, Player::*, Violation, check};
    /// let p = |s: &str| s.parse().unwrap();
    /// // Three-move swap: after black 3 P2 may swap, once; a swap after move 1 is not allowed.
    /// let t = OpeningTranscript::new().place(P1, p("h8")).swap(P2);
    /// assert!(matches!(check(OpeningRule::ThreeMoveSwap, &t), Err(Violation::NoSwapRight { step: 2, .. })));
    /// ```
    #[must_use]
    pub fn swap(mut self, by: Player) -> Self {
        self.events.push(Event::Swap { by });
        self
    }
    /// Appends an explicit refusal to swap.
    ///
    /// ```
    /// use openings::{OpeningRule, OpeningTranscript, Player::*, check};
    /// let p = |s: &str| s.parse().unwrap();
    /// let t = OpeningTranscript::new()
    ///     .place(P1, p("h8")).place(P1, p("h9")).place(P1, p("h10"))
    ///     .keep(P2).place(P2, p("i9"));
    /// assert_eq!(check(OpeningRule::ThreeMoveSwap, &t), Ok(()));
    /// ```
    #[must_use]
    pub fn keep(mut self, by: Player) -> Self {
        self.events.push(Event::Keep { by });
        self
    }
    /// Appends a declared number of offers.
    ///
    /// ```
    /// use openings::{OpeningRule, OpeningTranscript, Player::*, check};
    /// let p = |s: &str| s.parse().unwrap();
    /// // Soosõrv-8: White 4 declares how many 5th moves Black must offer.
    /// let t = OpeningTranscript::new()
    ///     .place(P1, p("h8")).place(P1, p("h9")).place(P1, p("i10"))
    ///     .place(P2, p("j9")).declare(P2, 2)
    ///     .offer(P1, &[p("g9"), p("k11")]).choose(P2, p("k11")).place(P2, p("g10"));
    /// assert_eq!(check(OpeningRule::Soosorv(8), &t), Ok(()));
    /// ```
    #[must_use]
    pub fn declare(mut self, by: Player, n: u8) -> Self {
        self.events.push(Event::Declare { by, n });
        self
    }
    /// Appends offered 5th moves.
    ///
    /// ```
    /// use openings::{OpeningRule, OpeningTranscript, Player::*, Violation, check};
    /// let p = |s: &str| s.parse().unwrap();
    /// // RIF wants two offers; one is too few.
    /// let t = OpeningTranscript::new()
    ///     .place(P1, p("h8")).place(P1, p("h9")).place(P1, p("i10"))
    ///     .place(P2, p("j9")).offer(P1, &[p("g9")]);
    /// assert!(check(OpeningRule::Rif, &t).is_err());
    /// ```
    #[must_use]
    pub fn offer(mut self, by: Player, at: &[Point]) -> Self {
        self.events.push(Event::Offer {
            by,
            at: at.to_vec(),
        });
        self
    }
    /// Appends White's choice among the offers.
    ///
    /// ```
    /// use openings::{OpeningRule, OpeningTranscript, Player::*, check};
    /// let p = |s: &str| s.parse().unwrap();
    /// let t = OpeningTranscript::new()
    ///     .place(P1, p("h8")).place(P1, p("h9")).place(P1, p("i10"))
    ///     .place(P2, p("j9")).offer(P1, &[p("g9"), p("k11")])
    ///     .choose(P2, p("g9")).place(P2, p("g10"));
    /// assert_eq!(check(OpeningRule::Rif, &t), Ok(()));
    /// // Keeping a point that was not offered breaks the rule.
    /// let t = OpeningTranscript::new()
    ///     .place(P1, p("h8")).place(P1, p("h9")).place(P1, p("i10"))
    ///     .place(P2, p("j9")).offer(P1, &[p("g9"), p("k11")]).choose(P2, p("a1"));
    /// assert!(check(OpeningRule::Rif, &t).is_err());
    /// ```
    #[must_use]
    pub fn choose(mut self, by: Player, at: Point) -> Self {
        self.events.push(Event::Choose { by, at });
        self
    }
}

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
    pub(crate) fn contains(self, p: Point, size: u8) -> bool {
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

/// The first way a transcript breaks its rule. `step` counts events from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// The transcript ends before the opening is complete.
    Incomplete {
        /// The step that is missing.
        step: usize,
        /// What the rule expects there.
        expected: String,
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
        expected: String,
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
        reason: NotAnOpening,
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
    /// use openings::{OpeningRule, OpeningTranscript, Player::*, check};
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

/// Checks a transcript against a rule; 5th-move offers are compared with translation allowed.
///
/// # Errors
/// The first [`Violation`], with its step.
///
/// ```
/// use openings::{check, OpeningRule, OpeningTranscript, Player::*, Violation};
/// let p = |s: &str| s.parse().unwrap();
/// // RIF: 1I 長星, P2 swaps (P2 is Black now, P1 White), White 4, two offers, White keeps one.
/// let t = OpeningTranscript::new()
///     .place(P1, p("h8")).place(P1, p("i9")).place(P1, p("j10"))
///     .swap(P2)
///     .place(P1, p("h10"))
///     .offer(P2, &[p("g7"), p("k9")])
///     .choose(P1, p("k9"))
///     .place(P1, p("g9"));
/// assert_eq!(check(OpeningRule::Rif, &t), Ok(()));
/// // With white 4 on k11 the position is symmetric about the h8-k11 diagonal, and the
/// // offers g9 and i7 are mirror images.
/// let t = OpeningTranscript::new()
///     .place(P1, p("h8")).place(P1, p("i9")).place(P1, p("j10"))
///     .place(P2, p("k11"))
///     .offer(P1, &[p("g9"), p("i7")]);
/// assert!(matches!(check(OpeningRule::Rif, &t), Err(Violation::EquivalentOffers { step: 5, .. })));
/// ```
pub fn check(rule: OpeningRule, transcript: &OpeningTranscript) -> Result<(), Violation> {
    check_with(rule, transcript, OfferSymmetry::default())
}

/// [`check`] with a choice of which isometries make offers equivalent.
///
/// # Errors
/// The first [`Violation`], with its step.
///
/// ```
/// use openings::{OfferSymmetry, OpeningRule, OpeningTranscript, Player::*, check_with};
/// let p = |s: &str| s.parse().unwrap();
/// // 4D 花月 (h8 h9 i9) with white 4 on g10 is symmetric about the line g10-h9-i8, which
/// // does not pass through h8: the offers j8 and i7 are mirror images only once a
/// // translation is allowed (RIF practice, the default).
/// let t = OpeningTranscript::new()
///     .place(P1, p("h8")).place(P1, p("h9")).place(P1, p("i9"))
///     .place(P2, p("g10"))
///     .offer(P1, &[p("j8"), p("i7")]).choose(P2, p("j8")).place(P2, p("k7"));
/// assert!(check_with(OpeningRule::Rif, &t, OfferSymmetry::WithTranslation).is_err());
/// assert_eq!(check_with(OpeningRule::Rif, &t, OfferSymmetry::BoardCentred), Ok(()));
/// ```
pub fn check_with(
    rule: OpeningRule,
    transcript: &OpeningTranscript,
    offers: OfferSymmetry,
) -> Result<(), Violation> {
    let Ok(board) = Board::new(usize::from(transcript.board_size)) else {
        return Err(Violation::BadBoardSize {
            size: transcript.board_size,
        });
    };
    let mut m = Machine {
        events: &transcript.events,
        next: 0,
        board,
        stones: Vec::new(),
        black: Player::P1,
        offers,
    };
    m.run(rule)
}

struct Machine<'a> {
    events: &'a [Event],
    next: usize,
    board: Board,
    stones: Vec<Point>,
    /// Who holds Black now.
    black: Player,
    offers: OfferSymmetry,
}

const AREAS: [Area; 5] = [
    Area::Centre,
    Area::Square(1),
    Area::Square(2),
    Area::Square(3),
    Area::Square(4),
];
const OPENING_AREAS: [Area; 3] = [Area::Centre, Area::Square(1), Area::Square(2)];

impl Machine<'_> {
    fn step(&self) -> usize {
        self.next + 1
    }

    fn peek(&self) -> Option<&Event> {
        self.events.get(self.next)
    }

    fn holder(&self, colour: Color) -> Player {
        match colour {
            Color::Black => self.black,
            Color::White => self.black.opponent(),
        }
    }

    fn next_colour(&self) -> Color {
        Color::of_move_number(self.stones.len() + 1)
    }

    fn incomplete(&self, expected: impl Into<String>) -> Violation {
        Violation::Incomplete {
            step: self.step(),
            expected: expected.into(),
        }
    }

    fn unexpected(&self, expected: impl Into<String>, found: &Event) -> Violation {
        match found {
            Event::Swap { .. } | Event::Keep { .. } => Violation::NoSwapRight {
                step: self.step(),
                found: found.clone(),
            },
            _ => Violation::Unexpected {
                step: self.step(),
                expected: expected.into(),
                found: found.clone(),
            },
        }
    }

    /// Checks that `at` is a free point of the board.
    fn free_point(&self, at: Point) -> Result<(), Violation> {
        if !self.board.contains(at) {
            return Err(Violation::OffBoard {
                step: self.step(),
                at,
            });
        }
        if !self.board.is_empty_at(at) {
            return Err(Violation::Occupied {
                step: self.step(),
                at,
            });
        }
        Ok(())
    }

    fn put(&mut self, at: Point) -> Result<(), Violation> {
        self.free_point(at)?;
        let colour = self.next_colour();
        self.board
            .place(at, colour)
            .map_err(|_| Violation::OffBoard {
                step: self.step(),
                at,
            })?;
        self.stones.push(at);
        Ok(())
    }

    /// Expects the next stone, placed by `by`, inside `area`.
    fn place(&mut self, by: Player, area: Area) -> Result<Point, Violation> {
        let stone = self.stones.len() + 1;
        let what = format!("{by} to place stone {stone} ({area})");
        let Some(event) = self.peek() else {
            return Err(self.incomplete(what));
        };
        let at = match event {
            Event::Place { by: b, at } if *b == by => *at,
            Event::Place { .. } => {
                return Err(Violation::WrongPlayer {
                    step: self.step(),
                    expected: by,
                    found: event.clone(),
                });
            }
            other => return Err(self.unexpected(what, other)),
        };
        if !area.contains(at, self.board.size()) {
            return Err(Violation::OutsideArea {
                step: self.step(),
                stone,
                at,
                area,
            });
        }
        self.put(at)?;
        self.next += 1;
        Ok(at)
    }

    /// Expects the next stone, placed by the holder of its colour.
    fn place_by_holder(&mut self, area: Area) -> Result<Point, Violation> {
        self.place(self.holder(self.next_colour()), area)
    }

    /// An optional swap decision by `who`; returns whether a swap happened.
    fn swap_right(&mut self, who: Player) -> Result<bool, Violation> {
        let swapped = match self.peek() {
            Some(Event::Swap { by }) if *by == who => true,
            Some(Event::Keep { by }) if *by == who => false,
            Some(e @ (Event::Swap { .. } | Event::Keep { .. })) => {
                return Err(Violation::WrongPlayer {
                    step: self.step(),
                    expected: who,
                    found: e.clone(),
                });
            }
            _ => return Ok(false),
        };
        self.next += 1;
        if swapped {
            self.black = self.black.opponent();
        }
        Ok(swapped)
    }

    /// After three stones: they must be one of the 26.
    fn opening_26(&self) -> Result<&'static crate::Opening, Violation> {
        identify(&self.stones)
            .map(|i| i.opening)
            .map_err(|reason| Violation::NotAnOpening {
                step: self.next,
                reason,
            })
    }

    fn declare(&mut self, who: Player, max: Option<u8>) -> Result<u8, Violation> {
        let what = format!("{who} to declare the number of 5th-move offers");
        let n = match self.peek() {
            None => return Err(self.incomplete(what)),
            Some(Event::Declare { by, n }) if *by == who => *n,
            Some(e @ Event::Declare { .. }) => {
                return Err(Violation::WrongPlayer {
                    step: self.step(),
                    expected: who,
                    found: e.clone(),
                });
            }
            Some(other) => return Err(self.unexpected(what, other)),
        };
        if n == 0 || max.is_some_and(|m| n > m) {
            return Err(Violation::BadDeclaration {
                step: self.step(),
                n,
                max,
            });
        }
        self.next += 1;
        Ok(n)
    }

    /// Black's offers (count `n`), then White's choice, which becomes stone 5.
    fn offers_and_choice(&mut self, n: u8) -> Result<(), Violation> {
        let who = self.holder(Color::Black);
        let what = format!("{who} (Black) to offer {n} fifth moves");
        let offered = match self.peek() {
            None => return Err(self.incomplete(what)),
            Some(Event::Offer { by, at }) if *by == who => at.clone(),
            Some(e @ Event::Offer { .. }) => {
                return Err(Violation::WrongPlayer {
                    step: self.step(),
                    expected: who,
                    found: e.clone(),
                });
            }
            Some(other) => return Err(self.unexpected(what, other)),
        };
        if offered.len() != usize::from(n) {
            return Err(Violation::WrongOfferCount {
                step: self.step(),
                expected: usize::from(n),
                found: offered.len(),
            });
        }
        for (i, &p) in offered.iter().enumerate() {
            self.free_point(p)?;
            if offered[..i].contains(&p) {
                return Err(Violation::RepeatedOffer {
                    step: self.step(),
                    at: p,
                });
            }
        }
        let position: Vec<(Point, Color)> = self.board.stones().collect();
        if let Some((i, j, isometry)) =
            first_equivalent_pair(&position, &offered, self.offers, self.board.size())
        {
            return Err(Violation::EquivalentOffers {
                step: self.step(),
                first: offered[i],
                second: offered[j],
                isometry,
            });
        }
        self.next += 1;
        let chooser = self.holder(Color::White);
        let what = format!("{chooser} (White) to keep one offered 5th move");
        let kept = match self.peek() {
            None => return Err(self.incomplete(what)),
            Some(Event::Choose { by, at }) if *by == chooser => *at,
            Some(e @ Event::Choose { .. }) => {
                return Err(Violation::WrongPlayer {
                    step: self.step(),
                    expected: chooser,
                    found: e.clone(),
                });
            }
            Some(other) => return Err(self.unexpected(what, other)),
        };
        if !offered.contains(&kept) {
            return Err(Violation::NotOffered {
                step: self.step(),
                at: kept,
            });
        }
        self.put(kept)?;
        self.next += 1;
        Ok(())
    }

    /// After the opening: stones alternate, each placed by the holder of its colour.
    fn tail(&mut self) -> Result<(), Violation> {
        while let Some(event) = self.peek() {
            match event {
                Event::Place { .. } => {
                    self.place_by_holder(Area::Anywhere)?;
                }
                other => return Err(self.unexpected("a stone", other)),
            }
        }
        Ok(())
    }

    /// P1 places stones 1-3 (one of the 26).
    fn p1_places_26(&mut self) -> Result<&'static crate::Opening, Violation> {
        for area in OPENING_AREAS {
            self.place(Player::P1, area)?;
        }
        self.opening_26()
    }

    fn run(&mut self, rule: OpeningRule) -> Result<(), Violation> {
        use OpeningRule as R;
        match rule {
            R::Designated(designated) => {
                for area in OPENING_AREAS {
                    self.place_by_holder(area)?;
                }
                let found = self.opening_26()?;
                if let Some(want) = designated
                    && want.code() != found.code()
                {
                    return Err(Violation::NotDesignated {
                        step: self.next,
                        expected: want.code(),
                        found: found.code(),
                    });
                }
            }
            R::ThreeMoveSwap => {
                self.p1_places_26()?;
                self.swap_right(Player::P2)?;
            }
            R::Rif | R::Yamaguchi | R::FifthMoveOffers(_) => {
                self.p1_places_26()?;
                let n = match rule {
                    R::Yamaguchi => self.declare(Player::P1, None)?,
                    R::FifthMoveOffers(n) => n,
                    _ => 2,
                };
                self.swap_right(Player::P2)?;
                self.place_by_holder(Area::Anywhere)?;
                self.offers_and_choice(n)?;
                self.place_by_holder(Area::Anywhere)?;
            }
            R::Soosorv(max) => {
                self.p1_places_26()?;
                self.swap_right(Player::P2)?;
                let white = self.holder(Color::White);
                self.place(white, Area::Anywhere)?;
                let n = self.declare(white, Some(max))?;
                self.swap_right(white.opponent())?;
                self.offers_and_choice(n)?;
                self.place_by_holder(Area::Anywhere)?;
            }
            R::Tarannikov | R::FiveTimesSwap => {
                for area in AREAS {
                    let area = if rule == R::Tarannikov {
                        area
                    } else {
                        Area::Anywhere
                    };
                    let placer = self.holder(self.next_colour());
                    self.place(placer, area)?;
                    self.swap_right(placer.opponent())?;
                }
                self.place_by_holder(Area::Anywhere)?;
            }
            R::Taraguchi(n) => {
                for area in &AREAS[..4] {
                    let placer = self.holder(self.next_colour());
                    self.place(placer, *area)?;
                    if self.stones.len() < 4 {
                        self.swap_right(placer.opponent())?;
                    }
                }
                let swapped = self.swap_right(self.holder(Color::Black))?;
                if let Some(Event::Offer { .. }) = self.peek() {
                    if swapped {
                        return Err(Violation::OffersAfterSwap { step: self.step() });
                    }
                    self.offers_and_choice(n)?;
                } else {
                    let placer = self.holder(Color::Black);
                    self.place(placer, AREAS[4])?;
                    self.swap_right(placer.opponent())?;
                }
                self.place_by_holder(Area::Anywhere)?;
            }
            R::Swap1 | R::Swap3 | R::FiveMoveSwap => {
                let count = match rule {
                    R::Swap1 => 1,
                    R::Swap3 => 3,
                    _ => 5,
                };
                for _ in 0..count {
                    self.place(Player::P1, Area::Anywhere)?;
                }
                self.swap_right(Player::P2)?;
            }
            R::Swap2 => {
                for _ in 0..3 {
                    self.place(Player::P1, Area::Anywhere)?;
                }
                let option_c = matches!(
                    (self.peek(), self.events.get(self.next + 1)),
                    (
                        Some(Event::Place { by: Player::P2, .. }),
                        Some(Event::Place { by: Player::P2, .. })
                    )
                );
                if option_c {
                    self.place(Player::P2, Area::Anywhere)?;
                    self.place(Player::P2, Area::Anywhere)?;
                    self.swap_right(Player::P1)?;
                } else {
                    self.swap_right(Player::P2)?;
                }
            }
            R::ContinuousSwap => self.continuous_swap()?,
            R::Free => {}
        }
        self.tail()
    }

    fn continuous_swap(&mut self) -> Result<(), Violation> {
        let mut to_move = Player::P1;
        let mut placers = Vec::new();
        let mut last_step = 0;
        while self.stones.len() < 6 {
            let area = OPENING_AREAS
                .get(self.stones.len())
                .copied()
                .unwrap_or(Area::Anywhere);
            self.place(to_move, area)?;
            placers.push(to_move);
            last_step = self.next;
            let couple_allowed = self.stones.len() <= 5;
            let couple = couple_allowed
                && matches!(self.peek(), Some(Event::Place { by, .. }) if *by == to_move);
            if !couple {
                to_move = to_move.opponent();
                continue;
            }
            let area = OPENING_AREAS
                .get(self.stones.len())
                .copied()
                .unwrap_or(Area::Anywhere);
            self.place(to_move, area)?;
            placers.push(to_move);
            last_step = self.next;
            let opponent = to_move.opponent();
            match self.peek() {
                Some(Event::Swap { by }) if *by == opponent => self.next += 1,
                Some(Event::Keep { by }) if *by == opponent => {
                    self.next += 1;
                    to_move = opponent;
                }
                Some(e @ (Event::Swap { .. } | Event::Keep { .. })) => {
                    return Err(Violation::WrongPlayer {
                        step: self.step(),
                        expected: opponent,
                        found: e.clone(),
                    });
                }
                // The couple-maker moving again means the opponent declined (swap).
                Some(Event::Place { by, .. }) if *by == to_move => {}
                Some(Event::Place { .. }) => to_move = opponent,
                Some(other) => return Err(self.unexpected("a stone or a swap decision", other)),
                None if self.stones.len() >= 6 => {
                    return Err(self.incomplete(format!(
                        "{opponent}'s decision after the 5-6 couple (swap, or place stone 7)"
                    )));
                }
                None => {}
            }
            if self.stones.len() == 3 {
                self.opening_26()?;
            }
        }
        if self.stones.len() >= 3 {
            self.opening_26()?;
        }
        if placers.len() == 6 && placers.iter().all(|&p| p == placers[0]) {
            return Err(Violation::OnePlayerPlacedAll {
                step: last_step,
                player: placers[0],
            });
        }
        self.black = to_move;
        Ok(())
    }
}

/// The opening information a game record carries (the fields of `notation::GameRecord`
/// without the dependency): the moves as played, the offered 5th moves, a declared number of
/// offers and the swap decisions. Records do not say who placed which stone; that follows
/// from the rule ([`OpeningTranscript::reconstruct`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordedOpening<'a> {
    /// Board side.
    pub board_size: u8,
    /// The stones in order (stop at the first pass).
    pub moves: &'a [Point],
    /// Offered 5th moves in the order offered, the kept one (`moves[4]`) included; empty when
    /// the record has none.
    pub fifth_offers: &'a [Point],
    /// A declared number of offers, if recorded.
    pub declared_offers: Option<u8>,
    /// Swap decisions as `(stones on the board when taken, swapped)`, in order.
    pub swaps: &'a [(usize, bool)],
}

impl OpeningTranscript {
    /// Builds the transcript a record implies under `rule`: who placed each stone follows
    /// from the rule and the recorded swaps (a decision after stone k is taken by the
    /// opponent of whoever placed stone k); offers go after stone 4 with the kept one as
    /// White's choice; a missing declaration (Yamaguchi, Soosõrv) is taken to be the number
    /// of offers. Swap2's option (c) is recognised by a swap decision recorded after stone 5.
    /// [`check`] then verifies areas, occupancy, offers and their symmetry, and the recorded
    /// decisions. Returns `None` for continuous swap, whose couples a record does not show.
    ///
    /// ```
    /// use openings::{check, OpeningRule, OpeningTranscript, RecordedOpening, Violation};
    /// use renju_core::Point;
    /// let pts = |s: &str| s.split(' ').map(|x| x.parse::<Point>().unwrap()).collect::<Vec<_>>();
    /// let moves = pts("h8 i9 j10 k11 g9 a1");
    /// let rec = RecordedOpening {
    ///     board_size: 15, moves: &moves, fifth_offers: &pts("g9 i7"),
    ///     declared_offers: None, swaps: &[(3, true)],
    /// };
    /// let t = OpeningTranscript::reconstruct(OpeningRule::Rif, &rec).unwrap();
    /// assert!(matches!(check(OpeningRule::Rif, &t), Err(Violation::EquivalentOffers { .. })));
    /// ```
    #[must_use]
    pub fn reconstruct(rule: OpeningRule, rec: &RecordedOpening<'_>) -> Option<OpeningTranscript> {
        use OpeningRule as R;
        if rule == R::ContinuousSwap {
            return None;
        }
        // A decision stays where the record puts it when the rule has a swap chance there;
        // otherwise (a reader's guess from the rule name) the rule places it by its order:
        // Swap1 after 1, Swap2 after 3 and 5, ...
        let offers = !rec.fifth_offers.is_empty();
        let chances = crate::recorded::swap_slots(rule, 5, offers);
        let slots = crate::recorded::swap_slots(rule, rec.swaps.len(), offers);
        let decisions: Vec<(usize, bool)> = rec
            .swaps
            .iter()
            .zip(&slots)
            .map(|(&(recorded, swapped), slot)| {
                if chances.contains(&Some(recorded)) {
                    (recorded, swapped)
                } else {
                    (slot.unwrap_or(recorded), swapped)
                }
            })
            .collect();
        let option_c = rule == R::Swap2 && decisions.iter().any(|s| s.0 == 5);
        let p1_places = match rule {
            R::Rif
            | R::Yamaguchi
            | R::FifthMoveOffers(_)
            | R::Soosorv(_)
            | R::ThreeMoveSwap
            | R::Swap3
            | R::Swap2 => 3,
            R::Swap1 => 1,
            R::FiveMoveSwap => 5,
            _ => 0,
        };
        let mut t = OpeningTranscript::new().with_board_size(rec.board_size);
        let mut black = Player::P1;
        let mut placers: Vec<Player> = Vec::new();
        let offers_at_5 = !rec.fifth_offers.is_empty();
        for (i, &at) in rec.moves.iter().enumerate() {
            let k = i + 1;
            let holder = if k % 2 == 1 { black } else { black.opponent() };
            let by = if k <= p1_places {
                Player::P1
            } else if option_c && (k == 4 || k == 5) {
                Player::P2
            } else {
                holder
            };
            if k == 5 && offers_at_5 {
                t = t
                    .offer(black, rec.fifth_offers)
                    .choose(black.opponent(), at);
            } else {
                t = t.place(by, at);
            }
            placers.push(by);
            let declared = rec
                .declared_offers
                .unwrap_or(u8::try_from(rec.fifth_offers.len()).unwrap_or(u8::MAX));
            match rule {
                R::Yamaguchi if k == 3 => t = t.declare(Player::P1, declared),
                R::Soosorv(_) if k == 4 => t = t.declare(by, declared),
                _ => {}
            }
            for &(_, swapped) in decisions.iter().filter(|s| s.0 == k) {
                let decider = by.opponent();
                if swapped {
                    t = t.swap(decider);
                    black = black.opponent();
                } else {
                    t = t.keep(decider);
                }
            }
        }
        Some(t)
    }
}
