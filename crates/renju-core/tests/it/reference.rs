//! An independent, deliberately naive reference foul checker, and the comparison of the fast
//! checker ([`FoulChecker`]) against it on many positions nobody has labelled.
//!
//! The reference is a literal reading of docs/rules.md sections 2-3 on a plain array board: it
//! places stones, walks the four lines cell by cell and recurses for every straight-four
//! point. It uses no lookup table, no bit tricks and no memo, and nothing of the crate but
//! the public `Board`/`Point`/`Color` types, so that a mistake in the fast checker's pattern
//! tables cannot be repeated here. It is slow on purpose; it is only a test oracle.
//!
//! Two facts about lines keep the reference simple, and it checks neither away: one line
//! never holds two different threes through P (two straight fours through P on one line
//! that leave different stones would need a cell to be both the end of one and a stone of
//! the other), and a line with a four through P never also has a straight-four point through
//! P (the four's empty point or the cell beyond it would have to be Black). So "at most one
//! three per line, none on a line with a four" is a statement of the rules, not a shortcut.
//!
//! What is checked:
//! * the reference itself, on hand-drawn diagrams whose verdicts are worked out from the
//!   rules (comments give the reasoning), and against the independently labelled data in
//!   `../shared/data/fouls/` (skipped, saying why, when that directory is absent);
//! * the fast checker against the reference, verdict by verdict (five / forbidden with its
//!   kind / legal) on every empty point, under both conventions, on boards from seven
//!   generators of our own: game-like, black-heavy, dense, clusters at edges and corners,
//!   broken lines of Black stones, uniform, and crowded mostly-Black clusters; no board holds
//!   a row of five;
//! * that the fast checker's `forbidden_points` and its point-by-point `is_forbidden` agree;
//! * that the comparison would catch the usual mistakes (planted into the reference: no
//!   recursion, recursion cut at depth 1 or 2, a straight four counted as two fours, six
//!   taken as five, conventions swapped, threes not through P);
//! * boards found by a local search whose verdicts need 4-6 levels of nesting.
//!
//! A long run (`cargo test --release -p renju-core --test it -- --ignored reference::
//! --nocapture`) checks 200,000 generated boards, then 50,000 boards from a local search
//! around the deeply nested ones, and the whole labelled set, and prints the figures
//! (`REFERENCE_BOARDS` and `REFERENCE_DEEP_BOARDS` change the counts, `REFERENCE_SEED` the
//! boards).

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use renju_core::{
    Board, Color, Convention, Foul, FoulChecker, IncrementalBoard, Point, Symmetry, Verdict,
};

use crate::reference_checker;
use reference_checker::*;

fn from_fast(v: Verdict) -> RefVerdict {
    match v {
        Verdict::Five => RefVerdict::Five,
        Verdict::Forbidden(f) => RefVerdict::Forbidden(f),
        Verdict::Legal => RefVerdict::Legal,
    }
}

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

/// Compares the fast checker with the reference on every empty point of `board` under both
/// conventions. On disagreement, returns a report: the board, each point in dispute with
/// both verdicts, and the fast checker's explanation.
fn compare(board: &Board) -> Result<(), String> {
    match compare_with(board, Plant::None) {
        (None, _) => Ok(()),
        (Some(report), _) => Err(report),
    }
}

/// As [`compare`] against the reference with a planted mistake; also returns the deepest
/// recursion the reference needed on this board (either convention).
fn compare_with(board: &Board, plant: Plant) -> (Option<String>, usize) {
    let fast = FoulChecker::new(board);
    // The same position reached incrementally: from an empty board, the stones placed in
    // reverse reading order, with a stone of each colour put on and taken off on the way.
    let empty = Board::new(usize::from(board.size())).expect("a board's own size is valid");
    let mut incremental = FoulChecker::new(&empty);
    // And on the engine board, with place/undo.
    let mut engine = IncrementalBoard::new(usize::from(board.size())).expect("valid size");
    let stones: Vec<(Point, Color)> = board.stones().collect();
    let empties: Vec<Point> = board.empty_points().collect();
    for (i, &(p, color)) in stones.iter().rev().enumerate() {
        incremental.place(p, color);
        engine.place(p, color).expect("an empty point");
        if let Some(&e) = empties.get(i * 7 % empties.len().max(1)) {
            incremental.place(e, color.opponent());
            incremental.remove(e);
            engine.place(e, color.opponent()).expect("an empty point");
            engine.undo();
        }
    }
    let mut report = String::new();
    let mut deepest = 0;
    for conv in Convention::ALL {
        let (reference, depth) = reference_verdicts_with(board, conv, plant);
        deepest = deepest.max(depth);
        let mut disputed = Vec::new();
        for &(p, want) in &reference {
            let got = from_fast(fast.verdict(p, conv));
            if got != want {
                disputed.push((p, want, got));
            }
        }
        // The whole-board scan must say the same as the reference too (it shares state
        // between points, so it could go wrong where the point-by-point query does not).
        let want_set: Vec<(Point, Foul)> = reference
            .iter()
            .filter_map(|&(p, v)| match v {
                RefVerdict::Forbidden(f) => Some((p, f)),
                _ => None,
            })
            .collect();
        let got_set = fast.forbidden_points(conv);
        let by_point: Vec<(Point, Foul)> = board
            .points()
            .filter_map(|p| fast.is_forbidden(p, conv).map(|f| (p, f)))
            .collect();
        let mut sorted_by_point = by_point.clone();
        sorted_by_point.sort();
        let mut sorted_set = got_set.clone();
        sorted_set.sort();
        let free_fn = renju_core::forbidden_points(board, conv);
        let incremental = incremental.forbidden_points(conv);
        let engine_set = engine.forbidden_points(conv);
        let engine_by_point: Vec<(Point, Foul)> = board
            .points()
            .filter_map(|p| engine.is_forbidden(p, conv).map(|f| (p, f)))
            .collect();
        if disputed.is_empty()
            && engine_set == want_set
            && engine_by_point == want_set
            && got_set == want_set
            && sorted_by_point == sorted_set
            && free_fn == want_set
            && incremental == want_set
        {
            continue;
        }
        report.push_str(&format!("convention {conv}:\n"));
        for (p, want, got) in &disputed {
            report.push_str(&format!(
                "  {p}: reference {want:?}, fast {got:?}\n  reference's reading:\n{}  fast checker's explanation:\n{}\n",
                reference_trace(board, *p, conv, plant),
                fast.explain(*p, conv)
            ));
        }
        if got_set != want_set {
            report.push_str(&format!(
                "  forbidden_points: fast {} / reference {}\n",
                show(&got_set),
                show(&want_set)
            ));
        }
        if sorted_by_point != sorted_set {
            report.push_str(&format!(
                "  fast forbidden_points {} differs from its own is_forbidden {}\n",
                show(&sorted_set),
                show(&sorted_by_point)
            ));
        }
        if free_fn != want_set {
            report.push_str(&format!(
                "  renju_core::forbidden_points {} / reference {}\n",
                show(&free_fn),
                show(&want_set)
            ));
        }
        if engine_set != want_set || engine_by_point != want_set {
            report.push_str(&format!(
                "  IncrementalBoard built with place/undo: forbidden_points {} / is_forbidden {} / reference {}\n",
                show(&engine_set),
                show(&engine_by_point),
                show(&want_set)
            ));
        }
        if incremental != want_set {
            report.push_str(&format!(
                "  FoulChecker built stone by stone with place/remove: {} / reference {}\n",
                show(&incremental),
                show(&want_set)
            ));
        }
    }
    if report.is_empty() {
        (None, deepest)
    } else {
        (Some(format!("{}\n{report}", board.to_diagram())), deepest)
    }
}

