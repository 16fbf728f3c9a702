//! The archive commands from the command line: `dedupe`, `search`, `filter`.

use crate::common;

use common::Scratch;
use std::process::Command;

fn tool(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(args)
        .output()
        .expect("run corpus-tool");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const GAME: &str = "h8 h9 i10 g7 j11 k12 f6 e5";
/// GAME under flip-v (row r -> 16 - r).
const GAME_FLIPPED: &str = "h8 h7 i6 g9 j5 k4 f10 e11";

fn archive(dir: &Scratch) -> (String, String) {
    let a = dir.path("a.renju");
    std::fs::write(
        &a,
        format!(
            "black {GAME}\nwhite h8 h9 i10 g7 j11\nblack h8 zz\nblack {GAME_FLIPPED}\nunknown a1 b2 c3\n"
        ),
    )
    .unwrap();
    let sub = dir.path("more");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("b.renju"), format!("draw {GAME}\n")).unwrap();
    std::fs::write(sub.join("README"), "not records\n").unwrap();
    (
        a.display().to_string(),
        sub.join("b.renju").display().to_string(),
    )
}

#[test]
fn dedupe_report_unique_and_summary() {
    let dir = Scratch::new("dedupe");
    let (a, b) = archive(&dir);
    let report = dir.path("groups.csv");
    let unique = dir.path("unique.renju");
    let (code, stdout, stderr) = tool(&[
        "dedupe",
        "--min-moves",
        "5",
        "--report",
        report.to_str().unwrap(),
        "--unique",
        unique.to_str().unwrap(),
        &a,
        dir.path("more").to_str().unwrap(),
    ]);
    // one record has an unreadable move: validate salvages it (the moves before it, verdict
    // illegal), so it is no unreadable record here either; it is counted, named, and the exit
    // status says the input was not all read
    assert_eq!(code, 1, "{stdout}{stderr}");
    // said once: the record is written by --unique, so the writer says what it could not
    // write (issue #26, 10: the same unreadable move was listed twice)
    assert_eq!(stdout.matches("record 3: move 2 'z").count(), 1, "{stdout}");
    assert!(
        !stdout.lines().any(|l| l.starts_with("unreadable move: ")),
        "{stdout}"
    );
    assert!(
        stdout.contains("records: 6 read in 2 files, 0 unreadable"),
        "{stdout}"
    );
    assert!(
        stdout.contains("with an unreadable move: 1 record"),
        "{stdout}"
    );
    assert!(stdout.contains("groups: 1 (4 records)"), "{stdout}");
    assert!(
        stdout.contains("duplicates: 3 (identical 1, symmetric 1, prefix 1)"),
        "{stdout}"
    );
    let csv = std::fs::read_to_string(&report).unwrap();
    assert_eq!(
        csv,
        format!(
            "group,kind,file,index,id,moves,declared,symmetry\n\
             1,first,{a},1,,8,black,identity\n\
             1,prefix,{a},2,,5,white,identity\n\
             1,symmetric,{a},4,,8,black,flip-v\n\
             1,identical,{b},1,,8,draw,identity\n"
        )
    );
    // the unique records: the representative and the records in no group (h8 before the
    // unreadable move and a1 b2 c3 are too short to take part), in input order; the
    // unreadable move cannot be written, and that is said
    let kept = std::fs::read_to_string(&unique).unwrap();
    assert_eq!(kept, format!("black {GAME}\nblack h8\nunknown a1 b2 c3\n"));
    assert!(stdout.contains("wrote 3 records"), "{stdout}");
    assert!(
        stdout.contains("move not written: ")
            && stdout
                .contains("a.renju record 3: move 2 'zz' cannot be read, so it cannot be written"),
        "{stdout}"
    );
}

