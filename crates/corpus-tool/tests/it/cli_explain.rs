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
