//! Properties on random positions (clustered around the centre, stones alternating, so that
//! they look like games) and on dev-set positions: the answer does not change under the 8
//! symmetries; a VCF is a VCT; every proof checks out under the independent checker; the
//! defence restricted by the solver's proofs gives the same answers as full-width defence;
//! and on small boards the solver agrees with the checker's own plain full-width VCT search.

use crate::common::{self, Rules};
use proptest::prelude::*;
use renju_core::{Board, Color, Convention, Point, RuleSet, Symmetry};
use renju_vct::{Answer, Limits, Solver};

/// A position from stone coordinates in a `span`-square around the centre of a `size` board
/// (occupied points skipped), Black first; `None` when the game would be over on it.
fn position(size: u8, span: u8, coords: &[(u8, u8)], rules: RuleSet) -> Option<(Board, Color)> {
    let mut b = Board::new(usize::from(size)).unwrap();
    let off = (size - span) / 2;
    let mut n = 0;
    for &(c, r) in coords {
        let p = Point::new(off + c % span, off + r % span).unwrap();
        if b.is_empty_at(p) {
            b.place(p, Color::of_move_number(n + 1)).unwrap();
            n += 1;
        }
    }
    renju_vct::check_position(&b, rules).ok()?;
    Some((b, Color::of_move_number(n + 1)))
}

fn solver(board: &Board, rules: RuleSet, depth: u32) -> Solver {
    Solver::with_options(
        board,
        rules,
        Convention::Lenient,
        Limits::default().with_max_depth(depth),
    )
    .unwrap()
}

fn win(board: &Board, a: Color, rules: RuleSet, depth: u32) -> bool {
    match solver(board, rules, depth).solve(a) {
        Answer::Win(_) => true,
        Answer::NoWin => false,
        Answer::Unknown(e) => panic!("{e}"),
    }
}

fn rule_set() -> impl Strategy<Value = RuleSet> {
    prop_oneof![
        4 => Just(RuleSet::Renju),
        1 => Just(RuleSet::FreeStyle),
        1 => Just(RuleSet::StandardGomoku),
    ]
}

fn cases(release: u32) -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(debug_assertions) {
        release / 8
    } else {
        release
    })
}

proptest! {
    #![proptest_config(cases(96))]

    #[test]
    fn the_answer_does_not_change_under_the_symmetries(
        coords in prop::collection::vec((0u8..9, 0u8..9), 12..40),
        rules in rule_set(),
    ) {
        let Some((b, a)) = position(15, 9, &coords, rules) else { return Ok(()) };
        let want = win(&b, a, rules, 4);
        for s in Symmetry::ALL {
            prop_assert_eq!(win(&s.apply_board(&b), a, rules, 4), want, "{:?}\n{}", s, b.to_diagram());
        }
    }

    #[test]
    fn a_vcf_is_a_vct_and_every_proof_checks_out(
        coords in prop::collection::vec((0u8..9, 0u8..9), 12..44),
        rules in rule_set(),
    ) {
        let Some((b, a)) = position(15, 9, &coords, rules) else { return Ok(()) };
        for depth in [1, 3, 5] {
            let mut vcf = renju_vcf::Solver::with_options(
                &b, rules, Convention::Lenient,
                renju_vcf::Limits { max_depth: depth, ..renju_vcf::Limits::default() },
            );
            let has_vcf = vcf.solve(a).line().is_some();
            let mut s = solver(&b, rules, depth);
            let answer = s.solve(a);
            if has_vcf {
                prop_assert!(answer.is_win() == Some(true), "VCF but no VCT at {}\n{}", depth, b.to_diagram());
            }
            if let Answer::Win(line) = answer {
                let r = Rules::of(rules);
                common::replay_line(&b, a, r, line.moves(), depth as usize)
                    .map_err(|e| TestCaseError::fail(format!("{line}: {e}")))?;
                let proof = s.prove(a).unwrap();
                common::check_proof_json(&common::proof_json(&proof))
                    .map_err(|e| TestCaseError::fail(format!("{e}\n{}", b.to_diagram())))?;
            }
        }
    }

    #[test]
    fn restricted_defence_equals_full_width(
        coords in prop::collection::vec((0u8..9, 0u8..9), 12..40),
        rules in rule_set(),
    ) {
        let Some((b, a)) = position(15, 9, &coords, rules) else { return Ok(()) };
        for depth in [2, 3] {
            let mut full = solver(&b, rules, depth);
            full.set_full_width(true);
            prop_assert_eq!(win(&b, a, rules, depth), full.solve(a).is_win() == Some(true),
                "depth {}\n{}", depth, b.to_diagram());
        }
    }
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn on_small_boards_the_plain_full_width_search_agrees(
        coords in prop::collection::vec((0u8..7, 0u8..7), 8..26),
        rules in rule_set(),
    ) {
        let Some((b, a)) = position(9, 7, &coords, rules) else { return Ok(()) };
        let r = Rules::of(rules);
        for depth in [1, 2] {
            prop_assert_eq!(win(&b, a, rules, depth), common::plain_vct(&b, a, depth, r),
                "depth {}\n{}", depth, b.to_diagram());
        }
    }
}