/// The reference's reading of a Black stone on `p`, one level deep: per line, the run
/// length, the number of fours, and each straight-four point with its own verdict.
fn reference_trace(board: &Board, p: Point, convention: Convention, plant: Plant) -> String {
    let names = ["horizontal", "vertical", "diagonal", "anti-diagonal"];
    let mut rb = RefBoard::from_board(board);
    rb.plant = plant;
    let (c, r) = (i32::from(p.col()), i32::from(p.row()));
    if !rb.is_empty(c, r) {
        return "    (occupied)\n".to_string();
    }
    rb.put(c, r, BLACK);
    let mut out = String::new();
    for (i, &d) in LINES.iter().enumerate() {
        let run = rb.run_len(c, r, d);
        let fours = rb.fours_on_line(c, r, d);
        let eyes = rb.straight_four_points(c, r, d);
        let eyes: Vec<String> = eyes
            .into_iter()
            .map(|(qc, qr)| {
                let q = Point::new(qc as u8, qr as u8).map_or("?".into(), |q| q.to_string());
                format!("{q}: {:?}", rb.verdict(qc, qr, convention))
            })
            .collect();
        out.push_str(&format!(
            "    {}: run {run}, fours {fours}, straight-four points [{}]\n",
            names[i],
            eyes.join(", ")
        ));
    }
    out
}

fn show(set: &[(Point, Foul)]) -> String {
    let items: Vec<String> = set.iter().map(|(p, f)| format!("{p}={f}")).collect();
    format!("[{}]", items.join(" "))
}

// ---------------------------------------------------------------------------------------------
// Board generators (our own)
// ---------------------------------------------------------------------------------------------

/// Builds a 15x15 board stone by stone, dropping any stone that would complete a row of five
/// or more of its colour, so that no generated board holds a five (or an overline).
struct Builder {
    board: Board,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            board: Board::renju(),
        }
    }

    /// Places `color` on (c, r) if that is on the board, empty, and makes no row of 5+.
    fn try_place(&mut self, c: i32, r: i32, color: Color) -> bool {
        if !(0..15).contains(&c) || !(0..15).contains(&r) {
            return false;
        }
        let p = Point::new(c as u8, r as u8).expect("on the board");
        if self.board.get(p).is_some() {
            return false;
        }
        for (dc, dr) in LINES {
            let mut len = 1;
            for sign in [-1, 1] {
                let mut k = 1;
                loop {
                    let q = Point::new((c + sign * k * dc) as u8, (r + sign * k * dr) as u8);
                    let (qc, qr) = (c + sign * k * dc, r + sign * k * dr);
                    let on = (0..15).contains(&qc) && (0..15).contains(&qr);
                    if !on || q.and_then(|q| self.board.get(q)) != Some(color) {
                        break;
                    }
                    len += 1;
                    k += 1;
                }
            }
            if len >= 5 {
                return false;
            }
        }
        self.board.place(p, color).is_ok()
    }
}

/// Whether any row of five or more stones of one colour is on `board`.
fn has_five(board: &Board) -> bool {
    let rb = RefBoard::from_board(board);
    for c in 0..rb.n {
        for r in 0..rb.n {
            let Some(v) = rb.at(c, r).filter(|&v| v != EMPTY) else {
                continue;
            };
            for (dc, dr) in LINES {
                if (0..5).all(|k| rb.at(c + k * dc, r + k * dr) == Some(v)) {
                    return true;
                }
            }
        }
    }
    false
}

fn colour(roll: u8, black_pct: u8) -> Color {
    if roll < black_pct {
        Color::Black
    } else {
        Color::White
    }
}

