//! Reading the project's own fixtures in `corpus/records/`.

use crate::common;

use common::{diagram, expect_diagram, fixture, line};
use renju_core::PointError;
use renju_notation::GameTree;
use renju_notation::renlib::{FLAG_MARK, read_tree, write_tree};
use renju_notation::{DeclaredResult, ErrorKind, Format, Orientation, Position, read_all, write};

const BOTTOM: Orientation = Orientation::RowOneAtBottom;
const TOP: Orientation = Orientation::RowOneAtTop;

#[test]
fn renju_file_with_bad_records_of_each_kind() {
    let bytes = fixture("bad-records.renju");
    let out: Vec<_> = read_all(Format::Renju, &bytes, "bad-records.renju", BOTTOM).collect();
    assert_eq!(out.len(), 9, "9 records (comment and blank lines skipped)");
    let g = out[0].as_ref().unwrap();
    assert_eq!(
        (g.result, line(g).as_str()),
        (DeclaredResult::Black, "h8 h9 i8 g8 g9")
    );
    assert_eq!(line(out[1].as_ref().unwrap()), "h8 h9 -- i10");
    let e = out[2].as_ref().unwrap_err();
    assert_eq!(
        (e.record, e.position),
        (3, Position::Line { line: 3, column: 1 })
    );
    assert!(matches!(&e.kind, ErrorKind::BadResult { found, .. } if found == "winner"));
    let e = out[3].as_ref().unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad-records.renju: record 4, line 4, column 13: 'p16' is off the board: \
         column 'p' is off the 15x15 board (columns a..o)"
    );
    let e = out[4].as_ref().unwrap_err();
    assert_eq!(
        (e.record, e.position),
        (
            5,
            Position::Line {
                line: 7,
                column: 12
            }
        )
    );
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");
    assert!(out[5].as_ref().unwrap().moves.is_empty());
    assert_eq!(line(out[6].as_ref().unwrap()), "h8 i9");
    let e = out[7].as_ref().unwrap_err();
    assert_eq!(
        e.position,
        Position::Line {
            line: 10,
            column: 10
        }
    );
    assert!(
        matches!(&e.kind, ErrorKind::BadCoordinate { token, error: PointError::RowZero, size: 15 } if token == "h0")
    );
    let e = out[8].as_ref().unwrap_err();
    assert!(
        matches!(&e.kind, ErrorKind::BadCoordinate { token, .. } if token == "hh"),
        "{e}"
    );
}

#[test]
fn renju_invalid_utf8_is_read_lossily_and_reported() {
    let out: Vec<_> = read_all(
        Format::Renju,
        b"black h8 h9 \xff\nwhite h8\n",
        "x.renju",
        BOTTOM,
    )
    .collect();
    let e = out[0].as_ref().unwrap_err();
    assert_eq!(
        e.position,
        Position::Line {
            line: 1,
            column: 13
        }
    );
    assert!(e.to_string().contains('\u{fffd}'));
    assert!(out[1].is_ok());
    let out: Vec<_> = read_all(Format::Sgf, b"(;GM[4]PB[\xe9t\xe9];B[hh])", "x.sgf", TOP).collect();
    let g = out[0].as_ref().unwrap();
    // not UTF-8 and no CA: the encoding is detected, and said
    assert_eq!(g.black.as_deref(), Some("été"));
    let used = g.encoding.as_ref().unwrap();
    assert_eq!(used.name, "windows-1252");
    assert_eq!(used.to_string(), "windows-1252 (detected; none declared)");
}

