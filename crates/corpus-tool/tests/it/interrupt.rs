//! A long run stopped by a real signal (issue #26, 2): the reading stops, the records in
//! flight are finished, the summary says it was interrupted and how many records were not
//! reached, the files hold what was done under names that say they are partial (no
//! temporary file left), and the exit status is 130.

use crate::common::Scratch;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const GAMES: [&str; 4] = [
    "black h8 h9 i8 h10 j7 g9 k6 l5 i9 j9",
    "white h8 h9 i8 i9 j8 j9 k8 k9 l8",
    "unknown h8 i9 g7 f6 j9 i10 i7",
    "black h8 i9 h9 i10 h10",
];
/// Records of the archive: enough that no machine audits them all before the signal comes
/// (the signal is sent once the report has grown past [`GROWN`], a small part of it).
const RECORDS: usize = 300_000;
const GROWN: u64 = 100_000;

fn archive(dir: &Scratch) -> PathBuf {
    let path = dir.path("big.renju");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for i in 0..RECORDS {
        writeln!(f, "{}", GAMES[i % GAMES.len()]).unwrap();
    }
    f.flush().unwrap();
    path
}

/// Waits until a temporary file of `dir` whose name starts with `prefix` has grown past
/// [`GROWN`] bytes (the run is under way and far from its end).
fn wait_until_grown(dir: &Path, prefix: &str) {
    let start = Instant::now();
    loop {
        let grown = std::fs::read_dir(dir).unwrap().flatten().any(|e| {
            e.file_name().to_string_lossy().starts_with(prefix)
                && e.metadata().is_ok_and(|m| m.len() > GROWN)
        });
        if grown {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the run did not get under way"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn signal(pid: u32, name: &str) {
    let status = Command::new("kill")
        .arg(format!("-{name}"))
        .arg(pid.to_string())
        .status()
        .expect("kill runs");
    assert!(status.success());
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The two numbers of `INTERRUPTED by SIG: ... cover the N records audited; M records not
/// reached`.
fn interrupted_counts(text: &str, signal: &str) -> (usize, usize) {
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("INTERRUPTED by {signal}: ")))
        .unwrap_or_else(|| panic!("no INTERRUPTED line: {text}"));
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit() && c != ',')
        .map(|w| w.replace(',', ""))
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(numbers.len(), 2, "{line}");
    (numbers[0], numbers[1])
}

#[cfg(unix)]
#[test]
fn validate_stopped_by_sigint_says_what_it_audited_and_keeps_it_as_partial() {
    for jobs in ["1", "2"] {
        let dir = Scratch::new(&format!("sigint-{jobs}"));
        let big = archive(&dir);
        let out = dir.path("out");
        std::fs::create_dir(&out).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
            .args(["validate", "--jobs", jobs, "--report"])
            .arg(out.join("r.csv"))
            .arg("--json")
            .arg(out.join("s.json"))
            .arg("--findings-report")
            .arg(out.join("f.csv"))
            .arg(&big)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        wait_until_grown(&out, ".r.csv.");
        signal(child.id(), "INT");
        let done = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&done.stdout);
        assert_eq!(done.status.code(), Some(130), "{jobs} jobs: {stdout}");
        let (audited, not_reached) = interrupted_counts(&stdout, "SIGINT");
        assert!(audited > 0 && not_reached > 0, "{stdout}");
        assert_eq!(
            audited + not_reached,
            RECORDS,
            "every record audited or counted"
        );
        // the files hold what was audited, under partial names; no temporary file is left
        assert_eq!(
            names(&out),
            ["f.partial.csv", "r.partial.csv", "s.partial.json"],
            "{stdout}"
        );
        let mut report = csv::Reader::from_path(out.join("r.partial.csv")).unwrap();
        let indexes: Vec<usize> = report
            .records()
            .map(|r| r.unwrap()[1].parse().unwrap())
            .collect();
        assert_eq!(
            indexes,
            (1..=audited).collect::<Vec<_>>(),
            "a prefix, in order"
        );
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("s.partial.json")).unwrap())
                .unwrap();
        assert_eq!(json["records"], audited);
        assert_eq!(
            json["interrupted"],
            serde_json::json!({"by": "SIGINT", "not_reached": not_reached, "counted": true})
        );
        assert!(
            stdout.contains("r.partial.csv"),
            "the summary names the files: {stdout}"
        );
    }
}

