//! What happened in an opening, step by step: [`Player`], [`Event`], [`OpeningTranscript`].

use renju_core::Point;
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
    /// use renju_openings::Player;
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
    /// use renju_openings::Player;
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

renju_core::names! {
    /// `P1` or `P2` (also `Display`; `FromStr` reads it back, in any ASCII case).
    ///
    /// ```
    /// use renju_openings::Player;
    /// assert_eq!((Player::P1.name(), Player::P2.to_string()), ("P1", "P2".to_string()));
    /// assert_eq!("p2".parse::<Player>(), Ok(Player::P2));
    /// ```
    Player: "player" {
        P1 => "P1",
        P2 => "P2",
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
/// use renju_openings::{OpeningTranscript, Player::*};
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
    /// use renju_openings::OpeningTranscript;
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
    /// use renju_openings::{OpeningRule, OpeningTranscript, Player::*, check};
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
    /// use renju_openings::OpeningTranscript;
    /// assert_eq!(OpeningTranscript::new().with_board_size(19).board_size(), 19);
    /// ```
    #[must_use]
    pub fn board_size(&self) -> u8 {
        self.board_size
    }
    /// The events in order.
    ///
    /// ```
    /// use renju_openings::{Event, OpeningTranscript, Player::*};
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
    /// use renju_openings::{Event, OpeningTranscript, Player::*};
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
    /// use renju_openings::{OpeningRule, OpeningTranscript, Player::*, Violation, check};
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
    /// use renju_openings::{OpeningRule, OpeningTranscript, Player::*, Violation, check};
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
    /// use renju_openings::{OpeningRule, OpeningTranscript, Player::*, check};
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
    /// use renju_openings::{OpeningRule, OpeningTranscript, Player::*, check};
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
    /// use renju_openings::{OpeningRule, OpeningTranscript, Player::*, Violation, check};
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
    /// use renju_openings::{OpeningRule, OpeningTranscript, Player::*, check};
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
