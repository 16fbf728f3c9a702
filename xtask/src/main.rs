//! `cargo xtask`: the project's automation.
//!
//! Every task is a subcommand; `cargo xtask --help` lists them. Not a library and not part of
//! the product: it builds, tests, regenerates and checks.

mod atlas;

use std::process::{Command, ExitCode};

/// A task: name, one-line help, entry point.
type Task = (
    &'static str,
    &'static str,
    fn(&[String]) -> Result<(), String>,
);

const TASKS: &[Task] = &[
    (
        "ci",
        "everything CI runs: the workspace tests, then the generated-file checks",
        ci,
    ),
    ("test", "cargo test --workspace", |_| {
        cargo(&["test", "--workspace"])
    }),
    (
        "atlas",
        "draw docs/atlas/ and docs/atlas.md (--check: fail if stale)",
        atlas::atlas,
    ),
    (
        "snapshots",
        "atlas snapshot tests, INSTA_UPDATE=no",
        atlas::snapshots,
    ),
];

/// Runs cargo with `args`, failing when it fails.
fn cargo(args: &[&str]) -> Result<(), String> {
    eprintln!("$ cargo {}", args.join(" "));
    let status = Command::new(env!("CARGO"))
        .args(args)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cargo {} failed", args.join(" ")))
    }
}

fn ci(_: &[String]) -> Result<(), String> {
    cargo(&["test", "--workspace"])
}

fn usage() -> String {
    let mut s = String::from("usage: cargo xtask <task> [args]\n\ntasks:\n");
    for (name, help, _) in TASKS {
        s.push_str(&format!("  {name:<10} {help}\n"));
    }
    s
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        eprint!("{}", usage());
        return ExitCode::from(2);
    };
    if name == "--help" || name == "-h" || name == "help" {
        print!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let Some((_, _, run)) = TASKS.iter().find(|(n, _, _)| n == name) else {
        eprintln!("unknown task '{name}'\n{}", usage());
        return ExitCode::from(2);
    };
    match run(&args[1..]) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask {name}: {e}");
            ExitCode::FAILURE
        }
    }
}
