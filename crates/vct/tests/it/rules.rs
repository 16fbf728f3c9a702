//! Every rule of the definition on a hand-drawn position. Each position's verdict is argued
//! in its comment; every win found is proved, and the proof checked by the independent
//! checker of `common` (full-width over the defender's replies); every answer is also asked
//! of the solver in full-width mode (every legal reply searched, every empty point tried).

use crate::common::{self, Rules, p, stones};
use renju_core::{Board, Color, Convention, RuleSet};
use renju_vct::{Answer, AttackKind, Limits, LineEnd, MoveKind, Solver};

fn solver(board: &Board, r: Rules, depth: u32) -> Solver {
    let limits = Limits::default()
        .with_max_depth(depth)
        .with_threat_depth(r.threat_depth);
    Solver::with_options(board, r.rules, r.convention, limits).unwrap()
}

/// The answer, with every check: a win's proof passes the independent checker and its line
/// replays; the full-width search gives the same answer.
fn solve(board: &Board, a: Color, r: Rules, depth: u32) -> Option<renju_vct::Line> {
    let mut s = solver(board, r, depth);
    let answer = s.solve(a);
    let mut full = solver(board, r, depth);
    full.set_full_width(true);
    let wide = full.solve(a);
    assert_eq!(
        answer.is_win(),
        wide.is_win(),
        "full width disagrees: {answer:?} {wide:?}"
    );
    match answer {
        Answer::Win(line) => {
            let proof = s.prove(a).unwrap();
            let json = common::proof_json(&proof);
            common::check_proof_json(&json).unwrap_or_else(|e| panic!("proof: {e}\n{json:#}"));
            common::replay_line(board, a, r, line.moves(), depth as usize)
                .unwrap_or_else(|e| panic!("line {line}: {e}"));
            Some(line)
        }
        Answer::NoWin => None,
        Answer::Unknown(e) => panic!("{e}"),
    }
}

#[test]
fn an_open_three_is_a_threat() {
    // White h8 makes two threes at once: f8 g8 h8 (open: e8, i8, d8, j8 empty) and h8 . h10
    // h11 (split: h9 makes the straight four h8-h11, h7 and h12 empty). Its winning moves are
    // e8 (fives d8, i8), i8 (e8, j8) and h9 (h7, h12): no one point spoils all three, Black has
    // no four, so White wins in 2 (the threat and a winning move). There is no White four on
    // the board: nothing in 1.
    let b = stones("a1 a3 o1", "f8 g8 h10 h11");
    let r = Rules::renju();
    assert!(solve(&b, Color::White, r, 1).is_none());
    let line = solve(&b, Color::White, r, 2).expect("a VCT in 2");
    assert_eq!(line.first(), p("h8"));
    assert_eq!(line.attacker_moves(), 2);
    assert!(matches!(line.end(), LineEnd::TwoFives(..)));
    let mut s = solver(&b, r, 2);
    let proof = s.prove(Color::White).unwrap();
    assert!(matches!(proof.tree().kind, AttackKind::Threat { .. }));
    // The same threat for either side in free-style and standard gomoku.
    for rules in [RuleSet::FreeStyle, RuleSet::StandardGomoku] {
        let line = solve(&b, Color::White, Rules::of(rules), 2).expect("a VCT");
        assert_eq!(line.first(), p("h8"), "{rules}");
    }
    let swapped = stones("f8 g8 h10 h11", "a1 a3 o1");
    let line = solve(&swapped, Color::Black, Rules::of(RuleSet::FreeStyle), 2).unwrap();
    assert_eq!(line.first(), p("h8"));
    // In renju h8 is a double three for Black: forbidden, and nothing else wins in 2.
    assert!(renju_core::is_forbidden(&swapped, p("h8"), Convention::Lenient).is_some());
    assert!(solve(&swapped, Color::Black, r, 2).is_none());
}

