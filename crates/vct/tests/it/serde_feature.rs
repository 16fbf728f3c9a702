//! The `serde` feature: the proof's JSON is the documented one (the independent checker's own
//! writer in `common` gives the same value), it reads back to the same proof, and it checks
//! out. `cargo test -p renju-vct --features serde --test it serde_feature::`.

use crate::common::{self, stones};
use renju_core::{Color, RuleSet};
use renju_vct::{Proof, Solver};

#[test]
fn the_proof_json_is_the_documented_one_and_reads_back() {
    for (black, white, a) in [
        ("a1 a3 o1", "f8 g8 h10 h11", Color::White),
        (
            "d5 d6 b5 c4 i8 c2 f9 o15",
            "e4 g6 f6 f7 a15 o1",
            Color::White,
        ),
        ("h8 i8 j8 b5 c5 d5", "a1 a2 a3 a4 o15 o14", Color::Black),
        ("d8 e8 f8 g8", "c8 a1 a2", Color::Black),
    ] {
        let board = stones(black, white);
        let proof = Solver::new(&board, RuleSet::Renju).prove(a).unwrap();
        let value = serde_json::to_value(&proof).unwrap();
        assert_eq!(value, common::proof_json(&proof));
        common::check_proof_json(&value).unwrap();
        let text = serde_json::to_string_pretty(&proof).unwrap();
        let back: Proof = serde_json::from_str(&text).unwrap();
        assert_eq!(back, proof);
    }
    let bad = r#"{"format": "something-else", "version": 1}"#;
    assert!(serde_json::from_str::<Proof>(bad).is_err());
}
