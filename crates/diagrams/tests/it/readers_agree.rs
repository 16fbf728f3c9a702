//! The two diagram entry points, `renju_core::Board::from_diagram` (stones only) and
//! `renju_diagrams::diagram::Diagram::parse` (stones, marks, numbers), read the same stones: on
//! every board of the atlas in `corpus/fouls/` (checked against a plain reader written here),
//! on hand-made boards in both orientations and both styles, and they refuse the same texts
//! on the same line.

use renju_core::{Board, BoardError, Color, Point};
use renju_diagrams::atlas::load_dir;
use renju_diagrams::diagram::{Diagram, DiagramError, Mark};
use std::path::Path;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/fouls");

/// The `board:` block of an atlas file: the lines after `board:` up to the next key (a key
/// starts at the first column with a letter).
fn board_block(text: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
            inside = line.trim_end() == "board:";
            continue;
        }
        if inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// A plain reference reader for labelled boards (every row starts with its row number): the
/// stones of each row, taking every character that is not a space, `─` or a digit as one cell.
fn reference_stones(block: &str) -> Vec<(Point, Color)> {
    let mut stones = Vec::new();
    for line in block.lines() {
        let body = line.trim_start();
        let digits: String = body.chars().take_while(char::is_ascii_digit).collect();
        let Ok(row) = digits.parse::<u8>() else {
            continue; // the column letters, a blank line
        };
        let cells = body[digits.len()..]
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '─' && !c.is_ascii_digit());
        for (col, ch) in cells.enumerate() {
            let color = match ch {
                'X' | 'x' | '●' => Color::Black,
                'O' | 'o' | '○' => Color::White,
                _ => continue,
            };
            stones.push((Point::new(col as u8, row - 1).unwrap(), color));
        }
    }
    stones.sort();
    stones
}

fn sorted_stones(b: &Board) -> Vec<(Point, Color)> {
    let mut s: Vec<(Point, Color)> = b.stones().collect();
    s.sort();
    s
}

#[test]
fn both_readers_agree_on_every_atlas_board() {
    let mut files: Vec<_> = std::fs::read_dir(DIR)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let entries = load_dir(Path::new(DIR)).unwrap();
    assert!(files.len() >= 60, "only {} atlas files", files.len());
    assert_eq!(files.len(), entries.len());
    let mut stones = 0;
    for (path, entry) in files.iter().zip(&entries) {
        let name = path.display();
        let block = board_block(&std::fs::read_to_string(path).unwrap());
        let board = Board::from_diagram(&block).unwrap_or_else(|e| panic!("{name}: {e}"));
        let diagram = Diagram::parse(&block).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&board, diagram.board(), "{name}");
        assert_eq!(&board, entry.diagram.board(), "{name}: the atlas reader");
        let reference = reference_stones(&block);
        assert!(!reference.is_empty(), "{name}: no stones");
        assert_eq!(sorted_stones(&board), reference, "{name}");
        stones += reference.len();
    }
    assert!(stones > 300, "only {stones} stones in the atlas");
}

/// Black on b4, d2 and the corner a1, White on c3 and the corner e5, drawn four ways.
const BOTTOM_ASCII: &str = "
 5 . . . . O
 4 . X . . .
 3 . . O . .
 2 . . . X .
 1 X . . . .
   a b c d e";

const TOP_ASCII: &str = "
   a b c d e
 1 X . . . .
 2 . . . X .
 3 . . O . .
 4 . X . . .
 5 . . . . O";

const BOTTOM_UNICODE: &str = "
5 ┌─┬─┬─┬─○
4 ├─●─┼─┼─┤
3 ├─┼─○─┼─┤
2 ├─┼─┼─●─┤
1 ●─┴─┴─┴─┘
  a b c d e";

const TOP_UNICODE_NUMBERED: &str = "
1 ●1 ┬  ┬  ┬  ┐
2 ├  ┼  ┼  ●5 ┤
3 ├  ┼  ○4 ┼  ┤
4 ├  ●3 ┼  A  ┤
5 └  ┴  ┴  ┴  ○2";

