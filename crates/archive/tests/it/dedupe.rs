//! The definitions of duplicates on hand-made records, and the fast implementation against a
//! plain pairwise reference on random archives with planted copies.

use proptest::prelude::*;
use renju_archive::dedupe::{Deduper, Kind, Outcome, Source};
use renju_core::{Move, Point, Symmetry};
use renju_notation::GameRecord;

fn game(moves: &str) -> GameRecord {
    let mut g = GameRecord::new(15);
    g.moves = moves
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    g
}

fn turned(g: &GameRecord, s: Symmetry) -> GameRecord {
    let mut t = g.clone();
    t.moves = g.moves.iter().map(|&m| map(m, s, g.board_size)).collect();
    t
}

fn map(m: Move, s: Symmetry, size: u8) -> Move {
    match m {
        Move::Stone(p) => Move::Stone(s.apply(p, size)),
        Move::Pass => Move::Pass,
    }
}

fn run(min: usize, games: &[GameRecord]) -> Outcome {
    let mut d = Deduper::new(min);
    for (i, g) in games.iter().enumerate() {
        d.push(
            Source {
                file: "t.renju".into(),
                index: i + 1,
            },
            g,
        )
        .unwrap();
    }
    d.finish()
}

/// Each group as (input number, kind, symmetry) rows.
fn rows(out: &Outcome) -> Vec<Vec<(usize, Kind, Symmetry)>> {
    out.groups
        .iter()
        .map(|g| {
            g.members
                .iter()
                .map(|m| (m.seq, m.kind, m.symmetry))
                .collect()
        })
        .collect()
}

const A: &str = "h8 h9 i10 g7 j11 k12 f6 e5";

#[test]
fn each_kind() {
    let a = game(A);
    let games = [
        a.clone(),
        turned(&a, Symmetry::Rotate90),
        a.clone(),
        game("h8 h9 i10 g7 j11"),
        game("h8 h7 i6 g9 j5"), // a prefix under flip-v
        game("h8 i9 j10 k11 l12"),
    ];
    let out = run(3, &games);
    use Kind::*;
    use Symmetry::*;
    assert_eq!(
        rows(&out),
        [vec![
            (0, First, Identity),
            (1, Symmetric, Rotate270),
            (2, Identical, Identity),
            (3, Prefix, Identity),
            (4, Prefix, FlipVertical),
        ]]
    );
    assert_eq!(out.records, 6);
    assert_eq!(out.duplicate_count(), 4);
    assert!(!out.is_duplicate(0) && !out.is_duplicate(5));
    assert!((1..=4).all(|i| out.is_duplicate(i)));
    assert_eq!(
        (
            out.count(First),
            out.count(Identical),
            out.count(Symmetric),
            out.count(Prefix)
        ),
        (1, 1, 1, 2)
    );
}

#[test]
fn tie_rules() {
    // A shorter record before a longer one: the longer is the representative; the group is
    // numbered by the representative's place, the rows stay in input order.
    let long = game(A);
    let short = game("h8 h9 i10 g7 j11");
    let other = game("a1 b2 c3 d4 e5");
    let out = run(
        3,
        &[other.clone(), short.clone(), other.clone(), long.clone()],
    );
    assert_eq!(
        rows(&out),
        [
            vec![
                (0, Kind::First, Symmetry::Identity),
                (2, Kind::Identical, Symmetry::Identity)
            ],
            vec![
                (1, Kind::Prefix, Symmetry::Identity),
                (3, Kind::First, Symmetry::Identity)
            ],
        ]
    );
    // Equally long: the earlier one. A prefix of two different games joins the first of them
    // in input order, even when the other is longer.
    let b = game("h8 h9 i10 g7 a1 a2 a3 a4 a5 a6 a7 a8");
    let out = run(3, &[long.clone(), b.clone(), short.clone(), long.clone()]);
    assert_eq!(
        rows(&out),
        [vec![
            (0, Kind::First, Symmetry::Identity),
            (2, Kind::Prefix, Symmetry::Identity),
            (3, Kind::Identical, Symmetry::Identity)
        ]]
    );
    let prefix = game("h8 h9 i10 g7");
    let out = run(3, &[long.clone(), b.clone(), prefix.clone()]);
    assert_eq!(
        rows(&out),
        [vec![
            (0, Kind::First, Symmetry::Identity),
            (2, Kind::Prefix, Symmetry::Identity)
        ]]
    );
    let out = run(3, &[b.clone(), long.clone(), prefix]);
    assert_eq!(
        rows(&out),
        [vec![
            (0, Kind::First, Symmetry::Identity),
            (2, Kind::Prefix, Symmetry::Identity)
        ]]
    );
}