/// Game-like positions: the first stone on h8, every next one within 2 points of an earlier
/// stone (usually one of the last 8), `black_pct` % of them Black.
fn game_like(
    stones: std::ops::Range<usize>,
    black_pct: std::ops::Range<u8>,
) -> impl Strategy<Value = Board> {
    (
        proptest::collection::vec((any::<u16>(), -2i32..=2, -2i32..=2, 0u8..100), stones),
        black_pct,
    )
        .prop_map(|(moves, pct)| {
            let mut b = Builder::new();
            let mut placed = vec![(7, 7)];
            b.try_place(7, 7, Color::Black);
            for (sel, dc, dr, roll) in moves {
                let sel = usize::from(sel);
                let len = placed.len();
                let anchor = if sel % 10 < 7 {
                    placed[len - 1 - (sel / 10) % len.min(8)]
                } else {
                    placed[(sel / 10) % len]
                };
                let (c, r) = (anchor.0 + dc, anchor.1 + dr);
                if b.try_place(c, r, colour(roll, pct)) {
                    placed.push((c, r));
                }
            }
            b.board
        })
}

/// Clusters pressed against an edge or into a corner: stones inside a 5..9-point window
/// that touches the board's side(s).
fn edge_cluster() -> impl Strategy<Value = Board> {
    (
        0u8..8,
        5i32..10,
        0i32..15,
        proptest::collection::vec((0i32..9, 0i32..9, 0u8..100), 12..45),
        55u8..72,
    )
        .prop_map(|(side, w, slide, cells, pct)| {
            let slide = slide.min(15 - w);
            // corners 0..4, edges 4..8
            let (c0, r0) = match side {
                0 => (0, 0),
                1 => (15 - w, 0),
                2 => (0, 15 - w),
                3 => (15 - w, 15 - w),
                4 => (slide, 0),
                5 => (slide, 15 - w),
                6 => (0, slide),
                _ => (15 - w, slide),
            };
            let mut b = Builder::new();
            for (dc, dr, roll) in cells {
                b.try_place(c0 + dc % w, r0 + dr % w, colour(roll, pct));
            }
            b.board
        })
}

/// Broken lines of Black stones (gaps everywhere, so that one-line double fours, overline
/// points and split threes are common), crossing each other, with some stones around them.
fn broken_lines() -> impl Strategy<Value = Board> {
    (
        proptest::collection::vec(
            (0i32..15, 0i32..15, 0usize..4, 5i32..12, any::<u16>()),
            1..5,
        ),
        proptest::collection::vec((-3i32..=3, -3i32..=3, 0u8..100), 0..25),
        60u8..90,
    )
        .prop_map(|(lines, extra, fill)| {
            let mut b = Builder::new();
            let mut placed = Vec::new();
            for (c, r, dir, len, gaps) in &lines {
                let (dc, dr) = LINES[*dir];
                // Centre the line on (c, r).
                for k in 0..*len {
                    let (x, y) = (c + (k - len / 2) * dc, r + (k - len / 2) * dr);
                    // A deterministic pseudo-random gap pattern from `gaps`.
                    let roll = (u32::from(*gaps).wrapping_mul(2_654_435_761) >> (k % 24)) % 100;
                    if roll < u32::from(fill) && b.try_place(x, y, Color::Black) {
                        placed.push((x, y));
                    }
                }
            }
            for (i, (dc, dr, roll)) in extra.into_iter().enumerate() {
                if placed.is_empty() {
                    break;
                }
                let (x, y) = placed[i % placed.len()];
                b.try_place(x + dc, y + dr, colour(roll, 45));
            }
            b.board
        })
}

/// Stones anywhere on the board.
fn uniform() -> impl Strategy<Value = Board> {
    (
        proptest::collection::vec((0i32..15, 0i32..15, 0u8..100), 20..70),
        50u8..65,
    )
        .prop_map(|(cells, pct)| {
            let mut b = Builder::new();
            for (c, r, roll) in cells {
                b.try_place(c, r, colour(roll, pct));
            }
            b.board
        })
}

/// Crowded, mostly Black clusters in the middle: a 7x7 to 9x9 window 45-75 % full, 62-75 %
/// of the stones Black, where threes cross threes and the recursion goes deep.
fn crowded() -> impl Strategy<Value = Board> {
    (
        7i32..10,
        3i32..6,
        3i32..6,
        proptest::collection::vec((0i32..9, 0i32..9, 0u8..100), 25..60),
        62u8..76,
    )
        .prop_map(|(w, c0, r0, cells, pct)| {
            let mut b = Builder::new();
            for (dc, dr, roll) in cells {
                b.try_place(c0 + dc % w, r0 + dr % w, colour(roll, pct));
            }
            b.board
        })
}

fn black_heavy() -> impl Strategy<Value = Board> {
    game_like(20..60, 60..71)
}

fn dense() -> impl Strategy<Value = Board> {
    game_like(60..121, 60..71)
}

fn game() -> impl Strategy<Value = Board> {
    game_like(20..60, 50..56)
}

/// The seven generators, each with no five on the board.
fn generators() -> Vec<(&'static str, BoxedStrategy<Board>)> {
    let no_five = |s: BoxedStrategy<Board>| s.prop_filter("no five on the board", |b| !has_five(b));
    vec![
        ("game", no_five(game().boxed()).boxed()),
        ("black-heavy", no_five(black_heavy().boxed()).boxed()),
        ("dense", no_five(dense().boxed()).boxed()),
        ("edge-cluster", no_five(edge_cluster().boxed()).boxed()),
        ("broken-lines", no_five(broken_lines().boxed()).boxed()),
        ("uniform", no_five(uniform().boxed()).boxed()),
        ("crowded", no_five(crowded().boxed()).boxed()),
    ]
}

// ---------------------------------------------------------------------------------------------
// The reference on diagrams worked out by hand
// ---------------------------------------------------------------------------------------------

