//! Helpers shared by the integration tests.
#![allow(dead_code)]

use renju_core::{Board, Color, Move};
use renju_notation::GameRecord;

/// The repository's own fixtures.
pub fn fixture(name: &str) -> Vec<u8> {
    let path = renju_testdata::repo("corpus/records").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("fixture {}: {e}", path.display()))
}

/// A shared corpus file, or `None` (with a printed reason; a failure under CI) when absent.
pub fn shared(rel: &str) -> Option<Vec<u8>> {
    let path = renju_testdata::shared(&format!("corpora/{rel}"))?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The moves of a record as text.
pub fn line(g: &GameRecord) -> String {
    g.moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The final position of a record (passes skipped, colours alternating from Black), as the
/// ASCII diagram of renju-core.
pub fn diagram(g: &GameRecord) -> String {
    let mut b = Board::new(usize::from(g.board_size)).expect("board size");
    for (i, m) in g.moves.iter().enumerate() {
        if let Move::Stone(p) = m {
            let c = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            b.place(p.to_owned(), c)
                .expect("point free and on the board");
        }
    }
    b.to_diagram()
}

/// Normalises a hand-written diagram through renju-core for comparison.
pub fn expect_diagram(text: &str) -> String {
    Board::from_diagram(text)
        .expect("test diagram")
        .to_diagram()
}
