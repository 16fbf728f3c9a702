//! Solve a position: `cargo run --release -p renju-vcf --example solve -- [--depth N]
//! [--side black|white] [--rules renju|freestyle|standard] POSITION`.
//!
//! POSITION is a move list from the empty board (`"h8 a1 i8 a2 j8"`, Black first) or a board
//! line (`size*size` cells, row `size` first, `.` `x` `o`). Prints the position and the answer:
//! the VCF line (fours and blocks, ending with the five or a White four whose blocks are all
//! forbidden), "no VCF within N fours", or "out of nodes".
use renju_core::{Board, Color, Convention, Point, RuleSet};
use renju_vcf::{Answer, Limits, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (mut depth, mut side, mut rules, mut position) = (20, None, RuleSet::Renju, None);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--depth" => depth = args.next().ok_or("--depth N")?.parse()?,
            "--side" => {
                side = Some(match args.next().as_deref() {
                    Some("black") => Color::Black,
                    Some("white") => Color::White,
                    _ => return Err("--side black|white".into()),
                })
            }
            "--rules" => rules = args.next().ok_or("--rules R")?.parse()?,
            _ => position = Some(a),
        }
    }
    let text = position.ok_or("a position: a move list or a board line")?;
    let board = if text.contains(' ') || text.len() < 25 {
        let mut b = Board::renju();
        for (i, m) in text.split_whitespace().enumerate() {
            b.place(m.parse::<Point>()?, Color::of_move_number(i + 1))?;
        }
        b
    } else {
        Board::from_line(&text)?
    };
    let attacker = side.unwrap_or(if board.count(Color::Black) > board.count(Color::White) {
        Color::White
    } else {
        Color::Black
    });
    println!("{}", board.to_diagram());
    let limits = Limits {
        max_depth: depth,
        ..Limits::default()
    };
    let mut solver = Solver::with_options(&board, rules, Convention::Lenient, limits);
    match solver.solve(attacker) {
        Answer::Found(line) => println!(
            "{attacker} wins by VCF with {} fours: {line} (ends {:?})",
            line.fours(),
            line.end()
        ),
        Answer::NotFound => println!("{attacker}: no VCF within {depth} fours"),
        Answer::OutOfNodes => println!("{attacker}: out of nodes (not known)"),
    }
    println!("{} nodes", solver.nodes());
    Ok(())
}