#[test]
fn a_three_whose_straight_four_point_is_forbidden_is_no_threat_for_black() {
    // Black h8 i8 and White l8: j8 makes h8 i8 j8, whose only straight four would be g8 (g8
    // h8 i8 j8 with f8, k8 empty; k8 h8..k8 would end at White's l8). With Black g9 g10 and
    // h7 f9, g8 then also makes the threes g8 g9 g10 and h7 g8 f9: a four and two threes, a
    // double three, forbidden. So j8 is no threat: after it Black has no winning move.
    let b = stones("h8 i8 g9 g10 h7 f9", "l8 a1 a15 o1");
    let r = Rules::renju();
    let mut s = solver(&b, r, 5);
    assert_eq!(s.move_kind(Color::Black, p("j8")), None);
    let mut after = b.clone();
    after.place(p("j8"), Color::Black).unwrap();
    assert!(renju_core::is_forbidden(&after, p("g8"), Convention::Lenient).is_some());
    assert!(!common::has_winning_move(&after, Color::Black, r));
    assert_eq!(s.solve_starting_with(Color::Black, p("j8")), Answer::NoWin);
    // White's stones have no fouls: the same shape is a threat for White...
    let w = stones("l8 a1 a15 o1", "h8 i8 g9 g10 h7 f9");
    let mut s = solver(&w, r, 5);
    assert!(matches!(
        s.move_kind(Color::White, p("j8")),
        Some(MoveKind::Threat { .. })
    ));
    // ...and for Black without the column three that makes g8 forbidden.
    let b2 = stones("h8 i8 h7 f9", "l8 a1 a15 o1");
    let mut s = solver(&b2, r, 5);
    let Some(MoveKind::Threat { winning_moves }) = s.move_kind(Color::Black, p("j8")) else {
        panic!("a threat")
    };
    assert_eq!(winning_moves, [p("g8")]);
}

/// White's threat h8 of the first test, with Black a1 b1 c1 on the edge: d1 (five at e1)
/// and e1 (five at d1) are Black's counter-fours.
fn counter_four_position(white_extra: &str, black_extra: &str) -> Board {
    stones(
        &format!("a1 b1 c1 o15 {black_extra}"),
        &format!("f8 g8 h10 h11 {white_extra}"),
    )
}

#[test]
fn a_counter_four_must_be_blocked_by_a_four_or_a_threat() {
    let r = Rules::renju();
    // After h8 Black plays d1 (or e1), and White must block e1 (or d1). In 2 the block would
    // have to be the winning move itself: it is not, so no VCT in 2. In 3 it only has to be a
    // four or a threat, and it is a threat: White's double three still stands, so if Black
    // passed White would win. The proof answers both counter-fours by their blocks.
    let b = counter_four_position("", "");
    assert!(solve(&b, Color::White, r, 2).is_none());
    let line = solve(&b, Color::White, r, 3).expect("a VCT in 3");
    assert_eq!(line.attacker_moves(), 3);
    let mut s = solver(&b, r, 3);
    let proof = s.prove(Color::White).unwrap();
    let AttackKind::Threat { replies, .. } = &proof.tree().kind else {
        panic!("the first move is the threat")
    };
    for (reply, block) in [("d1", "e1"), ("e1", "d1")] {
        let x = replies
            .iter()
            .find(|x| x.at == p(reply))
            .expect("the counter-four");
        assert_eq!(x.next.at, p(block));
        assert!(
            matches!(x.next.kind, AttackKind::Threat { .. }),
            "{:?}",
            x.next
        );
    }
    // With White e2 f3 g4 (d1 then makes d1 e2 f3 g4, five at h5; i6 is Black) and f2 g3 h4
    // (e1 makes e1 f2 g3 h4, five at i5; j6 Black) each block is a four as well.
    let b = counter_four_position("e2 f3 g4 f2 g3 h4", "i6 j6");
    assert!(solve(&b, Color::White, r, 2).is_none());
    let mut s = solver(&b, r, 3);
    let proof = s.prove(Color::White).unwrap();
    common::check_proof_json(&common::proof_json(&proof)).unwrap();
    let AttackKind::Threat { replies, .. } = &proof.tree().kind else {
        panic!("the first move is the threat")
    };
    for (reply, block) in [("d1", "e1"), ("e1", "d1")] {
        let x = replies
            .iter()
            .find(|x| x.at == p(reply))
            .expect("the counter-four");
        assert_eq!(x.next.at, p(block));
        assert!(
            matches!(x.next.kind, AttackKind::Four { .. }),
            "{:?}",
            x.next
        );
    }
}

