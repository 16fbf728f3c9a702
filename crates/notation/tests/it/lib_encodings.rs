//! The code page of a RenLib library, weighed over the whole file before each text is decoded
//! (`encoding::decode_texts`): libraries built here whose texts are mostly short (two to six
//! characters, as real libraries' comments are), in GBK, in windows-1252 and mixed, each text
//! checked against the text that was encoded.

use renju_notation::Orientation;
use renju_notation::renlib::{read_tree, write_tree};

const TOP: Orientation = Orientation::RowOneAtTop;

/// A text as RenLib stores it: bytes, NUL, padded to even length.
fn stored(t: &[u8]) -> Vec<u8> {
    let mut v = t.to_vec();
    v.push(0);
    if v.len() % 2 == 1 {
        v.push(0);
    }
    v
}

/// A version 3.4 library: a root with one leaf child per text, each holding the text as its
/// comment (board texts for every third, to cover both kinds).
fn library(texts: &[Vec<u8>]) -> Vec<u8> {
    let mut b = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 4];
    b.extend([0xFF; 10]);
    b.extend([0x00, 0x00]); // the root record: children follow
    for (i, t) in texts.iter().enumerate() {
        let pos = (((i / 15) % 15) as u8) << 4 | ((i % 15) as u8 + 1);
        let sibling = if i + 1 < texts.len() { 0x80 } else { 0 };
        if i % 3 == 2 {
            b.extend([pos, sibling | 0x40 | 0x01, 0x00, 0x01]);
        } else {
            b.extend([pos, sibling | 0x40 | 0x08]);
        }
        b.extend(stored(t));
    }
    b
}

/// The texts of the library read back, in file order (comment or board text of each leaf).
fn read_back(bytes: &[u8]) -> (Vec<String>, renju_notation::encoding::TextEncoding) {
    let tree = read_tree(bytes, "t.lib", TOP, None).unwrap();
    assert_eq!(
        write_tree(&tree, TOP).0,
        bytes,
        "written back byte-identical"
    );
    let texts = tree.nodes[0]
        .children
        .iter()
        .map(|&c| {
            let n = &tree.nodes[c];
            n.comment
                .as_ref()
                .or(n.board_text.as_ref())
                .expect("every leaf has a text")
                .as_str()
                .to_string()
        })
        .collect();
    (texts, tree.encoding.unwrap())
}

fn gbk(s: &str) -> Vec<u8> {
    let (b, _, unmappable) = encoding_rs::GBK.encode(s);
    assert!(!unmappable, "{s}");
    b.into_owned()
}

fn cp1252(s: &str) -> Vec<u8> {
    let (b, _, unmappable) = encoding_rs::WINDOWS_1252.encode(s);
    assert!(!unmappable, "{s}");
    b.into_owned()
}

/// Short comments of Chinese libraries (two to six characters, some with ASCII).
const CHINESE: [&str; 24] = [
    "黑胜",
    "好棋",
    "★黑棋VCF胜。",
    "白必胜",
    "妙手",
    "恶手",
    "黑先",
    "必败",
    "冲四",
    "活三",
    "禁手",
    "防守",
    "进攻",
    "白优",
    "黑优势",
    "变化",
    "正解",
    "失误",
    "黑VCT",
    "白防",
    "四三胜",
    "三三禁",
    "长连",
    "和棋",
];

/// Board texts and comments in ASCII, as real libraries have beside the Chinese ones.
const ASCII: [&str; 6] = ["a", "b", "1", "A", "VCF", "ok"];

/// Short comments of a library written on a western Windows (windows-1252); several of them
/// are also valid GBK (`Très` is E8 73, a GBK pair), none is Chinese.
const LATIN: [&str; 12] = [
    "Très bien",
    "schön",
    "Ça va",
    "über",
    "déjà",
    "à éviter",
    "nächster Zug",
    "coup gagnant",
    "Schwarz gewinnt",
    "Noir gagne à coup sûr",
    "Weiß",
    "bon",
];

