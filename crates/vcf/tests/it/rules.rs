//! Every case of the VCF definition on a hand-made position; every line found is replayed by
//! the plain checker of `common`.

use crate::common;

use common::{Ending, points, replay, stones};
use renju_core::{Board, Color, Convention, Point, RuleSet};
use renju_vcf::{Answer, Limits, LineEnd, Solver};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// Solves and replays; returns the line's moves as text ("" when none).
fn solve(board: &Board, rules: RuleSet, attacker: Color) -> String {
    let mut s = Solver::new(board, rules);
    match s.solve(attacker) {
        Answer::Found(line) => {
            let end = replay(board, rules, Convention::Lenient, attacker, line.moves())
                .unwrap_or_else(|e| panic!("line {line} does not replay: {e}"));
            let expected = match line.end() {
                LineEnd::Five => Ending::Five,
                LineEnd::ForbiddenBlocks => Ending::ForbiddenBlocks,
            };
            assert_eq!(end, expected, "{line}");
            line.to_string()
        }
        Answer::NotFound => String::new(),
        Answer::OutOfNodes => panic!("out of nodes"),
    }
}

fn starting_with(board: &Board, rules: RuleSet, attacker: Color, first: &str) -> String {
    let mut s = Solver::new(board, rules);
    match s.solve_starting_with(attacker, p(first)) {
        Answer::Found(line) => {
            assert_eq!(line.first(), p(first));
            replay(board, rules, Convention::Lenient, attacker, line.moves())
                .unwrap_or_else(|e| panic!("line {line} does not replay: {e}"));
            line.to_string()
        }
        Answer::NotFound => String::new(),
        Answer::OutOfNodes => panic!("out of nodes"),
    }
}

#[test]
fn an_open_four_wins_after_any_block() {
    // x: h8 i8 j8, open at both ends: g8 or k8 makes an open four.
    let b = stones("h8 i8 j8", "");
    for rules in RuleSet::ALL {
        let line = solve(&b, rules, Color::Black);
        assert_eq!(points(&line).len(), 3, "{rules}: {line}");
        assert!(
            ["g8", "k8"].contains(&line.split(' ').next().unwrap()),
            "{line}"
        );
    }
    // The same three for White.
    let w = stones("", "h8 i8 j8");
    assert_eq!(points(&solve(&w, RuleSet::Renju, Color::White)).len(), 3);
}

#[test]
fn a_five_on_the_board_is_a_one_move_line() {
    let b = stones("d8 e8 f8 g8", "c8");
    assert_eq!(solve(&b, RuleSet::Renju, Color::Black), "h8");
}

#[test]
fn a_four_the_defender_answers_with_a_five_is_not_forcing() {
    // Black's open three h8 i8 j8 would win, but White has a four a15 b15 c15 d15 (five at
    // e15): Black's four does not stop it, so it forces nothing.
    let b = stones("h8 i8 j8", "a15 b15 c15 d15");
    for rules in RuleSet::ALL {
        assert_eq!(solve(&b, rules, Color::Black), "", "{rules}");
    }
    // With e12 e13 e14 Black, e15 blocks the five with a four (five point e11): the VCF
    // starts there.
    let b = stones("h8 i8 j8 e12 e13 e14", "a15 b15 c15 d15 e10");
    let line = solve(&b, RuleSet::Renju, Color::Black);
    assert!(line.starts_with("e15 e11 "), "{line}");
}

#[test]
fn a_block_that_makes_a_four_must_be_answered() {
    // f5 makes g5-i5 a four (five at j5, e5 is White); White's block j5 makes j2-j5 a four
    // (j6 is Black), five at j1. Black must block j1 with a four: j1 k1 l1 m1 (n1 White,
    // five at i1) and, with f5, j1 i2? no: j1 h3 g4 f5 on the anti-diagonal (five at i2): a
    // double four.
    let black = "g5 h5 i5 j6 k1 l1 m1 h3 g4";
    let white = "e5 k5 j2 j3 j4 n1";
    let b = stones(black, white);
    let rules = RuleSet::FreeStyle;
    let line = starting_with(&b, rules, Color::Black, "f5");
    assert!(line.starts_with("f5 j5 j1 "), "{line}");
    assert_eq!(points(&line).len(), 5, "{line}");
    assert!(!solve(&b, rules, Color::Black).is_empty());
    // Without k1 l1 m1 h3 g4, j1 makes no four: f5 fails, and so does everything else.
    let b = stones("g5 h5 i5 j6", white);
    assert_eq!(starting_with(&b, rules, Color::Black, "f5"), "");
    assert_eq!(solve(&b, rules, Color::Black), "");
    // The same first move with White's j2-j4 gone: j5 is a plain block, still no win.
    let b = stones("g5 h5 i5 j6", "e5 k5 n1");
    assert_eq!(solve(&b, rules, Color::Black), "");
}

