//! The `fouls` command as a user runs it: input lines, output contract, exit status.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &str) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("corpus-tool runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn one_line_per_position_in_reading_order() {
    // A board line: Black b14 c14 (row 14) and d12 d11: d14 is a double three; plus a move list.
    let mut board = vec!['.'; 225];
    for (col, row) in [(1, 14), (2, 14), (3, 12), (3, 11)] {
        board[(15 - row) * 15 + col] = 'x';
    }
    let board: String = board.into_iter().collect();
    let input = format!("{board}\nh8 a1 i8 a2 k10 a3 k11\n\nh8 zz\n");
    let (out, code) = run(&["fouls"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "d14=double-three");
    assert_eq!(lines[1], "k8=double-three");
    assert_eq!(lines[2], "");
    assert!(lines[3].starts_with("error: move 2 'zz'"), "{out}");
    assert_eq!(lines.len(), 4);
    assert_eq!(code, 1);
}

#[test]
fn explain_prints_trees_after_the_result_line() {
    let (out, code) = run(&["fouls", "--explain"], "h8 a1 i8 a2 k10 a3 k11\n");
    assert_eq!(code, 0);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("k8=double-three"));
    assert_eq!(
        lines.next(),
        Some("    k8 (lenient): forbidden: double-three")
    );
    assert!(
        out.contains("j8 can be played: makes a straight four"),
        "{out}"
    );
}

#[test]
fn strict_changes_only_what_the_convention_decides() {
    // The position of renju-core's convention test: h8 is a double three only when strict.
    let moves = "g8 a1 i8 a2 h9 a3 h10 h12 d7 a5 e7 a6 f7 a7 g7 a9";
    let (lenient, _) = run(&["fouls"], &format!("{moves}\n"));
    let (strict, _) = run(&["fouls", "--strict"], &format!("{moves}\n"));
    assert!(!lenient.contains("h8="), "{lenient}");
    assert!(strict.contains("h8=double-three"), "{strict}");
}