/// The bug this guards against: one Latin-1 text among many short GBK comments made GBK
/// unable to decode the file as a whole, so the library was read as windows-1252 and every
/// short Chinese comment came out as mojibake (`¡ïºÚÆåVCFÊ¤¡£` for `★黑棋VCF胜。`).
#[test]
fn short_gbk_comments_with_one_latin1_text_are_gbk() {
    let mut expected: Vec<String> = Vec::new();
    for i in 0..300 {
        expected.push(CHINESE[i % CHINESE.len()].to_string());
        expected.push(ASCII[i % ASCII.len()].to_string());
        expected.push(ASCII[(i + 1) % ASCII.len()].to_string());
    }
    expected.insert(100, "José - café".to_string());
    let bytes: Vec<Vec<u8>> = expected
        .iter()
        .map(|t| {
            if t.starts_with("José") {
                cp1252(t)
            } else {
                gbk(t)
            }
        })
        .collect();
    let (texts, e) = read_back(&library(&bytes));
    assert_eq!(texts, expected);
    assert_eq!(
        (e.name, e.others.as_slice(), e.lossy),
        ("GBK", &["windows-1252"][..], false)
    );
    assert_eq!(
        e.to_string(),
        "GBK (detected; none declared), some texts in windows-1252"
    );
}

/// Short GBK comments alone: a detector given them all together may call them EUC-JP (their
/// byte pairs are valid there too), which no Windows program writes.
#[test]
fn short_gbk_comments_alone_are_gbk() {
    for n in [1, 2, 5, 13, 24] {
        let expected: Vec<String> = CHINESE[..n].iter().map(|s| s.to_string()).collect();
        let bytes: Vec<Vec<u8>> = expected.iter().map(|t| gbk(t)).collect();
        let (texts, e) = read_back(&library(&bytes));
        assert_eq!(texts, expected, "{n} texts");
        assert_eq!((e.name, e.others.len()), ("GBK", 0), "{n} texts");
    }
}

/// A cut text (an odd number of GBK bytes, the last character lost) is the one text GBK
/// cannot decode: the library stays GBK and every other text is read right.
#[test]
fn a_cut_gbk_text_does_not_change_the_library() {
    let mut expected: Vec<String> = CHINESE.iter().map(|s| s.to_string()).collect();
    let mut bytes: Vec<Vec<u8>> = expected.iter().map(|t| gbk(t)).collect();
    let mut cut = gbk("黑棋必胜");
    cut.pop();
    bytes.push(cut);
    let (texts, e) = read_back(&library(&bytes));
    assert_eq!(e.name, "GBK");
    expected.push(String::new());
    assert_eq!(texts[..CHINESE.len()], expected[..CHINESE.len()]);
}

/// A western library: windows-1252 for every text, also for those GBK could decode.
#[test]
fn a_windows_1252_library_with_short_texts() {
    for n in [1, 3, LATIN.len()] {
        let mut expected: Vec<String> = Vec::new();
        for (i, t) in LATIN[..n].iter().enumerate() {
            expected.push((*t).to_string());
            expected.push(ASCII[i % ASCII.len()].to_string());
        }
        let bytes: Vec<Vec<u8>> = expected.iter().map(|t| cp1252(t)).collect();
        let (texts, e) = read_back(&library(&bytes));
        assert_eq!(texts, expected, "{n} texts");
        assert_eq!((e.name, e.others.len()), ("windows-1252", 0), "{n} texts");
    }
}

/// A library merged from a Chinese and a western one: the Chinese texts weigh more (two
/// non-ASCII bytes a character), so the library is GBK; each Latin-1 text is read in
/// windows-1252, whether GBK cannot decode it (`José`) or decodes it only as rare characters
/// outside GB2312 (`Très bien`, `schön`).
#[test]
fn a_merged_chinese_and_western_library() {
    let mut expected: Vec<(String, bool)> = Vec::new();
    for (i, t) in CHINESE.iter().enumerate() {
        expected.push(((*t).to_string(), true));
        expected.push((LATIN[i % LATIN.len()].to_string(), false));
    }
    let bytes: Vec<Vec<u8>> = expected
        .iter()
        .map(|(t, zh)| if *zh { gbk(t) } else { cp1252(t) })
        .collect();
    let (texts, e) = read_back(&library(&bytes));
    let want: Vec<String> = expected.into_iter().map(|(t, _)| t).collect();
    assert_eq!(texts, want);
    assert_eq!(
        (e.name, e.others.as_slice()),
        ("GBK", &["windows-1252"][..])
    );
}

