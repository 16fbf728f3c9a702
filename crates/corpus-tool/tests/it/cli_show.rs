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
    // #26 item 5: an illegal move is shown where it is, as the audit says (it was exit 2)
    let (out, _, code) = run(&["show", "h8 h8"]);
    assert_eq!(code, 1);
    assert!(out.contains("after 1 move\n"), "{out}");
    assert!(
        out.contains(
            "illegal: move 2 (h8) is on a point already holding black; the game is shown up to move 1"
        ),
        "{out}"
    );
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

fn repo(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

/// #26 item 5: the records `validate` flags `illegal` (an off-board or unreadable move) were
/// refused with exit 2; they are drawn up to the bad move, with what is wrong there.
#[test]
fn a_record_with_a_move_that_cannot_be_read_is_shown_up_to_it() {
    for (file, why) in [
        (
            "corpus/games/off-board.renju",
            "illegal: move 4 'p16' cannot be read: column 'p' is off the 15x15 board (columns a..o); the game is shown up to move 3",
        ),
        (
            "corpus/games/unreadable-move.renju",
            "illegal: move 4 'hh' cannot be read: 'h' is not a row number; the game is shown up to move 3",
        ),
    ] {
        let (out, err, code) = run(&["show", "--ascii", &repo(file)]);
        assert_eq!(code, 1, "{out}{err}");
        assert!(out.contains("record 1, after 3 moves"), "{out}");
        assert!(out.contains(why), "{out}");
        let row8 = out.lines().find(|l| l.starts_with(" 8 ")).unwrap();
        assert!(row8.contains("X1") && row8.contains("X3"), "{row8}");
    }
    // before the bad move the game is an ordinary one
    let (out, _, code) = run(&[
        "show",
        "--moves",
        "2",
        &repo("corpus/games/off-board.renju"),
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("after 2 moves") && !out.contains("illegal"),
        "{out}"
    );
}

/// #26 item 5: a game lost by a foul said "no forbidden point for Black" on its final
/// position; the foul that decided the game is named (and explained under --explain).
#[test]
fn the_foul_that_decided_the_game_is_marked() {
    let file = repo("corpus/games/double-three-claimed.renju");
    let (out, _, code) = run(&["show", "--explain", &file]);
    assert_eq!(code, 0);
    assert!(!out.contains("no forbidden point"), "{out}");
    assert!(
        out.contains(
            "the game is over: black double-three foul at move 9 (j8), the foul that decided the game"
        ),
        "{out}"
    );
    assert!(
        out.contains("    j8 (lenient): forbidden: double-three"),
        "{out}"
    );
    // one move earlier the game is open: j8 is listed as a forbidden point
    let (out, _, _) = run(&["show", "--moves", "8", &file]);
    assert!(out.contains("  j8 double-three"), "{out}");
    // a five on a board given as a position: the game is already over
    let (out, _, code) = run(&["show", "h8 a1 i8 a2 j8 a3 k8 a4 l8"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("the game is over: black five at move 9"),
        "{out}"
    );
    let mut cells = vec!['.'; 225];
    for col in 7..12 {
        cells[7 * 15 + col] = 'x';
    }
    let grid: String = cells.into_iter().collect();
    let (out, _, _) = run(&["show", &grid]);
    assert!(
        out.contains("the game is already over (black five at h8 i8 j8 k8 l8)"),
        "{out}"
    );
}

/// #26 item 5: `--moves` past the end of the game is an error, not the whole game.
#[test]
fn moves_past_the_end_is_an_error() {
    let file = repo("corpus/games/double-three-claimed.renju");
    let (out, err, code) = run(&["show", "--moves", "99", &file]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("--moves 99: the game has 9 moves (give --moves 0 to 9)"),
        "{err}"
    );
    let (_, err, code) = run(&[
        "show",
        "--record",
        "2",
        &repo("corpus/games/black-five.renju"),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--record 2:") && err.contains("holds 1 record "),
        "{err}"
    );
}

/// #26 item 8: `show` reads what `fouls` reads: a 225-character board and a multi-line grid
/// given as the argument itself, a move list in any spelling, standard input.
#[test]
fn every_form_of_a_position() {
    use std::io::Write;
    let mut cells = vec!['.'; 225];
    for (col, row) in [(1usize, 14usize), (2, 14), (3, 12), (3, 11)] {
        cells[(15 - row) * 15 + col] = 'x';
    }
    let line: String = cells.iter().collect();
    let grid: String = cells
        .chunks(15)
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    for input in [line.as_str(), grid.as_str()] {
        let (out, err, code) = run(&["show", input]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("  d14 double-three"), "{out}");
    }
    let (out, _, _) = run(&["show", "h8a1i8a2K10,a3,k11"]);
    assert!(out.contains("  k8 double-three"), "{out}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["show", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(grid.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("  d14 double-three"));
    // a position that cannot be read names the real columns, a diagram its line
    let (_, err, code) = run(&["show", "q9 h8"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("move 1 'q9': column 'q' is off the 15x15 board (columns a..o)"),
        "{err}"
    );
    let bad = grid.replacen(".\n", "\n", 1);
    let (_, err, code) = run(&["show", &bad]);
    assert_eq!(code, 1);
    assert!(err.contains("line 1:"), "{err}");
}

/// #26 item 12: a 19x19 game under renju was judged by `show` and shown empty by `explain`;
/// both draw it and say the same sentence, suggesting --rules.
#[test]
fn a_board_renju_is_not_played_on_is_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("big.sgf");
    std::fs::write(&sgf, "(;GM[4]FF[4]SZ[19];B[jj];W[jk];B[kj];W[kk];B[lj])\n").unwrap();
    let sgf = sgf.to_str().unwrap();
    let sentence = "a 19x19 board: renju is played on 15x15 only (give --rules freestyle or --rules standard to judge it as gomoku on its own board)";
    let (shown, _, code) = run(&["show", "--ascii", sgf]);
    assert_eq!(code, 1);
    assert!(shown.contains(sentence), "{shown}");
    assert!(!shown.contains("forbidden"), "{shown}");
    let (explained, _, code) = run(&["explain", "--ascii", sgf]);
    assert_eq!(code, 1);
    assert!(explained.contains(sentence), "{explained}");
    assert!(!explained.contains("move 0"), "{explained}");
    for text in [&shown, &explained] {
        let row10 = text.lines().find(|l| l.starts_with("10 ")).unwrap();
        assert!(row10.contains("X1") && row10.contains("X3"), "{text}");
    }
    let (out, _, code) = run(&["show", "--rules", "freestyle", sgf]);
    assert_eq!(code, 0);
    assert!(
        out.contains("rules freestyle: no forbidden points"),
        "{out}"
    );
}
