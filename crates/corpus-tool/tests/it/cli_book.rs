//! `corpus-tool book` from the command line: the book built from hand-made archives against
//! an independent replay (all 8 symmetries, transpositions, a pass, an illegal move, judged
//! results), a file added again, a changed file, a killed and an interrupted run, the query's
//! JSON; and `search --book` against the scan on random positions of the 147k archive.

use crate::common::Scratch;
use renju_core::{Move, Symmetry};
use renju_notation::DeclaredResult::{self, Black, Draw, Unknown, White};
use renju_notation::GameRecord;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The renju-book crate's independent reference (a plain replay on `renju_core::Board`, the
/// key written from the schema's definition): one reference for both crates' tests.
#[path = "../../../book/tests/it/reference.rs"]
#[allow(dead_code)]
mod reference;

use reference::{Reference, dump, record, transformed};

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

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The games and the result the book must count for each, reasoned by hand.
fn games() -> Vec<(GameRecord, DeclaredResult)> {
    vec![
        // Black's five at move 9 decides, whatever the record declares
        (record("h8 h9 i8 a1 j8 a2 k8 a3 l8", White), Black),
        // no decisive event: the declared result stands
        (record("h8 h9 i10 g7 j11 k12", Black), Black),
        // the same position after four moves as the game above, in another order
        (record("h8 g7 i10 h9 g9", White), White),
        (record("h8 i9 h10 g9", Unknown), Unknown),
        // a pass: the position after it is the one before; the game goes on
        (record("h8 i9 h10 g9 -- j9 j10", Draw), Draw),
        // h8 taken again at move 3: the game stops before it, the declared result stands
        (record("h8 h9 h8 h7", Black), Black),
        // transposes into the second game after move 4
        (record("h8 g7 i10 h9 j11", Unknown), Unknown),
    ]
}

fn renju_text(games: &[GameRecord]) -> String {
    let mut s = String::new();
    for g in games {
        s.push_str(g.result.name());
        for m in &g.moves {
            s.push(' ');
            s.push_str(&m.to_string());
        }
        s.push('\n');
    }
    s
}

/// The games under the 8 symmetries, in two files of a folder (symmetries 0..4 and 4..8),
/// and a third file of records the book counts and does not add: an SGF game that sets
/// stones up, and a 19x19 game.
fn archive(dir: &Scratch) -> (PathBuf, Vec<(GameRecord, DeclaredResult)>) {
    let folder = dir.path("archive");
    std::fs::create_dir_all(folder.join("sub")).unwrap();
    let mut all = Vec::new();
    for (half, name) in [(0..4, "a.renju"), (4..8, "sub/b.renju")] {
        let mut records = Vec::new();
        for sym in &Symmetry::ALL[half] {
            for (g, r) in games() {
                let t = transformed(&g, *sym);
                records.push(t.clone());
                all.push((t, r));
            }
        }
        std::fs::write(folder.join(name), renju_text(&records)).unwrap();
    }
    std::fs::write(
        folder.join("sub/c.sgf"),
        "(;FF[4]GM[4]SZ[15]AB[hh][ih];W[hi];B[jh])(;FF[4]GM[4]SZ[19];B[jj];W[jk])",
    )
    .unwrap();
    (folder, all)
}