#[test]
fn rif_database_tables_attributes_and_bad_games() {
    let bytes = fixture("small.rif");
    let out: Vec<_> = read_all(Format::Rif, &bytes, "small.rif", BOTTOM).collect();
    assert_eq!(out.len(), 7);
    let g = out[0].as_ref().unwrap();
    assert_eq!(g.id.as_deref(), Some("171548"));
    assert_eq!(g.rule.as_deref(), Some("Taraguchi-10"));
    assert_eq!(g.black.as_deref(), Some("Alpha Tester"));
    assert_eq!(g.white.as_deref(), Some("Beta"));
    assert_eq!(g.event.as_deref(), Some("Fixture Cup & Open"));
    assert_eq!(g.date.as_deref(), Some("2026-01-05"));
    assert_eq!(g.round.as_deref(), Some("8"));
    assert_eq!(g.opening.as_deref(), Some("Kagetsu"));
    assert_eq!(g.result, DeclaredResult::Black);
    assert_eq!(g.moves.len(), 21);
    // the file holds the sequence of decisions, not the stone each came after
    let swaps: Vec<(Option<usize>, bool)> =
        g.swaps.iter().map(|s| (s.after_move, s.swapped)).collect();
    assert_eq!(
        swaps,
        [
            (None, true),
            (None, false),
            (None, false),
            (None, true),
            (None, false)
        ]
    );
    assert!(g.fifth_offers.is_empty());
    for (k, v) in [
        ("alt", "51"),
        ("btime", "8"),
        ("wtime", "8"),
        ("publisher", "91"),
        ("info", "B=1245 & more"),
    ] {
        assert_eq!(g.tags.get(k).map(String::as_str), Some(v), "tag {k}");
    }
    let g = out[1].as_ref().unwrap();
    assert_eq!(
        (g.event.as_deref(), g.date.as_deref()),
        (Some("Undated Event"), None)
    );
    assert_eq!(
        g.opening.as_deref(),
        Some("D4"),
        "abbr when the name is empty"
    );
    assert_eq!(
        g.fifth_offers
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["i10", "j10"]
    );
    assert_eq!(g.swaps.len(), 1);
    assert_eq!((g.swaps[0].after_move, g.swaps[0].swapped), (None, false));
    for (k, v) in [
        ("unrated", "1"),
        ("date", "2026-01-06"),
        ("time", "12:00"),
        ("mystery", "kept"),
    ] {
        assert_eq!(g.tags.get(k).map(String::as_str), Some(v), "tag {k}");
    }
    assert_eq!(g.result, DeclaredResult::White);
    let g = out[2].as_ref().unwrap();
    assert_eq!(
        (g.black.as_deref(), g.white.as_deref()),
        (Some("Gamma"), Some("Gamma"))
    );
    assert_eq!(
        (g.result, g.round.as_deref()),
        (DeclaredResult::Draw, Some(""))
    );
    let g = out[3].as_ref().unwrap();
    assert_eq!(g.rule.as_deref(), Some("99"), "unresolved ids are kept");
    assert_eq!(g.white.as_deref(), Some("777"));
    assert_eq!((g.result, g.moves.len()), (DeclaredResult::Unknown, 0));
    let e = out[4].as_ref().unwrap_err();
    assert_eq!(e.record, 5);
    assert!(
        matches!(&e.kind, ErrorKind::BadResult { found, .. } if found == "x"),
        "{e}"
    );
    assert!(matches!(e.position, Position::Byte(b) if b > 0 && (b as usize) < bytes.len()));
    let e = out[5].as_ref().unwrap_err();
    assert!(
        e.to_string().starts_with("small.rif: record 6, byte "),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("'p16' is off the board: column 'p' is off the 15x15 board"),
        "{e}"
    );
    let g = out[6].as_ref().unwrap();
    assert_eq!(
        (g.rule.as_deref(), line(g).as_str()),
        (Some("Swap2"), "h8 h9 j10")
    );
}

#[test]
fn rif_writes_back_what_it_read() {
    let bytes = fixture("small.rif");
    let games: Vec<_> = read_all(Format::Rif, &bytes, "small.rif", BOTTOM)
        .filter_map(Result::ok)
        .collect();
    let (out, report) = write(Format::Rif, &games, BOTTOM);
    assert_eq!(report.written, 5);
    assert!(report.dropped.is_empty(), "{report}");
    let again: Vec<_> = read_all(Format::Rif, &out, "again.rif", BOTTOM)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(again, games);
}

