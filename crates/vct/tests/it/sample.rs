//! The project's own labelled sample, `tests/data/composed.jsonl`: hand-made positions, each
//! labelled by the reasoning in its `why` field (the headline rules of the definition, so that
//! they are tested on a bare clone, without `../shared`). Every win is proved and checked by
//! the independent checker; a `first` move must start a VCT.

use crate::common::{self, Rules, p, stones};
use renju_core::{Color, Convention, RuleSet};
use renju_vct::{Answer, Limits, Solver};

#[test]
fn the_composed_sample_matches_its_labels() {
    let text = include_str!("../data/composed.jsonl");
    let mut n = 0;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = v["id"].as_str().unwrap();
        let board = stones(v["black"].as_str().unwrap(), v["white"].as_str().unwrap());
        let a = match v["to_move"].as_str() {
            Some("black") => Color::Black,
            _ => Color::White,
        };
        let rules: RuleSet = v["rules"].as_str().unwrap().parse().unwrap();
        let depth = v["depth"].as_u64().unwrap() as u32;
        let want = v["has_vct"].as_bool().unwrap();
        let limits = Limits::default().with_max_depth(depth);
        let mut s = Solver::with_options(&board, rules, Convention::Lenient, limits).unwrap();
        let answer = s.solve(a);
        assert_eq!(answer.is_win(), Some(want), "{id}: {answer:?}");
        let mut full = Solver::with_options(&board, rules, Convention::Lenient, limits).unwrap();
        full.set_full_width(true);
        assert_eq!(full.solve(a).is_win(), Some(want), "{id}: full width");
        if let Answer::Win(l) = &answer {
            let r = Rules::of(rules);
            common::replay_line(&board, a, r, l.moves(), depth as usize)
                .unwrap_or_else(|e| panic!("{id}: {l}: {e}"));
            let proof = s.prove(a).unwrap();
            common::check_proof_json(&common::proof_json(&proof))
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            if let Some(first) = v["first"].as_str() {
                assert!(
                    s.solve_starting_with(a, p(first)).is_win() == Some(true),
                    "{id}"
                );
            }
        }
        n += 1;
    }
    assert_eq!(n, 17);
}
