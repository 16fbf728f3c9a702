//! `corpus-tool validate` as an arbiter runs it: summary, CSV report, JSON, exit status,
//! accounting, bad paths and unwritable reports.

use crate::common;
use common::Scratch;

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read_report(path: &Path) -> Vec<csv::StringRecord> {
    let mut r = csv::Reader::from_path(path).expect("report exists");
    let header = r.headers().unwrap().clone();
    assert_eq!(
        header.iter().take(10).collect::<Vec<_>>(),
        [
            "file",
            "index",
            "id",
            "moves",
            "declared",
            "end",
            "end_move",
            "continues",
            "verdict",
            "detail"
        ]
    );
    r.records().map(|x| x.expect("report row parses")).collect()
}

#[test]
fn mixed_folder_every_record_once_and_totals_add_up() {
    let s = Scratch::new("mixed");
    std::fs::create_dir_all(s.path("archive/sub")).unwrap();
    std::fs::write(
        s.path("archive/games.renju"),
        "black h8 h9 i8 i9 j8 j9 k8 k9 l8\n\
         white h8 h9 zz9 i9\n\
         \n\
         winner h8 h9\n\
         white h8 h8\n\
         black h8 i9 h9 i10 h10\n",
    )
    .unwrap();
    std::fs::write(
        s.path("archive/sub/game.sgf"),
        "(;GM[4]FF[4]SZ[15]RE[W+R];B[hh];W[hg];B[ig])",
    )
    .unwrap();
    std::fs::copy(
        repo().join("corpus/records/small.rif"),
        s.path("archive/sub/db.rif"),
    )
    .unwrap();
    let report = s.path("report.csv");
    let json = s.path("summary.json");
    let out = bin()
        .args(["validate", "--report"])
        .arg(&report)
        .arg("--json")
        .arg(&json)
        .arg(s.path("archive"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        out.stderr.is_empty(),
        "stderr must stay quiet: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = read_report(&report);
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let records = summary["records"].as_u64().unwrap() as usize;
    assert_eq!(rows.len(), records);
    let verdict_total: u64 = summary["verdicts"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(verdict_total as usize, records);
    let end_total: u64 = summary["ends"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(end_total as usize, records);
    // Each (file, index) exactly once, and indexes run 1..=n within each file.
    let mut per_file: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    for r in &rows {
        per_file
            .entry(r[0].to_string())
            .or_default()
            .push(r[1].parse().unwrap());
    }
    for (file, idx) in &per_file {
        assert_eq!(*idx, (1..=idx.len()).collect::<Vec<_>>(), "{file}");
    }
    // The .renju file: five records (the blank line is none).
    let renju: Vec<&csv::StringRecord> = rows
        .iter()
        .filter(|r| r[0].ends_with("games.renju"))
        .collect();
    assert_eq!(renju.len(), 5);
    assert_eq!(
        (&renju[0][5], &renju[0][6], &renju[0][8]),
        ("black-five", "9", "ok")
    );
    // An unknown coordinate is an unreadable move: the game is illegal at move 3.
    assert_eq!(&renju[1][8], "illegal");
    assert!(renju[1][9].contains("move 3"), "{:?}", renju[1]);
    // A broken result word makes the record unreadable, with its place.
    assert_eq!(&renju[2][8], "unreadable");
    assert!(renju[2][9].contains("record 3, line 4"), "{:?}", renju[2]);
    assert_eq!((&renju[3][8], &renju[4][8]), ("illegal", "ok"));
    assert!(stdout.contains("unreadable"), "{stdout}");
    assert!(stdout.contains("settings: rules renju, convention lenient, claim policy claim"));
    // The SGF game: three moves, declared White (resignation), opening 6D.
    let sgf = rows.iter().find(|r| r[0].ends_with("game.sgf")).unwrap();
    assert_eq!((&sgf[3], &sgf[4], &sgf[8]), ("3", "white", "ok"));
}

#[test]
fn clean_archive_exits_zero_and_sample_skips() {
    let s = Scratch::new("clean");
    let mut text = String::new();
    for _ in 0..10 {
        text.push_str("white h8 h9 h10 i10\n");
    }
    std::fs::write(s.path("a.renju"), &text).unwrap();
    let out = bin()
        .arg("validate")
        .arg(s.path("a.renju"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let report = s.path("r.csv");
    let out = bin()
        .args(["validate", "--sample", "3", "--jobs", "1", "--report"])
        .arg(&report)
        .arg(s.path("a.renju"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let idx: Vec<String> = read_report(&report)
        .iter()
        .map(|r| r[1].to_string())
        .collect();
    assert_eq!(idx, ["1", "4", "7", "10"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "records: 10 read, 4 audited (every 3rd), 6 not sampled (no row), 0 unreadable"
        ),
        "{stdout}"
    );
    let summary: serde_json::Value = {
        let json = s.path("s.json");
        let out = bin()
            .args(["validate", "--sample", "3", "--json"])
            .arg(&json)
            .arg(s.path("a.renju"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap()
    };
    assert_eq!(
        (
            &summary["records"],
            &summary["not_sampled"],
            &summary["settings"]["sample"]
        ),
        (
            &serde_json::json!(4),
            &serde_json::json!(6),
            &serde_json::json!(3)
        )
    );
}

#[test]
fn the_run_fails_with_status_2_and_no_partial_report() {
    let s = Scratch::new("fail");
    let out = bin()
        .args(["validate"])
        .arg(s.path("does-not-exist"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does-not-exist"));
    std::fs::write(s.path("a.renju"), "black h8\n").unwrap();
    let report = s.path("no-such-dir/r.csv");
    let out = bin()
        .args(["validate", "--report"])
        .arg(&report)
        .arg(s.path("a.renju"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write"));
    assert!(!report.exists());
    let out = bin()
        .args(["validate", "--rules", "chess"])
        .arg(s.path("a.renju"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn conventions_and_policies_are_said_and_used() {
    let out = bin()
        .args([
            "validate",
            "--strict",
            "--claim",
            "foul-loses",
            "--rules",
            "renju",
        ])
        .arg(repo().join("corpus/games"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("convention strict, claim policy foul-loses"),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Counts a CSV report by hand: verdicts, ends and finding kinds (the `;`-separated column).
fn count_report(rows: &[csv::StringRecord]) -> [std::collections::BTreeMap<String, u64>; 3] {
    let mut counts: [std::collections::BTreeMap<String, u64>; 3] = Default::default();
    for r in rows {
        *counts[0].entry(r[8].to_string()).or_default() += 1;
        *counts[1].entry(r[5].to_string()).or_default() += 1;
        for kind in r[10].split(';').filter(|k| !k.is_empty()) {
            *counts[2].entry(kind.to_string()).or_default() += 1;
        }
    }
    counts
}

#[test]
fn the_report_alone_reproduces_every_count_of_the_summary() {
    let s = Scratch::new("reproduce");
    let (report, json) = (s.path("r.csv"), s.path("s.json"));
    let out = bin()
        .args(["validate", "--quiet", "--report"])
        .arg(&report)
        .arg("--json")
        .arg(&json)
        .arg(repo().join("corpus"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let rows = read_report(&report);
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let [verdicts, ends, findings] = count_report(&rows);
    let as_map = |v: &serde_json::Value| -> std::collections::BTreeMap<String, u64> {
        v.as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
            .collect()
    };
    assert_eq!(verdicts, as_map(&summary["verdicts"]));
    assert_eq!(ends, as_map(&summary["ends"]));
    let summary_findings: std::collections::BTreeMap<String, u64> = summary["findings"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(findings, summary_findings);
    assert_eq!(rows.len() as u64, summary["records"].as_u64().unwrap());
    assert_eq!(
        verdicts.get("unreadable").copied().unwrap_or(0),
        summary["unreadable"].as_u64().unwrap()
    );
    // the corpus holds every kind the column must carry besides the analyzer's findings
    for kind in ["illegal", "result-mismatch", "unreadable", "lapsed-foul"] {
        assert!(
            findings.get(kind).is_some_and(|&n| n > 0),
            "{kind}: {findings:?}"
        );
    }
    // a mismatch row names its kind in the column (it was left empty before)
    let mismatch = rows.iter().find(|r| &r[8] == "result-mismatch").unwrap();
    assert!(
        mismatch[10].split(';').any(|k| k == "result-mismatch"),
        "{mismatch:?}"
    );
}

#[test]
fn a_record_file_holding_no_record_is_a_file_problem_never_a_clean_run() {
    let s = Scratch::new("no-records");
    std::fs::create_dir_all(s.path("archive")).unwrap();
    std::fs::write(s.path("archive/good.renju"), "white h8 h9 h10 i10\n").unwrap();
    std::fs::write(s.path("archive/empty.renju"), "# only a comment\n\n").unwrap();
    std::fs::write(
        s.path("archive/other.rif"),
        "<?xml version=\"1.0\"?>\n<settings><window x=\"3\"/></settings>\n",
    )
    .unwrap();
    std::fs::write(s.path("archive/notes.md"), "# notes, not records\n").unwrap();
    let json = s.path("s.json");
    let out = bin()
        .args(["validate", "--json"])
        .arg(&json)
        .arg(s.path("archive"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("findings: none"), "{stdout}");
    for name in ["empty.renju", "other.rif"] {
        assert!(
            stdout.lines().any(|l| l.starts_with("file not audited: ")
                && l.contains(name)
                && l.contains("no record in this file")),
            "{name}: {stdout}"
        );
    }
    assert!(!stdout.contains("INCOMPLETE"), "{stdout}");
    assert!(
        stdout.contains("skipped 1 file in no record format: 1 in "),
        "{stdout}"
    );
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let problems = summary["file_problems"].as_array().unwrap();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems.iter().all(|p| p["kind"] == "no-records"));
    assert_eq!(summary["files"], 1);
}

#[test]
fn dot_files_are_listed_as_skipped_with_the_reason() {
    let s = Scratch::new("hidden");
    std::fs::create_dir_all(s.path("archive/.git")).unwrap();
    std::fs::write(s.path("archive/.git/x.renju"), "white h8 h9\n").unwrap();
    std::fs::write(s.path("archive/.draft.renju"), "white h8 h9\n").unwrap();
    std::fs::write(s.path("archive/a.renju"), "white h8 h9 h10 i10\n").unwrap();
    let json = s.path("s.json");
    let out = bin()
        .args(["validate", "--json"])
        .arg(&json)
        .arg(s.path("archive"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("skipped 2 entries, hidden (the name starts with a dot): "),
        "{stdout}"
    );
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let skipped: Vec<&str> = summary["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            assert_eq!(e["reason"], "hidden");
            e["path"].as_str().unwrap()
        })
        .collect();
    assert_eq!(skipped.len(), 2);
    assert!(skipped[0].ends_with(".draft.renju") && skipped[1].ends_with(".git"));
    assert_eq!(summary["records"], 1);
    // a dot-file named on the command line is read like any other
    let out = bin()
        .arg("validate")
        .arg(s.path("archive/.draft.renju"))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("audited 1 record in 1 file in "));
}

#[test]
fn settings_are_an_object_in_the_json_summary() {
    let s = Scratch::new("settings");
    std::fs::write(s.path("a.renju"), "white h8 h9 h10 i10\n").unwrap();
    let json = s.path("s.json");
    let out = bin()
        .args([
            "validate", "--strict", "--claim", "refuse", "--format", "renju", "--json",
        ])
        .arg(&json)
        .arg(s.path("a.renju"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(
        summary["settings"],
        serde_json::json!({
            "rules": "renju", "convention": "strict", "claim_policy": "refuse",
            "sample": 1, "format": "renju", "orientation": null
        })
    );
}

/// A RenjuNet database mixing renju and gomoku games (a rule of category 2, named nothing
/// the opening rules know): the gomoku game is audited under renju as asked, with a
/// `rules-differ` note saying its database calls it gomoku; `--rules freestyle` drops it.
#[test]
fn a_gomoku_category_rule_in_a_rif_database_is_noted() {
    let dir = Scratch::new("rif-category");
    let rif = dir.path("mixed.rif");
    std::fs::write(
        &rif,
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database version=\"1.0\">\n\
<rules><rule id=\"1\" name=\"RIF\" category=\"1\"/><rule id=\"9\" name=\"Pro gomoku\" category=\"2\"/></rules>\n\
<games>\n<game id=\"1\" rule=\"1\" bresult=\"0.5\"><move>h8 h9 i8</move></game>\n\
<game id=\"2\" rule=\"9\" bresult=\"0.5\"><move>h8 h9 i8</move></game>\n</games>\n</database>\n",
    )
    .unwrap();
    let run = |extra: &[&str]| {
        let out = bin()
            .arg("validate")
            .args(extra)
            .arg(&rif)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(&[]);
    assert!(text.contains("rules-differ: 1"), "{text}");
    assert!(
        text.contains("record 2") && text.contains("Pro gomoku is a gomoku rule in its database"),
        "{text}"
    );
    let free = run(&["--rules", "freestyle"]);
    assert!(!free.contains("rules-differ"), "{free}");
}

/// One rule for inputs that hold no record (issue #26, 9): an empty file, whatever its
/// name, or a file named that is in no format read, is a file problem named in the
/// summary, exit status 1, never "could not be read"; empty counts print `none`; `-` is
/// standard input.
#[test]
fn an_input_holding_no_record_is_a_file_problem_and_dash_is_standard_input() {
    let s = Scratch::new("empty");
    std::fs::write(s.path("empty.renju"), "").unwrap();
    std::fs::write(s.path("empty.txt"), "").unwrap();
    std::fs::write(s.path("blank.sgf"), "\n  \n").unwrap();
    std::fs::write(s.path("prose.txt"), "a letter, not a game\n").unwrap();
    for name in ["empty.renju", "empty.txt", "blank.sgf", "prose.txt"] {
        let out = bin().arg("validate").arg(s.path(name)).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{name}: {stdout}");
        assert!(!stdout.contains("INCOMPLETE"), "{name}: {stdout}");
        assert!(
            stdout.lines().any(|l| l.starts_with("file not audited: ")
                && l.contains(name)
                && l.contains("no record in this file")),
            "{name}: {stdout}"
        );
        assert!(
            stdout.contains("\nverdicts: none\nends: none\n"),
            "{name}: {stdout}"
        );
        assert!(
            stdout.starts_with("audited 0 records in 0 files in "),
            "{stdout}"
        );
    }
    // standard input, in any format told from its content
    let mut child = bin()
        .args([
            "validate",
            "--report",
            &s.path("r.csv").display().to_string(),
            "-",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(b"(;GM[4]FF[4]SZ[15]RE[W+R];B[hh];W[hg];B[ig])")
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with("audited 1 record in 1 file in "),
        "{stdout}"
    );
    let rows = read_report(&s.path("r.csv"));
    assert_eq!((&rows[0][0], &rows[0][3], &rows[0][4]), ("-", "3", "white"));
}

/// A 19x19 game under renju is illegal for its board, not for a move: the summary's example
/// and the findings report name no move (no `move 0`).
#[test]
fn a_board_of_the_wrong_size_is_a_finding_at_no_move() {
    let s = Scratch::new("board19");
    // three moves on a 19x19 board (jj is the centre of 19x19, off the 15x15 centre)
    std::fs::write(
        s.path("g19.sgf"),
        "(;GM[4]SZ[19]PB[a]PW[b]RE[B+R];B[jj];W[jk];B[kk])\n",
    )
    .unwrap();
    let findings = s.path("f.csv");
    let out = bin()
        .args(["validate", "--findings-report"])
        .arg(&findings)
        .arg(s.path("g19.sgf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let example = stdout
        .lines()
        .find(|l| l.contains("g19.sgf record 1"))
        .unwrap_or_else(|| panic!("an example names the record: {stdout}"));
    assert!(
        example.trim_start().starts_with(&format!(
            "{} record 1: a 19x19 board under renju rules",
            s.path("g19.sgf").display()
        )),
        "{example}"
    );
    assert!(!stdout.contains("move 0"), "{stdout}");
    let mut r = csv::Reader::from_path(&findings).unwrap();
    let header = r.headers().unwrap().clone();
    let at = header
        .iter()
        .position(|h| h == "move")
        .expect("a move column");
    let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 1, "one finding: {rows:?}");
    assert_eq!(&rows[0][at], "", "no move: {rows:?}");
}

/// Binary data under a text format's name (an executable, an image, a compressed archive
/// named `.renju` or `.sgf`) is one problem of its file, naming it, not a record per line
/// that happens to end in a line feed; a text with a few stray control bytes is read as text,
/// its good records kept. The same in line mode (a large file, 2 jobs) and record by record.
#[test]
fn binary_data_under_a_text_formats_name_is_one_file_problem() {
    let s = Scratch::new("binary");
    // bytes of a binary file: NULs and other control bytes among printable ones and line
    // feeds, as in an executable
    let binary: Vec<u8> = (0..400_000u32)
        .map(|i| match i % 7 {
            0 => 0,
            1 => b'\n',
            2 => 0x03,
            _ => b'a' + (i % 26) as u8,
        })
        .collect();
    std::fs::write(s.path("large.renju"), &binary).unwrap();
    std::fs::write(s.path("small.renju"), &binary[..3000]).unwrap();
    std::fs::write(s.path("game.sgf"), &binary[..3000]).unwrap();
    let mut stray = b"white h8 h9 h10 i10\n".repeat(3);
    stray.extend_from_slice(b"black h8 \x00 h9\nblack h8 i9 h10\n");
    std::fs::write(s.path("stray.renju"), &stray).unwrap();
    for jobs in ["1", "2"] {
        let out = bin()
            .args(["validate", "--jobs", jobs])
            .args(["large.renju", "small.renju", "game.sgf", "stray.renju"].map(|n| s.path(n)))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        for name in ["large.renju", "small.renju", "game.sgf"] {
            let line = stdout
                .lines()
                .find(|l| l.starts_with("file not audited: ") && l.contains(name))
                .unwrap_or_else(|| panic!("{name} not named: {stdout}"));
            assert!(line.contains("it is not text"), "{line}");
            assert!(line.contains("control character at byte 0"), "{line}");
        }
        // the text with one stray NUL: its 5 games read, the one with the NUL up to it, named
        assert!(stdout.contains("records: 5 read, 0 unreadable"), "{stdout}");
        assert!(
            stdout.contains("stray.renju record 4, move 2: move 2 '\\u{0}' cannot be read"),
            "{stdout}"
        );
    }
}