#[test]
fn rif_game_inside_a_game_is_reported_and_the_inner_one_read() {
    let xml = b"<database><games><game id=\"1\"><move>h8</move><game id=\"2\"><move>h8 h9</move></game></game><game id=\"3\"/></games></database>";
    let out: Vec<_> = read_all(Format::Rif, xml, "nested.rif", BOTTOM).collect();
    assert_eq!(out.len(), 3);
    let e = out[0].as_ref().unwrap_err();
    assert_eq!((e.record, e.position), (1, Position::Byte(17)));
    assert_eq!(out[1].as_ref().unwrap().id.as_deref(), Some("2"));
    assert_eq!(out[2].as_ref().unwrap().id.as_deref(), Some("3"));
}

#[test]
fn rif_syntax_error_is_reported_once_with_a_byte_offset() {
    let xml = b"<database><games><game id=\"1\"><move>h8</move></gamez></games>";
    let out: Vec<_> = read_all(Format::Rif, xml, "broken.rif", BOTTOM).collect();
    assert_eq!(out.len(), 1);
    let e = out[0].as_ref().unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e}");
    assert!(matches!(e.position, Position::Byte(b) if b > 30));
}

#[test]
fn psq_piskvork_trailer_lf() {
    let bytes = fixture("piskvork-lf.psq");
    let g = read_all(Format::Psq, &bytes, "piskvork-lf.psq", TOP)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(g.board_size, 15);
    assert_eq!(line(&g), "h8 i9 i7 j6 g7");
    assert_eq!(
        (g.black.as_deref(), g.white.as_deref()),
        (Some("pbrain-a.exe"), Some("pbrain-b.zip"))
    );
    assert_eq!(
        g.result,
        DeclaredResult::Unknown,
        "Piskvork files store no winner"
    );
    assert_eq!(
        g.tags.get("psq:times").map(String::as_str),
        Some("120 340 15 - 2")
    );
    assert_eq!(g.tags.get("psq:levels").map(String::as_str), Some("11:11"));
    // written back byte for byte, except the line ends (Piskvork writes CRLF)
    let (out, report) = write(Format::Psq, &[g], TOP);
    assert!(report.dropped.is_empty(), "{report}");
    assert_eq!(
        String::from_utf8(out)
            .unwrap()
            .replace("\r\n", "\n")
            .as_bytes(),
        bytes.as_slice()
    );
}

#[test]
fn psq_gomocupjudge_trailer_crlf_second_player_first() {
    let bytes = fixture("judge-crlf.psq");
    let g = read_all(Format::Psq, &bytes, "judge-crlf.psq", TOP)
        .next()
        .unwrap()
        .unwrap();
    // S = 1: the second listed engine moved first, so it is Black; RESULT 1 = first listed won.
    assert_eq!(
        (g.black.as_deref(), g.white.as_deref()),
        (Some("ENGINE2.zip"), Some("ENGINE1.zip"))
    );
    assert_eq!(g.result, DeclaredResult::White);
    assert_eq!(g.event.as_deref(), Some("Renju15_fixture"));
    assert_eq!(
        diagram(&g),
        expect_diagram(
            "
            15 . . . . . . . . . . . . . . .
            14 . . . . . . . . . . . . . . .
            13 . . . . . . . . . . . . . . .
            12 . . . . . . . . . . . . . . .
            11 . . . . . . . . . . . . . . .
            10 . . . . . O . . . . . . . . .
             9 . . . . . . O O . . . . . . .
             8 . . . . . . . X . . . . . . .
             7 . . . . . . . . X . . . . . .
             6 . . . . . . . . . X . . . . .
             5 . . . . . . . . . . X . . . .
             4 . . . . . . . . . . . . . . .
             3 . . . . . . . . . . . . . . .
             2 . . . . . . . . . . . . . . .
             1 . . . . . . . . . . . . . . .
               a b c d e f g h i j k l m n o"
        )
    );
    let (out, _) = write(Format::Psq, &[g], TOP);
    assert_eq!(out, bytes);
}

