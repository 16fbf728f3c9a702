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
