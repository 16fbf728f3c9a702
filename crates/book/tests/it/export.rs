//! Export: the tree of positions with at least `min_games` games, written as `.lib` and SGF
//! by renju-notation's writers and read back by its readers.

use crate::reference::record;
use renju_book::{Book, BookSettings, ExportOptions};
use renju_notation::DeclaredResult::{Black, White};
use renju_notation::{Format, GameTree, renlib};

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
    // read back as `corpus-tool convert` reads each format
    let lib = lines(&read_back(Format::Lib, &x.to_lib()));
    assert_eq!(lib, want);
    assert_eq!(lines(&read_back(Format::Sgf, x.to_sgf().as_bytes())), want);
    // a transposition's comment names a line of the library read back
    let named: Vec<&str> = lib
        .iter()
        .filter_map(|(_, c)| c.split("continued after ").nth(1))
        .collect();
    assert_eq!(named.len(), 1, "{lib:?}");
    assert!(lib.iter().any(|(m, _)| m == named[0]), "{named:?} {lib:?}");
}

/// The one tree of `bytes`, read as `corpus-tool convert` reads `format`: in the format's own
/// orientation.
fn read_back(format: Format, bytes: &[u8]) -> GameTree {
    let mut trees =
        renju_notation::read_trees(format, bytes, "e", format.default_orientation(), None).unwrap();
    assert_eq!(trees.len(), 1);
    trees.pop().unwrap().unwrap()
}

/// The moves of every root-to-leaf line of a tree, as the project writes moves (`h8 h7`).
fn leaf_lines(t: &GameTree) -> Vec<String> {
    let mut out: Vec<String> = t
        .leaves()
        .into_iter()
        .map(|n| {
            let moves: Vec<String> = t
                .path(n)
                .iter()
                .filter_map(|&k| t.nodes[k].mv.map(|m| m.to_string()))
                .collect();
            moves.join(" ")
        })
        .collect();
    out.sort();
    out
}

/// The position byte of each record of a `.lib`, in file order (the records this crate's
/// writer gives a tree with comments: `pos flags [ext2 ext1] [comment]`, no old-style
/// comment, no board text).
fn lib_positions(lib: &[u8]) -> Vec<u8> {
    let mut i = if lib.first() == Some(&0xFF) { 20 } else { 0 };
    let mut out = Vec::new();
    while i + 2 <= lib.len() {
        let (pos, flags) = (lib[i], lib[i + 1]);
        assert_eq!(flags & (renlib::FLAG_OLD_COMMENT), 0);
        out.push(pos);
        i += 2;
        if flags & renlib::FLAG_EXTENSION != 0 {
            assert_eq!(lib[i + 1] & 1, 0, "a board text");
            i += 2;
        }
        if flags & renlib::FLAG_COMMENT != 0 {
            // byte pairs up to the pair holding a NUL
            loop {
                let pair = &lib[i..i + 2];
                i += 2;
                if pair.contains(&0) {
                    break;
                }
            }
        }
    }
    assert_eq!(i, lib.len());
    out
}

/// The export was written with rows counted from the bottom, RenLib's bytes count them from
/// the top: the `.lib` held `h8 h9 g10` for the book's (and the SGF's) `h8 h7 g6`.
#[test]
fn the_lib_export_holds_the_books_moves_in_the_bytes_convert_writes() {
    let dir = tempfile::tempdir().unwrap();
    // lines already in the book's orientation (the first of each set of symmetric moves in
    // a1 order) and with no transposition: each is a line of the export as written here
    let games = ["h8 h7 g6 j9 k10", "h8 h7 g6 f5", "h8 g7 i7 j8"];
    let records: Vec<_> = games
        .iter()
        .zip([Black, White, Black])
        .map(|(m, r)| record(m, r))
        .collect();
    let file = crate::write(dir.path(), "o.renju", &crate::renju_text(&records));
    let b = Book::open(crate::build(
        dir.path(),
        "o.sqlite",
        BookSettings::default(),
        &[&file],
    ))
    .unwrap();
    let x = b.export(&ExportOptions::default()).unwrap();
    assert_eq!(x.transpositions, 0);
    let mut want: Vec<String> = games.iter().map(|g| (*g).to_string()).collect();
    want.sort();
    assert_eq!(leaf_lines(&x.tree), want);

    let lib = read_back(Format::Lib, &x.to_lib());
    let sgf = read_back(Format::Sgf, x.to_sgf().as_bytes());
    assert_eq!(leaf_lines(&lib), want, "the .lib read back");
    assert_eq!(leaf_lines(&sgf), want, "the SGF read back");
    // every node, with its comment
    assert_eq!(lines(&lib), lines(&sgf));
    assert_eq!(lines(&lib), lines(&x.tree));

    // `corpus-tool convert`'s .lib of one game: h8 0x78, h7 0x88, g6 0x97
    let conv = renju_notation::convert(
        "g.renju",
        b"black h8 h7 g6\n",
        "g.lib",
        renju_notation::ConvertOptions::default(),
    )
    .unwrap();
    assert_eq!(conv.to, Format::Lib);
    assert_eq!(lib_positions(&conv.bytes), [0x78, 0x88, 0x97]);
    // the export's records in pre-order: the root (0), then its first line, h8 h7 g6 ...
    let got = lib_positions(&x.to_lib());
    assert_eq!(got[..4], [0x00, 0x78, 0x88, 0x97], "{got:02x?}");
    // and with the comments left out the export is convert's library byte for byte
    let mut bare = renju_book::Exported {
        tree: GameTree::new(15),
        transpositions: 0,
        passes: 0,
        truncated: false,
    };
    let mut node = 0;
    for m in ["h8", "h7", "g6"] {
        node = bare.tree.add_child(node, Some(m.parse().unwrap()));
    }
    assert_eq!(bare.to_lib(), conv.bytes);
}