#[test]
fn psq_errors_name_the_line() {
    let out: Vec<_> = read_all(
        Format::Psq,
        b"Piskvorky 15x15, 0:0, 0\n8,8,1\n16,3,0\n0\n",
        "x.psq",
        TOP,
    )
    .collect();
    let e = out[0].as_ref().unwrap_err();
    assert_eq!(e.position, Position::Line { line: 3, column: 1 });
    let out: Vec<_> = read_all(Format::Psq, b"Piskvorky 15x19, 0:0, 0\n", "x.psq", TOP).collect();
    assert!(matches!(
        out[0].as_ref().unwrap_err().kind,
        ErrorKind::BadBoardSize {
            width: 15,
            height: 19
        }
    ));
}

#[test]
fn sgf_orc_style_archive() {
    let bytes = fixture("orc-style.sgf");
    let out: Vec<_> = read_all(Format::Sgf, &bytes, "orc-style.sgf", TOP).collect();
    assert_eq!(out.len(), 5, "3 lines of 2 trees, 2 broken games");
    let g = out[0].as_ref().unwrap();
    assert_eq!(line(g), "h8 h9 j10 i9 i11 k9 j9 j8 k7 g9");
    assert_eq!(
        g.fifth_offers
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["g9", "i7"]
    );
    assert_eq!(g.rule.as_deref(), Some("RIF"), "rule read from GN");
    assert_eq!((g.swaps[0].after_move, g.swaps[0].swapped), (None, false));
    assert_eq!(g.result, DeclaredResult::White);
    assert_eq!(
        (g.black.as_deref(), g.white.as_deref()),
        (Some("Beta"), Some("Alpha"))
    );
    assert_eq!(
        (g.event.as_deref(), g.round.as_deref(), g.date.as_deref()),
        (Some("Fixture Cup"), Some("3"), Some("2026-01-05"))
    );
    assert_eq!(
        g.tags.get("BR").map(String::as_str),
        Some("1d "),
        "trailing space kept"
    );
    let g = out[1].as_ref().unwrap();
    assert_eq!(line(g), "h8 i9 j10 -- g7", "first variation; tt is a pass");
    assert_eq!(
        (g.rule.as_deref(), g.result),
        (Some("Yamaguchi"), DeclaredResult::Black)
    );
    assert!(g.swaps[0].swapped);
    assert_eq!(
        g.note_at(5).unwrap().comment.as_deref(),
        Some("pass then a move")
    );
    let g2 = out[2].as_ref().unwrap();
    assert_eq!(
        line(g2),
        "h8 i9 j10 g7 i7",
        "the second variation is its own record"
    );
    assert_eq!(
        (g2.black.as_deref(), g2.result),
        (Some("Gamma"), DeclaredResult::Black)
    );
    let e = out[3].as_ref().unwrap_err();
    assert_eq!(e.record, 4);
    assert!(
        matches!(
            e.position,
            Position::Line {
                line: 10,
                column: 51
            }
        ),
        "{e}"
    );
    let e = out[4].as_ref().unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");
}

#[test]
fn sgf_gomoku_quest_gm5_with_trailing_lines() {
    let bytes = fixture("gomoku-quest-style.sgf");
    let out: Vec<_> = read_all(Format::Sgf, &bytes, "gq.sgf", TOP).collect();
    assert_eq!(out.len(), 1);
    let g = out[0].as_ref().unwrap();
    assert_eq!(line(g), "h8 h9 j10 i9 g9 i7 i11");
    assert_eq!(g.tags.get("GM").map(String::as_str), Some("5"));
    assert_eq!(g.black.as_deref(), Some("Player A(1500)"));
}

