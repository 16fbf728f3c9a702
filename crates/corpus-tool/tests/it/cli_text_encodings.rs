//! `corpus-tool validate` on text files with a byte order mark or in UTF-16: a UTF-8 byte
//! order mark loses no record (nor the columns of line 1), a UTF-16 file is decoded (by its
//! byte order mark, by `--encoding`, or when it is plain ASCII with NUL bytes between its
//! characters), and a file that only looks like UTF-16 is refused with one sentence naming the
//! file and the encoding to give. Small files (read whole by a worker) and large ones (line
//! mode with two jobs, streamed with one) alike.

use crate::common::Scratch;
use std::path::Path;
use std::process::{Command, Output};

const GAMES: &str = "white h8 h9 i10\nblack h8 i9 j10\n";

fn validate(args: &[&str], file: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .arg("validate")
        .args(args)
        .arg(file)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn utf16le(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

fn utf16be(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_be_bytes).collect()
}

/// The CSV report's (index, declared, verdict, detail) rows.
fn report(dir: &Scratch, args: &[&str], file: &Path) -> Vec<[String; 4]> {
    let csv = dir.path("report.csv");
    let mut all = args.to_vec();
    let csv_arg = csv.display().to_string();
    all.extend(["--report", &csv_arg]);
    let out = validate(&all, file);
    assert!(out.status.code().is_some_and(|c| c < 2), "{out:?}");
    csv::Reader::from_path(&csv)
        .unwrap()
        .records()
        .map(|r| {
            let r = r.unwrap();
            [1, 4, 8, 9].map(|i| r[i].to_string())
        })
        .collect()
}

#[test]
fn a_utf8_byte_order_mark_loses_no_record() {
    let dir = Scratch::new("bom");
    let file = dir.path("bom.renju");
    std::fs::write(&file, format!("\u{feff}{GAMES}")).unwrap();
    let out = validate(&[], &file);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        stdout(&out).contains("records: 2 read, 0 unreadable"),
        "{}",
        stdout(&out)
    );
    // and the same rows as without it
    let plain = dir.path("plain.renju");
    std::fs::write(&plain, GAMES).unwrap();
    assert_eq!(report(&dir, &[], &file), report(&dir, &[], &plain));
}

#[test]
fn line_one_after_a_byte_order_mark_keeps_its_result_and_columns() {
    let dir = Scratch::new("bom-columns");
    // small (read whole) and large (line mode with 2 jobs, streamed with 1)
    let tail = "black h8 i9 j10\n".repeat(6000);
    for (name, rest) in [("small.renju", "black h8\n"), ("large.renju", &tail[..])] {
        let file = dir.path(name);
        std::fs::write(&file, format!("\u{feff}white h8 h9 zz\npurple h8\n{rest}")).unwrap();
        for jobs in ["1", "2"] {
            let rows = report(&dir, &["--jobs", jobs], &file);
            // the bad move salvaged: the result word of line 1 is read, not lost
            assert_eq!(rows[0][0], "1");
            assert_eq!(rows[0][1], "white", "{name}, {jobs} jobs: {:?}", rows[0]);
            assert_eq!(rows[0][2], "illegal", "{name}, {jobs} jobs");
            assert!(rows[0][3].contains("move 3 'zz'"), "{:?}", rows[0]);
            assert_eq!(rows[1][2], "unreadable");
            assert!(
                rows[1][3].contains("record 2, line 2, column 1: unknown result 'purple'"),
                "{:?}",
                rows[1]
            );
        }
    }
    // an error on line 1 is at its column counted after the mark
    let file = dir.path("col.renju");
    std::fs::write(&file, "\u{feff}  purple h8\n").unwrap();
    let rows = report(&dir, &[], &file);
    assert!(
        rows[0][3].contains("record 1, line 1, column 3: unknown result 'purple'"),
        "{:?}",
        rows[0]
    );
}

#[test]
fn a_utf16_file_is_decoded() {
    let dir = Scratch::new("utf16");
    let cases: [(&str, Vec<u8>, &[&str]); 5] = [
        ("le-bom.renju", utf16le(&format!("\u{feff}{GAMES}")), &[]),
        ("be-bom.renju", utf16be(&format!("\u{feff}{GAMES}")), &[]),
        ("le-ascii.renju", utf16le(GAMES), &[]),
        ("be-ascii.renju", utf16be(GAMES), &[]),
        (
            "le-forced.renju",
            utf16le("white h8 h9 i10\n黑 h8\n"),
            &["--encoding", "UTF-16LE"],
        ),
    ];
    for (name, bytes, args) in cases {
        let file = dir.path(name);
        std::fs::write(&file, bytes).unwrap();
        let out = validate(args, &file);
        let text = stdout(&out);
        let expected = if name == "le-forced.renju" {
            "records: 1 read, 1 unreadable"
        } else {
            "records: 2 read, 0 unreadable"
        };
        assert!(text.contains(expected), "{name}: {text}");
    }
    // a large one, read in line mode when it is not UTF-16: the same rows with 1 and 2 jobs
    let file = dir.path("large.renju");
    std::fs::write(&file, utf16le(&format!("\u{feff}{}", GAMES.repeat(3000)))).unwrap();
    for jobs in ["1", "2"] {
        let out = validate(&["--jobs", jobs], &file);
        assert!(
            stdout(&out).contains("records: 6,000 read, 0 unreadable"),
            "{}",
            stdout(&out)
        );
    }
    // SGF and .rif too
    let sgf = dir.path("game.sgf");
    std::fs::write(
        &sgf,
        utf16le("\u{feff}(;GM[4]FF[4]SZ[15];B[hh]C[天元];W[hg])"),
    )
    .unwrap();
    let out = validate(&[], &sgf);
    assert!(
        stdout(&out).contains("records: 1 read, 0 unreadable"),
        "{out:?}"
    );
}

#[test]
fn a_file_that_only_looks_like_utf16_is_refused_by_name() {
    let dir = Scratch::new("utf16-guess");
    let file = dir.path("guess.renju");
    std::fs::write(&file, utf16le("white h8 h9 i10\n黑 h8\n")).unwrap();
    let out = validate(&[], &file);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let all = format!("{}{}", stdout(&out), String::from_utf8_lossy(&out.stderr));
    assert!(
        all.contains("guess.renju: the file looks like UTF-16LE")
            && all.contains("give --encoding UTF-16LE"),
        "{all}"
    );
    assert!(stdout(&out).contains("records: 0 read, 0 unreadable"));
}
