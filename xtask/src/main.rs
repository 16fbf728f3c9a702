//! `cargo xtask`: the project's automation (CI, validation, generated tables, benchmarks).
//!
//! Not a library; every task shells out to cargo so that it runs the same everywhere.

use std::process::{Command, ExitCode};

fn cargo(args: &[&str]) -> bool {
    eprintln!("$ cargo {}", args.join(" "));
    Command::new(env!("CARGO"))
        .args(args)
        .status()
        .is_ok_and(|s| s.success())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ok = match args.first().map(String::as_str) {
        Some("ci") => cargo(&["test", "--workspace"]),
        Some("test") => cargo(&["test", "--workspace"]),
        _ => {
            eprintln!("usage: cargo xtask <ci|test>");
            return ExitCode::from(2);
        }
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
