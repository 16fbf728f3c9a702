//! Position search on hand-made records, and against a plain replay on random games.

use archive::search::{Query, Tree};
use notation::{DeclaredResult, GameRecord};
use proptest::prelude::*;
use renju_core::{Board, Color, Move, Point, Symmetry};

fn game(moves: &str) -> GameRecord {
    let mut g = GameRecord::new(15);
    g.moves = moves
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    g
}

fn board_after(g: &GameRecord, k: usize) -> Board {
    let mut b = Board::new(usize::from(g.board_size)).unwrap();
    for (i, m) in g.moves[..k].iter().enumerate() {
        if let Move::Stone(p) = m {
            b.place(*p, Color::of_move_number(i + 1)).unwrap();
        }
    }
    b
}

#[test]
fn transposed_mirrored_and_passes() {
    let q = Query::from_board(&board_after(&game("h8 h9 i10 g7"), 4));
    // the same stones in another order, mirrored left-right
    let hit = q.find(&game("h8 i7 g10 h9 a1")).unwrap();
    assert_eq!(hit.move_number, 4);
    assert_eq!(hit.symmetry, Symmetry::FlipHorizontal);
    assert_eq!(hit.next, Some("o1".parse().unwrap()));
    // colours are kept: the same points with colours swapped do not match
    assert!(q.find(&game("h9 h8 g7 i10")).is_none());
    // a pass after the position: the first k is before it; a game ending there has no next
    let hit = q.find(&game("h8 h9 i10 g7 -- a1")).unwrap();
    assert_eq!((hit.move_number, hit.next), (4, Some(Move::Pass)));
    let hit = q.find(&game("h8 h9 i10 g7")).unwrap();
    assert_eq!((hit.move_number, hit.next), (4, None));
    // the replay stops at a point played twice
    assert!(q.find(&game("h8 h8 h9 i10 g7")).is_none());
    // another board side never matches
    let mut big = game("h8 h9 i10 g7");
    big.board_size = 19;
    assert!(q.find(&big).is_none());
    // the empty board is passed through before move 1
    let empty = Query::from_board(&Board::renju());
    assert_eq!(empty.find(&game("h8")).unwrap().move_number, 0);
}

#[test]
fn a_symmetric_position_names_the_first_symmetry() {
    // h8 black, h9 white: symmetric under flip-h; seen as h8 h7 it is mapped back by rot180
    // and flip-v, and rot180 comes first in Symmetry::ALL.
    let q = Query::from_board(&board_after(&game("h8 h9"), 2));
    let hit = q.find(&game("h8 h7 j5")).unwrap();
    assert_eq!(hit.symmetry, Symmetry::Rotate180);
    assert_eq!(hit.next, Some("f11".parse().unwrap()));
}

#[test]
fn tree_counts_next_moves_and_results() {
    let q = Query::from_board(&board_after(&game("h8 h9"), 2));
    let games = [
        ("h8 h9 i10", DeclaredResult::Black),
        ("h8 h7 g6", DeclaredResult::White), // i10 after rot180
        ("h8 g8 i10", DeclaredResult::Draw), // g8 is h9 turned; i10 maps elsewhere
        ("h8 h9", DeclaredResult::Unknown),
        ("h8 i9 i10", DeclaredResult::Black), // not the position
    ];
    let mut tree = Tree::default();
    for (moves, result) in games {
        let mut g = game(moves);
        g.result = result;
        if let Some(hit) = q.find(&g) {
            tree.add(&hit, result);
        }
    }
    assert_eq!(tree.total().games, 4);
    let rows = tree.rows();
    assert_eq!(rows[0].0, Some("i10".parse().unwrap()));
    assert_eq!(
        (rows[0].1.games, rows[0].1.black, rows[0].1.white),
        (2, 1, 1)
    );
    assert_eq!(rows.last().unwrap().0, None);
    let text = tree.to_string();
    assert!(text.contains("(end)") && text.contains("total"), "{text}");
}

/// The plain reference: replay on a Board and compare every position with the query under
/// every symmetry.
fn reference(q: &Board, g: &GameRecord) -> Option<(usize, Symmetry)> {
    let mut b = Board::new(usize::from(g.board_size)).unwrap();
    for k in 0..=g.moves.len() {
        if let Some(s) = Symmetry::ALL.into_iter().find(|s| s.apply_board(&b) == *q) {
            return Some((k, s));
        }
        match g.moves.get(k) {
            Some(Move::Stone(p)) => {
                if b.place(*p, Color::of_move_number(k + 1)).is_err() {
                    return None;
                }
            }
            Some(Move::Pass) | None => {}
        }
    }
    None
}

fn arb_game() -> impl Strategy<Value = GameRecord> {
    proptest::collection::vec((5u8..10, 5u8..10, 0u8..10), 0..14).prop_map(|v| {
        let mut g = GameRecord::new(15);
        g.moves = v
            .into_iter()
            .map(|(c, r, p)| {
                if p == 0 {
                    Move::Pass
                } else {
                    Move::Stone(Point::new(c, r).unwrap())
                }
            })
            .collect();
        g
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    #[test]
    fn find_equals_plain_replay(source in arb_game(), games in proptest::collection::vec(arb_game(), 1..8), k in 0usize..14, s in 0usize..8) {
        // the query: a position of one game (turned), so that matches happen
        let mut b = Board::renju();
        for (i, m) in source.moves.iter().enumerate() {
            if i == k { break; }
            if let Move::Stone(p) = m
                && b.place(*p, Color::of_move_number(i + 1)).is_err()
            {
                break;
            }
        }
        let q = Symmetry::ALL[s].apply_board(&b);
        let query = Query::from_board(&q);
        let mut hits = 0;
        for g in games.iter().chain(std::iter::once(&source)) {
            let fast = query.find(g).map(|h| (h.move_number, h.symmetry));
            prop_assert_eq!(fast, reference(&q, g));
            hits += usize::from(fast.is_some());
        }
        prop_assert!(hits >= 1, "the source game passes through its own position");
    }
}
