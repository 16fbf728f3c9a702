//! `cargo xtask`: the project's automation.
//!
//! Every task is a subcommand; `cargo xtask --help` lists them and `cargo xtask TASK --help`
//! prints a task's usage (and exits 0 without running it). Not a library and not part of the
//! product: it builds, tests, regenerates and checks.

mod atlas;
mod bench;
mod package;
mod parquet;
mod python;
mod semver;
mod tables;

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    about = "The project's automation: tests, audits, generated files, benchmarks."
)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Everything CI runs (see `cargo xtask ci --help`).
    #[command(long_about = "Everything CI runs, in this order:
  1. cargo test --workspace
  2. cargo test -p renju-core --features serde --test it serde_feature::
  3. the real-archive audit in release (corpus-tool tests/it archive::, ignored by default):
     every line accounted for, the documented totals pinned, both conventions;
     and the opening book of that archive against a scan (renju-book tests/it archive::)
  4. the HTML report opened in headless Chromium, in release (corpus-tool tests/it html::,
     the corpus and the 147k archive; Debian's `chromium`)
  5. a shorter run of the literal reference comparison in release (20,000 + 5,000 boards)
  6. cargo xtask tables --check (docs/tables/ current)
  7. cargo xtask atlas --check (docs/atlas/ current)
  8. cargo xtask package (every published crate packaged, then built and tested from its
     .crate contents alone)
  9. cargo xtask semver (the public API against the last release, cargo-semver-checks)
 10. cargo machete --skip-target-dir crates xtask (no unused dependency in a workspace
     crate)
 11. cargo xtask python --spark (the Python package: wheel built, installed in
     target/py-venv, pytest, mypy --strict and stubtest; then the Spark audit in local mode)
 12. cargo xtask parquet (corpus-tool's Parquet game file and report read with pyarrow and
     checked against the CSV report, the corpus and the 147k archive; the archive's
     .renju -> Parquet -> .renju round trip byte-identical, corpus-tool tests/it parquet::)
A check that cannot run (a tool or the shared data missing) fails when CI is set and
says how to install what is missing; without CI it is skipped with a note.
.ci/run installs cargo-machete, cargo-semver-checks and chromium, then runs cargo fmt --check
and cargo clippy -D warnings before this.")]
    Ci,
    /// cargo test --workspace.
    Test,
    /// Package every published crate, then build and test the packages from their .crate files.
    #[command(
        long_about = "Package every published crate (cargo package), unpack the .crate \
files into target/package-check/ as a workspace of their own (crates.io dependencies patched to \
the unpacked packages, the repository's Cargo.lock, --offline) and run cargo test there: each \
package's unit and doc tests build and pass from what would reach crates.io."
    )]
    Package,
    /// The public API of every published crate checked against the last release
    /// (cargo-semver-checks); --bless makes the current packages the baseline.
    #[command(
        long_about = "Check the public API of every published crate against the last \
release, kept as its .crate files in api/baseline/, with cargo-semver-checks (cargo install \
cargo-semver-checks --locked): a change that needs a version bump the version does not have \
fails. --bless (when a version is released) writes the current packages to api/baseline/."
    )]
    Semver {
        /// Make the current packages the baseline instead of checking.
        #[arg(long)]
        bless: bool,
    },
    /// Audit archives in release mode (default: the project's corpus/).
    #[command(
        long_about = "Audit archives in release mode: `corpus-tool validate ARGS...`. \
Without a PATH, audits the project's own corpus/ (paths printed as corpus/...). Findings \
are the auditor's answer, not a failure of the task; only a run that fails (status 2) \
fails the task. Every corpus-tool validate option works, e.g. \
`cargo xtask validate --strict --report audit.csv ARCHIVE`."
    )]
    Validate {
        /// Options and paths passed to `corpus-tool validate`.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "ARGS"
        )]
        args: Vec<String>,
    },
    /// The Python package: abi3 wheel built with maturin into target/py-venv, installed, tested.
    #[command(
        long_about = "The Python package (crates/renju-py, distribution renju-kit): \
target/py-venv made when absent and maturin, pytest, hypothesis, mypy and pyarrow installed \
into it from PyPI; corpus-tool built in release (the tests compare with it); the abi3 wheel \
built by maturin into target/wheels and installed; pytest over crates/renju-py/tests; \
mypy --strict on a typed example and mypy.stubtest on the stubs. With --spark: PySpark installed \
too and the Spark tests run (renju_kit.spark.audit in local mode on the 147k archive split into \
16 files; Java 17+ needed). With --bench: the `renju` package installed as the yardstick and \
crates/renju-py/bench/bench.py run instead."
    )]
    Python {
        /// Run the benchmark (installs the `renju` yardstick into the venv) instead of the tests.
        #[arg(long)]
        bench: bool,
        /// Also run the Spark tests (installs PySpark into the venv; needs Java 17+).
        #[arg(long)]
        spark: bool,
    },
    /// corpus-tool's Parquet files read with pyarrow and checked against the CSV report.
    #[command(
        long_about = "corpus-tool's Parquet files read by an independent reader: pyarrow in target/py-venv (the venv of `cargo xtask python`, made and given pyarrow from PyPI when missing). For the corpus and the 147k archive: corpus-tool convert INPUT games.parquet, validate --report audit.csv and --report audit.parquet, then crates/parquet/tests/independent/check.py: the game schema, row counts, keys, declared results and moves against the CSV, the report's types and every value; then the 147k archive's .renju -> Parquet -> .renju round trip, byte-identical (corpus-tool tests/it parquet::, in release). What cannot run fails under CI, else it is skipped with a note."
    )]
    Parquet,
    /// Write docs/tables/ (openings, continuous swap, opening rules).
    Tables {
        /// Fail if the files differ from what the code generates, write nothing.
        #[arg(long)]
        check: bool,
    },
    /// Every benchmark, then the whole commands the docs quote, timed (see `--help`).
    #[command(
        long_about = "Every benchmark of the workspace in release (each cargo bench listed \
in xtask/src/bench.rs, then the Python package's, `cargo xtask python --bench`), then the whole \
corpus-tool commands the docs point to, timed end to end (best and mean of a few runs). With \
--markdown, docs/performance.md is written from this run: every figure with its command, the \
machine and its load. A step that cannot run is written as not run and fails the task. With \
--only PATTERN (repeatable), only the benches and commands whose command line contains a PATTERN \
run; with --markdown the doc's other sections are kept as they were (each section says the load \
average of the run that wrote it)."
    )]
    Bench {
        /// Write docs/performance.md from the figures of this run.
        #[arg(long)]
        markdown: bool,
        /// Run only the entries whose command line contains PATTERN (repeatable); with
        /// `--markdown`, the others' sections are kept from the present doc.
        #[arg(long, value_name = "PATTERN")]
        only: Vec<String>,
    },
    /// Long run: the fast foul checker against a literal reference on 250,000 random boards.
    Reference,
    /// Draw docs/atlas/ and docs/atlas.md from corpus/fouls/.
    Atlas {
        /// Fail if the files are stale, write nothing.
        #[arg(long)]
        check: bool,
    },
    /// The atlas snapshot tests, INSTA_UPDATE=no.
    Snapshots,
}

