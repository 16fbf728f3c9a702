//! The foul shapes named in the seeds and docs/rules.md section 3, each on a board drawn as a
//! diagram, with the verdict worked out by hand from the rules (the reasoning is in the
//! comments). `?` marks the point examined.

use renju_core::{Board, Convention, Explanation, EyeWhy, Foul, FoulChecker, Point, Verdict};

fn setup(diagram: &str) -> (Board, Point) {
    let rows: Vec<&str> = diagram.lines().filter(|l| !l.trim().is_empty()).collect();
    let size = rows.len();
    let mut at = None;
    for (i, line) in rows.iter().enumerate() {
        let body = line.trim_start_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
        let cells: Vec<char> = body.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(c) = cells.iter().position(|&c| c == '?') {
            at = Point::new(c as u8, (size - 1 - i) as u8);
        }
    }
    let board = Board::from_diagram(&diagram.replace('?', ".")).expect("diagram");
    (board, at.expect("the diagram marks a point with ?"))
}

/// Asserts the verdict on `?` under both conventions.
fn verdict(diagram: &str, want: Option<Foul>) {
    let (board, p) = setup(diagram);
    let checker = FoulChecker::new(&board);
    for conv in Convention::ALL {
        assert_eq!(
            checker.is_forbidden(p, conv),
            want,
            "{p} ({conv})\n{board}\n{}",
            checker.explain(p, conv)
        );
    }
}

#[test]
fn double_three_connected_and_split() {
    // h8 joins g8 i8 (connected three) and h10 h11 (split three h8 . h10 h11: eye h9).
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . x ? x . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        Some(Foul::DoubleThree),
    );
}

#[test]
fn three_threes_is_a_double_three() {
    // h8 joins i8 j8 (row), h10 h11 (column, eye h9) and g9 f10 (anti-diagonal).
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . x . x . . . . . . .
        . . . . . . x . . . . . . . .
        . . . . . . . ? x x . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        Some(Foul::DoubleThree),
    );
}

#[test]
fn double_four_across_two_lines() {
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . x x ? . x . . . . .
        . . . . . . . o . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        Some(Foul::DoubleFour),
    );
}

#[test]
fn double_four_on_one_line() {
    // x x x . ? . x x x : each gap then completes an exact five.
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . x x x . ? . x x x . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        Some(Foul::DoubleFour),
    );
    // x . x ? x . x
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . x . x ? x . x . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        Some(Foul::DoubleFour),
    );
    // x x . x ? . x x on a diagonal
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . x . . .
        . . . . . . . . . . x . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . ? . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . x . . . . . . . . .
        . . . . x . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        Some(Foul::DoubleFour),
    );
}

#[test]
fn overlines_of_six_to_nine() {
    let rows = [
        ". . . . x x ? x x x . . . . .", // 6
        ". . . x x x ? x x x . . . . .", // 7
        ". . . x x x ? x x x x . . . .", // 8
        ". . x x x x ? x x x x . . . .", // 9
    ];
    for row in rows {
        let mut d = String::new();
        for r in 0..15 {
            d.push_str(if r == 7 {
                row
            } else {
                ". . . . . . . . . . . . . . ."
            });
            d.push('\n');
        }
        verdict(&d, Some(Foul::Overline));
    }
}

#[test]
fn four_three_is_legal_and_four_three_three_is_not() {
    // h8 makes a four (e8 f8 g8 h8, five at i8; d8 is White) and an open three (h9 h10).
    let four_three = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . o x x x ? . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    verdict(four_three, None);
    // Add a diagonal three (i9 j10): 4-3-3, a double three.
    let four_three_three = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . x . . . . .
        . . . . . . . x x . . . . . .
        . . . o x x x ? . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    verdict(four_three_three, Some(Foul::DoubleThree));
}

#[test]
fn four_four_three_and_four_four_three_three_are_double_fours() {
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . x . . . . .
        . . . . . . . x x . . . . . .
        . . . o x x x ? . . . . . . .
        . . . . . . . o . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        Some(Foul::DoubleFour),
    );
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . x . x . x . . . . .
        . . . . . . x x x . . . . . .
        . . . o x x x ? . . . . . . .
        . . . . . . . o . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        Some(Foul::DoubleFour),
    );
}

