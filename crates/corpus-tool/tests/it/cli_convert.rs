//! `corpus-tool convert` writes through the one atomic-output type: a regular file appears
//! only complete, and a named pipe or a device given as OUTPUT stays what it is.

use crate::common;
use common::Scratch;

use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
}

#[test]
fn a_regular_output_is_written_whole_and_no_partial_file_is_left() {
    let s = Scratch::new("regular");
    std::fs::write(s.path("a.renju"), "black h8 h9 i8\n").unwrap();
    let out = bin()
        .arg("convert")
        .arg(s.path("a.renju"))
        .arg(s.path("a.sgf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        std::fs::read_to_string(s.path("a.sgf"))
            .unwrap()
            .contains(";B[hh]")
    );
    assert!(!s.path("a.sgf.partial").exists());
}

#[cfg(unix)]
#[test]
fn a_named_pipe_as_output_stays_a_pipe() {
    use std::os::unix::fs::FileTypeExt;
    let s = Scratch::new("fifo");
    std::fs::write(s.path("a.renju"), "black h8 h9 i8\n").unwrap();
    let fifo = s.path("out.sgf");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|st| st.success()) {
        println!("SKIPPED: mkfifo is not available here");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = bin()
        .arg("convert")
        .arg(s.path("a.renju"))
        .arg(&fifo)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo(),
        "the pipe is still a pipe, not a plain file"
    );
    let text = reader.join().unwrap();
    assert!(text.contains(";B[hh]"), "{text}");
    assert!(!s.path("out.sgf.partial").exists());
}

/// #26 item 9: `convert empty.renju e.sgf` exited 0 and wrote a 0-byte file. An input
/// holding no record is a file problem: nothing is written, the run says so, exit 1.
#[test]
fn an_input_with_no_record_writes_nothing() {
    let s = Scratch::new("empty");
    std::fs::write(s.path("empty.renju"), "").unwrap();
    let out = bin()
        .arg("convert")
        .arg(s.path("empty.renju"))
        .arg(s.path("e.sgf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("empty.renju (renju): no record in this file; nothing written to"),
        "{text}"
    );
    assert!(!s.path("e.sgf").exists());
    // every record broken: nothing written either, and the plural is right
    std::fs::write(s.path("bad.renju"), "purple h8\n").unwrap();
    let out = bin()
        .arg("convert")
        .arg(s.path("bad.renju"))
        .arg(s.path("bad.sgf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("0 records read, none written"), "{text}");
    assert!(text.contains("\n1 record could not be read:\n"), "{text}");
    assert!(!s.path("bad.sgf").exists());
}

/// #26 item 10: `--format` is the input format's option, as on every command that reads
/// records; `--from` stays as its alias.
#[test]
fn format_and_its_alias_from() {
    let s = Scratch::new("format");
    std::fs::write(s.path("games.txt"), "black h8 h9 i8\n").unwrap();
    for option in ["--format", "--from"] {
        let out = bin()
            .arg("convert")
            .args([option, "renju"])
            .arg(s.path("games.txt"))
            .arg(s.path("g.sgf"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{option}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("(renju) ->") && text.contains("1 record read"),
            "{text}"
        );
    }
}

/// The summary line of a conversion writes every count in one style, the conversion
/// report's part (records written, records a field was dropped from) included.
#[test]
fn the_summary_line_writes_every_count_with_thousands_separators() {
    let s = Scratch::new("thousands");
    let game = "(;GM[4]FF[4]SZ[15]EV[Cup]RE[B+R];B[hh];W[hi];B[ih])\n";
    std::fs::write(s.path("many.sgf"), game.repeat(1200)).unwrap();
    let out = bin()
        .arg("convert")
        .arg(s.path("many.sgf"))
        .arg(s.path("many.renju"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "(renju): 1,200 records read, 1,200 records written as renju; dropped: event (1,200)"
        ),
        "{text}"
    );
    let written = std::fs::read_to_string(s.path("many.renju")).unwrap();
    assert_eq!(written.lines().count(), 1200);
    // SGF rows count from the top: hi is h7
    assert!(written.lines().all(|l| l == "black h8 h7 i8"), "{written}");
}

/// An SGF written past the size corpus-tool's archive commands read of an SGF file (they read
/// it whole) is written, and said: the run is not clean, and the line names the limit.
#[test]
fn an_output_past_the_readers_limit_is_said() {
    let s = Scratch::new("past-limit");
    let limit = renju_notation::limits::whole_file_limit(renju_notation::Format::Sgf).unwrap();
    let comment = "a long note. ".repeat(700);
    let games = limit as usize / comment.len() + 10;
    let mut sgf = String::new();
    for i in 0..games {
        sgf.push_str(&format!(
            "(;GM[4]FF[4]SZ[15]GN[{i}];B[hh]C[{comment}];W[hg])\n"
        ));
    }
    std::fs::write(s.path("big.sgf"), &sgf).unwrap();
    let out = bin()
        .arg("convert")
        .arg(s.path("big.sgf"))
        .arg(s.path("out.sgf"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let written = std::fs::metadata(s.path("out.sgf")).unwrap().len();
    assert!(written > limit, "{written}");
    let all = games.to_string();
    let (thousands, rest) = all.split_at(all.len() - 3);
    assert!(
        stdout.contains(&format!(
            "{thousands},{rest} records read, {thousands},{rest} records written as sgf"
        )),
        "{stdout}"
    );
    let line = stdout
        .lines()
        .find(|l| l.contains("more than the"))
        .unwrap_or_else(|| panic!("no line about the limit: {stdout}"));
    assert!(
        line.contains("33,554,432 bytes corpus-tool reads of one sgf file"),
        "{line}"
    );
    // what it says holds: validate refuses the file
    let v = bin()
        .arg("validate")
        .arg(s.path("out.sgf"))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&v.stdout).contains("file too large for sgf"));
    // a small output says nothing of it
    let three: String = sgf.lines().take(3).map(|l| format!("{l}\n")).collect();
    std::fs::write(s.path("small.sgf"), three).unwrap();
    let out = bin()
        .arg("convert")
        .arg(s.path("small.sgf"))
        .arg(s.path("small-out.sgf"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains("more than the"), "{stdout}");
}