#[test]
fn sgf_deep_variations_do_not_overflow() {
    let mut s = String::from("(;GM[4]SZ[15];B[hh]");
    for _ in 0..200_000 {
        s.push_str("(;W[aa]");
    }
    for _ in 0..200_000 {
        s.push(')');
    }
    s.push(')');
    let out: Vec<_> = read_all(Format::Sgf, s.as_bytes(), "deep.sgf", TOP).collect();
    assert_eq!(out.len(), 1);
    // nesting past the limit is one bad record with the reason, not 400,000 moves
    let e = out[0].as_ref().unwrap_err();
    assert_eq!(
        e.kind,
        renju_notation::ErrorKind::TooDeep {
            limit: renju_notation::limits::MAX_SGF_DEPTH
        }
    );
    assert!(
        e.to_string().ends_with("nesting deeper than 10000 levels"),
        "{e}"
    );
    // within the limit, every W[aa] is on the main line; colours alternate by passes
    let mut s = String::from("(;GM[4]SZ[15];B[hh]");
    s.push_str(&"(;W[aa]".repeat(5_000));
    s.push_str(&")".repeat(5_001));
    let out: Vec<_> = read_all(Format::Sgf, s.as_bytes(), "deep.sgf", TOP).collect();
    assert_eq!(out[0].as_ref().map(|g| g.moves.len()), Ok(10_000));
}

fn lines_of(lib: &GameTree) -> Vec<String> {
    lib.lines(Orientation::RowOneAtTop)
        .iter()
        .map(line)
        .collect()
}

#[test]
fn lib_worked_example_v30() {
    let bytes = fixture("h8-h9-branch-v30.lib");
    let lib = read_tree(
        &bytes,
        "h8-h9-branch-v30.lib",
        Orientation::RowOneAtTop,
        None,
    )
    .unwrap();
    assert!(!lib.lib.unwrap().root_in_file);
    assert_eq!(lines_of(&lib), ["h8 h9 i8", "h8 h9 j10"]);
    assert_eq!(line(&lib.main_line(TOP)), "h8 h9 i8");
    assert_eq!(
        write_tree(&lib, Orientation::RowOneAtTop).0,
        bytes,
        "byte-identical write-back"
    );
    // the same games written from records give the same bytes
    let games: Vec<_> = read_all(Format::Lib, &bytes, "x.lib", TOP)
        .collect::<Result<_, _>>()
        .unwrap();
    let (out, _) = write(Format::Lib, &games, TOP);
    assert_eq!(out, bytes);
}

#[test]
fn lib_tree_with_comments_board_text_marks_and_a_pass() {
    let bytes = fixture("tree-comments-v34.lib");
    let lib = read_tree(
        &bytes,
        "tree-comments-v34.lib",
        Orientation::RowOneAtTop,
        None,
    )
    .unwrap();
    assert!(lib.lib.unwrap().root_in_file);
    assert_eq!(lines_of(&lib), ["h8 h9 i8 g8", "h8 h9 j10", "h8 i9 -- j8"]);
    assert_eq!(
        write_tree(&lib, Orientation::RowOneAtTop).0,
        bytes,
        "byte-identical write-back"
    );
    let root = lib.nodes[0].comment.as_ref().unwrap();
    assert_eq!(
        root.as_str(),
        "Fixture library\nwritten for renju-kit\r\nsecond line"
    );
    let games = lib.lines(Orientation::RowOneAtTop);
    let comment = |g: usize, k: usize| games[g].note_at(k).and_then(|n| n.comment.clone());
    let board = |g: usize, k: usize| games[g].note_at(k).and_then(|n| n.board_text.clone());
    assert_eq!(comment(0, 2).as_deref(), Some("h9: direct"));
    assert_eq!(board(0, 3).as_deref(), Some("A"));
    assert_eq!(comment(1, 3).as_deref(), Some("old"));
    // the last node's comment (dropped by some old readers) and its board text
    assert_eq!(comment(2, 4).as_deref(), Some("last node comment, café"));
    assert_eq!(board(2, 4).as_deref(), Some("W12"));
    let g8 = lib.nodes.iter().find(|n| n.lib.pos == 0x77).unwrap();
    assert_eq!(g8.lib.flags & FLAG_MARK, FLAG_MARK);
    assert!(
        lib.nodes
            .iter()
            .find(|n| n.lib.pos == 0x5A)
            .unwrap()
            .lib
            .old_comment
    );
    // an edit changes the bytes, and the edited tree reads back
    let mut edited = lib.clone();
    edited.nodes[0].comment = None;
    let b2 = write_tree(&edited, Orientation::RowOneAtTop).0;
    assert_ne!(b2, bytes);
    assert_eq!(
        lines_of(&read_tree(&b2, "e.lib", Orientation::RowOneAtTop, None).unwrap()),
        lines_of(&lib)
    );
}

