//! The opening classification and the 5th-move offer checks.

use crate::common;
use common::pt;

use renju_analyzer::opening::{
    Family, NotAnOpening, Opening, ProtocolProblem, check_protocol, identify,
};
use renju_core::{Move, Point, RENJU_SIZE, Symmetry};
use renju_notation::GameRecord;
use renju_openings::RecordViolation;
use std::collections::HashSet;

fn canonical(moves: &[Move]) -> Option<(Family, Point)> {
    match identify(moves) {
        Opening::Identified {
            family,
            canonical_third,
            ..
        } => Some((family, canonical_third)),
        _ => None,
    }
}

/// Every legal choice of white 2 (touching h8) and black 3 (5x5 area) falls into exactly
/// 26 classes, 13 direct and 13 indirect: the definition of the 26 openings.
#[test]
fn all_first_three_moves_fall_into_26_classes() {
    let c = Point::CENTER;
    let mut classes = HashSet::new();
    let mut seen = 0;
    for dc2 in -1..=1 {
        for dr2 in -1..=1 {
            let Some(w2) = c.offset(dc2, dr2, RENJU_SIZE).filter(|&p| p != c) else {
                continue;
            };
            for dc3 in -2..=2 {
                for dr3 in -2..=2 {
                    let Some(b3) = c
                        .offset(dc3, dr3, RENJU_SIZE)
                        .filter(|&p| p != c && p != w2)
                    else {
                        continue;
                    };
                    let moves = [Move::Stone(c), Move::Stone(w2), Move::Stone(b3)];
                    let cls = canonical(&moves).unwrap_or_else(|| panic!("{w2} {b3}"));
                    classes.insert(cls);
                    seen += 1;
                }
            }
        }
    }
    assert_eq!(seen, 8 * 23);
    assert_eq!(classes.len(), 26, "{classes:?}");
    let direct = classes.iter().filter(|(f, _)| *f == Family::Direct).count();
    assert_eq!(direct, 13);
}

#[test]
fn symmetric_images_are_the_same_opening() {
    let moves = [pt("h8"), pt("h9"), pt("j10")];
    let base = canonical(&moves.map(Move::Stone));
    assert!(base.is_some());
    for s in Symmetry::ALL {
        let image = moves.map(|p| Move::Stone(s.apply(p, RENJU_SIZE)));
        assert_eq!(canonical(&image), base, "{s:?}");
    }
}

