//! The incremental audit against a slow, direct reading of the rules on random dense games.
//!
//! The reference replays on a plain [`Board`], asks renju-core's one-position functions
//! (`makes_five`, `is_forbidden`) about every move, lists the events, and only then applies
//! the claim policy, so a mistake in the audit's single-pass bookkeeping shows up here.

use proptest::prelude::*;
use renju_analyzer::{ClaimPolicy, End, Finding, IllegalKind, Settings, audit};
use renju_core::{Board, Color, Convention, Foul, Move, Point, RuleSet, is_forbidden, makes_five};
use renju_notation::GameRecord;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Event {
    Five,
    Foul(Foul),
    Full,
}

#[derive(Debug, PartialEq)]
struct Outcome {
    end: End,
    end_move: Option<usize>,
    illegal: Option<usize>,
    lapsed: Vec<usize>,
    unclaimed: Vec<usize>,
}

fn reference(moves: &[Move], s: &Settings) -> Outcome {
    let mut board = Board::renju();
    let mut events: Vec<(usize, Event)> = Vec::new();
    let mut illegal = None;
    for (i, m) in moves.iter().enumerate() {
        let n = i + 1;
        let color = Color::of_move_number(n);
        let Move::Stone(p) = *m else { continue };
        if !board.is_empty_at(p) {
            illegal = Some(n);
            break;
        }
        if makes_five(&board, p, color, s.rules) {
            events.push((n, Event::Five));
        } else if color == Color::Black
            && s.rules.has_fouls()
            && let Some(f) = is_forbidden(&board, p, s.convention)
        {
            events.push((n, Event::Foul(f)));
        }
        board.place(p, color).expect("checked empty");
        if board.is_full() {
            events.push((n, Event::Full));
        }
    }
    let mut out = Outcome {
        end: End::None,
        end_move: None,
        illegal,
        lapsed: Vec::new(),
        unclaimed: Vec::new(),
    };
    let winner = |n: usize| {
        if Color::of_move_number(n) == Color::Black {
            End::BlackFive
        } else {
            End::WhiteFive
        }
    };
    let mut overlines = Vec::new();
    for &(n, e) in &events {
        let decided = match (s.claim, e) {
            (_, Event::Five) => Some(winner(n)),
            (ClaimPolicy::FoulLoses, Event::Foul(f)) => Some(End::Foul(f)),
            (ClaimPolicy::Refuse, Event::Foul(_)) => {
                out.illegal = Some(n);
                break;
            }
            (ClaimPolicy::Claim, Event::Foul(Foul::Overline)) => {
                overlines.push(n);
                None
            }
            (ClaimPolicy::Claim, Event::Foul(f)) if n == moves.len() => Some(End::Foul(f)),
            (ClaimPolicy::Claim, Event::Foul(_)) => {
                out.lapsed.push(n);
                None
            }
            (_, Event::Full) if overlines.is_empty() => Some(End::DrawFullBoard),
            (_, Event::Full) => None,
        };
        if let Some(end) = decided {
            out.end = end;
            out.end_move = Some(n);
            out.unclaimed = overlines.clone();
            return out;
        }
    }
    if let Some(&first) = overlines.first() {
        out.end = End::Foul(Foul::Overline);
        out.end_move = Some(first);
    }
    out
}

fn observed(record: &GameRecord, s: &Settings) -> Outcome {
    let a = audit(record, s);
    let mut lapsed = Vec::new();
    let mut unclaimed = Vec::new();
    for f in &a.findings {
        match f {
            Finding::LapsedFoul { number, .. } => lapsed.push(*number),
            Finding::UnclaimedOverline { number, .. } => unclaimed.push(*number),
            _ => {}
        }
    }
    if let Some(i) = &a.illegal {
        assert!(matches!(
            i.kind,
            IllegalKind::Occupied { .. } | IllegalKind::Forbidden { .. }
        ));
    }
    Outcome {
        end: a.end,
        end_move: a.end_move,
        illegal: a.illegal.map(|i| i.number),
        lapsed,
        unclaimed,
    }
}

