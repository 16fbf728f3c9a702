//! Properties of `check_record`: missing data is never a violation, and a check
//! never reads data it does not need (the offers are judged the same whatever the swaps say,
//! as long as the swaps themselves are within the rule's chances).

use crate::common;

use common::p;
use proptest::prelude::*;
use renju_core::{Move, Point, Symmetry};
use renju_openings::{
    Offers, OpeningRecord, OpeningRule, RecordViolation, Swaps, catalogue, check_record, swap_slots,
};

const RULES: [OpeningRule; 7] = [
    OpeningRule::Rif,
    OpeningRule::Yamaguchi,
    OpeningRule::Soosorv(8),
    OpeningRule::FifthMoveOffers(3),
    OpeningRule::Taraguchi(10),
    OpeningRule::Tarannikov,
    OpeningRule::ContinuousSwap,
];

fn is_swap_violation(v: &RecordViolation) -> bool {
    matches!(
        v,
        RecordViolation::SwapWithoutRight { .. }
            | RecordViolation::Swap2ChoiceAfterSwap
            | RecordViolation::TooManySwaps { .. }
            | RecordViolation::CoupleBeyondSix { .. }
            | RecordViolation::OnePlayerPlacedAll
            | RecordViolation::OffersAfterSwap
            | RecordViolation::OffersAndFifthSwap
    )
}

/// A game: one of the 26 in one of the 8 orientations, then random further stones.
fn game() -> impl Strategy<Value = Vec<Move>> {
    (
        0usize..26,
        0usize..8,
        proptest::collection::vec((0u8..15, 0u8..15), 1..6),
    )
        .prop_map(|(o, s, rest)| {
            let sym = Symmetry::ALL[s];
            let mut moves: Vec<Point> = catalogue()[o]
                .moves()
                .iter()
                .map(|&q| sym.apply(q, 15))
                .collect();
            for (c, r) in rest {
                if let Some(q) = Point::new(c, r)
                    && !moves.contains(&q)
                {
                    moves.push(q);
                }
            }
            moves.into_iter().map(Move::Stone).collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn missing_offers_are_never_a_violation(moves in game(), rule in 0usize..RULES.len(), swapped in proptest::collection::vec(any::<bool>(), 0..3)) {
        let rule = RULES[rule];
        let rec = OpeningRecord { board_size: 15, moves: &moves, offers: Offers::NotRecorded,
            declared_offers: None, swaps: Swaps::NotRecorded };
        let c = check_record(rule, &rec);
        // Without offers or swaps only the stones can be at fault: areas and the 26.
        for v in &c.violations {
            prop_assert!(matches!(v, RecordViolation::OutsideArea { .. }), "{rule}: {v}");
        }
        // Swaps within the rule's chances add no violation about the offers.
        let chances = swap_slots(rule, swapped.len(), false).iter().filter(|s| s.is_some()).count();
        if chances == swapped.len() && rule != OpeningRule::ContinuousSwap {
            let with = OpeningRecord { swaps: Swaps::Decisions(&swapped), ..rec };
            let c2 = check_record(rule, &with);
            let offers = |c: &renju_openings::RecordCheck| c.violations.iter().filter(|v| !is_swap_violation(v) && !matches!(v, RecordViolation::OutsideArea { .. })).cloned().collect::<Vec<_>>();
            prop_assert_eq!(offers(&c2), Vec::<RecordViolation>::new());
        }
    }

    #[test]
    fn offers_are_judged_the_same_whatever_the_swaps(moves in game(), offers in proptest::collection::vec((0u8..15, 0u8..15), 1..4), rule in 0usize..4, swapped in proptest::collection::vec(any::<bool>(), 0..3)) {
        let rule = RULES[rule];
        let offers: Vec<Point> = offers.into_iter().filter_map(|(c, r)| Point::new(c, r)).collect();
        let base = OpeningRecord { board_size: 15, moves: &moves, offers: Offers::Points(&offers),
            declared_offers: None, swaps: Swaps::NotRecorded };
        let without = check_record(rule, &base);
        let with = check_record(rule, &OpeningRecord { swaps: Swaps::Decisions(&swapped), ..base });
        let offer_part = |c: &renju_openings::RecordCheck| c.violations.iter().filter(|v| !is_swap_violation(v)).cloned().collect::<Vec<_>>();
        prop_assert_eq!(offer_part(&without), offer_part(&with));
        prop_assert_eq!(&without.notes, &with.notes);
    }
}

#[test]
fn the_generator_makes_openings() {
    // h8 is black 1 of every generated game (sanity of the strategy's base).
    assert_eq!(catalogue()[0].moves()[0], p("h8"));
}