#[test]
fn a_block_that_is_neither_four_nor_threat_fails() {
    let r = Rules::renju();
    // White's threat h8 makes the open three f8 g8 h8: its winning moves e8 (fives d8, i8)
    // and i8 (e8, j8) are both spoilt by a Black stone on e8 or i8. Black's e9 e10 e11 (e12
    // White) make e8 a counter-four too (five at e7, only: e12 is White). After h8 e8 White
    // must block e7, and e7 is neither a four nor a threat (no White stone near it, and the
    // open three is stopped): h8 fails, in 2 as in 3 moves.
    let b = stones("e9 e10 e11 a1 o1", "f8 g8 e12 a15");
    let mut after = b.clone();
    after.place(p("h8"), Color::White).unwrap();
    after.place(p("e8"), Color::Black).unwrap();
    assert_eq!(
        common::five_points(&after, Color::Black, RuleSet::Renju),
        [p("e7")]
    );
    after.place(p("e7"), Color::White).unwrap();
    assert!(!common::has_winning_move(&after, Color::White, r));
    for depth in [2, 3] {
        let mut s = solver(&b, r, depth);
        assert_eq!(
            s.solve_starting_with(Color::White, p("h8")),
            Answer::NoWin,
            "depth {depth}"
        );
        let mut full = solver(&b, r, depth);
        full.set_full_width(true);
        assert_eq!(
            full.solve_starting_with(Color::White, p("h8")),
            Answer::NoWin
        );
    }
    // Without Black's counter-four h8 is still an ordinary threat, answered by e8 or i8.
    let mut s = solver(&stones("a1 o1", "f8 g8 a15"), r, 3);
    assert!(matches!(
        s.move_kind(Color::White, p("h8")),
        Some(MoveKind::Threat { .. })
    ));
}

#[test]
fn a_defender_vcf_refutes_a_threat() {
    let r = Rules::renju();
    // Black's j12 k12 l12 (i12 White) give Black the fours m12 (five at n12) and n12 (five at
    // m12). Without more, after h8 Black's counter-four is blocked by a White threat (the
    // double three stands): a VCT in 3.
    let without = stones("j12 k12 l12 a1", "f8 g8 h10 h11 i12 a15");
    assert!(solve(&without, Color::White, r, 3).is_some());
    // With Black n13 n14, n12 is a four-three: j12 k12 l12 . n12 (five at m12) and n12 n13
    // n14 (n11 and n15 open). After any White threat Black has that VCF of two fours (n12,
    // then n11 or n15 for a straight four); White has no four, and no White threat is near
    // enough to stop it: no VCT at any depth.
    let with = stones("j12 k12 l12 n13 n14 a1", "f8 g8 h10 h11 i12 a15");
    let mut after = with.clone();
    after.place(p("h8"), Color::White).unwrap();
    assert!(common::vcf(
        &after,
        Color::Black,
        2,
        r,
        &mut Default::default()
    ));
    assert!(!common::vcf(
        &after,
        Color::Black,
        1,
        r,
        &mut Default::default()
    ));
    for depth in [2, 3, 4] {
        assert!(
            solve(&with, Color::White, r, depth).is_none(),
            "depth {depth}"
        );
    }
}

/// Black's d3 is forbidden (a double three: the column d3 . d5 d6, straight four at d4, and
/// either the row b3 c3 d3, straight four at e3, or the anti-diagonal b5 c4 d3, straight four
/// at e2). White e4 g6 f6 f7 with Black i8 c2 f9: f5 makes the diagonal e4 f5 g6 (h7 would be
/// a four whose only five point is d3: i8 is Black) and the column f5 f6 f7 (f4 would be a
/// straight four, fives f3 and f8; f8 would have only f4, f9 being Black). White d3 would
/// make a four with one five point, h7, which Black may take (c2 is Black).
fn forbidden_block_position(second_three: &str) -> Board {
    stones(
        &format!("d5 d6 {second_three} i8 c2 f9 o15"),
        "e4 g6 f6 f7 a15 o1",
    )
}