/// The other way round: a western library with a few long Chinese comments (each far past
/// the length at which a text's own detection is evidence enough) is windows-1252 when its
/// western texts weigh more, and the long Chinese texts are read in GBK.
#[test]
fn a_western_library_with_long_chinese_comments() {
    let long = "黑棋先行，这是一个很长的中文注释，用来判断编码。";
    let paragraph = "Très élégant: après le coup à côté, l'été déjà réglé, père et mère à Noël, \
                     où ça? déçu, reçu, là-bas, Müller, Köln, Düsseldorf, Straße, Grüße.";
    let mut expected: Vec<(String, bool)> = Vec::new();
    for i in 0..30 {
        expected.push((paragraph.to_string(), false));
        expected.push((LATIN[i % LATIN.len()].to_string(), false));
    }
    expected.insert(7, (long.to_string(), true));
    expected.insert(40, (long.to_string(), true));
    let bytes: Vec<Vec<u8>> = expected
        .iter()
        .map(|(t, zh)| if *zh { gbk(t) } else { cp1252(t) })
        .collect();
    let (texts, e) = read_back(&library(&bytes));
    let want: Vec<String> = expected.into_iter().map(|(t, _)| t).collect();
    assert_eq!(texts, want);
    assert_eq!(
        (e.name, e.others.as_slice()),
        ("windows-1252", &["GBK"][..])
    );
}

/// A forced encoding decodes every text, whatever the detection would say.
#[test]
fn a_forced_code_page_wins() {
    let bytes: Vec<Vec<u8>> = CHINESE.iter().map(|t| gbk(t)).collect();
    let lib = library(&bytes);
    let tree = read_tree(&lib, "t.lib", TOP, Some(encoding_rs::WINDOWS_1252)).unwrap();
    let e = tree.encoding.unwrap();
    assert_eq!((e.name, e.others.len()), ("windows-1252", 0));
    let first = tree.nodes[tree.nodes[0].children[0]]
        .comment
        .as_ref()
        .unwrap();
    assert_eq!(first.as_str(), "ºÚÊ¤");
}

/// `.lib` -> SGF -> `.lib` in the library's own code page: the same bytes (#26 item 15:
/// the SGF is UTF-8, and without an output encoding the new library's texts are UTF-8).
fn sgf_and_back_in(bytes: &[u8], encoding: &'static encoding_rs::Encoding) -> Vec<u8> {
    use renju_notation::{ConvertOptions, convert};
    let sgf = convert("a.lib", bytes, "a.sgf", ConvertOptions::default()).unwrap();
    let options = ConvertOptions {
        write_encoding: Some(encoding),
        ..ConvertOptions::default()
    };
    let back = convert("a.sgf", &sgf.bytes, "b.lib", options).unwrap();
    let e = back.report.output_encoding.as_ref().unwrap();
    assert_eq!((e.name, e.others.len()), (encoding.name(), 0));
    back.bytes
}

#[test]
fn a_gbk_library_through_sgf_and_back_in_gbk_is_byte_identical() {
    let bytes = crate::common::fixture("lib-line-separators-gbk.lib");
    assert_eq!(sgf_and_back_in(&bytes, encoding_rs::GBK), bytes);
    let mut texts: Vec<Vec<u8>> = CHINESE.iter().map(|t| gbk(t)).collect();
    texts.push(b"a".to_vec());
    let built = library(&texts);
    assert_eq!(sgf_and_back_in(&built, encoding_rs::GBK), built);
}

#[test]
fn a_windows_1252_library_through_sgf_and_back_is_byte_identical() {
    let texts: Vec<Vec<u8>> = LATIN.iter().map(|t| cp1252(t)).collect();
    let built = library(&texts);
    assert_eq!(sgf_and_back_in(&built, encoding_rs::WINDOWS_1252), built);
}

