//! Checks a position given as a text diagram and lists its forbidden points, each with the
//! explanation a player can follow, under both conventions.
//!
//! `cargo run -p renju-core --example check_position [FILE]`: the diagram is read from FILE
//! (ASCII `. X O` or the Unicode style `┼ ● ○`, row numbers and column letters allowed), or
//! the built-in one when no file is given.

use renju_core::{Board, Convention, FoulChecker};
use std::process::ExitCode;

/// A position where the conventions disagree: h8 makes the row three f8 g8 h8 and the column
/// three h8 h9 h10, whose only straight-four point h7 also completes the five h7-l7. Lenient:
/// h7 is a five, not a straight four, and h8 is legal; strict: h8 is a double three. i8 is a
/// double three under both.
const BUILT_IN: &str = "
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . O . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . X . . . . . . .
 9 . . . . . . . X . . . . . . .
 8 . . . . . X X . . . . . . . .
 7 . . . . . . . . X X X X O . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
";

fn main() -> ExitCode {
    let (name, text) = match std::env::args().nth(1) {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(t) => (path, t),
            Err(e) => {
                eprintln!("check_position: {path}: {e}");
                return ExitCode::from(2);
            }
        },
        None => ("the built-in position".to_string(), BUILT_IN.to_string()),
    };
    let board = match Board::from_diagram(&text) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("check_position: {name}: {e}");
            return ExitCode::from(2);
        }
    };
    println!("{name}:");
    print!("{board}");
    let checker = FoulChecker::new(&board);
    for convention in Convention::ALL {
        let fouls = checker.forbidden_points(convention);
        match fouls.len() {
            0 => println!("\n{convention}: no forbidden point for Black"),
            1 => println!("\n{convention}: 1 forbidden point"),
            n => println!("\n{convention}: {n} forbidden points"),
        }
        for (point, _) in fouls {
            print!("{}", checker.explain(point, convention).to_tree());
        }
    }
    ExitCode::SUCCESS
}
