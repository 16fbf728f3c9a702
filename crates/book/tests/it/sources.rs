//! Sources: adding more files updates the book; a file already in it changes nothing; a
//! changed file is refused or replaced exactly; an interrupted file leaves the book as it was.

use crate::reference::{Reference, dump};
use renju_book::{AddOptions, AddOutcome, Adding, Book, BookError, BookSettings, Source, prepare};
use renju_notation::GameRecord;
use std::path::Path;

fn halves() -> (Vec<GameRecord>, Vec<GameRecord>) {
    let all: Vec<GameRecord> = crate::build::all_symmetries()
        .into_iter()
        .map(|(g, _)| g)
        .collect();
    let (a, b) = all.split_at(29);
    (a.to_vec(), b.to_vec())
}

fn reference_of(files: &[&[GameRecord]]) -> Reference {
    // the expected result of each hand-made game, whichever file holds it
    let judged: Vec<(GameRecord, renju_notation::DeclaredResult)> = crate::build::all_symmetries();
    let mut r = Reference::default();
    for f in files {
        for g in *f {
            let (_, result) = judged.iter().find(|(h, _)| h == g).unwrap();
            r.add(g, *result, 30);
        }
    }
    r
}

#[test]
fn adding_files_one_by_one_equals_one_build_and_a_file_already_there_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = halves();
    let fa = crate::write(dir.path(), "a.renju", &crate::renju_text(&a));
    let fb = crate::write(dir.path(), "b.renju", &crate::renju_text(&b));
    let path = dir.path().join("book.sqlite");
    let mut book = Book::create(&path, BookSettings::default()).unwrap();
    let AddOutcome::Added(s) = book.add_file(&fa, AddOptions::default()).unwrap() else {
        panic!()
    };
    assert_eq!(s.games, a.len() as u64);
    assert_eq!(dump(&path), reference_of(&[&a]));
    book.add_file(&fb, AddOptions::default()).unwrap();
    assert_eq!(dump(&path), reference_of(&[&a, &b]));
    let before = std::fs::read(&path).unwrap();
    // the same file again
    let out = book.add_file(&fa, AddOptions::default()).unwrap();
    let AddOutcome::AlreadyPresent(info) = out else {
        panic!("{out:?}")
    };
    assert_eq!(
        (info.stats.games, info.path.as_str()),
        (a.len() as u64, fa.to_str().unwrap())
    );
    // the same content under another name
    let copy = crate::write(dir.path(), "copy.renju", &crate::renju_text(&b));
    let out = book.add_file(&copy, AddOptions::default()).unwrap();
    let AddOutcome::SameContent(info) = out else {
        panic!("{out:?}")
    };
    assert_eq!(info.path, fb.to_str().unwrap());
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing written");
    let sources = book.sources().unwrap();
    assert_eq!(sources.len(), 2);
    assert_eq!(
        sources[1].sha256,
        Source::of_file(&fb).unwrap().sha256_hex()
    );
    assert!(book.check().unwrap().is_ok());
}

#[test]
fn a_changed_file_is_refused_and_replaced_exactly_with_replace() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = halves();
    let fa = crate::write(dir.path(), "a.renju", &crate::renju_text(&a));
    let fb = crate::write(dir.path(), "b.renju", &crate::renju_text(&b));
    let path = dir.path().join("book.sqlite");
    let mut book = Book::create(&path, BookSettings::default()).unwrap();
    book.add_file(&fa, AddOptions::default()).unwrap();
    book.add_file(&fb, AddOptions::default()).unwrap();
    // a.renju now holds half of its games and a few of b's
    let new_a: Vec<GameRecord> = a
        .iter()
        .step_by(2)
        .chain(b.iter().take(5))
        .cloned()
        .collect();
    crate::write(dir.path(), "a.renju", &crate::renju_text(&new_a));
    let before = dump(&path);
    let e = book.add_file(&fa, AddOptions::default()).unwrap_err();
    assert!(matches!(e, BookError::SourceChanged { .. }), "{e}");
    assert!(
        e.to_string().contains("has changed since it was added"),
        "{e}"
    );
    assert_eq!(dump(&path), before);
    let out = book
        .add_file(
            &fa,
            AddOptions {
                replace: true,
                ..AddOptions::default()
            },
        )
        .unwrap();
    let AddOutcome::Replaced { old, new } = out else {
        panic!("{out:?}")
    };
    assert_eq!((old.games, new.games), (a.len() as u64, new_a.len() as u64));
    assert_eq!(dump(&path), reference_of(&[&new_a, &b]));
    let check = book.check().unwrap();
    assert!(check.is_ok(), "{check:?}");
    // replacing with an empty file leaves exactly the other file's rows
    crate::write(dir.path(), "a.renju", "");
    book.add_file(
        &fa,
        AddOptions {
            replace: true,
            ..AddOptions::default()
        },
    )
    .unwrap();
    assert_eq!(dump(&path), reference_of(&[&b]));
    // a.renju now holds exactly b.renju's content: refused, replaced or not, the book as it was
    std::fs::copy(&fb, &fa).unwrap();
    let before = dump(&path);
    for replace in [false, true] {
        let e = book
            .add_file(
                &fa,
                AddOptions {
                    replace,
                    ..AddOptions::default()
                },
            )
            .unwrap_err();
        assert!(matches!(e, BookError::ChangedToCopy { .. }), "{e}");
        assert!(e.to_string().contains("its content now is that of"), "{e}");
        assert_eq!(dump(&path), before);
    }
}

