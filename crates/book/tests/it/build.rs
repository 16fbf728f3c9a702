//! A book built from hand-made archives under all 8 symmetries, with transpositions, passes,
//! an illegal move and judged results, compared row by row with the independent reference.

use crate::reference::{Reference, dump, record, transformed};
use renju_book::{AddOptions, AddOutcome, Book, BookSettings, Record};
use renju_core::Symmetry;
use renju_notation::DeclaredResult::{self, Black, Draw, Unknown, White};
use renju_notation::GameRecord;

/// The games and the result the book must count for each, reasoned by hand.
pub fn games() -> Vec<(GameRecord, DeclaredResult)> {
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
        // Black's double three as the last move: White's claim (the claim policy)
        (record("h8 h9 i8 b2 j9 b14 j10 n14 j8", Unknown), White),
        // transposes into the game above after move 4
        (record("h8 b2 i8 h9 j9 b14", Black), Black),
    ]
}

/// The games under all 8 symmetries.
pub fn all_symmetries() -> Vec<(GameRecord, DeclaredResult)> {
    let mut out = Vec::new();
    for s in Symmetry::ALL {
        for (g, r) in games() {
            out.push((transformed(&g, s), r));
        }
    }
    out
}

#[test]
fn every_row_equals_the_independent_count_under_all_8_symmetries() {
    let dir = tempfile::tempdir().unwrap();
    let games = all_symmetries();
    let records: Vec<GameRecord> = games.iter().map(|(g, _)| g.clone()).collect();
    let file = crate::write(dir.path(), "hand.renju", &crate::renju_text(&records));
    for max in [30u8, 4, 1, 0] {
        let settings = BookSettings {
            max_moves: max,
            ..BookSettings::default()
        };
        let book = crate::build(dir.path(), &format!("b{max}.sqlite"), settings, &[&file]);
        let got = dump(&book);
        let want = Reference::new(&games, usize::from(max));
        assert!(!want.edges.is_empty());
        assert_eq!(got, want, "max-moves {max}");
        let b = Book::open(&book).unwrap();
        let check = b.check().unwrap();
        assert!(check.is_ok(), "{check:?}");
        assert_eq!(check.games, games.len() as u64);
        // the empty board holds every game, by judged result
        let total = b.totals().unwrap();
        assert_eq!(total.games, 64);
        assert_eq!(
            (total.black, total.white, total.draw, total.unknown),
            (8 * 4, 8 * 2, 8, 8)
        );
    }
}

#[test]
fn positions_forced_into_one_bucket_never_mix() {
    // 0 bucket bits: every position in one row; 1 bit: two rows. Built from two files (the
    // second merged into the rows the first wrote), every row and every lookup by key is the
    // independent count.
    let dir = tempfile::tempdir().unwrap();
    let games = all_symmetries();
    let records: Vec<GameRecord> = games.iter().map(|(g, _)| g.clone()).collect();
    let (a, b) = records.split_at(records.len() / 2 + 3);
    let fa = crate::write(dir.path(), "a.renju", &crate::renju_text(a));
    let fb = crate::write(dir.path(), "b.renju", &crate::renju_text(b));
    let want = Reference::new(&games, 30);
    for bits in [0u32, 1, 4] {
        let path = dir.path().join(format!("bits{bits}.sqlite"));
        let mut book = Book::create_with_buckets(&path, BookSettings::default(), bits).unwrap();
        for f in [&fa, &fb] {
            let out = book.add_file(f, AddOptions::default()).unwrap();
            assert!(matches!(out, AddOutcome::Added(_)), "{out:?}");
        }
        let rows: i64 = rusqlite::Connection::open(&path)
            .unwrap()
            .query_row("SELECT count(*) FROM buckets", [], |r| r.get(0))
            .unwrap();
        assert!(rows <= 1 << bits, "{rows} rows for {bits} bits");
        assert_eq!(dump(&path), want, "{bits} bucket bits");
        for (key, results) in &want.positions {
            let c = book.position(key).unwrap().expect("a position of the book");
            assert_eq!(c.by_result(), *results, "{bits} bits, key {key:?}");
        }
        // a position the book does not hold, in a bucket it shares with held ones
        assert_eq!(book.position(&[2, 0, 1]).unwrap(), None);
        let check = Book::open(&path).unwrap().check().unwrap();
        assert!(check.is_ok(), "{check:?}");
        assert_eq!(check.positions, want.positions.len() as u64);
    }
}

