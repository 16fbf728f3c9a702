//! The VCT benchmark: per-position solve times at depth 5 and 7, median and 99th percentile,
//! on the 1,500 real-game positions of `shared/data/vct/vct-dev.jsonl` (split by label) and on
//! composed problems (the project's hand-made sample and machine-composed ones: clustered
//! random positions, fixed seed, kept when the side to move has a VCT needing 4 or more
//! attacker moves), each also as a ratio to a fixed yardstick measured in the same run
//! (renju-core's `forbidden_points` on the same board), and next to the labelling solver's
//! own time per row (`quintet_ms` in the file, measured elsewhere: for scale only).
//!
//! `cargo bench -p renju-vct` (harness = false). Each position is solved cold: the tables are
//! cleared before each timed question (untimed); best of 3 rounds (2 at depth 7).

use renju_core::{Board, Color, Convention, FoulChecker, Point, RuleSet};
use renju_vct::{Answer, Limits, Solver};
use std::hint::black_box;
use std::time::{Duration, Instant};

struct Position {
    board: Board,
    to_move: Color,
    /// The labelling solver's time for this row, when known (ms).
    quintet_ms: Option<f64>,
}

fn dev_positions() -> Option<(Vec<Position>, Vec<Position>)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/vct/vct-dev.jsonl");
    let text = std::fs::read_to_string(path).ok()?;
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).ok()?;
        let p = Position {
            board: Board::from_line(v["board"].as_str()?).ok()?,
            to_move: if v["to_move"] == "black" {
                Color::Black
            } else {
                Color::White
            },
            quintet_ms: v["quintet_ms"].as_f64(),
        };
        if v["has_vct"].as_bool()? {
            with.push(p);
        } else {
            without.push(p);
        }
    }
    Some((with, without))
}

fn stones(black: &str, white: &str) -> Board {
    let mut b = Board::renju();
    for (list, color) in [(black, Color::Black), (white, Color::White)] {
        for p in list.split_whitespace() {
            b.place(p.parse().unwrap(), color).unwrap();
        }
    }
    b
}

fn solver(depth: u32) -> Solver {
    Solver::with_options(
        &Board::renju(),
        RuleSet::Renju,
        Convention::Lenient,
        Limits::default().with_max_depth(depth),
    )
    .unwrap()
}

/// The hand-made sample of `tests/data/composed.jsonl` and machine-composed problems.
fn composed() -> Vec<Position> {
    let mut out = Vec::new();
    for line in include_str!("../tests/data/composed.jsonl").lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["rules"] != "renju" {
            continue;
        }
        out.push(Position {
            board: stones(v["black"].as_str().unwrap(), v["white"].as_str().unwrap()),
            to_move: if v["to_move"] == "black" {
                Color::Black
            } else {
                Color::White
            },
            quintet_ms: None,
        });
    }
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut deep = solver(7);
    let mut short = solver(3);
    let mut tries = 0;
    let target = out.len() + 100;
    while out.len() < target && tries < 20_000 {
        tries += 1;
        let mut b = Board::renju();
        let n = 20 + (next() % 30) as usize;
        let mut placed = 0;
        while placed < n {
            let p = Point::new(3 + (next() % 9) as u8, 3 + (next() % 9) as u8).unwrap();
            if b.is_empty_at(p) {
                b.place(p, Color::of_move_number(placed + 1)).unwrap();
                placed += 1;
            }
        }
        let to_move = Color::of_move_number(n + 1);
        if renju_vct::check_position(&b, RuleSet::Renju).is_err() {
            continue;
        }
        // No VCF at all (a threat is needed), a VCT at 7 but none at 3.
        let mut vcf = renju_vcf::Solver::new(&b, RuleSet::Renju);
        if vcf.solve(to_move) != renju_vcf::Answer::NotFound {
            continue;
        }
        short.set_board(&b);
        if short.solve(to_move) != Answer::NoWin {
            continue;
        }
        deep.set_board(&b);
        if matches!(deep.solve(to_move), Answer::Win(_)) {
            out.push(Position {
                board: b,
                to_move,
                quintet_ms: None,
            });
        }
    }
    out
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn bench(name: &str, positions: &[Position], depth: u32) {
    if positions.is_empty() {
        println!("{name}: no positions");
        return;
    }
    let rounds = if depth > 5 { 2 } else { 3 };
    let mut s = solver(depth);
    let (mut times, mut yard) = (Vec::new(), Vec::new());
    let (mut wins, mut unknown, mut nodes) = (0, 0, 0u64);
    for p in positions {
        let mut best = Duration::MAX;
        for _ in 0..rounds {
            s.clear_table();
            let t = Instant::now();
            s.set_board(&p.board);
            let a = black_box(s.solve(p.to_move));
            best = best.min(t.elapsed());
            wins += usize::from(matches!(a, Answer::Win(_)));
            unknown += usize::from(matches!(a, Answer::Unknown(_)));
            nodes += s.nodes();
        }
        times.push(best);
        let mut ybest = Duration::MAX;
        for _ in 0..rounds {
            let t = Instant::now();
            black_box(FoulChecker::new(&p.board).forbidden_points(Convention::Lenient));
            ybest = ybest.min(t.elapsed());
        }
        yard.push(ybest);
    }
    times.sort();
    yard.sort();
    let (m, p99) = (percentile(&times, 0.5), percentile(&times, 0.99));
    let (ym, yp99) = (percentile(&yard, 0.5), percentile(&yard, 0.99));
    let mean = times.iter().sum::<Duration>().as_secs_f64() * 1e3 / times.len() as f64;
    let mut q: Vec<f64> = positions.iter().filter_map(|p| p.quintet_ms).collect();
    q.sort_by(f64::total_cmp);
    let quintet = if q.is_empty() {
        String::new()
    } else {
        format!(
            "; labelling solver's quintet_ms (other run, for scale): median {:.2} ms, p99 {:.1} ms",
            q[q.len() / 2],
            q[((q.len() - 1) as f64 * 0.99).round() as usize]
        )
    };
    println!(
        "{name}, depth {depth}: {} positions ({} won, {} unknown), median {:.3} ms, p99 {:.2} ms, max {:.2} ms, mean {:.3} ms, {:.0} nodes/position; \
         yardstick median {:.1} us, p99 {:.1} us; ratio median {:.0}, p99 {:.0}{quintet}",
        positions.len(),
        wins / rounds,
        unknown / rounds,
        ms(m),
        ms(p99),
        ms(*times.last().unwrap()),
        mean,
        nodes as f64 / (rounds * positions.len()) as f64,
        ym.as_secs_f64() * 1e6,
        yp99.as_secs_f64() * 1e6,
        m.as_secs_f64() / ym.as_secs_f64(),
        p99.as_secs_f64() / yp99.as_secs_f64(),
    );
}

fn main() {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average: {}", load.trim());
    let problems = composed();
    match dev_positions() {
        Some((with, without)) => {
            for depth in [5, 7] {
                bench("real games, VCT at 5", &with, depth);
                bench("real games, no VCT at 5", &without, depth);
            }
        }
        None => {
            println!("SKIPPED: real-game positions: shared/data/vct/vct-dev.jsonl is not there")
        }
    }
    for depth in [5, 7] {
        bench("composed problems", &problems, depth);
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average: {}", load.trim());
}
