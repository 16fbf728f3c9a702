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

/// Every finding the summary counts can be found (issue #26, 4): the findings report has a
/// row per finding with the VCF line in its detail, the HTML page lists the records whose
/// only findings are VCF ones (verdict `ok`) and offers their kinds in its filter, `filter
/// --finding` takes those kinds; the settings line names `--missed-wins` and its depth.
#[test]
fn every_vcf_finding_is_in_the_findings_report_the_page_and_filter() {
    let dir = common::Scratch::new("missed-findable");
    let games = dir.path("games.renju");
    std::fs::write(
        &games,
        "black h8 a1 i8 a2 j8 a3 b14 a4\n\
         white h8 a1 i8 a2 j8 a4\n\
         black h8 a1 i8 a2 j8 a4 k8 a6 l8\n",
    )
    .unwrap();
    let g = games.to_str().unwrap();
    let (findings, page) = (dir.path("findings.csv"), dir.path("page.html"));
    let (text, code) = validate(&[
        "--missed-wins",
        "--max-depth",
        "7",
        "--findings-report",
        findings.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
        g,
    ]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains(
            "settings: rules renju, convention lenient, claim policy claim; --missed-wins \
             --max-depth 7 ("
        ),
        "{text}"
    );
    // One row per finding the summary counts, each kind as often as the summary says.
    let mut reader = csv::Reader::from_path(&findings).unwrap();
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        ["file", "index", "id", "kind", "move", "detail"]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let missed = rows
        .iter()
        .find(|r| &r[3] == "missed-vcf")
        .expect("a missed-vcf row");
    assert_eq!((&missed[1], &missed[4]), ("1", "7"));
    // the detail holds the line: the moves of the VCF, as the summary's example
    assert!(
        missed[5].starts_with("black had a VCF in 2 (") && missed[5].contains(" k8"),
        "{missed:?}"
    );
    let lost = rows
        .iter()
        .find(|r| &r[3] == "lost-with-vcf")
        .expect("a lost-with-vcf row");
    assert_eq!((&lost[1], &lost[4]), ("2", ""));
    for kind in ["missed-vcf", "lost-with-vcf", "not-an-opening"] {
        let in_report = rows.iter().filter(|r| &r[3] == kind).count();
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{kind}: ")))
            .unwrap_or_else(|| panic!("{kind} in {text}"));
        let counted: usize = line.split(':').nth(1).unwrap().trim().parse().unwrap();
        assert_eq!(in_report, counted, "{kind}");
    }
    // The page lists record 2 (verdict ok, only a VCF finding) and offers the kind.
    let html = std::fs::read_to_string(&page).unwrap();
    let key = format!("data-record=\"{}:2\"", g);
    assert!(html.contains(&key), "record 2 is on the page");
    assert!(
        html.contains(">lost-with-vcf</option>"),
        "the filter offers lost-with-vcf"
    );
    assert!(
        html.contains(">missed-vcf</option>"),
        "the filter offers missed-vcf"
    );
    // filter --finding takes the VCF kinds and every other kind validate counts
    let out = dir.path("missed.renju");
    let run = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["filter", "--finding", "missed-vcf", "-o"])
        .arg(&out)
        .arg(&games)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("; 1 matched"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "black h8 a1 i8 a2 j8 a3 b14 a4\n"
    );
    for kind in [
        "first-move-off-centre",
        "illegal",
        "lapsed-foul",
        "lost-with-vcf",
        "moves-after-end",
        "not-an-opening",
        "opening-protocol",
        "result-mismatch",
        "unclaimed-overline",
        "unreadable",
    ] {
        let run = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
            .args(["filter", "--finding", kind, "-o"])
            .arg(dir.path("out.renju"))
            .arg(&games)
            .output()
            .unwrap();
        assert_eq!(
            run.status.code(),
            Some(0),
            "{kind}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let bad = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["filter", "--finding", "foul", "-o", "x.renju"])
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("missed-vcf"));
}
