//! Development aid: solves the positions of a labelled VCT file (`vct-dev.jsonl` rows) and
//! prints agreement with the labels, the disagreements and the time distribution.
//!
//! `cargo run --release -p renju-vct --example dev -- FILE [DEPTH] [strict|lenient] [cold]`
use renju_core::{Board, Color, Convention, RuleSet};
use renju_vct::{Answer, Limits, Solver};
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("path to a .jsonl file");
    let depth: u32 = args.next().map_or(5, |s| s.parse().unwrap());
    let convention = match args.next().as_deref() {
        Some("lenient") => Convention::Lenient,
        _ => Convention::Strict,
    };
    let cold = args.next().as_deref() == Some("cold");
    let label = if depth == 5 { "has_vct" } else { "vct_l7" };
    let text = std::fs::read_to_string(path).unwrap();
    let limits = Limits::default().with_max_depth(depth);
    let mut solver =
        Solver::with_options(&Board::renju(), RuleSet::Renju, convention, limits).unwrap();
    let (mut agree, mut total, mut unknown) = (0, 0, 0);
    let mut times: Vec<(Duration, u64, String)> = Vec::new();
    let mut wide = 0u64;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let board = Board::from_line(v["board"].as_str().unwrap()).unwrap();
        let side = if v["to_move"] == "black" {
            Color::Black
        } else {
            Color::White
        };
        let want = v[label].as_bool();
        if cold {
            solver.clear_table();
        }
        let t = Instant::now();
        solver.set_board(&board);
        let a = solver.solve(side);
        let dt = t.elapsed();
        wide += solver.wide_nodes();
        let id = v["id"].as_str().unwrap().to_string();
        times.push((dt, solver.nodes(), id.clone()));
        let ours = match &a {
            Answer::Win(_) => Some(true),
            Answer::NoWin => Some(false),
            Answer::Unknown(_) => {
                unknown += 1;
                None
            }
        };
        if let Some(w) = want {
            total += 1;
            if ours == Some(w) {
                agree += 1;
            } else {
                println!(
                    "DIFF {id} {} label {w} ours {:?} line {} quintet {}",
                    v["to_move"],
                    ours,
                    a.line().map(|l| l.to_string()).unwrap_or_default(),
                    v["quintet_line"]
                );
            }
        }
    }
    let n = times.len();
    let sum: Duration = times.iter().map(|t| t.0).sum();
    times.sort();
    let pct = |q: f64| times[((n - 1) as f64 * q).round() as usize].0.as_secs_f64() * 1e3;
    println!(
        "{agree}/{total} agree, {unknown} unknown; {n} positions: median {:.3} ms, p90 {:.3}, p99 {:.3}, max {:.3}, mean {:.3} ms; wide nodes {wide}",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0),
        sum.as_secs_f64() * 1e3 / n as f64
    );
    for t in times.iter().rev().take(8) {
        println!(
            "  {:>9.3} ms {:>9} nodes {}",
            t.0.as_secs_f64() * 1e3,
            t.1,
            t.2
        );
    }
}
