//! Per-move annotations and foul explanations on the hand-written games.

use crate::common;
use common::pt;

use renju_analyzer::annotate::{Left, MoveNote, Shape};
use renju_analyzer::{ClaimPolicy, Settings, annotate, explain_move};
use renju_core::{Board, Color, Convention, Foul, Move, RuleSet};
use renju_notation::GameRecord;

fn load(name: &str) -> GameRecord {
    let path = renju_testdata::repo("corpus/games").join(format!("{name}.renju"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let path = path.display();
    let mut words = text.split_whitespace();
    let mut r = GameRecord::new(15);
    r.result = words
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_default();
    for w in words {
        r.moves
            .push(w.parse().unwrap_or_else(|e| panic!("{path}: {w}: {e}")));
    }
    r
}

fn board_before(r: &GameRecord, number: usize) -> String {
    let mut b = Board::renju();
    for (i, m) in r.moves.iter().take(number - 1).enumerate() {
        if let Move::Stone(p) = m {
            b.place(*p, Color::of_move_number(i + 1)).ok();
        }
    }
    b.to_diagram()
}

fn shapes(n: &MoveNote) -> Vec<Shape> {
    n.made.iter().map(|m| m.shape).collect()
}

#[test]
fn fours_fives_and_ignored_threats() {
    let r = load("black-five");
    let notes = annotate(&r, &Settings::default());
    assert_eq!(notes.len(), 9);
    let ctx = |n: usize| format!("\n{}\n{}", board_before(&r, n), notes[n - 1]);
    // 5. j8: h8 i8 j8 with g8, k8 open: an open three.
    assert_eq!(shapes(&notes[4]), [Shape::OpenThree], "{}", ctx(5));
    // 7. k8: h8..k8 with g8 and l8 empty: a straight four.
    assert_eq!(shapes(&notes[6]), [Shape::StraightFour], "{}", ctx(7));
    // 8. White k9 makes its own straight four h9..k9 and leaves Black's two five points.
    assert_eq!(shapes(&notes[7]), [Shape::StraightFour], "{}", ctx(8));
    assert_eq!(
        notes[7].left,
        [Left::FourNotBlocked(vec![pt("g8"), pt("l8")])],
        "{}",
        ctx(8)
    );
    // 9. l8: the five; a win leaves nothing.
    assert_eq!(shapes(&notes[8]), [Shape::Five], "{}", ctx(9));
    assert!(notes[8].left.is_empty(), "{}", ctx(9));
}

#[test]
fn threats_left_and_six_is_no_five_for_black() {
    // 9. Black a2 could have blocked nothing better: White's h9..k9 has two five points, and
    // Black had none. 10. l9 wins.
    let r = load("white-five");
    let notes = annotate(&r, &Settings::default());
    let nine = &notes[8];
    assert_eq!(
        nine.left,
        [Left::FourNotBlocked(vec![pt("g9"), pt("l9")])],
        "\n{}\n{nine}",
        board_before(&r, 9)
    );
    // In the overline game, after move 9 Black has h8 i8 j8 _ l8 m8: k8 would make six, which
    // is no five for Black, so White's n2 (move 10) leaves no threat behind.
    let r = load("overline-claimed-late");
    let notes = annotate(&r, &Settings::default());
    assert!(
        notes[9].left.is_empty(),
        "\n{}\n{}",
        board_before(&r, 10),
        notes[9]
    );
    // Move 11 k8 is the overline itself: a foul, not a five.
    let eleven = &notes[10];
    assert_eq!(
        eleven.foul.as_ref().map(|f| f.foul),
        Some(Foul::Overline),
        "{eleven}"
    );
    assert!(!shapes(eleven).contains(&Shape::Five));
}

#[test]
fn a_foul_carries_its_explanation_tree() {
    let r = load("double-three-claimed");
    let notes = annotate(&r, &Settings::default());
    let nine = &notes[8];
    let ctx = format!("\n{}\n{nine}", board_before(&r, 9));
    let foul = nine.foul.as_ref().unwrap_or_else(|| panic!("no foul{ctx}"));
    assert_eq!(foul.foul, Foul::DoubleThree, "{ctx}");
    assert_eq!(shapes(nine), [Shape::OpenThree, Shape::OpenThree], "{ctx}");
    let tree = foul.explanation.to_tree();
    assert!(
        tree.starts_with("j8 (lenient): forbidden: double-three"),
        "{tree}"
    );
    assert_eq!(tree.matches("(counts)").count(), 2, "{tree}");
    assert!(nine.to_string().contains("foul: double-three"), "{nine}");
    // The same tree on demand.
    let e = explain_move(&r, &Settings::default(), 9).unwrap_or_else(|| panic!("{ctx}"));
    assert_eq!(e, foul.explanation);
    assert!(
        explain_move(&r, &Settings::default(), 7).is_none(),
        "j10 is legal"
    );
    assert!(
        explain_move(&r, &Settings::default(), 8).is_none(),
        "White has no fouls"
    );
    let free = Settings::new(RuleSet::FreeStyle, Convention::Lenient, ClaimPolicy::Claim);
    assert!(
        explain_move(&r, &free, 9).is_none(),
        "no fouls in free-style"
    );
    assert!(annotate(&r, &free)[8].foul.is_none());
}

#[test]
fn the_eye_that_makes_five_under_both_conventions() {
    let r = load("eye-makes-five");
    let ctx = format!("\n{}", board_before(&r, 17));
    let lenient = annotate(&r, &Settings::default());
    let j8 = &lenient[16];
    // Lenient: the row three h8 i8 j8 is not open (its only straight-four point k8 is a
    // five), the column three j8 j9 j10 is; no foul; Black passed up the five at k8.
    assert!(j8.foul.is_none(), "{ctx}\n{j8}");
    assert_eq!(shapes(j8), [Shape::OpenThree], "{ctx}\n{j8}");
    assert_eq!(j8.made[0].direction, renju_core::Direction::Vertical);
    assert_eq!(j8.left, [Left::FiveMissed(vec![pt("k8")])], "{ctx}\n{j8}");

    let strict = Settings::new(RuleSet::Renju, Convention::Strict, ClaimPolicy::Claim);
    let notes = annotate(&r, &strict);
    let j8 = &notes[16];
    let foul = j8.foul.as_ref().unwrap_or_else(|| panic!("{ctx}\n{j8}"));
    assert_eq!(foul.foul, Foul::DoubleThree);
    let tree = foul.explanation.to_tree();
    assert!(
        tree.contains("k8 makes a five on another line: a legal winning move (strict)"),
        "{tree}"
    );
    let e = explain_move(&r, &strict, 17).unwrap_or_else(|| panic!("{ctx}"));
    assert_eq!(e.to_tree(), tree);
}
