//! SGF dialect features real writers use (FF[3] long property names, soft line breaks with
//! CRLF, several `C` on one node, compressed point lists, passes, wrapped collections,
//! trailing garbage, truncation), each built here and checked against what the text says.

use crate::common;

use common::line;
use renju_notation::sgf::read_trees;
use renju_notation::{ErrorKind, Format, GameRecord, Orientation, read_all};

const TOP: Orientation = Orientation::RowOneAtTop;

fn sgf(text: &[u8]) -> Vec<Result<GameRecord, renju_notation::RecordError>> {
    read_all(Format::Sgf, text, "d.sgf", TOP).collect()
}

fn ok(text: &[u8]) -> Vec<GameRecord> {
    sgf(text)
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn lines(text: &[u8]) -> Vec<String> {
    ok(text).iter().map(line).collect()
}

#[test]
fn ff3_long_and_lower_case_property_names() {
    // FF[3]: lower-case letters in a property id are ignored (`AddBlack` is `AB`).
    let t =
        b"(;FF[3]GaMe[4]SiZe[15]PlayerBlack[Ann]Comment[root]\n;Black[hh];White[hi]AddBlack[aa])";
    let trees: Vec<_> = read_trees(t, "d.sgf", TOP, None)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(trees.len(), 1);
    let g = &ok(t)[0];
    assert_eq!(line(g), "h8 h7");
    assert_eq!(g.black.as_deref(), Some("Ann"));
    let tr = &trees[0];
    assert_eq!(
        tr.nodes[0].comment.as_ref().map(|c| c.as_str()),
        Some("root")
    );
    let last = tr.leaves()[0];
    assert_eq!(tr.nodes[last].setup.len(), 1, "AddBlack is AB");
}

#[test]
fn soft_line_breaks_with_crlf_and_escapes() {
    let t = b"(;GM[4]SZ[15]\r\n;B[hh]C[one \\\r\ntwo \\] three \\\\ four\r\nfive])";
    let tr = read_trees(t, "d.sgf", TOP, None).next().unwrap().unwrap();
    let c = tr.nodes[1].comment.as_ref().unwrap().as_str().to_string();
    assert_eq!(c, "one two ] three \\ four\r\nfive");
}

#[test]
fn several_comments_on_one_node_are_all_kept() {
    let t = b"(;GM[4]SZ[15];B[hh]C[first]C[second])";
    let tr = read_trees(t, "d.sgf", TOP, None).next().unwrap().unwrap();
    let c = tr.nodes[1].comment.as_ref().unwrap().as_str().to_string();
    assert!(c.contains("first") && c.contains("second"), "{c}");
}

#[test]
fn passes_and_compressed_lists() {
    assert_eq!(
        lines(b"(;GM[4]SZ[15];B[hh];W[];B[ii];W[tt];B[jj])"),
        ["h8 -- i7 -- j6"]
    );
    // on a 20x20 board `tt` is a point, not a pass
    let g = &ok(b"(;GM[4]SZ[20];B[jj];W[tt])")[0];
    assert_eq!(g.moves.len(), 2);
    assert!(!matches!(g.moves[1], renju_core::Move::Pass));
    let tr = read_trees(
        b"(;GM[4]SZ[15]AB[aa:cc]AW[ee][ff];B[hh])",
        "d.sgf",
        TOP,
        None,
    )
    .next()
    .unwrap()
    .unwrap();
    assert_eq!(tr.nodes[0].setup.len(), 11);
}

#[test]
fn wrapped_collections_root_variations_and_garbage() {
    let t = b"\xEF\xBB\xBF((;GM[4]SZ[15];B[hh](;W[hi])(;W[ii]))(;GM[4]SZ[15](;B[hh])(;B[gg])))\r\nGomoku Quest 1.0 (c) [note]\r\n";
    assert_eq!(lines(t), ["h8 h7", "h8 i7", "h8", "g9"]);
}

#[test]
fn a_truncated_file_keeps_the_games_before_and_names_the_place() {
    let t = b"(;GM[4]SZ[15];B[hh];W[hi])\n(;GM[4]SZ[15];B[hh];W[ii]C[cut h";
    let r = sgf(t);
    assert_eq!(r.len(), 2);
    assert_eq!(line(r[0].as_ref().unwrap()), "h8 h7");
    let e = r[1].as_ref().unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");
    let msg = e.to_string();
    assert!(msg.contains("d.sgf") && msg.contains('2'), "{msg}");
}

#[test]
fn labels_with_non_ascii_text_and_marks() {
    let t = "(;GM[4]SZ[15]CA[UTF-8];B[hh]LB[ii:黑胜][jj:A]TR[kk]SQ[ll]CR[mm]MA[nn])";
    let tr = read_trees(t.as_bytes(), "d.sgf", TOP, None)
        .next()
        .unwrap()
        .unwrap();
    let n = &tr.nodes[1];
    assert_eq!(n.labels.len(), 2);
    assert_eq!(n.labels[0].text, "黑胜");
    assert_eq!(n.marks.len(), 4);
}

#[test]
fn charset_spellings() {
    for ca in ["gb2312", "GBK", "gb18030", "GB_2312-80"] {
        let mut t = format!("(;GM[4]SZ[15]CA[{ca}]C[").into_bytes();
        t.extend([0xCC, 0xEC, 0xD4, 0xAA]); // 天元
        t.extend(b"];B[hh])");
        let tr = read_trees(&t, "d.sgf", TOP, None).next().unwrap().unwrap();
        assert_eq!(
            tr.nodes[0].comment.as_ref().unwrap().as_str(),
            "天元",
            "{ca}"
        );
    }
    for ca in ["Shift_JIS", "SJIS", "shift-jis", "cp932"] {
        let mut t = format!("(;GM[4]SZ[15]CA[{ca}]C[").into_bytes();
        t.extend([0x93, 0x56, 0x8C, 0xB3]); // 天元
        t.extend(b"];B[hh])");
        let tr = read_trees(&t, "d.sgf", TOP, None).next().unwrap().unwrap();
        assert_eq!(
            tr.nodes[0].comment.as_ref().unwrap().as_str(),
            "天元",
            "{ca}"
        );
    }
    for ca in ["windows-1252", "ISO-8859-1", "latin1"] {
        let mut t = format!("(;GM[4]SZ[15]CA[{ca}]C[caf").into_bytes();
        t.extend([0xE9]);
        t.extend(b"];B[hh])");
        let tr = read_trees(&t, "d.sgf", TOP, None).next().unwrap().unwrap();
        assert_eq!(
            tr.nodes[0].comment.as_ref().unwrap().as_str(),
            "café",
            "{ca}"
        );
    }
    for ca in ["UTF-8", "utf8", "utf-8"] {
        let t = format!("(;GM[4]SZ[15]CA[{ca}]C[天元];B[hh])");
        let tr = read_trees(t.as_bytes(), "d.sgf", TOP, None)
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(
            tr.nodes[0].comment.as_ref().unwrap().as_str(),
            "天元",
            "{ca}"
        );
    }
}

#[test]
fn setup_and_player_to_move_on_later_nodes() {
    let t = b"(;GM[4]SZ[15]PL[B];B[hh];W[hi];AB[aa]AW[bb]AE[hh]PL[B]MN[7];B[ii])";
    let tr = read_trees(t, "d.sgf", TOP, None).next().unwrap().unwrap();
    let total: usize = tr.nodes.iter().map(|n| n.setup.len()).sum();
    assert_eq!(total, 3);
    let kept: Vec<_> = tr
        .nodes
        .iter()
        .flat_map(|n| n.props.iter().map(|p| p.0.clone()))
        .collect();
    assert!(
        kept.contains(&"PL".to_string()) && kept.contains(&"MN".to_string()),
        "{kept:?}"
    );
}

#[test]
fn a_tree_that_breaks_off_keeps_its_complete_variations() {
    // two variations closed, the third cut inside a comment
    let t = b"(;GM[4]SZ[15];B[hh](;W[hi];B[ii])(;W[ii])(;W[gi];B[gg]C[cut he";
    let r = sgf(t);
    assert_eq!(r.len(), 3, "two complete lines, then the error");
    assert_eq!(line(r[0].as_ref().unwrap()), "h8 h7 i7");
    assert_eq!(line(r[1].as_ref().unwrap()), "h8 i7");
    let e = r[2].as_ref().unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");
    assert_eq!(e.record, 3);
    // a syntax error inside a later variation: the same, and the next game is read
    let t = b"(;GM[4]SZ[15];B[hh](;W[hi])(;W[ii]?B[gg]))\n(;GM[4]SZ[15];B[hh])";
    let r = sgf(t);
    assert_eq!(r.len(), 3, "{r:?}");
    assert_eq!(line(r[0].as_ref().unwrap()), "h8 h7");
    assert!(r[1].is_err());
    assert_eq!(r[1].as_ref().unwrap_err().record, 2);
    assert_eq!(line(r[2].as_ref().unwrap()), "h8");
}

#[test]
fn empty_nodes_and_moves_on_the_root() {
    assert_eq!(lines(b"(;GM[4]SZ[15];;B[hh];;W[hi])"), ["h8 h7"]);
    assert_eq!(lines(b"(;GM[4]SZ[15]B[hh];W[hi])"), ["h8 h7"]);
    // a comment written before the move in a node goes with the move's node
    let t = b"(;GM[4]SZ[15];C[before]B[hh])";
    let tr = read_trees(t, "d.sgf", TOP, None).next().unwrap().unwrap();
    let n = tr.nodes[0].children[0];
    assert_eq!(tr.nodes[n].comment.as_ref().unwrap().as_str(), "before");
}

#[test]
fn shift_jis_trail_bytes_that_look_like_brackets_and_backslashes() {
    // ソ is 83 5C and 表 is 95 5C: their trail byte is ASCII '\\' (0x5D ']' is a trail byte
    // too); the text is decoded before it is parsed, so they stay characters
    let mut t = b"(;GM[4]SZ[15]CA[Shift_JIS]C[".to_vec();
    t.extend([0x83, 0x5C, 0x95, 0x5C]); // ソ表
    t.extend(b"];B[hh])");
    let tr = read_trees(&t, "d.sgf", TOP, None).next().unwrap().unwrap();
    assert_eq!(tr.nodes[0].comment.as_ref().unwrap().as_str(), "ソ表");
    assert_eq!(tr.leaves().len(), 1);
}

#[test]
fn a_utf8_file_with_one_comment_in_gbk_reads_both() {
    let mut t = "(;GM[4]SZ[15]CA[UTF-8]C[黑先胜];B[hh]C[白方防守];W[hi]C[第三手]"
        .as_bytes()
        .to_vec();
    t.extend(b";B[ii]C[");
    t.extend([0xCC, 0xEC, 0xD4, 0xAA, 0xB6, 0xA8, 0xCA, 0xBD]); // 天元定式 in GBK
    t.extend(b"])");
    let tr = read_trees(&t, "d.sgf", TOP, None).next().unwrap().unwrap();
    let comments: Vec<&str> = tr
        .nodes
        .iter()
        .filter_map(|n| n.comment.as_ref().map(|c| c.as_str()))
        .collect();
    assert_eq!(comments, ["黑先胜", "白方防守", "第三手", "天元定式"]);
    let e = tr.encoding.as_ref().unwrap();
    assert_eq!((e.name, e.others.as_slice()), ("UTF-8", &["GBK"][..]));
    assert_eq!(e.to_string(), "UTF-8 (declared UTF-8), some texts in GBK");
    // a GBK file stays GBK
    let mut g = b"(;GM[4]SZ[15]C[".to_vec();
    g.extend([0xCC, 0xEC, 0xD4, 0xAA, 0xB6, 0xA8, 0xCA, 0xBD]);
    g.extend(b"];B[hh]C[");
    g.extend([0xCC, 0xEC, 0xD4, 0xAA]);
    g.extend(b"])");
    let tr = read_trees(&g, "d.sgf", TOP, None).next().unwrap().unwrap();
    assert_eq!(tr.nodes[0].comment.as_ref().unwrap().as_str(), "天元定式");
    assert_eq!(tr.encoding.as_ref().unwrap().name, "GBK");
}