#[test]
fn false_threes_do_not_count() {
    // Blocked by White: the horizontal g8 h8 i8 has White on f8 and j8... on f8 and k8:
    // o . x ? x . o: c? A stone on f?.. every four would touch White -> no straight four.
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . o x ? x . o . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        None,
    );
    // The edge: on row 1, h1 h2 h3 can only become four in a row with h1 at its end, and
    // h0 does not exist: the column three is false; only the row three g1 h1 i1 counts.
    let edge = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . x ? x . . . . . .";
    verdict(edge, None);
    // The same shape one row up is a double three.
    let lifted: String = edge
        .lines()
        .filter(|l| !l.trim().is_empty())
        .skip(1)
        .chain(std::iter::once(". . . . . . . . . . . . . . ."))
        .collect::<Vec<_>>()
        .join("\n");
    verdict(&lifted, Some(Foul::DoubleThree));
    // An own stone that would make six: x . . x ? x . . x on row 8 plus an open three on
    // column h: the row shape is no three, so only one three.
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . x . . x ? x . . x . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        None,
    );
}

#[test]
fn a_three_whose_only_straight_four_point_is_a_double_four_is_false() {
    // h8 makes the row three g8 h8 i8 (eyes f8, j8: plain straight fours, legal) and the
    // column three h8 h9 h10 with eyes h7 and h11. With h8 placed, h7 makes the straight four
    // h7-h10 and the four e7 f7 g7 h7: a double four; h11 likewise with e11 f11 g11. Both eyes
    // are forbidden, so the column three is false: one open three, h8 is legal.
    let d = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . x x x . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . x ? x . . . . . .
        . . . . x x x . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    verdict(d, None);
    let (board, p) = setup(d);
    let tree = FoulChecker::new(&board)
        .explain(p, Convention::Lenient)
        .to_tree();
    assert!(tree.contains("h7 would be a double four"), "{tree}");
    assert!(tree.contains("h11 would be a double four"), "{tree}");
}

#[test]
fn threes_that_existed_before_do_not_count() {
    // A ready-made open three on row 12 (f12 g12 h12) is not formed by h8; h8 forms one
    // three (h9 h10 column). Simultaneity: one three only, legal.
    verdict(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . x x x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . ? . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        None,
    );
}

#[test]
fn five_overrides_every_foul() {
    // h8 makes an exact five on row 8 and an overline on column h: five wins.
    let d = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . x x x ? x . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    verdict(d, None);
    let (board, p) = setup(d);
    assert_eq!(
        FoulChecker::new(&board).verdict(p, Convention::Lenient),
        Verdict::Five
    );
    // Five plus two fours.
    let d = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . x . . . .
        . . . . . . . . . x . . . . .
        . . . . . . . x x . . . . . .
        . . . . . . . x . . . . . . .
        . . . . x x x ? x . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    verdict(d, None);
}

