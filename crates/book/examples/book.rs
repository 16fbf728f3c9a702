//! A small command over the library: build a book, query it, check it, export it.
//!
//! ```text
//! cargo run --release -p renju-book --example book -- build BOOK FILE...
//! cargo run --release -p renju-book --example book -- query BOOK 'h8 h9 i10'
//! cargo run --release -p renju-book --example book -- check BOOK
//! cargo run --release -p renju-book --example book -- export BOOK OUT.lib|OUT.sgf [MIN_GAMES]
//! ```

use renju_book::{AddOptions, AddOutcome, Book, BookSettings, ExportOptions};
use renju_notation::Orientation;
use std::path::Path;
use std::process::ExitCode;

fn run(args: &[String]) -> Result<(), String> {
    let usage = "usage: book build BOOK FILE... | query BOOK MOVES | check BOOK | export BOOK OUT [MIN_GAMES]";
    let e = |e: renju_book::BookError| e.to_string();
    match args {
        [cmd, book, files @ ..] if cmd == "build" && !files.is_empty() => {
            let mut b = Book::open_or_create(book, BookSettings::default()).map_err(e)?;
            for f in files {
                match b.add_file(Path::new(f), AddOptions::default()).map_err(e)? {
                    AddOutcome::Added(s) => println!(
                        "{f}: {} records, {} games added ({} unreadable, {} set up, {} other board, {} stopped at an illegal move)",
                        s.records, s.games, s.unreadable, s.set_up, s.other_board, s.illegal
                    ),
                    AddOutcome::Replaced { new, .. } => {
                        println!("{f}: replaced, {} games", new.games)
                    }
                    AddOutcome::AlreadyPresent(_) => {
                        println!("{f}: already in the book, nothing changed")
                    }
                    AddOutcome::SameContent(s) => {
                        println!(
                            "{f}: same content as {} in the book, nothing changed",
                            s.path
                        );
                    }
                }
            }
            Ok(())
        }
        [cmd, book, moves] if cmd == "query" => {
            let b = Book::open(book).map_err(e)?;
            let moves = renju_notation::moves::parse_moves(moves, 15, Orientation::RowOneAtBottom)
                .map_err(|err| format!("position: {err}"))?;
            let a = b.query(&moves).map_err(e)?;
            println!("{}", serde_json::to_string(&a).map_err(|x| x.to_string())?);
            Ok(())
        }
        [cmd, book] if cmd == "check" => {
            let c = Book::open(book).map_err(e)?.check().map_err(e)?;
            println!("{c:?}");
            if c.is_ok() {
                Ok(())
            } else {
                Err("the book disagrees with its games".into())
            }
        }
        [cmd, book, out, rest @ ..] if cmd == "export" && rest.len() <= 1 => {
            let b = Book::open(book).map_err(e)?;
            let min_games = match rest {
                [n] => n.parse().map_err(|_| format!("not a number: {n}"))?,
                _ => 1,
            };
            let x = b
                .export(&ExportOptions {
                    min_games,
                    ..ExportOptions::default()
                })
                .map_err(e)?;
            let bytes = if out.ends_with(".sgf") {
                renju_notation::sgf::write_trees(
                    std::slice::from_ref(&x.tree),
                    Orientation::RowOneAtTop,
                )
                .into_bytes()
            } else {
                renju_notation::renlib::write_tree(&x.tree, Orientation::RowOneAtBottom).0
            };
            std::fs::write(out, bytes).map_err(|err| format!("cannot write {out}: {err}"))?;
            println!(
                "{out}: {} nodes, {} transpositions{}",
                x.tree.nodes.len(),
                x.transpositions,
                if x.truncated { " (truncated)" } else { "" }
            );
            Ok(())
        }
        _ => Err(usage.into()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("book: {e}");
            ExitCode::FAILURE
        }
    }
}