#[test]
fn the_26_named_openings_are_26_distinct_classes() {
    let Some(path) = renju_testdata::shared("data/openings26.json") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let data: serde_json::Value = serde_json::from_str(&text).expect("openings26.json parses");
    let list = data.as_array().expect("a list");
    assert_eq!(list.len(), 26);
    let mut classes = HashSet::new();
    for o in list {
        let moves: Vec<Move> = o["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| Move::Stone(pt(m.as_str().expect("text"))))
            .collect();
        let (family, third) = canonical(&moves).unwrap_or_else(|| panic!("{o}"));
        assert_eq!(family.name(), o["kind"].as_str().unwrap_or_default(), "{o}");
        // Every symmetric image identifies to the same class.
        for s in Symmetry::ALL {
            let image: Vec<Move> = moves
                .iter()
                .filter_map(|m| m.point())
                .map(|p| Move::Stone(s.apply(p, RENJU_SIZE)))
                .collect();
            assert_eq!(canonical(&image), Some((family, third)), "{o} {s:?}");
        }
        classes.insert((family, third));
    }
    assert_eq!(classes.len(), 26);
}

#[test]
fn not_openings_say_why() {
    let m = |s: &str| -> Vec<Move> {
        s.split(' ')
            .map(|w| w.parse().unwrap_or_else(|e| panic!("{w}: {e}")))
            .collect()
    };
    assert_eq!(identify(&m("h8 h9")), Opening::TooShort);
    assert_eq!(
        identify(&m("h8 -- i8")),
        Opening::NotAnOpening(NotAnOpening::Pass(2))
    );
    assert_eq!(
        identify(&m("g8 h9 i8")),
        Opening::NotAnOpening(NotAnOpening::FirstOffCentre(pt("g8")))
    );
    assert_eq!(
        identify(&m("h8 h10 i8")),
        Opening::NotAnOpening(NotAnOpening::SecondNotAdjacent(pt("h10")))
    );
    let far = identify(&m("h8 i9 k11"));
    assert_eq!(
        far,
        Opening::NotAnOpening(NotAnOpening::ThirdOutside(pt("k11")))
    );
    assert_eq!(
        far.to_string(),
        "not one of the 26 openings: black 3 on k11 is outside the 5x5 area around h8"
    );
}

#[test]
fn fifth_move_offers() {
    let mut r = GameRecord::new(15);
    for w in "h8 h9 h10 i9 j9 g9".split(' ') {
        r.moves
            .push(w.parse().unwrap_or_else(|e| panic!("{w}: {e}")));
    }
    assert_eq!(check_protocol(&r), None, "no offers: nothing to check");
    // No rule named: the offers are checked against the record itself.
    r.fifth_offers = vec![pt("j10"), pt("g11")];
    assert_eq!(
        check_protocol(&r),
        Some(ProtocolProblem::FifthNotOffered {
            played: Some(pt("j9"))
        })
    );
    r.fifth_offers = vec![pt("j9"), pt("j9")];
    assert_eq!(
        check_protocol(&r),
        Some(ProtocolProblem::DuplicateOffer(pt("j9")))
    );
    r.fifth_offers = vec![pt("j9")];
    r.declared_offers = Some(2);
    assert_eq!(
        check_protocol(&r),
        Some(ProtocolProblem::OfferCount {
            expected: 2,
            offered: 1
        })
    );
    r.declared_offers = None;
    // Named rule: the rule's own check (renju_openings::check_record).
    let recorded = |r: &GameRecord| match check_protocol(r) {
        Some(ProtocolProblem::Recorded { violation, .. }) => Some(violation),
        None => None,
        Some(other) => panic!("{other:?}"),
    };
    r.rule = Some("RIF".into());
    r.fifth_offers = vec![pt("j9"), pt("g11")];
    assert_eq!(recorded(&r), None);
    r.fifth_offers = vec![pt("j10"), pt("g11")];
    assert!(matches!(
        recorded(&r),
        Some(RecordViolation::FifthNotOffered(p)) if p == pt("j9")
    ));
    r.fifth_offers = vec![pt("j9")];
    assert!(matches!(
        recorded(&r),
        Some(RecordViolation::OfferCount { found: 1, .. })
    ));
    r.declared_offers = Some(1);
    assert!(
        matches!(
            recorded(&r),
            Some(RecordViolation::OfferCount { found: 1, .. })
        ),
        "a record may declare 1 offer, but RIF itself asks for 2"
    );
    r.rule = Some("Yamaguchi".into());
    assert_eq!(
        recorded(&r),
        None,
        "under Yamaguchi the declared count is the rule"
    );
    r.declared_offers = Some(2);
    assert!(matches!(
        recorded(&r),
        Some(RecordViolation::OfferCount { found: 1, .. })
    ));
    r.rule = Some("RIF".into());
    r.fifth_offers = vec![pt("j9"), pt("j9")];
    assert_eq!(recorded(&r), Some(RecordViolation::RepeatedOffer(pt("j9"))));
}

#[test]
fn the_openings_catalogue_names_the_opening_in_any_orientation() {
    for (moves, code) in [
        ("h8 h9 i8", "6D"),
        ("h8 h7 g8", "6D"),
        ("h8 i9 j10", "1I"),
        ("h8 g7 f6", "1I"),
    ] {
        let ms: Vec<Move> = moves.split(' ').map(|w| Move::Stone(pt(w))).collect();
        match identify(&ms) {
            Opening::Identified { code: got, .. } => assert_eq!(got, Some(code), "{moves}"),
            other => panic!("{moves}: {other}"),
        }
    }
}