#[test]
fn games_symmetric_in_themselves() {
    // Every stone on column h: the game is its own mirror image left-right.
    let h = game("h8 h9 h7 h10 h6 h11 h5 h12");
    let flipped = turned(&h, Symmetry::FlipHorizontal);
    assert_eq!(flipped, h);
    // Mirrored top-bottom it is also the half turn of itself: two symmetries map it back,
    // rot180 and flip-v; the first of Symmetry::ALL is named.
    let upside = turned(&h, Symmetry::FlipVertical);
    let out = run(3, &[h.clone(), flipped, upside]);
    assert_eq!(
        rows(&out),
        [vec![
            (0, Kind::First, Symmetry::Identity),
            (1, Kind::Identical, Symmetry::Identity),
            (2, Kind::Symmetric, Symmetry::Rotate180),
        ]]
    );
    // A diagonal game: flip-d keeps it; a quarter turn of it is mapped back by rot270 and by
    // flip-h (rot270 comes first).
    let d = game("h8 i9 g7 j10 f6 k11");
    assert_eq!(turned(&d, Symmetry::FlipDiagonal), d);
    let out = run(3, &[d.clone(), turned(&d, Symmetry::Rotate90)]);
    assert_eq!(out.groups[0].members[1].symmetry, Symmetry::Rotate270);
}

#[test]
fn passes_are_moves() {
    let with_pass = game("h8 -- i10 g7 j11");
    let without = game("h8 i10 g7 j11");
    let out = run(3, &[with_pass.clone(), without.clone()]);
    assert!(out.groups.is_empty(), "a pass is a move: {:?}", out.groups);
    let out = run(
        3,
        &[
            with_pass.clone(),
            turned(&with_pass, Symmetry::FlipDiagonal),
            game("h8 --"),
        ],
    );
    // h8 -- is too short (2 < 3 moves) to take part.
    assert_eq!(
        rows(&out),
        [vec![
            (0, Kind::First, Symmetry::Identity),
            (1, Kind::Symmetric, Symmetry::FlipDiagonal)
        ]]
    );
    assert_eq!(out.short, 1);
    assert_eq!(out.groups[0].members[1].moves, 5);
}

#[test]
fn min_moves_and_board_sizes() {
    let a = game(A);
    let out = run(20, &[a.clone(), a.clone()]);
    assert!(out.groups.is_empty());
    assert_eq!(out.short, 2);
    let mut big = a.clone();
    big.board_size = 20;
    let out = run(3, &[a.clone(), big.clone(), big]);
    assert_eq!(out.groups.len(), 1);
    assert_eq!(
        out.groups[0]
            .members
            .iter()
            .map(|m| m.seq)
            .collect::<Vec<_>>(),
        [1, 2]
    );
}

#[test]
fn set_up_records_are_not_compared() {
    // Two copies of A that set a stone up, and one plain A: the set-up ones are no games
    // from the empty board, so they join no group and are listed, with their input numbers.
    let a = game(A);
    let mut set = a.clone();
    set.setup.push(renju_notation::SetupStone {
        after_move: 0,
        point: "a1".parse().unwrap(),
        stone: Some(renju_core::Color::White),
    });
    let mut d = Deduper::new(3);
    let src = |index| Source {
        file: "t.sgf".into(),
        index,
    };
    assert_eq!(
        d.push(src(1), &set),
        Err(renju_archive::dedupe::NotExaminedError::SetUp)
    );
    assert_eq!(d.push(src(2), &a), Ok(1));
    assert!(d.push(src(3), &set).is_err());
    let out = d.finish();
    assert!(out.groups.is_empty());
    let seqs: Vec<usize> = out.not_examined.iter().map(|(s, _, _)| *s).collect();
    assert_eq!(seqs, [0, 2]);
    assert!(!out.is_duplicate(0) && !out.is_duplicate(2));
}

// ---------------------------------------------------------------------------------------
// The plain pairwise reference.

/// The first symmetry mapping `b` onto the first moves of `a`, by the definition.
fn holds(a: &GameRecord, b: &GameRecord) -> Option<Symmetry> {
    if b.moves.len() > a.moves.len() || a.board_size != b.board_size {
        return None;
    }
    Symmetry::ALL.into_iter().find(|&s| {
        b.moves
            .iter()
            .zip(&a.moves)
            .all(|(&x, &y)| map(x, s, b.board_size) == y)
    })
}