/// Dense games in the 7x7 square e5..k11: fives, fouls and repeated points are common.
fn dense_game() -> impl Strategy<Value = Vec<Move>> {
    let square: Vec<Point> = (4u8..11)
        .flat_map(|c| (4u8..11).filter_map(move |r| Point::new(c, r)))
        .collect();
    (
        Just(square).prop_shuffle(),
        5usize..=49,
        proptest::option::of((0usize..49, any::<bool>())),
    )
        .prop_map(|(pts, k, extra)| {
            let mut moves: Vec<Move> = pts.into_iter().take(k).map(Move::Stone).collect();
            if let Some((at, pass)) = extra {
                let at = at % moves.len();
                // A pass, or a repeat of an earlier point (an occupied point).
                let m = if pass { Move::Pass } else { moves[at / 2] };
                moves.insert(at, m);
            }
            moves
        })
}

/// Black-heavy games: Black plays in f6..j10 and White, mostly, far away in a1..e5, so
/// Black's threes and fours meet little resistance and fouls are frequent.
fn black_heavy_game() -> impl Strategy<Value = Vec<Move>> {
    let square = |c0: u8, r0: u8| -> Vec<Point> {
        (c0..c0 + 5)
            .flat_map(|c| (r0..r0 + 5).filter_map(move |r| Point::new(c, r)))
            .collect()
    };
    (
        Just(square(5, 5)).prop_shuffle(),
        Just(square(0, 0)).prop_shuffle(),
        proptest::collection::vec(0usize..25, 0..4),
        6usize..=25,
    )
        .prop_map(|(black, mut white, intrusions, k)| {
            // A few White stones land in Black's square.
            for (j, i) in intrusions.into_iter().enumerate() {
                if let Some(w) = white.get_mut(j * 3) {
                    *w = black[24 - i % 25];
                }
            }
            let mut moves = Vec::new();
            for i in 0..k {
                moves.push(Move::Stone(black[i]));
                if i + 1 < k {
                    moves.push(Move::Stone(white[i]));
                }
            }
            moves
        })
}

fn board_of(moves: &[Move]) -> String {
    let mut b = Board::renju();
    for (i, m) in moves.iter().enumerate() {
        if let Move::Stone(p) = m
            && b.place(*p, Color::of_move_number(i + 1)).is_err()
        {
            break;
        }
    }
    b.to_diagram()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    #[test]
    fn audit_agrees_with_the_reference(moves in prop_oneof![dense_game(), black_heavy_game()]) {
        let mut record = GameRecord::new(15);
        record.moves = moves.clone();
        for rules in RuleSet::ALL {
            for convention in Convention::ALL {
                for claim in ClaimPolicy::ALL {
                    let s = Settings::new(rules, convention, claim);
                    let want = reference(&moves, &s);
                    let got = observed(&record, &s);
                    let text: Vec<String> = moves.iter().map(ToString::to_string).collect();
                    prop_assert_eq!(
                        got, want,
                        "{}\n{}\n{}", s, text.join(" "), board_of(&moves)
                    );
                }
            }
        }
    }
}

proptest! {
    /// Any record at all (any board side, points anywhere on the 20x20 grid, passes): the
    /// audit, the annotations and the explanations never panic, and the audit's numbers hold
    /// together.
    #[test]
    fn no_input_panics(
        size in 0u8..=25,
        raw in proptest::collection::vec(proptest::option::of((0u8..20, 0u8..20)), 0..60),
        claim in 0usize..3,
        strict: bool,
    ) {
        let mut record = GameRecord::new(size);
        record.moves = raw
            .iter()
            .map(|m| match m {
                Some((c, r)) => Point::new(*c, *r).map_or(Move::Pass, Move::Stone),
                None => Move::Pass,
            })
            .collect();
        let convention = if strict { Convention::Strict } else { Convention::Lenient };
        let s = Settings::new(RuleSet::Renju, convention, ClaimPolicy::ALL[claim]);
        let a = audit(&record, &s);
        prop_assert_eq!(a.moves, record.moves.len());
        prop_assert_eq!(a.end_move.is_none(), a.end == End::None);
        if let Some(e) = a.end_move {
            prop_assert!(e >= 1 && e <= a.moves);
        }
        prop_assert!(!a.detail().is_empty());
        let notes = renju_analyzer::annotate(&record, &s);
        prop_assert!(notes.len() <= record.moves.len());
        for n in 1..=record.moves.len().min(12) {
            let _ = renju_analyzer::explain_move(&record, &s, n);
        }
    }
}
