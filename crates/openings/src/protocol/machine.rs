//! The protocol state machine: [`check`] and [`check_with`] walk a transcript step by step.

use super::{Area, Event, Expected, OpeningTranscript, Player, Violation};
use crate::catalogue::identify;
use crate::isometry::{OfferSymmetry, first_equivalent_pair};
use crate::rule::OpeningRule;
use renju_core::{Board, Color, Point};

/// Checks a transcript against a rule; 5th-move offers are compared with translation allowed.
///
/// # Errors
/// The first [`Violation`], with its step.
///
/// ```
/// use renju_openings::{check, OpeningRule, OpeningTranscript, Player::*, Violation};
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
/// use renju_openings::{OfferSymmetry, OpeningRule, OpeningTranscript, Player::*, check_with};
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
    let Ok(board) = Board::new(usize::from(transcript.board_size())) else {
        return Err(Violation::BadBoardSize {
            size: transcript.board_size(),
        });
    };
    let mut m = Machine {
        events: transcript.events(),
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

const AREAS: [Area; 5] = Area::GROWING;
const OPENING_AREAS: [Area; 3] = Area::OPENING;

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

    fn incomplete(&self, expected: Expected) -> Violation {
        Violation::Incomplete {
            step: self.step(),
            expected,
        }
    }

    fn unexpected(&self, expected: Expected, found: &Event) -> Violation {
        match found {
            Event::Swap { .. } | Event::Keep { .. } => Violation::NoSwapRight {
                step: self.step(),
                found: found.clone(),
            },
            _ => Violation::Unexpected {
                step: self.step(),
                expected,
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
        let what = Expected::Stone { by, stone, area };
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
        let what = Expected::Declaration { by: who };
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
        let what = Expected::Offers { by: who, n };
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
        let what = Expected::Choice { by: chooser };
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
                other => return Err(self.unexpected(Expected::AnyStone, other)),
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
                Some(other) => {
                    return Err(self.unexpected(Expected::StoneOrSwapDecision, other));
                }
                None if self.stones.len() >= 6 => {
                    return Err(self.incomplete(Expected::LastCoupleDecision { by: opponent }));
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