fn reference(min: usize, games: &[GameRecord]) -> Vec<Vec<(usize, Kind, Symmetry)>> {
    let part: Vec<usize> = (0..games.len())
        .filter(|&i| games[i].moves.len() >= min)
        .collect();
    let is_rep = |i: usize| {
        !part.iter().any(|&j| {
            let (lj, li) = (games[j].moves.len(), games[i].moves.len());
            (lj > li || (lj == li && j < i)) && holds(&games[j], &games[i]).is_some()
        })
    };
    let reps: Vec<usize> = part.iter().copied().filter(|&i| is_rep(i)).collect();
    let mut groups: Vec<Vec<(usize, Kind, Symmetry)>> = Vec::new();
    for &r in &reps {
        let mut g = Vec::new();
        for &i in &part {
            let home = if is_rep(i) {
                i
            } else {
                *reps
                    .iter()
                    .find(|&&r| holds(&games[r], &games[i]).is_some())
                    .expect("a representative holds it")
            };
            if home != r {
                continue;
            }
            let s = holds(&games[r], &games[i]).unwrap();
            let kind = if i == r {
                Kind::First
            } else if games[i].moves.len() < games[r].moves.len() {
                Kind::Prefix
            } else if s == Symmetry::Identity {
                Kind::Identical
            } else {
                Kind::Symmetric
            };
            g.push((i, kind, s));
        }
        if g.len() > 1 {
            groups.push(g);
        }
    }
    groups
}

/// A small random generator (the archive is built from a proptest seed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_game(rng: &mut Rng, len: usize) -> GameRecord {
    let mut g = GameRecord::new(15);
    // a third of the games keep to the main diagonal or column h (symmetric in themselves),
    // and all start near the centre so that prefixes are shared
    let style = rng.below(3);
    let mut used = std::collections::HashSet::new();
    while g.moves.len() < len {
        if rng.below(12) == 0 {
            g.moves.push(Move::Pass);
            continue;
        }
        let p = match style {
            0 => {
                let i = rng.below(15) as u8;
                Point::new(i, i).unwrap()
            }
            1 => Point::new(7, rng.below(15) as u8).unwrap(),
            _ => {
                let r = if g.moves.len() < 3 { 3 } else { 15 };
                let lo = (15 - r) / 2;
                Point::new((lo + rng.below(r)) as u8, (lo + rng.below(r)) as u8).unwrap()
            }
        };
        if used.insert(p) || used.len() >= 15 {
            g.moves.push(Move::Stone(p));
        }
    }
    g
}

fn random_archive(seed: u64, n: usize) -> Vec<GameRecord> {
    let mut rng = Rng(seed);
    let mut games: Vec<GameRecord> = Vec::new();
    for _ in 0..n {
        let g = if games.is_empty() || rng.below(3) == 0 {
            let len = 1 + rng.below(9);
            random_game(&mut rng, len)
        } else {
            let base = games[rng.below(games.len())].clone();
            let s = Symmetry::ALL[rng.below(8)];
            let mut g = turned(&base, s);
            match rng.below(4) {
                0 => {
                    let cut = rng.below(g.moves.len() + 1);
                    g.moves.truncate(cut);
                }
                1 => {
                    let extra = 1 + rng.below(3);
                    let more = random_game(&mut rng, extra);
                    g.moves.extend(more.moves);
                }
                _ => {}
            }
            g
        };
        games.push(g);
    }
    games
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn fast_equals_pairwise_reference(seed: u64, n in 1usize..40, min in 0usize..5) {
        let games = random_archive(seed, n);
        let out = run(min, &games);
        let want = reference(min, &games);
        prop_assert_eq!(rows(&out), want.clone());
        prop_assert!(want.iter().all(|g| g.len() > 1));
        let dups: usize = want.iter().map(|g| g.len() - 1).sum();
        prop_assert_eq!(out.duplicate_count(), dups);
        for (i, g) in out.groups.iter().enumerate() {
            prop_assert_eq!(g.number, i + 1);
        }
    }
}

#[test]
fn random_archives_have_copies() {
    // the generator plants copies of every kind (so the property above is not vacuous)
    let mut kinds = std::collections::HashSet::new();
    for seed in 0..50 {
        for g in reference(2, &random_archive(seed, 30)) {
            kinds.extend(g.iter().map(|r| r.1));
        }
    }
    assert_eq!(kinds.len(), 4, "{kinds:?}");
}

#[test]
fn records_the_symmetries_cannot_map_are_listed() {
    let mut d = Deduper::new(1);
    let src = |i| Source {
        file: "x".into(),
        index: i,
    };
    let mut no_board = game("h8 h9");
    no_board.board_size = 0;
    assert!(d.push(src(1), &no_board).is_err());
    let mut off = game("h8 h9");
    off.board_size = 7; // h8 and h9 are off a 7x7 board
    assert!(d.push(src(2), &off).is_err());
    assert_eq!(d.push(src(3), &game("h8 h9")), Ok(2));
    assert_eq!(d.push(src(4), &game("h8 h9")), Ok(3));
    let out = d.finish();
    assert_eq!(out.records, 4);
    assert_eq!(
        out.not_examined
            .iter()
            .map(|(seq, s, why)| (*seq, s.index, why.to_string()))
            .collect::<Vec<_>>(),
        [
            (0, 1, "board side 0 is not one of 5 to 20".to_string()),
            (1, 2, "move 1 is off the board".to_string())
        ]
    );
    assert_eq!(rows(&out).len(), 1);
    assert!(out.is_duplicate(3) && !out.is_duplicate(2));
}