#[test]
fn a_tiny_memory_cap_spills_and_counts_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = halves();
    let all: Vec<GameRecord> = a.iter().chain(&b).cloned().collect();
    let f = crate::write(dir.path(), "all.renju", &crate::renju_text(&all));
    let path = dir.path().join("book.sqlite");
    let mut book = Book::create(&path, BookSettings::default()).unwrap();
    // a cap of 1 byte: room for one game or a few, written again and again
    book.add_file(
        &f,
        AddOptions {
            memory_cap: 1,
            ..AddOptions::default()
        },
    )
    .unwrap();
    assert_eq!(dump(&path), reference_of(&[&all]));
}

#[test]
fn a_build_dropped_midway_leaves_the_book_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = halves();
    let fa = crate::write(dir.path(), "a.renju", &crate::renju_text(&a));
    let path = dir.path().join("book.sqlite");
    let mut book = Book::create(&path, BookSettings::default()).unwrap();
    book.add_file(&fa, AddOptions::default()).unwrap();
    let before = dump(&path);
    let settings = *book.settings();
    {
        let source = Source::of_bytes("b", b"b's content");
        let Adding::Build(mut build) = book
            .add(
                &source,
                AddOptions {
                    memory_cap: 1,
                    ..AddOptions::default()
                },
            )
            .unwrap()
        else {
            panic!()
        };
        for g in &b[..10] {
            build.push(prepare(&settings, g, None)).unwrap();
        }
        // dropped: an error or a panic in the caller
    }
    assert_eq!(dump(&path), before);
    assert_eq!(book.sources().unwrap().len(), 1);
    assert!(book.check().unwrap().is_ok());
}

/// A stop asked for while a file's counts are written (at each of the steps of
/// `finish_unless`, and before its commit) rolls the file back: the book is as it was.
#[test]
fn a_build_stopped_while_it_finishes_leaves_the_book_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = halves();
    let fa = crate::write(dir.path(), "a.renju", &crate::renju_text(&a));
    let path = dir.path().join("book.sqlite");
    let mut book = Book::create(&path, BookSettings::default()).unwrap();
    book.add_file(&fa, AddOptions::default()).unwrap();
    let before = dump(&path);
    let settings = *book.settings();
    // stopped at the first, second, ... check: every step's stop rolls back
    for at in 1..=4 {
        let source = Source::of_bytes("b", b"b's content");
        let Adding::Build(mut build) = book.add(&source, AddOptions::default()).unwrap() else {
            panic!()
        };
        for g in &b {
            build.push(prepare(&settings, g, None)).unwrap();
        }
        let checks = std::cell::Cell::new(0);
        let stop = || {
            checks.set(checks.get() + 1);
            checks.get() >= at
        };
        let e = build.finish_unless(&stop).unwrap_err();
        assert!(matches!(e, BookError::Stopped(_)), "{e}");
        assert_eq!(checks.get(), at);
        assert_eq!(dump(&path), before, "stopped at check {at}");
        assert_eq!(book.sources().unwrap().len(), 1);
    }
    assert!(book.check().unwrap().is_ok());
    // never stopped: added
    let Adding::Build(mut build) = book
        .add(
            &Source::of_bytes("b", b"b's content"),
            AddOptions::default(),
        )
        .unwrap()
    else {
        panic!()
    };
    for g in &b {
        build.push(prepare(&settings, g, None)).unwrap();
    }
    assert!(matches!(
        build.finish_unless(&|| false),
        Ok(AddOutcome::Added(_))
    ));
    assert_eq!(book.sources().unwrap().len(), 2);
}

