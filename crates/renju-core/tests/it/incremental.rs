//! The engine board ([`IncrementalBoard`]) against the from-scratch checker ([`FoulChecker`])
//! on every position of random games, both conventions: stones are placed and sometimes taken
//! back, and after each step the whole-board answer and the point-by-point answers must equal
//! those of a checker built afresh from the same stones.

use proptest::prelude::*;
use renju_core::{Board, Color, Convention, FoulChecker, IncrementalBoard, Point, Verdict};

/// One step of a random game: a stone near an earlier one (or anywhere), or a take-back.
#[derive(Debug, Clone)]
enum Step {
    Place {
        near: usize,
        dc: i32,
        dr: i32,
        black: bool,
    },
    Anywhere {
        c: u8,
        r: u8,
        black: bool,
    },
    Undo,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        8 => (any::<usize>(), -2i32..=2, -2i32..=2, prop::bool::weighted(0.6))
            .prop_map(|(near, dc, dr, black)| Step::Place { near, dc, dr, black }),
        1 => (0u8..20, 0u8..20, any::<bool>()).prop_map(|(c, r, black)| Step::Anywhere { c, r, black }),
        1 => Just(Step::Undo),
    ]
}

/// Checks the engine board against a fresh checker on its current position.
fn agree(engine: &IncrementalBoard) -> Result<(), TestCaseError> {
    let board: &Board = engine.board();
    let fresh = FoulChecker::new(board);
    for conv in Convention::ALL {
        let want = fresh.forbidden_points(conv);
        prop_assert_eq!(engine.forbidden_points(conv), want.clone(), "{}", board);
        for &(p, f) in &want {
            prop_assert_eq!(engine.explain(p, conv).verdict, Verdict::Forbidden(f));
        }
        for p in board.points() {
            let v: Verdict = engine.verdict(p, conv);
            prop_assert_eq!(v, fresh.verdict(p, conv), "{} at {} ({})", board, p, conv);
        }
    }
    Ok(())
}

fn replay(size: usize, steps: &[Step]) -> Result<usize, TestCaseError> {
    let mut engine = IncrementalBoard::new(size).unwrap();
    let centre = Board::new(size).unwrap().center();
    let mut checked = 0;
    for s in steps {
        match *s {
            Step::Undo => {
                engine.undo();
            }
            Step::Place {
                near,
                dc,
                dr,
                black,
            } => {
                let base = match engine.history() {
                    [] => centre,
                    h => h[near % h.len()].0,
                };
                let color = if black { Color::Black } else { Color::White };
                if let Some(p) = base.offset(dc, dr, size as u8) {
                    let _ = engine.place(p, color);
                }
            }
            Step::Anywhere { c, r, black } => {
                let color = if black { Color::Black } else { Color::White };
                if let Some(p) = Point::new(c, r) {
                    let _ = engine.place(p, color); // off this board or occupied: refused
                }
            }
        }
        agree(&engine)?;
        checked += 1;
    }
    // Taking everything back leaves the empty board's state.
    while engine.undo().is_some() {}
    prop_assert_eq!(engine.board().stone_count(), 0);
    agree(&engine)?;
    Ok(checked)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn agrees_with_the_from_scratch_checker_on_every_position(steps in prop::collection::vec(step(), 1..120)) {
        let n = replay(15, &steps)?;
        prop_assert_eq!(n, steps.len());
    }

    #[test]
    fn agrees_on_other_board_sizes(size in 5usize..=20, steps in prop::collection::vec(step(), 1..60)) {
        replay(size, &steps)?;
    }
}

/// A fixed long game that ends black-heavy, so that double threes (and the recursion) occur.
#[test]
fn a_dense_game_agrees_and_has_fouls() {
    let mut engine = IncrementalBoard::renju();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut fouls = 0;
    let mut positions = 0;
    for _ in 0..2000 {
        if engine.history().len() >= 70 {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let p = Point::new(3 + (x % 9) as u8, 3 + ((x >> 8) % 9) as u8).unwrap();
        let color = if (x >> 20) % 10 < 6 {
            Color::Black
        } else {
            Color::White
        };
        if engine.place(p, color).is_ok() {
            agree(&engine).unwrap();
            fouls += engine.forbidden_points(Convention::Lenient).len();
            positions += 1;
        }
    }
    assert!(positions >= 60, "{positions} positions");
    assert!(fouls > 0, "the game should produce forbidden points");
}