#[cfg(unix)]
#[test]
fn filter_stopped_by_sigterm_keeps_the_matches_as_partial() {
    let dir = Scratch::new("sigterm");
    let big = archive(&dir);
    let out = dir.path("out");
    std::fs::create_dir(&out).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["filter", "--jobs", "2", "--declared", "black", "-o"])
        .arg(out.join("black.renju"))
        .arg(&big)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until_grown(&out, ".black.renju.");
    signal(child.id(), "TERM");
    let done = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&done.stdout);
    assert_eq!(done.status.code(), Some(130), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("INTERRUPTED: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(line.contains("records not reached"), "{line}");
    assert_eq!(names(&out), ["black.partial.renju"]);
    let kept = std::fs::read_to_string(out.join("black.partial.renju")).unwrap();
    assert!(kept.lines().count() > 0);
    assert!(kept.lines().all(|l| l.starts_with("black ")));
}

/// A third signal ends the run at once, and the outputs' temporary files go with it (a
/// partial output already renamed may stay, under its partial name).
#[test]
fn a_third_signal_ends_the_run_and_leaves_no_temporary_file() {
    let dir = Scratch::new("third");
    let big = archive(&dir);
    let out = dir.path("out");
    std::fs::create_dir(&out).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["validate", "--jobs", "2", "--report"])
        .arg(out.join("r.csv"))
        .arg("--json")
        .arg(out.join("r.json"))
        .arg(&big)
        .arg(&big)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until_grown(&out, ".r.csv.");
    for _ in 0..3 {
        signal(child.id(), "INT");
    }
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(130), "{stderr}");
    let left = names(&out);
    assert!(
        left.iter().all(|n| !n.starts_with('.')),
        "no temporary file left: {left:?}"
    );
}

/// `convert` writes its output whole at the end: a signal ends it at once, with no temporary
/// file left and a word on stderr (or, if it came after the end, the output is complete).
#[test]
fn convert_stopped_leaves_no_temporary_file() {
    let dir = Scratch::new("convertstop");
    let big = archive(&dir);
    let out = dir.path("out");
    std::fs::create_dir(&out).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .arg("convert")
        .arg(&big)
        .arg(out.join("o.sgf"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(150));
    signal(child.id(), "INT");
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    match done.status.code() {
        Some(130) => {
            assert!(stderr.contains("stopped by SIGINT"), "{stderr}");
            assert!(names(&out).is_empty(), "{:?}", names(&out));
        }
        Some(0) => assert_eq!(names(&out), ["o.sgf"]),
        other => panic!("{other:?}: {stderr}"),
    }
}

/// An interrupted `search` names where its report of the records read went.
#[test]
fn search_stopped_names_its_partial_report() {
    let dir = Scratch::new("searchstop");
    let big = archive(&dir);
    let out = dir.path("out");
    std::fs::create_dir(&out).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["search", "--jobs", "2", "--position", "h8", "--report"])
        .arg(out.join("s.csv"))
        .arg(&big)
        .arg(&big)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until_grown(&out, ".s.csv.");
    signal(child.id(), "INT");
    let done = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&done.stdout);
    assert_eq!(done.status.code(), Some(130), "{stdout}");
    let kept = out.join("s.partial.csv");
    assert!(
        stdout.contains(&format!(
            "the report of the records read: {} (partial)",
            kept.display()
        )),
        "{stdout}"
    );
    assert_eq!(names(&out), ["s.partial.csv"]);
}
