//! Property tests: symmetry invariance of shapes and fouls, order independence of fives,
//! convention independence of overline and double-four verdicts, five never forbidden.

use proptest::prelude::*;
use renju_core::{
    Board, Color, Convention, Direction, Foul, FoulChecker, Point, RuleSet, Symmetry, Verdict,
    forbidden_points, line_shape, longest_run, makes_five,
};

/// Game-like positions: stones near the centre, colours alternating from Black, some runs
/// thrown in so that fours, threes and fouls are common.
fn game_like(max: usize) -> impl Strategy<Value = Board> {
    proptest::collection::vec((3u8..12, 3u8..12, 0u8..10), 6..max).prop_map(|cells| {
        let mut b = Board::renju();
        let mut n = 0;
        for (c, r, bias) in cells {
            let p = Point::new(c, r).unwrap();
            // 60 % of the later stones black, to make fouls common.
            let color = if bias < 6 || n % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            if b.place(p, color).is_ok() {
                n += 1;
            }
        }
        b
    })
}

/// Per-direction shape facts with points mapped by a symmetry, sorted.
type ShapeKey = Vec<(bool, bool, u8, bool, Vec<Point>, Vec<Point>)>;

fn shape_key(board: &Board, p: Point, s: Symmetry, color: Color) -> ShapeKey {
    let mut v: Vec<_> = Direction::ALL
        .iter()
        .map(|&d| {
            let sh = line_shape(board, p, d, color, RuleSet::Renju);
            let mut f: Vec<Point> = sh.five_points.iter().map(|&q| s.apply(q, 15)).collect();
            let mut t: Vec<Point> = sh
                .straight_four_points
                .iter()
                .map(|&q| s.apply(q, 15))
                .collect();
            f.sort();
            t.sort();
            (sh.five, sh.overline, sh.fours, sh.straight_four, f, t)
        })
        .collect();
    v.sort();
    v
}

