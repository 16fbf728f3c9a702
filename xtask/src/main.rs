//! `cargo xtask`: the project's automation.
//!
//! Every task is a subcommand; `cargo xtask --help` lists them. Not a library and not part of
//! the product: it builds, tests, regenerates and checks.

mod atlas;

use std::process::{Command, ExitCode};

mod tables;

/// A task: name, one-line help, entry point.
type Task = (
    &'static str,
    &'static str,
    fn(&[String]) -> Result<(), String>,
);

const TASKS: &[Task] = &[
    (
        "ci",
        "everything CI runs: workspace tests, the real-archive audit (release), generated-file checks",
        ci,
    ),
    ("test", "cargo test --workspace", |_| {
        cargo(&["test", "--workspace"])
    }),
    (
        "validate",
        "audit archives in release mode: cargo xtask validate [PATH...] (default: corpus/)",
        validate,
    ),
    (
        "tables",
        "write docs/tables/ (openings, continuous swap, opening rules); --check: fail if stale",
        tables::run,
    ),
    (
        "bench",
        "benchmarks: foul checker (boards/s), archive audit (games/s, 1 and all jobs), dedupe and search",
        bench,
    ),
    (
        "reference",
        "long run: the fast foul checker against a literal reference on 250,000 random boards",
        |_| {
            cargo(&[
                "test",
                "--release",
                "-p",
                "renju-core",
                "--test",
                "reference",
                "--",
                "--ignored",
                "--nocapture",
            ])
        },
    ),
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

/// The repository root (the parent of `xtask/`).
fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

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
    cargo(&["test", "--workspace"])?;
    cargo(&[
        "test",
        "-p",
        "renju-core",
        "--features",
        "serde",
        "--test",
        "serde_feature",
    ])?;
    cargo(&[
        "test",
        "--release",
        "-p",
        "corpus-tool",
        "--test",
        "archive",
        "--",
        "--ignored",
        "--nocapture",
    ])?;
    // A shorter run of the literal reference comparison in release (the full one is
    // `cargo xtask reference`).
    let status = Command::new(env!("CARGO"))
        .args([
            "test",
            "--release",
            "-p",
            "renju-core",
            "--test",
            "reference",
            "--",
            "--ignored",
        ])
        .env("REFERENCE_BOARDS", "20000")
        .env("REFERENCE_DEEP_BOARDS", "5000")
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("the reference comparison failed".to_string());
    }
    tables::run(&["--check".to_string()])?;
    atlas::atlas(&["--check".to_string()])
}

/// `cargo xtask validate [PATH...]`: the auditor in release mode on the given paths, or on the
/// project's own `corpus/`. Findings are the auditor's answer, not a failure of the task; only a
/// run that fails (status 2) fails the task.
fn validate(args: &[String]) -> Result<(), String> {
    let mut cmd_args: Vec<String> = [
        "run",
        "--quiet",
        "--release",
        "-p",
        "corpus-tool",
        "--",
        "validate",
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    if args.iter().all(|a| a.starts_with('-')) {
        cmd_args.push(root().join("corpus").display().to_string());
    }
    cmd_args.extend(args.iter().cloned());
    eprintln!("$ cargo {}", cmd_args.join(" "));
    let status = Command::new(env!("CARGO"))
        .args(&cmd_args)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    match status.code() {
        Some(0 | 1) => Ok(()),
        _ => Err("the audit did not run to the end".to_string()),
    }
}

fn bench(_: &[String]) -> Result<(), String> {
    cargo(&["bench", "-p", "renju-core", "--bench", "fouls"])?;
    cargo(&["bench", "-p", "corpus-tool", "--bench", "archive"])?;
    cargo(&["bench", "-p", "corpus-tool", "--bench", "archive_ops"])
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