#[test]
fn lib_broken_files_are_errors_with_offsets() {
    let e = read_tree(
        &fixture("bad-open-sibling.lib"),
        "bad-open-sibling.lib",
        Orientation::RowOneAtTop,
        None,
    )
    .unwrap_err();
    assert_eq!(e.position, Position::Byte(26));
    assert!(e.to_string().contains("0x80"), "{e}");
    let e = read_tree(
        &fixture("bad-unterminated-comment.lib"),
        "bad-unterminated-comment.lib",
        Orientation::RowOneAtTop,
        None,
    )
    .unwrap_err();
    assert_eq!(e.position, Position::Byte(24));
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }));
    let e = read_tree(b"GIF89a", "x.lib", Orientation::RowOneAtTop, None).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::WrongFormat(_)));
}

#[test]
fn lib_sibling_flags_that_never_end_are_an_error() {
    let mut bytes = fixture("h8-h9-branch-v30.lib")[..20].to_vec();
    bytes.extend([0x78, 0x00]);
    for _ in 0..10_000 {
        bytes.extend([0x79, 0xC0]);
    }
    let e = read_tree(&bytes, "x.lib", Orientation::RowOneAtTop, None).unwrap_err();
    assert_eq!(e.position, Position::Byte(bytes.len() as u64));
}

#[test]
fn detect_the_fixtures() {
    for (name, f) in [
        ("small.rif", Format::Rif),
        ("bad-records.renju", Format::Renju),
        ("piskvork-lf.psq", Format::Psq),
        ("orc-style.sgf", Format::Sgf),
        ("gomoku-quest-style.sgf", Format::Sgf),
        ("tree-comments-v34.lib", Format::Lib),
    ] {
        let bytes = fixture(name);
        assert_eq!(renju_notation::detect(name, &bytes), Some(f), "{name}");
        assert_eq!(
            renju_notation::detect("noextension", &bytes),
            Some(f),
            "{name} by content"
        );
    }
}

#[test]
fn convert_reports_dropped_fields_and_unreadable_records() {
    let bytes = fixture("small.rif");
    let c = renju_notation::convert(
        "small.rif",
        &bytes,
        "out.renju",
        renju_notation::ConvertOptions::default(),
    )
    .unwrap();
    assert_eq!(
        (c.from, c.to, c.read, c.errors.len()),
        (Format::Rif, Format::Renju, 5, 2)
    );
    let summary = c.report.dropped_summary();
    assert!(summary.contains(&("black".to_string(), 5)), "{summary:?}");
    assert!(summary.contains(&("swaps".to_string(), 2)), "{summary:?}");
    let text = String::from_utf8(c.bytes).unwrap();
    assert_eq!(text.lines().count(), 5);
    assert!(text.starts_with("black h8 h9 i8 g8 g9 f7"));
    let c = renju_notation::convert(
        "x.sgf",
        b"(;GM[4]SZ[19];B[aa])",
        "x.renju",
        renju_notation::ConvertOptions::default(),
    )
    .unwrap();
    assert_eq!(c.report.skipped.len(), 1);
    assert!(c.report.to_string().contains("19x19"), "{}", c.report);
}