/// The direction a symmetry maps `d` to (a line's direction, so the sign does not matter).
fn mapped_direction(d: Direction, s: Symmetry) -> Direction {
    let centre = Point::new(7, 7).unwrap();
    let (dc, dr) = d.step();
    let next = Point::new((7 + dc) as u8, (7 + dr) as u8).unwrap();
    let (a, b) = (s.apply(centre, 15), s.apply(next, 15));
    let v = (
        i32::from(b.col()) - i32::from(a.col()),
        i32::from(b.row()) - i32::from(a.row()),
    );
    Direction::ALL
        .into_iter()
        .find(|x| x.step() == v || x.step() == (-v.0, -v.1))
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn shapes_are_invariant_under_the_8_symmetries(board in game_like(50), c in 0u8..15, r in 0u8..15) {
        let p = Point::new(c, r).unwrap();
        prop_assume!(board.get(p).is_none());
        for color in [Color::Black, Color::White] {
            let base = shape_key(&board, p, Symmetry::Identity, color);
            for s in Symmetry::ALL {
                let moved = s.apply_board(&board);
                let key = shape_key(&moved, s.apply(p, 15), Symmetry::Identity, color);
                let base_mapped = shape_key(&board, p, s, color);
                prop_assert_eq!(&key, &base_mapped, "symmetry {}", s);
                // Direction by direction: the line along d through p is the image of the line
                // along s(d) through s(p) (not just the same sorted multiset of shapes).
                for d in Direction::ALL {
                    let image = mapped_direction(d, s);
                    let here = line_shape(&board, p, d, color, RuleSet::Renju);
                    let there = line_shape(&moved, s.apply(p, 15), image, color, RuleSet::Renju);
                    prop_assert_eq!(
                        (here.five, here.overline, here.fours, here.straight_four),
                        (there.five, there.overline, there.fours, there.straight_four),
                        "symmetry {} direction {:?} -> {:?}", s, d, image
                    );
                    prop_assert_eq!(here.five_points.len(), there.five_points.len());
                }
                prop_assert_eq!(base.len(), 4, "one entry per direction");
            }
        }
    }

    #[test]
    fn forbidden_set_is_invariant_under_the_8_symmetries(board in game_like(60)) {
        for conv in Convention::ALL {
            let base = forbidden_points(&board, conv);
            for s in Symmetry::ALL {
                let mut want: Vec<(Point, Foul)> = base.iter().map(|&(p, f)| (s.apply(p, 15), f)).collect();
                want.sort();
                let mut got = forbidden_points(&s.apply_board(&board), conv);
                got.sort();
                prop_assert_eq!(got, want, "symmetry {} convention {}\n{}", s, conv, board);
            }
        }
    }

    #[test]
    fn only_double_three_verdicts_depend_on_the_convention(board in game_like(70)) {
        let checker = FoulChecker::new(&board);
        for p in board.empty_points() {
            let l = checker.is_forbidden(p, Convention::Lenient);
            let s = checker.is_forbidden(p, Convention::Strict);
            if l != s {
                prop_assert!(
                    matches!(l, None | Some(Foul::DoubleThree)) && matches!(s, None | Some(Foul::DoubleThree)),
                    "{} lenient {:?} strict {:?}\n{}", p, l, s, board
                );
            }
            for f in [Foul::Overline, Foul::DoubleFour] {
                prop_assert_eq!(l == Some(f), s == Some(f));
            }
        }
    }

    #[test]
    fn a_point_that_makes_an_exact_five_is_never_forbidden(board in game_like(70)) {
        let checker = FoulChecker::new(&board);
        for p in board.empty_points() {
            if makes_five(&board, p, Color::Black, RuleSet::Renju) {
                for conv in Convention::ALL {
                    prop_assert_eq!(checker.is_forbidden(p, conv), None);
                    prop_assert_eq!(checker.verdict(p, conv), Verdict::Five);
                }
            }
        }
    }

    #[test]
    fn a_five_is_detected_whatever_the_order(
        start_c in 0u8..11, r in 0u8..15, dir in 0usize..4, order in Just((0..5).collect::<Vec<usize>>()).prop_shuffle(),
        color_white: bool,
    ) {
        let d = Direction::ALL[dir];
        let (dc, dr) = d.step();
        // Choose a start so that the five fits on the board.
        let start_r = if dr < 0 { r.max(4) } else if dr > 0 { r.min(10) } else { r };
        let start = Point::new(start_c, start_r).unwrap();
        let pts: Vec<Point> = (0..5).map(|k| start.offset(dc * k, dr * k, 15).unwrap()).collect();
        let color = if color_white { Color::White } else { Color::Black };
        let mut b = Board::renju();
        for (i, &k) in order.iter().enumerate() {
            let p = pts[k];
            let wins = makes_five(&b, p, color, RuleSet::Renju);
            prop_assert_eq!(wins, i == 4, "stone {} of the five", i + 1);
            b.place(p, color).unwrap();
        }
        prop_assert_eq!(longest_run(&b, pts[order[4]], color), 5);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// The explanation tree is consistent with the verdict it explains.
    #[test]
    fn explanations_agree_with_verdicts(board in game_like(60)) {
        use renju_core::LineKind;
        let checker = FoulChecker::new(&board);
        for conv in Convention::ALL {
            for p in board.empty_points() {
                let v = checker.verdict(p, conv);
                let e = checker.explain(p, conv);
                prop_assert_eq!(e.verdict, v);
                let open = e.lines.iter().filter(|l| matches!(l.shape, LineKind::Three { open: true })).count();
                let fours: usize = e.lines.iter().map(|l| match l.shape {
                    LineKind::Four { .. } => 1,
                    LineKind::TwoFours => 2,
                    _ => 0,
                }).sum();
                let five = e.lines.iter().any(|l| l.shape == LineKind::Five);
                let overline = e.lines.iter().any(|l| l.shape == LineKind::Overline);
                let want = if five {
                    Verdict::Five
                } else if overline {
                    Verdict::Forbidden(Foul::Overline)
                } else if fours >= 2 {
                    Verdict::Forbidden(Foul::DoubleFour)
                } else if open >= 2 {
                    Verdict::Forbidden(Foul::DoubleThree)
                } else {
                    Verdict::Legal
                };
                prop_assert_eq!(v, want, "{} ({})\n{}\n{}", p, conv, board, e);
            }
        }
    }
}