/// A library written in a code page that cannot hold one of its texts: that text is written
/// in UTF-8 (read back as it was), the others in the code page, and the report says so.
#[test]
fn a_text_the_output_code_page_cannot_hold_is_kept_in_utf8() {
    use renju_notation::{ConvertOptions, convert};
    let sgf = "(;GM[4]SZ[15]CA[UTF-8];B[hh]C[黑胜](;W[hg]C[Noir gagne — 黑棋])(;W[ig]C[plain]))";
    let options = ConvertOptions {
        write_encoding: Some(encoding_rs::WINDOWS_1252),
        ..ConvertOptions::default()
    };
    let out = convert("a.sgf", sgf.as_bytes(), "b.lib", options).unwrap();
    let e = out.report.output_encoding.clone().unwrap();
    assert_eq!(
        (e.name, e.others.as_slice()),
        ("windows-1252", &["UTF-8"][..])
    );
    assert!(
        out.report.to_string().contains(
            "texts written in windows-1252 (texts windows-1252 cannot hold written in UTF-8)"
        ),
        "{}",
        out.report
    );
    let tree = read_tree(&out.bytes, "b.lib", TOP, None).unwrap();
    let comments: Vec<&str> = tree
        .nodes
        .iter()
        .filter_map(|n| n.comment.as_ref().map(|c| c.as_str()))
        .collect();
    assert_eq!(comments, ["黑胜", "Noir gagne — 黑棋", "plain"]);
    // UTF-8 is accepted for any output format; another code page only for .lib
    let err = convert(
        "a.sgf",
        sgf.as_bytes(),
        "b.sgf",
        ConvertOptions {
            write_encoding: Some(encoding_rs::GBK),
            ..ConvertOptions::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "sgf files are written in UTF-8 only, not GBK (an output encoding applies to lib)"
    );
}

/// A layout the `.lib` writer would not choose for the tree (a 3.0 header with a null root
/// record, as the real Chinese library has) goes through SGF in the private root property
/// `RLL`, so the library comes back byte-identical; the default layout writes no `RLL`.
#[test]
fn a_library_layout_survives_sgf() {
    use renju_notation::{ConvertOptions, convert};
    let mut texts: Vec<Vec<u8>> = CHINESE[..4].iter().map(|t| gbk(t)).collect();
    texts.push(b"a".to_vec());
    let mut built = library(&texts);
    built[9] = 0; // version 3.0, the root record kept
    let sgf = convert("a.lib", &built, "a.sgf", ConvertOptions::default()).unwrap();
    let text = String::from_utf8(sgf.bytes).unwrap();
    assert!(
        text.starts_with("(;GM[4]FF[4]CA[UTF-8]SZ[15]RLL[3.0 root]"),
        "{text}"
    );
    assert_eq!(sgf_and_back_in(&built, encoding_rs::GBK), built);
    let default = library(&texts);
    let sgf = convert("a.lib", &default, "a.sgf", ConvertOptions::default()).unwrap();
    assert!(!String::from_utf8(sgf.bytes).unwrap().contains("RLL["));
}

/// Libraries of short comments in the other code pages RenLib users write: each read in its
/// own (Cyrillic words with an even number of letters are valid EUC-KR byte pairs: the
/// weighing must not take them for Korean), the multi-byte ones also with one Latin-1 text
/// among them.
#[test]
fn short_comments_in_other_code_pages() {
    let cases: [(&'static encoding_rs::Encoding, &[&str]); 4] = [
        (
            encoding_rs::WINDOWS_1251,
            &[
                "Хорошо",
                "Плохой ход",
                "чёрные выиграли",
                "белые",
                "ошибка",
                "фол",
                "ход",
                "да",
                "Жаль",
                "Выигрыш",
            ],
        ),
        (
            encoding_rs::SHIFT_JIS,
            &[
                "黒勝ち",
                "好手",
                "白の勝ち",
                "悪手",
                "妙手",
                "四三",
                "禁手",
                "黒番",
                "白番",
                "変化",
                "正解",
            ],
        ),
        (
            encoding_rs::EUC_KR,
            &[
                "흑승",
                "백승",
                "좋은 수",
                "나쁜 수",
                "금수",
                "사삼",
                "흑 우세",
                "백 우세",
                "변화",
                "정답",
                "묘수",
            ],
        ),
        (
            encoding_rs::BIG5,
            &[
                "黑勝",
                "好棋",
                "白必勝",
                "妙手",
                "惡手",
                "黑先",
                "必敗",
                "衝四",
                "活三",
                "禁手",
                "防守",
                "進攻",
                "變化",
            ],
        ),
    ];
    for (enc, words) in cases {
        let encode = |s: &str| {
            let (b, _, unmappable) = enc.encode(s);
            assert!(!unmappable, "{s}");
            b.into_owned()
        };
        let mut expected: Vec<String> = Vec::new();
        for (i, w) in words.iter().enumerate() {
            expected.push((*w).to_string());
            expected.push(ASCII[i % ASCII.len()].to_string());
        }
        let bytes: Vec<Vec<u8>> = expected.iter().map(|t| encode(t)).collect();
        let (texts, e) = read_back(&library(&bytes));
        assert_eq!(texts, expected, "{}", enc.name());
        assert_eq!((e.name, e.others.len()), (enc.name(), 0), "{}", enc.name());
        // one Latin-1 text that a multi-byte code page cannot decode: read in windows-1252,
        // every other text as before (a single-byte code page decodes it: no evidence)
        if !enc.is_single_byte() {
            let mut with_latin = bytes.clone();
            with_latin.insert(3, cp1252("José - café"));
            let mut want = expected.clone();
            want.insert(3, "José - café".to_string());
            let (texts, e) = read_back(&library(&with_latin));
            assert_eq!(texts, want, "{}", enc.name());
            assert_eq!(
                (e.name, e.others.as_slice()),
                (enc.name(), &["windows-1252"][..])
            );
        }
    }
}
