//! Explains one game of a `.renju` line file: the audit, the final board and a note per move
//! (with the foul checker's explanation tree for every foul).
//!
//! `cargo run -p renju-analyzer --example explain_renju -- FILE.renju LINE [--strict]`

use renju_analyzer::{Settings, annotate, audit};
use renju_core::{Board, Color, Convention, Move};
use renju_notation::GameRecord;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(line)) = (
        args.first(),
        args.get(1).and_then(|l| l.parse::<usize>().ok()),
    ) else {
        eprintln!("usage: explain_renju FILE.renju LINE [--strict]");
        std::process::exit(2);
    };
    let mut settings = Settings::default();
    if args.iter().any(|a| a == "--strict") {
        settings.convention = Convention::Strict;
    }
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let Some(row) = text.lines().nth(line.saturating_sub(1)) else {
        eprintln!("{path}: no line {line}");
        std::process::exit(2);
    };
    let mut words = row.split_whitespace();
    let mut record = GameRecord::new(15);
    record.result = words
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_default();
    for (i, w) in words.enumerate() {
        match w.parse::<Move>() {
            Ok(m) => record.moves.push(m),
            Err(e) => {
                eprintln!("{path}:{line}: move {} '{w}': {e}", i + 1);
                std::process::exit(2);
            }
        }
    }
    let a = audit(&record, &settings);
    println!("{path}:{line} ({settings})");
    println!(
        "end {} at {:?}, verdict {}: {}",
        a.end,
        a.end_move,
        a.verdict(),
        a.detail()
    );
    let mut board = Board::renju();
    for (i, m) in record.moves.iter().enumerate() {
        if let Move::Stone(p) = m
            && board.place(*p, Color::of_move_number(i + 1)).is_err()
        {
            break;
        }
    }
    println!("{board}");
    for note in annotate(&record, &settings) {
        println!("{note}");
    }
}
