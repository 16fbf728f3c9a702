//! RenLib `.lib` features real libraries have, each built here byte by byte from the layout
//! in `shared/data/formats.md` §2: every layout reads, writes back byte-identical, and
//! survives `.lib` -> SGF -> `.lib` with the same lines, comments and board texts; a broken
//! library keeps its complete lines before the error.

use crate::common;

use common::line;
use renju_notation::renlib::{read_tree, read_tree_salvaging, write_tree};
use renju_notation::tree::GameTree;
use renju_notation::{ConvertOptions, Format, Orientation, convert, read_all};

const TOP: Orientation = Orientation::RowOneAtTop;

fn header(minor: u8) -> Vec<u8> {
    let mut h = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, minor];
    h.extend([0xFF; 10]);
    h
}

/// A text as RenLib stores it: bytes, NUL, padded to even length.
fn text(t: &[u8]) -> Vec<u8> {
    let mut v = t.to_vec();
    v.push(0);
    if v.len() % 2 == 1 {
        v.push(0);
    }
    v
}

/// v3.4 with a commented null root, a pass, an old-style comment, board texts (even and odd
/// lengths), mark and start bits, a comment with `\r\n` and one with the 0x08 separator, an
/// extension whose first byte is not 0.
fn rich_v34() -> Vec<u8> {
    let mut b = header(4);
    b.extend([0x00, 0x08]);
    b.extend(text(b"Root\x08line 1\r\nline 2"));
    // h8 with mark + start bits and an even-length board text "AB" and a comment
    b.extend([0x78, 0x10 | 0x04 | 0x08 | 0x01, 0x00, 0x01]);
    b.extend(text(b"odd"));
    b.extend(text(b"AB"));
    // h9, a later sibling (i9) follows its subtree
    b.extend([0x68, 0x80]);
    // a pass (pos 0, not a NO_MOVE node), then j10 leaf with an old-style comment
    b.extend([0x00, 0x00]);
    b.extend([0x5A, 0x40 | 0x20]);
    b.extend(b"old styl\xE5");
    // i9 (row 9 -> 0x6_, column i -> 9), leaf with extension 02 01 + board text "C"
    b.extend([0x69, 0x40 | 0x01, 0x02, 0x01]);
    b.extend(text(b"C"));
    b
}

fn lines_of(bytes: &[u8]) -> Vec<String> {
    read_all(Format::Lib, bytes, "t.lib", TOP)
        .map(|r| line(&r.unwrap_or_else(|e| panic!("{e}"))))
        .collect()
}

#[test]
fn a_rich_v34_library_reads_and_writes_back_byte_identical() {
    let b = rich_v34();
    let t = read_tree(&b, "t.lib", TOP, None).unwrap();
    assert_eq!(lines_of(&b), ["h8 h9 -- j10", "h8 i9"]);
    assert_eq!(write_tree(&t, TOP).0, b);
    let root = t.nodes[0].comment.as_ref().unwrap().as_str();
    assert_eq!(root, "Root\nline 1\r\nline 2");
    let h8 = t.nodes[0].children[0];
    assert_eq!(t.nodes[h8].board_text.as_ref().unwrap().as_str(), "AB");
    assert_eq!(t.nodes[h8].comment.as_ref().unwrap().as_str(), "odd");
    let texts: Vec<String> = t
        .nodes
        .iter()
        .filter_map(|n| n.comment.as_ref().map(|c| c.as_str().to_string()))
        .collect();
    assert!(texts.iter().any(|c| c.starts_with("old styl")), "{texts:?}");
    let c = convert("t.lib", &b, "u.lib", ConvertOptions::default()).unwrap();
    assert_eq!(c.bytes, b, "convert .lib -> .lib");
}

