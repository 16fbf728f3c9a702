//! Opening statistics (issue 17) on hand-made archives with known counts: each of the 26
//! openings under all 8 symmetries, the `none` cases, declared results and ends.

use crate::common;

use common::record;
use renju_analyzer::stats::OpeningStats;
use renju_analyzer::{Settings, audit};
use renju_core::{Move, RENJU_SIZE, Symmetry};
use renju_notation::{DeclaredResult, GameRecord};

fn add(stats: &mut OpeningStats, r: &GameRecord) {
    stats.add(r, &audit(r, &Settings::default()));
}

#[test]
fn every_opening_under_every_symmetry() {
    let mut stats = OpeningStats::new();
    let results = [
        DeclaredResult::Black,
        DeclaredResult::White,
        DeclaredResult::Draw,
        DeclaredResult::Unknown,
    ];
    let mut n = 0;
    for o in renju_openings::catalogue() {
        for (k, s) in Symmetry::ALL.into_iter().enumerate() {
            let mut r = GameRecord::new(15);
            r.result = results[k % 4];
            // The three stones turned, then two far-away moves: 5 moves.
            r.moves = o
                .moves()
                .iter()
                .map(|&p| Move::Stone(s.apply(p, RENJU_SIZE)))
                .collect();
            r.moves.push("a1".parse().unwrap_or(Move::Pass));
            r.moves.push("o15".parse().unwrap_or(Move::Pass));
            add(&mut stats, &r);
            n += 1;
        }
    }
    assert_eq!(n, 26 * 8);
    assert_eq!(stats.games(), 208);
    for (row, o) in stats.rows().iter().zip(renju_openings::catalogue()) {
        assert_eq!(row.code, o.code());
        assert_eq!(
            (row.games, row.black, row.white, row.draw, row.unknown),
            (8, 2, 2, 2, 2),
            "{}",
            row.code
        );
        assert_eq!(row.mean_moves(), Some(5.0));
    }
    assert_eq!(stats.rows()[26].games, 0);
    let (first, none) = (stats.rows()[0], stats.rows()[26]);
    assert_eq!((first.code, first.name), ("1D", "Kansei"));
    assert_eq!(first.mean_moves_text().as_deref(), Some("5.0"));
    assert_eq!(
        (none.code, none.name, none.games),
        ("none", "not one of the 26", 0)
    );
    assert_eq!(none.mean_moves_text(), None);
    assert_eq!(stats.rows().len(), 27);
}

#[test]
fn none_cases_and_ends() {
    let mut stats = OpeningStats::new();
    let none = [
        record(15, "h8 h9", DeclaredResult::Unknown), // fewer than three moves
        record(15, "", DeclaredResult::Unknown),      // no move at all
        record(15, "h8 -- h10", DeclaredResult::White), // a pass among them
        record(15, "h8 h10 i8", DeclaredResult::Black), // white 2 not adjacent
        record(15, "g7 h9 i8", DeclaredResult::Black), // black 1 off h8
        record(19, "j10 j11 j12", DeclaredResult::Draw), // not a 15x15 board
    ];
    for r in &none {
        add(&mut stats, r);
    }
    let row = stats.rows()[26];
    assert_eq!(row.code, "none");
    assert_eq!(
        (row.games, row.black, row.white, row.draw, row.unknown),
        (6, 2, 1, 1, 2)
    );
    // Moves 2 + 0 + 3 + 3 + 3 + 3 (passes counted).
    assert_eq!(row.moves, 14);
    // Ends, all 6D (h8 h9 i8): a Black five at 9, a White five at 10, a double three claimed
    // at once (the record ends on it), and a resignation.
    let games = [
        ("h8 h9 i8 i9 j8 j9 k8 k9 l8", DeclaredResult::Black),
        ("h8 h9 i8 i9 a1 j9 a3 k9 a5 l9", DeclaredResult::White),
        ("h8 h9 i8 b2 j9 b14 j10 n14 j8", DeclaredResult::White),
        ("h8 h9 i8 a1", DeclaredResult::White),
    ];
    for (moves, result) in games {
        add(&mut stats, &record(15, moves, result));
    }
    let d6 = stats
        .rows()
        .iter()
        .find(|r| r.code == "6D")
        .copied()
        .unwrap_or_else(|| panic!("6D"));
    assert_eq!(
        (
            d6.games,
            d6.black,
            d6.white,
            d6.black_five,
            d6.white_five,
            d6.foul
        ),
        (4, 1, 3, 1, 1, 1)
    );
    assert_eq!(d6.mean_moves(), Some((9 + 10 + 9 + 4) as f64 / 4.0));
    assert_eq!(
        (
            d6.name,
            d6.draw,
            d6.unknown,
            d6.mean_moves_text().as_deref()
        ),
        ("Ugetsu", 0, 0, Some("8.0"))
    );
    // Merging two halves gives the whole.
    let mut a = OpeningStats::new();
    let mut b = OpeningStats::new();
    for (i, r) in none.iter().enumerate() {
        add(if i % 2 == 0 { &mut a } else { &mut b }, r);
    }
    a.merge(&b);
    assert_eq!(a.rows()[26], stats.rows()[26]);
    assert!(stats.to_string().contains("6D    Ugetsu"), "{stats}");
}

