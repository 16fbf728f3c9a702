//! `corpus-tool show`: boards drawn with forbidden points marked, SVG written.

use std::path::Path;
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
fn a_move_list_with_its_double_three() {
    let (out, _, code) = run(&["show", "h8 a1 i8 a2 k10 a3 k11"]);
    assert_eq!(code, 0);
    // Row 8: stones 1 and 3 on h8 i8, the forbidden k8 marked.
    let row8 = out.lines().find(|l| l.starts_with(" 8 ")).unwrap();
    assert!(row8.contains("●1─●3─┼──×"), "{row8}");
    assert!(
        out.contains("× forbidden for Black (lenient convention):\n  k8 double-three"),
        "{out}"
    );
    let (ascii, _, _) = run(&["show", "--ascii", "h8 a1 i8 a2 k10 a3 k11"]);
    assert!(
        ascii
            .lines()
            .any(|l| l.starts_with(" 8 ") && l.contains('#')),
        "{ascii}"
    );
}

#[test]
fn an_atlas_diagram_under_both_conventions_and_svg() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/fouls/047-conventions-nested-reversal.txt");
    let file = file.to_str().unwrap();
    let (lenient, _, _) = run(&["show", file]);
    let (strict, _, _) = run(&["show", "--strict", "--explain", file]);
    assert!(lenient.contains("f7 double-three"), "{lenient}");
    assert!(!strict.contains("f7 double-three"), "{strict}");
    assert!(
        strict.contains("h7 (strict): forbidden: double-three"),
        "{strict}"
    );
    let tmp = tempfile::tempdir().unwrap();
    let svg = tmp.path().join("show.svg");
    let (_, _, code) = run(&["show", "--svg", svg.to_str().unwrap(), file]);
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"));
    assert!(text.matches("class=\"forbidden\"").count() >= 1);
}

#[test]
fn a_record_of_a_file_and_bad_input() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/games/black-five.renju");
    let (out, _, code) = run(&["show", "--moves", "3", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("after 3 moves"), "{out}");
    let (_, err, code) = run(&["show", "h8 h8"]);
    assert_eq!(code, 2);
    assert!(err.contains("h8"), "{err}");
}

/// #14 item 15: the SVG of a foul diagram keeps a forbidden letter (ringed), has a legend
/// with the convention, centres its letters on their points, and the run says it wrote it;
/// the text of a diagram of Black stones only names no side to move.
#[test]
fn svg_legend_letters_and_the_written_file() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/fouls/001-double-three-connected.txt");
    let svg =
        std::env::temp_dir().join(format!("renju-kit-show-legend-{}.svg", std::process::id()));
    let (out, _, code) = run(&[
        "show",
        "--svg",
        svg.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains(&format!("SVG written to {}", svg.display())),
        "{out}"
    );
    assert!(!out.contains("to move (by stone count)"), "{out}");
    let text = std::fs::read_to_string(&svg).unwrap();
    let _ = std::fs::remove_file(&svg);
    // A (h8) is forbidden: its letter stays, in a red ring, and no x hides it
    assert!(text.contains("class=\"forbidden-letter\""), "{text}");
    assert!(text.contains(">A</text>") && text.contains(">B</text>"));
    assert_eq!(text.matches("class=\"forbidden\"").count(), 0);
    assert!(text.contains("lenient convention"), "{text}");
    assert!(text.contains("class=\"legend\""));
    // letters are centred with an explicit baseline, not a dominant-baseline some renderers ignore
    assert!(!text.contains("dominant-baseline"));
    // the long title is wrapped onto two lines rather than clipped
    assert_eq!(text.matches("class=\"title\"").count(), 2, "{text}");
    // a game still says whose move it is
    let (game, _, _) = run(&["show", "h8 h9 i8"]);
    assert!(game.contains("White to move (by stone count)"), "{game}");
}

/// `show --svg` writes through the one atomic-output type: a named pipe given as the SVG
/// target stays a pipe and receives the picture (it was replaced by a plain file before).
#[cfg(unix)]
#[test]
fn svg_into_a_named_pipe_keeps_the_pipe() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("board.svg");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|st| st.success()) {
        println!("SKIPPED: mkfifo is not available here");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let (_, err, code) = run(&[
        "show",
        "--svg",
        fifo.to_str().unwrap(),
        "h8 a1 i8 a2 k10 a3 k11",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(reader.join().unwrap().contains("<svg"));
    assert!(
        std::fs::metadata(&fifo).unwrap().file_type().is_fifo(),
        "the pipe was replaced"
    );
    assert!(!dir.path().join("board.svg.partial").exists());
}