/// Reads a diagram with one point marked `?`; returns the board and that point.
fn setup(diagram: &str) -> (Board, Point) {
    let rows: Vec<&str> = diagram.lines().filter(|l| !l.trim().is_empty()).collect();
    let size = rows.len();
    let mut at = None;
    for (i, line) in rows.iter().enumerate() {
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(c) = cells.iter().position(|&c| c == '?') {
            at = Point::new(c as u8, (size - 1 - i) as u8);
        }
    }
    let board = Board::from_diagram(&diagram.replace('?', ".")).expect("a valid diagram");
    (board, at.expect("the diagram marks a point with ?"))
}

/// The reference's verdict on the `?` point under one convention.
fn ref_at(diagram: &str, convention: Convention) -> RefVerdict {
    let (board, p) = setup(diagram);
    let mut rb = RefBoard::from_board(&board);
    rb.verdict(i32::from(p.col()), i32::from(p.row()), convention)
}

/// Asserts the reference's verdict on `?` under both conventions, and that the fast checker
/// agrees with the reference on the whole board.
fn expect(diagram: &str, lenient: RefVerdict, strict: RefVerdict) {
    let (board, _) = setup(diagram);
    assert_eq!(
        ref_at(diagram, Convention::Lenient),
        lenient,
        "lenient\n{board}"
    );
    assert_eq!(
        ref_at(diagram, Convention::Strict),
        strict,
        "strict\n{board}"
    );
    if let Err(report) = compare(&board) {
        panic!("fast checker and reference disagree:\n{report}");
    }
}

use RefVerdict::{Five, Forbidden, Legal};

#[test]
fn one_line_double_fours() {
    // x . x ? x . x: two fours (the two gaps are two different fives).
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . x . x ? x . x .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Forbidden(Foul::DoubleFour),
        Forbidden(Foul::DoubleFour),
    );
    // x x . x ? . x x (XX_XX_XX with the stone in the middle pair).
    expect(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . x x . x ? . x x .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        Forbidden(Foul::DoubleFour),
        Forbidden(Foul::DoubleFour),
    );
    // x x x . ? . x x x on a diagonal (XXX_X_XXX).
    expect(
        "
        . . . . . . . . . . .
        . . . . . . . . . x .
        . . . . . . . . x . .
        . . . . . . . x . . .
        . . . . . . . . . . .
        . . . . . ? . . . . .
        . . . . . . . . . . .
        . . . x . . . . . . .
        . . x . . . . . . . .
        . x . . . . . . . . .
        . . . . . . . . . . .",
        Forbidden(Foul::DoubleFour),
        Forbidden(Foul::DoubleFour),
    );
}

#[test]
fn straight_four_is_one_four() {
    // . x x ? x . : a straight four alone is one four, a legal move.
    expect(
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . x x ? x . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .",
        Legal,
        Legal,
    );
    // A closed four on the column (White below e3, the gap e4 makes e3..e7): one four.
    expect(
        "
        . . . . . . . .
        . . . . ? . . .
        . . . . x . . .
        . . . . x . . .
        . . . . . . . .
        . . . . x . . .
        . . . . o . . .
        . . . . . . . .",
        Legal,
        Legal,
    );
    // The straight four c4 d4 ? f4 plus the closed four ? e5 e6 e7 (White on e3): two fours.
    expect(
        "
        . . . . . . . .
        . . . . . . . .
        . . . . x . . .
        . . . . x . . .
        . . . . x . . .
        . . x x ? x . .
        . . . . o . . .
        . . . . . . . .",
        Forbidden(Foul::DoubleFour),
        Forbidden(Foul::DoubleFour),
    );
}

/// An 11x11 diagram with `row` as its 4th row and every other row empty.
fn one_row(row: &str) -> String {
    let empty = ". ".repeat(11);
    let mut rows = vec![empty.clone(); 11];
    rows[3] = row.to_string();
    rows.join("\n")
}

#[test]
fn overlines_and_five_overrides() {
    // Six, seven, eight, nine in a row are overlines.
    for row in [
        ". x x x ? x x . . . .",
        ". x x x ? x x x . . .",
        ". x x x x ? x x x . .",
        ". x x x x ? x x x x .",
        ". x x x x ? x . . . .",
    ] {
        expect(
            &one_row(row),
            Forbidden(Foul::Overline),
            Forbidden(Foul::Overline),
        );
    }
    // Exactly five wins.
    expect(&one_row(". x x ? x x . x . . ."), Five, Five);
    // Five on the column overrides the overline on the row.
    expect(
        "
        . . . . . . . . . .
        . . . . x . . . . .
        . . . . x . . . . .
        . x x x ? x x . . .
        . . . . x . . . . .
        . . . . x . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .",
        Five,
        Five,
    );
}

#[test]
fn true_and_false_threes() {
    // Clean 3-3: the row d5 ? f5 and the column e4 ? e6, all four eyes legal.
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . x . . . .
        . . . x ? x . . .
        . . . . x . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Forbidden(Foul::DoubleThree),
        Forbidden(Foul::DoubleThree),
    );
    // Split threes count: row d5 ? . g5 (eye f5) and column e4 ? e6.
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . x . . . .
        . . . x ? . x . .
        . . . . x . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Forbidden(Foul::DoubleThree),
        Forbidden(Foul::DoubleThree),
    );
    // Blocked by White: c5 is White, so d5 ? f5 can only grow to d5..g5 with c5 shut.
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . x . . . .
        . . o x ? x . . .
        . . . . x . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Legal,
        Legal,
    );
    // Blocked by the edge: a5 ? c5 can only grow to a5..d5, whose left end is off the board.
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . x . . . . . . .
        x ? x . . . . . .
        . x . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Legal,
        Legal,
    );
    // Blocked by own stones that would make six: x . . x ? x . . x. c5 gives c5..f5 whose end
    // b5 would make a5..f5 (six); g5 gives d5..g5 whose end h5 would make d5..i5 (six).
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . x . . . .
        x . . x ? x . . x
        . . . . x . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Legal,
        Legal,
    );
    // Only one side blocked by such a stone: x . . x ? x . . . -- g5 still makes d5..g5
    // with both ends free (c5 then b5 empty; h5 then i5 empty): the row is a true three.
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . x . . . .
        x . . x ? x . . .
        . . . . x . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Forbidden(Foul::DoubleThree),
        Forbidden(Foul::DoubleThree),
    );
}

