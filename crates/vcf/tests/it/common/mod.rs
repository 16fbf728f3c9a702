//! Test helpers: a plain VCF-line replay written apart from the solver (it scans the board
//! stone by stone and asks renju-core only whether a Black move is forbidden), and a helper
//! that reads a small diagram into a 15x15 board.

#![allow(dead_code)]

use renju_core::{Board, Color, Convention, Direction, Point, RuleSet, is_forbidden};

/// A 15x15 board from rows of `.`/`x`/`o` (spaces ignored) placed at the top-left corner:
/// the first row is row 15, the first character column a.
pub fn board(rows: &[&str]) -> Board {
    let mut b = Board::renju();
    for (i, row) in rows.iter().enumerate() {
        let r = 14 - i as u8;
        for (c, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let p = Point::new(c as u8, r).unwrap();
            match ch {
                'x' => b.place(p, Color::Black).unwrap(),
                'o' => b.place(p, Color::White).unwrap(),
                '.' => {}
                other => panic!("bad diagram character {other}"),
            }
        }
    }
    b
}

/// A board from stone lists.
pub fn stones(black: &str, white: &str) -> Board {
    let mut b = Board::renju();
    for (list, color) in [(black, Color::Black), (white, Color::White)] {
        for p in list.split_whitespace() {
            b.place(p.parse().unwrap(), color).unwrap();
        }
    }
    b
}

/// Whether a stone of `color` on the empty `p` makes a winning row (plain scan of the runs).
pub fn wins_at(board: &Board, p: Point, color: Color, rules: RuleSet) -> bool {
    if !board.is_empty_at(p) {
        return false;
    }
    Direction::ALL
        .iter()
        .any(|&d| rules.is_win(color, run_through(board, p, d, color, &[p])))
}

/// The run of `color` through `p` along `d`, counting the points of `extra` as `color`.
fn run_through(board: &Board, p: Point, d: Direction, color: Color, extra: &[Point]) -> usize {
    let (dc, dr) = d.step();
    let own = |q: Point| board.get(q) == Some(color) || extra.contains(&q);
    let mut n = 1;
    for sign in [1, -1] {
        let mut k = 1;
        while let Some(q) = p.offset(sign * dc * k, sign * dr * k, board.size()) {
            if !own(q) {
                break;
            }
            n += 1;
            k += 1;
        }
    }
    n
}

/// Every empty point where `color` would make a winning row.
pub fn five_points(board: &Board, color: Color, rules: RuleSet) -> Vec<Point> {
    board
        .points()
        .filter(|&p| wins_at(board, p, color, rules))
        .collect()
}

/// Whether the stone of `color` at `m` is part of a four: some empty point on one of its lines
/// would complete a winning row through `m`.
pub fn is_four_through(board: &Board, m: Point, color: Color, rules: RuleSet) -> bool {
    Direction::ALL.iter().any(|&d| {
        let (dc, dr) = d.step();
        (-4..=4).any(|k: i32| {
            m.offset(dc * k, dr * k, board.size()).is_some_and(|q| {
                board.is_empty_at(q)
                    && rules.is_win(color, run_through(board, q, d, color, &[q]))
                    && run_covers(board, q, d, color, m)
            })
        })
    })
}

/// Whether the run through the (empty, counted as own) `q` along `d` contains `m`.
fn run_covers(board: &Board, q: Point, d: Direction, color: Color, m: Point) -> bool {
    let (dc, dr) = d.step();
    for sign in [1, -1] {
        let mut k = 1;
        while let Some(r) = q.offset(sign * dc * k, sign * dr * k, board.size()) {
            if board.get(r) != Some(color) {
                break;
            }
            if r == m {
                return true;
            }
            k += 1;
        }
    }
    false
}

/// How a replayed line ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ending {
    Five,
    ForbiddenBlocks,
}

/// Replays a VCF line move by move and checks it is a proof: each attacker move is legal
/// (Black's not forbidden unless it makes a five), makes a five (then it is the last move) or a
/// four through the new stone, and leaves the defender no five; each defender move stops a
/// five and is legal for Black; the line ends with a five or with a White four whose every
/// five point is forbidden for Black. Returns the board at the end.
pub fn replay(
    start: &Board,
    rules: RuleSet,
    convention: Convention,
    attacker: Color,
    moves: &[Point],
) -> Result<Ending, String> {
    let mut b = start.clone();
    let defender = attacker.opponent();
    let renju = rules.has_fouls();
    if moves.len() % 2 != 1 {
        return Err(format!(
            "a line has an odd number of moves, this one {}",
            moves.len()
        ));
    }
    for (i, &m) in moves.iter().enumerate() {
        let last = i + 1 == moves.len();
        if !b.is_empty_at(m) {
            return Err(format!("move {} {m}: occupied", i + 1));
        }
        if i % 2 == 0 {
            if wins_at(&b, m, attacker, rules) {
                return if last {
                    Ok(Ending::Five)
                } else {
                    Err(format!("move {} {m}: a five before the end", i + 1))
                };
            }
            if renju && attacker == Color::Black && is_forbidden(&b, m, convention).is_some() {
                return Err(format!("move {} {m}: forbidden for Black", i + 1));
            }
            b.place(m, attacker).unwrap();
            if !is_four_through(&b, m, attacker, rules) {
                return Err(format!("move {} {m}: neither a five nor a four", i + 1));
            }
            let theirs = five_points(&b, defender, rules);
            if !theirs.is_empty() {
                return Err(format!(
                    "move {} {m}: the defender has a five at {}",
                    i + 1,
                    theirs[0]
                ));
            }
            if last {
                let ours = five_points(&b, attacker, rules);
                let all_forbidden = renju
                    && attacker == Color::White
                    && ours
                        .iter()
                        .all(|&p| is_forbidden(&b, p, convention).is_some());
                return if all_forbidden {
                    Ok(Ending::ForbiddenBlocks)
                } else {
                    Err(format!(
                        "move {} {m}: the line stops at a four that can be blocked",
                        i + 1
                    ))
                };
            }
        } else {
            let ours = five_points(&b, attacker, rules);
            if !ours.contains(&m) {
                return Err(format!(
                    "move {} {m}: does not stop a five ({ours:?})",
                    i + 1
                ));
            }
            if renju && defender == Color::Black && is_forbidden(&b, m, convention).is_some() {
                return Err(format!(
                    "move {} {m}: the block is forbidden for Black",
                    i + 1
                ));
            }
            b.place(m, defender).unwrap();
        }
    }
    unreachable!("the last move returns")
}

/// Parses "h8 h9 i8" into points.
pub fn points(text: &str) -> Vec<Point> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}
