//! Review of issue 21 through `corpus-tool validate`: a RenjuNet database whose games are
//! correct, broken, or missing opening data, written from the rule texts; the summary must count
//! the notes (unknown rule names included) apart from the findings, and skip no game.

use std::process::Command;

const RIF: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<database version="1.0">
<rules><rule id="1" name="RIF"/><rule id="2" name="Yamaguchi"/><rule id="3" name="Chess"/>
<rule id="4" name="LinHuan"/><rule id="5" name="Swap1"/><rule id="6" name="Swap2"/>
<rule id="7" name="Renju Plus"/><rule id="8" name="Sakata"/><rule id="9" name="Soosyrv-8"/></rules>
<games>
<game id="1" rule="1" bresult="" alt="i7 k8" swap="-"><move>h8 h9 j10 g11 i7 f4</move></game>
<game id="2" rule="1" bresult="" swap="R"><move>h8 h9 j10 g11 i7 f4</move></game>
<game id="3" rule="1" bresult="" alt="51" swap="R"><move>h8 h9 j10 g11 i7 f4</move></game>
<game id="4" rule="1" bresult="" alt="i7"><move>h8 h9 j10 g11 i7 f4</move></game>
<game id="5" rule="2" bresult="" alt="i7 k8 c3"><move>h8 h9 j10 g11 i7 f4</move></game>
<game id="6" rule="3" bresult=""><move>a1 b5 c9 d4</move></game>
<game id="7" rule="7" bresult=""><move>h8 h9 j10 g11 i7 f4</move></game>
<game id="8" rule="4" bresult="" swap="R-R"><move>h8 h9 j10 g11 i7 f4</move></game>
<game id="9" rule="5" bresult="" swap="R-"><move>a1 b5 c9 d4 e7 f2</move></game>
<game id="10" rule="6" bresult="" swap="-R"><move>a1 b5 c9 d4 e7 f2</move></game>
<game id="11" rule="8" bresult=""><move>h8 h9 j10 g11 i7 f4</move></game>
<game id="12" rule="9" bresult="" alt="i7 k8" swap="R-R"><move>h8 h9 j10 g11 i7 f4</move></game>
</games>
</database>
"#;

#[test]
fn validate_counts_opening_notes_apart_and_skips_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("review.rif");
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
    // Findings: game 4 (one offer under RIF), 9 (two decisions under Swap1), 12 (three swap
    // decisions under Soosorv-8). Notes: 2 (offers missing), 3 (alt="51"), 5 (Yamaguchi's N),
    // 8 (couples), 12 (Soosorv's n) not checkable; 6 and 7 unknown rules; 11 unsupported.
    assert!(text.contains("verdicts: ok 9, warning 3"), "{text}");
    assert!(text.contains("  opening-not-checkable: 5"), "{text}");
    assert!(text.contains("  unknown-opening-rule: 2"), "{text}");
    assert!(text.contains("  unsupported-opening-rule: 1"), "{text}");
    assert!(text.contains("'Renju Plus' is not recognised"), "{text}");
    let s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("parses");
    assert_eq!(s["findings"]["opening-protocol"]["count"], 3, "{s}");
    assert_eq!(s["notes"]["opening-not-checkable"]["count"], 5, "{s}");
    assert_eq!(s["notes"]["unknown-opening-rule"]["count"], 2, "{s}");
    assert_eq!(s["notes"]["unsupported-opening-rule"]["count"], 1, "{s}");
    // No first-move-off-centre under Swap1 / Swap2 / an unknown rule.
    assert!(s["findings"].get("first-move-off-centre").is_none(), "{s}");
}
