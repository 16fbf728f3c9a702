//! The cost of the missed-wins audit's VCT pass: every position of the first N games of a
//! `.renju` move-list archive (`result m1 m2 ...` a line), the side to move's VCT asked at the
//! given depth (default 5), and, as `validate --missed-wins=vct` does, when there is one and
//! the move played is not the line's first move, whether the move played starts one. Games
//! are shared out to T threads (default 2), one solver each, reused from game to game.
//!
//! `cargo run --release -p renju-vct --example vct-archive -- FILE [N] [THREADS] [DEPTH]`
//!
//! Prints the positions, wins, unknowns, the per-position time distribution (thread time),
//! the wall time, and the extrapolation to the whole file.
use renju_core::{Board, Color, Point, RuleSet};
use renju_vct::{Answer, Limits, Solver};
use std::time::{Duration, Instant};

/// This thread's CPU time (user + system) from `/proc/thread-self/stat`, in clock ticks of
/// 10 ms; `None` where it cannot be read.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

#[derive(Default)]
struct Tally {
    cpu: Option<Duration>,
    positions: usize,
    wins: usize,
    unknown: usize,
    starts: usize,
    start_unknown: usize,
    nodes: u64,
    line_nodes: u64,
    /// Sums of [`renju_vct::Stats`] over the questions: attack, defend, VCF, wide nodes.
    stats: [u64; 4],
    win_time: Duration,
    times: Vec<Duration>,
    slowest: Vec<(Duration, u64, String)>,
}

fn run(games: &[(usize, &str)], depth: u32) -> Tally {
    let limits = Limits::default().with_max_depth(depth);
    let mut solver = Solver::with_options(
        &Board::renju(),
        RuleSet::Renju,
        renju_core::Convention::Lenient,
        limits,
    )
    .unwrap();
    let mut t = Tally::default();
    let cpu0 = thread_cpu();
    for &(gi, line) in games {
        solver.set_board(&Board::renju());
        for (i, m) in line.split_whitespace().skip(1).enumerate() {
            let Ok(p) = m.parse::<Point>() else { break };
            let side = Color::of_move_number(i + 1);
            let start = Instant::now();
            let a = solver.solve(side);
            let mut nodes = solver.nodes();
            let st = solver.stats();
            for (sum, x) in t.stats.iter_mut().zip([
                st.attack_nodes,
                st.defend_nodes,
                st.vcf_nodes,
                st.wide_nodes,
            ]) {
                *sum += x;
            }
            match &a {
                Answer::Win(l) => {
                    t.wins += 1;
                    t.line_nodes += solver.nodes() - solver.stats().search_nodes;
                    t.win_time += start.elapsed();
                    if l.first() != p {
                        t.starts += 1;
                        let s = solver.solve_starting_with(side, p);
                        nodes += solver.nodes();
                        t.start_unknown += usize::from(matches!(s, Answer::Unknown(_)));
                    }
                }
                Answer::NoWin => {}
                Answer::Unknown(_) => t.unknown += 1,
            }
            let dt = start.elapsed();
            t.positions += 1;
            t.nodes += nodes;
            t.times.push(dt);
            t.slowest.push((dt, nodes, format!("g{} m{}", gi + 1, i)));
            if t.slowest.len() > 64 {
                t.slowest.sort_by(|a, b| b.cmp(a));
                t.slowest.truncate(16);
            }
            if !solver.place(p, side) {
                break;
            }
        }
    }
    t.cpu = thread_cpu().zip(cpu0).map(|(b, a)| b - a);
    t
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("archive path");
    let n: usize = args.next().map_or(1000, |s| s.parse().unwrap());
    let threads: usize = args.next().map_or(2, |s| s.parse().unwrap());
    let depth: u32 = args.next().map_or(5, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let all_games = text.lines().count();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average before: {}", load.trim());
    let games: Vec<(usize, &str)> = text.lines().take(n).enumerate().collect();
    let wall = Instant::now();
    // Interleaved shares, so that each thread gets early and late games alike.
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let mine: Vec<(usize, &str)> =
                    games.iter().copied().skip(k).step_by(threads).collect();
                s.spawn(move || run(&mine, depth))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let wall = wall.elapsed();
    let mut t = Tally::default();
    let mut cpu = Some(Duration::ZERO);
    for x in tallies {
        cpu = cpu.zip(x.cpu).map(|(a, b)| a + b);
        t.positions += x.positions;
        t.wins += x.wins;
        t.unknown += x.unknown;
        t.starts += x.starts;
        t.start_unknown += x.start_unknown;
        t.nodes += x.nodes;
        t.line_nodes += x.line_nodes;
        for (sum, y) in t.stats.iter_mut().zip(x.stats) {
            *sum += y;
        }
        t.win_time += x.win_time;
        t.times.extend(x.times);
        t.slowest.extend(x.slowest);
    }
    let count = t.times.len();
    let busy: Duration = t.times.iter().sum();
    t.times.sort();
    let pct = |q: f64| t.times[((count - 1) as f64 * q) as usize].as_secs_f64() * 1e6;
    println!(
        "{} games, {count} positions, depth {depth}, {threads} threads: wall {:.2} s, thread time {:.2} s",
        games.len(),
        wall.as_secs_f64(),
        busy.as_secs_f64()
    );
    if let Some(cpu) = cpu {
        println!(
            "CPU time of the threads {:.2} s: {:.1} us a position; extrapolated to all {all_games} games on {threads} cores: {:.1} min",
            cpu.as_secs_f64(),
            cpu.as_secs_f64() * 1e6 / count as f64,
            cpu.as_secs_f64() * (all_games as f64 / games.len() as f64) / threads as f64 / 60.0
        );
    }
    println!(
        "per position (wall clock, includes waiting for a core): mean {:.1} us, median {:.1} us, p90 {:.1}, p99 {:.1}, p99.9 {:.1}, max {:.1}",
        busy.as_secs_f64() * 1e6 / count as f64,
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(0.999),
        pct(1.0)
    );
    println!(
        "{} with a VCT, {} unknown; {} played moves searched as a first move ({} unknown); {} nodes",
        t.wins, t.unknown, t.starts, t.start_unknown, t.nodes
    );
    println!(
        "{} of the nodes went to the principal lines of the wins; the wins took {:.1} % of the time",
        t.line_nodes,
        100.0 * t.win_time.as_secs_f64() / busy.as_secs_f64()
    );
    println!(
        "the questions' nodes: {} attack, {} defend, {} VCF; {} attack nodes tried every empty point",
        t.stats[0], t.stats[1], t.stats[2], t.stats[3]
    );
    let top: Duration = t.times.iter().rev().take(count / 100).sum();
    println!(
        "slowest 1% take {:.1} % of the time",
        100.0 * top.as_secs_f64() / busy.as_secs_f64()
    );
    let scale = all_games as f64 / games.len() as f64;
    println!(
        "extrapolated to all {all_games} games: wall {:.0} s ({:.1} min)",
        wall.as_secs_f64() * scale,
        wall.as_secs_f64() * scale / 60.0
    );
    t.slowest.sort_by(|a, b| b.cmp(a));
    for s in t.slowest.iter().take(10) {
        println!(
            "  {:>10.1} us {:>9} nodes {}",
            s.0.as_secs_f64() * 1e6,
            s.1,
            s.2
        );
    }
}
