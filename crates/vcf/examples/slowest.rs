//! Lists the slowest positions of the dev set (a development aid): id, time, nodes, answer.
use renju_core::{Board, Color, RuleSet};
use renju_vcf::Solver;
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).expect("path to vcf-dev.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let mut solver = Solver::new(&Board::renju(), RuleSet::Renju);
    let mut rows = Vec::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let board = Board::from_line(v["board"].as_str().unwrap()).unwrap();
        let side = if v["to_move"] == "black" {
            Color::Black
        } else {
            Color::White
        };
        solver.clear_table();
        let t = Instant::now();
        solver.set_board(&board);
        let a = solver.solve(side);
        let dt = t.elapsed();
        rows.push((
            dt,
            solver.nodes(),
            solver.table_hits(),
            v["id"].as_str().unwrap().to_string(),
            a.line().map(|l| l.attacker_moves()),
        ));
    }
    rows.sort();
    for r in rows.iter().rev().take(12) {
        println!(
            "{:>10.1} us {:>8} nodes {} hits {} {:?}",
            r.0.as_secs_f64() * 1e6,
            r.1,
            r.2,
            r.3,
            r.4
        );
    }
}
