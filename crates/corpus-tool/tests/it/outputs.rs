//! Every output is written through `AtomicFile` (issue #26, 1): through a symbolic link to
//! its target (the link stays a link), to standard output for `-` and `/dev/stdout` (never
//! replacing the system's link), atomically to a regular file (its permissions kept, no
//! temporary file left), directly to a device.

use crate::common::Scratch;
use corpus_tool::output::AtomicFile;
use std::io::Write;
use std::path::Path;
use std::process::Command;

const GAMES: &str = "black h8 h9 i8 h10 j7 g9 k6 l5 i9 j9\nwhite h8 h9\n";

fn tool() -> Command {
    Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
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

#[cfg(unix)]
#[test]
fn a_report_through_a_link_writes_the_target_and_keeps_the_link() {
    let s = Scratch::new("link");
    let games = s.path("g.renju");
    std::fs::write(&games, GAMES).unwrap();
    std::fs::create_dir(s.path("real")).unwrap();
    std::fs::write(s.path("real/report.csv"), "stale\n").unwrap();
    std::os::unix::fs::symlink("real/report.csv", s.path("link.csv")).unwrap();
    // a link to a file that does not exist yet, and a link to that link
    std::os::unix::fs::symlink("real/new.json", s.path("new.json")).unwrap();
    std::os::unix::fs::symlink("new.json", s.path("chain.json")).unwrap();
    let out = tool()
        .args(["validate", "--quiet", "--report"])
        .arg(s.path("link.csv"))
        .arg("--json")
        .arg(s.path("chain.json"))
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    for link in ["link.csv", "new.json", "chain.json"] {
        let meta = std::fs::symlink_metadata(s.path(link)).unwrap();
        assert!(meta.file_type().is_symlink(), "{link} is still a link");
    }
    let report = std::fs::read_to_string(s.path("real/report.csv")).unwrap();
    assert!(
        report.starts_with("file,index,id,"),
        "the target is written: {report}"
    );
    assert_eq!(report.lines().count(), 3);
    let json = std::fs::read_to_string(s.path("real/new.json")).unwrap();
    assert!(json.contains("\"records\": 2"), "{json}");
    // no temporary file is left, beside the links or beside the targets
    assert_eq!(
        names(&s.0),
        ["chain.json", "g.renju", "link.csv", "new.json", "real"]
    );
    assert_eq!(names(&s.path("real")), ["new.json", "report.csv"]);
}

#[cfg(unix)]
#[test]
fn a_link_loop_is_refused_and_nothing_is_written() {
    let s = Scratch::new("loop");
    std::fs::write(s.path("g.renju"), GAMES).unwrap();
    std::os::unix::fs::symlink("b.csv", s.path("a.csv")).unwrap();
    std::os::unix::fs::symlink("a.csv", s.path("b.csv")).unwrap();
    let out = tool()
        .args(["validate", "--report"])
        .arg(s.path("a.csv"))
        .arg(s.path("g.renju"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot write") && err.contains("a.csv"),
        "{err}"
    );
    assert_eq!(names(&s.0), ["a.csv", "b.csv", "g.renju"]);
}

#[test]
fn a_dash_is_standard_output_and_the_summary_goes_to_stderr() {
    let s = Scratch::new("dash");
    let games = s.path("g.renju");
    std::fs::write(&games, GAMES).unwrap();
    let out = tool()
        .args(["validate", "--report", "-"])
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut rows = csv::Reader::from_reader(stdout.as_bytes());
    assert_eq!(
        rows.records().count(),
        2,
        "the CSV alone on stdout: {stdout}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("audited 2 records in 1 file"), "{stderr}");
    // two outputs on standard output are refused
    let out = tool()
        .args(["validate", "--report", "-", "--json", "-"])
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // the archive commands take `-` too
    let out = tool()
        .args(["filter", "--declared", "black", "-o", "-"])
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "black h8 h9 i8 h10 j7 g9 k6 l5 i9 j9\n"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 matched"));
    let out = tool()
        .args(["dedupe", "--min-moves", "1", "--report", "-"])
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("group,kind,file,")
    );
}

/// `--report /dev/stdout`: the process's standard output (a pipe here), never a file put in
/// place of the system's `/dev/stdout` link (which root could do).
#[cfg(target_os = "linux")]
#[test]
fn dev_stdout_is_written_not_replaced() {
    let s = Scratch::new("devstdout");
    let games = s.path("g.renju");
    std::fs::write(&games, GAMES).unwrap();
    let before = std::fs::symlink_metadata("/dev/stdout")
        .ok()
        .map(|m| m.file_type().is_symlink());
    let out = tool()
        .args(["validate", "--report", "/dev/stdout"])
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("file,index,id,"), "{stdout}");
    let after = std::fs::symlink_metadata("/dev/stdout")
        .ok()
        .map(|m| m.file_type().is_symlink());
    assert_eq!(before, after, "/dev/stdout is what it was");
    assert!(!Path::new("/dev/.stdout").exists());
}

/// A file replaced keeps its permissions; the file appears whole (no temporary file left),
/// and `AtomicFile` syncs before it renames (a commit that cannot sync fails).
#[cfg(unix)]
#[test]
fn a_file_replaced_keeps_its_mode_and_no_temporary_file_is_left() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new("mode");
    let target = s.path("out.csv");
    std::fs::write(&target, "old\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let mut f = AtomicFile::create(&target).unwrap();
    f.write_all(b"new\n").unwrap();
    assert_eq!(
        std::fs::read(&target).unwrap(),
        b"old\n",
        "old until committed"
    );
    assert_eq!(names(&s.0).len(), 2, "the temporary file beside it");
    assert!(
        names(&s.0)
            .iter()
            .any(|n| n.starts_with(".out.csv.") && n.ends_with(".partial"))
    );
    f.commit().unwrap();
    assert_eq!(std::fs::read(&target).unwrap(), b"new\n");
    let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert_eq!(names(&s.0), ["out.csv"]);
    // dropped without a commit: nothing left, the old file untouched
    let mut f = AtomicFile::create(&target).unwrap();
    f.write_all(b"lost\n").unwrap();
    drop(f);
    assert_eq!(names(&s.0), ["out.csv"]);
    assert_eq!(std::fs::read(&target).unwrap(), b"new\n");
    // after an interrupted run, what was written is kept under a name that says so
    let mut f = AtomicFile::create(&target).unwrap();
    f.write_all(b"half\n").unwrap();
    let kept = f.commit_partial().unwrap();
    assert_eq!(kept, s.path("out.partial.csv"));
    assert_eq!(names(&s.0), ["out.csv", "out.partial.csv"]);
}

/// A device is written directly: `/dev/null` takes everything and stays a device.
#[cfg(target_os = "linux")]
#[test]
fn a_device_is_written_directly() {
    use std::os::unix::fs::FileTypeExt;
    let mut f = AtomicFile::create(Path::new("/dev/null")).unwrap();
    f.write_all(b"anything\n").unwrap();
    f.commit().unwrap();
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert!(!Path::new("/dev/.null").exists());
}

/// An output that is one of the run's inputs is refused, and the input is left as it was:
/// an archive named as the report, a file found in a folder walked, a file converted onto
/// itself, a book given as the report of its own query or as its own export (or another
/// book as the export).
#[cfg(unix)]
#[test]
fn an_input_is_never_written_over() {
    let s = Scratch::new("input");
    let games = s.path("g.renju");
    std::fs::write(&games, GAMES).unwrap();
    std::fs::create_dir(s.path("d")).unwrap();
    std::fs::write(s.path("d/h.renju"), GAMES).unwrap();
    let check = |args: &[&std::ffi::OsStr], target: &Path, before: &[u8]| {
        let out = tool().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("an input of this run") || err.contains("an SQLite database"),
            "{args:?}: {err}"
        );
        assert_eq!(std::fs::read(target).unwrap(), before, "{args:?}");
    };
    let os = |x: &str| std::ffi::OsString::from(x);
    let p = |x: &Path| x.as_os_str().to_os_string();
    // the report named as the archive, through a link too
    std::os::unix::fs::symlink("g.renju", s.path("link.csv")).unwrap();
    for report in [games.clone(), s.path("link.csv")] {
        let args = [
            os("validate"),
            os("-q"),
            os("--report"),
            p(&report),
            p(&games),
        ];
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
        check(&args, &games, GAMES.as_bytes());
    }
    // a file the walk of a folder finds
    let h = s.path("d/h.renju");
    let args = [
        os("validate"),
        os("-q"),
        os("--json"),
        p(&h),
        p(&s.path("d")),
    ];
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    check(&args, &h, GAMES.as_bytes());
    // convert onto itself
    let args = [os("convert"), p(&games), p(&games)];
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    check(&args, &games, GAMES.as_bytes());
    // a book: its query's report, its export, and an export over another book
    let book = s.path("b.sqlite");
    let out = tool()
        .args(["book", "build", "-q", "-o"])
        .arg(&book)
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let other = s.path("c.sqlite");
    std::fs::copy(&book, &other).unwrap();
    let bytes = std::fs::read(&book).unwrap();
    for args in [
        vec![
            os("book"),
            os("query"),
            p(&book),
            os("--position"),
            os("h8"),
            os("--report"),
            p(&book),
        ],
        vec![os("book"), os("export"), p(&book), p(&book)],
        vec![
            os("book"),
            os("export"),
            p(&book),
            p(&other),
            os("--to"),
            os("sgf"),
        ],
    ] {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
        check(&args, &book, &bytes);
        assert_eq!(std::fs::read(&other).unwrap(), bytes);
    }
    // no temporary file left anywhere
    assert_eq!(
        names(&s.0),
        ["b.sqlite", "c.sqlite", "d", "g.renju", "link.csv"]
    );
    assert_eq!(names(&s.path("d")), ["h.renju"]);
}