#[test]
fn a_white_four_whose_block_is_forbidden_wins() {
    let r = Rules::renju();
    // With the anti-diagonal three (b5 c4): after f5 White's winning moves are h7 (forbidden
    // block d3) and f4 (two fives). Black's replies that spoil f4 (f4, f3, f8) leave h7, and
    // nothing Black plays on f4's points changes d3 (f3 is not on d3's lines): a VCT in 2.
    let b = forbidden_block_position("b5 c4");
    let mut after = b.clone();
    after.place(p("f5"), Color::White).unwrap();
    after.place(p("h7"), Color::White).unwrap();
    assert!(renju_core::is_forbidden(&after, p("d3"), Convention::Lenient).is_some());
    let line = solve(&b, Color::White, r, 2).expect("a VCT in 2");
    assert_eq!(line.first(), p("f5"));
    let mut s = solver(&b, r, 2);
    let proof = s.prove(Color::White).unwrap();
    let AttackKind::Threat { replies, otherwise } = &proof.tree().kind else {
        panic!("a threat first")
    };
    assert!(otherwise.contains(&p("h7")));
    // Some reply is answered by the four h7, which ends the game by the forbidden block.
    assert!(replies.iter().any(|x| x.next.at == p("h7")
        && matches!(x.next.kind, AttackKind::Win { end: LineEnd::ForbiddenBlock(f) } if f == p("d3"))));
    // In free-style d3 is an ordinary block: f3 or f4 stops the column and h7 no longer wins.
    assert!(solve(&b, Color::White, Rules::of(RuleSet::FreeStyle), 2).is_none());
}

#[test]
fn a_reply_that_makes_the_forbidden_block_legal_refutes() {
    let r = Rules::renju();
    // With the row three (b3 c3) instead: Black's f3 spoils f4 (it takes one of its five
    // points) and makes d3 legal (b3 c3 d3 . f3 is then a four: d3 is a four-three). After f3
    // White has no winning move (h7's block is legal, f8 has the one five point f4, d3 the
    // one five point h7): f5 fails to f3. A reply that lands on neither winning move nor on
    // their five points: found only because the forbidden block is spoilable anywhere.
    let b = forbidden_block_position("b3 c3");
    let mut after = b.clone();
    for (q, c) in [("f5", Color::White), ("h7", Color::White)] {
        after.place(p(q), c).unwrap();
    }
    assert!(renju_core::is_forbidden(&after, p("d3"), Convention::Lenient).is_some());
    after.place(p("f3"), Color::Black).unwrap();
    assert!(renju_core::is_forbidden(&after, p("d3"), Convention::Lenient).is_none());
    let mut s = solver(&b, r, 2);
    assert_eq!(s.solve_starting_with(Color::White, p("f5")), Answer::NoWin);
    let mut full = solver(&b, r, 2);
    full.set_full_width(true);
    assert_eq!(
        full.solve_starting_with(Color::White, p("f5")),
        Answer::NoWin
    );
    assert!(solve(&b, Color::White, r, 2).is_none());
}

#[test]
fn every_attacker_move_counts_and_a_defender_four_is_blocked_first() {
    let r = Rules::renju();
    // Black's open three h8 i8 j8 wins in 1 (the open four), not in 0.
    let b = stones("h8 i8 j8", "a1 a2");
    assert!(solve(&b, Color::Black, r, 0).is_none());
    assert_eq!(solve(&b, Color::Black, r, 1).unwrap().attacker_moves(), 1);
    // White has a four a1 a2 a3 a4 (five at a5): Black must block a5 first, which is no four
    // or threat: no VCT at all, although the open three is there.
    let b = stones("h8 i8 j8 o15", "a1 a2 a3 a4");
    for depth in [1, 3, 5] {
        assert!(solve(&b, Color::Black, r, depth).is_none());
    }
    // A White double four on the board: no VCT for Black whatever it has.
    let b = stones("h8 i8 j8 o15 n15", "a1 a2 a3 a4 b5 c5 d5 e5");
    assert!(solve(&b, Color::Black, r, 5).is_none());
    // The block a5 made a four itself (Black b5 c5 d5, e5 empty... f5): then it counts.
    let b = stones("h8 i8 j8 b5 c5 d5", "a1 a2 a3 a4 o15 o14");
    let line = solve(&b, Color::Black, r, 5).expect("block with a four, then the open four");
    assert_eq!(line.first(), p("a5"));
}

#[test]
fn a_five_on_the_board_is_the_whole_line() {
    let b = stones("d8 e8 f8 g8", "c8 a1 a2");
    let mut s = solver(&b, Rules::renju(), 5);
    let line = s.solve(Color::Black).line().cloned().unwrap();
    assert_eq!(line.moves(), [p("h8")]);
    assert_eq!(line.end(), LineEnd::Five(p("h8")));
    assert_eq!(line.attacker_moves(), 0);
    let proof = s.prove(Color::Black).unwrap();
    common::check_proof_json(&common::proof_json(&proof)).unwrap();
}

