//! Accounting over random mixtures of good and broken records in several formats and files:
//! the report lists every record exactly once, in order, and the totals add up (records =
//! rows = sum of verdicts = sum of ends; unreadable ones counted, each with its reason).

mod common;
use common::Scratch;

use analyzer::GameVerdict;
use corpus_tool::validate::{FindingKind, Options, Summary, audit_with_report};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// One record as generated: good, or broken in a way the reader must refuse (`unreadable`),
/// or with a bad coordinate in a line format (read up to it and judged `illegal`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Good,
    Unreadable,
    BadMove,
}

const GAMES: [&str; 4] = [
    "h8 h9 i8 h10 j7 g9 k6 l5 i9 j9",
    "h8 i9 g7 f6 j9 i10 i7",
    "h8 h7 i8 i7 j8 j7 k8 k7 l8",
    "h8",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fmt {
    Renju,
    Moves,
    Rif,
    Sgf,
    Psq,
}

/// The file's text and, per record, what the audit must say of it.
fn file_text(fmt: Fmt, records: &[(Kind, usize)]) -> (String, Vec<Kind>) {
    let mut out = String::new();
    let mut kinds = Vec::new();
    match fmt {
        Fmt::Renju | Fmt::Moves => {
            for &(k, g) in records {
                let result = if fmt == Fmt::Renju { "black " } else { "" };
                let line = match k {
                    Kind::Good => format!("{result}{}", GAMES[g % 4]),
                    Kind::BadMove => format!("{result}{} q99", GAMES[g % 4]),
                    Kind::Unreadable if fmt == Fmt::Renju => format!("purple {}", GAMES[g % 4]),
                    // a move list has no result word: a cut-off last move
                    Kind::Unreadable => format!("{} ?", GAMES[g % 4]),
                };
                out.push_str(&line);
                out.push('\n');
                // a move list has nothing but moves: any bad word is an unreadable move
                let k = if fmt == Fmt::Moves && k == Kind::Unreadable {
                    Kind::BadMove
                } else {
                    k
                };
                // blank and comment lines are not records
                if g % 3 == 0 {
                    out.push_str("\n# a comment\n");
                }
                kinds.push(k);
            }
        }
        Fmt::Rif => {
            out.push_str("<?xml version=\"1.0\"?>\n<database><games>\n");
            for (i, &(k, g)) in records.iter().enumerate() {
                let (result, k) = match k {
                    Kind::Unreadable => ("7", Kind::Unreadable),
                    _ => ("1", Kind::Good),
                };
                out.push_str(&format!(
                    "<game id=\"{}\" bresult=\"{result}\"><move>{}</move></game>\n",
                    i + 1,
                    GAMES[g % 4]
                ));
                kinds.push(k);
            }
            out.push_str("</games></database>\n");
        }
        Fmt::Sgf => {
            for &(k, g) in records {
                let moves: String = GAMES[g % 4]
                    .split(' ')
                    .enumerate()
                    .map(|(i, m)| {
                        let (c, r) = m.split_at(1);
                        let col = c.as_bytes()[0];
                        let row = 15 - r.parse::<u8>().unwrap_or(1);
                        format!(
                            ";{}[{}{}]",
                            if i % 2 == 0 { 'B' } else { 'W' },
                            char::from(col),
                            char::from(b'a' + row)
                        )
                    })
                    .collect();
                let k = if k == Kind::Unreadable {
                    Kind::Unreadable
                } else {
                    Kind::Good
                };
                let size = if k == Kind::Unreadable {
                    "SZ[3]"
                } else {
                    "SZ[15]"
                };
                out.push_str(&format!("(;GM[4]{size}{moves})\n"));
                kinds.push(k);
            }
        }
        Fmt::Psq => {
            // one game a file
            let (k, g) = records[0];
            out.push_str("Piskvorky 15x15, 7:7, 0\n");
            for m in GAMES[g % 4].split(' ') {
                let (c, r) = m.split_at(1);
                let x = c.as_bytes()[0] - b'a' + 1;
                let y = 16 - r.parse::<u8>().unwrap_or(1);
                out.push_str(&format!("{x},{y},0\n"));
            }
            let k = if k == Kind::Unreadable {
                out.push_str("99,1,0\n");
                Kind::Unreadable
            } else {
                Kind::Good
            };
            kinds.push(k);
        }
    }
    (out, kinds)
}

fn fmt_strategy() -> impl Strategy<Value = Fmt> {
    prop_oneof![
        Just(Fmt::Renju),
        Just(Fmt::Moves),
        Just(Fmt::Rif),
        Just(Fmt::Sgf),
        Just(Fmt::Psq)
    ]
}

fn kind_strategy() -> impl Strategy<Value = Kind> {
    prop_oneof![
        3 => Just(Kind::Good),
        1 => Just(Kind::Unreadable),
        1 => Just(Kind::BadMove)
    ]
}

fn check_totals(s: &Summary, rows: usize) -> Result<(), TestCaseError> {
    prop_assert_eq!(s.records, rows);
    prop_assert_eq!(s.verdicts.total(), rows);
    prop_assert_eq!(s.ends.total(), rows);
    prop_assert_eq!(s.verdicts.get(GameVerdict::Unreadable), s.unreadable);
    prop_assert_eq!(s.finding_count(FindingKind::Unreadable), s.unreadable);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_record_once_and_totals_add_up(
        files in prop::collection::vec(
            (fmt_strategy(), prop::collection::vec((kind_strategy(), 0usize..4), 1..12)),
            1..6,
        ),
        case in any::<u64>(),
    ) {
        let dir = Scratch::new(&format!("mix-{case}"));
        let mut expected: BTreeMap<String, Vec<Kind>> = BTreeMap::new();
        for (i, (fmt, records)) in files.iter().enumerate() {
            let ext = match fmt {
                Fmt::Renju => "renju",
                Fmt::Moves => "txt",
                Fmt::Rif => "rif",
                Fmt::Sgf => "sgf",
                Fmt::Psq => "psq",
            };
            // half the files in a sub-folder
            let sub = if i % 2 == 0 { "" } else { "sub/" };
            let path = dir.0.join(format!("{sub}f{i}.{ext}"));
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            let (text, kinds) = file_text(*fmt, records);
            std::fs::write(&path, text).unwrap();
            expected.insert(path.display().to_string(), kinds);
        }
        let mut csv = Vec::new();
        let summary = audit_with_report(
            std::slice::from_ref(&dir.0),
            &Options::default(),
            Some(&mut csv),
            &mut |_, _| {},
        )
        .unwrap();
        prop_assert!(summary.file_problems.is_empty());
        prop_assert_eq!(summary.files, expected.len());
        let mut reader = csv::Reader::from_reader(csv.as_slice());
        let mut seen: BTreeMap<String, Vec<(usize, String, String)>> = BTreeMap::new();
        let mut rows = 0;
        let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
        for r in reader.records() {
            let r = r.unwrap();
            rows += 1;
            for k in r[10].split(';').filter(|k| !k.is_empty()) {
                *kinds.entry(k.to_string()).or_default() += 1;
            }
            seen.entry(r[0].to_string()).or_default().push((
                r[1].parse().unwrap(),
                r[8].to_string(),
                r[9].to_string(),
            ));
        }
        check_totals(&summary, rows)?;
        // the report's findings column reproduces the summary's findings
        let counted: BTreeMap<String, usize> = summary
            .findings
            .iter()
            .map(|(k, v)| (k.name().to_string(), v.count))
            .collect();
        prop_assert_eq!(&kinds, &counted);
        prop_assert_eq!(seen.len(), expected.len());
        let mut unreadable = 0;
        for (file, kinds) in &expected {
            let got = &seen[file];
            prop_assert_eq!(got.len(), kinds.len(), "{}", file);
            for (i, ((index, verdict, detail), kind)) in got.iter().zip(kinds).enumerate() {
                prop_assert_eq!(*index, i + 1, "{}: indices 1.. in order, each once", file);
                match kind {
                    Kind::Unreadable => {
                        unreadable += 1;
                        prop_assert_eq!(verdict.as_str(), "unreadable", "{}#{}", file, index);
                        prop_assert!(detail.starts_with(file.as_str()), "{}", detail);
                    }
                    Kind::BadMove => prop_assert_eq!(verdict.as_str(), "illegal", "{}#{}", file, index),
                    Kind::Good => prop_assert_ne!(verdict.as_str(), "unreadable", "{}#{}: {}", file, index, detail),
                }
            }
        }
        prop_assert_eq!(summary.unreadable, unreadable);
    }
}