#[test]
fn the_built_book_equals_an_independent_replay_under_the_8_symmetries() {
    let dir = Scratch::new("book-build");
    let (folder, games) = archive(&dir);
    for max in [30u8, 4, 0] {
        let book = dir.path(&format!("b{max}.sqlite"));
        let (code, stdout, stderr) = tool(&[
            "book",
            "build",
            s(&folder),
            "-o",
            s(&book),
            "--max-moves",
            &max.to_string(),
        ]);
        // the records left out or cut short are findings, each named
        assert_eq!(code, 1, "{stdout}{stderr}");
        assert!(
            stdout.contains("records: 58 read in 3 files, 0 unreadable"),
            "{stdout}"
        );
        let sgf = folder.join("sub/c.sgf");
        assert!(
            stdout.contains(&format!(
                "left out: {}: record 1: sets stones up (AB/AW/AE): not a game from the empty \
                 board, not added",
                s(&sgf)
            )),
            "{stdout}"
        );
        assert!(
            stdout.contains(&format!(
                "left out: {}: record 2: a board of side 19, the book's is 15: not added",
                s(&sgf)
            )),
            "{stdout}"
        );
        // the sixth game (h8 taken again at move 3) in each of the 8 orientations, where the
        // walk reaches move 3
        let cut: Vec<&str> = stdout
            .lines()
            .filter(|l| l.starts_with("cut short: "))
            .collect();
        assert_eq!(cut.len(), if max >= 3 { 8 } else { 0 }, "{stdout}");
        let a = folder.join("a.renju");
        if max >= 3 {
            assert_eq!(
                cut[0],
                format!(
                    "cut short: {}: record 6: move 3 (h8) cannot be played (its point is taken \
                     or off the board): the game is counted up to move 2",
                    s(&a)
                )
            );
        }
        assert!(stdout.contains("1 set up stones (not added)"), "{stdout}");
        assert!(
            stdout.contains("1 of another board side (not added)"),
            "{stdout}"
        );
        assert!(
            stdout.contains("the book: 56 games from 3 files"),
            "{stdout}"
        );
        let want = Reference::new(&games, usize::from(max));
        assert!(!want.edges.is_empty());
        assert_eq!(dump(&book), want, "max-moves {max}");
    }
    // the JSON answer, reasoned by hand: h8 h9 is reached, in some orientation, by the
    // games of games() that start with white next to h8 in a row or column (the first, the
    // second and the sixth), each under the 8 symmetries
    let book = dir.path("b30.sqlite");
    let (code, stdout, _) = tool(&["book", "query", s(&book), "--position", "h8 h9", "--json"]);
    assert_eq!(code, 0);
    // the JSON and the CSV cannot both go to standard output: refused, nothing printed
    let (refused, nothing, why) = tool(&[
        "book",
        "query",
        s(&book),
        "--position",
        "h8 h9",
        "--json",
        "--report",
        "-",
    ]);
    assert_eq!((refused, nothing.as_str()), (2, ""), "{why}");
    assert!(
        why.contains("--json prints to standard output already"),
        "{why}"
    );
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        stdout.find("\"position\"").unwrap(),
        1,
        "position first: {stdout}"
    );
    assert_eq!(keys.len(), 7, "{stdout}");
    assert_eq!(v["position"], serde_json::json!(["h8", "h9"]));
    // judged: 8 Black fives, 8 + 8 declared Black wins
    assert_eq!(
        (v["games"].clone(), v["black"].clone(), v["white"].clone()),
        (24.into(), 24.into(), 0.into()),
        "{stdout}"
    );
    let next = v["next"].as_array().unwrap();
    // i8 and g8 are one move (the mirror in the h column), named g8; i10 and g10 one, g10;
    // h8 again is no move (it cannot be played): the game ends there
    let names: Vec<(&str, u64)> = next
        .iter()
        .map(|n| (n["move"].as_str().unwrap(), n["games"].as_u64().unwrap()))
        .collect();
    assert_eq!(names, [("g8", 8), ("g10", 8)], "{stdout}");
    assert_eq!(
        next[0].as_object().unwrap().keys().count(),
        6,
        "move, games, black, white, draw, unknown"
    );
}

fn file_bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap()
}

