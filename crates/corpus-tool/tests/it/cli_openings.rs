//! `corpus-tool openings identify|table` as a user runs them.

use std::process::Command;

fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn identify_names_the_opening_in_any_orientation() {
    let (out, _, code) = run(&["openings", "identify", "h8", "h9", "i10"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("2D 渓月"), "{out}");
    let (out, _, code) = run(&["openings", "identify", "h8", "g9", "g10"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("2I 峡月"), "{out}");
}

#[test]
fn identify_says_why_stones_are_no_opening() {
    let (_, err, code) = run(&["openings", "identify", "h8", "h9", "l12"]);
    assert_eq!(code, 1);
    assert!(err.contains("outside the 5x5"), "{err}");
}

#[test]
fn table_lists_the_26() {
    let (out, _, code) = run(&["openings", "table"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 28);
    assert!(out.contains("13I"));
}
