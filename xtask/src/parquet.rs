//! `cargo xtask parquet`: corpus-tool's Parquet files read by an independent reader
//! (pyarrow, from PyPI) and checked against the CSV report of the same inputs.
//!
//! 1. The venv `cargo xtask python` makes (`target/py-venv`) is used, made with the
//!    machine's `python3` (or `$RENJU_KIT_PYTHON`) when absent; pyarrow is installed into it
//!    when it cannot be imported.
//! 2. `corpus-tool` is built in release.
//! 3. For the bundled `corpus/` and the 147k archive
//!    (`../shared/corpora/dasimagin-renju/train-2.renju`): `corpus-tool convert INPUT
//!    games.parquet`, `corpus-tool validate --report audit.csv` and `--report audit.parquet`
//!    into `target/tmp/parquet-check/`, then `crates/parquet/tests/independent/check.py`
//!    (row counts, keys, declared results, move counts, types, every report value against the
//!    CSV; the archive's game file has at least 2 row groups). Likewise `dedupe`, `search`
//!    (a position and a pattern) and `openings stats`, each with `--report X.csv` and
//!    `--report X.parquet`: the Parquet report's columns, types, rows and every value
//!    against the CSV.
//!
//!    The game file is then rewritten by pyarrow in each codec it writes (none, snappy,
//!    gzip, brotli, lz4, zstd; `recompress.py`), and each converted back to `.renju` gives
//!    the bytes the game file itself gives.
//!
//! 4. `cargo test --release -p corpus-tool --test it -- --ignored parquet::`: `.renju` ->
//!    Parquet -> `.renju` byte-identical on the 147k archive.
//!
//! A check that cannot run (no `python3`, no network to PyPI, the archive missing) fails
//! when `CI` is set and is skipped with a note otherwise.

use crate::{cannot_run_under, root, under_ci};
use std::path::{Path, PathBuf};
use std::process::Command;

fn run(cmd: &mut Command, what: &str, ok: &[i32]) -> Result<(), String> {
    eprintln!("$ {what}");
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    match status.code() {
        Some(c) if ok.contains(&c) => Ok(()),
        _ => Err(format!("{what} failed ({status})")),
    }
}

/// The venv's python with pyarrow importable; `None` when it cannot be had (said).
fn python_with_pyarrow() -> Result<Option<PathBuf>, String> {
    let python = match crate::python::make_venv() {
        Ok(python) => python,
        Err(e) => {
            cannot_run_under(under_ci(), "the Parquet check", &e, "Debian's python3-venv")?;
            return Ok(None);
        }
    };
    let has = |p: &Path| {
        Command::new(p)
            .args(["-c", "import pyarrow"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !has(&python) {
        let pip = run(
            Command::new(&python).args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "pyarrow",
            ]),
            "target/py-venv/bin/python -m pip install pyarrow",
            &[0],
        );
        if let Err(e) = pip {
            cannot_run_under(under_ci(), "the Parquet check", &e, "pyarrow from PyPI")?;
            return Ok(None);
        }
    }
    Ok(Some(python))
}

/// Converts and audits `input` into `out` and checks the files with pyarrow.
fn check_input(
    python: &Path,
    tool: &Path,
    input: &Path,
    out: &Path,
    min_row_groups: usize,
) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let games = out.join("games.parquet");
    let csv = out.join("audit.csv");
    let audit = out.join("audit.parquet");
    let shown = |p: &Path| p.display().to_string();
    // 0: everything read; 1: some records unreadable or some fields dropped (said on stdout)
    run(
        Command::new(tool)
            .args(["convert", "--quiet"])
            .arg(input)
            .arg(&games),
        &format!("corpus-tool convert {} {}", shown(input), shown(&games)),
        &[0, 1],
    )?;
    for report in [&csv, &audit] {
        run(
            Command::new(tool)
                .args(["validate", "--quiet", "--report"])
                .arg(report)
                .arg(input),
            &format!(
                "corpus-tool validate --report {} {}",
                shown(report),
                shown(input)
            ),
            &[0, 1],
        )?;
    }
    // the other typed reports: each command with --report X.csv, then --report X.parquet
    let pattern = out.join("pattern.txt");
    std::fs::write(&pattern, "? x ?\no ? ?\nx ? ?\n")
        .map_err(|e| format!("{}: {e}", pattern.display()))?;
    let pattern = pattern.display().to_string();
    let commands: [(&str, &str, Vec<&str>); 4] = [
        ("dedupe", "dedupe", vec!["dedupe", "--min-moves", "5"]),
        ("search", "search", vec!["search", "--position", "h8 h9"]),
        ("search", "pattern", vec!["search", "--pattern", &pattern]),
        (
            "openings-stats",
            "openings-stats",
            vec!["openings", "stats"],
        ),
    ];
    let mut reports = Vec::new();
    for (name, file, args) in &commands {
        let pair = [
            out.join(format!("{file}.csv")),
            out.join(format!("{file}.parquet")),
        ];
        for report in &pair {
            run(
                Command::new(tool)
                    .args(args)
                    .arg("--quiet")
                    .arg("--report")
                    .arg(report)
                    .arg(input),
                &format!(
                    "corpus-tool {} --report {} {}",
                    args.join(" "),
                    shown(report),
                    shown(input)
                ),
                &[0, 1],
            )?;
        }
        reports.push(name.to_string());
        reports.extend(pair.iter().map(|p| shown(p)));
    }
    let script = root().join("crates/parquet/tests/independent/check.py");
    run(
        Command::new(python)
            .arg(&script)
            .arg(&games)
            .arg(&csv)
            .arg(&audit)
            .arg(min_row_groups.to_string())
            .args(&reports),
        &format!("python {} ...", shown(&script)),
        &[0],
    )?;
    recompressed(python, tool, &games, out)
}

