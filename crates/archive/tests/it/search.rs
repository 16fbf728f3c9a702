//! Position search on hand-made records, and against a plain replay on random games.

use proptest::prelude::*;
use renju_archive::search::{Next, Query, Tree};
use renju_core::{Board, Color, Move, Point, Symmetry};
use renju_notation::{DeclaredResult, GameRecord};

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
    assert_eq!(rows[0].0, Next::Move("i10".parse().unwrap()));
    assert_eq!(
        (rows[0].1.games, rows[0].1.black, rows[0].1.white),
        (2, 1, 1)
    );
    assert_eq!(rows.last().unwrap().0, Next::End);
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

// ---------------------------------------------------------------------------------------
// Patterns.

use renju_archive::pattern::Pattern;

#[test]
fn patterns_by_hand() {
    // an open three with both ends empty, anywhere, turned
    let p = Pattern::parse(". x x x .").unwrap();
    let hit = p.find(&game("h8 a1 h9 a2 h10 a3")).unwrap();
    assert_eq!(hit.move_number, 5);
    // h7..h11 vertical: the form of rot90 first
    assert_eq!(hit.symmetry, Symmetry::Rotate90);
    // a closed end does not match; colours are kept
    assert!(p.find(&game("h8 h7 h9 a2 h10 h11")).is_none());
    assert!(p.find(&game("a1 h8 a2 h9 a4 h10")).is_none());
    // the pattern must lie on the board, don't-care cells too
    let edge = Pattern::parse("? x x x").unwrap();
    assert!(
        edge.find(&game("a8 h1 b8 h2 c8"))
            .is_some_and(|h| h.symmetry != Symmetry::Identity)
    );
    let corner = Pattern::parse("? ?\nx ?").unwrap();
    assert_eq!(corner.find(&game("a1")).unwrap().move_number, 1);
    let mut tiny = game("a1");
    tiny.board_size = 5;
    assert!(
        Pattern::parse("? ? ? ? ? ?\nx ? ? ? ? ?")
            .unwrap()
            .find(&tiny)
            .is_none()
    );
    // a pattern of empty points is met before the first move
    assert_eq!(
        Pattern::parse(". .")
            .unwrap()
            .find(&game("h8"))
            .unwrap()
            .move_number,
        0
    );
    // the next move in the pattern's own coordinates
    let hit = Pattern::parse("x . x")
        .unwrap()
        .find(&game("h8 a1 j8 i8"))
        .unwrap();
    assert_eq!(hit.next, Next::Move("b1".parse().unwrap()));
    assert_eq!(hit.at, "h8".parse().unwrap());
    assert!(Pattern::parse("? ?").is_err());
    assert!(Pattern::parse("x x\nx").is_err());
}

/// The reference: replay on a Board; after each move try every symmetry and every
/// translation of the pattern's rectangle.
fn pattern_reference(cells: &[Vec<char>], g: &GameRecord) -> Option<usize> {
    let h = cells.len() as i32;
    let w = cells[0].len() as i32;
    let size = i32::from(g.board_size);
    let fits = |b: &Board| {
        Symmetry::ALL.into_iter().any(|s| {
            (-10..10).any(|tx| {
                (-10..10).any(|ty| {
                    (0..h).all(|i| {
                        (0..w).all(|c| {
                            let r = h - 1 - i;
                            let (x, y) = s.apply_coords(c, r, 1);
                            let (x, y) = (x + tx, y + ty);
                            if !(0..size).contains(&x) || !(0..size).contains(&y) {
                                return false;
                            }
                            let at = b.get(Point::new(x as u8, y as u8).unwrap());
                            match cells[i as usize][c as usize] {
                                'x' => at == Some(Color::Black),
                                'o' => at == Some(Color::White),
                                '.' => at.is_none(),
                                _ => true,
                            }
                        })
                    })
                })
            })
        })
    };
    let mut b = Board::new(usize::from(g.board_size)).unwrap();
    if fits(&b) {
        return Some(0);
    }
    for (k, m) in g.moves.iter().enumerate() {
        if let Move::Stone(p) = m {
            if b.place(*p, Color::of_move_number(k + 1)).is_err() {
                return None;
            }
            if fits(&b) {
                return Some(k + 1);
            }
        }
    }
    None
}

fn arb_small_game() -> impl Strategy<Value = GameRecord> {
    proptest::collection::vec((0u8..7, 0u8..7, 0u8..10), 0..16).prop_map(|v| {
        let mut g = GameRecord::new(7);
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
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn pattern_find_equals_brute_force(
        g in arb_small_game(),
        w in 1usize..4,
        h in 1usize..4,
        cells in proptest::collection::vec(prop_oneof![Just('x'), Just('o'), Just('.'), Just('?'), Just('?')], 9),
    ) {
        let rows: Vec<Vec<char>> = (0..h).map(|i| cells[i * 3..i * 3 + w].to_vec()).collect();
        let text: String = rows.iter().map(|r| r.iter().collect::<String>() + "\n").collect();
        let Ok(p) = Pattern::parse(&text) else {
            prop_assume!(false);
            unreachable!()
        };
        let fast = p.find(&g);
        prop_assert_eq!(fast.map(|h| h.move_number), pattern_reference(&rows, &g));
    }
}
