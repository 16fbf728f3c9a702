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
    // #26 item 8: errors name the line and the board's real columns
    assert_eq!(
        lines[3],
        "error: line 4: move 2 'zz': column 'z' is off the 15x15 board (columns a..o)"
    );
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

fn repo_file(name: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

/// #26 item 8: every form of a position is read, and read the same way: a move list in
/// every spelling, a board of 225 characters (compact or spaced), a 15-line grid, a diagram
/// with coordinates, the seeds' Unicode style, an atlas file.
#[test]
fn every_form_of_a_position_gives_the_same_answer() {
    let moves = "h8 a1 i8 a2 k10 a3 k11";
    let mut rows = vec![vec!['.'; 15]; 15];
    for (p, c) in [
        ("h8", 'x'),
        ("i8", 'x'),
        ("k10", 'x'),
        ("k11", 'x'),
        ("a1", 'o'),
        ("a2", 'o'),
        ("a3", 'o'),
    ] {
        let col = usize::from(p.as_bytes()[0] - b'a');
        let row: usize = p[1..].parse().unwrap();
        rows[15 - row][col] = c;
    }
    let lines: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    let grid = lines.join("\n") + "\n";
    let labelled: String = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let cells: Vec<String> = l.chars().map(String::from).collect();
            format!("{:>2} {}\n", 15 - i, cells.join(" "))
        })
        .collect::<String>()
        + "   a b c d e f g h i j k l m n o\n";
    for input in [
        format!("{moves}\n"),
        "h8a1i8a2k10a3k11\n".to_string(),
        "H8,A1,I8,A2,K10,A3,K11\n".to_string(),
        format!("{}\n", lines.concat()),
        format!("{}\n", lines.join(" ")),
        grid.clone(),
        labelled.clone(),
    ] {
        let (out, code) = run(&["fouls"], &input);
        assert_eq!((out.as_str(), code), ("k8=double-three\n", 0), "{input}");
    }
    // a 15-line grid as a file too, and the seeds' Unicode style from `show`
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("position.txt");
    std::fs::write(&file, &grid).unwrap();
    let (out, code) = run(&["fouls", file.to_str().unwrap()], "");
    assert_eq!((out.as_str(), code), ("k8=double-three\n", 0));
    let shown = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["show", moves])
        .output()
        .unwrap();
    let shown = String::from_utf8(shown.stdout).unwrap();
    let unicode: String = shown
        .lines()
        .skip(1)
        .take(16)
        .map(|l| format!("{l}\n"))
        .collect();
    let (out, _) = run(&["fouls"], &unicode);
    assert_eq!(out, "k8=double-three\n", "{unicode}");
    // an atlas file: its board
    let (out, code) = run(
        &[
            "fouls",
            &repo_file("corpus/fouls/001-double-three-connected.txt"),
        ],
        "",
    );
    assert_eq!((out.as_str(), code), ("h8=double-three\n", 0));
}

/// #26 item 8: `fouls FILE.renju` read the `black` of the result as a move. A record file
/// is read as `validate` reads it: one answer per record (its final position), or record
/// `--record N` only; a game already over is said so.
#[test]
fn a_record_file_is_read_as_records() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.renju");
    std::fs::write(
        &file,
        "black h8 a1 i8 a2 k10 a3 k11\nwhite h8 h9 i8\nblack h8 a1 i8 a2 j8 a3 k8 a4 l8\nblack h8 h8\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let (out, code) = run(&["fouls", path], "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "k8=double-three",
            "",
            "error: record 3: the game is already over (black five at move 9)",
            "error: record 4: move 2 (h8) is on a point already holding black",
        ],
        "{out}"
    );
    assert_eq!(code, 1);
    let (out, code) = run(&["fouls", "--record", "1", path], "");
    assert_eq!((out.as_str(), code), ("k8=double-three\n", 0));
    let (_, code) = run(&["fouls", "--record", "9", path], "");
    assert_eq!(code, 2, "--record past the last record is a bad argument");
    // the same file on standard input: told by its content
    let (out, _) = run(
        &["fouls", "--record", "1"],
        &std::fs::read_to_string(&file).unwrap(),
    );
    assert_eq!(out, "k8=double-three\n");
    // a game that ended by a foul is over too
    let (out, code) = run(
        &[
            "fouls",
            &repo_file("corpus/games/double-three-claimed.renju"),
        ],
        "",
    );
    assert_eq!(
        (out.as_str(), code),
        (
            "error: record 1: the game is already over (black double-three foul at move 9)\n",
            1
        )
    );
}

/// #26 item 7: a position where a five is on the board is the end of a game: no forbidden
/// points are listed for a next move there is not.
#[test]
fn a_game_already_won_is_not_answered() {
    let (out, code) = run(
        &["fouls"],
        "h8 a1 i8 a2 j8 a3 k8 a4 l8\nh8 a1 i8 a2 j8 a3 k8 a4\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "error: line 1: the game is already over (black five at h8 i8 j8 k8 l8)"
    );
    assert_eq!(lines[1], "");
    assert_eq!(code, 1);
    // a black six is no win in renju (the position can still be asked about), a win in
    // free-style gomoku, where no point is forbidden anyway
    let six = "h8 a1 i8 a2 j8 a3 k8 a4 m8 a6 l8\n";
    let (out, code) = run(&["fouls"], six);
    assert_eq!(code, 0, "{out}");
    let (out, _) = run(&["fouls", "--rules", "freestyle"], six);
    assert!(
        out.starts_with("error: line 1: the game is already over (black six in a row at h8"),
        "{out}"
    );
    let (out, code) = run(
        &["fouls", "--rules", "freestyle"],
        "h8 a1 i8 a2 k10 a3 k11\n",
    );
    assert_eq!((out.as_str(), code), ("\n", 0));
}
