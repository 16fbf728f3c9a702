//! Random and mutated bytes fed to every reader: no panic, and every error carries a
//! position inside the input.

use crate::common;

use proptest::prelude::*;
use renju_notation::renju_line::{RenjuBufReader, RenjuReader};
use renju_notation::renlib::{read_tree, write_tree};
use renju_notation::rif::RifReader;
use renju_notation::{Format, Orientation, Position, RecordError, detect, read_all};
use std::io::BufReader;

const FIXTURES: &[&str] = &[
    "small.rif",
    "bad-records.renju",
    "piskvork-lf.psq",
    "judge-crlf.psq",
    "orc-style.sgf",
    "gomoku-quest-style.sgf",
    "h8-h9-branch-v30.lib",
    "tree-comments-v34.lib",
    "tree-root-variations.sgf",
    "two-collections.sgf",
    "enc-gbk.sgf",
    "lib-line-separators-gbk.lib",
    "gbk-declared.rif",
];

/// Whatever reads as a tree (SGF, `.lib`) converts to every format without panicking, and a
/// tree written as SGF or `.lib` reads back with the same lines.
fn convert_everything(bytes: &[u8]) -> Result<(), TestCaseError> {
    use renju_notation::{ConvertOptions, convert};
    for (from, name) in [(Format::Sgf, "x.sgf"), (Format::Lib, "x.lib")] {
        let options = ConvertOptions {
            from: Some(from),
            ..ConvertOptions::default()
        };
        for out in ["y.sgf", "y.lib", "y.renju", "y.rif", "y.psq"] {
            let c = convert(name, bytes, out, options).unwrap();
            let _ = c.report.to_string();
            if out == "y.sgf" || out == "y.lib" {
                let to = if out == "y.sgf" {
                    Format::Sgf
                } else {
                    Format::Lib
                };
                let back: Vec<_> = read_all(to, &c.bytes, out, Orientation::RowOneAtTop)
                    .filter_map(Result::ok)
                    .map(|g| g.moves)
                    .collect();
                prop_assert_eq!(back.len(), c.report.written, "{} -> {}", name, out);
            }
        }
    }
    Ok(())
}

fn check_error(e: &RecordError, bytes: &[u8]) -> Result<(), TestCaseError> {
    match e.position {
        Position::Line { line, column } => {
            let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
            prop_assert!(line >= 1 && line <= lines, "{e}");
            prop_assert!(column >= 1 && column <= bytes.len() + 1, "{e}");
        }
        Position::Byte(b) => prop_assert!(b as usize <= bytes.len(), "{e}"),
    }
    prop_assert!(!e.to_string().is_empty());
    Ok(())
}

fn read_everything(bytes: &[u8]) -> Result<(), TestCaseError> {
    let _ = detect("x", bytes);
    for f in Format::ALL {
        for o in [Orientation::RowOneAtBottom, Orientation::RowOneAtTop] {
            for r in read_all(f, bytes, "x", o).take(10_000) {
                match r {
                    Ok(g) => prop_assert!((5..=20).contains(&g.board_size)),
                    Err(e) => check_error(&e, bytes)?,
                }
            }
        }
    }
    streaming_agrees(bytes)?;
    if let Ok(lib) = read_tree(bytes, "x.lib", Orientation::RowOneAtTop, None) {
        // whatever reads, writes, and reads again to the same tree
        let again = read_tree(
            &write_tree(&lib, Orientation::RowOneAtTop).0,
            "again.lib",
            Orientation::RowOneAtTop,
            None,
        )
        .unwrap();
        prop_assert_eq!(
            again.lines(Orientation::RowOneAtTop),
            lib.lines(Orientation::RowOneAtTop)
        );
    }
    Ok(())
}

/// The streaming readers, fed through a tiny buffer (every chunk boundary is exercised), give
/// the same records as the readers over the whole input; a tiny line limit never panics and
/// keeps one record per non-blank, non-comment line.
fn streaming_agrees(bytes: &[u8]) -> Result<(), TestCaseError> {
    let o = Orientation::RowOneAtBottom;
    let whole: Vec<_> = RenjuReader::new(bytes, "x", o).collect();
    let streamed: Vec<_> =
        RenjuBufReader::new(BufReader::with_capacity(3, bytes), "x", o).collect();
    prop_assert_eq!(&whole, &streamed);
    let limited: Vec<_> = RenjuBufReader::new(BufReader::with_capacity(5, bytes), "x", o)
        .with_max_line(16)
        .collect();
    prop_assert_eq!(limited.len(), whole.len());
    for (a, b) in whole.iter().zip(&limited) {
        if let Err(e) = b {
            check_error(e, bytes)?;
            if !matches!(e.kind, renju_notation::ErrorKind::TooLarge { .. }) {
                prop_assert_eq!(a, b);
            }
        } else {
            prop_assert_eq!(a, b);
        }
    }
    let moves_whole: Vec<_> = read_all(Format::Moves, bytes, "x", o).collect();
    let moves_streamed: Vec<_> =
        RenjuBufReader::moves(BufReader::with_capacity(2, bytes), "x", o).collect();
    prop_assert_eq!(moves_whole, moves_streamed);
    let rif_whole: Vec<_> = RifReader::new(bytes, "x", o).take(1000).collect();
    let rif_streamed: Vec<_> = RifReader::new(BufReader::with_capacity(4, bytes), "x", o)
        .take(1000)
        .collect();
    prop_assert_eq!(rif_whole, rif_streamed);
    Ok(())
}

#[derive(Debug, Clone)]
enum Mutation {
    Set(usize, u8),
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Set(i, b)),
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(i, b)| Mutation::Insert(i, b)),
        (any::<usize>(), 1usize..20).prop_map(|(i, n)| Mutation::Delete(i, n)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    let len = bytes.len().max(1);
    match m {
        Mutation::Set(i, b) => {
            if !bytes.is_empty() {
                bytes[i % len] = *b;
            }
        }
        Mutation::Insert(i, b) => {
            let at = i % (bytes.len() + 1);
            bytes.splice(at..at, b.iter().copied());
        }
        Mutation::Delete(i, n) => {
            let at = i % len;
            let end = (at + n).min(bytes.len());
            if at < end {
                bytes.drain(at..end);
            }
        }
        Mutation::Truncate(i) => bytes.truncate(i % len),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read_everything(&bytes)?;
    }

    #[test]
    fn random_text_of_record_characters(text in "[()\\[\\];:,. \n\r\\\\a-zA-Z0-9<>=\"/é●-]{0,300}") {
        read_everything(text.as_bytes())?;
    }

    #[test]
    fn mutated_fixtures(k in 0..FIXTURES.len(), ms in prop::collection::vec(mutation(), 1..6)) {
        let mut bytes = common::fixture(FIXTURES[k]);
        for m in &ms {
            apply(&mut bytes, m);
        }
        read_everything(&bytes)?;
        convert_everything(&bytes)?;
    }
}