/// The repository root (the parent of `xtask/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from(".."), Path::to_path_buf)
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

fn check_flag(check: bool) -> Vec<String> {
    if check {
        vec!["--check".to_string()]
    } else {
        Vec::new()
    }
}

fn ci() -> Result<(), String> {
    cargo(&["test", "--workspace"])?;
    cargo(&[
        "test",
        "-p",
        "renju-core",
        "--features",
        "serde",
        "--test",
        "it",
        "serde_feature::",
    ])?;
    cargo(&[
        "test",
        "--release",
        "-p",
        "corpus-tool",
        "--test",
        "it",
        "--",
        "--ignored",
        "archive::",
        "--nocapture",
    ])?;
    // the opening book of the 147k archive against a scan (renju-book tests/it/archive.rs)
    cargo(&[
        "test",
        "--release",
        "-p",
        "renju-book",
        "--test",
        "it",
        "--",
        "--ignored",
        "archive::",
    ])?;
    // The HTML report in headless Chromium (each test prints SKIPPED when it is absent): the
    // example corpus (screenshot under target/tmp/html-report/) and the 147k archive's page.
    cargo(&[
        "test",
        "--release",
        "-p",
        "corpus-tool",
        "--test",
        "it",
        "--",
        "--include-ignored",
        "html::",
        "--nocapture",
    ])?;
    // A shorter run of the literal reference comparison in release (the full one is
    // `cargo xtask reference`).
    eprintln!(
        "$ REFERENCE_BOARDS=20000 REFERENCE_DEEP_BOARDS=5000 cargo test --release -p renju-core --test it -- --ignored reference::"
    );
    let status = Command::new(env!("CARGO"))
        .args([
            "test",
            "--release",
            "-p",
            "renju-core",
            "--test",
            "it",
            "--",
            "--ignored",
            "reference::",
        ])
        .env("REFERENCE_BOARDS", "20000")
        .env("REFERENCE_DEEP_BOARDS", "5000")
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("the reference comparison failed".to_string());
    }
    tables::run(&check_flag(true))?;
    atlas::atlas(&check_flag(true))?;
    package::package()?;
    semver::check()?;
    machete()?;
    python::python(false, true)?;
    parquet::check()
}