#[test]
fn dedupe_default_min_moves_and_exit_status() {
    let dir = Scratch::new("dedupe-default");
    let f = dir.path("g.renju");
    std::fs::write(&f, format!("black {GAME}\nblack {GAME}\n")).unwrap();
    let (code, stdout, _) = tool(&["dedupe", f.to_str().unwrap()]);
    assert_eq!(code, 0);
    // 8 moves < the default 20: no group
    assert!(stdout.contains("0 with at least 20 moves"), "{stdout}");
    assert!(stdout.contains("groups: 0"), "{stdout}");
    let (code, _, stderr) = tool(&["dedupe", dir.path("absent.renju").to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
}

#[test]
fn search_position_board_and_diagram() {
    let dir = Scratch::new("search");
    let (a, b) = archive(&dir);
    let report = dir.path("hits.csv");
    let (code, stdout, stderr) = tool(&[
        "search",
        "--position",
        "h8 h9 i10 g7",
        "--report",
        report.to_str().unwrap(),
        &a,
        &b,
    ]);
    assert_eq!(code, 1, "one record is unreadable: {stdout}{stderr}");
    assert!(stdout.contains("4 pass through the position"), "{stdout}");
    let csv = std::fs::read_to_string(&report).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows[0], "file,index,id,move,symmetry,next,declared,at");
    assert_eq!(rows[1], format!("{a},1,,4,identity,j11,black,"));
    assert_eq!(rows[3], format!("{a},4,,4,flip-v,j11,black,"));
    assert_eq!(rows.len(), 5);
    // the tree: j11 three times (one of them mirrored back), then nothing else
    let j11 = stdout.lines().find(|l| l.starts_with("j11")).unwrap();
    assert!(j11.split_whitespace().nth(1) == Some("4"), "{stdout}");

    // the same position as a board line and as a diagram (black h8 i10, white h9 g7)
    let mut line = vec!['.'; 225];
    let mut put = |p: &str, c: char| {
        let pt: renju_core::Point = p.parse().unwrap();
        line[(14 - usize::from(pt.row())) * 15 + usize::from(pt.col())] = c;
    };
    put("h8", 'x');
    put("i10", 'x');
    put("h9", 'o');
    put("g7", 'o');
    let line: String = line.into_iter().collect();
    let (_, by_board, _) = tool(&["search", "--board", &line, &b]);
    assert!(by_board.contains("1 pass through"), "{by_board}");
    let diagram = dir.path("pos.txt");
    let rows: Vec<String> = line
        .as_bytes()
        .chunks(15)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    std::fs::write(&diagram, rows.join("\n")).unwrap();
    let (code, by_diagram, err) = tool(&["search", "--diagram", diagram.to_str().unwrap(), &b]);
    assert_eq!(code, 0, "{err}");
    assert!(by_diagram.contains("1 pass through"), "{by_diagram}");
    // no query: refused
    let (code, _, _) = tool(&["search", &b]);
    assert_eq!(code, 2);

    // a pattern: black h8, white h9 above it, black i10 (a knight's move away), anywhere
    let pattern = dir.path("pat.txt");
    std::fs::write(&pattern, "? x ?\no ? ?\nx ? ?\n").unwrap();
    let hits = dir.path("pat.csv");
    let (code, stdout, err) = tool(&[
        "search",
        "--pattern",
        pattern.to_str().unwrap(),
        "--report",
        hits.to_str().unwrap(),
        &b,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.starts_with("pattern: 3x3 cells"), "{stdout}");
    assert!(stdout.contains("1 pass through"), "{stdout}");
    let csv = std::fs::read_to_string(&hits).unwrap();
    // after move 3 (h8 h9 i10); next g7 lies outside the pattern
    assert_eq!(
        csv.lines().nth(1).unwrap(),
        format!("{b},1,,3,identity,outside,draw,h8")
    );
    std::fs::write(&pattern, "o q\n").unwrap();
    let (code, _, err) = tool(&["search", "--pattern", pattern.to_str().unwrap(), &b]);
    assert_eq!(code, 2);
    assert!(err.contains("'q' is not a cell"), "{err}");
}

#[test]
fn filter_conditions() {
    let dir = Scratch::new("filter");
    let f = dir.path("g.renju");
    std::fs::write(
        &f,
        "black h8 h9 i10 a1 j10 a2 k10 a3 l10 a4 m10\n\
         white h8 h9 i10 g7\n\
         black h8 i9 j10 a1\n\
         white h8 zz\n",
    )
    .unwrap();
    let out = dir.path("out.renju");
    let o = out.to_str().unwrap();
    let fs = f.to_str().unwrap();
    // 2D by its romanised name, Black wins by five on the board
    let (code, stdout, _) = tool(&[
        "filter",
        "--opening",
        "Keigetsu",
        "--end",
        "black-five",
        "-o",
        o,
        fs,
    ]);
    assert_eq!(code, 1, "one record has an unreadable move: {stdout}");
    assert!(
        stdout.contains("records: 4 read in 1 file, 0 unreadable; 1 matched"),
        "{stdout}"
    );
    assert!(
        stdout.contains("with an unreadable move: 1 record"),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "black h8 h9 i10 a1 j10 a2 k10 a3 l10 a4 m10\n"
    );
    // repeatable openings (any of them), and the declared result
    let (_, stdout, _) = tool(&[
        "filter",
        "--opening",
        "2D",
        "--opening",
        "寒星",
        "--declared",
        "white",
        "-o",
        o,
        fs,
    ]);
    assert!(stdout.contains("1 matched"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "white h8 h9 i10 g7\n"
    );
    // lengths and verdicts
    // h8 before an unreadable move counts 2 moves, as validate counts it
    let (_, stdout, _) = tool(&["filter", "--max-moves", "4", "-o", o, fs]);
    assert!(stdout.contains("3 matched"), "{stdout}");
    // validate audits the record with an unreadable move as illegal: filter writes it with
    // the moves before it and lists the move it cannot write
    let (code, stdout, _) = tool(&["filter", "--verdict", "illegal", "-o", o, fs]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("1 matched"), "{stdout}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "white h8\n");
    assert!(
        stdout.contains("g.renju record 4: move 2 'zz' cannot be read, so it cannot be written"),
        "{stdout}"
    );
    let (_, stdout, _) = tool(&["filter", "--declared", "draw", "-o", o, fs]);
    assert!(
        stdout.contains("0 matched") && stdout.contains("wrote 0 records"),
        "{stdout}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "");
    // a name that is no opening is refused
    let (code, _, stderr) = tool(&["filter", "--opening", "Nothing", "-o", o, fs]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not one of the 26 openings"), "{stderr}");
}

#[test]
fn real_archive_groups_are_right() {
    let Some(path) = renju_testdata::shared("corpora/dasimagin-renju/train-2.renju") else {
        return;
    };
    let dir = Scratch::new("real");
    let report = dir.path("g.csv");
    let (code, stdout, _) = tool(&[
        "dedupe",
        "--report",
        report.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}");
    let lines: Vec<Vec<renju_core::Move>> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .map(|m| m.parse().unwrap())
                .collect()
        })
        .collect();
    let csv = std::fs::read_to_string(&report).unwrap();
    let mut groups = std::collections::BTreeMap::<usize, Vec<(String, usize, String)>>::new();
    for row in csv.lines().skip(1) {
        let f: Vec<&str> = row.split(',').collect();
        groups.entry(f[0].parse().unwrap()).or_default().push((
            f[1].to_string(),
            f[3].parse().unwrap(),
            f[7].to_string(),
        ));
    }
    assert!(groups.len() > 1000, "well over a thousand groups");
    // every member, under its symmetry, is its representative or the representative's start
    for members in groups.values() {
        let reps: Vec<_> = members.iter().filter(|m| m.0 == "first").collect();
        assert_eq!(reps.len(), 1);
        let rep = &lines[reps[0].1 - 1];
        for (kind, index, sym) in members {
            let s = renju_core::Symmetry::ALL
                .into_iter()
                .find(|s| s.name() == sym)
                .unwrap();
            let mine = &lines[index - 1];
            assert!(mine.len() >= 20 && mine.len() <= rep.len());
            let mapped: Vec<_> = mine
                .iter()
                .map(|m| match m {
                    renju_core::Move::Stone(p) => renju_core::Move::Stone(s.apply(*p, 15)),
                    renju_core::Move::Pass => renju_core::Move::Pass,
                })
                .collect();
            assert_eq!(&mapped[..], &rep[..mine.len()], "{kind} record {index}");
            assert_eq!(kind == "prefix", mine.len() < rep.len());
        }
    }
}

#[test]
fn unique_and_filter_write_any_format() {
    let dir = Scratch::new("formats");
    let f = dir.path("g.renju");
    std::fs::write(
        &f,
        format!("black {GAME}\nwhite {GAME_FLIPPED}\ndraw h8 h9 i10 g7 j11 k12 a1 a2\n"),
    )
    .unwrap();
    let out = dir.path("unique.sgf");
    let (code, stdout, err) = tool(&[
        "dedupe",
        "--min-moves",
        "5",
        "--unique",
        out.to_str().unwrap(),
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains("wrote 2 records") && stdout.contains("(sgf)"),
        "{stdout}"
    );
    let bytes = std::fs::read(&out).unwrap();
    let back: Vec<_> = renju_notation::read_all(
        renju_notation::Format::Sgf,
        &bytes,
        "unique.sgf",
        renju_notation::Orientation::RowOneAtTop,
    )
    .collect::<Result<_, _>>()
    .unwrap();
    let moves: Vec<String> = back
        .iter()
        .map(|g| {
            g.moves
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(moves, [GAME, "h8 h9 i10 g7 j11 k12 a1 a2"]);
    // an output whose format cannot be told is refused before anything is read
    let (code, _, err) = tool(&[
        "filter",
        "-o",
        dir.path("out.xyz").to_str().unwrap(),
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot tell the format"), "{err}");
}

/// Records that set stones up are not games from the empty board: dedupe does not compare
/// them and search does not search them; both count them and say why.
#[test]
fn set_up_records_are_left_out_of_dedupe_and_search() {
    let dir = Scratch::new("setup");
    let f = dir.path("s.sgf");
    // The same 5 moves twice with a set-up stone, once without: only the plain one is a game.
    let moves = ";B[hh];W[hg];B[if];W[gi];B[je]";
    std::fs::write(
        &f,
        format!(
            "(;GM[4]FF[4]SZ[15]AW[aa]{moves})\n(;GM[4]FF[4]SZ[15]AW[aa]{moves})\n\
             (;GM[4]FF[4]SZ[15]{moves})\n"
        ),
    )
    .unwrap();
    let fs = f.to_str().unwrap();
    let (code, stdout, stderr) = tool(&["dedupe", "--min-moves", "3", fs]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout
            .contains("records: 3 read in 1 file, 0 unreadable; 1 with at least 3 moves took part"),
        "{stdout}"
    );
    assert!(stdout.contains("groups: 0"), "{stdout}");
    assert!(
        stdout.contains("set up: 2 records set stones up (SGF AB/AW/AE) and were not compared"),
        "{stdout}"
    );
    assert_eq!(stdout.matches("not examined: ").count(), 2, "{stdout}");
    let (code, stdout, stderr) = tool(&["search", "--position", "h8 h9", fs]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("1 pass through the position"), "{stdout}");
    assert!(
        stdout.contains("set up: 2 records set stones up (SGF AB/AW/AE) and were not searched"),
        "{stdout}"
    );
}

/// search uses the moves before an unreadable move (as validate does) and says the next
/// move could not be read.
#[test]
fn search_reads_salvaged_records() {
    let dir = Scratch::new("search-salvaged");
    let f = dir.path("g.renju");
    std::fs::write(&f, "black h8 h9 zz\nwhite h8 h9 i10\n").unwrap();
    let report = dir.path("r.csv");
    let (code, stdout, _) = tool(&[
        "search",
        "--position",
        "h8 h9",
        "--report",
        report.to_str().unwrap(),
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "a move could not be read: {stdout}");
    assert!(stdout.contains("2 pass through the position"), "{stdout}");
    assert!(
        stdout.contains("with an unreadable move: 1 record"),
        "{stdout}"
    );
    let csv = std::fs::read_to_string(&report).unwrap();
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{csv}");
    assert!(rows[0].ends_with(",2,identity,unreadable,black,"), "{csv}");
    assert!(rows[1].ends_with(",2,identity,i10,white,"), "{csv}");
}

/// One summary style for the archive commands (issue #26, 10): counts with separators and
/// correct plurals, skipped entries summed per folder on stdout and each named on stderr,
/// an unreadable move said once.
#[test]
fn archive_commands_share_one_summary_style() {
    let dir = Scratch::new("style");
    std::fs::create_dir_all(dir.path("a/notes")).unwrap();
    let games: String = (0..1_200)
        .map(|i| format!("black h8 h9 i8 i9 j8 j9 k8 k9 {}\n", ["l8", "g8"][i % 2]))
        .collect();
    std::fs::write(dir.path("a/games.renju"), games).unwrap();
    std::fs::write(dir.path("a/bad.renju"), "white h8 zz\n").unwrap();
    for i in 0..40 {
        std::fs::write(dir.path(&format!("a/notes/n{i:02}.md")), "prose\n").unwrap();
    }
    let a = dir.path("a");
    let a = a.to_str().unwrap();
    let out = dir.path("out.renju");
    for args in [
        vec!["dedupe", a],
        vec!["search", "--position", "h8 h9", a],
        vec!["filter", "--min-moves", "3", "-o", out.to_str().unwrap(), a],
    ] {
        let (code, stdout, stderr) = tool(&args);
        assert_eq!(code, 1, "{args:?}: {stdout}{stderr}");
        assert!(
            stdout.contains("records: 1,201 read in 2 files, 0 unreadable"),
            "{args:?}: {stdout}"
        );
        let skipped = stdout
            .lines()
            .find(|l| l.starts_with("skipped "))
            .unwrap_or_else(|| panic!("{args:?}: {stdout}"));
        assert!(
            skipped.starts_with("skipped 40 files in no record format: 40 in ")
                && skipped.ends_with("notes/ (each on stderr)"),
            "{args:?}: {skipped}"
        );
        assert!(skipped.len() < 200, "one short line: {skipped}");
        assert_eq!(
            stderr.matches("skipped: ").count(),
            40,
            "{args:?}: {stderr}"
        );
        assert_eq!(
            stdout.matches("move 2 'zz'").count(),
            1,
            "{args:?}: {stdout}"
        );
        assert!(
            !stdout.contains("file(s)") && !stdout.contains(" 1 records"),
            "{stdout}"
        );
    }
    let (_, stdout, _) = tool(&["search", "--position", "h8 h9", a]);
    assert!(
        stdout.contains("1,200 pass through the position"),
        "{stdout}"
    );
    let (_, stdout, _) = tool(&["filter", "--min-moves", "3", "-o", out.to_str().unwrap(), a]);
    assert!(stdout.contains("; 1,200 matched"), "{stdout}");
    assert!(stdout.contains("wrote 1,200 records to "), "{stdout}");
    // openings stats says what it skipped too
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["openings", "stats", a])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        stdout.contains("skipped 40 files in no record format: 40 in "),
        "{stdout}"
    );
    assert!(
        stdout.contains("records: 1,201 read, 1,201 counted"),
        "{stdout}"
    );
}
