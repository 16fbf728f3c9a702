//! `corpus-tool explain`: the audit, the board and the notes of one game.

use std::path::Path;
use std::process::Command;

fn run(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn a_black_five_move_by_move() {
    let (out, code) = run(&["explain", "h8 h9 i8 i9 j8 j9 k8 k9 l8"]);
    assert_eq!(code, 0);
    assert!(out.contains("end: black-five at move 9"), "{out}");
    assert!(
        out.contains("7. black k8: straight four (horizontal)"),
        "{out}"
    );
    assert!(out.contains("9. black l8: five (horizontal)"), "{out}");
}

#[test]
fn a_foul_is_explained_with_its_tree() {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/games/double-three-claimed.renju");
    let (out, code) = run(&["explain", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("end: foul-double-three"), "{out}");
    assert!(out.contains("(lenient): forbidden: double-three"), "{out}");
    assert!(out.contains("open three"), "{out}");
}

#[test]
fn a_position_cannot_be_explained() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/fouls/001-double-three-connected.txt");
    let (_, code) = run(&["explain", file.to_str().unwrap()]);
    assert_eq!(code, 2);
}

#[test]
fn convert_refuses_a_file_too_large_to_hold() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let big = dir.join("big.renju");
    // A sparse file: its size alone matters.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(corpus_tool::convert::MAX_CONVERT + 1)
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args([
            "convert",
            big.to_str().unwrap(),
            dir.join("big.sgf").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("file too large to convert"), "{err}");
}

fn repo(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

/// #26 item 5: `explain` exited 2 on the records the audit flags `illegal` because a move
/// cannot be read; it explains the game up to that move and says what is wrong there.
#[test]
fn a_record_with_a_move_that_cannot_be_read_is_explained_up_to_it() {
    let (out, code) = run(&["explain", "--ascii", &repo("corpus/games/off-board.renju")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("verdict: illegal"), "{out}");
    assert!(out.contains("3. black i8\n"), "{out}");
    assert!(
        out.contains(
            "4. white p16: illegal: move 4 'p16' cannot be read: column 'p' is off the 15x15 board (columns a..o); the replay stops here"
        ),
        "{out}"
    );
    let row8 = out.lines().find(|l| l.starts_with(" 8 ")).unwrap();
    assert!(row8.contains("X1") && row8.contains("X3"), "{row8}");
    // the same move list given as text is read the same way
    let (text, code) = run(&["explain", "--ascii", "h8 h9 i8 p16"]);
    assert_eq!(code, 1);
    assert!(
        text.contains("illegal: move 4 'p16' cannot be read"),
        "{text}"
    );
}

/// #26 item 4: the missed wins `validate --missed-wins` counts are shown by `explain
/// --missed-wins`, each with its line drawn on its position.
#[test]
fn missed_wins_are_listed_and_drawn() {
    // Black's h8 i8 j8 is an open three at move 5; White plays a2/a3 elsewhere, so at move 7
    // Black has a VCF (k8 or g8) and plays b14 instead.
    let moves = "h8 a1 i8 a2 j8 a3 b14 a4";
    let (plain, code) = run(&["explain", moves]);
    assert_eq!(code, 1, "not an opening: a finding");
    assert!(!plain.contains("missed-vcf"), "{plain}");
    let (out, code) = run(&["explain", "--ascii", "--missed-wins", moves]);
    assert_eq!(code, 1, "a finding: exit 1");
    assert!(
        out.contains("\nfinding: missed-vcf at move 7: black had a VCF in 2 (g8 f8 k8) and did not play it\nverdict: warning\n"),
        "{out}"
    );
    assert!(
        out.contains("7. black b14\n    missed-vcf: black had a VCF"),
        "{out}"
    );
    assert!(
        out.contains("missed-vcf before move 7:\nBlack wins by VCF in 2 moves"),
        "{out}"
    );
    let drawing = &out[out.find("missed-vcf before move 7:").unwrap()..];
    for mark in ["X1", "O2", "X3"] {
        assert!(drawing.contains(mark), "{out}");
    }
}