#[test]
fn black_may_not_play_a_forbidden_four() {
    // i8 makes two fours for Black: f8 g8 h8 i8 (e8 White, five at j8) and i8 i9 i10 i11
    // (i12 White, five at i7). A double four: forbidden in renju, a win elsewhere.
    let b = stones("f8 g8 h8 i9 i10 i11", "e8 i12");
    assert_eq!(solve(&b, RuleSet::Renju, Color::Black), "", "renju");
    let free = solve(&b, RuleSet::FreeStyle, Color::Black);
    assert!(free.starts_with("i8 "), "{free}");
    // White may: the same shape in White's colours wins in renju.
    let w = stones("e8 i12", "f8 g8 h8 i9 i10 i11");
    let line = solve(&w, RuleSet::Renju, Color::White);
    assert!(line.starts_with("i8 "), "{line}");
}

#[test]
fn an_exact_five_is_never_forbidden() {
    // h8 makes d8-h8 an exact five and h5 h6 h7 h8 h9 h10 an overline: the five wins.
    let b = stones("d8 e8 f8 g8 h5 h6 h7 h9 h10", "c8");
    assert_eq!(solve(&b, RuleSet::Renju, Color::Black), "h8");
    // Black's overline d8..i8 is no five in renju and in standard gomoku.
    let b = stones("d8 e8 f8 g8 i8", "c8");
    assert_eq!(solve(&b, RuleSet::Renju, Color::Black), "");
    assert_eq!(solve(&b, RuleSet::StandardGomoku, Color::Black), "");
    assert_eq!(solve(&b, RuleSet::FreeStyle, Color::Black), "h8");
    // White's overline wins in renju and free-style, not in standard gomoku.
    let w = stones("c8", "d8 e8 f8 g8 i8");
    assert_eq!(solve(&w, RuleSet::Renju, Color::White), "h8");
    assert_eq!(solve(&w, RuleSet::FreeStyle, Color::White), "h8");
    assert_eq!(solve(&w, RuleSet::StandardGomoku, Color::White), "");
}

#[test]
fn a_white_four_whose_only_block_is_forbidden_wins() {
    // d3 is a double three for Black (b3 c3 d3 and d3 d5 d6). White e4 f5 g6 with i8 and c2
    // Black: h7 makes a four whose only five point is d3, where Black may not play.
    let b = stones("b3 c3 d5 d6 i8 c2", "e4 f5 g6");
    assert_eq!(
        renju_core::is_forbidden(&b, p("d3"), Convention::Lenient),
        Some(renju_core::Foul::DoubleThree)
    );
    assert_eq!(solve(&b, RuleSet::Renju, Color::White), "h7");
    let mut s = Solver::new(&b, RuleSet::Renju);
    let line = s.solve(Color::White).line().cloned().unwrap();
    assert_eq!(line.end(), LineEnd::ForbiddenBlocks);
    // That four is the line's one four: found with a depth of 1, not of 0.
    assert_eq!((line.attacker_moves(), line.fours()), (1, 1));
    for (depth, found) in [(0, false), (1, true), (2, true)] {
        s.set_limits(Limits {
            max_depth: depth,
            ..Limits::default()
        });
        assert_eq!(
            s.solve(Color::White).line().is_some(),
            found,
            "depth {depth}"
        );
    }
    // Without fouls Black simply blocks d3.
    assert_eq!(solve(&b, RuleSet::FreeStyle, Color::White), "");
}

#[test]
fn black_blocks_only_on_a_legal_point_of_a_double_four() {
    // White's i8 makes two fours (five points j8 and i7); Black's j8 is a double three
    // (j8 j9 j10 on the column, j8 k9 l10 on the diagonal), before and after i8: Black must
    // block at i7, and White's five is j8.
    let b = stones("j9 j10 k9 l10 e8 i12", "f8 g8 h8 i9 i10 i11");
    assert!(renju_core::is_forbidden(&b, p("j8"), Convention::Lenient).is_some());
    let mut after = b.clone();
    after.place(p("i8"), Color::White).unwrap();
    assert!(renju_core::is_forbidden(&after, p("j8"), Convention::Lenient).is_some());
    let line = starting_with(&b, RuleSet::Renju, Color::White, "i8");
    let moves = points(&line);
    assert_eq!(moves[0], p("i8"), "{line}");
    assert_eq!(moves.len(), 3, "{line}");
    assert_eq!((moves[1], moves[2]), (p("i7"), p("j8")), "{line}");
}

