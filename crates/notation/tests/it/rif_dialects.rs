//! `.rif` (RenjuNet database) features of real exports: the XML declaration's encoding
//! (windows-1251, ISO-8859-1), CDATA, character references, whitespace and CRLF.

use renju_notation::{Format, GameRecord, Orientation, read_all};

const BOTTOM: Orientation = Orientation::RowOneAtBottom;

fn db(decl: &str, players: &[u8], game_extra: &[u8]) -> Vec<u8> {
    let mut b = format!(
        "<?xml version=\"1.0\" encoding=\"{decl}\"?>\r\n<database version=\"1.0\">\r\n<players>\r\n"
    )
    .into_bytes();
    b.extend_from_slice(players);
    b.extend_from_slice(b"\r\n</players>\r\n<games>\r\n<game id=\"1\" black=\"1\" white=\"2\" bresult=\"1\" rule=\"3\">\r\n  <move>\r\n h8 h9\r\n i8 </move>\r\n");
    b.extend_from_slice(game_extra);
    b.extend_from_slice(b"\r\n</game>\r\n</games>\r\n</database>\r\n");
    b
}

fn one(bytes: &[u8]) -> GameRecord {
    let r: Vec<_> = read_all(Format::Rif, bytes, "t.rif", BOTTOM).collect();
    assert_eq!(r.len(), 1, "{r:?}");
    r.into_iter()
        .next()
        .unwrap()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn moves(g: &GameRecord) -> String {
    g.moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn declared_single_byte_encodings() {
    // windows-1251 "Иван" = C8 E2 E0 ED
    let p = b"<player id=\"1\" name=\"\xC8\xE2\xE0\xED\" surname=\"A\"/><player id=\"2\" name=\"B\" surname=\"C\"/>";
    let g = one(&db("windows-1251", p, b""));
    assert_eq!(moves(&g), "h8 h9 i8");
    assert!(
        g.black.as_deref().unwrap().contains("Иван"),
        "{:?}",
        g.black
    );
    // ISO-8859-1 "José" = 4A 6F 73 E9
    let p = b"<player id=\"1\" name=\"Jos\xE9\" surname=\"A\"/><player id=\"2\" name=\"B\" surname=\"C\"/>";
    let g = one(&db("ISO-8859-1", p, b""));
    assert!(
        g.black.as_deref().unwrap().contains("José"),
        "{:?}",
        g.black
    );
}

#[test]
fn cdata_and_character_references() {
    let p = b"<player id=\"1\" name=\"&#1048;&#x432;an\" surname=\"&lt;A&gt;\"/><player id=\"2\" name=\"B\" surname=\"C\"/>";
    let g = one(&db("utf-8", p, b"<info><![CDATA[a <b> & c]]></info>"));
    assert!(
        g.black.as_deref().unwrap().contains("Ивan"),
        "{:?}",
        g.black
    );
    assert!(g.black.as_deref().unwrap().contains("<A>"), "{:?}", g.black);
    let all: Vec<String> = g.tags.values().cloned().collect();
    assert!(all.iter().any(|v| v.contains("a <b> & c")), "{:?}", g.tags);
}

/// A rule's `category` (RenjuNet: 1 renju, 2 gomoku) is kept with each game of that rule,
/// written back into the rules table (not as a game attribute), and listed as dropped by a
/// format that cannot hold it.
#[test]
fn rule_categories_are_kept_and_written_back() {
    let text = b"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database version=\"1.0\">\n\
<rules><rule id=\"3\" name=\"Gomoku free\" category=\"2\"/><rule id=\"4\" name=\"RIF\" category=\"1\"/>\
<rule id=\"5\" name=\"Yamaguchi\"/></rules>\n<games>\n\
<game id=\"1\" rule=\"3\" bresult=\"1\"><move>h8 h9 i8</move></game>\n\
<game id=\"2\" rule=\"4\" bresult=\"0\"><move>h8 h9</move></game>\n\
<game id=\"3\" rule=\"5\" bresult=\"0\"><move>h8</move></game>\n\
<game id=\"4\" bresult=\"0\"><move>h8</move></game>\n</games>\n</database>\n";
    let read = |bytes: &[u8]| -> Vec<GameRecord> {
        read_all(Format::Rif, bytes, "t.rif", BOTTOM)
            .map(|r| r.unwrap_or_else(|e| panic!("{e}")))
            .collect()
    };
    let games = read(text);
    fn category(g: &GameRecord) -> Option<&str> {
        g.tags
            .get(renju_notation::rif::RULE_CATEGORY_TAG)
            .map(String::as_str)
    }
    let seen: Vec<(Option<&str>, Option<&str>)> = games
        .iter()
        .map(|g| (g.rule.as_deref(), category(g)))
        .collect();
    assert_eq!(
        seen,
        [
            (Some("Gomoku free"), Some("2")),
            (Some("RIF"), Some("1")),
            (Some("Yamaguchi"), None),
            (None, None),
        ]
    );
    let (out, report) = renju_notation::write(Format::Rif, &games, BOTTOM);
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("name=\"Gomoku free\" category=\"2\"/>"),
        "{out}"
    );
    assert!(out.contains("name=\"RIF\" category=\"1\"/>"), "{out}");
    assert!(out.contains("name=\"Yamaguchi\"/>"), "{out}");
    assert!(!out.contains("rule-category"), "{out}");
    assert!(report.dropped.is_empty(), "{:?}", report.dropped);
    let again = read(out.as_bytes());
    assert_eq!(
        again.iter().map(category).collect::<Vec<_>>(),
        [Some("2"), Some("1"), None, None]
    );
    let (_, to_sgf) = renju_notation::write(Format::Sgf, &games, BOTTOM);
    let dropped: Vec<(usize, &str)> = to_sgf
        .dropped
        .iter()
        .filter(|d| d.field.contains("rule-category"))
        .map(|d| (d.record, d.field.as_str()))
        .collect();
    assert_eq!(
        dropped,
        [(1, "tag:rif:rule-category"), (2, "tag:rif:rule-category")]
    );
}
