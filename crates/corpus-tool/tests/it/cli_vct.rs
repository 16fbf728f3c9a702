//! The `vct` command as a user runs it, on hand-drawn positions whose answers are reasoned in
//! the comments: one output line per input line, the limits, the rules, `unknown`, errors
//! that do not stop the run, `--proof` and `--explain`.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &[u8]) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .arg("vct")
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

/// White f8 g8 and h10 h11, Black's five stones on the edges (a1 a3 o1 o3 o15): White to
/// move. h8 makes two threes at once, f8 g8 h8 (d8, e8, i8, j8 empty) and h8 . h10 h11 (h7,
/// h9, h12 empty), and Black has nothing that makes a four, so no single reply stops both: a
/// VCT of 2 attacker moves. With 2 moves it is the only first move: no point but h8 lies on
/// two lines holding two White stones each, and White has no four to make.
const DOUBLE_THREE: &[u8] = b"a1 f8 a3 g8 o1 h10 o3 h11 o15\n";

/// The same White stones for Black (f8 g8 h10 h11), White's four on the corners, Black to
/// move: under renju h8 is a double three, forbidden, so no VCT of 2; in free-style it wins.
const BLACK_DOUBLE_THREE: &[u8] = b"f8 a1 g8 a3 h10 o1 h11 o3\n";

#[test]
fn a_double_three_is_a_vct_of_two_and_the_depth_counts_every_attacker_move() {
    for depth in ["2", "3", "5"] {
        let (out, err, code) = run(&["--max-depth", depth], DOUBLE_THREE);
        assert_eq!(code, 0, "{err}");
        let line: Vec<&str> = out.trim_end_matches('\n').split(' ').collect();
        assert_eq!(out.lines().count(), 1, "{out}");
        if depth == "2" {
            // the threat, Black's reply, the winning move (no five)
            assert_eq!(line.len(), 3, "{out}");
            assert_eq!(line[0], "h8", "{out}");
        } else {
            assert_eq!(line.len() % 2, 1, "{out}");
        }
    }
    // One attacker move is not enough (no four and no winning move now), and at threat depth
    // 0 only fours count: White has none.
    for args in [&["--max-depth", "1"][..], &["--threat-depth", "0"]] {
        let (out, _, code) = run(args, DOUBLE_THREE);
        assert_eq!((out.as_str(), code), ("\n", 0), "{args:?}");
    }
    // Black (given with --side) has nothing: its stones are too far apart for any three.
    let (out, _, _) = run(&["--side", "black"], DOUBLE_THREE);
    assert_eq!(out, "\n");
}

#[test]
fn black_never_plays_a_double_three_but_free_style_does() {
    let (out, _, _) = run(&["--max-depth", "2"], BLACK_DOUBLE_THREE);
    assert_eq!(out, "\n", "renju: h8 is forbidden for Black");
    let (out, _, _) = run(&["--max-depth", "2", "--strict"], BLACK_DOUBLE_THREE);
    assert_eq!(out, "\n", "strict: still two real threes");
    let (out, _, _) = run(
        &["--max-depth", "2", "--rules", "freestyle"],
        BLACK_DOUBLE_THREE,
    );
    assert!(
        out.starts_with("h8 ") && out.split(' ').count() == 3,
        "{out}"
    );
}

#[test]
fn one_line_per_input_line_errors_do_not_stop_the_run() {
    // 1: the double three. 2: a point played twice. 3: an empty board (Black to move, no
    // stone: nothing). 4: Black's five is on the board: the game is over. 5: Black's open
    // three h8 i8 j8 (White's a1 a2 a3 have no four): a VCF is a VCT, its first move g8 or
    // k8 is already the winning move (an open four), the line is that one move.
    let mut input = DOUBLE_THREE.to_vec();
    input.extend_from_slice(b"h8 h8\n\nh8 a1 i8 a2 j8 a3 k8 a4 l8\nh8 a1 i8 a2 j8 a3\n");
    let (out, _, code) = run(&[], &input);
    assert_eq!(code, 1, "an error line makes the status 1");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].starts_with("h8 "), "{out}");
    assert_eq!(
        lines[1],
        "error: line 2: move 2 'h8': h8 is already occupied by black"
    );
    assert_eq!(lines[2], "");
    assert!(
        lines[3].starts_with("error: line 4: the game is already over (black five at "),
        "{out}"
    );
    assert!(["g8", "k8"].contains(&lines[4]), "{out}");
}

#[test]
fn a_budget_that_runs_out_is_unknown_never_no_vct() {
    // One node cannot settle the double three (its threats and replies need many).
    let (out, err, code) = run(&["--max-nodes", "1"], DOUBLE_THREE);
    assert_eq!((out.as_str(), code), ("unknown\n", 0), "{err}");
    assert!(
        err.contains("line 1: the node budget ran out before the search could tell"),
        "{err}"
    );
    // Limits out of range are bad arguments.
    for args in [
        &["--max-depth", "61"][..],
        &["--threat-depth", "21"],
        &["--max-nodes", "0"],
    ] {
        let (_, err, code) = run(args, DOUBLE_THREE);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(args[0]), "{err}");
    }
}

#[test]
fn the_proof_file_holds_every_reply_answered_and_explain_draws_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("proof.json");
    let mut input = DOUBLE_THREE.to_vec();
    input.extend_from_slice(b"h8 h8\n\n");
    let (out, _, _) = run(
        &[
            "--max-depth",
            "2",
            "--explain",
            "--proof",
            proof.to_str().unwrap(),
        ],
        &input,
    );
    assert!(
        out.contains(
            "White wins by VCT in 2 moves, ending with a move that leaves two five points"
        ),
        "{out}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&proof).unwrap()).unwrap();
    let all = json.as_array().unwrap();
    assert_eq!(all.len(), 3, "one entry per input line");
    assert!(all[1].is_null() && all[2].is_null());
    let p = &all[0];
    assert_eq!(p["format"], "renju-vct-proof");
    assert_eq!(p["attacker"], "white");
    assert_eq!(p["max_depth"], 2);
    let tree = &p["tree"];
    assert_eq!(
        (&tree["move"], &tree["kind"]),
        (&"h8".into(), &"threat".into())
    );
    // After h8, if Black passed, White's winning moves are exactly e8 (e8 f8 g8 h8), i8
    // (f8 g8 h8 i8) and h9 (h8 h9 h10 h11): d8 and h12 make fours with one five point only.
    // Black has no four, and no reply takes away all three, so no reply needs searching.
    let mut otherwise: Vec<&str> = tree["otherwise"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    otherwise.sort_unstable();
    assert_eq!(otherwise, ["e8", "h9", "i8"]);
    assert_eq!(tree["replies"].as_array().unwrap().len(), 0);
    // The line printed is the proof's.
    let line: Vec<&str> = p["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(out.lines().next().unwrap(), line.join(" "));
}

/// An error line before a VCT has its `null` in the proof file: entries stay in input order.
#[test]
fn the_proof_file_keeps_input_order_after_an_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("proof.json");
    let mut input = b"h8 h8\n".to_vec();
    input.extend_from_slice(DOUBLE_THREE);
    let (out, _, code) = run(
        &["--max-depth", "2", "--proof", proof.to_str().unwrap()],
        &input,
    );
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("error: line 1: "), "{out}");
    assert!(lines[1].starts_with("h8 "), "{out}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&proof).unwrap()).unwrap();
    let all = json.as_array().unwrap();
    assert_eq!(all.len(), 2, "one entry per input line: {json}");
    assert!(all[0].is_null());
    assert_eq!(all[1]["format"], "renju-vct-proof");
}