/// Whether the environment says this is a CI run (`CI` set, not empty or `false`).
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// A check that cannot run: a failure under CI (a CI that cannot check is not green), a
/// note otherwise. `install` says how to get what is missing.
fn cannot_run(check: &str, why: &str, install: &str) -> Result<(), String> {
    cannot_run_under(under_ci(), check, why, install)
}

/// [`cannot_run`] with the CI question answered (`ci`).
fn cannot_run_under(ci: bool, check: &str, why: &str, install: &str) -> Result<(), String> {
    if ci {
        Err(format!("{check} cannot run: {why} (install it: {install})"))
    } else {
        eprintln!("SKIPPED: {check}: {why} (install it: {install}; under CI this fails)");
        Ok(())
    }
}

/// `cargo machete`: fails on a dependency no crate uses. When the tool is not installed:
/// fails under CI, skipped with a note otherwise (`.ci/run` installs it).
fn machete() -> Result<(), String> {
    // `cargo-machete` is run as its own binary: called as `cargo machete` from inside a cargo
    // run, it takes its own name for a path and checks nothing.
    let installed = Command::new("cargo-machete")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !installed {
        return cannot_run(
            "cargo machete (unused dependencies)",
            "cargo-machete is not installed",
            "cargo install cargo-machete --locked",
        );
    }
    // the workspace members CI builds (fuzz/ is outside the stable build)
    eprintln!("$ cargo-machete --skip-target-dir crates xtask");
    let status = Command::new("cargo-machete")
        .args(["--skip-target-dir", "crates", "xtask"])
        .current_dir(root())
        .status()
        .map_err(|e| format!("cannot run cargo-machete: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err("cargo machete found unused dependencies".to_string())
    }
}

/// The cargo arguments of `cargo xtask validate ARGS...`, and the folder to run them in:
/// without a PATH, the project's `corpus`, from the root, so that paths print as
/// `corpus/...` (not `.../xtask/../corpus/...`).
fn validate_command(args: &[String]) -> (Option<PathBuf>, Vec<String>) {
    // not --quiet: a first run builds in release for minutes, and cargo's progress says so
    let mut cmd_args: Vec<String> = ["run", "--release", "-p", "corpus-tool", "--", "validate"]
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut dir = None;
    if args.iter().all(|a| a.starts_with('-')) {
        dir = Some(root());
        cmd_args.push("corpus".to_string());
    }
    cmd_args.extend(args.iter().cloned());
    (dir, cmd_args)
}

/// `cargo xtask validate [ARGS...]` (see its `--help`).
fn validate(args: &[String]) -> Result<(), String> {
    let (dir, cmd_args) = validate_command(args);
    let mut cmd = Command::new(env!("CARGO"));
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    eprintln!("$ cargo {}", cmd_args.join(" "));
    if !target_dir().join("release/corpus-tool").exists() {
        eprintln!(
            "building corpus-tool in release first (a few minutes the first time; cargo's \
             progress follows)"
        );
    }
    let status = cmd
        .args(&cmd_args)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    match status.code() {
        Some(0 | 1) => Ok(()),
        _ => Err("the audit did not run to the end".to_string()),
    }
}

/// The cargo target folder (`CARGO_TARGET_DIR`, else `target/` at the root).
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (name, result) = match cli.task {
        Task::Ci => ("ci", ci()),
        Task::Test => ("test", cargo(&["test", "--workspace"])),
        Task::Package => ("package", package::package()),
        Task::Semver { bless } => (
            "semver",
            if bless {
                semver::bless()
            } else {
                semver::check()
            },
        ),
        Task::Validate { args } => ("validate", validate(&args)),
        Task::Python { bench, spark } => ("python", python::python(bench, spark)),
        Task::Parquet => ("parquet", parquet::check()),
        Task::Tables { check } => ("tables", tables::run(&check_flag(check))),
        Task::Bench { markdown, only } => ("bench", bench::bench(&root(), markdown, &only)),
        Task::Reference => (
            "reference",
            cargo(&[
                "test",
                "--release",
                "-p",
                "renju-core",
                "--test",
                "it",
                "--",
                "--ignored",
                "--nocapture",
                "reference::",
            ]),
        ),
        Task::Atlas { check } => ("atlas", atlas::atlas(&check_flag(check))),
        Task::Snapshots => ("snapshots", atlas::snapshots(&[])),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask {name}: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn every_task_has_help_and_parses() {
        Cli::command().debug_assert();
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        assert_eq!(
            names,
            [
                "ci",
                "test",
                "package",
                "semver",
                "validate",
                "python",
                "parquet",
                "tables",
                "bench",
                "reference",
                "atlas",
                "snapshots"
            ]
        );
        for name in &names {
            let e = Cli::try_parse_from(["xtask", name, "--help"])
                .err()
                .unwrap_or_else(|| panic!("{name} --help must print usage, not run"));
            assert_eq!(e.kind(), clap::error::ErrorKind::DisplayHelp, "{name}");
            assert_eq!(e.exit_code(), 0, "{name}");
        }
        // validate without a PATH audits corpus from the root: clean paths
        let (dir, args) = validate_command(&["--strict".to_string()]);
        assert_eq!(dir.as_deref(), Some(root().as_path()));
        assert!(!root().display().to_string().contains(".."));
        assert!(root().join("corpus").is_dir());
        assert_eq!(args[args.len() - 2..], ["corpus", "--strict"]);
        let (dir, args) = validate_command(&["x.renju".to_string()]);
        assert!(dir.is_none() && args.last().unwrap() == "x.renju");
        // validate passes its options on
        let cli = Cli::try_parse_from(["xtask", "validate", "--strict", "x.renju"]).unwrap();
        assert!(matches!(cli.task, Task::Validate { args } if args == ["--strict", "x.renju"]));
        // cargo's progress is shown: a cold first run builds for minutes (#26 item 13)
        assert!(!args_of_validate().contains(&"--quiet".to_string()));
    }

    fn args_of_validate() -> Vec<String> {
        validate_command(&[]).1
    }

    /// #26 item 13: a check that cannot run fails CI, saying how to install what is missing;
    /// without CI it is a note.
    #[test]
    fn a_check_that_cannot_run_fails_under_ci() {
        let e = cannot_run_under(true, "cargo machete", "not installed", "cargo install x")
            .unwrap_err();
        assert!(
            e.contains("cannot run") && e.contains("cargo install x"),
            "{e}"
        );
        assert!(
            cannot_run_under(false, "cargo machete", "not installed", "cargo install x").is_ok()
        );
    }

    /// #26 item 14: `cargo xtask ci --help` names every step `ci` runs, the browser test
    /// included, in the order run.
    #[test]
    fn the_ci_help_names_every_step() {
        let mut cmd = Cli::command();
        let help = cmd
            .find_subcommand_mut("ci")
            .unwrap()
            .render_long_help()
            .to_string();
        let source = include_str!("main.rs");
        let body = &source[source.find("fn ci() ->").unwrap()..source.find("fn under_ci").unwrap()];
        let mut at = 0;
        for (step, in_code) in [
            ("cargo test --workspace", "\"test\", \"--workspace\""),
            ("serde_feature::", "\"serde_feature::\""),
            ("archive::", "\"archive::\""),
            ("html::", "\"html::\""),
            ("reference comparison", "\"reference::\""),
            ("tables --check", "tables::run"),
            ("atlas --check", "atlas::atlas"),
            ("cargo xtask package", "package::package()"),
            ("cargo xtask semver", "semver::check()"),
            ("cargo machete", "machete()"),
            ("cargo xtask python", "python::python(false, true)"),
            ("cargo xtask parquet", "parquet::check()"),
        ] {
            let found = help[at..]
                .find(step)
                .unwrap_or_else(|| panic!("ci --help lacks {step}"));
            at += found;
            assert!(body.contains(in_code), "ci() does not run {step}");
        }
    }
}
