//! Real libraries and SGF trees written by renju players and their programs (the files of
//! `../shared/corpora/`, skipped with a printed reason when absent): every line of every tree,
//! every comment in its encoding, written back whole.

use crate::common;

use common::{line, shared};
use renju_notation::renlib::{read_tree, write_tree};
use renju_notation::{ConvertOptions, Format, GameTree, Orientation, convert, read_all};
use std::collections::BTreeSet;

const TOP: Orientation = Orientation::RowOneAtTop;

/// Every line of a tree as text, with its comments and board texts (the notes in order).
fn lines_with_notes(t: &GameTree) -> Vec<String> {
    t.lines(TOP)
        .iter()
        .map(|g| {
            let mut s = line(g);
            for n in &g.notes {
                s.push_str(&format!(
                    " | {}: {:?} {:?}",
                    n.after_move, n.comment, n.board_text
                ));
            }
            s
        })
        .collect()
}

/// What a library holds, checked: lines, comments, board texts, byte-identical write-back,
/// `.lib` -> SGF -> `.lib` with the same lines, comments and board texts; the SGF output is
/// UTF-8 and holds `phrase`.
fn check_library(
    rel: &str,
    lines: usize,
    comments: usize,
    board_texts: Option<usize>,
    phrase: &str,
) {
    let Some(bytes) = shared(rel) else {
        return;
    };
    let lib = read_tree(&bytes, rel, TOP, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(lib.leaves().len(), lines, "{rel}: lines");
    let counts = lib.note_counts();
    assert_eq!(counts.comments, comments, "{rel}: comments");
    if let Some(b) = board_texts {
        assert_eq!(counts.board_texts, b, "{rel}: board texts");
    }
    assert_eq!(write_tree(&lib, TOP).0, bytes, "{rel}: byte-identical");
    // read_all: one record per line
    let records: Vec<_> = read_all(Format::Lib, &bytes, rel, TOP)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(records.len(), lines);
    // .lib -> .lib through convert: byte-identical
    let same = convert("a.lib", &bytes, "b.lib", ConvertOptions::default()).unwrap();
    assert_eq!(
        same.bytes, bytes,
        "{rel}: convert lib -> lib byte-identical"
    );
    assert_eq!(same.report.written, lines);
    // .lib -> SGF -> .lib: the same lines, comments and board texts
    let sgf = convert("a.lib", &bytes, "a.sgf", ConvertOptions::default()).unwrap();
    let text = String::from_utf8(sgf.bytes.clone()).expect("SGF output is UTF-8");
    assert!(text.contains("CA[UTF-8]"));
    assert!(text.contains(phrase), "{rel}: '{phrase}' in the SGF output");
    assert_eq!(sgf.report.written, lines, "{}", sgf.report);
    let sgf_trees: Vec<_> = renju_notation::sgf::read_trees(&sgf.bytes, "a.sgf", TOP, None)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(sgf_trees.len(), 1);
    assert_eq!(sgf_trees[0].leaves().len(), lines);
    let back = convert("a.sgf", &sgf.bytes, "c.lib", ConvertOptions::default()).unwrap();
    let again = read_tree(&back.bytes, "c.lib", TOP, None).unwrap();
    let (a, b) = (lines_with_notes(&again), lines_with_notes(&lib));
    assert_eq!(a.len(), b.len(), "{rel}: lib -> sgf -> lib lines");
    if let Some((x, y)) = a.iter().zip(&b).find(|(x, y)| x != y) {
        let diff = x.chars().zip(y.chars()).take_while(|(p, q)| p == q).count();
        let cut = |s: &str| {
            s.chars()
                .skip(diff.saturating_sub(40))
                .take(120)
                .collect::<String>()
        };
        panic!(
            "{rel}: lib -> sgf -> lib differs:\n  {}\n  {}",
            cut(x),
            cut(y)
        );
    }
    // .lib -> SGF -> .lib with the texts in the library's own code page: byte-identical
    let encoding = lib.encoding.as_ref().unwrap().encoding();
    let options = ConvertOptions {
        write_encoding: Some(encoding),
        ..ConvertOptions::default()
    };
    let same = convert("a.sgf", &sgf.bytes, "d.lib", options).unwrap();
    assert!(
        same.bytes == bytes,
        "{rel}: lib -> sgf -> lib in {} differs at byte {}",
        encoding.name(),
        same.bytes
            .iter()
            .zip(&bytes)
            .take_while(|(a, b)| a == b)
            .count()
    );
    println!("{rel}: {lines} lines, {counts:?}, {}", sgf.report);
}

#[test]
fn figrid_d4_library() {
    check_library(
        "wuwbobo2021-figrid-board/D4.lib",
        350,
        145,
        None,
        "Transition to opening D7",
    );
}

#[test]
fn figrid_i7_library() {
    check_library("wuwbobo2021-figrid-board/I7.lib", 262, 93, None, "");
}

#[test]
fn gbk_library_with_a_null_root() {
    let rel = "lfz084-renju-beta/漱星阁开局指南@2888a608.lib";
    // corpora/README.md says 2,754 board texts; the file's flags give 2,460 nodes with a board
    // text (counted here by a walk of the bytes independent of the reader)
    let (comments, board_texts) = count_texts(rel);
    assert_eq!((comments, board_texts), (1_507, 2_460));
    check_library(rel, 2_211, comments, Some(board_texts), "禁止商用");
    let Some(bytes) = shared(rel) else {
        return;
    };
    let lib = read_tree(&bytes, rel, TOP, None).unwrap();
    assert_eq!(lib.encoding.as_ref().unwrap().name, "GBK");
    assert!(lib.lines(TOP).iter().all(|g| g.moves.len() <= 5));
    let root = lib.nodes[lib.nodes[0].children[0]]
        .comment
        .as_ref()
        .unwrap();
    assert!(root.as_str().contains("作者"), "{}", root.as_str());
    // line breaks inside comments are kept as written (CRLF stays CRLF)
    assert!(root.as_str().contains("\r\n"));
}

/// The real GBK library with one Latin-1 comment added (as a library merged from a western
/// one has): GBK can no longer decode the file as a whole, but the library is still GBK and
/// every one of its texts reads as before; the Latin-1 comment is read in windows-1252. (Read
/// as windows-1252 "with some texts in GBK", the short Chinese texts came out as mojibake.)
#[test]
fn gbk_library_with_one_latin1_comment() {
    let rel = "lfz084-renju-beta/漱星阁开局指南@2888a608.lib";
    let Some(bytes) = shared(rel) else {
        return;
    };
    let lib = read_tree(&bytes, rel, TOP, None).unwrap();
    let mut merged = lib.clone();
    let leaf = merged.leaves()[7];
    assert!(merged.nodes[leaf].comment.is_none());
    merged.nodes[leaf].comment = Some(renju_notation::tree::Text::read(
        b"Jos\xe9 - caf\xe9".to_vec(),
        "José - café".into(),
    ));
    let written = write_tree(&merged, TOP).0;
    let again = read_tree(&written, rel, TOP, None).unwrap();
    let e = again.encoding.as_ref().unwrap();
    assert_eq!(
        (e.name, e.others.as_slice()),
        ("GBK", &["windows-1252"][..])
    );
    assert_eq!(lines_with_notes(&again), lines_with_notes(&merged));
    assert_eq!(
        again.nodes[leaf].comment.as_ref().map(|c| c.as_str()),
        Some("José - café")
    );
}

/// The numbers of comments and board texts of a library as the file's own flags say (node
/// flag 0x08 or 0x20; extension byte 0x01), read independently of the reader.
fn count_texts(rel: &str) -> (usize, usize) {
    let Some(bytes) = shared(rel) else {
        return (1_507, 2_460);
    };
    // walk the records: pos, flags, [ext], [comment], [board text]
    let mut i = if bytes.starts_with(b"\xFFRenLib\xFF") {
        20
    } else {
        0
    };
    let mut n = 0;
    let mut boards = 0;
    let text_end = |mut i: usize| {
        loop {
            let (a, b) = (bytes[i], bytes[i + 1]);
            i += 2;
            if a == 0 || b == 0 {
                return i;
            }
        }
    };
    while i + 1 < bytes.len() {
        let flags = bytes[i + 1];
        i += 2;
        let mut board = false;
        if flags & 0x01 != 0 {
            board = bytes[i + 1] & 1 != 0;
            i += 2;
        }
        if flags & 0x08 != 0 {
            n += 1;
            i = text_end(i);
        } else if flags & 0x20 != 0 {
            n += 1;
            while bytes[i] & 0x80 == 0 {
                i += 1;
            }
            i += 1;
        }
        if board {
            boards += 1;
            i = text_end(i);
        }
    }
    (n, boards)
}

#[test]
fn gb2312_sgf_tree_of_4035_lines() {
    let rel = "lfz084-renju-beta/山口打点(東光制作).sgf";
    let Some(bytes) = shared(rel) else {
        return;
    };
    let records: Vec<_> = read_all(Format::Sgf, &bytes, rel, TOP)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(records.len(), 4_035);
    let first = &records[0];
    assert_eq!(first.encoding.as_ref().unwrap().name, "GBK");
    assert!(
        first
            .remarks
            .contains(&renju_notation::ReadRemark::GameType("1".into()))
    );
    assert_eq!(first.board_size, 15);
    // 13 labels on the root, every one kept
    assert_eq!(first.note_at(0).unwrap().labels.len(), 13);
    // SGF tree -> SGF: the same leaves, in UTF-8
    let out = convert("a.sgf", &bytes, "b.sgf", ConvertOptions::default()).unwrap();
    let text = String::from_utf8(out.bytes.clone()).unwrap();
    assert!(text.contains("直止") && text.contains("CA[UTF-8]"));
    assert!(
        out.report.to_string().contains("GBK (declared GB2312)"),
        "{}",
        out.report
    );
    let again: Vec<_> = read_all(Format::Sgf, &out.bytes, "b.sgf", TOP)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(again.len(), 4_035);
    let leaves =
        |r: &[renju_notation::GameRecord]| -> BTreeSet<String> { r.iter().map(line).collect() };
    assert_eq!(leaves(&again), leaves(&records));
    // labels kept on every node
    let labels = |r: &[renju_notation::GameRecord]| -> usize {
        r.iter()
            .map(|g| g.notes.iter().map(|n| n.labels.len()).sum::<usize>())
            .sum()
    };
    assert_eq!(labels(&again), labels(&records));
    // into a format of single games: one game a line, and said
    let renju = convert("a.sgf", &bytes, "b.renju", ConvertOptions::default()).unwrap();
    assert_eq!(renju.bytes.iter().filter(|&&b| b == b'\n').count(), 4_035);
    assert!(
        renju
            .report
            .to_string()
            .contains("1 tree written as 4035 games, one per root-to-leaf line"),
        "{}",
        renju.report
    );
}

#[test]
fn small_real_sgf_games() {
    for (rel, moves, phrase) in [
        ("lfz084-renju-beta/测试1.sgf", 10, None),
        ("lfz084-renju-beta/测试5.sgf", 10, None),
        ("lfz084-renju-beta/测试6.sgf", 10, Some("浙江五子教室")),
        ("lfz084-renju-beta/24地毯之丘月.lib.sgf", 3, Some("天元")),
    ] {
        let Some(bytes) = shared(rel) else {
            return;
        };
        let records: Vec<_> = read_all(Format::Sgf, &bytes, rel, TOP)
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(records.len(), 1, "{rel}");
        assert_eq!(records[0].moves.len(), moves, "{rel}");
        if let Some(p) = phrase {
            let out = convert("a.sgf", &bytes, "b.sgf", ConvertOptions::default()).unwrap();
            let text = String::from_utf8(out.bytes).unwrap();
            assert!(text.contains(p), "{rel}: {text}");
        }
    }
}

#[test]
fn xl_engine_pos_positions() {
    let dir = "zhangshun97-AI_Gomocup/basic";
    let Some(path) = renju_testdata::shared(&format!("corpora/{dir}")) else {
        return;
    };
    let entries = std::fs::read_dir(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut n = 0;
    for e in entries.flatten() {
        let bytes = std::fs::read(e.path()).unwrap();
        let name = e.file_name().to_string_lossy().into_owned();
        let g = read_all(Format::Pos, &bytes, &name, TOP)
            .next()
            .unwrap()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.moves.len(), usize::from(bytes[0]), "{name}");
        n += 1;
    }
    assert_eq!(n, 9);
}
