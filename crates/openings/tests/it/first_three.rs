//! `check_first_three`: stones 1-3 under the rules that start from one of the 26 openings,
//! judged against distances computed here (not the crate's `Area`), and in agreement with
//! `check_record`.

use proptest::prelude::*;
use renju_core::{Move, Point, Symmetry};
use renju_openings::{
    ALL_RULES, Area, Offers, OpeningRecord, OpeningRule, RecordViolation, Swaps, catalogue,
    check_first_three, check_record,
};

/// The rules whose texts start from one of the 26 openings (docs/rules.md section 8):
/// black 1 on h8, white 2 touching it, black 3 within the 5x5 square. Written out here so that
/// the test does not ask the code which they are.
fn starts_from_26(rule: OpeningRule) -> bool {
    use OpeningRule as R;
    matches!(
        rule,
        R::Designated(_)
            | R::ThreeMoveSwap
            | R::Rif
            | R::Yamaguchi
            | R::FifthMoveOffers(_)
            | R::Soosorv(_)
            | R::Taraguchi(_)
            | R::Tarannikov
            | R::ContinuousSwap
    )
}

/// Chebyshev distance from h8, from the coordinates.
fn from_h8(p: Point) -> u8 {
    p.col().abs_diff(7).max(p.row().abs_diff(7))
}

fn stones(points: &[Point]) -> Vec<Move> {
    points.iter().map(|&p| Move::Stone(p)).collect()
}

#[test]
fn the_rules_that_start_from_the_26() {
    for rule in ALL_RULES {
        assert_eq!(rule.requires_26(), starts_from_26(rule), "{rule}");
    }
    assert!(OpeningRule::Soosorv(3).requires_26() && OpeningRule::Taraguchi(2).requires_26());
}

#[test]
fn every_opening_in_every_orientation_passes() {
    for rule in ALL_RULES {
        for o in catalogue() {
            for s in Symmetry::ALL {
                let three: Vec<Point> = o.moves().iter().map(|&q| s.apply(q, 15)).collect();
                assert_eq!(
                    check_first_three(rule, 15, &stones(&three)),
                    Ok(()),
                    "{rule} {} {s}",
                    o.code()
                );
            }
        }
    }
}

/// Black 1 anywhere but h8, white 2 anywhere not touching h8, black 3 anywhere outside the 5x5:
/// each is the violation at its step under every rule that starts from the 26, and nothing
/// under the others.
#[test]
fn each_stone_out_of_place_is_named_with_its_step() {
    let h8: Point = "h8".parse().unwrap();
    let h9: Point = "h9".parse().unwrap();
    let all: Vec<Point> = (0..15)
        .flat_map(|c| (0..15).filter_map(move |r| Point::new(c, r)))
        .collect();
    let mut cases = 0;
    for rule in ALL_RULES {
        for &p in &all {
            let tries = [
                (1, vec![p, h9, "j10".parse().unwrap()], p != h8),
                (2, vec![h8, p, "j10".parse().unwrap()], from_h8(p) > 1),
                (3, vec![h8, h9, p], from_h8(p) > 2),
            ];
            for (stone, moves, out_of_place) in tries {
                if moves[..stone - 1].contains(&p) {
                    continue; // the point is taken by an earlier stone
                }
                let got = check_first_three(rule, 15, &stones(&moves));
                if out_of_place && starts_from_26(rule) {
                    let e = got.unwrap_err();
                    assert_eq!((e.rule, e.stone, e.at), (rule, stone, Some(p)), "{rule}");
                    assert_eq!(e.area, Area::OPENING[stone - 1]);
                    assert!(
                        e.to_string()
                            .starts_with(&format!("{}: stone {stone} at {p} ", rule.name()))
                    );
                    cases += 1;
                } else {
                    assert_eq!(got, Ok(()), "{rule}: stone {stone} at {p}");
                }
            }
        }
    }
    // 9 rules x (224 + 216 + 200) out-of-place stones.
    assert_eq!(cases, 9 * (224 + 216 + 200));
}

#[test]
fn a_pass_among_the_first_three_and_short_records() {
    let h8 = Move::Stone("h8".parse().unwrap());
    let e = check_first_three(OpeningRule::Rif, 15, &[h8, Move::Pass]).unwrap_err();
    assert_eq!((e.stone, e.at), (2, None));
    assert_eq!(
        e.to_string(),
        "RIF: move 2 is a pass, where stone 2 must be placed in the 3x3 area"
    );
    assert_eq!(check_first_three(OpeningRule::Rif, 15, &[h8]), Ok(()));
    assert_eq!(check_first_three(OpeningRule::Rif, 15, &[]), Ok(()));
    assert_eq!(
        check_first_three(OpeningRule::Swap1, 15, &[Move::Pass]),
        Ok(())
    );
}

fn three_stones() -> impl Strategy<Value = Vec<Move>> {
    proptest::collection::vec(
        prop_oneof![
            9 => (5u8..10, 5u8..10).prop_map(|(c, r)| Point::new(c, r).map_or(Move::Pass, Move::Stone)),
            1 => (0u8..15, 0u8..15).prop_map(|(c, r)| Point::new(c, r).map_or(Move::Pass, Move::Stone)),
            1 => Just(Move::Pass),
        ],
        0..4,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// The first-three check names the stone `check_record` reports as out of its area (or the
    /// pass it reports), for stones 1-3.
    #[test]
    fn agrees_with_check_record(moves in three_stones(), rule in 0usize..ALL_RULES.len()) {
        let rule = ALL_RULES[rule];
        let rec = OpeningRecord { board_size: 15, moves: &moves, offers: Offers::NotRecorded,
            declared_offers: None, swaps: Swaps::NotRecorded };
        // The earliest stone check_record finds out of its area, or a pass among stones 1-3.
        let from_record = check_record(rule, &rec).violations.into_iter().filter_map(|v| match v {
            RecordViolation::OutsideArea { stone, at, .. } if stone <= 3 => Some((stone, Some(at))),
            RecordViolation::PassInOpening { number } if number <= 3 && rule.requires_26() => Some((number, None)),
            _ => None,
        }).min_by_key(|&(stone, _)| stone);
        let mine = check_first_three(rule, 15, &moves).err().map(|e| (e.stone, e.at));
        prop_assert_eq!(mine, from_record, "{}", rule);
    }
}