/// The game file `games` rewritten by pyarrow in each codec it writes
/// (`crates/parquet/tests/independent/recompress.py`), each converted by corpus-tool to
/// `.renju`: every one gives the bytes `games` itself gives.
fn recompressed(python: &Path, tool: &Path, games: &Path, out: &Path) -> Result<(), String> {
    let shown = |p: &Path| p.display().to_string();
    let script = root().join("crates/parquet/tests/independent/recompress.py");
    let made = Command::new(python)
        .arg(&script)
        .arg(games)
        .arg(out)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", shown(&script)))?;
    if !made.status.success() {
        return Err(format!(
            "python {} failed: {}",
            shown(&script),
            String::from_utf8_lossy(&made.stderr)
        ));
    }
    let convert = |from: &Path, to: &Path| -> Result<Vec<u8>, String> {
        run(
            Command::new(tool)
                .args(["convert", "--quiet"])
                .arg(from)
                .arg(to),
            &format!("corpus-tool convert {} {}", shown(from), shown(to)),
            &[0, 1],
        )?;
        std::fs::read(to).map_err(|e| format!("{}: {e}", to.display()))
    };
    let want = convert(games, &out.join("games.renju"))?;
    let files: Vec<PathBuf> = String::from_utf8_lossy(&made.stdout)
        .lines()
        .map(PathBuf::from)
        .collect();
    if files.len() != 6 || want.is_empty() {
        return Err(format!(
            "{}: {} files rewritten, {} bytes of .renju (6 files and some games expected)",
            shown(&script),
            files.len(),
            want.len()
        ));
    }
    for file in &files {
        let got = convert(file, &file.with_extension("renju"))?;
        if got != want {
            return Err(format!(
                "{} (pyarrow's) read as other games than {}",
                shown(file),
                shown(games)
            ));
        }
        eprintln!("{}: the same games", shown(file));
    }
    Ok(())
}

/// `cargo xtask parquet` (see the module documentation).
pub fn check() -> Result<(), String> {
    let Some(python) = python_with_pyarrow()? else {
        return Ok(());
    };
    crate::cargo(&["build", "--release", "-p", "corpus-tool"])?;
    let tool = crate::target_dir().join("release").join("corpus-tool");
    let tmp = crate::target_dir().join("tmp").join("parquet-check");
    check_input(
        &python,
        &tool,
        &root().join("corpus"),
        &tmp.join("corpus"),
        1,
    )?;
    let shared =
        std::env::var_os("RENJU_SHARED").map_or_else(|| root().join("../shared"), PathBuf::from);
    let archive = shared.join("corpora/dasimagin-renju/train-2.renju");
    if archive.exists() {
        check_input(&python, &tool, &archive, &tmp.join("archive"), 2)?;
    } else {
        cannot_run_under(
            under_ci(),
            "the Parquet check of the 147k archive",
            &format!("{} is missing", archive.display()),
            "the shared data beside the repository (../shared)",
        )?;
    }
    // the round trip (the test itself skips, or fails under CI, without the archive)
    crate::cargo(&[
        "test",
        "--release",
        "-p",
        "corpus-tool",
        "--test",
        "it",
        "--",
        "--ignored",
        "parquet::",
        "--nocapture",
    ])
}
