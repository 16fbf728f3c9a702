//! `validate --encoding NAME` reaches the readers: a forced encoding is the one the records'
//! texts are decoded with, said as forced, and an unknown name is refused before any work.

use corpus_tool::validate::{ReadOptions, RecordItem, each_record_in_bytes};
use renju_notation::encoding::{EncodingSource, encoding_for};
use std::process::Command;

/// An SGF game whose comment is "中文" in GBK bytes, declaring nothing.
fn gbk_sgf() -> Vec<u8> {
    let mut b = b"(;GM[4]FF[4]SZ[15];B[hh]C[".to_vec();
    b.extend_from_slice(&[0xD6, 0xD0, 0xCE, 0xC4]);
    b.extend_from_slice(b"];W[hg])\n");
    b
}

fn records(bytes: &[u8], read: ReadOptions) -> Vec<renju_notation::GameRecord> {
    let mut out = Vec::new();
    each_record_in_bytes("a.sgf", true, bytes, read, &mut |_, item| match item {
        RecordItem::Game(g) => out.push(g),
        other => panic!("{other:?}"),
    })
    .unwrap();
    out
}

#[test]
fn a_forced_encoding_decodes_the_texts_and_says_so() {
    let gbk = encoding_for("GBK").unwrap();
    let forced = records(
        &gbk_sgf(),
        ReadOptions {
            encoding: Some(gbk),
            ..ReadOptions::default()
        },
    );
    assert_eq!(forced.len(), 1);
    let g = &forced[0];
    assert_eq!(g.notes[0].comment.as_deref(), Some("中文"), "{g:?}");
    let enc = g.encoding.as_ref().unwrap();
    assert_eq!((enc.name, &enc.source), ("GBK", &EncodingSource::Forced));

    // Forced wrongly (Shift_JIS), the same bytes read as other characters: the option is
    // really what decides.
    let sjis = encoding_for("Shift_JIS").unwrap();
    let wrong = records(
        &gbk_sgf(),
        ReadOptions {
            encoding: Some(sjis),
            ..ReadOptions::default()
        },
    );
    assert_ne!(wrong[0].notes[0].comment.as_deref(), Some("中文"));
}

#[test]
fn an_unknown_encoding_name_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["validate", "--encoding", "klingon", "corpus/games"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("klingon"));
}