#[test]
fn a_rich_library_survives_sgf() {
    let b = rich_v34();
    let before = read_tree(&b, "t.lib", TOP, None).unwrap();
    let sgf = convert("t.lib", &b, "t.sgf", ConvertOptions::default()).unwrap();
    let back = convert("t.sgf", &sgf.bytes, "u.lib", ConvertOptions::default()).unwrap();
    let after = read_tree(&back.bytes, "u.lib", TOP, None).unwrap();
    assert_eq!(lines_of(&back.bytes), ["h8 h9 -- j10", "h8 i9"]);
    let notes = |t: &GameTree| -> Vec<_> { t.lines(TOP).into_iter().map(|g| g.notes).collect() };
    assert_eq!(notes(&after), notes(&before));
    for (a, b) in after.nodes.iter().zip(&before.nodes) {
        assert_eq!(a.lib.flags & 0x14, b.lib.flags & 0x14, "mark/start bits");
    }
}

#[test]
fn header_less_and_v30_libraries() {
    let body = [0x78, 0x00, 0x68, 0x00, 0x79, 0xC0, 0x5A, 0x40];
    for b in [body.to_vec(), [header(0), body.to_vec()].concat()] {
        assert_eq!(lines_of(&b), ["h8 h9 i8", "h8 h9 j10"]);
        let t = read_tree(&b, "t.lib", TOP, None).unwrap();
        assert_eq!(write_tree(&t, TOP).0, b);
    }
}

#[test]
fn a_truncated_library_keeps_its_complete_lines() {
    let full = rich_v34();
    // cut inside i9's board text: the first line is complete, the second is not
    let cut = &full[..full.len() - 1];
    let r: Vec<_> = read_all(Format::Lib, cut, "cut.lib", TOP).collect();
    assert_eq!(r.len(), 2, "one line and the error");
    assert_eq!(line(r[0].as_ref().unwrap()), "h8 h9 -- j10");
    let e = r[1].as_ref().unwrap_err();
    assert_eq!(e.record, 2);
    let msg = e.to_string();
    assert!(
        msg.contains("cut.lib") && msg.contains("board text"),
        "{msg}"
    );
    let (tree, err) = read_tree_salvaging(cut, "cut.lib", TOP, None);
    assert_eq!(tree.unwrap().leaves().len(), 1);
    assert!(err.is_some());
    // cut inside the last node's position/flag pair
    let cut2 = &full[..full.len() - 5];
    let r: Vec<_> = read_all(Format::Lib, cut2, "cut.lib", TOP).collect();
    assert_eq!(r.len(), 2);
    assert!(r[0].is_ok() && r[1].is_err());
    // converting a broken library writes its complete lines and reports the error
    let c = convert("cut.lib", cut, "out.lib", ConvertOptions::default()).unwrap();
    assert_eq!(lines_of(&c.bytes), ["h8 h9 -- j10"]);
    assert_eq!(c.errors.len(), 1);
    assert!(c.errors[0].to_string().contains("board text"));
}

#[test]
fn short_gbk_texts_that_happen_to_be_valid_utf8_are_read_as_gbk() {
    // board texts 直 (D6 B1) and 直止 (D6 B1 D6 B9): valid two-byte UTF-8 (Hebrew points)
    let mut b = header(0);
    b.extend([0x78, 0x01, 0x00, 0x01]);
    b.extend(text(&[0xD6, 0xB1]));
    b.extend([0x68, 0x40 | 0x01, 0x00, 0x01]);
    b.extend(text(&[0xD6, 0xB1, 0xD6, 0xB9]));
    let t = read_tree(&b, "t.lib", TOP, None).unwrap();
    assert_eq!(t.encoding.as_ref().unwrap().name, "GBK");
    let h8 = t.nodes[0].children[0];
    assert_eq!(t.nodes[h8].board_text.as_ref().unwrap().as_str(), "直");
    let h9 = t.nodes[h8].children[0];
    assert_eq!(t.nodes[h9].board_text.as_ref().unwrap().as_str(), "直止");
    assert_eq!(write_tree(&t, TOP).0, b);
    // real UTF-8 text of two-byte characters stays UTF-8
    use renju_notation::encoding::detect;
    for s in [
        "café crème",
        "Привет, мир",
        "«Привет» ±1°",
        "Ελληνικά",
        "Zażółć gęślą",
    ] {
        assert_eq!(detect(s.as_bytes()).name(), "UTF-8", "{s}");
    }
}
