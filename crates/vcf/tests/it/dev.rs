//! The 4,782 labelled real-game positions of `shared/data/vcf/vcf-dev.jsonl` (skipped with a
//! printed reason when absent): agreement with the labels of an independent solver, every line
//! found (and every labelled line) replayed by the plain checker of `common`.

use crate::common;

use renju_core::{Board, Color, Convention, Point, RuleSet};
use renju_vcf::{Answer, Limits, Solver};
use std::path::PathBuf;

struct Case {
    id: String,
    board: Board,
    to_move: Color,
    has_vcf: bool,
    solution: Vec<Point>,
}

fn load() -> Option<Vec<Case>> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/vcf/vcf-dev.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("SKIPPED: {} is not there", path.display());
        return None;
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let to_move = match v["to_move"].as_str() {
            Some("black") => Color::Black,
            Some("white") => Color::White,
            other => panic!("line {}: to_move {other:?}", i + 1),
        };
        out.push(Case {
            id: v["id"].as_str().unwrap().to_string(),
            board: Board::from_line(v["board"].as_str().unwrap()).unwrap(),
            to_move,
            has_vcf: v["has_vcf"].as_bool().unwrap(),
            solution: v["solution"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().parse().unwrap())
                .collect(),
        });
    }
    Some(out)
}

#[test]
fn the_labelled_lines_replay() {
    let Some(cases) = load() else { return };
    let mut n = 0;
    for c in cases.iter().filter(|c| c.has_vcf) {
        common::replay(
            &c.board,
            RuleSet::Renju,
            Convention::Lenient,
            c.to_move,
            &c.solution,
        )
        .unwrap_or_else(|e| panic!("{}: the label's line does not replay: {e}", c.id));
        n += 1;
    }
    assert_eq!(n, 1594);
}

#[test]
fn agreement_with_the_labels() {
    let Some(cases) = load() else { return };
    assert_eq!(cases.len(), 4782);
    let mut solver = Solver::new(&Board::renju(), RuleSet::Renju);
    let (mut agree, mut found, mut replayed) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for c in &cases {
        solver.set_board(&c.board);
        let answer = solver.solve(c.to_move);
        let ours = match &answer {
            Answer::Found(line) => {
                common::replay(
                    &c.board,
                    RuleSet::Renju,
                    Convention::Lenient,
                    c.to_move,
                    line.moves(),
                )
                .unwrap_or_else(|e| panic!("{}: our line {line} does not replay: {e}", c.id));
                replayed += 1;
                found += 1;
                true
            }
            Answer::NotFound => false,
            Answer::OutOfNodes => panic!("{}: out of nodes", c.id),
        };
        if ours == c.has_vcf {
            agree += 1;
        } else {
            disagreements.push(format!(
                "{}: label {} ours {} (label line {} moves; ours {})",
                c.id,
                c.has_vcf,
                ours,
                c.solution.len(),
                answer.line().map(ToString::to_string).unwrap_or_default()
            ));
        }
    }
    println!(
        "vcf-dev: {agree}/{} agree with the labels; {found} VCFs found, {replayed} replayed",
        cases.len()
    );
    for d in &disagreements {
        println!("  {d}");
    }
    assert_eq!(replayed, found);
    assert!(found > 0);
    assert!(
        disagreements.is_empty(),
        "{} disagreements",
        disagreements.len()
    );
}

#[test]
fn a_labelled_first_move_starts_a_vcf() {
    // The label's first move must start a VCF by our solver too (depth 20).
    let Some(cases) = load() else { return };
    let mut solver = Solver::new(&Board::renju(), RuleSet::Renju);
    solver.set_limits(Limits::default());
    let mut n = 0;
    for c in cases.iter().filter(|c| c.has_vcf) {
        solver.set_board(&c.board);
        let a = solver.solve_starting_with(c.to_move, c.solution[0]);
        let line = a.line().unwrap_or_else(|| {
            panic!(
                "{}: no VCF from the label's first move {}",
                c.id, c.solution[0]
            )
        });
        assert_eq!(line.first(), c.solution[0]);
        common::replay(
            &c.board,
            RuleSet::Renju,
            Convention::Lenient,
            c.to_move,
            line.moves(),
        )
        .unwrap_or_else(|e| panic!("{}: {line}: {e}", c.id));
        n += 1;
    }
    assert_eq!(n, 1594);
}
