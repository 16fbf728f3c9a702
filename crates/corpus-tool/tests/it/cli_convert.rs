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
