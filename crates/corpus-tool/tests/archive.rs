//! The real 147,229-game archive (`../shared/corpora/dasimagin-renju/train-2.renju`), audited
//! under both conventions: every line accounted for, no panic, the report parses back.
//! Ignored by default (slow in debug builds); `cargo xtask ci` runs it in release mode.

use corpus_tool::validate::{Options, Row, audit_paths};
use renju_core::Convention;
use std::path::PathBuf;

#[test]
#[ignore = "the whole real archive: run in release by `cargo xtask ci`"]
fn real_archive_every_line_accounted_for() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpora/dasimagin-renju/train-2.renju");
    if !path.exists() {
        println!(
            "SKIPPED: {} is absent (the archive lives outside the repo)",
            path.display()
        );
        return;
    }
    let text = std::fs::read_to_string(&path).unwrap();
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    for convention in Convention::ALL {
        let mut options = Options::default();
        options.settings.convention = convention;
        let mut csv_out = csv::Writer::from_writer(Vec::new());
        let mut rows = 0usize;
        let mut sink = |r: &Row| {
            rows += 1;
            assert_eq!(r.index, rows, "rows come in record order");
            csv_out.serialize(r).unwrap();
        };
        let summary = audit_paths(
            std::slice::from_ref(&path),
            &options,
            &mut sink,
            &mut |_, _| {},
        )
        .unwrap();
        assert_eq!(rows, lines);
        assert_eq!(summary.records, lines);
        assert_eq!(summary.verdicts.total(), lines);
        assert_eq!(summary.ends.total(), lines);
        let bytes = csv_out.into_inner().unwrap();
        let back = csv::Reader::from_reader(bytes.as_slice()).records().count();
        assert_eq!(back, lines, "the report parses back");
        println!("{convention}:\n{summary}");
    }
}
