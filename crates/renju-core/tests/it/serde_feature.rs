//! The optional `serde` feature: points, colours, fouls and settings serialise as the
//! commands write them. Run with `cargo test -p renju-core --features serde` (`cargo xtask ci`
//! does).
#![cfg(feature = "serde")]

use renju_core::{Color, Convention, Foul, Point, RuleSet};

#[test]
fn names_as_the_commands_write_them() {
    let p: Point = "h8".parse().unwrap();
    assert_eq!(serde_json::to_string(&p).unwrap(), "\"h8\"");
    assert_eq!(
        serde_json::from_str::<Point>("\"t20\"")
            .unwrap()
            .to_string(),
        "t20"
    );
    assert!(serde_json::from_str::<Point>("\"h0\"").is_err());
    assert_eq!(serde_json::to_string(&Color::White).unwrap(), "\"white\"");
    assert_eq!(
        serde_json::to_string(&Foul::DoubleFour).unwrap(),
        "\"double-four\""
    );
    assert_eq!(
        serde_json::to_string(&Convention::Strict).unwrap(),
        "\"strict\""
    );
    assert_eq!(serde_json::to_string(&RuleSet::Renju).unwrap(), "\"renju\"");
}
