//! A transcript from a game record's opening data: [`RecordedOpening`] and
//! [`OpeningTranscript::reconstruct`] (the record checks proper are in `recorded`).

use super::{OpeningTranscript, Player};
use crate::rule::OpeningRule;
use renju_core::Point;

/// The opening information a game record carries (the fields of `renju_notation::GameRecord`
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
    /// [`check`](crate::check) then verifies areas, occupancy, offers and their symmetry, and the recorded
    /// decisions. Returns `None` for continuous swap, whose couples a record does not show.
    ///
    /// ```
    /// use renju_openings::{check, OpeningRule, OpeningTranscript, RecordedOpening, Violation};
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
