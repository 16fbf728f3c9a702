//! Development aid: one position of an archive (game N, after M moves), solved with stats.
//! `cargo run --release -p renju-vct --example one -- FILE GAME MOVES [DEPTH]`
use renju_core::{Board, Color, Point, RuleSet};
use renju_vct::{Limits, Solver};
use std::time::Instant;
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap();
    let g: usize = args.next().unwrap().parse().unwrap();
    let m: usize = args.next().unwrap().parse().unwrap();
    let depth: u32 = args.next().map_or(5, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().nth(g - 1).unwrap();
    let mut board = Board::renju();
    for (i, mv) in line.split_whitespace().skip(1).take(m).enumerate() {
        board
            .place(mv.parse::<Point>().unwrap(), Color::of_move_number(i + 1))
            .unwrap();
    }
    println!("{}", board.to_diagram());
    let side = Color::of_move_number(m + 1);
    let mut s = Solver::with_options(
        &board,
        RuleSet::Renju,
        Default::default(),
        Limits::default().with_max_depth(depth),
    )
    .unwrap();
    let t = Instant::now();
    let a = s.solve(side);
    println!(
        "{side}: {:?} in {:.1} ms, {} nodes, {:?}",
        a.line().map(|l| l.to_string()),
        t.elapsed().as_secs_f64() * 1e3,
        s.nodes(),
        s.stats()
    );
}