/// With the stone on `?` placed, the straight-four points of its column three and the
/// reference's verdict on each.
fn column_eyes(diagram: &str, convention: Convention) -> Vec<((i32, i32), RefVerdict)> {
    let (board, p) = setup(diagram);
    let mut rb = RefBoard::from_board(&board);
    let (c, r) = (i32::from(p.col()), i32::from(p.row()));
    rb.put(c, r, BLACK);
    let eyes = rb.straight_four_points(c, r, (0, 1));
    eyes.into_iter()
        .map(|(qc, qr)| ((qc, qr), rb.verdict(qc, qr, convention)))
        .collect()
}

#[test]
fn straight_four_point_that_makes_five_splits_the_conventions() {
    // e5 makes the open row three d5 e5 f5 and the column three e4 e5 e6. White on e2
    // shuts e3 (e3..e6 would have its end e2 blocked), so the column's only straight-four
    // point is e7, and e7 also completes the exact diagonal five e7 f8 g9 h10 i11.
    // Lenient: e7 is a five, not a straight four -> one open three -> legal.
    // Strict: e7 is a legal winning move -> two open threes -> double three.
    let diagram = "
        . . . . . . . . . . . .
        . . . . . . . . x . . .
        . . . . . . . x . . . .
        . . . . . . x . . . . .
        . . . . . x . . . . . .
        . . . . . . . . . . . .
        . . . . x . . . . . . .
        . . . x ? x . . . . . .
        . . . . x . . . . . . .
        . . . . . . . . . . . .
        . . . . o . . . . . . .
        . . . . . . . . . . . .";
    assert_eq!(
        column_eyes(diagram, Convention::Lenient),
        vec![((4, 6), Five)]
    );
    expect(diagram, Legal, Forbidden(Foul::DoubleThree));
}

#[test]
fn three_whose_only_eye_is_forbidden_is_false() {
    // As above, the column three e4 e5 e6 has the single straight-four point e7; here e7
    // would make the column straight four and the row four b7 c7 d7 e7: a double four, so
    // e7 is forbidden and the column three is false: e5 is legal under both conventions.
    let diagram = "
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . x x x . . . . . . . .
        . . . . x . . . . . . .
        . . . x ? x . . . . . .
        . . . . x . . . . . . .
        . . . . . . . . . . . .
        . . . . o . . . . . . .
        . . . . . . . . . . . .";
    for conv in Convention::ALL {
        assert_eq!(
            column_eyes(diagram, conv),
            vec![((4, 6), Forbidden(Foul::DoubleFour))]
        );
    }
    expect(diagram, Legal, Legal);
    // Without the White stone on e2, e3 is a second straight-four point, legal: 3-3 again.
    expect(
        &diagram.replacen('o', ".", 1),
        Forbidden(Foul::DoubleThree),
        Forbidden(Foul::DoubleThree),
    );
}

#[test]
fn revived_three_without_the_common_stone_does_not_count() {
    // Seed 000's common-constituent counterexample, rebuilt. The column three f5 f6 f7 has
    // one straight-four point, f8 (f4 is shut by White on f3). Before h6 is played, f8 is a
    // double four: the column straight four f5..f8 and the diagonal four c11 d10 e9 f8,
    // completed at g7 (b12 is White). Black h6 makes its own column three h6 h7 h8 and at
    // the same time turns g7 into an overline point (c11..h6 would be six), so f8 is no
    // longer a double four and the f-column three comes alive. That three does not pass
    // through h6, so h6 forms only one open three: legal.
    let diagram = "
        . . . . . . . . . . . . .
        . o . . . . . . . . . . .
        . . x . . . . . . . . . .
        . . . x . . . . . . . . .
        . . . . x . . . . . . . .
        . . . . . . . x . . . . .
        . . . . . x . x . . . . .
        . . . . . x . ? . . . . .
        . . . . . x . . . . . . .
        . . . . . . . . . . . . .
        . . . . . o . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .";
    let (board, p) = setup(diagram);
    let f8 = (5, 7);
    for conv in Convention::ALL {
        let mut rb = RefBoard::from_board(&board);
        assert_eq!(
            rb.verdict(f8.0, f8.1, conv),
            Forbidden(Foul::DoubleFour),
            "f8 before h6\n{board}"
        );
        rb.put(i32::from(p.col()), i32::from(p.row()), BLACK);
        assert_eq!(rb.verdict(f8.0, f8.1, conv), Legal, "f8 after h6\n{board}");
    }
    expect(diagram, Legal, Legal);
}

// ---------------------------------------------------------------------------------------------
// The reference against independently labelled data
// ---------------------------------------------------------------------------------------------

