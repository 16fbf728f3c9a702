//! Solve a position: `cargo run --release -p renju-vct --example vct-solve -- [--depth N]
//! [--side black|white] [--rules renju|freestyle|standard] POSITION`.
//!
//! POSITION is a move list from the empty board (`"h8 h9 i8 i9 j8"`, Black first) or a board
//! line (`size*size` cells, row `size` first, `.` `x` `o`). Prints the position, then the
//! answer: the principal line with how it ends, "no VCT within N", or "unknown" when the budget
//! ran out, and the size of the proof tree.
use renju_core::{Board, Color, Convention, Point, RuleSet};
use renju_vct::{Answer, Limits, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (mut depth, mut side, mut rules, mut position) = (5, None, RuleSet::Renju, None);
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
    renju_vct::check_position(&board, rules)?;
    let attacker = side.unwrap_or(if board.count(Color::Black) > board.count(Color::White) {
        Color::White
    } else {
        Color::Black
    });
    println!("{}", board.to_diagram());
    let limits = Limits::default().with_max_depth(depth);
    let mut solver = Solver::with_options(&board, rules, Convention::Lenient, limits)?;
    match solver.solve(attacker) {
        Answer::Win(line) => {
            println!(
                "{attacker} wins by VCT in {} moves: {line} (ends {:?})",
                line.attacker_moves(),
                line.end()
            );
            let proof = solver.prove(attacker)?;
            println!(
                "proof: {} attacker moves in the tree, {} on the longest branch",
                proof.tree().len(),
                proof.tree().depth()
            );
        }
        Answer::NoWin => println!("{attacker}: no VCT within {depth} attacker moves"),
        Answer::Unknown(e) => println!("{attacker}: unknown ({e})"),
    }
    println!("{} nodes", solver.nodes());
    Ok(())
}