#[test]
fn a_file_added_again_changes_nothing_a_changed_one_is_refused_or_replaced() {
    let dir = Scratch::new("book-add");
    let a = dir.path("a.renju");
    let b = dir.path("b.renju");
    std::fs::write(&a, "black h8 h9 i10 g7\nwhite h8 g7 i10 h9\n").unwrap();
    std::fs::write(&b, "draw h8 i9 h10\n").unwrap();
    let book = dir.path("book.sqlite");
    let (code, out, err) = tool(&["book", "build", s(&a), "-o", s(&book)]);
    assert_eq!(code, 0, "{out}{err}");
    // building over a book is refused
    let (code, _, err) = tool(&["book", "build", s(&a), "-o", s(&book)]);
    assert_eq!(code, 2);
    assert!(err.contains("already exists"), "{err}");
    // the same file named twice in one run: read and added once
    let twice = dir.path("twice.sqlite");
    let (code, out, _) = tool(&["book", "build", s(&a), s(&a), "-o", s(&twice)]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("records: 2 read in 1 file")
            && out.contains(&format!(
                "nothing changed: {} (given again: read once)",
                s(&a)
            ))
            && out.contains("the book: 2 games from 1 file"),
        "{out}"
    );
    assert_eq!(dump(&twice), dump(&book));
    // the next moves as CSV, the same rows as the JSON
    let csv = dir.path("next.csv");
    let (code, _, _) = tool(&[
        "book",
        "query",
        s(&book),
        "--position",
        "h8",
        "--report",
        s(&csv),
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        // after h8, h9 is named h7 and g7 is g7 (the first of their images in a1, b1, ...
        // order); one game each: g7 first
        "move,games,black,white,draw,unknown,share,black_score\n\
         g7,1,0,1,0,0,0.5000,0.0000\nh7,1,1,0,0,0,0.5000,1.0000\n"
    );
    let before = file_bytes(&book);
    // the same file again, and under another name: nothing changes, and the summary says so
    let copy = dir.path("copy.renju");
    std::fs::copy(&a, &copy).unwrap();
    let (code, out, _) = tool(&["book", "add", s(&book), s(&a), s(&copy)]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!(
            "nothing changed: {} (already in the book, same content)",
            s(&a)
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "nothing changed: {} (the same content as",
            s(&copy)
        )),
        "{out}"
    );
    assert_eq!(file_bytes(&book), before, "the book is untouched");
    // a new file is added
    let (code, out, _) = tool(&["book", "add", s(&book), s(&b), s(&a)]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("added: {}: 1 game of 1 record", s(&b))),
        "{out}"
    );
    assert!(out.contains("the book: 3 games from 2 files"), "{out}");
    // a changed file is refused with a clear message, the book untouched
    std::fs::write(&a, "black h8 h9 i10 g7\nblack h8 h7\n").unwrap();
    let before = file_bytes(&book);
    let (code, out, _) = tool(&["book", "add", s(&book), s(&a)]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(&format!(
            "refused: {} has changed since it was added",
            s(&a)
        )) && out.contains("give --replace"),
        "{out}"
    );
    assert_eq!(file_bytes(&book), before);
    // replaced: the book is what a new build of the files as they are now gives
    let (code, out, _) = tool(&["book", "add", s(&book), s(&a), "--replace"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("replaced: "), "{out}");
    let fresh = dir.path("fresh.sqlite");
    let (code, _, _) = tool(&["book", "build", s(&b), s(&a), "-o", s(&fresh)]);
    assert_eq!(code, 0);
    assert_eq!(dump(&book), dump(&fresh));
    let want = Reference::new(
        &[
            (record("h8 h9 i10 g7", Black), Black),
            (record("h8 h7", Black), Black),
            (record("h8 i9 h10", Draw), Draw),
        ],
        30,
    );
    assert_eq!(dump(&book), want);
    // a file whose content changed into another file's of the book: refused, replaced or
    // not (its old games are counted, its new ones are the other file's), the book untouched
    std::fs::copy(&b, &a).unwrap();
    let before = file_bytes(&book);
    for extra in [None, Some("--replace")] {
        let mut args = vec!["book", "add", s(&book), s(&a)];
        args.extend(extra);
        let (code, out, _) = tool(&args);
        assert_eq!(code, 2, "{out}");
        assert!(
            out.contains(&format!(
                "refused: {} has changed since it was added to the book",
                s(&a)
            )) && out.contains(&format!(
                "its content now is that of {}",
                std::fs::canonicalize(&b).unwrap().display()
            )),
            "{out}"
        );
        assert!(!out.contains("nothing changed"), "{out}");
        assert_eq!(file_bytes(&book), before);
    }
}