/// Runs the reference over a labelled file (every `step`-th position), returns
/// (positions, disagreements with a report each).
fn reference_vs_labels(name: &str, step: usize) -> Option<(usize, Vec<String>)> {
    // Skipped when the shared labelled data is absent, a failure under CI (`renju_testdata`).
    let path = renju_testdata::shared(&format!("data/fouls/{name}"))?;
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut positions = 0;
    let mut bad = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        if i % step != 0 {
            continue;
        }
        let v: serde_json::Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                bad.push(format!("{name} line {}: not JSON: {e}", i + 1));
                continue;
            }
        };
        let id = v["id"].as_str().unwrap_or("?");
        let (Some(text), Some(_)) = (v["board"].as_str(), v["lenient"].as_object()) else {
            continue; // a case the data set leaves unlabelled (see its README)
        };
        let board = match Board::from_line(text) {
            Ok(b) => b,
            Err(e) => {
                bad.push(format!("{name} line {} ({id}): bad board: {e}", i + 1));
                continue;
            }
        };
        positions += 1;
        for conv in Convention::ALL {
            let mut want: Vec<(String, String)> = v[conv.name()]
                .as_object()
                .map(|m| {
                    m.iter()
                        .map(|(k, f)| (k.clone(), f.as_str().unwrap_or("?").to_string()))
                        .collect()
                })
                .unwrap_or_default();
            want.sort();
            let mut got: Vec<(String, String)> = reference_forbidden(&board, conv)
                .into_iter()
                .map(|(p, f)| (p.to_string(), f.name().to_string()))
                .collect();
            got.sort();
            if got != want {
                bad.push(format!(
                    "{name} line {} ({id}), {conv}: reference {got:?}, labels {want:?}\n{}",
                    i + 1,
                    board.to_diagram()
                ));
            }
        }
    }
    Some((positions, bad))
}

