//! The optional `serde` feature: every value of every serialisable type is written as the
//! commands write it and read back. Run with
//! `cargo test -p renju-core --features serde --test it serde_feature::` (`cargo xtask ci`
//! does).
#![cfg(feature = "serde")]

use renju_core::{
    Board, Color, Convention, Direction, Foul, Named, Orientation, Point, RuleSet, Symmetry,
    line_shape,
};
use serde::{Serialize, de::DeserializeOwned};

/// Every value of a named enum serialises as its canonical name (written here, not taken from
/// the code), reads back from it and from its upper-case spelling, and an unknown name is
/// serde's `unknown variant` error listing the names.
fn check_named<T>(expected: &[(T, &str)])
where
    T: Named + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(
        T::values().len(),
        expected.len(),
        "{}: every value listed",
        T::KIND
    );
    for (&v, (listed, name)) in T::values().iter().zip(expected) {
        assert_eq!(v, *listed, "{}: declaration order", T::KIND);
        let json = format!("\"{name}\"");
        assert_eq!(serde_json::to_string(&v).unwrap(), json);
        assert_eq!(serde_json::from_str::<T>(&json).unwrap(), v);
        let upper = format!("\"{}\"", name.to_ascii_uppercase());
        assert_eq!(serde_json::from_str::<T>(&upper).unwrap(), v);
    }
    let e = serde_json::from_str::<T>("\"no-such-name\"")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("unknown variant `no-such-name`, expected "),
        "{e}"
    );
    assert!(e.contains(&format!("`{}`", expected[0].1)), "{e}");
    assert!(
        serde_json::from_str::<T>("3").is_err(),
        "a number is no name"
    );
}

#[test]
fn every_named_value() {
    check_named(&[(Color::Black, "black"), (Color::White, "white")]);
    check_named(&[
        (Foul::DoubleThree, "double-three"),
        (Foul::DoubleFour, "double-four"),
        (Foul::Overline, "overline"),
    ]);
    check_named(&[
        (RuleSet::Renju, "renju"),
        (RuleSet::FreeStyle, "freestyle"),
        (RuleSet::StandardGomoku, "standard"),
    ]);
    check_named(&[
        (Convention::Lenient, "lenient"),
        (Convention::Strict, "strict"),
    ]);
    check_named(&[
        (Direction::Horizontal, "horizontal"),
        (Direction::Vertical, "vertical"),
        (Direction::Diagonal, "diagonal"),
        (Direction::AntiDiagonal, "anti-diagonal"),
    ]);
    check_named(&[
        (Symmetry::Identity, "identity"),
        (Symmetry::Rotate90, "rot90"),
        (Symmetry::Rotate180, "rot180"),
        (Symmetry::Rotate270, "rot270"),
        (Symmetry::FlipHorizontal, "flip-h"),
        (Symmetry::FlipVertical, "flip-v"),
        (Symmetry::FlipDiagonal, "flip-d"),
        (Symmetry::FlipAntiDiagonal, "flip-a"),
    ]);
    check_named(&[
        (Orientation::RowOneAtBottom, "bottom"),
        (Orientation::RowOneAtTop, "top"),
    ]);
    // Aliases read too, and still write the canonical name.
    let r: RuleSet = serde_json::from_str("\"gomoku\"").unwrap();
    assert_eq!(serde_json::to_string(&r).unwrap(), "\"freestyle\"");
}

#[test]
fn points_as_coordinates() {
    for (text, col, row) in [("a1", 0, 0), ("h8", 7, 7), ("o15", 14, 14), ("t20", 19, 19)] {
        let p = Point::new(col, row).unwrap();
        let json = format!("\"{text}\"");
        assert_eq!(serde_json::to_string(&p).unwrap(), json);
        assert_eq!(serde_json::from_str::<Point>(&json).unwrap(), p);
    }
    for bad in ["\"h0\"", "\"u1\"", "\"h21\"", "\"\"", "7"] {
        assert!(serde_json::from_str::<Point>(bad).is_err(), "{bad}");
    }
}

#[test]
fn line_shapes_with_every_field() {
    // g8 h8 i8 black: j8 makes a straight four (five points f8 and k8).
    let mut line = ".".repeat(225);
    for i in [111, 112, 113] {
        line.replace_range(i..i + 1, "x");
    }
    let board = Board::from_line(&line).unwrap();
    let shape = line_shape(
        &board,
        "j8".parse().unwrap(),
        Direction::Horizontal,
        Color::Black,
        RuleSet::Renju,
    );
    assert_eq!(
        serde_json::to_string(&shape).unwrap(),
        r#"{"five":false,"overline":false,"fours":1,"straight_four":true,"five_points":["f8","k8"],"straight_four_points":[]}"#
    );
    // g8 h8 black: i8 makes a three whose straight-four points are f8 and j8.
    let mut line = ".".repeat(225);
    for i in [111, 112] {
        line.replace_range(i..i + 1, "x");
    }
    let board = Board::from_line(&line).unwrap();
    let three = line_shape(
        &board,
        "i8".parse().unwrap(),
        Direction::Horizontal,
        Color::Black,
        RuleSet::Renju,
    );
    assert_eq!(
        serde_json::to_string(&three).unwrap(),
        r#"{"five":false,"overline":false,"fours":0,"straight_four":false,"five_points":[],"straight_four_points":["f8","j8"]}"#
    );
}
