//! Counts made independently of the crate: a plain replay of every game on a
//! `renju_core::Board`, the 8 images of each position drawn with `Symmetry::apply_board`,
//! and the key written from the definition in the README (the smallest of the 8 encodings
//! `[black count, black codes ascending, white codes ascending]`). Nothing here calls the
//! crate.

use renju_core::{Board, Color, Move, Point, Symmetry};
use renju_notation::{DeclaredResult, GameRecord};
use std::collections::{BTreeMap, BTreeSet};

/// `[black, white, draw, unknown]`.
pub type Results = [u64; 4];

pub fn slot(r: DeclaredResult) -> usize {
    match r {
        DeclaredResult::Black => 0,
        DeclaredResult::White => 1,
        DeclaredResult::Draw => 2,
        DeclaredResult::Unknown => 3,
    }
}

pub fn record(moves: &str, result: DeclaredResult) -> GameRecord {
    let mut g = GameRecord::new(15);
    g.result = result;
    g.moves = moves
        .split_whitespace()
        .map(|m| m.parse::<Move>().unwrap())
        .collect();
    g
}

pub fn transformed(g: &GameRecord, s: Symmetry) -> GameRecord {
    let mut t = g.clone();
    t.moves = g
        .moves
        .iter()
        .map(|m| match m {
            Move::Stone(p) => Move::Stone(s.apply(*p, 15)),
            Move::Pass => Move::Pass,
        })
        .collect();
    t
}

fn code(p: Point) -> u16 {
    u16::from(p.row()) * 15 + u16::from(p.col())
}

/// The key of a board and the symmetries that give it.
pub fn key_of(board: &Board) -> (Vec<u8>, Vec<Symmetry>) {
    let mut forms: Vec<(Vec<u8>, Symmetry)> = Symmetry::ALL
        .into_iter()
        .map(|s| {
            let image = s.apply_board(board);
            let mut black: Vec<u16> = Vec::new();
            let mut white: Vec<u16> = Vec::new();
            for (p, c) in image.stones() {
                match c {
                    Color::Black => black.push(code(p)),
                    Color::White => white.push(code(p)),
                }
            }
            black.sort_unstable();
            white.sort_unstable();
            let mut key = vec![black.len() as u8];
            key.extend(black.iter().chain(&white).map(|&c| c as u8));
            (key, s)
        })
        .collect();
    forms.sort();
    let best = forms[0].0.clone();
    let syms = forms
        .iter()
        .filter(|(k, _)| *k == best)
        .map(|(_, s)| *s)
        .collect();
    (best, syms)
}

/// Every row of a book built from `games` (each with the result the test expects) with depth
/// `max`: `(key, move) -> results`, the move `-1` for a pass and `-2` for no next move.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reference {
    pub edges: BTreeMap<(Vec<u8>, i32), Results>,
    pub positions: BTreeMap<Vec<u8>, Results>,
}

impl Reference {
    pub fn new(games: &[(GameRecord, DeclaredResult)], max: usize) -> Reference {
        let mut r = Reference::default();
        for (g, result) in games {
            r.add(g, *result, max);
        }
        r
    }

    pub fn add(&mut self, g: &GameRecord, result: DeclaredResult, max: usize) {
        let mut board = Board::renju();
        let mut seen: BTreeSet<Vec<u8>> = BTreeSet::new();
        let s = slot(result);
        for k in 0..=g.moves.len() {
            if board.stone_count() > max {
                break;
            }
            let (key, syms) = key_of(&board);
            let next = g.moves.get(k);
            // the position is counted the first time the game reaches it
            let first = seen.insert(key.clone());
            let playable = match next {
                Some(Move::Stone(p)) => board.get(*p).is_none(),
                _ => true,
            };
            if first {
                let mv = match next {
                    None => -2,
                    Some(Move::Pass) => -1,
                    Some(Move::Stone(_)) if !playable => -2,
                    Some(Move::Stone(p)) => syms
                        .iter()
                        .map(|sym| i32::from(code(sym.apply(*p, 15))))
                        .min()
                        .unwrap(),
                };
                self.edges.entry((key.clone(), mv)).or_default()[s] += 1;
                self.positions.entry(key).or_default()[s] += 1;
            }
            match next {
                None => break,
                Some(Move::Stone(p)) if !playable => {
                    let _ = p;
                    break;
                }
                Some(Move::Stone(p)) => {
                    board.place(*p, Color::of_move_number(k + 1)).unwrap();
                }
                Some(Move::Pass) => {}
            }
        }
    }
}

/// Every row of a book's `edges` table, and of its `positions` view.
pub fn dump(path: &std::path::Path) -> Reference {
    let conn = rusqlite::Connection::open(path).unwrap();
    let mut r = Reference::default();
    let mut st = conn
        .prepare("SELECT key, move, games, black, white, draw, unknown FROM edges")
        .unwrap();
    let rows = st
        .query_map([], |row| {
            let n = |i| row.get::<_, i64>(i).map(|v| v as u64);
            Ok((
                (row.get::<_, Vec<u8>>(0)?, row.get::<_, i32>(1)?),
                n(2)?,
                [n(3)?, n(4)?, n(5)?, n(6)?],
            ))
        })
        .unwrap();
    for row in rows {
        let (k, games, res) = row.unwrap();
        assert_eq!(
            games,
            res.iter().sum::<u64>(),
            "games is the sum of the results"
        );
        r.edges.insert(k, res);
    }
    let mut st = conn
        .prepare("SELECT key, games, black, white, draw, unknown FROM positions")
        .unwrap();
    let rows = st
        .query_map([], |row| {
            let n = |i| row.get::<_, i64>(i).map(|v| v as u64);
            Ok((
                row.get::<_, Vec<u8>>(0)?,
                n(1)?,
                [n(2)?, n(3)?, n(4)?, n(5)?],
            ))
        })
        .unwrap();
    for row in rows {
        let (k, games, res) = row.unwrap();
        assert_eq!(games, res.iter().sum::<u64>());
        r.positions.insert(k, res);
    }
    r
}
