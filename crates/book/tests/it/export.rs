//! Export: the tree of positions with at least `min_games` games, written as `.lib` and SGF
//! by renju-notation's writers and read back by its readers.

use crate::reference::record;
use renju_book::{Book, BookSettings, ExportOptions};
use renju_notation::DeclaredResult::{Black, White};
use renju_notation::{GameTree, Orientation};

fn book(dir: &std::path::Path) -> Book {
    let games = [
        record("h8 h9 i10 g7", Black),
        record("h8 g7 i10 h9", White),
        record("h8 h9 j10", Black),
        record("h8 i8 h10", White),
        record("h8 j10", Black),
    ];
    let file = crate::write(dir, "e.renju", &crate::renju_text(&games));
    Book::open(crate::build(
        dir,
        "e.sqlite",
        BookSettings::default(),
        &[&file],
    ))
    .unwrap()
}

/// Every root-to-node line of a tree with the node's comment.
fn lines(t: &GameTree) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for n in 0..t.nodes.len() {
        let moves: Vec<String> = t
            .path(n)
            .iter()
            .filter_map(|&k| t.nodes[k].mv.map(|m| m.to_string()))
            .collect();
        let c = t.nodes[n]
            .comment
            .as_ref()
            .map(|c| c.as_str().to_string())
            .unwrap_or_default();
        out.push((moves.join(" "), c));
    }
    out.sort();
    out
}

#[test]
fn the_tree_holds_the_positions_with_enough_games_and_their_counts() {
    let dir = tempfile::tempdir().unwrap();
    let b = book(dir.path());
    let x = b
        .export(&ExportOptions {
            min_games: 2,
            ..ExportOptions::default()
        })
        .unwrap();
    let got = lines(&x.tree);
    // h9, i8 and h9 again after h8 are one move under the symmetries of the lone h8, named
    // h7 (first in a1 order): 3 games; g7 and j10 were played once each
    let names: Vec<&str> = got.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(names, ["", "h8", "h8 h7"]);
    assert_eq!(
        got[0].1,
        "renju-book (max-moves 30, board 15x15, rules renju, convention lenient, claim policy claim): 5 games: black 3, white 2, draw 0, unknown 0"
    );
    assert_eq!(got[1].1, "5 games: black 3, white 2, draw 0, unknown 0");
    assert_eq!(got[2].1, "3 games: black 2, white 1, draw 0, unknown 0");
    // min 1: everything, with the transposition a leaf that says where it continues
    let x = b.export(&ExportOptions::default()).unwrap();
    assert_eq!(x.transpositions, 1);
    let got = lines(&x.tree);
    let trans: Vec<&(String, String)> = got
        .iter()
        .filter(|(_, c)| c.contains("transposition"))
        .collect();
    assert_eq!(trans.len(), 1, "{got:?}");
    assert!(
        trans[0].1.contains("2 games: black 1, white 1"),
        "{trans:?}"
    );
}

#[test]
fn the_tree_round_trips_through_lib_and_sgf() {
    let dir = tempfile::tempdir().unwrap();
    let b = book(dir.path());
    let x = b.export(&ExportOptions::default()).unwrap();
    let want = lines(&x.tree);
    assert!(want.len() > 5);
    let (lib, _) = renju_notation::renlib::write_tree(&x.tree, Orientation::RowOneAtBottom);
    let back = renju_notation::renlib::read_tree(&lib, "e.lib", Orientation::RowOneAtBottom, None)
        .unwrap();
    assert_eq!(lines(&back), want);
    let sgf =
        renju_notation::sgf::write_trees(std::slice::from_ref(&x.tree), Orientation::RowOneAtTop);
    let back =
        renju_notation::sgf::read_trees(sgf.as_bytes(), "e.sgf", Orientation::RowOneAtTop, None)
            .next()
            .unwrap()
            .unwrap();
    assert_eq!(lines(&back), want);
}