/// A file of `n` distinct games (each the same opening, then moves spread over the board).
fn many_games(n: usize) -> String {
    let mut text = String::with_capacity(n * 40);
    let points: Vec<String> = (0..15u8)
        .flat_map(|r| (0..15u8).map(move |c| format!("{}{}", char::from(b'a' + c), r + 1)))
        .filter(|p| !["h8", "h9", "i10"].contains(&p.as_str()))
        .collect();
    for i in 0..n {
        text.push_str("unknown h8 h9 i10");
        let mut x = i;
        let mut used = Vec::new();
        for _ in 0..6 {
            let mut k = x % points.len();
            while used.contains(&k) {
                k = (k + 1) % points.len();
            }
            used.push(k);
            x = x / points.len() + 7 * i + 13;
            text.push(' ');
            text.push_str(&points[k]);
        }
        text.push('\n');
    }
    text
}

fn totals_and_sources(book: &Path) -> (renju_book::Counts, usize, bool) {
    let b = renju_book::Book::open(book).unwrap();
    let check = b.check().unwrap();
    (
        b.totals().unwrap(),
        b.sources().unwrap().len(),
        check.is_ok(),
    )
}

#[cfg(unix)]
fn killed_midway(signal: &str) -> (Option<i32>, String, PathBuf, Scratch, bool) {
    let dir = Scratch::new(&format!("book-kill-{signal}"));
    let small = dir.path("small.renju");
    std::fs::write(&small, "black h8 h9 i10 g7\n").unwrap();
    let book = dir.path("book.sqlite");
    assert_eq!(tool(&["book", "build", s(&small), "-o", s(&book)]).0, 0);
    let big = dir.path("big.renju");
    std::fs::write(&big, many_games(400_000)).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["book", "add", s(&book), s(&big), "--jobs", "2"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // wait until the file's transaction has written to the book: its rollback journal there
    // for 100 ms on end (the check that the book can be written, before the file is hashed,
    // makes a journal for a moment too; the file's lasts while its 400,000 games are read)
    let journal = dir.path("book.sqlite-journal");
    let t = std::time::Instant::now();
    let mut seen_since: Option<std::time::Instant> = None;
    while t.elapsed().as_secs() < 60 {
        match (journal.exists(), seen_since) {
            (true, Some(since)) if since.elapsed().as_millis() >= 100 => break,
            (true, None) => seen_since = Some(std::time::Instant::now()),
            (false, _) => seen_since = None,
            _ => {}
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let in_transaction = journal.exists();
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code(), text, book, dir, in_transaction)
}

#[cfg(unix)]
#[test]
fn a_killed_run_leaves_the_book_as_it_was() {
    let (code, _, book, _dir, in_transaction) = killed_midway("KILL");
    assert!(in_transaction, "the kill came in the file's transaction");
    assert_eq!(code, None, "killed by the signal");
    let (totals, sources, ok) = totals_and_sources(&book);
    assert_eq!((totals.games, totals.black, sources), (1, 1, 1));
    assert!(ok, "every row recounted from the stored games");
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_rolls_its_file_back_and_says_so() {
    let (code, stdout, book, _dir, in_transaction) = killed_midway("INT");
    assert!(in_transaction);
    assert_eq!(code, Some(130), "{stdout}");
    assert!(
        stdout.contains("(the run was stopped in it: its transaction was rolled back)")
            && stdout.contains("INTERRUPTED"),
        "{stdout}"
    );
    let (totals, sources, ok) = totals_and_sources(&book);
    assert_eq!((totals.games, sources), (1, 1));
    assert!(ok);
}

#[test]
fn export_writes_a_library_this_project_reads_back() {
    let dir = Scratch::new("book-export");
    let a = dir.path("a.renju");
    std::fs::write(&a, "black h8 h9 i10 g7\nwhite h8 g7 i10 h9\nblack h8 i9\n").unwrap();
    let book = dir.path("book.sqlite");
    assert_eq!(tool(&["book", "build", s(&a), "-o", s(&book)]).0, 0);
    for (to, name) in [("lib", "out.lib"), ("sgf", "out.sgf")] {
        let out = dir.path(name);
        let (code, stdout, stderr) = tool(&["book", "export", s(&book), s(&out), "--to", to]);
        assert_eq!(code, 0, "{stdout}{stderr}");
        // the first two games meet after four moves: one node continues, the other is a leaf
        assert!(stdout.contains("1 transposition"), "{stdout}");
        let bytes = std::fs::read(&out).unwrap();
        // each read in its own format's row direction, as convert reads it
        let tree = if to == "lib" {
            renju_notation::renlib::read_tree(
                &bytes,
                name,
                renju_notation::Format::Lib.default_orientation(),
                None,
            )
            .unwrap()
        } else {
            renju_notation::sgf::read_trees(
                &bytes,
                name,
                renju_notation::Format::Sgf.default_orientation(),
                None,
            )
            .next()
            .unwrap()
            .unwrap()
        };
        // after h8, in the answers' orientation (reasoned by hand): g7 (the second game's g7
        // and the third's i9, one move) and h7 (the first game's h9); a flipped file says
        // g9 and h9
        let root = &tree.nodes[0];
        assert_eq!(root.children.len(), 1, "{name}");
        let h8 = &tree.nodes[root.children[0]];
        assert_eq!(h8.mv.unwrap().to_string(), "h8", "{name}");
        let next: Vec<String> = h8
            .children
            .iter()
            .map(|&c| tree.nodes[c].mv.unwrap().to_string())
            .collect();
        assert_eq!(next, ["g7", "h7"], "{name}");
        let comments: Vec<String> = tree
            .nodes
            .iter()
            .filter_map(|n| n.comment.as_ref().map(|c| c.as_str().to_string()))
            .collect();
        assert!(
            comments
                .iter()
                .any(|c| c == "3 games: black 2, white 1, draw 0, unknown 0"),
            "{comments:?}"
        );
    }
    // without --to, the extension says the format; a --to it contradicts is refused
    let sgf = dir.path("plain.sgf");
    let (code, stdout, stderr) = tool(&["book", "export", s(&book), s(&sgf)]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(std::fs::read_to_string(&sgf).unwrap().starts_with("(;"));
    assert_eq!(
        std::fs::read(&sgf).unwrap(),
        std::fs::read(dir.path("out.sgf")).unwrap()
    );
    let wrong = dir.path("wrong.lib");
    let (code, _, stderr) = tool(&["book", "export", s(&book), s(&wrong), "--to", "sgf"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is named as a RenLib library"), "{stderr}");
    assert!(!wrong.exists());
}

/// The moves of the first `k` of game `g`, as text.
fn prefix(g: &GameRecord, k: usize) -> String {
    g.moves[..k]
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn search_with_the_book_equals_the_scan_on_random_positions_of_the_147k_archive() {
    use proptest::prelude::*;
    let found = renju_testdata::shared("corpora/dasimagin-renju/train-2.renju");
    if !renju_testdata::require(
        "the 147k archive (corpora/dasimagin-renju)",
        found.is_some(),
    ) {
        return;
    }
    let archive = found.unwrap();
    let dir = Scratch::new("book-search");
    let book = dir.path("train-2.sqlite");
    let (code, out, err) = tool(&["book", "build", s(&archive), "-o", s(&book), "-q"]);
    assert_eq!(code, 0, "{out}{err}");
    let bytes = std::fs::read(&archive).unwrap();
    let games: Vec<GameRecord> = renju_notation::read_all(
        renju_notation::Format::Renju,
        &bytes,
        "train-2.renju",
        renju_notation::Orientation::RowOneAtBottom,
    )
    .filter_map(Result::ok)
    .collect();
    let engine = crate::common::engine(2);
    let run = |moves: &str, book: Option<PathBuf>| {
        let args = corpus_tool::search::Args {
            position: corpus_tool::search::Position::Moves(moves.to_string()),
            paths: vec![archive.clone()],
            report: None,
            show: 20,
            input: corpus_tool::input::ReadOptions::default(),
            book,
        };
        corpus_tool::search::run(&args, &engine).unwrap()
    };
    let answered = std::cell::Cell::new(0);
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(8));
    runner
        .run(&(0usize..games.len(), 0usize..31), |(i, k)| {
            let g = &games[i];
            let moves = prefix(g, k.min(g.moves.len()));
            let scan = run(&moves, None);
            let from_book = run(&moves, Some(book.clone()));
            prop_assert_eq!(&from_book.stdout, &scan.stdout, "position {}", moves);
            prop_assert_eq!(from_book.status, scan.status);
            if from_book.stderr.contains("answered from the book") {
                answered.set(answered.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    assert_eq!(
        answered.get(),
        8,
        "every position was answered from the book"
    );
    // a position of more stones than the book holds: the scan, saying why
    let deep = games.iter().find(|g| g.moves.len() > 31).unwrap();
    let out = run(&prefix(deep, 31), Some(book));
    assert!(out.stderr.contains("cannot answer"), "{}", out.stderr);
}

/// A file given twice in one run, or a copy of it, is read once: the totals count it once
/// and the other names say why they were not read.
#[test]
fn a_file_given_again_in_the_same_run_is_read_once() {
    let dir = Scratch::new("book-twice");
    let a = dir.path("a.renju");
    std::fs::write(&a, "black h8 h9 i10\nwhite h8 i9\n").unwrap();
    let copy = dir.path("copy.renju");
    std::fs::copy(&a, &copy).unwrap();
    let out = dir.path("b.sqlite");
    let (code, stdout, stderr) = tool(&["book", "build", s(&a), s(&a), s(&copy), "-o", s(&out)]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("records: 2 read in 1 file, 0 unreadable"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "nothing changed: {} (given again: read once)",
            s(&a)
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "nothing changed: {} (the same content as {}, given before it)",
            s(&copy),
            s(&a)
        )),
        "{stdout}"
    );
    assert!(stdout.contains("the book: 2 games from 1 file"), "{stdout}");
}

/// A pipe is refused before it is read (hashing it would take its content, and reading it
/// again would block), and so is standard input by its device name; an empty folder makes
/// no book.
#[cfg(unix)]
#[test]
fn a_pipe_or_an_empty_folder_adds_nothing() {
    let dir = Scratch::new("book-pipe");
    let fifo = dir.path("games.renju");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let out = dir.path("b.sqlite");
    // nothing writes to the pipe: a command that opened it would wait for ever
    let (code, stdout, stderr) = tool(&["book", "build", s(&fifo), "-o", s(&out)]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!("file not read: {}: not a regular file", s(&fifo))),
        "{stdout}"
    );
    assert!(!out.exists());
    let empty = dir.path("empty");
    std::fs::create_dir(&empty).unwrap();
    let (code, stdout, stderr) = tool(&["book", "build", s(&empty), "-o", s(&out)]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("no file found under the paths given"),
        "{stdout}"
    );
    assert!(!out.exists(), "{stdout}");
}

/// A replacement that adds nothing (the file is now empty) says that the book keeps the
/// old content's games, and keeps them.
#[test]
fn a_replacement_that_adds_nothing_says_the_old_counts_stay() {
    let dir = Scratch::new("book-replace-empty");
    let a = dir.path("a.renju");
    std::fs::write(&a, "black h8 h9 i10\nwhite h8 i9\ndraw h8 h7\n").unwrap();
    let book = dir.path("b.sqlite");
    let (code, stdout, _) = tool(&["book", "build", s(&a), "-o", s(&book), "-q"]);
    assert_eq!(code, 0, "{stdout}");
    std::fs::write(&a, "").unwrap();
    let (code, stdout, stderr) = tool(&["book", "add", s(&book), s(&a), "--replace"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!(
            "not replaced: {} (nothing was added from it; the book keeps the 3 games of its \
             old content)",
            s(&a)
        )),
        "{stdout}"
    );
    assert!(stdout.contains("the book: 3 games from 1 file"), "{stdout}");
}

#[test]
fn a_build_that_adds_no_file_leaves_no_book_behind() {
    let dir = Scratch::new("book-none");
    let good = dir.path("good.renju");
    std::fs::write(&good, "black h8 h9 i10\n").unwrap();
    let missing = dir.path("missing.renju");
    let out = dir.path("new.sqlite");
    for args in [
        vec![s(&missing)],
        vec![s(&good), s(&missing)],
        vec!["-"],
        vec![s(&good), "-"],
    ] {
        let mut all = vec!["book", "build"];
        all.extend(&args);
        all.extend(["-o", s(&out)]);
        let (code, stdout, stderr) = tool(&all);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(!out.exists(), "{args:?}: no book is left behind");
    }
    // an output in a folder that does not exist is said so, before anything is read
    let nowhere = dir.path("no-such-folder").join("x.sqlite");
    let (code, _, stderr) = tool(&["book", "build", s(&good), "-o", s(&nowhere)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("is not a folder that exists"), "{stderr}");
    // the retry works
    let (code, stdout, _) = tool(&["book", "build", s(&good), "-o", s(&out)]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("added: "), "{stdout}");
}

#[test]
fn search_with_a_file_given_twice_scans_and_says_why() {
    let dir = Scratch::new("book-twice");
    let a = dir.path("a.renju");
    std::fs::write(&a, "black h8 h9 i10\nwhite h8 i9\n").unwrap();
    let book = dir.path("book.sqlite");
    assert_eq!(tool(&["book", "build", s(&a), "-o", s(&book)]).0, 0);
    let scan = tool(&["search", "--position", "h8", s(&a), s(&a)]);
    let with_book = tool(&[
        "search",
        "--position",
        "h8",
        "--book",
        s(&book),
        s(&a),
        s(&a),
    ]);
    assert_eq!((with_book.0, &with_book.1), (scan.0, &scan.1));
    assert!(
        with_book.2.contains(&format!("{} is given twice", s(&a))),
        "{}",
        with_book.2
    );
    // given once, the book answers
    let once = tool(&["search", "--position", "h8", "--book", s(&book), s(&a)]);
    assert!(once.2.contains("answered from the book"), "{}", once.2);
}

/// A folder holding a file in no record format (a README): the scan skips it, the book
/// answers all the same, with the scan's output and its line about the file skipped; named
/// on the command line, the file is not skipped by the scan, and the book cannot answer.
#[test]
fn search_with_the_book_skips_what_the_scan_skips() {
    let dir = Scratch::new("book-readme");
    let folder = dir.path("games");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("a.renju"), "black h8 h9 i10\nwhite h8 i9\n").unwrap();
    let readme = folder.join("README.txt");
    std::fs::write(&readme, "notes about these games\n").unwrap();
    let book = dir.path("book.sqlite");
    assert_eq!(tool(&["book", "build", s(&folder), "-o", s(&book)]).0, 0);
    let scan = tool(&["search", "--position", "h8", s(&folder)]);
    assert!(scan.1.contains("no record format"), "{}", scan.1);
    let with_book = tool(&["search", "--position", "h8", "--book", s(&book), s(&folder)]);
    assert_eq!((with_book.0, &with_book.1), (scan.0, &scan.1));
    assert!(
        with_book.2.contains("answered from the book"),
        "{}",
        with_book.2
    );
    assert!(
        with_book
            .2
            .contains(&format!("skipped: {} (no record format)", s(&readme))),
        "{}",
        with_book.2
    );
    let named = tool(&[
        "search",
        "--position",
        "h8",
        "--book",
        s(&book),
        s(&readme),
        s(&folder.join("a.renju")),
    ]);
    assert!(named.2.contains("cannot answer"), "{}", named.2);
}

#[test]
fn the_files_after_a_failure_are_named_not_added() {
    let dir = Scratch::new("book-failure");
    let a = dir.path("a.renju");
    let c = dir.path("c.renju");
    std::fs::write(&a, "black h8 h9 i10\n").unwrap();
    std::fs::write(&c, "white h8 i9\n").unwrap();
    let book = dir.path("book.sqlite");
    assert_eq!(tool(&["book", "build", s(&a), "-o", s(&book)]).0, 0);
    // a stored game damaged by hand: replacing a.renju cannot subtract it, and fails
    rusqlite::Connection::open(&book)
        .unwrap()
        .execute(
            "UPDATE game_blocks SET data = json_replace(data, '$[0][4]', 'zz')",
            [],
        )
        .unwrap();
    std::fs::write(&a, "black h8 h7\n").unwrap();
    let (code, out, _) = tool(&["book", "add", s(&book), s(&a), s(&c), "--replace"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(&format!("FAILED: {}: not added:", s(&a))),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "not added: {} (not tried after the failure above)",
            s(&c)
        )),
        "{out}"
    );
    assert!(out.contains("the book: 1 game from 1 file"), "{out}");
}