#[test]
fn transpositions_meet_in_one_row_and_symmetric_games_in_one_position() {
    let dir = tempfile::tempdir().unwrap();
    let games = all_symmetries();
    let records: Vec<GameRecord> = games.iter().map(|(g, _)| g.clone()).collect();
    let file = crate::write(dir.path(), "hand.renju", &crate::renju_text(&records));
    let book = crate::build(dir.path(), "b.sqlite", BookSettings::default(), &[&file]);
    let b = Book::open(&book).unwrap();
    let q = |m: &str| {
        let moves: Vec<renju_core::Move> =
            m.split_whitespace().map(|x| x.parse().unwrap()).collect();
        b.query(&moves).unwrap()
    };
    // games 2 and 3 after four moves: black h8 i10, white g7 h9, in two orders, 8 images each
    let a = q("h8 h9 i10 g7");
    assert_eq!((a.counts.games, a.counts.black, a.counts.white), (16, 8, 8));
    assert_eq!(q("h8 g7 i10 h9").key, a.key);
    // the same position mirrored
    let m = q("h8 h7 i6 g9");
    assert_eq!(m.counts, a.counts);
    // game 7 and game 8 meet after move 4 (h8 i8 / h9 b2) and part after move 6
    let t = q("h8 b2 i8 h9");
    assert_eq!((t.counts.games, t.counts.white, t.counts.black), (16, 8, 8));
}

#[test]
fn a_record_that_cannot_be_read_or_sets_stones_up_is_counted_not_added() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.sqlite");
    let mut b = Book::create(&path, BookSettings::default()).unwrap();
    let mut set_up = record("h8 h9", Black);
    set_up.setup.push(renju_notation::SetupStone {
        after_move: 0,
        point: "a1".parse().unwrap(),
        stone: Some(renju_core::Color::Black),
    });
    let mut small = record("h8", Black);
    small.board_size = 13;
    let source = renju_book::Source::of_bytes("mixed", b"three records");
    let records = vec![
        Record::Read(set_up),
        Record::Unreadable,
        Record::Read(small),
        Record::Read(record("h8", White)),
    ];
    let out = b
        .add_records(&source, records, AddOptions::default())
        .unwrap();
    let AddOutcome::Added(s) = out else {
        panic!("{out:?}")
    };
    assert_eq!(
        (s.records, s.games, s.set_up, s.unreadable, s.other_board),
        (4, 1, 1, 1, 1)
    );
    assert_eq!(s.results.white, 1);
    assert_eq!(b.totals().unwrap().games, 1);
}

#[test]
fn a_salvaged_record_counts_the_moves_before_the_unreadable_one_and_is_judged_as_validate_does() {
    use renju_analyzer::UnreadableMove;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.sqlite");
    let mut b = Book::create(&path, BookSettings::default()).unwrap();
    // the double three at move 9 is not the record's last move: move 10 could not be read,
    // so White did not claim at once and the foul lapsed (validate: end none, declared white)
    let g = record("h8 h9 i8 b2 j9 b14 j10 n14 j8", White);
    let bad = UnreadableMove {
        number: 10,
        text: "z99".into(),
        reason: "not a point".into(),
    };
    let a = renju_analyzer::audit_with_unreadable(&g, &renju_analyzer::Settings::default(), &bad);
    assert_eq!(a.end, renju_analyzer::End::None);
    let source = renju_book::Source::of_bytes("salvaged", b"x");
    let out = b
        .add_records(
            &source,
            vec![Record::Salvaged(g.clone(), bad)],
            AddOptions::default(),
        )
        .unwrap();
    let AddOutcome::Added(s) = out else {
        panic!("{out:?}")
    };
    assert_eq!((s.salvaged, s.results.white), (1, 1));
    let want = Reference::new(&[(g, White)], 30);
    assert_eq!(dump(&path), want);
}
