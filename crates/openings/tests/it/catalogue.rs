//! The 26 openings: identify in all orientations, the reasons for "not an opening", the
//! symmetry flags, and a cross-check with the shared reference data when present.

use crate::common;
use common::{p, shared};

use renju_core::{Board, Color, Point, Symmetry};
use renju_openings::{
    NotAnOpeningError, OpeningKind, OpeningSymmetry, by_code, catalogue, identify,
};
use std::collections::HashSet;

#[test]
fn identify_every_opening_in_every_orientation() {
    for o in catalogue() {
        for s in Symmetry::ALL {
            let given = o.moves().map(|m| s.apply(m, 15));
            let found = identify(&given).unwrap_or_else(|e| panic!("{} {s}: {e}", o.code()));
            assert_eq!(found.opening.code(), o.code(), "{} turned by {s}", o.code());
            // The reported symmetry maps the given stones to the standard orientation.
            let back = given.map(|m| found.symmetry.apply(m, 15));
            assert_eq!(back, o.moves(), "{} turned by {s}", o.code());
        }
    }
}

#[test]
fn the_26_are_exactly_the_classes_of_all_legal_first_three_stones() {
    // Every white 2 next to h8 and every black 3 in the 5x5 is one of the 26, and the orbits
    // of the 26 under the 8 symmetries partition those 8 x 23 = 184 placements.
    let centre = Point::CENTER;
    let mut total = 0;
    let mut seen_per_code = std::collections::HashMap::<&str, HashSet<(Point, Point)>>::new();
    for w in Board::renju().points().filter(|q| q.distance(centre) == 1) {
        for b in Board::renju()
            .points()
            .filter(|q| q.distance(centre) <= 2 && *q != centre && *q != w)
        {
            total += 1;
            let found = identify(&[centre, w, b]).expect("inside the 5x5 is always an opening");
            seen_per_code
                .entry(found.opening.code())
                .or_default()
                .insert((w, b));
        }
    }
    assert_eq!(total, 184);
    assert_eq!(seen_per_code.len(), 26);
    for o in catalogue() {
        let orbit: HashSet<(Point, Point)> = Symmetry::ALL
            .iter()
            .map(|s| (s.apply(o.moves()[1], 15), s.apply(o.moves()[2], 15)))
            .collect();
        assert_eq!(seen_per_code[o.code()], orbit, "{}", o.code());
        let expected = if o.symmetry() == OpeningSymmetry::Board {
            4
        } else {
            8
        };
        assert_eq!(orbit.len(), expected, "{}", o.code());
    }
}

#[test]
fn symmetry_flags_match_the_stones() {
    for o in catalogue() {
        assert_eq!(o.symmetry(), o.computed_symmetry(), "{}", o.code());
        assert_eq!(o.is_symmetric(), o.symmetry() != OpeningSymmetry::None);
    }
    let board: Vec<&str> = catalogue()
        .iter()
        .filter(|o| o.symmetry() == OpeningSymmetry::Board)
        .map(|o| o.code())
        .collect();
    assert_eq!(board, ["1D", "8D", "11D", "1I", "11I", "13I"]);
}

#[test]
fn codes_kinds_and_lookup() {
    let all = catalogue();
    assert_eq!(all.len(), 26);
    for (i, o) in all.iter().enumerate() {
        let (n, kind) = if i < 13 {
            (i + 1, OpeningKind::Direct)
        } else {
            (i - 12, OpeningKind::Indirect)
        };
        assert_eq!(usize::from(o.number()), n);
        assert_eq!(o.kind(), kind);
        let letter = if kind == OpeningKind::Direct {
            'D'
        } else {
            'I'
        };
        assert_eq!(o.code(), format!("{n}{letter}"));
        assert_eq!(by_code(o.code()), Some(o));
        assert_eq!(by_code(&o.code().to_lowercase()), Some(o));
        assert_eq!(by_code(&format!("{letter}{n}")), Some(o));
        assert_eq!(by_code(o.name_ja()), Some(o));
        assert_eq!(by_code(o.name_zh()), Some(o));
        assert_eq!(by_code(o.romaji()), Some(o));
        let second = if kind == OpeningKind::Direct {
            "h9"
        } else {
            "i9"
        };
        assert_eq!(o.moves()[0], p("h8"));
        assert_eq!(o.moves()[1], p(second));
        assert_eq!(o.stones()[2].1, Color::Black);
    }
    assert_eq!(by_code("0D"), None);
    assert_eq!(by_code(""), None);
}

#[test]
fn reasons_for_not_an_opening() {
    let cases: [(&[&str], NotAnOpeningError, &str); 6] = [
        (
            &["h8", "h9"],
            NotAnOpeningError::TooFewStones { given: 2 },
            "3 stones, 2 given",
        ),
        (
            &["h7", "h9", "h10"],
            NotAnOpeningError::FirstNotCentre { at: p("h7") },
            "not at the centre",
        ),
        (
            &["h8", "h10", "h9"],
            NotAnOpeningError::SecondNotAdjacent { at: p("h10") },
            "not adjacent",
        ),
        (
            &["h8", "g7", "k11"],
            NotAnOpeningError::ThirdOutside5x5 { at: p("k11") },
            "outside the 5x5",
        ),
        (
            &["h8", "h9", "h9"],
            NotAnOpeningError::Repeated { at: p("h9") },
            "twice",
        ),
        (
            &["h8", "h8", "h9"],
            NotAnOpeningError::Repeated { at: p("h8") },
            "twice",
        ),
    ];
    for (moves, want, words) in cases {
        let pts: Vec<Point> = moves.iter().map(|m| p(m)).collect();
        let got = identify(&pts).unwrap_err();
        assert_eq!(got, want, "{moves:?}");
        assert!(got.to_string().contains(words), "{got}");
    }
    assert_eq!(
        identify(&[]),
        Err(NotAnOpeningError::TooFewStones { given: 0 })
    );
    // Extra stones after the third are ignored.
    let more = [p("h8"), p("i9"), p("i7"), p("a1"), p("o15")];
    assert_eq!(identify(&more).unwrap().opening.code(), "7I");
}

#[test]
fn catalogue_agrees_with_shared_openings26() {
    let Some(text) = shared("data/openings26.json") else {
        return;
    };
    let rows: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 26);
    for (row, o) in rows.iter().zip(catalogue()) {
        let s = |k: &str| row[k].as_str().unwrap_or_default().to_string();
        assert_eq!(s("rif_code"), o.code());
        assert_eq!(s("name_ja"), o.name_ja(), "{}", o.code());
        assert_eq!(s("name_zh"), o.name_zh(), "{}", o.code());
        assert_eq!(s("name_en"), o.romaji(), "{}", o.code());
        assert_eq!(s("kind"), o.kind().name(), "{}", o.code());
        let moves: Vec<String> = row["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let mine: Vec<String> = o.moves().iter().map(ToString::to_string).collect();
        assert_eq!(moves, mine, "{}", o.code());
        let board = row["board_symmetric"].as_bool().unwrap();
        let pattern = row["pattern_symmetric"].as_bool().unwrap();
        assert_eq!(
            board,
            o.symmetry() == OpeningSymmetry::Board,
            "{}",
            o.code()
        );
        assert_eq!(
            pattern,
            o.symmetry() != OpeningSymmetry::None,
            "{}",
            o.code()
        );
    }
}
