//! Integration tests on the real files of `../shared/corpora` (skipped with a printed reason
//! when the folder is absent).

use crate::common;

use common::{diagram, expect_diagram, line, shared};
use renju_notation::{DeclaredResult, ErrorKind, Format, Orientation, read_all, write};

const TOP: Orientation = Orientation::RowOneAtTop;
const BOTTOM: Orientation = Orientation::RowOneAtBottom;

#[test]
fn realcore_binary_pos() {
    let Some(bytes) = shared("starpentagon-realcore/test.pos") else {
        return;
    };
    assert_eq!(
        renju_notation::detect("test.pos", &bytes),
        Some(Format::Pos)
    );
    let g = read_all(Format::Pos, &bytes, "test.pos", TOP)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(line(&g), "h8 h9 h7 h6 i8 g8 f7 i7 g6 f5");
    assert_eq!(
        diagram(&g),
        expect_diagram(
            "
            15 . . . . . . . . . . . . . . .
            14 . . . . . . . . . . . . . . .
            13 . . . . . . . . . . . . . . .
            12 . . . . . . . . . . . . . . .
            11 . . . . . . . . . . . . . . .
            10 . . . . . . . . . . . . . . .
             9 . . . . . . . O . . . . . . .
             8 . . . . . . O X X . . . . . .
             7 . . . . . X . X O . . . . . .
             6 . . . . . . X O . . . . . . .
             5 . . . . . O . . . . . . . . .
             4 . . . . . . . . . . . . . . .
             3 . . . . . . . . . . . . . . .
             2 . . . . . . . . . . . . . . .
             1 . . . . . . . . . . . . . . .
               a b c d e f g h i j k l m n o"
        )
    );
    // and written back as the same bytes
    assert_eq!(write(Format::Pos, &[g], TOP).0, bytes);
}

#[test]
fn text_grid_pos_files_are_recognised_and_refused() {
    let Some(bytes) = shared("eemapel-renju-rules/df-corner-ne-1.pos") else {
        return;
    };
    let e = read_all(Format::Pos, &bytes, "df-corner-ne-1.pos", TOP)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(matches!(e.kind, ErrorKind::WrongFormat(_)), "{e}");
}

#[test]
fn gomocup_psq_is_20x20() {
    let Some(bytes) = shared("gomocup-GomocupOnline/1x0-16(2).psq") else {
        return;
    };
    assert_eq!(
        renju_notation::detect("1x0-16(2).psq", &bytes),
        Some(Format::Psq)
    );
    let g = read_all(Format::Psq, &bytes, "1x0-16(2).psq", TOP)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!((g.board_size, g.moves.len()), (20, 16));
    assert_eq!(
        (g.black.as_deref(), g.white.as_deref()),
        (Some("pisq7.exe"), Some("renjusolver.ZIP"))
    );
    // 10,10 is column j, row 10 from the top = row 11 of 20 from the bottom
    assert_eq!(g.moves[0].to_string(), "j11");
    assert_eq!(
        write(Format::Psq, &[g], TOP).0,
        bytes,
        "CRLF and every field written back"
    );
}

#[test]
fn gomoku_quest_sgf_reads_28_moves() {
    let Some(bytes) = shared("ch-suginami-RenjuBoard/0001.sgf") else {
        return;
    };
    let out: Vec<_> = read_all(Format::Sgf, &bytes, "0001.sgf", TOP).collect();
    assert_eq!(out.len(), 1, "the lines after ')' are not games");
    let g = out[0].as_ref().unwrap();
    assert_eq!(g.moves.len(), 28);
    assert_eq!(&line(g)[..14], "h8 h9 j10 i9 g");
    assert_eq!(g.black.as_deref(), Some("Player1(1500)"));
}

#[test]
fn orc_fixture_sgf() {
    let Some(bytes) = shared("starpentagon-realcore/orc_style_test_fixture.sgf") else {
        return;
    };
    let g = read_all(Format::Sgf, &bytes, "orc.sgf", TOP)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(line(&g), "h8 h9 j10 i9 i11 k9 j9 j8 k7 g9");
    assert_eq!(
        g.fifth_offers
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["g9", "h8"]
    );
    assert_eq!(
        (g.rule.as_deref(), g.result),
        (Some("RIF"), DeclaredResult::White)
    );
}

#[test]
fn c_gomoku_cli_pos_openings_read_as_top_down_move_strings() {
    let Some(bytes) = shared("c-gomoku-cli/pos_freestyle_20x20.txt") else {
        return;
    };
    let text = String::from_utf8_lossy(&bytes);
    let mut n = 0;
    for l in text.lines().filter(|l| !l.trim().is_empty()) {
        let m =
            renju_notation::moves::parse_moves(l, 20, TOP).unwrap_or_else(|e| panic!("{l}: {e}"));
        assert!(!m.is_empty());
        n += 1;
    }
    assert!(n > 0);
}

/// The whole 147k-game archive: counts of good and bad lines, and the parse rate. Slow in
/// debug builds; run with `cargo test --release -p renju-notation -- --ignored --nocapture`.
#[test]
#[ignore = "reads 16 MB; run in release"]
fn whole_train_2_archive() {
    let Some(bytes) = shared("dasimagin-renju/train-2.renju") else {
        return;
    };
    let start = std::time::Instant::now();
    let mut good = 0usize;
    let mut bad = 0usize;
    let mut moves = 0usize;
    let mut kinds = std::collections::BTreeMap::new();
    for r in read_all(Format::Renju, &bytes, "train-2.renju", BOTTOM) {
        match r {
            Ok(g) => {
                good += 1;
                moves += g.moves.len();
            }
            Err(e) => {
                bad += 1;
                if bad <= 5 {
                    println!("{e}");
                }
                let k = format!("{:?}", e.kind);
                *kinds
                    .entry(k.split([' ', '{', '(']).next().unwrap_or("").to_string())
                    .or_insert(0) += 1;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "train-2.renju: {good} good, {bad} bad records, {moves} moves, {secs:.3} s, {:.0} games/s; errors by kind: {kinds:?}",
        (good + bad) as f64 / secs
    );
    assert_eq!(good + bad, 147_229);
}
