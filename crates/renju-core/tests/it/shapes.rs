//! Every shape definition of docs/rules.md section 2, on boards written as diagrams.
//! `?` marks the point examined (empty); it is read as an empty point.

use renju_core::{Board, Color, Direction, LineShape, Point, RuleSet, line_shape};

/// Reads a diagram in which `?` is the examined empty point.
fn setup(diagram: &str) -> (Board, Point) {
    let size = diagram.lines().filter(|l| !l.trim().is_empty()).count();
    let mut at = None;
    for (i, line) in diagram.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(c) = cells.iter().position(|&c| c == '?') {
            at = Point::new(c as u8, (size - 1 - i) as u8);
        }
    }
    let board = Board::from_diagram(&diagram.replace('?', ".")).expect("diagram");
    (board, at.expect("diagram has a ?"))
}

fn shape(diagram: &str, d: Direction, color: Color, rules: RuleSet) -> LineShape {
    let (b, p) = setup(diagram);
    line_shape(&b, p, d, color, rules)
}

fn names(points: &[Point]) -> Vec<String> {
    let mut v: Vec<String> = points.iter().map(ToString::to_string).collect();
    v.sort();
    v
}

const H: Direction = Direction::Horizontal;

#[test]
fn exact_five() {
    let s = shape(
        "
        . . . . . . . . . .
        . x x ? x x . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert!(s.five && !s.overline);
}

#[test]
fn six_is_an_overline_for_black_and_a_five_for_white() {
    let d = "
        . . . . . . . . . .
        . x x ? x x x . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .";
    let s = shape(d, H, Color::Black, RuleSet::Renju);
    assert!(s.overline && !s.five);
    let w = shape(&d.replace('x', "o"), H, Color::White, RuleSet::Renju);
    assert!(w.five && !w.overline);
    let free = shape(d, H, Color::Black, RuleSet::FreeStyle);
    assert!(free.five);
    let std = shape(d, H, Color::Black, RuleSet::StandardGomoku);
    assert!(!std.five && std.overline);
}

#[test]
fn nine_in_a_row_joining_four_and_four() {
    let s = shape(
        "
        . . . . . . . . . . .
        . x x x x ? x x x x .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert!(s.overline);
}

#[test]
fn straight_four_has_two_five_points() {
    let s = shape(
        "
        . . . . . . . . . .
        . . x x ? x . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert!(s.straight_four);
    assert_eq!(s.fours, 1);
    assert_eq!(names(&s.five_points), ["b9", "g9"]);
}

#[test]
fn closed_four_blocked_by_white_or_edge() {
    let s = shape(
        "
        . . . . . . . . . .
        o x x ? x . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert!(!s.straight_four);
    assert_eq!(
        (s.fours, names(&s.five_points)),
        (1, vec!["f9".to_string()])
    );
    let edge = shape(
        "
        . . . . . . . . . .
        x x ? x . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert_eq!((edge.fours, edge.straight_four), (1, false));
}

#[test]
fn four_whose_other_end_would_make_six_is_closed() {
    // x . x x x ? . : b9 would make six (a..f), so only g9 makes an exact five: a closed four.
    let s = shape(
        "
        . . . . . . . . . .
        x . x x x ? . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert_eq!(names(&s.five_points), ["g9"]);
    assert!(!s.straight_four);
    assert_eq!(s.fours, 1);
    // White may make six, so for White the same shape is a straight four.
    let w = shape(
        "
        . . . . . . . . . .
        o . o o o ? . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::White,
        RuleSet::Renju,
    );
    assert_eq!(names(&w.five_points), ["b9", "g9"]);
    assert!(w.straight_four);
}

#[test]
fn two_fours_on_one_line() {
    // X X X _ X _ X X X with the new stone in the middle gap.
    let s = shape(
        "
        . . . . . . . . . . .
        x x x . ? . x x x . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert_eq!(s.fours, 2);
    // X _ X X X _ X with the new stone in the middle of the three.
    let s = shape(
        "
        . . . . . . . . . .
        . x . x ? x . x . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert_eq!(s.fours, 2);
    assert_eq!(names(&s.five_points), ["c9", "g9"]);
    // X X _ X X _ X X
    let s = shape(
        "
        . . . . . . . . . .
        x x . x ? . x x . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert_eq!(s.fours, 2);
}

#[test]
fn connected_and_split_threes() {
    let d = "
        . . . . . . . . . .
        . . . x ? x . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .";
    let s = shape(d, H, Color::Black, RuleSet::Renju);
    assert!(s.is_three());
    assert_eq!(names(&s.straight_four_points), ["c9", "g9"]);
    let split = shape(
        "
        . . . . . . . . . .
        . . . x ? . x . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert_eq!(names(&split.straight_four_points), ["f9"]);
}

#[test]
fn false_threes_blocked_by_white_edge_and_six() {
    // White on one side: . x ? x o -> any four would be closed.
    let blocked = shape(
        "
        . . . . . . . . . .
        . . . x ? x o . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    // c9 still makes b..? no: c9 d9 e9 f9 with b9 and g9; g9 is white, so not straight.
    assert!(!blocked.is_three());
    // The edge: x ? x . . . at the left edge: b..d needs a and e open; a9+b..d = 4, ends?
    let edge = shape(
        "
        . . . . . . . . . .
        x ? x . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        H,
        Color::Black,
        RuleSet::Renju,
    );
    assert!(!edge.is_three());
    // An own stone that would make six: x . . x ? x . . x. A stone on c9 gives c..f, whose
    // end b9 would make six with a9; a stone on g9 gives d..g, whose end h9 would make six
    // with i9. Neither four would be straight: a false three.
    let six_row = "
        . . . . . . . . . .
        x . . x ? x . . x .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .";
    let six = shape(six_row, H, Color::Black, RuleSet::Renju);
    assert!(!six.is_three() && six.fours == 0, "{six:?}");
    // For White an overline is a five, so the same shape is a three with both points.
    let six_white = shape(&six_row.replace('x', "o"), H, Color::White, RuleSet::Renju);
    assert_eq!(names(&six_white.straight_four_points), ["c9", "g9"]);
}

#[test]
fn shapes_on_diagonals() {
    let s = shape(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . x . . .
        . . . . . x . . . .
        . . . . ? . . . . .
        . . . x . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        Direction::Diagonal,
        Color::Black,
        RuleSet::Renju,
    );
    assert!(s.straight_four, "{s:?}");
    let a = shape(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . x . . . . . . .
        . . . x . . . . . .
        . . . . ? . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        Direction::AntiDiagonal,
        Color::Black,
        RuleSet::Renju,
    );
    assert!(a.is_three());
}
