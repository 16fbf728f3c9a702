//! Development aid: solves every position of the first N games of a `.renju` move-list
//! archive (`result m1 m2 ...` a line) and prints the time distribution.
use renju_core::{Board, Color, Point, RuleSet};
use renju_vcf::Solver;
use std::time::{Duration, Instant};
fn main() {
    let path = std::env::args().nth(1).expect("archive path");
    let n: usize = std::env::args().nth(2).map_or(1000, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let cap: u64 = std::env::args()
        .nth(3)
        .map_or(renju_vcf::DEFAULT_MAX_NODES, |s| s.parse().unwrap());
    let mut solver = Solver::new(&Board::renju(), RuleSet::Renju);
    solver.set_limits(renju_vcf::Limits {
        max_nodes: cap,
        ..renju_vcf::Limits::default()
    });
    let (mut all_nodes, mut capped, mut found) = (0u64, 0usize, 0usize);
    let (mut starts, mut capped_first) = (0usize, 0usize);
    let mut times: Vec<(Duration, u64, String)> = Vec::new();
    let mut total = Duration::ZERO;
    for (gi, line) in text.lines().take(n).enumerate() {
        solver.set_board(&Board::renju());
        for (i, m) in line.split_whitespace().skip(1).enumerate() {
            let Ok(p) = m.parse::<Point>() else { break };
            let side = Color::of_move_number(i + 1);
            let t = Instant::now();
            let a = solver.solve(side);
            let dt = t.elapsed();
            all_nodes += solver.nodes();
            capped += usize::from(a == renju_vcf::Answer::OutOfNodes);
            found += usize::from(a.line().is_some());
            total += dt;
            // As `validate --missed-wins` does: is the move played the first of a VCF?
            if let renju_vcf::Answer::Found(l) = &a
                && l.first() != p
            {
                starts += 1;
                capped_first += usize::from(
                    solver.solve_starting_with(side, p) == renju_vcf::Answer::OutOfNodes,
                );
            }
            times.push((
                dt,
                solver.nodes(),
                format!(
                    "g{} m{} {}",
                    gi + 1,
                    i,
                    a.line().map_or("none".to_string(), |l| l.to_string())
                ),
            ));
            if !solver.place(p, side) {
                break;
            }
        }
    }
    let count = times.len();
    times.sort();
    let pct = |q: f64| times[((count - 1) as f64 * q) as usize].0.as_secs_f64() * 1e6;
    println!(
        "{count} positions, total {:.3} s, mean {:.1} us, median {:.1} us, p90 {:.1}, p99 {:.1}, p99.9 {:.1}",
        total.as_secs_f64(),
        total.as_secs_f64() * 1e6 / count as f64,
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(0.999)
    );
    println!("{all_nodes} nodes in all; {found} with a VCF; {capped} out of nodes (cap {cap})");
    println!(
        "{starts} played moves searched as a first move (untimed); {capped_first} out of nodes"
    );
    let top: Duration = times.iter().rev().take(count / 100).map(|t| t.0).sum();
    println!("slowest 1% take {:.3} s", top.as_secs_f64());
    // The largest searches (by nodes, which do not depend on the machine's load).
    times.sort_by_key(|t| t.1);
    for t in times.iter().rev().take(20) {
        println!(
            "{:>10.1} us {:>8} nodes {}",
            t.0.as_secs_f64() * 1e6,
            t.1,
            t.2
        );
    }
}
