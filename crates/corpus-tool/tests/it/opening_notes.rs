//! Opening-rule notes (issue 21) in the validate summary: counted apart from the findings, in
//! the text and the JSON, never changing a verdict.

use std::process::Command;

const RIF: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<database>
<rules><rule id="1" name="RIF"/><rule id="2" name="Soosyrv-8"/><rule id="3" name="Chess"/></rules>
<games>
<game id="1" rule="1" bresult="1" swap="R"><move>h8 i9 j10 k11 g9 a1</move></game>
<game id="2" rule="2" bresult="1" alt="g9 j8"><move>h8 i9 j10 k11 g9 a1</move></game>
<game id="3" rule="3" bresult="1"><move>a1 i9 j10 k11 g9 b1</move></game>
<game id="4" rule="1" bresult="1" alt="g9 i7"><move>h8 i9 j10 k11 g9 a1</move></game>
<game id="5" rule="1" bresult="1" alt="51"><move>h8 i9 j10 k11 g9 a1</move></game>
</games>
</database>
"#;

#[test]
fn notes_are_counted_apart_from_findings() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("games.rif");
    std::fs::write(&file, RIF).expect("written");
    let json = dir.path().join("summary.json");
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .arg("validate")
        .arg(&file)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    // Record 4 (mirror-image offers) is the one finding; records 1, 2, 3 and 5 are notes.
    assert!(text.contains("verdicts: ok 4, warning 1"), "{text}");
    assert!(
        text.contains("notes (checks not made for lack of data; not findings):"),
        "{text}"
    );
    assert!(text.contains("  opening-not-checkable: 3"), "{text}");
    assert!(text.contains("  unknown-opening-rule: 1"), "{text}");
    assert!(
        text.contains("the rule 'Chess' is not recognised"),
        "{text}"
    );
    assert!(text.contains("'51' are not a list of points"), "{text}");
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json written"))
            .expect("json parses");
    assert_eq!(summary["notes"]["opening-not-checkable"]["count"], 3);
    assert_eq!(summary["notes"]["unknown-opening-rule"]["count"], 1);
    assert_eq!(summary["findings"]["opening-protocol"]["count"], 1);
}