#[test]
fn dev_positions_agree_under_the_symmetries_and_with_full_width_defence() {
    let Some(rows) = crate::dev::rows() else {
        return;
    };
    let step = if cfg!(debug_assertions) { 150 } else { 15 };
    let mut n = 0;
    for row in rows.iter().step_by(step) {
        let mut s = Solver::with_options(
            &row.board,
            RuleSet::Renju,
            Convention::Strict,
            Limits::default(),
        )
        .unwrap();
        let want = s.solve(row.to_move).is_win();
        assert_eq!(want, Some(row.has_vct), "{}", row.id);
        for sym in Symmetry::ALL {
            s.set_board(&sym.apply_board(&row.board));
            assert_eq!(s.solve(row.to_move).is_win(), want, "{} {sym:?}", row.id);
        }
        let mut full = Solver::with_options(
            &row.board,
            RuleSet::Renju,
            Convention::Strict,
            Limits::default().with_max_depth(3),
        )
        .unwrap();
        let restricted = full.solve(row.to_move).is_win();
        full.set_full_width(true);
        assert_eq!(
            full.solve(row.to_move).is_win(),
            restricted,
            "{} full width",
            row.id
        );
        n += 1;
    }
    assert!(n >= 10);
}

/// A fixed-seed generator (xorshift64), for the counted companion tests below.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn coords(&mut self, n: usize, span: u64) -> Vec<(u8, u8)> {
        (0..n)
            .map(|_| ((self.next() % span) as u8, (self.next() % span) as u8))
            .collect()
    }
}

#[test]
fn counted_random_positions_have_wins_and_no_wins_and_all_checks_hold() {
    // The same checks as the properties above on a fixed sample, counting what was seen, so
    // that a vacuous run (no win, or no position) fails.
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let n = if cfg!(debug_assertions) { 30 } else { 300 };
    let (mut wins, mut no_wins, mut small_wins, mut small_no) = (0, 0, 0, 0);
    for i in 0..n {
        let rules = [
            RuleSet::Renju,
            RuleSet::Renju,
            RuleSet::FreeStyle,
            RuleSet::StandardGomoku,
        ][i % 4];
        let count = 12 + (rng.next() % 30) as usize;
        if let Some((b, a)) = position(15, 9, &rng.coords(count, 9), rules) {
            let mut s = solver(&b, rules, 3);
            let mut full = solver(&b, rules, 3);
            full.set_full_width(true);
            let got = s.solve(a).is_win().unwrap();
            assert_eq!(full.solve(a).is_win(), Some(got), "{}", b.to_diagram());
            if got {
                wins += 1;
                let proof = s.prove(a).unwrap();
                common::check_proof_json(&common::proof_json(&proof))
                    .unwrap_or_else(|e| panic!("{e}\n{}", b.to_diagram()));
            } else {
                no_wins += 1;
            }
        }
        let count = 8 + (rng.next() % 18) as usize;
        if i % 3 == 0
            && let Some((b, a)) = position(9, 7, &rng.coords(count, 7), rules)
        {
            let got = win(&b, a, rules, 2);
            assert_eq!(
                got,
                common::plain_vct(&b, a, 2, Rules::of(rules)),
                "{}",
                b.to_diagram()
            );
            if got {
                small_wins += 1;
            } else {
                small_no += 1;
            }
        }
    }
    println!(
        "15x15 depth 3: {wins} wins, {no_wins} without; 9x9 depth 2 against the plain search: {small_wins} wins, {small_no} without"
    );
    assert!(wins > 0 && no_wins > 0 && small_wins > 0 && small_no > 0);
}

#[test]
fn threat_depth_two_restricted_equals_full_width_and_proofs_check_out() {
    let mut rng = Rng(0x0DDB_1A5E_5BAD_5EED);
    let n = if cfg!(debug_assertions) { 6 } else { 40 };
    let (mut wins, mut no_wins) = (0, 0);
    for i in 0..n {
        let rules = [RuleSet::Renju, RuleSet::FreeStyle][i % 2];
        let count = 14 + (rng.next() % 24) as usize;
        let Some((b, a)) = position(15, 9, &rng.coords(count, 9), rules) else {
            continue;
        };
        let limits = Limits::default().with_max_depth(3).with_threat_depth(2);
        let mut s = Solver::with_options(&b, rules, Convention::Lenient, limits).unwrap();
        let mut full = Solver::with_options(&b, rules, Convention::Lenient, limits).unwrap();
        full.set_full_width(true);
        let got = s.solve(a).is_win().unwrap();
        assert_eq!(full.solve(a).is_win(), Some(got), "{}", b.to_diagram());
        if got {
            wins += 1;
            let proof = s.prove(a).unwrap();
            common::check_proof_json(&common::proof_json(&proof))
                .unwrap_or_else(|e| panic!("{e}\n{}", b.to_diagram()));
        } else {
            no_wins += 1;
        }
    }
    println!("threat depth 2, depth 3: {wins} wins, {no_wins} without");
    assert!(wins > 0 && no_wins > 0);
}