/// `n` games of 30 moves whose first 8 fall in the 3x3 square around h8 and the next 6 in
/// the 5x5 square (many transpositions and shared positions), then anywhere, each with the
/// result the auditor judges.
fn crowded_games(n: u64) -> Vec<(GameRecord, renju_notation::DeclaredResult)> {
    (1..=n)
        .map(|seed| {
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut taken = [false; 225];
            let mut g = GameRecord::new(15);
            while g.moves.len() < 30 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let (span, lo) = match g.moves.len() {
                    0..8 => (3, 6),
                    8..14 => (5, 5),
                    _ => (15, 0),
                };
                let c = ((x >> 8) % span + lo) as usize + 15 * ((x >> 24) % span + lo) as usize;
                if !taken[c] {
                    taken[c] = true;
                    g.moves.push(renju_core::Move::Stone(
                        renju_core::Point::new((c % 15) as u8, (c / 15) as u8).unwrap(),
                    ));
                }
            }
            let result = renju_book::result_of(&g, None, &BookSettings::default().rules);
            (g, result)
        })
        .collect()
}

#[test]
fn counts_spilled_many_times_to_disk_are_the_same() {
    // 1,200 games through a log that holds about a hundred: a dozen spills to the
    // temporary file, merged into the table every 8 (into the empty table first, then into
    // its rows), added and then replaced (subtracted through the spills)
    let dir = tempfile::tempdir().unwrap();
    let games = crowded_games(1200);
    let records: Vec<GameRecord> = games.iter().map(|(g, _)| g.clone()).collect();
    let f = crate::write(dir.path(), "many.renju", &crate::renju_text(&records));
    let tiny = AddOptions {
        memory_cap: 1,
        ..AddOptions::default()
    };
    let path = dir.path().join("book.sqlite");
    let mut book = Book::create(&path, BookSettings::default()).unwrap();
    book.add_file(&f, tiny).unwrap();
    let reference = Reference::new(&games, 30);
    assert!(reference.edges.len() > 20_000, "{}", reference.edges.len());
    assert_eq!(dump(&path), reference);
    // one build in memory gives the same
    let whole = dir.path().join("whole.sqlite");
    Book::create(&whole, BookSettings::default())
        .unwrap()
        .add_file(&f, AddOptions::default())
        .unwrap();
    assert_eq!(dump(&whole), reference);
    // replaced by its second half: the first half's counts subtracted through spills too
    let half = &games[600..];
    let records: Vec<GameRecord> = half.iter().map(|(g, _)| g.clone()).collect();
    crate::write(dir.path(), "many.renju", &crate::renju_text(&records));
    book.add_file(
        &f,
        AddOptions {
            replace: true,
            ..tiny
        },
    )
    .unwrap();
    assert_eq!(dump(&path), Reference::new(half, 30));
    assert!(book.check().unwrap().is_ok());
}

/// A game of 30 distinct points drawn from `seed`.
fn random_game(seed: u64) -> GameRecord {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut taken = [false; 225];
    let mut g = GameRecord::new(15);
    while g.moves.len() < 30 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let c = (x % 225) as usize;
        if !taken[c] {
            taken[c] = true;
            g.moves.push(renju_core::Move::Stone(
                renju_core::Point::new((c % 15) as u8, (c / 15) as u8).unwrap(),
            ));
        }
    }
    g
}

/// The child of the test below: builds a book from a file that never ends, with a page
/// cache so small that the transaction writes pages to the book file as it goes, and says
/// when it has.
#[test]
fn killed_child() {
    let Some(path) = std::env::var_os("RENJU_BOOK_KILLED_CHILD") else {
        return;
    };
    let path = Path::new(&path);
    let mut book = Book::open(path).unwrap();
    book.set_cache_size(64 << 10).unwrap();
    let size = std::fs::metadata(path).unwrap().len();
    let settings = *book.settings();
    let source = Source::of_bytes("endless", b"endless");
    let Adding::Build(mut build) = book
        .add(
            &source,
            AddOptions {
                memory_cap: 1,
                ..AddOptions::default()
            },
        )
        .unwrap()
    else {
        panic!()
    };
    let mut told = false;
    for seed in 1.. {
        build
            .push(prepare(&settings, &random_game(seed), None))
            .unwrap();
        if !told && std::fs::metadata(path).unwrap().len() > size {
            std::fs::write(path.with_extension("ready"), b"ready").unwrap();
            told = true;
        }
    }
}