#[test]
fn both_readers_agree_on_hand_made_boards_in_both_orientations() {
    let expected: Vec<(Point, Color)> = {
        let mut v: Vec<(Point, Color)> = [
            ("a1", Color::Black),
            ("b4", Color::Black),
            ("d2", Color::Black),
            ("c3", Color::White),
            ("e5", Color::White),
        ]
        .iter()
        .map(|(p, c)| (p.parse().unwrap(), *c))
        .collect();
        v.sort();
        v
    };
    for text in [
        BOTTOM_ASCII,
        TOP_ASCII,
        BOTTOM_UNICODE,
        TOP_UNICODE_NUMBERED,
    ] {
        let board = Board::from_diagram(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let diagram = Diagram::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(sorted_stones(&board), expected, "{text}");
        assert_eq!(&board, diagram.board(), "{text}");
    }
    // The marks and numbers are the diagram's; the board keeps the stones only.
    let d = Diagram::parse(TOP_UNICODE_NUMBERED).unwrap();
    assert_eq!(d.number("e5".parse().unwrap()), Some(2));
    assert_eq!(d.number("d2".parse().unwrap()), Some(5));
    assert_eq!(d.mark("d4".parse().unwrap()), Some(Mark::Letter('A')));
    // Without labels, row 1 is at the bottom for both.
    let unlabelled = ". . . . .\n. . . . .\n. . . . .\n. . . . .\nX . . . .";
    let a1: Point = "a1".parse().unwrap();
    assert_eq!(
        Board::from_diagram(unlabelled).unwrap().get(a1),
        Some(Color::Black)
    );
    assert_eq!(
        Diagram::parse(unlabelled).unwrap().board().get(a1),
        Some(Color::Black)
    );
}

/// The line a diagram error names.
fn diagram_line(e: &DiagramError) -> usize {
    match e {
        DiagramError::Text(g) => g.line(),
        other => panic!("not a text error: {other}"),
    }
}

#[test]
fn both_readers_refuse_the_same_texts_on_the_same_line() {
    let five = ". . . . .\n";
    let cases: Vec<(String, usize, &str)> = vec![
        // Ragged rows.
        (
            format!("{five}{five}. . . .\n{five}{five}"),
            3,
            "row has 4 points, expected 5",
        ),
        (
            format!("{five}{five}{five}{five}. . . . . ."),
            5,
            "row has 6 points, expected 5",
        ),
        // Unknown characters.
        (
            format!("{five}. . ? . .\n{five}{five}{five}"),
            2,
            "unexpected character '?' at column 5",
        ),
        (
            format!("{five}{five}{five}. q . . .\n{five}"),
            4,
            "unexpected character 'q' at column 3",
        ),
        // Off-board and contradictory labels.
        (
            format!("6 . . . . .\n4 {five}3 {five}2 {five}1 {five}"),
            1,
            "the row is labelled 6 but is row 5",
        ),
        (
            format!("5 {five}4 {five}3 {five}2 {five}0 {five}"),
            5,
            "the row is labelled 0 but is row 1",
        ),
        (
            format!("{five}{five}{five}{five}{five}   a b c d e f\n"),
            6,
            "6 column letters for a board of side 5",
        ),
        // Sizes and numbers.
        (five.repeat(4), 1, "4 rows is not a board side in 5..=20"),
        (five.repeat(21), 1, "21 rows is not a board side in 5..=20"),
        ("\n\n".into(), 1, "0 rows is not a board side in 5..=20"),
        (
            format!("{five}{five}. . 7 . .\n{five}{five}"),
            3,
            "column 5: a number must follow a stone (X12, ●12) or label the row at either end",
        ),
        (
            format!("{five}{five}. . X0 . .\n{five}{five}"),
            3,
            "column 6: move number '0' is not in 1..=99999",
        ),
    ];
    for (text, line, reason) in &cases {
        let b = Board::from_diagram(text).expect_err(text);
        let BoardError::BadText(grid) = &b else {
            panic!("{text}: not a text error: {b}");
        };
        assert_eq!(
            (grid.line(), grid.detail().as_str()),
            (*line, *reason),
            "{text}"
        );
        assert_eq!(b.to_string(), format!("board text line {line}: {reason}"));
        let d = Diagram::parse(text).expect_err(text);
        assert_eq!(diagram_line(&d), *line, "{text}: {d}");
        // Both wrap the one grid error of the text.
        assert_eq!(d, DiagramError::Text(grid.clone()), "{text}");
    }
    assert_eq!(cases.len(), 12);
}

proptest::proptest! {
    /// On any text the two readers both fail or both read the same stones.
    #[test]
    fn the_readers_never_disagree(text in "([ .xoXO#A-Z0-9┼●○×─┌┐└┘]{0,14}\n){0,8}") {
        let board = Board::from_diagram(&text).ok();
        let diagram = Diagram::parse(&text).ok().map(|d| d.board().clone());
        proptest::prop_assert_eq!(board, diagram);
    }

    /// On boards of random cells (some with labels, either orientation) they read the same.
    #[test]
    fn the_readers_agree_on_random_boards(
        cells in proptest::collection::vec(0usize..9, 25..=36),
        labels in 0u8..3,
    ) {
        let size = (cells.len() as f64).sqrt() as usize;
        let glyphs = [".", "X", "O", "#", "A", "●", "○12", "×", "┼"];
        let mut text = String::new();
        for (i, row) in cells.chunks(size).take(size).enumerate() {
            match labels {
                1 => text.push_str(&format!("{} ", size - i)),
                2 => text.push_str(&format!("{} ", i + 1)),
                _ => {}
            }
            let row: Vec<&str> = row.iter().map(|&g| glyphs[g]).collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        let board = Board::from_diagram(&text).unwrap();
        let diagram = Diagram::parse(&text).unwrap();
        proptest::prop_assert_eq!(&board, diagram.board());
        let stones = cells.iter().take(size * size).filter(|&&g| matches!(g, 1 | 2 | 5 | 6)).count();
        proptest::prop_assert_eq!(board.stone_count(), stones);
    }
}