#[test]
fn a_two_move_ladder_and_depth_limits() {
    // A closed four then a double four: c3 d3 e3 (b3 White) f3 -> g3 block; then ... the
    // solver's line length decides the depth needed.
    let b = stones("c3 d3 e3 g5 g6 g7", "b3 g8");
    let mut s = Solver::new(&b, RuleSet::FreeStyle);
    let Answer::Found(line) = s.solve(Color::Black) else {
        panic!("a VCF")
    };
    replay(
        &b,
        RuleSet::FreeStyle,
        Convention::Lenient,
        Color::Black,
        line.moves(),
    )
    .unwrap();
    // The depth counts the fours: the final five is not counted.
    assert_eq!(line.fours() + 1, line.attacker_moves());
    let need = line.fours() as u32;
    for depth in [need, need + 1, 40, 200, 1000] {
        s.set_limits(Limits {
            max_depth: depth,
            ..Limits::default()
        });
        assert!(s.solve(Color::Black).line().is_some(), "depth {depth}");
    }
    // A shorter limit may still find another line, but never one longer than the limit.
    for depth in 0..need {
        s.set_limits(Limits {
            max_depth: depth,
            ..Limits::default()
        });
        if let Answer::Found(l) = s.solve(Color::Black) {
            assert!(l.fours() as u32 <= depth, "{l} at depth {depth}");
        }
    }
    s.set_limits(Limits {
        max_depth: 0,
        ..Limits::default()
    });
    assert_eq!(s.solve(Color::Black), Answer::NotFound);
}

#[test]
fn the_node_budget_stops_the_search() {
    let b = stones("c3 d3 e3 g5 g6 g7", "b3 g8");
    let mut s = Solver::new(&b, RuleSet::FreeStyle);
    s.set_limits(Limits {
        max_depth: 20,
        max_nodes: 0,
    });
    assert_eq!(s.solve(Color::Black), Answer::OutOfNodes);
}

#[test]
fn place_and_remove_keep_the_solver_in_step() {
    let mut s = Solver::new(&Board::renju(), RuleSet::Renju);
    assert_eq!(s.solve(Color::Black), Answer::NotFound);
    for q in ["h8", "i8", "j8"] {
        assert!(s.place(p(q), Color::Black));
    }
    assert!(!s.place(p("h8"), Color::White));
    assert!(s.solve(Color::Black).line().is_some());
    s.remove(p("i8"));
    assert_eq!(s.stone(p("i8")), None);
    // h8 _ j8: no four in one move.
    assert_eq!(s.solve(Color::Black), Answer::NotFound);
}

#[test]
fn a_board_of_another_size_is_another_position() {
    // On a 5x5 board Black's b1 c1 d1 e1 (a1 White) reaches the edge: no five point; the
    // same stones on 15x15 make f1 a five point. The solver follows the change of board.
    let small = {
        let mut b = Board::new(5).unwrap();
        for q in ["b1", "c1", "d1", "e1"] {
            b.place(p(q), Color::Black).unwrap();
        }
        b.place(p("a1"), Color::White).unwrap();
        b
    };
    let big = stones("b1 c1 d1 e1", "a1");
    let mut s = Solver::new(&small, RuleSet::FreeStyle);
    assert_eq!(s.solve(Color::Black), Answer::NotFound);
    s.set_board(&big);
    assert_eq!(
        s.solve(Color::Black).line().map(ToString::to_string),
        Some("f1".to_string())
    );
    s.set_board(&small);
    assert_eq!(s.solve(Color::Black), Answer::NotFound);
}

#[test]
fn clearing_the_table_many_times_changes_no_answer() {
    // More clears than an entry's generation field tells apart: the table is wiped on the
    // way, and the answers (with and without a VCF) stay those of a fresh solver.
    let with = stones("h8 i8 j8", "a1 a3");
    let without = stones("h8 j8", "a1");
    let mut s = Solver::new(&with, RuleSet::Renju);
    let first = s.solve(Color::Black);
    assert!(first.line().is_some());
    for _ in 0..40_000 {
        s.clear_table();
    }
    assert_eq!(s.solve(Color::Black), first);
    s.set_board(&without);
    assert_eq!(s.solve(Color::Black), Answer::NotFound);
    s.set_board(&with);
    assert_eq!(s.solve(Color::Black), first);
}

#[test]
fn a_depth_of_zero_finds_only_a_five_already_there() {
    // Black's h8 i8 j8 k8 (g8 White): l8 is a five at once, with no four before it.
    let b = stones("h8 i8 j8 k8", "g8");
    let mut s = Solver::new(&b, RuleSet::Renju);
    s.set_limits(Limits {
        max_depth: 0,
        ..Limits::default()
    });
    let line = s.solve(Color::Black).line().cloned().expect("the five");
    assert_eq!((line.to_string().as_str(), line.fours()), ("l8", 0));
    // An open three needs one four (the open four) before its five.
    let three = stones("h8 i8 j8", "a1");
    s.set_board(&three);
    assert_eq!(s.solve(Color::Black), Answer::NotFound);
    s.set_limits(Limits {
        max_depth: 1,
        ..Limits::default()
    });
    assert_eq!(
        s.solve(Color::Black).line().map(renju_vcf::Line::fours),
        Some(1)
    );
}