#[test]
fn reference_reproduces_public_test_cases() {
    let Some((n, bad)) = reference_vs_labels("fouls-public-cases.jsonl", 1) else {
        return;
    };
    println!(
        "reference vs fouls-public-cases.jsonl: {n} positions, {} disagreements",
        bad.len()
    );
    assert!(n > 100, "too few labelled public cases read: {n}");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn reference_reproduces_labelled_sample() {
    // Every 40th of the 20,000 positions (500) in the default run; all of them in the long run.
    let Some((n, bad)) = reference_vs_labels("fouls-dev.jsonl", 40) else {
        return;
    };
    println!(
        "reference vs fouls-dev.jsonl sample: {n} positions, {} disagreements",
        bad.len()
    );
    assert!(n >= 400, "too few labelled positions read: {n}");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// The fast checker against the reference
// ---------------------------------------------------------------------------------------------

fn cases(n: u32) -> ProptestConfig {
    ProptestConfig {
        cases: n,
        max_global_rejects: 10_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(cases(150))]

    #[test]
    fn fast_matches_reference_game_like(board in game()) {
        prop_assume!(!has_five(&board));
        if let Err(report) = compare(&board) { prop_assert!(false, "{}", report); }
    }

    #[test]
    fn fast_matches_reference_black_heavy(board in black_heavy()) {
        prop_assume!(!has_five(&board));
        if let Err(report) = compare(&board) { prop_assert!(false, "{}", report); }
    }

    #[test]
    fn fast_matches_reference_dense(board in dense()) {
        prop_assume!(!has_five(&board));
        if let Err(report) = compare(&board) { prop_assert!(false, "{}", report); }
    }

    #[test]
    fn fast_matches_reference_edge_clusters(board in edge_cluster()) {
        prop_assume!(!has_five(&board));
        if let Err(report) = compare(&board) { prop_assert!(false, "{}", report); }
    }

    #[test]
    fn fast_matches_reference_broken_lines(board in broken_lines()) {
        prop_assume!(!has_five(&board));
        if let Err(report) = compare(&board) { prop_assert!(false, "{}", report); }
    }

    #[test]
    fn fast_matches_reference_uniform(board in uniform()) {
        prop_assume!(!has_five(&board));
        if let Err(report) = compare(&board) { prop_assert!(false, "{}", report); }
    }

    #[test]
    fn fast_matches_reference_crowded(board in crowded()) {
        prop_assume!(!has_five(&board));
        if let Err(report) = compare(&board) { prop_assert!(false, "{}", report); }
    }
}

/// The generators really make the shapes the comparison is meant to stress: over a fixed
/// sample, each foul kind occurs, and the two conventions differ somewhere.
#[test]
fn generators_produce_every_foul_kind() {
    let mut runner = TestRunner::deterministic();
    let mut kinds = [0usize; 3];
    let mut convention_differs = 0;
    for (_, strategy) in generators() {
        for _ in 0..25 {
            let Ok(tree) = strategy.new_tree(&mut runner) else {
                continue;
            };
            let board = tree.current();
            assert!(!has_five(&board), "{board}");
            let lenient = reference_forbidden(&board, Convention::Lenient);
            let strict = reference_forbidden(&board, Convention::Strict);
            if lenient != strict {
                convention_differs += 1;
            }
            for (_, f) in lenient {
                kinds[match f {
                    Foul::DoubleThree => 0,
                    Foul::DoubleFour => 1,
                    Foul::Overline => 2,
                }] += 1;
            }
        }
    }
    println!(
        "175 generated boards: double-three {}, double-four {}, overline {} points; conventions differ on {} boards",
        kinds[0], kinds[1], kinds[2], convention_differs
    );
    assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
    assert!(convention_differs > 0, "the conventions never differed");
}

/// The comparison is strong enough to catch the mistakes other checkers make: each mistake,
/// planted into the reference, makes it disagree with the fast checker on some generated
/// board within a few hundred boards.
#[test]
fn comparison_catches_planted_mistakes() {
    const CATCH_WITHIN: usize = 1000;
    let gens = generators();
    let mut runner = TestRunner::deterministic();
    for plant in [
        Plant::NoRecursion,
        Plant::DepthLimit(1),
        Plant::DepthLimit(2),
        Plant::WindowsAsFours,
        Plant::SixIsFive,
        Plant::SwappedConventions,
        Plant::ThreeWithoutP,
    ] {
        let mut found = None;
        for i in 0..CATCH_WITHIN {
            let Ok(tree) = gens[i % gens.len()].1.new_tree(&mut runner) else {
                continue;
            };
            if compare_with(&tree.current(), plant).0.is_some() {
                found = Some(i + 1);
                break;
            }
        }
        println!("planted {plant:?}: caught after {found:?} boards");
        assert!(
            found.is_some(),
            "planted {plant:?} was not caught in {CATCH_WITHIN} boards"
        );
    }
}

/// Boards found by the long run's local search whose verdicts need deep nesting (a three
/// whose straight-four point's three's straight-four point's ... decides): the depth is
/// asserted, and the fast checker must agree with the reference on them and on their images
/// under the 8 board symmetries.
#[test]
fn deep_chains_found_by_search() {
    let boards = [
        (
            6,
            "
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . X X X X . X X .
            . . . . . . X . . . . . . . X
            . . . . . . X . . . . . . . X
            . . . . . X X . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . X X . . . . . . . .
            . . . X . . . X X . . . . . .
            . . . . . . X . . X . . . . .
            . . . . . . X . X . . . . . .
            . . . . . . X X . . . . . . .
            . . . . . . X . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . X . . . . . . .",
        ),
        (
            5,
            "
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . O . X . . .
            . . . . . . . X X O . . O X .
            . . . . . . . . . . . . . . .
            . . . . . . . . O O X . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . X X . X X . O .
            . . . . . . . X . . . . . . .
            . . . . . . . X X X . X . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . X . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .",
        ),
        (
            4,
            "
            . . . . . . . . . . . . . . .
            . . . . . . . . . . X . . . .
            . . . . . . . . . . . . . . .
            . . . . . . X . . . O . . . .
            . . . . . . . . . . . . . . X
            . . O . . . X . . . X . . X .
            . . . . . X . . . . X . X . .
            . . . . X . . . . . . . . . .
            . . . X . . . X X X X . . X X
            . . . . . . . . . X . . O X .
            . . . . . . X X X . . . . . .
            . . . . . X . X . . . . . . .
            . . . . X . . . . . . . . . .
            . . . . O . . . . . . . . . .
            . . . X . . . . . . . . . . .",
        ),
    ];
    for (depth, diagram) in boards {
        let board = Board::from_diagram(diagram).expect("a valid diagram");
        assert!(!has_five(&board), "{board}");
        let deepest = Convention::ALL
            .into_iter()
            .map(|conv| reference_verdicts_with(&board, conv, Plant::None).1)
            .max()
            .unwrap_or(0);
        assert_eq!(needed_depth(&board, deepest), depth, "{board}");
        for s in Symmetry::ALL {
            if let Err(report) = compare(&s.apply_board(&board)) {
                panic!("under {s}:\n{report}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The long run
// ---------------------------------------------------------------------------------------------

/// The recursion depth the reference's verdicts on `board` really need: 1 + the largest n
/// such that cutting the recursion at depth n (see [`Plant::DepthLimit`]) changes a verdict
/// under some convention; 1 if no cut matters but some straight-four point was tried; 0 if
/// none was (`deepest` is the deepest recursion reached).
fn needed_depth(board: &Board, deepest: usize) -> usize {
    for n in (1..deepest).rev() {
        let differs = Convention::ALL.into_iter().any(|conv| {
            reference_verdicts_with(board, conv, Plant::DepthLimit(n)).0
                != reference_verdicts(board, conv)
        });
        if differs {
            return n + 1;
        }
    }
    deepest.min(1)
}

/// A small deterministic random number generator for the long run's local search.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in 0..n (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `board` with one to three stones changed: a stone taken off, or a stone (Black 70 %)
/// added within 2 points of an existing one; no five is ever made.
fn mutate(board: &Board, rng: &mut XorShift) -> Board {
    let mut b = Builder {
        board: board.clone(),
    };
    for _ in 0..1 + rng.below(3) {
        let stones: Vec<(Point, Color)> = b.board.stones().collect();
        if stones.is_empty() {
            break;
        }
        let (p, _) = stones[rng.below(stones.len())];
        if rng.below(10) < 3 {
            b.board.remove(p);
        } else {
            let c = i32::from(p.col()) + rng.below(5) as i32 - 2;
            let r = i32::from(p.row()) + rng.below(5) as i32 - 2;
            let color = if rng.below(10) < 7 {
                Color::Black
            } else {
                Color::White
            };
            b.try_place(c, r, color);
        }
    }
    b.board
}

/// Figures gathered per generator by the long run.
#[derive(Default, Clone)]
struct GenStats {
    boards: usize,
    mismatching: usize,
    with_foul: usize,
    conventions_differ: usize,
    /// Boards by the deepest recursion the reference reached (5 = 5 or more).
    depth_reached: [usize; 6],
    /// `depth_matters[n]`: boards where cutting the recursion at depth n changes a verdict.
    depth_matters: [usize; 5],
}

/// A number from the environment variable `name`, or `default`.
fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// What the generated boards of the long run showed.
struct Generated {
    stats: Vec<GenStats>,
    mismatches: Vec<String>,
    /// Boards whose verdicts need nesting 3 or deeper: the seeds of the deep search.
    pool: Vec<Board>,
}

/// Phase 1 of the long run: `total` boards from the generators, compared verdict by verdict,
/// with the statistics of each generator printed.
fn generated_phase(total: usize, seed: u64, started: std::time::Instant) -> Generated {
    let mut runner = TestRunner::new(Config {
        rng_algorithm: proptest::test_runner::RngAlgorithm::ChaCha,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        ..Config::default()
    });
    let gens = generators();
    let mut out = Generated {
        stats: vec![GenStats::default(); gens.len()],
        mismatches: Vec::new(),
        pool: Vec::new(),
    };
    let mut checked = 0;
    while checked < total {
        let g = checked % gens.len();
        let Ok(tree) = gens[g].1.new_tree(&mut runner) else {
            continue;
        };
        let board = tree.current();
        checked += 1;
        let st = &mut out.stats[g];
        st.boards += 1;
        let (report, deepest) = compare_with(&board, Plant::None);
        if let Some(report) = report {
            st.mismatching += 1;
            if out.mismatches.len() < 20 {
                out.mismatches.push(format!("[{}] {report}", gens[g].0));
            }
        }
        let lenient = reference_forbidden(&board, Convention::Lenient);
        let strict = reference_forbidden(&board, Convention::Strict);
        st.with_foul += usize::from(!lenient.is_empty());
        st.conventions_differ += usize::from(lenient != strict);
        st.depth_reached[deepest.min(5)] += 1;
        let needed = needed_depth(&board, deepest);
        for n in 1..needed.min(5) {
            st.depth_matters[n] += 1;
        }
        if needed >= 3 && out.pool.len() < 1000 {
            out.pool.push(board.clone());
        }
        if checked % 20_000 == 0 {
            println!("{checked} boards, {:.0} s", started.elapsed().as_secs_f64());
        }
    }
    println!(
        "generator: boards / mismatching / with a foul (lenient) / conventions differ / \
         deepest recursion 0..5+ / boards whose verdicts need recursion depth > 1, 2, 3, 4"
    );
    for ((name, _), st) in gens.iter().zip(&out.stats) {
        println!(
            "  {name}: {} / {} / {} / {} / {:?} / {:?}",
            st.boards,
            st.mismatching,
            st.with_foul,
            st.conventions_differ,
            st.depth_reached,
            &st.depth_matters[1..]
        );
    }
    println!(
        "{checked} boards, both conventions, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    out
}

/// Phase 2 of the long run: a local search around the boards whose verdicts need nesting 3
/// or deeper (rare in the generators): mutate one to three stones, keep the deep ones as new
/// seeds. Returns the number of mismatching boards (the first reports go to `mismatches`).
fn deep_phase(
    mut pool: Vec<Board>,
    deep_total: usize,
    seed: u64,
    mismatches: &mut Vec<String>,
) -> usize {
    let mut rng = XorShift((0x9e37_79b9_7f4a_7c15 ^ seed) | 1);
    let mut deep_stats = [0usize; 8];
    let mut deep_checked = 0;
    let mut deep_mismatching = 0;
    let seeds = pool.len();
    let mut deepest_found: Vec<(usize, Board)> = Vec::new();
    while deep_checked < deep_total && !pool.is_empty() {
        let parent = &pool[rng.below(pool.len())];
        let board = mutate(parent, &mut rng);
        if has_five(&board) {
            continue;
        }
        deep_checked += 1;
        let (report, deepest) = compare_with(&board, Plant::None);
        if let Some(report) = report {
            deep_mismatching += 1;
            if mismatches.len() < 20 {
                mismatches.push(format!("[deep search] {report}"));
            }
        }
        let needed = needed_depth(&board, deepest);
        deep_stats[needed.min(7)] += 1;
        if needed > deepest_found.first().map_or(0, |d: &(usize, Board)| d.0) {
            deepest_found.insert(0, (needed, board.clone()));
            deepest_found.truncate(3);
        }
        // Deeper boards are kept twice as often, to push the search deeper still.
        for _ in 0..needed.saturating_sub(2).min(2) {
            if pool.len() < 5000 {
                pool.push(board.clone());
            } else {
                let i = rng.below(pool.len());
                pool[i] = board.clone();
            }
        }
    }
    println!(
        "deep search from {seeds} seeds: {deep_checked} boards, {deep_mismatching} mismatching; \
         boards by recursion depth their verdicts need (0..7+): {deep_stats:?}"
    );
    for (needed, board) in &deepest_found {
        println!(
            "a board needing recursion depth {needed}:\n{}",
            board.to_diagram()
        );
    }
    deep_mismatching
}

/// `cargo test --release -p renju-core --test it -- --ignored reference:: --nocapture`:
/// 200,000 generated boards (set `REFERENCE_BOARDS` to change), a deep search around the
/// deepest of them (`REFERENCE_DEEP_BOARDS`, a quarter as many) and the whole labelled set.
#[test]
#[ignore = "long: run in release mode"]
fn long_run_fast_vs_reference() {
    let total: usize = env_number("REFERENCE_BOARDS", 200_000);
    let seed: u64 = env_number("REFERENCE_SEED", 2026);
    let deep_total: usize = env_number("REFERENCE_DEEP_BOARDS", total / 4);
    println!("seed {seed} (REFERENCE_SEED changes it)");
    let started = std::time::Instant::now();
    let Generated {
        stats,
        mut mismatches,
        pool,
    } = generated_phase(total, seed, started);
    let deep_mismatching = deep_phase(pool, deep_total, seed, &mut mismatches);
    for m in &mismatches {
        println!("MISMATCH {m}");
    }
    let labelled = reference_vs_labels("fouls-dev.jsonl", 1);
    if let Some((n, bad)) = &labelled {
        println!(
            "reference vs fouls-dev.jsonl: {n} positions, {} disagreements",
            bad.len()
        );
        for b in bad.iter().take(10) {
            println!("LABEL DISAGREEMENT {b}");
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} boards mismatched",
        stats.iter().map(|g| g.mismatching).sum::<usize>() + deep_mismatching
    );
    if let Some((_, bad)) = labelled {
        assert!(bad.is_empty());
    }
}
