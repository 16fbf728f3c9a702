//! The real 147,229-game archive (`../shared/corpora/dasimagin-renju/train-2.renju`), audited
//! under both conventions: every line accounted for, no panic, and the totals pinned — the
//! ones docs/auditing.md documents (verdicts, ends, findings per kind), a changed verdict
//! fails here. The report is written by the real CSV writer ([`ReportWriter`]) and every
//! total is counted again from the parsed CSV. What can be counted without the auditor is
//! counted from the raw text (records, declared results, moves, first moves off h8).
//! Ignored by default (slow in debug builds); `cargo xtask ci` runs it in release mode.

use corpus_tool::validate::{Options, ReportWriter, audit_paths};
use renju_core::Convention;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// docs/auditing.md, "The 147,229-game archive": the same under both conventions.
const VERDICTS: [(&str, u64); 3] = [
    ("ok", 143_280),
    ("result-mismatch", 1_958),
    ("warning", 1_991),
];
const ENDS: [(&str, u64); 7] = [
    ("black-five", 8_290),
    ("draw-full-board", 6),
    ("foul-double-four", 665),
    ("foul-double-three", 2_820),
    ("foul-overline", 108),
    ("none", 130_476),
    ("white-five", 4_864),
];
const FINDINGS: [(&str, u64); 6] = [
    ("first-move-off-centre", 882),
    ("lapsed-foul", 106),
    ("moves-after-end", 18),
    ("not-an-opening", 1_169),
    ("result-mismatch", 1_958),
    ("unclaimed-overline", 1),
];

fn map<const N: usize>(pairs: [(&str, u64); N]) -> BTreeMap<String, u64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

/// The table of docs/auditing.md says what the constants say (a figure kept under a check).
#[test]
fn the_documented_totals_are_the_pinned_ones() {
    let doc = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/auditing.md"),
    )
    .unwrap();
    let row = |label: &str| -> (u64, u64) {
        let line = doc
            .lines()
            .find(|l| l.starts_with(&format!("| {label} |")))
            .unwrap_or_else(|| panic!("docs/auditing.md has no row '{label}'"));
        let cells: Vec<u64> = line
            .split('|')
            .skip(2)
            .filter(|c| !c.trim().is_empty())
            .map(|c| c.trim().replace(',', "").parse().unwrap())
            .collect();
        (cells[0], cells[1])
    };
    let mut checked = 0;
    for (v, n) in VERDICTS {
        assert_eq!(row(v), (n, n), "{v}");
        checked += 1;
    }
    for (e, n) in ENDS {
        assert_eq!(row(&format!("end `{e}`")), (n, n), "{e}");
        checked += 1;
    }
    assert_eq!(checked, 10);
}

/// The real archive, in the shared data.
const ARCHIVE: &str = "corpora/dasimagin-renju/train-2.renju";

#[test]
#[ignore = "the whole real archive: run in release by `cargo xtask ci`"]
fn real_archive_totals_are_the_documented_ones() {
    let Some(path) = renju_testdata::shared(ARCHIVE) else {
        return;
    };
    // Independent counts from the raw text: a line is a record `RESULT MOVE...`.
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 147_229);
    let mut declared: BTreeMap<String, u64> = BTreeMap::new();
    let mut moves = 0u64;
    let mut off_centre = 0u64;
    for l in &lines {
        let mut words = l.split_whitespace();
        *declared
            .entry(words.next().unwrap().to_string())
            .or_default() += 1;
        let ms: Vec<&str> = words.collect();
        moves += ms.len() as u64;
        off_centre += u64::from(ms.first() != Some(&"h8"));
    }
    assert_eq!(
        off_centre, 882,
        "the documented count, counted from the text"
    );
    for convention in Convention::ALL {
        let mut options = Options::default();
        options.settings.convention = convention;
        let mut report = ReportWriter::new(Vec::new());
        let mut rows = 0usize;
        let summary = audit_paths(
            std::slice::from_ref(&path),
            &options,
            &crate::common::engine(2),
            &mut |r| {
                rows += 1;
                assert_eq!(r.index, rows, "rows come in record order");
                report.row(r);
            },
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(rows, lines.len());
        assert_eq!((summary.records, summary.unreadable), (lines.len(), 0));
        assert!(summary.file_problems.is_empty());
        // every total, counted again from the CSV the real writer wrote
        let bytes = report.finish().unwrap();
        let mut csv = csv::Reader::from_reader(bytes.as_slice());
        let header: Vec<String> = csv.headers().unwrap().iter().map(String::from).collect();
        assert_eq!(header, corpus_tool::validate::CSV_HEADER);
        let (mut verdicts, mut ends, mut findings, mut declared_csv) = (
            BTreeMap::<String, u64>::new(),
            BTreeMap::<String, u64>::new(),
            BTreeMap::<String, u64>::new(),
            BTreeMap::<String, u64>::new(),
        );
        let mut back = 0usize;
        let mut moves_csv = 0u64;
        for r in csv.records() {
            let r = r.unwrap();
            back += 1;
            *verdicts.entry(r[8].to_string()).or_default() += 1;
            *ends.entry(r[5].to_string()).or_default() += 1;
            *declared_csv.entry(r[4].to_string()).or_default() += 1;
            moves_csv += r[3].parse::<u64>().unwrap();
            for k in r[10].split(';').filter(|k| !k.is_empty()) {
                *findings.entry(k.to_string()).or_default() += 1;
            }
        }
        assert_eq!(
            back,
            lines.len(),
            "the report parses back, one row a record"
        );
        assert_eq!(verdicts, map(VERDICTS), "{convention}: verdicts");
        assert_eq!(ends, map(ENDS), "{convention}: ends");
        assert_eq!(findings, map(FINDINGS), "{convention}: findings");
        assert_eq!(declared_csv, declared, "{convention}: declared results");
        assert_eq!(moves_csv, moves, "{convention}: moves");
        // and the summary says the same
        let summary_findings: BTreeMap<String, u64> = summary
            .findings
            .iter()
            .map(|(k, v)| (k.name().to_string(), v.count as u64))
            .collect();
        assert_eq!(summary_findings, findings);
        println!("{convention}:\n{summary}");
    }
}