#[test]
fn comments_survive_sgf_to_lib_and_back() {
    let sgf = b"(;GM[4]SZ[15]C[root note];B[hh];W[hg]C[second move];B[ih])";
    let c = renju_notation::convert(
        "a.sgf",
        sgf,
        "a.lib",
        renju_notation::ConvertOptions::default(),
    )
    .unwrap();
    assert_eq!(c.report.dropped, vec![]);
    let lib = read_tree(&c.bytes, "a.lib", Orientation::RowOneAtTop, None).unwrap();
    assert_eq!(lib.nodes[0].comment.as_ref().unwrap().as_str(), "root note");
    let back = renju_notation::convert(
        "a.lib",
        &c.bytes,
        "b.sgf",
        renju_notation::ConvertOptions::default(),
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(back.bytes).unwrap(),
        "(;GM[4]FF[4]CA[UTF-8]SZ[15]C[root note];B[hh];W[hg]C[second move];B[ih])\n"
    );
}

/// A `.rif` database produced on the fly, never held in memory as a whole.
struct GeneratedRif {
    games: usize,
    next: usize,
    pending: Vec<u8>,
    at: usize,
}

impl std::io::Read for GeneratedRif {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.pending.len() {
            self.pending.clear();
            self.at = 0;
            if self.next == 0 {
                self.pending.extend_from_slice(
                    b"<?xml version=\"1.0\"?>\n<database><rules><rule id=\"1\" name=\"RIF\"/></rules>\n<games>\n",
                );
            } else if self.next <= self.games {
                let g = format!(
                    "<game id=\"{}\" rule=\"1\" bresult=\"{}\"><move>h8 h9 i8 g8 g9</move></game>\n",
                    self.next,
                    self.next % 2
                );
                self.pending.extend_from_slice(g.as_bytes());
            } else if self.next == self.games + 1 {
                self.pending.extend_from_slice(b"</games></database>\n");
            } else {
                return Ok(0);
            }
            self.next += 1;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[test]
fn rif_reader_streams_from_any_bufread() {
    let input = std::io::BufReader::with_capacity(
        4096,
        GeneratedRif {
            games: 20_000,
            next: 0,
            pending: Vec::new(),
            at: 0,
        },
    );
    let mut n = 0;
    let mut black_wins = 0;
    for r in renju_notation::rif::RifReader::new(input, "generated.rif", BOTTOM) {
        let g = r.unwrap();
        assert_eq!((g.rule.as_deref(), g.moves.len()), (Some("RIF"), 5));
        n += 1;
        black_wins += usize::from(g.result == DeclaredResult::Black);
    }
    assert_eq!((n, black_wins), (20_000, 10_000));
}

#[test]
fn renju_bufreader_matches_the_slice_reader() {
    let bytes = fixture("bad-records.renju");
    let a: Vec<_> = read_all(Format::Renju, &bytes, "b.renju", BOTTOM).collect();
    let b: Vec<_> =
        renju_notation::renju_line::RenjuBufReader::new(&bytes[..], "b.renju", BOTTOM).collect();
    assert_eq!(a, b);
}

/// Parse rate of the streaming RIF reader on a generated 200,000-game database; run with
/// `cargo test --release -p renju-notation --test it -- --ignored fixtures:: --nocapture`.
#[test]
#[ignore = "a measurement; run in release"]
fn rif_throughput() {
    let games = 200_000;
    let input = std::io::BufReader::new(GeneratedRif {
        games,
        next: 0,
        pending: Vec::new(),
        at: 0,
    });
    let start = std::time::Instant::now();
    let n = renju_notation::rif::RifReader::new(input, "generated.rif", BOTTOM)
        .filter(Result::is_ok)
        .count();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "rif: {n} games in {secs:.3} s, {:.0} games/s",
        n as f64 / secs
    );
    assert_eq!(n, games);
}

#[test]
fn lib_headerless_and_future_versions() {
    // pre-2.0 libraries have no header and start at h8
    let bytes = [0x78, 0x00, 0x68, 0x40];
    let lib = read_tree(&bytes, "old.dat", Orientation::RowOneAtTop, None).unwrap();
    assert_eq!(
        (lib.lib.unwrap().header, lines_of(&lib)),
        (None, vec!["h8 h9".to_string()])
    );
    assert_eq!(write_tree(&lib, Orientation::RowOneAtTop).0, bytes);
    let mut v35 = fixture("h8-h9-branch-v30.lib");
    v35[9] = 5;
    let e = read_tree(&v35, "new.lib", Orientation::RowOneAtTop, None).unwrap_err();
    assert_eq!(e.position, Position::Byte(8));
    assert!(e.to_string().contains("version 3.5"), "{e}");
}

#[test]
fn move_string_files_in_every_spelling() {
    let text = b"h8 h9 i8\nh8h9i8\nH8,H9,I8\n\nh8 -- i8\nh8 h9 z1\n";
    let out: Vec<_> = read_all(Format::Moves, text, "m.txt", BOTTOM).collect();
    assert_eq!(out.len(), 5);
    for r in &out[..3] {
        assert_eq!(line(r.as_ref().unwrap()), "h8 h9 i8");
    }
    assert_eq!(line(out[3].as_ref().unwrap()), "h8 -- i8");
    let e = out[4].as_ref().unwrap_err();
    assert_eq!(
        (e.record, e.position),
        (5, Position::Line { line: 6, column: 7 })
    );
}

#[test]
fn psq_cut_in_the_middle_of_a_move_is_truncated_not_an_error_code() {
    for cut in ["8,", "8,7,", " 9 , "] {
        let text = format!("Piskvorky 15x15, 7:7, 0\n8,8,0\n{cut}");
        let e = read_all(Format::Psq, text.as_bytes(), "cut.psq", TOP)
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "cut.psq: record 1, line 3, column 1: the record ends too early (expected a whole move 'x,y,t')"
        );
    }
    // a one-line trailer that is a number stays an error code
    let g = read_all(
        Format::Psq,
        b"Piskvorky 15x15, 7:7, 0\n8,8,0\n3\n",
        "e.psq",
        TOP,
    )
    .next()
    .unwrap()
    .unwrap();
    assert_eq!(
        g.tags
            .get(renju_notation::psq::TAG_ERRCODE)
            .map(String::as_str),
        Some("3")
    );
}

/// #14 item 16: an error about a whole `.lib` is numbered as the record it stands for, so that
/// "FILE record 1: ..." printers drop the error's own "FILE: record 1, " prefix instead of
/// naming the file twice.
#[test]
fn whole_file_errors_carry_their_record_number() {
    let bytes = fixture("bad-open-sibling.lib");
    // the complete lines before the error are read, then the error numbered after them
    let all: Vec<_> = read_all(Format::Lib, &bytes, "bad-open-sibling.lib", TOP).collect();
    let good = all.iter().filter(|r| r.is_ok()).count();
    assert_eq!(all.len(), good + 1);
    let e = all.last().unwrap().as_ref().unwrap_err();
    assert_eq!(e.record, good + 1);
    let text = e.to_string();
    let rest = text
        .strip_prefix(&format!("bad-open-sibling.lib: record {}, ", good + 1))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(!rest.contains("bad-open-sibling"), "{text}");
    assert!(rest.starts_with("byte 26: "), "{text}");
}