#[test]
fn fifth_moves_per_rule_in_the_standard_orientation() {
    use renju_analyzer::fifth_stats::FifthMoveStats;
    let mut fifth = FifthMoveStats::new();
    // 1D 寒星 h8 h9 h10 is symmetric about column h: the 5th moves g9 and i9 (mirror images)
    // are one row. Each game in all 8 orientations, under RIF; one more under Yamaguchi.
    let mut counted = 0;
    for (k, s) in Symmetry::ALL.into_iter().enumerate() {
        for five in ["g9", "i9"] {
            let mut r = record(15, &format!("h8 h9 h10 a1 {five}"), DeclaredResult::Black);
            r.moves = r
                .moves
                .iter()
                .map(|m| {
                    m.point()
                        .map_or(*m, |p| Move::Stone(s.apply(p, RENJU_SIZE)))
                })
                .collect();
            r.rule = Some("RIF".into());
            if k == 0 {
                r.fifth_offers = vec![
                    s.apply(common::pt(five), RENJU_SIZE),
                    s.apply(common::pt("k12"), RENJU_SIZE),
                ];
            }
            counted += usize::from(fifth.add(&r));
        }
    }
    let mut other = record(15, "h8 h9 h10 a1 g9", DeclaredResult::White);
    other.rule = Some("Yamaguchi".into());
    assert!(fifth.add(&other));
    // Not counted: no rule, fewer than 5 stones, not one of the 26.
    assert!(!fifth.add(&record(15, "h8 h9 h10 a1 g9", DeclaredResult::Black)));
    let mut short = record(15, "h8 h9 h10 a1", DeclaredResult::Black);
    short.rule = Some("RIF".into());
    assert!(!fifth.add(&short));
    assert_eq!(counted, 16);
    let rows: Vec<String> = fifth
        .rows()
        .map(|(rule, code, five, r)| {
            format!(
                "{rule} {code} {five} games {} offers {}/{} swapped {} b{} w{} d{} u{}",
                r.games,
                r.offers,
                r.offers_recorded,
                r.swapped,
                r.black,
                r.white,
                r.draw,
                r.unknown
            )
        })
        .collect();
    // g9 in the standard orientation (the smaller of g9/i9).
    assert_eq!(
        rows,
        [
            "RIF 1D g9 games 16 offers 4/2 swapped 0 b16 w0 d0 u0",
            "Yamaguchi 1D g9 games 1 offers 0/0 swapped 0 b0 w1 d0 u0",
        ]
    );
}
