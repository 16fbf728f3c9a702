//! Queries: counts and next moves in the orientation asked, symmetric moves merged, the JSON
//! contract, and the errors.

use crate::reference::record;
use renju_book::{Book, BookError, BookSettings};
use renju_core::Move;
use renju_notation::DeclaredResult::{Black, Draw, Unknown, White};

fn moves(m: &str) -> Vec<Move> {
    m.split_whitespace().map(|x| x.parse().unwrap()).collect()
}

fn small_book(dir: &std::path::Path) -> Book {
    let games = [
        record("h8 h9", Black),
        record("h8 i8", White),
        record("h8 h7", Draw),
        record("h8 g7", Unknown),
        record("h8 i9", Black),
        record("h8 h9 i10", White),
    ];
    let file = crate::write(dir, "small.renju", &crate::renju_text(&games));
    Book::open(crate::build(
        dir,
        "small.sqlite",
        BookSettings::default(),
        &[&file],
    ))
    .unwrap()
}

#[test]
fn symmetric_next_moves_are_one_row_named_by_the_first_in_a1_b1_order() {
    let dir = tempfile::tempdir().unwrap();
    let b = small_book(dir.path());
    let a = b.query(&moves("h8")).unwrap();
    assert_eq!(a.counts.games, 6);
    // h9, i8, h7 (and h9 i10) are one move under the symmetries of the lone h8: named h7 (row
    // 7 comes first); g7 and i9 likewise, named g7
    let next: Vec<(String, u64)> = a
        .next
        .iter()
        .map(|n| (n.mv.to_string(), n.counts.games))
        .collect();
    assert_eq!(next, [("h7".to_string(), 4), ("g7".to_string(), 2)]);
    let h7 = &a.next[0].counts;
    assert_eq!((h7.black, h7.white, h7.draw, h7.unknown), (1, 2, 1, 0));
    assert_eq!(a.ended(), 0);
}

#[test]
fn the_json_is_the_contract_and_moves_come_back_in_the_orientation_typed() {
    let dir = tempfile::tempdir().unwrap();
    let b = small_book(dir.path());
    let a = b.query(&moves("h8 h9")).unwrap();
    // h8 h9, h8 i8 and h8 h7 are one position; i10 seen from h8 h9 is i10 or g10 (the h
    // column is a mirror of the position): g10 first
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        r#"{"position":["h8","h9"],"games":4,"black":1,"white":2,"draw":1,"unknown":0,"next":[{"move":"g10","games":1,"black":0,"white":1,"draw":0,"unknown":0}]}"#
    );
    assert_eq!(a.ended(), 3);
    // the same position typed turned a quarter: the move comes back turned
    let a = b.query(&moves("h8 i8")).unwrap();
    assert_eq!(a.counts.games, 4);
    assert_eq!(a.next[0].mv.to_string(), "j7");
    // a position no game reached
    let a = b.query(&moves("a1")).unwrap();
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        r#"{"position":["a1"],"games":0,"black":0,"white":0,"draw":0,"unknown":0,"next":[]}"#
    );
}

#[test]
fn next_moves_sort_by_games_then_a1_b1_order() {
    let dir = tempfile::tempdir().unwrap();
    // from h8 h9 i10 (no symmetry): three moves played once each, one twice
    let games = [
        record("h8 h9 i10 a1", Black),
        record("h8 h9 i10 b1", Black),
        record("h8 h9 i10 a2", Black),
        record("h8 h9 i10 o15", Black),
        record("h8 h9 i10 o15", White),
    ];
    let file = crate::write(dir.path(), "s.renju", &crate::renju_text(&games));
    let b = Book::open(crate::build(
        dir.path(),
        "s.sqlite",
        BookSettings::default(),
        &[&file],
    ))
    .unwrap();
    let a = b.query(&moves("h8 h9 i10")).unwrap();
    let order: Vec<String> = a.next.iter().map(|n| n.mv.to_string()).collect();
    assert_eq!(order, ["o15", "a1", "b1", "a2"]);
}

#[test]
fn errors_name_the_move_and_the_depth() {
    let dir = tempfile::tempdir().unwrap();
    let b = small_book(dir.path());
    let e = b.query(&moves("h8 h8")).unwrap_err();
    assert!(matches!(e, BookError::Position { number: 2, .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "position: move 2 'h8' cannot be played: the point is taken"
    );
    let deep: Vec<Move> = moves(
        "a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 b11 b12 b13 b14 b15 c1",
    );
    let e = b.query(&deep).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the position has 31 stones; the book holds positions of at most 30 (built with max-moves 30)"
    );
}

#[test]
fn a_file_that_is_not_a_book_or_of_another_version_is_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let text = crate::write(
        dir.path(),
        "notes.txt",
        "not a database at all, just some text\n",
    );
    let e = Book::open(&text).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("is not a renju book: not an SQLite database"),
        "{e}"
    );
    let other = dir.path().join("other.sqlite");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE t (x);")
        .unwrap();
    let e = Book::open(&other).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("is not a renju book: an SQLite database without the book's tables"),
        "{e}"
    );
    let b = small_book(dir.path());
    let path = b.path().to_path_buf();
    drop(b);
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("PRAGMA user_version = 1;")
        .unwrap();
    // a book of version 1, 2 or 3 (older layouts, or buckets by another hash) is refused,
    // saying to rebuild it
    let e = Book::open(&path).unwrap_err();
    assert!(matches!(e, BookError::Version { found: 1, .. }), "{e}");
    assert!(
        e.to_string().contains(
            "schema version 1; this renju-book reads version 4 only: rebuild the book from its sources"
        ),
        "{e}"
    );
    for old in [2, 3] {
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch(&format!("PRAGMA user_version = {old};"))
            .unwrap();
        let e = Book::open(&path).unwrap_err();
        assert!(
            e.to_string().contains(&format!(
                "schema version {old}; this renju-book reads version 4 only: rebuild"
            )),
            "{e}"
        );
    }
    // a book of a newer version is not to be rebuilt: it needs a newer reader
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("PRAGMA user_version = 5;")
        .unwrap();
    let e = Book::open(&path).unwrap_err();
    assert!(
        e.to_string()
            .contains("schema version 5, written by a newer renju-book")
            && !e.to_string().contains("rebuild"),
        "{e}"
    );
    let e = Book::create(&path, BookSettings::default()).unwrap_err();
    assert!(matches!(e, BookError::Exists(_)), "{e}");
    // other settings than the book's
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch(&format!(
            "PRAGMA user_version = {};",
            renju_book::schema::VERSION
        ))
        .unwrap();
    let deeper = BookSettings {
        max_moves: 40,
        ..BookSettings::default()
    };
    let e = Book::open_or_create(&path, deeper).unwrap_err();
    assert!(matches!(e, BookError::SettingsDiffer { .. }), "{e}");
    assert!(e.to_string().contains("was built with max-moves 30"), "{e}");
}
