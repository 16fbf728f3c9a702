//! The `vcf` command as a user runs it: one output line per input line, errors that do not
//! stop the run, the options, the numbered diagram.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &[u8]) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("corpus-tool runs");
    // a bad argument ends the command before it reads: a closed pipe is no failure here
    let _ = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// A 225-character board with the given Black and White stones.
fn board(black: &[&str], white: &[&str]) -> String {
    let mut cells = vec!['.'; 225];
    for (list, ch) in [(black, 'x'), (white, 'o')] {
        for p in list {
            let col = usize::from(p.as_bytes()[0] - b'a');
            let row: usize = p[1..].parse().unwrap();
            cells[(15 - row) * 15 + col] = ch;
        }
    }
    cells.into_iter().collect()
}

#[test]
fn one_line_per_input_line_and_errors_do_not_stop_the_run() {
    // 1: Black h8 i8 j8 to move (3 stones each): an open four then the five.
    // 2: nothing to do. 3: an unreadable move. 4: not UTF-8. 5: a board line with a four.
    let four = board(&["d8", "e8", "f8", "g8"], &["c8", "a1", "a2", "a3"]);
    let mut input = b"h8 a1 i8 a2 j8 a3\nh8 h9\nh8 zz\n".to_vec();
    input.extend_from_slice(b"h8 \xff\xfe\n");
    input.extend_from_slice(four.as_bytes());
    input.push(b'\n');
    let (out, _, code) = run(&["vcf"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    let first: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(first.len(), 3, "{out}");
    assert!(["g8", "k8"].contains(&first[0]), "{out}");
    assert_eq!(lines[1], "");
    assert_eq!(
        lines[2],
        "error: line 3: move 2 'zz': column 'z' is off the 15x15 board (columns a..o)"
    );
    assert!(
        lines[3].starts_with("error: line 4: not UTF-8 text (byte 4 is 0xff)"),
        "{out}"
    );
    assert_eq!(lines[4], "h8");
    assert_eq!(code, 1);
}

#[test]
fn side_depth_and_rules_options() {
    // Black to move by the counts, but White has the open three.
    let (out, _, code) = run(&["vcf"], b"a1 h8 a3 i8 a5 j8\n");
    assert_eq!((out.as_str(), code), ("\n", 0));
    let (out, _, _) = run(&["vcf", "--side", "white"], b"a1 h8 a3 i8 a5 j8\n");
    assert_eq!(out.trim().split(' ').count(), 3, "{out}");
    // One four (the open four) and its five: --max-depth 0 finds nothing, 1 finds it, 60
    // too (the depth counts the fours, not the five).
    let (out, _, _) = run(&["vcf", "--max-depth", "0"], b"h8 a1 i8 a2 j8 a3\n");
    assert_eq!(out, "\n");
    for depth in ["1", "60"] {
        let (out, _, _) = run(&["vcf", "--max-depth", depth], b"h8 a1 i8 a2 j8 a3\n");
        assert_eq!(out.trim().split(' ').count(), 3, "{out}");
    }
    // i8 is a double four for Black (f8 g8 h8 with e8 White; i9 i10 i11 with i12 White):
    // forbidden in renju, a win in free-style.
    let b = board(&["f8", "g8", "h8", "i9", "i10", "i11"], &["e8", "i12"]);
    let (out, _, _) = run(&["vcf", "--side", "black"], b.as_bytes());
    assert_eq!(out, "\n");
    let (out, _, _) = run(
        &["vcf", "--side", "black", "--rules", "freestyle"],
        b.as_bytes(),
    );
    assert!(out.starts_with("i8 "), "{out}");
    // A bad option value is a usage error.
    let (_, err, code) = run(&["vcf", "--side", "red"], b"");
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown side 'red' (expected black or white)"),
        "{err}"
    );
}

#[test]
fn explain_draws_the_numbered_line() {
    let (out, _, code) = run(&["vcf", "--explain"], b"h8 a1 i8 a2 j8 a3\nh8 h9\n");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0].split(' ').count(), 3);
    assert!(lines[1].starts_with("    Black wins by VCF in 2 moves, ending with the five at "));
    let drawing = lines[2..lines.len() - 1].join("\n");
    for mark in ["●1", "○2", "●3"] {
        assert!(drawing.contains(mark), "{out}");
    }
    // The second position has no VCF: its empty result line is the last.
    assert_eq!(lines.last(), Some(&""));
}

#[test]
fn an_exhausted_node_budget_is_said_on_stderr() {
    let (out, err, code) = run(&["vcf", "--max-nodes", "0"], b"h8 a1 i8 a2 j8 a3\n");
    assert_eq!((out.as_str(), code), ("\n", 0));
    assert!(
        err.contains("line 1: the node budget of 0 ran out"),
        "{err}"
    );
}

/// #26 item 7: a move for White was answered on a board where Black already has a five; a
/// position where the game is over is not answered, and says why.
#[test]
fn a_game_already_over_is_not_answered() {
    let (out, _, code) = run(
        &["vcf", "--side", "white"],
        b"h8 a1 i8 a2 j8 a3 k8 a4 l8\nh8 a1 i8 a2 j8 a3\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "error: line 1: the game is already over (black five at h8 i8 j8 k8 l8)"
    );
    assert_eq!(lines.len(), 2);
    assert_eq!(code, 1);
    // a record file: the next player attacks; a game over is said with its move
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.renju");
    std::fs::write(
        &file,
        "white h8 a1 i8 a2 j8 a3\nblack h8 a1 i8 a2 j8 a3 k8 a4 l8\n",
    )
    .unwrap();
    let (out, _, code) = run(&["vcf", file.to_str().unwrap()], b"");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0].split(' ').count(), 3, "{out}");
    assert_eq!(
        lines[1],
        "error: record 2: the game is already over (black five at move 9)"
    );
    assert_eq!(code, 1);
}