#[test]
fn a_process_killed_midway_leaves_the_book_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let (a, _) = halves();
    let fa = crate::write(dir.path(), "a.renju", &crate::renju_text(&a));
    let path = dir.path().join("book.sqlite");
    let mut book = Book::create(&path, BookSettings::default()).unwrap();
    book.add_file(&fa, AddOptions::default()).unwrap();
    drop(book);
    let before = dump(&path);
    let size_before = std::fs::metadata(&path).unwrap().len();
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "sources::killed_child",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env("RENJU_BOOK_KILLED_CHILD", &path)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let ready = path.with_extension("ready");
    let start = std::time::Instant::now();
    while !ready.exists() {
        assert!(child.try_wait().unwrap().is_none(), "the child ended early");
        assert!(start.elapsed().as_secs() < 120, "the child never got going");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // the child is inside its transaction, with pages written to the book and its journal
    std::thread::sleep(std::time::Duration::from_millis(100));
    let journal = dir.path().join("book.sqlite-journal");
    assert!(journal.exists(), "a transaction was under way");
    assert!(
        std::fs::metadata(&path).unwrap().len() > size_before,
        "pages were written"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    // the next open rolls the interrupted transaction back
    let book = Book::open(&path).unwrap();
    assert_eq!(dump(&path), before);
    assert_eq!(book.sources().unwrap().len(), 1);
    let check = book.check().unwrap();
    assert!(check.is_ok(), "{check:?}");
}

/// The `games` view gives back every game as it was added: its record number in its file
/// (records not added skipped), its id whatever its characters, its declared and judged
/// results and its moves, in blocks of many games; a replaced file's games are gone.
#[test]
fn the_games_view_gives_back_every_game_added() {
    use renju_book::Record;
    use renju_notation::DeclaredResult;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.sqlite");
    let mut book = Book::create(&path, BookSettings::default()).unwrap();
    let ids = [
        "plain",
        "quote \" and \\ backslash",
        "tab\tnew\nline",
        "日本語 ✓",
        "",
    ];
    let mut records = Vec::new();
    let mut expected = Vec::new();
    for i in 0..700u64 {
        if i % 97 == 5 {
            records.push(Record::Unreadable);
            continue;
        }
        let mut g = random_game(i + 1);
        g.moves.truncate(3 + (i % 20) as usize);
        g.id = (i % 3 != 0).then(|| format!("{} {i}", ids[i as usize % ids.len()]));
        g.result = [
            DeclaredResult::Black,
            DeclaredResult::White,
            DeclaredResult::Unknown,
        ][i as usize % 3];
        let moves = renju_notation::moves::write_moves(
            &g.moves,
            15,
            renju_notation::Orientation::RowOneAtBottom,
            renju_notation::moves::MoveStyle::Spaced,
        );
        // random stones make no five: the judged result is the declared one
        expected.push((
            1i64,
            records.len() as i64 + 1,
            g.id.clone(),
            g.result.name().to_string(),
            g.result.name().to_string(),
            moves,
        ));
        records.push(Record::Read(g));
    }
    let source = Source::of_bytes("many.renju", b"seven hundred records");
    book.add_records(&source, records, AddOptions::default())
        .unwrap();
    type Row = (i64, i64, Option<String>, String, String, String);
    let rows = |path: &Path| -> Vec<Row> {
        let conn = rusqlite::Connection::open(path).unwrap();
        let mut st = conn
            .prepare(
                "SELECT source, record, id, declared, result, moves FROM games \
                 ORDER BY source, record",
            )
            .unwrap();
        st.query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
    };
    assert_eq!(expected.len(), 692);
    assert_eq!(rows(&path), expected);
    // the library reads the same games back, in record order
    let mut seen = Vec::new();
    book.each_game("many.renju", &mut |record, g| {
        seen.push((record as i64, g.id.clone(), g.moves.len()))
    })
    .unwrap();
    let want: Vec<_> = expected
        .iter()
        .map(|e| (e.1, e.2.clone(), e.5.split(' ').count()))
        .collect();
    assert_eq!(seen, want);
    assert!(book.check().unwrap().is_ok());
    // the file's results are kept with it
    let by = |name: &str| expected.iter().filter(|e| e.4 == name).count() as u64;
    let info = &book.sources().unwrap()[0];
    assert_eq!(
        info.stats.results.by_result(),
        [by("black"), by("white"), by("draw"), by("unknown")]
    );
    assert_eq!((info.stats.games, info.stats.unreadable), (692, 8));
    // a results column set wrong by hand is found by the check
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute(
            "UPDATE sources SET black = black + 1, white = white - 1",
            [],
        )
        .unwrap();
    assert_eq!(book.check().unwrap().sources_wrong, 1);
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute(
            "UPDATE sources SET black = black - 1, white = white + 1",
            [],
        )
        .unwrap();
    // replaced by a file of two games: the old blocks are gone
    let mut g = random_game(1);
    g.moves.truncate(4);
    let source = Source::of_bytes("many.renju", b"two records now");
    let replace = AddOptions {
        replace: true,
        ..AddOptions::default()
    };
    book.add_records(
        &source,
        vec![Record::Unreadable, Record::Read(g.clone()), Record::Read(g)],
        replace,
    )
    .unwrap();
    let after = rows(&path);
    assert_eq!(
        after.iter().map(|r| r.1).collect::<Vec<_>>(),
        vec![2, 3],
        "{after:?}"
    );
    // random_game(1) cut to 4 moves declares nothing: two unknown games
    let info = &book.sources().unwrap()[0];
    assert_eq!(info.stats.results.by_result(), [0, 0, 0, 2]);
    assert!(book.check().unwrap().is_ok());
}
