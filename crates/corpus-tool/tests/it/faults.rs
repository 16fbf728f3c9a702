//! Faults around the audit: truncated files, invalid UTF-8 in names, folders that cannot be
//! read, reports that cannot be written, a full disk. Each gives a clear message, the exit
//! status 2 where the run itself failed, and never a partial report under the name asked for.

use crate::common;
use common::Scratch;

use corpus_tool::validate::{
    Io, Options, Row, RunError, Summary, audit_paths, audit_with_report, run_command, write_json,
};
use std::io::Write;
use std::path::{Path, PathBuf};

fn audit(paths: &[PathBuf]) -> (Summary, Vec<Row>) {
    let mut rows = Vec::new();
    let summary = audit_paths(
        paths,
        &Options::default(),
        &common::engine(2),
        &mut |r| rows.push(r.clone()),
        &mut |_| {},
    )
    .expect("audit runs");
    (summary, rows)
}

const GAME: &str = "black h8 h9 i8 h10 j7 g9 k6 l5 i9 j9";

fn io(paths: Vec<PathBuf>, report: Option<PathBuf>, json: Option<PathBuf>) -> Io {
    Io {
        report,
        json,
        quiet: true,
        ..Io::new(paths, corpus_tool::engine::Jobs::ONE)
    }
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn files_truncated_in_the_middle_of_a_record_report_that_record() {
    let s = Scratch::new("truncated");
    let cases: [(&str, String, &str); 4] = [
        ("cut.renju", format!("{GAME}\nblack h8 h9 i"), "ends too early"),
        (
            "cut.rif",
            "<?xml version=\"1.0\"?>\n<database><games>\n<game id=\"1\"><move>h8 h9</move></game>\n<game id=\"2\"><move>h8 h"
                .to_string(),
            "ends too early",
        ),
        ("cut.sgf", "(;GM[4]SZ[15];B[hh];W[hi])\n(;GM[4]SZ[15];B[hh];W[h".to_string(), "ends too early"),
        ("cut.psq", "Piskvorky 15x15, 7:7, 0\n8,8,0\n8,".to_string(), ""),
    ];
    for (name, text, why) in cases {
        let p = s.path(name);
        std::fs::write(&p, &text).unwrap();
        let (summary, rows) = audit(std::slice::from_ref(&p));
        assert!(!rows.is_empty(), "{name}");
        let last = rows.last().unwrap();
        assert_eq!(last.verdict.name(), "unreadable", "{name}: {last:?}");
        assert!(
            last.detail.starts_with(&p.display().to_string()),
            "{name}: {}",
            last.detail
        );
        assert!(last.detail.contains(why), "{name}: {}", last.detail);
        assert_eq!(summary.records, rows.len());
        assert_eq!(
            summary.unreadable,
            rows.iter()
                .filter(|r| r.verdict.name() == "unreadable")
                .count()
        );
        if name != "cut.psq" {
            assert_eq!(rows[0].index, 1);
            assert_ne!(
                rows[0].verdict.name(),
                "unreadable",
                "{name}: the whole record before the cut is read"
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn invalid_utf8_in_file_names_and_player_names_is_reported_lossily() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let s = Scratch::new("utf8");
    let name = OsStr::from_bytes(b"bad-\xFF\xFE-name.renju");
    let p = s.0.join(name);
    std::fs::write(&p, format!("{GAME}\nwhite h8 h9\n")).unwrap();
    let rif = s.path("names.rif");
    std::fs::write(
        &rif,
        b"<?xml version=\"1.0\"?><database><players><player id=\"1\" name=\"Ann\xFF\"/></players><games><game id=\"9\" black=\"1\"><move>h8</move></game></games></database>",
    )
    .unwrap();
    let mut csv = Vec::new();
    let summary = audit_with_report(
        std::slice::from_ref(&s.0),
        &Options::default(),
        &common::engine(2),
        Some(&mut csv),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(summary.records, 3);
    assert!(summary.file_problems.is_empty());
    let text = String::from_utf8(csv).expect("the report is UTF-8 whatever the names");
    assert!(
        text.contains("bad-\u{FFFD}\u{FFFD}-name.renju,1,"),
        "{text}"
    );
    assert!(text.contains("names.rif,1,9,"), "{text}");
}

/// A folder that cannot be listed (chmod 000). Root reads any folder, so as root (CI runs
/// as root) the command runs without the two capabilities that let it
/// (`setpriv --bounding-set -dac_override,-dac_read_search`), where the permission denies.
#[cfg(unix)]
#[test]
fn a_folder_that_cannot_be_read_is_named_and_the_rest_audited() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new("unreadable");
    std::fs::create_dir_all(s.path("archive/locked")).unwrap();
    std::fs::write(s.path("archive/a.renju"), format!("{GAME}\n")).unwrap();
    std::fs::write(s.path("archive/locked/b.renju"), format!("{GAME}\n")).unwrap();
    let locked = s.path("archive/locked");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let report = s.path("r.csv");
    let mut command = if std::fs::read_dir(&locked).is_ok() {
        // root (or CAP_DAC_READ_SEARCH): drop the capabilities for the command
        let found = std::process::Command::new("setpriv")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !renju_testdata::require(
            "setpriv (util-linux), to drop root's file capabilities",
            found,
        ) {
            return;
        }
        let mut c = std::process::Command::new("setpriv");
        c.args(["--bounding-set", "-dac_override,-dac_read_search", "--"])
            .arg(env!("CARGO_BIN_EXE_corpus-tool"));
        c
    } else {
        // as another user the library sees it too
        let (summary, rows) = audit(&[s.path("archive")]);
        assert_eq!(rows.len(), 1, "a.renju is audited");
        assert_eq!(summary.file_problems.len(), 1);
        std::process::Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
    };
    let out = command
        .args(["validate", "--json", "-", "--report"])
        .arg(&report)
        .arg(s.path("archive"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "the run failed part-way: {out:?}"
    );
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["records"], 1, "a.renju is audited");
    let problems = summary["file_problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0]["file"], locked.display().to_string());
    assert_eq!(problems[0]["kind"], "unreadable");
    assert!(
        problems[0]["reason"]
            .as_str()
            .unwrap()
            .starts_with("cannot list this folder: "),
        "{problems:?}"
    );
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("INCOMPLETE: 1 path could not be read"),
        "{text}"
    );
    assert_eq!(std::fs::read_to_string(&report).unwrap().lines().count(), 2);
}

/// A file whose reading fails even for root: a link, in the archive, to a file of `/proc`
/// that cannot be read from its start (`/proc/self/mem`: EIO). It is named, the rest audited.
#[cfg(target_os = "linux")]
#[test]
fn a_file_that_fails_to_read_is_named_and_the_rest_audited() {
    let s = Scratch::new("eio");
    std::fs::create_dir_all(s.path("archive")).unwrap();
    std::fs::write(s.path("archive/a.renju"), format!("{GAME}\n")).unwrap();
    std::os::unix::fs::symlink("/proc/self/mem", s.path("archive/b.renju")).unwrap();
    for jobs in [1, 2] {
        let mut rows = Vec::new();
        let summary = audit_paths(
            &[s.path("archive")],
            &Options::default(),
            &common::engine(jobs),
            &mut |r| rows.push(r.clone()),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(rows.len(), 1, "{jobs} jobs: a.renju is audited");
        assert_eq!(
            summary.file_problems.len(),
            1,
            "{:?}",
            summary.file_problems
        );
        let p = &summary.file_problems[0];
        assert!(p.file.ends_with("b.renju"), "{p:?}");
        assert_eq!(p.kind, corpus_tool::validate::ProblemKind::Unreadable);
        assert!(
            p.reason
                .contains(&std::io::Error::from_raw_os_error(5).to_string()),
            "{p:?}"
        );
        assert_eq!(summary.status(), 2);
    }
}

#[test]
fn a_file_that_vanishes_or_is_a_special_name_is_a_problem_not_a_panic() {
    let s = Scratch::new("missing");
    let e = audit_paths(
        &[s.path("nothing.renju")],
        &Options::default(),
        &common::engine(1),
        &mut |_| {},
        &mut |_| {},
    )
    .unwrap_err();
    assert!(e.file.ends_with("nothing.renju"));
    assert!(!e.reason.is_empty());
    let msg = run_command(
        &Options::default(),
        &io(vec![s.path("nothing.renju")], None, None),
    )
    .unwrap_err()
    .to_string();
    assert!(
        msg.starts_with("cannot read ") && msg.contains("nothing.renju"),
        "{msg}"
    );
}

#[test]
fn a_report_path_that_cannot_be_written_fails_the_run_and_leaves_nothing() {
    let s = Scratch::new("report");
    let games = s.path("g.renju");
    std::fs::write(&games, format!("{GAME}\n")).unwrap();
    // a folder that does not exist
    let msg = run_command(
        &Options::default(),
        &io(vec![games.clone()], Some(s.path("no/such/r.csv")), None),
    )
    .unwrap_err()
    .to_string();
    assert!(
        msg.starts_with("cannot write ") && msg.contains("r.csv"),
        "{msg}"
    );
    // the report is fine but the JSON path is in no folder: neither is left behind (nor a
    // temporary file)
    let msg = run_command(
        &Options::default(),
        &io(
            vec![games.clone()],
            Some(s.path("r.csv")),
            Some(s.path("gone/j.json")),
        ),
    )
    .unwrap_err()
    .to_string();
    assert!(msg.contains("j.json"), "{msg}");
    assert_eq!(names_in(&s.0), ["g.renju"]);
    // the JSON path is a folder
    std::fs::create_dir_all(s.path("j.json")).unwrap();
    let msg = run_command(
        &Options::default(),
        &io(
            vec![games.clone()],
            Some(s.path("r.csv")),
            Some(s.path("j.json")),
        ),
    )
    .unwrap_err()
    .to_string();
    assert!(msg.ends_with("j.json: it is a folder"), "{msg}");
    assert_eq!(names_in(&s.0), ["g.renju", "j.json"]);
    // and a good run writes both, no temporary file left
    std::fs::remove_dir(s.path("j.json")).unwrap();
    let code = run_command(
        &Options::default(),
        &io(vec![games], Some(s.path("r.csv")), Some(s.path("j.json"))),
    )
    .unwrap();
    assert!(code <= 1);
    assert_eq!(names_in(&s.0), ["g.renju", "j.json", "r.csv"]);
}

/// A writer that accepts `room` bytes, then fails as a full disk does.
struct FullDisk {
    room: usize,
    written: Vec<u8>,
}

impl Write for FullDisk {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.room == 0 {
            return Err(std::io::Error::from_raw_os_error(28)); // ENOSPC
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        self.written.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_full_disk_is_a_write_error_whatever_the_moment() {
    let s = Scratch::new("full");
    let games = s.path("g.renju");
    let text: String = (0..500).map(|_| format!("{GAME}\n")).collect();
    std::fs::write(&games, text).unwrap();
    for room in [0, 10, 100, 5_000, 40_000] {
        let mut disk = FullDisk {
            room,
            written: Vec::new(),
        };
        let e = audit_with_report(
            std::slice::from_ref(&games),
            &Options::default(),
            &common::engine(2),
            Some(&mut disk),
            &mut |_| {},
        )
        .unwrap_err();
        assert!(matches!(e, RunError::Write(_)), "{e}");
        assert!(
            e.to_string().starts_with("cannot write the report: "),
            "{e}"
        );
        assert_eq!(
            e.to_string(),
            format!(
                "cannot write the report: {}",
                std::io::Error::from_raw_os_error(28)
            )
        );
        assert!(disk.written.len() <= room);
    }
    // with room enough, the same run succeeds
    let mut disk = FullDisk {
        room: 1 << 20,
        written: Vec::new(),
    };
    let summary = audit_with_report(
        std::slice::from_ref(&games),
        &Options::default(),
        &common::engine(2),
        Some(&mut disk),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(summary.records, 500);
    assert_eq!(
        String::from_utf8(disk.written).unwrap().lines().count(),
        501
    );
    let mut disk = FullDisk {
        room: 50,
        written: Vec::new(),
    };
    assert!(write_json(&summary, &mut disk).is_err());
}

#[cfg(target_os = "linux")]
#[test]
fn dev_full_is_a_real_full_disk() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    let Ok(full) = full.map_err(|_| renju_testdata::require("/dev/full, writable", false)) else {
        return;
    };
    let s = Scratch::new("devfull");
    let games = s.path("g.renju");
    std::fs::write(&games, format!("{GAME}\n")).unwrap();
    let e = audit_with_report(
        std::slice::from_ref(&games),
        &Options::default(),
        &common::engine(2),
        Some(std::io::BufWriter::new(full)),
        &mut |_| {},
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains(&std::io::Error::from_raw_os_error(28).to_string()),
        "{e}"
    );
}

/// What root cannot read either: a link that loops and a link to nothing, inside a folder.
#[cfg(unix)]
#[test]
fn entries_that_cannot_be_examined_even_by_root_are_named_and_the_rest_audited() {
    let s = Scratch::new("links");
    std::fs::create_dir_all(s.path("archive")).unwrap();
    std::fs::write(s.path("archive/a.renju"), format!("{GAME}\n")).unwrap();
    std::os::unix::fs::symlink("loop", s.path("archive/loop")).unwrap();
    std::os::unix::fs::symlink("nowhere.renju", s.path("archive/gone.renju")).unwrap();
    std::os::unix::fs::symlink("..", s.path("archive/up")).unwrap();
    let (summary, rows) = audit(&[s.path("archive")]);
    assert_eq!(
        rows.len(),
        1,
        "a.renju once, even through the link up: {rows:?}"
    );
    let named: Vec<&str> = summary
        .file_problems
        .iter()
        .map(|p| p.file.as_str())
        .collect();
    assert_eq!(
        named,
        [
            s.path("archive/gone.renju").display().to_string(),
            s.path("archive/loop").display().to_string()
        ]
    );
    assert!(summary.file_problems.iter().all(|p| !p.reason.is_empty()));
    let code = run_command(
        &Options::default(),
        &io(vec![s.path("archive")], None, None),
    )
    .unwrap();
    assert_eq!(code, 2, "the run failed part-way");
}

/// `--report /dev/full`: a real full disk, written directly (never renamed over the device).
#[cfg(target_os = "linux")]
#[test]
fn the_command_line_reports_a_full_disk_with_status_2() {
    use std::os::unix::fs::FileTypeExt;
    let full = Path::new("/dev/full");
    if !renju_testdata::require(
        "/dev/full as a character device",
        std::fs::metadata(full).is_ok_and(|m| m.file_type().is_char_device()),
    ) {
        return;
    }
    let s = Scratch::new("cli-full");
    let games = s.path("g.renju");
    std::fs::write(&games, format!("{GAME}\n")).unwrap();
    for flag in ["--report", "--json"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
            .args(["validate", "--quiet", flag, "/dev/full"])
            .arg(&games)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("cannot write /dev/full: ")
                && err.contains(&std::io::Error::from_raw_os_error(28).to_string()),
            "{flag}: {err}"
        );
        assert!(
            std::fs::metadata(full).is_ok_and(|m| m.file_type().is_char_device()),
            "/dev/full is still the device"
        );
        assert!(!Path::new("/dev/full.partial").exists());
    }
    // a folder as the report is refused before the audit
    let msg = run_command(
        &Options::default(),
        &io(vec![games], Some(s.0.clone()), None),
    )
    .unwrap_err()
    .to_string();
    assert!(msg.ends_with("it is a folder"), "{msg}");
}
