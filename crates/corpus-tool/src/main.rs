//! The `corpus-tool` command: audit renju archives, list fouls, draw diagrams, convert records.
//!
//! `corpus-tool --help` lists the subcommands; each has its own `--help` with examples.

use clap::{Parser, Subcommand};
use corpus_tool::fouls;
use renju_core::Convention;
use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "corpus-tool",
    version,
    about = "Audit renju archives, list fouls with explanations, draw diagrams, convert records.",
    after_help = "Every foul verdict uses the lenient convention unless --strict is given \
                  (see `corpus-tool fouls --help`)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List Black's forbidden points of positions, one position a line.
    #[command(after_help = "\
Input, one position a line: a board of 225 characters (row 15 first, columns a..o;
'.' empty, 'x' Black, 'o' White) or a move list ('h8 h9 i8', colours alternate from
Black, '--' is a pass).

Output, one line per input line: 'point=kind' items in board reading order (row 15 first,
a to o), kinds double-three, double-four, overline (overline > double-four > double-three);
an empty line when there is none; 'error: <reason>' when the line cannot be read. The exit
status is 1 when a line failed.

Examples:
  echo 'h8 a1 i8 a2 k10 a3 k11' | corpus-tool fouls      # prints k8=double-three
  corpus-tool fouls --strict --explain positions.txt")]
    Fouls {
        /// Use the strict convention (a straight-four point that also makes a five keeps the
        /// three open) instead of the default lenient one.
        #[arg(long)]
        strict: bool,
        /// After each result line, print the explanation tree of every forbidden point.
        #[arg(long)]
        explain: bool,
        /// Input file (standard input when absent).
        input: Option<PathBuf>,
    },
}

fn convention(strict: bool) -> Convention {
    if strict {
        Convention::Strict
    } else {
        Convention::Lenient
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Fouls {
            strict,
            explain,
            input,
        } => {
            let stdout = std::io::stdout();
            let out = std::io::BufWriter::new(stdout.lock());
            let result = match &input {
                Some(path) => match std::fs::File::open(path) {
                    Ok(f) => fouls::run(BufReader::new(f), out, convention(strict), explain),
                    Err(e) => {
                        eprintln!("corpus-tool fouls: cannot read {}: {e}", path.display());
                        return ExitCode::from(2);
                    }
                },
                None => fouls::run(std::io::stdin().lock(), out, convention(strict), explain),
            };
            match result {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::from(1),
                Err(e) => {
                    let _ = writeln!(std::io::stderr(), "corpus-tool fouls: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
