//! The 1,500 labelled real-game positions of `shared/data/vct/vct-dev.jsonl` (read through
//! `renju_testdata::shared`: skipped with a note when absent, failing under CI): agreement
//! with the labels of an independent solver at limit 5 (`has_vct`) and 7 (`vct_l7`, where
//! decided), every win proved and its proof checked by the independent checker of `common`,
//! every labelled line replayed, and each labelled first move starting a VCT for our solver.
//!
//! The labels read Black's fouls as a point that makes a five counting as legal (the strict
//! convention), so the solver runs with `Convention::Strict` here. In a debug build only every
//! tenth row is taken (the test says so); `cargo test --release` takes them all.

use crate::common::{self, Rules};
use renju_core::{Board, Color, Convention, Point, RuleSet};
use renju_vct::{Answer, Limits, Solver};

pub struct Row {
    pub id: String,
    pub board: Board,
    pub to_move: Color,
    pub has_vct: bool,
    pub vct_l7: Option<bool>,
    pub line: Vec<Point>,
    pub min_limit: Option<u32>,
}

/// The rows, or `None` (with the note printed) when the file is absent outside CI.
pub fn rows() -> Option<Vec<Row>> {
    let path = renju_testdata::shared("data/vct/vct-dev.jsonl")?;
    let text = std::fs::read_to_string(&path).unwrap();
    let rows: Vec<Row> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let v: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
            Row {
                id: v["id"].as_str().unwrap().to_string(),
                board: Board::from_line(v["board"].as_str().unwrap()).unwrap(),
                to_move: match v["to_move"].as_str() {
                    Some("black") => Color::Black,
                    Some("white") => Color::White,
                    other => panic!("line {}: to_move {other:?}", i + 1),
                },
                has_vct: v["has_vct"].as_bool().unwrap(),
                vct_l7: v["vct_l7"].as_bool(),
                line: v["quintet_line"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().parse().unwrap())
                    .collect(),
                min_limit: v["min_limit"].as_u64().map(|n| n as u32),
            }
        })
        .collect();
    assert_eq!(rows.len(), 1500);
    Some(rows)
}

/// Every row in release, every tenth in a debug build.
pub fn taken(rows: &[Row]) -> Vec<&Row> {
    let step = if cfg!(debug_assertions) { 10 } else { 1 };
    if step > 1 {
        println!("debug build: every {step}th row only (cargo test --release for all)");
    }
    rows.iter().step_by(step).collect()
}

pub fn rules() -> Rules {
    Rules {
        rules: RuleSet::Renju,
        convention: Convention::Strict,
        threat_depth: 1,
    }
}

fn solver(depth: u32) -> Solver {
    Solver::with_options(
        &Board::renju(),
        RuleSet::Renju,
        Convention::Strict,
        Limits::default().with_max_depth(depth),
    )
    .unwrap()
}

fn agreement(depth: u32, label: impl Fn(&Row) -> Option<bool>) -> (usize, usize, Vec<String>) {
    let Some(rows) = rows() else {
        return (0, 0, Vec::new());
    };
    let mut s = solver(depth);
    let (mut agree, mut asked) = (0, 0);
    let mut diffs = Vec::new();
    for row in taken(&rows) {
        let Some(want) = label(row) else { continue };
        s.set_board(&row.board);
        let got = match s.solve(row.to_move) {
            Answer::Win(line) => {
                common::replay_line(
                    &row.board,
                    row.to_move,
                    rules(),
                    line.moves(),
                    depth as usize,
                )
                .unwrap_or_else(|e| panic!("{}: our line {line} does not replay: {e}", row.id));
                true
            }
            Answer::NoWin => false,
            Answer::Unknown(e) => panic!("{}: {e}", row.id),
        };
        asked += 1;
        if got == want {
            agree += 1;
        } else {
            diffs.push(format!("{}: label {want}, ours {got}", row.id));
        }
    }
    (agree, asked, diffs)
}

#[test]
fn agreement_at_depth_5() {
    let (agree, asked, diffs) = agreement(5, |r| Some(r.has_vct));
    if asked == 0 {
        return;
    }
    println!("vct-dev, depth 5: {agree}/{asked} agree with has_vct");
    assert!(diffs.is_empty(), "{diffs:#?}");
}

#[test]
fn agreement_at_depth_7() {
    let (agree, asked, diffs) = agreement(7, |r| r.vct_l7);
    if asked == 0 {
        return;
    }
    println!("vct-dev, depth 7: {agree}/{asked} agree with vct_l7 (where decided)");
    assert!(diffs.is_empty(), "{diffs:#?}");
}

#[test]
fn every_proof_checks_out() {
    let Some(rows) = rows() else { return };
    let mut s = solver(5);
    let step = if cfg!(debug_assertions) { 25 } else { 1 };
    let mut checked = 0;
    for row in rows.iter().filter(|r| r.has_vct).step_by(step) {
        s.set_board(&row.board);
        let proof = s
            .prove(row.to_move)
            .unwrap_or_else(|e| panic!("{}: {e}", row.id));
        let json = common::proof_json(&proof);
        let depth = common::check_proof_json(&json)
            .unwrap_or_else(|e| panic!("{}: the proof does not check out: {e}", row.id));
        assert!(depth <= 5, "{}: {depth} moves", row.id);
        checked += 1;
    }
    println!("{checked} proofs checked (every {step}th winning row)");
    assert!(checked >= 503 / step);
}

#[test]
fn the_labelled_lines_replay_and_their_first_moves_start_a_vct() {
    let Some(rows) = rows() else { return };
    let mut s = solver(5);
    let mut n = 0;
    for row in taken(&rows).into_iter().filter(|r| r.has_vct) {
        common::replay_line(&row.board, row.to_move, rules(), &row.line, 5)
            .unwrap_or_else(|e| panic!("{}: the label's line does not replay: {e}", row.id));
        s.set_board(&row.board);
        let a = s.solve_starting_with(row.to_move, row.line[0]);
        let line = a.line().unwrap_or_else(|| panic!("{}: {:?}", row.id, a));
        assert_eq!(line.first(), row.line[0]);
        // The shortest win: not shorter than the label's min_limit, which is the shortest.
        let mut short = solver(row.min_limit.unwrap());
        short.set_board(&row.board);
        assert!(
            short.solve(row.to_move).is_win() == Some(true),
            "{}",
            row.id
        );
        if row.min_limit.unwrap() > 1 {
            let mut shorter = solver(row.min_limit.unwrap() - 1);
            shorter.set_board(&row.board);
            assert_eq!(
                shorter.solve(row.to_move),
                Answer::NoWin,
                "{}: min_limit",
                row.id
            );
        }
        n += 1;
    }
    assert!(n > 0);
}