/// A write-protected file is not replaced (the rename would bypass the protection).
#[cfg(unix)]
#[test]
fn a_write_protected_file_is_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new("protected");
    let target = s.path("out.csv");
    std::fs::write(&target, "kept\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o444)).unwrap();
    let e = AtomicFile::create(&target).unwrap_err().to_string();
    assert!(e.contains("write-protected"), "{e}");
    assert_eq!(std::fs::read(&target).unwrap(), b"kept\n");
    assert_eq!(names(&s.0), ["out.csv"]);
}

/// `/dev/stdout` is standard output for the summaries too: an export or a conversion written
/// there is the data alone, its summary on standard error.
#[cfg(target_os = "linux")]
#[test]
fn the_summary_leaves_dev_stdout_to_the_data() {
    let s = Scratch::new("stdoutsummary");
    let games = s.path("g.renju");
    std::fs::write(&games, GAMES).unwrap();
    let book = s.path("b.sqlite");
    let out = tool()
        .args(["book", "build", "-q", "-o"])
        .arg(&book)
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = tool()
        .args(["book", "export"])
        .arg(&book)
        .args(["/dev/stdout", "--to", "sgf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let sgf = String::from_utf8(out.stdout).unwrap();
    assert!(
        sgf.starts_with("(;") && sgf.trim_end().ends_with(')'),
        "{sgf}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("/dev/stdout: "));
    let out = tool()
        .arg("convert")
        .arg(&games)
        .arg("/dev/stdout")
        .args(["--to", "renju"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), GAMES);
}

/// Two outputs of one run naming one file (the same name, a link, a hard link) are refused
/// before anything is written; an output named `/dev/stdin` while standard input is a file
/// is refused, and the file is left as it was.
#[cfg(unix)]
#[test]
fn two_outputs_of_one_file_and_standard_input_are_refused() {
    let s = Scratch::new("twice");
    let games = s.path("g.renju");
    std::fs::write(&games, GAMES).unwrap();
    std::fs::write(s.path("old.csv"), "old\n").unwrap();
    std::fs::hard_link(s.path("old.csv"), s.path("hard.json")).unwrap();
    std::os::unix::fs::symlink("new.csv", s.path("link.json")).unwrap();
    for (a, b) in [
        ("new.csv", "new.csv"),
        ("new.csv", "link.json"),
        ("old.csv", "hard.json"),
    ] {
        let out = tool()
            .args(["validate", "-q", "--report"])
            .arg(s.path(a))
            .arg("--json")
            .arg(s.path(b))
            .arg(&games)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{a} {b}: {err}");
        assert!(err.contains("it is also the output"), "{err}");
    }
    assert_eq!(std::fs::read(s.path("old.csv")).unwrap(), b"old\n");
    assert!(!s.path("new.csv").exists());
    assert_eq!(
        names(&s.0),
        ["g.renju", "hard.json", "link.json", "old.csv"]
    );
    #[cfg(target_os = "linux")]
    {
        let out = tool()
            .args(["validate", "-q", "-", "--report", "/dev/stdin"])
            .stdin(std::fs::File::open(&games).unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("it is standard input, an input of this run"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&games).unwrap(), GAMES);
    }
}

/// What an interrupted run kept goes under its partial name, unless that name is an input of
/// the run or a write-protected file: then under the next free `NAME.partial.N.EXT`.
#[cfg(unix)]
#[test]
fn a_partial_output_never_replaces_an_input_or_a_protected_file() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new("partialname");
    let target = s.path("out.csv");
    let input = s.path("out.partial.csv");
    std::fs::write(&input, "an archive\n").unwrap();
    corpus_tool::output::note_input(&input, &std::fs::metadata(&input).unwrap());
    let protected = s.path("out.partial.2.csv");
    std::fs::write(&protected, "kept\n").unwrap();
    std::fs::set_permissions(&protected, std::fs::Permissions::from_mode(0o444)).unwrap();
    let mut f = AtomicFile::create(&target).unwrap();
    f.write_all(b"half\n").unwrap();
    let kept = f.commit_partial().unwrap();
    assert_eq!(kept, s.path("out.partial.3.csv"));
    assert_eq!(std::fs::read(&input).unwrap(), b"an archive\n");
    assert_eq!(std::fs::read(&protected).unwrap(), b"kept\n");
    assert_eq!(std::fs::read(&kept).unwrap(), b"half\n");
}

/// A report on standard output leaves standard output to the report: the summary (the
/// table of `openings stats`, the answer of `book query`) goes to stderr, whole.
#[test]
fn a_report_on_standard_output_sends_the_summary_to_stderr() {
    let s = Scratch::new("reportstdout");
    let games = s.path("g.renju");
    std::fs::write(&games, GAMES).unwrap();
    let out = tool()
        .args(["openings", "stats", "--report", "-"])
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("code,name,games,"), "{stdout}");
    assert!(!stdout.contains("records: "), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("records: 2 read"));
    let book = s.path("b.sqlite");
    let out = tool()
        .args(["book", "build", "-q", "-o"])
        .arg(&book)
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = tool()
        .args(["book", "query"])
        .arg(&book)
        .args(["--position", "h8", "--report", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("move,games,"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("games: 2"));
}
