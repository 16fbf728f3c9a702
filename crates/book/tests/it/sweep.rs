//! Books of random games on every board side, depth and memory cap, checked by
//! `Book::check` (which recounts every row by walking each stored game on its own, not by
//! the build's sweep of games sorted together).

use renju_book::{AddOptions, Adding, Book, BookSettings, Source};
use renju_core::{Move, Point};
use renju_notation::{DeclaredResult, GameRecord};

/// A xorshift generator: the same games on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn point(&mut self, size: u8) -> Point {
        let s = u64::from(size);
        Point::new(self.below(s) as u8, self.below(s) as u8).unwrap()
    }
}

/// `n` games from six random openings: passes, moves onto taken points and off a 15x15
/// board, duplicates and games that are a prefix of another.
fn games(rng: &mut Rng, size: u8, n: usize) -> Vec<GameRecord> {
    let openings: Vec<Vec<Move>> = (0..6)
        .map(|_| {
            (0..rng.below(6))
                .map(|_| Move::Stone(rng.point(size)))
                .collect()
        })
        .collect();
    let results = [
        DeclaredResult::Black,
        DeclaredResult::White,
        DeclaredResult::Draw,
        DeclaredResult::Unknown,
    ];
    (0..n)
        .map(|i| {
            let mut g = GameRecord::new(size);
            g.result = results[i % 4];
            g.moves = openings[rng.below(6) as usize].clone();
            for _ in 0..rng.below(40) {
                g.moves.push(match rng.below(40) {
                    0 => Move::Pass,
                    1 => Move::Stone(Point::new(19, rng.below(20) as u8).unwrap()),
                    _ => Move::Stone(rng.point(size)),
                });
            }
            if i % 7 == 0 && i > 0 {
                let keep = g.moves.len() / (1 + i % 2);
                g.moves.truncate(keep);
            }
            g
        })
        .collect()
}

fn add(book: &Book, name: &str, content: &[u8], records: &[GameRecord], cap: usize, replace: bool) {
    let options = AddOptions {
        replace,
        memory_cap: cap,
    };
    let Adding::Build(mut build) = book.add(&Source::of_bytes(name, content), options).unwrap()
    else {
        panic!("{name} is new or replaced");
    };
    for r in records {
        build.push_record(r).unwrap();
    }
    build.finish().unwrap();
}

#[test]
fn random_books_of_every_side_depth_and_cap_agree_with_a_recount() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut case = 0;
    for size in [15u8, 20] {
        for max_moves in [0u8, 1, 3, 30, 255] {
            // a tiny cap: chunks of a few games, swept behind, spilled as runs and merged
            for cap in [1usize << 10, 1 << 20] {
                case += 1;
                let path = dir.path().join(format!("b{case}.sqlite"));
                let settings = BookSettings {
                    max_moves,
                    board_size: size,
                    ..BookSettings::default()
                };
                let book = Book::create(&path, settings).unwrap();
                let a = games(&mut rng, size, 400);
                let b = games(&mut rng, size, 200);
                add(&book, "a", b"1", &a, cap, false);
                add(&book, "b", b"2", &b, cap, false);
                // a replaced by other games: its old games subtracted
                let a2 = games(&mut rng, size, 250);
                add(&book, "a", b"3", &a2, cap, true);
                let check = book.check().unwrap();
                assert!(
                    check.is_ok(),
                    "side {size}, depth {max_moves}, cap {cap}: {check:?}"
                );
                assert_eq!(check.games as usize, a2.len() + b.len());
                assert!(check.edges > 0);
            }
        }
    }
}
