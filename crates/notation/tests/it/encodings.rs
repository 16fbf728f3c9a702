//! Text encodings and trees on the fixtures this project wrote (`corpus/records/`): each
//! encoding declared, undeclared, declared wrongly or forced; SGF trees with variations at the
//! root; two game trees in one file; `.lib` comments with both kinds of line separator.

use crate::common;

use common::{fixture, line};
use renju_notation::encoding::{EncodingSource, encoding_for};
use renju_notation::renlib::{read_tree, write_tree};
use renju_notation::{
    ConvertOptions, ErrorKind, Format, GameRecord, MarkShape, Orientation, ReadRemark, convert,
    read_all, read_all_with,
};

const TOP: Orientation = Orientation::RowOneAtTop;

fn records(format: Format, name: &str) -> Vec<GameRecord> {
    read_all(format, &fixture(name), name, TOP)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The SGF `convert` writes for a fixture, as text (it must be UTF-8).
fn to_sgf(name: &str) -> (String, String) {
    let c = convert(name, &fixture(name), "out.sgf", ConvertOptions::default()).unwrap();
    (
        String::from_utf8(c.bytes).expect("UTF-8 output"),
        c.report.to_string(),
    )
}

#[test]
fn gbk_declared_as_gb2312() {
    let g = &records(Format::Sgf, "enc-gbk.sgf")[0];
    assert_eq!(g.black.as_deref(), Some("王五"));
    assert_eq!(g.root_comment(), Some("天元开局，黑先"));
    assert_eq!(g.note_at(1).unwrap().comment.as_deref(), Some("黑棋第一手"));
    let labels: Vec<_> = g
        .note_at(2)
        .unwrap()
        .labels
        .iter()
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(labels, ["直指", "斜指"], "two values of one LB, both kept");
    let e = g.encoding.as_ref().unwrap();
    assert_eq!(
        (e.name, &e.source),
        ("GBK", &EncodingSource::Declared("GB2312".into()))
    );
    let (sgf, report) = to_sgf("enc-gbk.sgf");
    assert!(
        sgf.contains("CA[UTF-8]") && !sgf.contains("GB2312"),
        "{sgf}"
    );
    assert!(
        sgf.contains("C[天元开局，黑先]") && sgf.contains("LB[ii:直指][gi:斜指]"),
        "{sgf}"
    );
    assert!(
        report.contains("text read as GBK (declared GB2312)"),
        "{report}"
    );
}

#[test]
fn shift_jis_declared() {
    let g = &records(Format::Sgf, "enc-shift-jis.sgf")[0];
    assert_eq!(g.black.as_deref(), Some("山田太郎"));
    assert_eq!(g.root_comment(), Some("花月の定石"));
    assert_eq!(g.encoding.as_ref().unwrap().name, "Shift_JIS");
    assert!(to_sgf("enc-shift-jis.sgf").0.contains("白の二手目"));
}

#[test]
fn cp1252_undeclared_is_detected() {
    let g = &records(Format::Sgf, "enc-cp1252.sgf")[0];
    assert_eq!(g.black.as_deref(), Some("José Müller"));
    assert_eq!(g.root_comment(), Some("Déjà vu – the café opening"));
    let e = g.encoding.as_ref().unwrap();
    assert_eq!(
        (e.name, &e.source),
        ("windows-1252", &EncodingSource::Detected { declared: None })
    );
}

#[test]
fn utf8_with_and_without_bom() {
    let g = &records(Format::Sgf, "enc-utf8-bom.sgf")[0];
    assert_eq!(g.black.as_deref(), Some("Łukasz Żółw"));
    assert_eq!(g.root_comment(), Some("日本語のコメント"));
    assert_eq!(g.encoding.as_ref().unwrap().name, "UTF-8");
    let g = &records(Format::Sgf, "enc-utf8.sgf")[0];
    assert_eq!(g.black.as_deref(), Some("Ярослав"));
    assert_eq!(g.root_comment(), Some("天元 – Kagetsu"));
    assert_eq!(g.encoding.as_ref().unwrap().name, "UTF-8");
    assert!(!to_sgf("enc-utf8-bom.sgf").0.starts_with('\u{feff}'));
}

#[test]
fn a_charset_that_lies_is_detected_and_said() {
    let g = &records(Format::Sgf, "enc-ca-lies.sgf")[0];
    assert_eq!(g.root_comment(), Some("这个文件声称是UTF-8，其实是GBK编码"));
    let e = g.encoding.as_ref().unwrap();
    assert_eq!(e.name, "GBK");
    assert_eq!(
        e.source,
        EncodingSource::Detected {
            declared: Some("UTF-8".into())
        }
    );
    assert_eq!(
        e.to_string(),
        "GBK (detected; the declared UTF-8 does not fit the bytes)"
    );
    assert!(g.remarks.contains(&ReadRemark::GameType("1".into())));
    let (sgf, report) = to_sgf("enc-ca-lies.sgf");
    assert!(sgf.contains("C[天元]"));
    assert!(report.contains("does not fit"), "{report}");
}

#[test]
fn a_forced_encoding_wins() {
    // forced Shift_JIS on GBK bytes: read as told (and said), not as detected
    let bytes = fixture("enc-gbk.sgf");
    let sjis = encoding_for("cp932").unwrap();
    let g = read_all_with(Format::Sgf, &bytes, "x.sgf", TOP, Some(sjis))
        .next()
        .unwrap()
        .unwrap();
    let e = g.encoding.unwrap();
    assert_eq!((e.name, e.source), ("Shift_JIS", EncodingSource::Forced));
    assert_ne!(g.black.as_deref(), Some("王五"));
    let c = convert(
        "x.sgf",
        &bytes,
        "y.sgf",
        ConvertOptions {
            encoding: Some(encoding_for("GBK").unwrap()),
            ..ConvertOptions::default()
        },
    )
    .unwrap();
    assert!(
        c.report.to_string().contains("GBK (forced)"),
        "{}",
        c.report
    );
    assert!(encoding_for("no-such-code-page").is_err());
}

#[test]
fn sgf_tree_with_variations_at_the_root() {
    let out = records(Format::Sgf, "tree-root-variations.sgf");
    let lines: Vec<String> = out.iter().map(line).collect();
    assert_eq!(lines, ["h8 h9 i8", "h8 i9 j10", "i7", "g9"]);
    // root labels and comment on every line; labels of inner nodes on their lines
    for (i, g) in out.iter().enumerate() {
        assert_eq!(g.root_comment(), Some("three first moves"));
        assert_eq!(g.note_at(0).unwrap().labels.len(), 2);
        assert!(
            g.remarks
                .contains(&ReadRemark::TreeLine { line: i + 1, of: 4 })
        );
    }
    assert_eq!(
        out[0].note_at(1).unwrap().comment.as_deref(),
        Some("centre")
    );
    assert_eq!(
        out[0].note_at(2).unwrap().labels.len(),
        2,
        "two LB on one node"
    );
    assert!(out[1].note_at(2).is_none());
    // the last line: marks and a setup stone
    let last = &out[3];
    assert_eq!(last.note_at(1).unwrap().marks.len(), 2);
    assert!(
        last.note_at(1)
            .unwrap()
            .marks
            .iter()
            .all(|m| m.shape == MarkShape::Triangle)
    );
    assert_eq!(last.setup.len(), 1);
    assert_eq!(last.setup[0].point.to_string(), "a15");
    // GM[1] with SZ[15]: a renju board, with the remark
    assert_eq!(last.board_size, 15);
    assert!(last.remarks.contains(&ReadRemark::GameType("1".into())));
    // SGF -> SGF keeps the tree: the same lines, labels and marks
    let (sgf, _) = to_sgf("tree-root-variations.sgf");
    let again: Vec<_> = read_all(Format::Sgf, sgf.as_bytes(), "again.sgf", TOP)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(again.iter().map(line).collect::<Vec<_>>(), lines);
    for (a, b) in again.iter().zip(&out) {
        assert_eq!(a.notes, b.notes);
        assert_eq!(a.setup, b.setup);
    }
    // into a single-game format: one game a line, and said
    let c = convert(
        "t.sgf",
        &fixture("tree-root-variations.sgf"),
        "t.renju",
        ConvertOptions::default(),
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(c.bytes).unwrap(),
        "unknown h8 h9 i8\nunknown h8 i9 j10\nunknown i7\nunknown g9\n"
    );
    let report = c.report.to_string();
    assert!(
        report.contains("1 tree written as 4 games, one per root-to-leaf line"),
        "{report}"
    );
    assert!(report.contains("comments (4)"), "{report}");
    assert!(
        report.contains("labels") && report.contains("marks") && report.contains("setup stones"),
        "{report}"
    );
}

#[test]
fn two_game_trees_in_one_file() {
    let out = records(Format::Sgf, "two-collections.sgf");
    assert_eq!(
        out.iter().map(line).collect::<Vec<_>>(),
        ["h8 h9 i8", "h8 i9", "h8 g7 j6"]
    );
    assert_eq!(out[0].black.as_deref(), Some("First"));
    assert!(
        out[1..]
            .iter()
            .all(|g| g.black.as_deref() == Some("Second"))
    );
    let trees = renju_notation::read_trees(
        Format::Sgf,
        &fixture("two-collections.sgf"),
        "x.sgf",
        TOP,
        None,
    )
    .unwrap();
    assert_eq!(trees.len(), 2);
    // SGF -> SGF writes two trees again
    let (sgf, report) = to_sgf("two-collections.sgf");
    assert_eq!(sgf.matches("(;GM[").count(), 2, "{sgf}");
    assert!(report.starts_with("3 records written as sgf"), "{report}");
}

#[test]
fn lib_comments_with_both_line_separators() {
    let bytes = fixture("lib-line-separators-gbk.lib");
    let lib = read_tree(&bytes, "sep.lib", TOP, None).unwrap();
    assert_eq!(lib.encoding.as_ref().unwrap().name, "GBK");
    assert_eq!(write_tree(&lib, TOP).0, bytes, "byte-identical");
    let lines = lib.lines(TOP);
    assert_eq!(
        lines.iter().map(line).collect::<Vec<_>>(),
        ["h8 h9 i8", "h8 h9 j10"]
    );
    let g = &lines[0];
    assert_eq!(
        g.note_at(1).unwrap().comment.as_deref(),
        Some("第一行\n多行注释\r\n第二行（CRLF）")
    );
    assert_eq!(
        g.note_at(2).unwrap().comment.as_deref(),
        Some("标题\n多行\n第二行（LF）\n第三行")
    );
    assert_eq!(g.note_at(2).unwrap().board_text.as_deref(), Some("直"));
    assert_eq!(
        lines[1].note_at(3).unwrap().board_text.as_deref(),
        Some("斜")
    );
    // convert lib -> lib: the same bytes (no 0x08 where a line break was)
    let same = convert("sep.lib", &bytes, "b.lib", ConvertOptions::default()).unwrap();
    assert_eq!(same.bytes, bytes);
    // lib -> SGF -> lib: the same comments and board texts (the SGF is UTF-8, so the new
    // library's texts are written in UTF-8)
    let sgf = convert("sep.lib", &bytes, "a.sgf", ConvertOptions::default()).unwrap();
    let text = String::from_utf8(sgf.bytes.clone()).unwrap();
    assert!(
        text.contains("LB[hg:直]") && text.contains("第二行（LF）"),
        "{text}"
    );
    let back = convert("a.sgf", &sgf.bytes, "c.lib", ConvertOptions::default()).unwrap();
    let again = read_tree(&back.bytes, "c.lib", TOP, None).unwrap();
    assert_eq!(again.lines(TOP).len(), 2);
    for (a, b) in again.lines(TOP).iter().zip(&lines) {
        assert_eq!(a.notes, b.notes);
    }
}

#[test]
fn an_edited_comment_is_written_in_the_library_encoding() {
    let bytes = fixture("lib-line-separators-gbk.lib");
    let mut lib = read_tree(&bytes, "sep.lib", TOP, None).unwrap();
    let h8 = lib.nodes[0].children[0];
    lib.nodes[h8]
        .comment
        .as_mut()
        .unwrap()
        .set("新的注释\n第二部分");
    let (out, used) = write_tree(&lib, TOP);
    assert_eq!(used.unwrap().name, "GBK");
    let expected: Vec<u8> = [
        &"新的注释".encode_gbk()[..],
        &[8],
        &"第二部分".encode_gbk()[..],
    ]
    .concat();
    assert!(
        out.windows(expected.len()).any(|w| w == expected),
        "the new comment is in GBK with the 0x08 separator"
    );
    let again = read_tree(&out, "e.lib", TOP, None).unwrap();
    assert_eq!(
        again.nodes[h8].comment.as_ref().unwrap().as_str(),
        "新的注释\n第二部分"
    );
}

/// GBK bytes of a text (a test helper independent of the crate's encoder).
trait Gbk {
    fn encode_gbk(&self) -> Vec<u8>;
}

impl Gbk for str {
    fn encode_gbk(&self) -> Vec<u8> {
        encoding_rs::GBK.encode(self).0.into_owned()
    }
}

#[test]
fn rif_files_that_are_not_renjunet_databases_say_so() {
    let bytes = fixture("not-renjunet.rif");
    let out: Vec<_> = read_all(Format::Rif, &bytes, "not-renjunet.rif", TOP).collect();
    assert_eq!(out.len(), 1);
    let e = out[0].as_ref().unwrap_err();
    assert!(matches!(e.kind, ErrorKind::WrongFormat(_)), "{e}");
    assert!(e.to_string().starts_with("not-renjunet.rif: "), "{e}");
    // binary garbage in a .rif: an error too, never zero records silently
    let out: Vec<_> = read_all(Format::Rif, b"\x00\x01GIF89a", "x.rif", TOP).collect();
    assert!(matches!(out[..], [Err(_)]), "{out:?}");
}

#[test]
fn rif_with_a_declared_gb2312_encoding() {
    let bytes = fixture("gbk-declared.rif");
    let g = read_all(Format::Rif, &bytes, "gbk.rif", Orientation::RowOneAtBottom)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(g.black.as_deref(), Some("王 五"));
    assert_eq!(g.tags.get("info").map(String::as_str), Some("天元"));
    assert_eq!(g.encoding.unwrap().name, "GBK");
}

#[test]
fn utf8_bytes_under_a_legacy_charset_are_read_as_utf8() {
    // re-saved as UTF-8 with the old CA kept: the bytes would also decode (as mojibake) in GBK
    let bytes = "(;GM[4]CA[GB2312]SZ[15]C[天元开局];B[hh])".as_bytes();
    let g = read_all(Format::Sgf, bytes, "x.sgf", TOP)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(g.root_comment(), Some("天元开局"));
    let e = g.encoding.unwrap();
    assert_eq!(
        (e.name, e.source),
        (
            "UTF-8",
            EncodingSource::Detected {
                declared: Some("GB2312".into())
            }
        )
    );
}

#[test]
fn an_sgf_file_without_a_game_tree_says_so() {
    // an empty file holds no record (and is no error); text without a game tree is one
    assert_eq!(read_all(Format::Sgf, b" \n", "empty.sgf", TOP).count(), 0);
    for bytes in [&b"<html><body>not a game</body></html>"[..], b"GM[4];B[hh]"] {
        let out: Vec<_> = read_all(Format::Sgf, bytes, "page.sgf", TOP).collect();
        assert_eq!(out.len(), 1, "{out:?}");
        let e = out[0].as_ref().unwrap_err();
        assert!(matches!(e.kind, ErrorKind::WrongFormat(_)), "{e}");
        assert!(e.to_string().starts_with("page.sgf: record 1, "), "{e}");
    }
}

#[test]
fn a_note_past_the_last_move_is_reported_not_lost_silently() {
    let mut g = GameRecord::new(15);
    g.moves =
        renju_notation::moves::parse_moves("h8 h9 i8", 15, Orientation::RowOneAtBottom).unwrap();
    g.note_mut(2).comment = Some("kept".into());
    g.note_mut(7).comment = Some("no node for this".into());
    for f in [Format::Sgf, Format::Lib] {
        let (bytes, report) = renju_notation::write(f, std::slice::from_ref(&g), TOP);
        assert!(
            report
                .dropped_summary()
                .contains(&("notes after the last move".to_string(), 1)),
            "{f}: {report}"
        );
        let back = read_all(f, &bytes, "x", TOP).next().unwrap().unwrap();
        assert_eq!(back.note_at(2).unwrap().comment.as_deref(), Some("kept"));
    }
}

#[test]
fn lib_marks_survive_sgf_and_back() {
    use renju_notation::renlib::FLAG_MARK;
    let bytes = fixture("tree-comments-v34.lib");
    let sgf = convert("t.lib", &bytes, "t.sgf", ConvertOptions::default()).unwrap();
    assert!(sgf.report.tree_dropped.is_empty(), "{}", sgf.report);
    assert!(
        String::from_utf8(sgf.bytes.clone())
            .unwrap()
            .contains("RLF[16]")
    );
    let back = convert("t.sgf", &sgf.bytes, "u.lib", ConvertOptions::default()).unwrap();
    let lib = read_tree(&back.bytes, "u.lib", TOP, None).unwrap();
    let g8 = lib.nodes.iter().find(|n| n.lib.pos == 0x77).unwrap();
    assert_eq!(g8.lib.flags & FLAG_MARK, FLAG_MARK);
    let original = read_tree(&bytes, "t.lib", TOP, None).unwrap();
    assert_eq!(
        lib.lines(TOP)
            .iter()
            .map(|g| (line(g), g.notes.clone()))
            .collect::<Vec<_>>(),
        original
            .lines(TOP)
            .iter()
            .map(|g| (line(g), g.notes.clone()))
            .collect::<Vec<_>>()
    );
}

/// A library merged from two code pages: a text that is in another code page than the
/// library's is decoded in its own, and the encoding says so; the bytes are written back
/// unchanged.
#[test]
fn a_lib_with_texts_in_two_code_pages() {
    fn text(b: &[u8]) -> Vec<u8> {
        let mut v = b.to_vec();
        v.push(0);
        if v.len() % 2 == 1 {
            v.push(0);
        }
        v
    }
    let gbk = "黑棋先行，这是一个很长的中文注释，用来判断编码。白棋应对的变化很多。"
        .repeat(8)
        .encode_gbk();
    let mut bytes = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 0];
    bytes.extend([0xFF; 10]);
    bytes.extend([0x78, 0x08]);
    bytes.extend(text(&gbk));
    bytes.extend([0x68, 0x48]); // h9, leaf, comment
    bytes.extend(text(b"Opening by Jos\xe9 - caf\xe9"));
    let lib = read_tree(&bytes, "mixed.lib", TOP, None).unwrap();
    let e = lib.encoding.clone().unwrap();
    // only windows-1252 decodes every text (the Latin-1 text breaks GBK), but the library
    // is weighed as a whole: its Chinese comment outweighs the two Latin-1 bytes, so the
    // library is GBK and the Latin-1 text, which GBK cannot decode, is read in its own code
    // page
    assert_eq!(e.name, "GBK");
    assert_eq!(e.others, ["windows-1252"]);
    assert_eq!(
        e.to_string(),
        "GBK (detected; none declared), some texts in windows-1252"
    );
    assert!(!e.lossy);
    let lines = lib.lines(TOP);
    assert_eq!(
        lines[0].note_at(2).unwrap().comment.as_deref(),
        Some("Opening by José - café")
    );
    assert!(
        lines[0]
            .note_at(1)
            .unwrap()
            .comment
            .as_deref()
            .unwrap()
            .starts_with("黑棋先行")
    );
    assert_eq!(write_tree(&lib, TOP).0, bytes);
}
