//! The book of the 147k archive against `renju_archive::search`: on random positions of its
//! games, the book's counts and next moves are what a scan of the archive finds (the results
//! judged as validate judges them). A quick run on the first games in every test run; the
//! whole archive in release (ignored by default: `cargo test --release -p renju-book --test it
//! -- --ignored archive::`).

use proptest::prelude::*;
use renju_analyzer::Settings;
use renju_archive::search::Query;
use renju_book::{AddOptions, Book, BookSettings, Counts, Record, Source, judged_result};
use renju_core::{Board, Color, Move, Symmetry};
use renju_notation::{Format, GameRecord, Orientation, read_all};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

struct Fixture {
    games: Vec<GameRecord>,
    results: Vec<renju_notation::DeclaredResult>,
    book: PathBuf,
    _dir: tempfile::TempDir,
}

fn fixture(limit: Option<usize>) -> Option<Fixture> {
    let path = renju_testdata::shared("corpora/dasimagin-renju/train-2.renju")?;
    let bytes = std::fs::read(&path).unwrap();
    let games: Vec<GameRecord> = read_all(
        Format::Renju,
        &bytes,
        "train-2.renju",
        Orientation::RowOneAtBottom,
    )
    .filter_map(Result::ok)
    .take(limit.unwrap_or(usize::MAX))
    .collect();
    let settings = Settings::default();
    let results = games
        .iter()
        .map(|g| judged_result(&renju_analyzer::audit(g, &settings)))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("train-2.sqlite");
    let mut b = Book::create(&book, BookSettings::default()).unwrap();
    let source = Source::of_bytes("train-2 (first games)", format!("{limit:?}").as_bytes());
    b.add_records(
        &source,
        games.iter().map(|g| Record::Read(g.clone())),
        AddOptions::default(),
    )
    .unwrap();
    Some(Fixture {
        games,
        results,
        book,
        _dir: dir,
    })
}

/// What a scan of every game finds for the position after `moves`: counts, and the next
/// moves named as the book names them (the first, in a1, b1 ... order, of the images under
/// the symmetries that leave the position as it is; a move onto a taken point is no move).
fn scan(f: &Fixture, moves: &[Move]) -> (Counts, BTreeMap<String, Counts>) {
    let mut board = Board::renju();
    for (i, m) in moves.iter().enumerate() {
        if let Move::Stone(p) = m {
            board.place(*p, Color::of_move_number(i + 1)).unwrap();
        }
    }
    let own: Vec<Symmetry> = Symmetry::ALL
        .into_iter()
        .filter(|s| s.apply_board(&board) == board)
        .collect();
    let q = Query::from_board(&board);
    let mut total = Counts::default();
    let mut next: BTreeMap<String, Counts> = BTreeMap::new();
    for (g, &r) in f.games.iter().zip(&f.results) {
        let Some(hit) = q.find(g) else { continue };
        total.add(r);
        let name = match hit.next {
            None => continue,
            Some(Move::Pass) => "--".to_string(),
            Some(Move::Stone(p)) if board.get(p).is_some() => continue,
            Some(Move::Stone(p)) => own
                .iter()
                .map(|s| s.apply(p, 15))
                .min_by_key(|p| (p.row(), p.col()))
                .unwrap()
                .to_string(),
        };
        next.entry(name).or_default().add(r);
    }
    (total, next)
}

fn compare(f: &Fixture, book: &Book, game: usize, k: usize) -> Result<(), TestCaseError> {
    let g = &f.games[game % f.games.len()];
    let k = k % (g.moves.len().min(30) + 1);
    let moves = &g.moves[..k];
    let a = book.query(moves).unwrap();
    let (total, next) = scan(f, moves);
    let got: BTreeMap<String, Counts> = a
        .next
        .iter()
        .map(|n| (n.mv.to_string(), n.counts))
        .collect();
    prop_assert_eq!(a.counts, total, "game {} after {} moves", game, k);
    prop_assert!(a.counts.games >= 1);
    prop_assert_eq!(got, next, "game {} after {} moves", game, k);
    Ok(())
}

#[test]
fn query_agrees_with_search_on_the_first_games() {
    static F: OnceLock<Option<Fixture>> = OnceLock::new();
    let Some(f) = F.get_or_init(|| fixture(Some(3000))) else {
        return;
    };
    let book = Book::open(&f.book).unwrap();
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(48));
    runner
        .run(&(0usize..100_000, 0usize..31), |(game, k)| {
            compare(f, &book, game, k)
        })
        .unwrap();
}

#[test]
#[ignore = "the whole 147k archive: run in release (cargo xtask ci does)"]
fn query_agrees_with_search_on_the_whole_archive() {
    let Some(f) = fixture(None) else { return };
    let book = Book::open(&f.book).unwrap();
    assert_eq!(book.totals().unwrap().games, f.games.len() as u64);
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(64));
    runner
        .run(&(0usize..1_000_000, 0usize..31), |(game, k)| {
            compare(&f, &book, game, k)
        })
        .unwrap();
    let check = book.check().unwrap();
    assert!(check.is_ok(), "{check:?}");
    eprintln!("{check:?}");
}
