//! `validate --missed-wins`: the two findings in the summary and in the report's findings
//! column, the first columns unchanged, `--max-depth`.

use crate::common;

use std::process::Command;

fn validate(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .arg("validate")
        .args(args)
        .output()
        .expect("corpus-tool runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn missed_vcf_and_lost_with_vcf() {
    let dir = common::Scratch::new("missed-wins");
    let games = dir.path("games.renju");
    // 1: Black's open three at move 5, White a3, Black b14 at move 7 misses the open four.
    // 2: declared a White win, Black to move with the open three: lost-with-vcf.
    // 3: Black plays the five: nothing missed.
    std::fs::write(
        &games,
        "black h8 a1 i8 a2 j8 a3 b14 a4\n\
         white h8 a1 i8 a2 j8 a4\n\
         black h8 a1 i8 a2 j8 a4 k8 a6 l8\n",
    )
    .unwrap();
    let g = games.to_str().unwrap();
    let without = dir.path("without.csv");
    let with = dir.path("with.csv");
    let (plain, _) = validate(&["--report", without.to_str().unwrap(), g]);
    assert!(!plain.contains("missed-vcf"), "{plain}");
    let (text, code) = validate(&["--missed-wins", "--report", with.to_str().unwrap(), g]);
    assert_eq!(code, 1);
    assert!(text.contains("  lost-with-vcf: 1\n"), "{text}");
    assert!(text.contains("  missed-vcf: 1\n"), "{text}");
    assert!(
        text.contains("record 1, move 7: black had a VCF in 2 ("),
        "{text}"
    );
    let without = std::fs::read_to_string(without).unwrap();
    let with = std::fs::read_to_string(with).unwrap();
    let (a, b): (Vec<&str>, Vec<&str>) = (without.lines().collect(), with.lines().collect());
    assert_eq!(a.len(), 4);
    assert_eq!(a.len(), b.len());
    // The first ten columns are the same with and without --missed-wins.
    let first = |l: &str| l.split(',').take(10).collect::<Vec<_>>().join(",");
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(first(x), first(y));
    }
    assert!(b[1].contains("missed-vcf"), "{with}");
    assert!(b[2].contains("lost-with-vcf"), "{with}");
    assert!(!b[3].contains("vcf"), "{with}");
    // The depth counts the fours: the open four and its five need a depth of 1, and with 0
    // they are out of reach.
    let (text, _) = validate(&["--missed-wins", "--max-depth", "1", g]);
    assert!(text.contains("  missed-vcf: 1\n"), "{text}");
    let (text, _) = validate(&["--missed-wins", "--max-depth", "0", g]);
    assert!(!text.contains("vcf"), "{text}");
}