#[test]
fn the_budget_gives_unknown_never_no_win() {
    let b = stones("a1 a3 o1", "f8 g8 h10 h11");
    let mut s = Solver::with_options(
        &b,
        RuleSet::Renju,
        Convention::Lenient,
        Limits::default().with_max_nodes(2),
    )
    .unwrap();
    assert!(matches!(s.solve(Color::White), Answer::Unknown(_)));
    let mut s = Solver::with_options(
        &b,
        RuleSet::Renju,
        Convention::Lenient,
        Limits::default()
            .with_max_ms(Some(0))
            .with_max_nodes(u64::MAX),
    )
    .unwrap();
    // A time budget of 0 ms runs out at the first clock reading (every 1,024 nodes) or
    // finishes first: either way never a wrong "no".
    assert_ne!(s.solve(Color::White), Answer::NoWin);
}

#[test]
fn a_first_move_other_than_the_five_on_the_board() {
    // Black d8 e8 f8 g8 (c8 White): h8 is a five. Asked about another first move, that move
    // is a four as long as the five point is still there (the defender must block h8).
    let b = stones("d8 e8 f8 g8 h10 h11 h12 o15", "c8 a1 a2 a3 b15");
    let mut s = solver(&b, Rules::renju(), 5);
    let five = s.solve_starting_with(Color::Black, p("h8"));
    assert_eq!(five.line().unwrap().end(), LineEnd::Five(p("h8")));
    // h9 also makes h9 h10 h11 h12, five at h13 (and h8): two five points, a win at once.
    let line = s
        .solve_starting_with(Color::Black, p("h9"))
        .line()
        .cloned()
        .unwrap();
    assert_eq!(line.moves(), [p("h9")]);
    assert!(matches!(line.end(), LineEnd::TwoFives(..)));
    // a15 leaves only h8 to block; with the open three h10 h11 h12 Black then still makes an
    // open four (h13 or h9), without it nothing.
    assert!(s.solve_starting_with(Color::Black, p("a15")).is_win() == Some(true));
    let bare = stones("d8 e8 f8 g8 o15", "c8 a1 a2 b15");
    let mut s = solver(&bare, Rules::renju(), 5);
    assert_eq!(s.solve_starting_with(Color::Black, p("a15")), Answer::NoWin);
    // With a White four on the board as well, any first move but the five loses to it.
    let b = stones("d8 e8 f8 g8 h10 h11 h12 o15 n15", "c8 a1 a2 a3 a4");
    let mut s = solver(&b, Rules::renju(), 5);
    assert_eq!(s.solve_starting_with(Color::Black, p("h9")), Answer::NoWin);
    assert!(s.solve_starting_with(Color::Black, p("h8")).is_win() == Some(true));
}

#[test]
fn a_threat_of_depth_two_prepares_a_four_three() {
    // White e8 f8 (d8 Black) and h10 h11: g8 makes the closed three e8 f8 g8, after which h8
    // is a four (five at i8) that also makes the split three h8 . h10 h11: a VCF of two fours
    // (h8 i8 h9). That is a threat at threat depth 2, not at 1 (after g8 no single move wins).
    let b = stones("d8 a1 o1", "e8 f8 h10 h11");
    let r1 = Rules::renju();
    let mut s = solver(&b, r1, 5);
    assert_eq!(s.move_kind(Color::White, p("g8")), None);
    let r2 = Rules {
        threat_depth: 2,
        ..r1
    };
    let mut s2 = solver(&b, r2, 5);
    assert_eq!(
        s2.move_kind(Color::White, p("g8")),
        Some(MoveKind::Threat {
            winning_moves: Vec::new()
        })
    );
    let mut after = b.clone();
    after.place(p("g8"), Color::White).unwrap();
    assert!(!common::has_winning_move(&after, Color::White, r1));
    assert!(common::vcf(
        &after,
        Color::White,
        2,
        r1,
        &mut Default::default()
    ));
    // Either way the answers (and, for wins, the proofs) agree with full width.
    for r in [r1, r2] {
        for depth in [2, 3] {
            let _ = solve(&b, Color::White, r, depth);
        }
    }
}