/// The depth of the chain of nested double-three explanations.
fn chain_depth(e: &Explanation) -> usize {
    1 + e
        .lines
        .iter()
        .flat_map(|l| &l.eyes)
        .filter_map(|eye| match &eye.why {
            EyeWhy::DoubleThree(n) | EyeWhy::LegalDespiteThrees(n) => Some(chain_depth(n)),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn three_level_chain() {
    // e10: four e10-h10 (closed: i10 would make six with j10), column three e10 e11 e12
    // (eye e13 is a plain legal 4-3), and anti-diagonal three e10 f9 g8 whose only eye is d11
    // (h7 would give i6 a six with j5). Is d11 playable? With e10 placed, d11 makes a straight
    // four d11-g8 and two threes: row d11 e11 . g11 (eye f11) and diagonal d11 e12 . g14 (eye
    // f13, legal). f11 (with e10, d11) is a straight four d11-g11 plus open threes f9 f10 f11
    // and g10 f11 e12: a 4-3-3, forbidden. So d11's row three is false, d11 is a legal 4-3,
    // e10's anti-diagonal three is open, and e10 is 4-3-3: a double three.
    // Three levels: e10 -> d11 -> f11.
    let d = "
        15 . . . . . . . . . . . . . . .
        14 . . . . . x x . . . . . . . .
        13 . . . . . . . . . . . . . . .
        12 . . . . x . . x . . . . . . .
        11 . . . . x . x . . . . . . . .
        10 . . . . ? x x x . x . . . . .
         9 . . . . . x . . . . . . . . .
         8 . . . . . . x x . . . . . . .
         7 . . . . . . . . . . . . . . .
         6 . . . . . . . o . . . . . . .
         5 . . . . . . . . . x . . . . .
         4 . . . . . . . . . . . . . . .
         3 . . . . . . . . . . . . . . .
         2 . . . . . . . . . . . . . . .
         1 . . . . . . . . . . . . . . .";
    verdict(d, Some(Foul::DoubleThree));
    let (board, p) = setup(d);
    let e = FoulChecker::new(&board).explain(p, Convention::Lenient);
    assert!(chain_depth(&e) >= 3, "{e}");
    let tree = e.to_tree();
    assert!(
        tree.contains("f11 with e10, d11 placed: forbidden: double-three"),
        "{tree}"
    );
}

#[test]
fn four_level_chain() {
    // f7: row three f7 g7 . i7 with the single eye h7, anti-diagonal three e8 f7 g6 (open).
    // h7 (with f7) is a straight four f7-i7 plus the column three h7 h8 . h10 (eye h9, legal)
    // and the anti-diagonal three i6 h7 . f9 whose single eye is g8. g8 (with f7, h7) is a
    // straight four i6-f9 plus the column three g6 g7 g8 (eye g5, legal) and the row three
    // e8 . g8 h8 whose single eye is f8. f8 (with f7, h7, g8) is a straight four e8-h8 plus
    // the open threes f7 f8 f9 and g7 f8 . d10: 4-3-3, forbidden. So g8's row three is false,
    // g8 is a legal 4-3, h7's anti-diagonal three is open, h7 is 4-3-3 and forbidden, f7's row
    // three is false, and f7 (one open three) is legal. Four levels: f7 -> h7 -> g8 -> f8.
    let d = "
        15 . . . . . . . . . . . . . . .
        14 . . . . . . . . . . . . . . .
        13 . . . . . . . . . . . . . . .
        12 . . . . . . . . . . . . . . .
        11 . . . . . . . . x . . . . . .
        10 . . . x . . . x . . . . . . .
         9 . . . . . x . . . . . . . . .
         8 . . . . x . . x . . . . . . .
         7 . . . o . ? x . x . . . . . .
         6 . . . . . . x . x . . . . . .
         5 . . . o . . . . . . . . . . .
         4 . . . . . . . . . . . . . . .
         3 . . . . . . . . . . . . . . .
         2 . . . . . . . . . . . . . . .
         1 . . . . . . . . . . . . . . .";
    verdict(d, None);
    let (board, p) = setup(d);
    let e = FoulChecker::new(&board).explain(p, Convention::Lenient);
    assert!(chain_depth(&e) >= 4, "{e}");
}

#[test]
fn the_two_conventions_disagree_on_an_eye_that_makes_five() {
    // h8 makes the row three g8 h8 i8 (open) and the column three h8 h9 h10, whose end h12 is
    // White, so its only straight-four point is h7 (h7-h10 with ends h6 and h11). But h7 also
    // completes the five d7-h7 on row 7. Lenient ("five > foul > open four"): h7 is a five,
    // not a straight four, so the column three is false and h8 is legal. Strict: h7 is a legal
    // winning move, so the column three is open and h8 is a double three.
    let d = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . o . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . x ? x . . . . . .
        . . . x x x x . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    let (board, p) = setup(d);
    let checker = FoulChecker::new(&board);
    assert_eq!(
        checker.is_forbidden(p, Convention::Lenient),
        None,
        "{board}"
    );
    assert_eq!(
        checker.is_forbidden(p, Convention::Strict),
        Some(Foul::DoubleThree),
        "{board}"
    );
    let lenient = checker.explain(p, Convention::Lenient).to_tree();
    assert!(
        lenient.contains("h7 makes a five on another line, not a straight four (lenient)"),
        "{lenient}"
    );
    let strict = checker.explain(p, Convention::Strict).to_tree();
    assert!(strict.contains("legal winning move (strict)"), "{strict}");
}
