//! `.rif` (RenjuNet database) features of real exports: the XML declaration's encoding
//! (windows-1251, ISO-8859-1), CDATA, character references, whitespace and CRLF.

use notation::{Format, GameRecord, Orientation, read_all};

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
