//! The one move-list grammar (`moves::parse_moves`): every spelling the commands accept, the
//! errors naming the move and the board's real ranges, and every written style read back.

use proptest::prelude::*;
use renju_core::{Move, Point};
use renju_notation::Orientation;
use renju_notation::moves::{MoveStyle, parse_moves, write_moves};

const BOTTOM: Orientation = Orientation::RowOneAtBottom;

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

#[test]
fn every_spelling_reads_the_same_moves() {
    let want = vec![
        mv("h8"),
        mv("h9"),
        Move::Pass,
        mv("i10"),
        mv("o15"),
        mv("a1"),
    ];
    for text in [
        "h8 h9 -- i10 o15 a1",
        "h8h9--i10o15a1",
        "H8H9PASSI10O15A1",
        "h8,h9,--,i10,o15,a1",
        "H8, H9, pass, I10, O15, A1",
        "h8;h9;Pass;i10;o15;a1",
        "  h8\th9\n--\r\ni10   o15 a1  ",
        "h8 H9 -- i10,O15;a1",
    ] {
        assert_eq!(parse_moves(text, 15, BOTTOM).unwrap(), want, "{text:?}");
    }
    assert_eq!(parse_moves("", 15, BOTTOM).unwrap(), []);
    assert_eq!(parse_moves(" , ; ", 15, BOTTOM).unwrap(), []);
    // digits are read greedily: h10i8 is h10 then i8, h1i8 is h1 then i8
    assert_eq!(
        parse_moves("h10i8h1i9", 15, BOTTOM).unwrap(),
        [mv("h10"), mv("i8"), mv("h1"), mv("i9")]
    );
    // row 1 at the top: h2 of a top-down notation is h14
    assert_eq!(
        parse_moves("h2", 15, Orientation::RowOneAtTop).unwrap(),
        [mv("h14")]
    );
}

#[test]
fn errors_name_the_move_and_the_boards_real_ranges() {
    let cases = [
        (
            "h8 h9 p16",
            15,
            "move 3 'p16': column 'p' is off the 15x15 board (columns a..o)",
        ),
        (
            "h8h9p8",
            15,
            "move 3 'p8': column 'p' is off the 15x15 board (columns a..o)",
        ),
        (
            "h8 h16",
            15,
            "move 2 'h16': row 16 is off the 15x15 board (rows 1..15)",
        ),
        (
            "h8 x",
            15,
            "move 2 'x': column 'x' is off the 15x15 board (columns a..o)",
        ),
        (
            "h8 -h9",
            15,
            "move 2 '-h9': '-' is not a column letter (columns a..o)",
        ),
        (
            "h8, 9",
            15,
            "move 2 '9': '9' is not a column letter (columns a..o)",
        ),
        (
            "h8 h0",
            15,
            "move 2 'h0': row 0 does not exist (rows 1..15)",
        ),
        (
            "h8 h08",
            15,
            "move 2 'h08': '08' is not a row number (rows 1..15)",
        ),
        (
            "h8 i",
            15,
            "move 2 'i': no row number after the column letter (rows 1..15)",
        ),
        (
            "h8 ix",
            15,
            "move 2 'ix': 'x' is not a row number (rows 1..15)",
        ),
        (
            "a1 j1",
            9,
            "move 2 'j1': column 'j' is off the 9x9 board (columns a..i)",
        ),
        (
            "a1 (b2)",
            20,
            "move 2 '(b2)': '(' is not a column letter (columns a..t)",
        ),
        (
            "t20 u1",
            20,
            "move 2 'u1': column 'u' is off the 20x20 board (columns a..t)",
        ),
        (
            "h8 黑",
            15,
            "move 2 '黑': '黑' is not a column letter (columns a..o)",
        ),
    ];
    for (text, size, message) in cases {
        let e = parse_moves(text, size, BOTTOM).unwrap_err();
        assert_eq!(e.to_string(), message, "{text}");
        assert!(!e.to_string().contains("a..t") || size == 20, "{e}");
        assert_eq!(&text[e.offset..e.offset + e.token.len()], e.token, "{text}");
        assert_eq!(e.size, size);
    }
    // the error's source is renju-core's PointError
    let e = parse_moves("h8 h16", 15, BOTTOM).unwrap_err();
    assert!(std::error::Error::source(&e).is_some());
}

fn arb_moves(size: u8) -> impl Strategy<Value = Vec<Move>> {
    proptest::collection::vec(
        prop_oneof![
            1 => Just(Move::Pass),
            9 => (0..size, 0..size).prop_map(|(c, r)| Move::Stone(Point::new(c, r).unwrap())),
        ],
        0..40,
    )
}

proptest! {
    /// Whatever style writes a list, the grammar reads it back, in both orientations.
    #[test]
    fn every_written_style_reads_back(
        (size, moves) in (5u8..=20).prop_flat_map(|size| (Just(size), arb_moves(size)))
    ) {
        for orientation in [Orientation::RowOneAtBottom, Orientation::RowOneAtTop] {
            for style in [MoveStyle::Spaced, MoveStyle::Compact, MoveStyle::UpperComma] {
                let text = write_moves(&moves, size, orientation, style);
                prop_assert_eq!(parse_moves(&text, size, orientation).unwrap(), moves.clone(), "{}", text);
            }
        }
    }
}
