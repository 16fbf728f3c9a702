//! `cargo xtask python`: the Python package (`crates/renju-py`, distribution `renju-kit`)
//! built, installed and tested in a virtual environment under `target/`.
//!
//! 1. `target/py-venv` is made with the machine's `python3` (or `$RENJU_KIT_PYTHON`) when
//!    absent, and the build and test tools are installed into it from PyPI: maturin, pytest,
//!    hypothesis, mypy and pyarrow (the package itself depends on none of them).
//! 2. `corpus-tool` is built in release: the tests compare the binding's answers with the
//!    command's on the same inputs (`RENJU_KIT_CORPUS_TOOL`).
//! 3. `maturin build --release` writes the abi3 wheel (`cp39-abi3`, CPython 3.9 and later)
//!    to `target/wheels/`; the step fails unless exactly one such wheel is there.
//! 4. `pip install --force-reinstall --no-deps` of that wheel into the venv.
//! 5. `pytest` over `crates/renju-py/tests` (a run that collects no test fails).
//! 6. `mypy --strict` over the typed example `tests/typed_usage.py`, against the installed
//!    package's stubs (`py.typed`, `_renju_kit.pyi`), and `mypy.stubtest`: the stubs agree
//!    with the compiled module.
//!
//! 7. With `--spark` (and in `cargo xtask ci`): PySpark is installed into the same venv and the
//!    Spark tests (`pytest -m spark`: `renju_kit.spark.audit` in local mode with two workers
//!    on the 147k archive split into 16 files, against `corpus-tool validate`) run. Spark
//!    needs Java 17 or later: without it the step fails when `CI` is set, and is skipped with
//!    a note otherwise.
//!
//! With `--bench`, `renju` (the one renju package on PyPI, the yardstick) is installed into the
//! same venv and `crates/renju-py/bench/bench.py` is run instead of the tests. A step that
//! cannot run (no `python3`, no network to PyPI) fails: it is never skipped green.

use crate::root;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The tools the build and the tests use, installed into the venv.
const TOOLS: &[&str] = &["maturin>=1.5,<2", "pytest", "hypothesis", "mypy", "pyarrow"];

fn run(cmd: &mut Command, what: &str) -> Result<(), String> {
    eprintln!("$ {what}");
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// The venv's folder (`target/py-venv`), and its `python`: the one venv of `cargo xtask
/// python` and `cargo xtask parquet`.
pub(crate) fn venv() -> (PathBuf, PathBuf) {
    let dir = root().join("target").join("py-venv");
    let python = dir.join("bin").join("python");
    (dir, python)
}

/// The venv made with the machine's `python3` (or `$RENJU_KIT_PYTHON`) when absent; its
/// `python`.
pub(crate) fn make_venv() -> Result<PathBuf, String> {
    let (dir, python) = venv();
    if !python.exists() {
        let base = std::env::var("RENJU_KIT_PYTHON").unwrap_or_else(|_| "python3".to_string());
        run(
            Command::new(&base).args(["-m", "venv"]).arg(&dir),
            &format!("{base} -m venv {}", dir.display()),
        )?;
    }
    Ok(python)
}

/// The venv made when absent, and the build and test tools installed into it.
fn ensure_venv() -> Result<PathBuf, String> {
    let python = make_venv()?;
    let mut args = vec![
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ];
    args.extend_from_slice(TOOLS);
    run(
        Command::new(&python).args(&args),
        &format!(
            "target/py-venv/bin/python -m pip install {}",
            TOOLS.join(" ")
        ),
    )?;
    Ok(python)
}

/// Builds the wheel and installs it; returns the venv's python.
fn build_and_install() -> Result<PathBuf, String> {
    let python = ensure_venv()?;
    let crate_dir = root().join("crates").join("renju-py");
    let wheels = root().join("target").join("wheels");
    if wheels.exists() {
        for e in std::fs::read_dir(&wheels).map_err(|e| format!("{}: {e}", wheels.display()))? {
            let p = e.map_err(|e| e.to_string())?.path();
            if p.extension().is_some_and(|x| x == "whl") {
                std::fs::remove_file(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            }
        }
    }
    run(
        Command::new(&python)
            .args(["-m", "maturin", "build", "--release", "--interpreter"])
            .arg(&python)
            .arg("--out")
            .arg(&wheels)
            .current_dir(&crate_dir),
        "maturin build --release --out target/wheels (crates/renju-py)",
    )?;
    let wheel = the_wheel(&wheels)?;
    run(
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--force-reinstall",
                "--no-deps",
            ])
            .arg(&wheel),
        &format!("pip install {}", wheel.display()),
    )?;
    Ok(python)
}

/// The one abi3 wheel maturin wrote.
fn the_wheel(dir: &Path) -> Result<PathBuf, String> {
    let wheels: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "whl"))
        .collect();
    match wheels.as_slice() {
        [w] if w
            .file_name()
            .is_some_and(|n| n.to_string_lossy().contains("-cp39-abi3-")) =>
        {
            Ok(w.clone())
        }
        [w] => Err(format!(
            "{}: not an abi3 wheel for CPython 3.9+ (cp39-abi3)",
            w.display()
        )),
        _ => Err(format!(
            "expected one wheel in {}, found {}",
            dir.display(),
            wheels.len()
        )),
    }
}

fn corpus_tool() -> Result<PathBuf, String> {
    crate::cargo(&["build", "--release", "-p", "corpus-tool"])?;
    Ok(crate::target_dir().join("release").join("corpus-tool"))
}

/// `cargo xtask python --bench`: the wheel built and installed, the yardstick installed, and
/// `bench/bench.py` run; its report (standard output) is printed and returned, for
/// `cargo xtask bench --markdown`.
pub fn bench_report() -> Result<String, String> {
    let tool = corpus_tool()?;
    let python = build_and_install()?;
    let crate_dir = root().join("crates").join("renju-py");
    run(
        Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "renju==0.1.0",
        ]),
        "pip install renju==0.1.0 (the yardstick, into the benchmark's venv only)",
    )?;
    let what = "python crates/renju-py/bench/bench.py";
    eprintln!("$ {what}");
    let out = Command::new(&python)
        .arg(crate_dir.join("bench").join("bench.py"))
        .env("RENJU_KIT_CORPUS_TOOL", &tool)
        .current_dir(root())
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    print!("{report}");
    if out.status.success() {
        Ok(report)
    } else {
        Err(format!("{what} failed ({})", out.status))
    }
}

/// PySpark with its `sql` extra (pandas, which `mapInArrow` needs; below 3, which PySpark 4 does
/// not fully support yet), for the Spark step (Spark 4 runs on Java 17 and later).
const SPARK: &[&str] = &["pyspark[sql]>=4,<5", "pandas<3"];

/// `cargo xtask python --bench --spark`: the wheel built and installed, PySpark installed, and
/// `bench/spark_bench.py` run; its report (standard output) is printed and returned, for
/// `cargo xtask bench --markdown`. Without Java 17 or later it fails (a benchmark is never
/// skipped green).
pub fn spark_bench_report() -> Result<String, String> {
    java_17().map_err(|e| {
        format!("the Spark benchmark needs Java 17 or later ({e}); install it with apt-get install openjdk-17-jre-headless")
    })?;
    let tool = corpus_tool()?;
    let python = build_and_install()?;
    install_spark(&python)?;
    let crate_dir = root().join("crates").join("renju-py");
    let what = "python crates/renju-py/bench/spark_bench.py";
    eprintln!("$ {what}");
    let out = Command::new(&python)
        .arg(crate_dir.join("bench").join("spark_bench.py"))
        .env("RENJU_KIT_CORPUS_TOOL", &tool)
        .current_dir(root())
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    print!("{report}");
    if out.status.success() {
        Ok(report)
    } else {
        Err(format!("{what} failed ({})", out.status))
    }
}

/// PySpark (and pandas) installed into the venv.
fn install_spark(python: &Path) -> Result<(), String> {
    run(
        Command::new(python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(SPARK),
        &format!(
            "target/py-venv/bin/python -m pip install {}",
            SPARK.join(" ")
        ),
    )
}

/// Whether `java -version` says 17 or later.
fn java_17() -> Result<(), String> {
    let out = Command::new("java")
        .arg("-version")
        .output()
        .map_err(|e| format!("no java on PATH ({e})"))?;
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    let major = text
        .split('"')
        .nth(1)
        .and_then(|v| v.split('.').next())
        .and_then(|m| m.parse::<u32>().ok());
    match major {
        Some(m) if out.status.success() && m >= 17 => Ok(()),
        _ => Err(format!(
            "java -version does not say 17 or later: {}",
            text.trim()
        )),
    }
}

/// The Spark step: Java checked, PySpark installed, `pytest -m spark`.
fn spark(python: &Path, tool: &Path) -> Result<(), String> {
    if let Err(e) = java_17() {
        let what = format!(
            "the Spark tests need Java 17 or later ({e}); install it with apt-get install openjdk-17-jre-headless"
        );
        if crate::under_ci() {
            return Err(what);
        }
        eprintln!("note: skipped: {what}");
        return Ok(());
    }
    install_spark(python)?;
    let crate_dir = root().join("crates").join("renju-py");
    let start = std::time::Instant::now();
    run(
        Command::new(python)
            .args([
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "-m",
                "spark",
                "tests",
            ])
            .env("RENJU_KIT_CORPUS_TOOL", tool)
            .current_dir(&crate_dir),
        "pytest -m spark crates/renju-py/tests (Spark in local mode, two workers)",
    )?;
    eprintln!("the Spark step took {:.0} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// `cargo xtask python`: build, install, test, type-check; with `spark`, the Spark step too;
/// with `bench`, the benchmark instead (with `spark` too, the Spark benchmark).
pub fn python(bench: bool, with_spark: bool) -> Result<(), String> {
    if bench && with_spark {
        return spark_bench_report().map(|_| ());
    }
    if bench {
        return bench_report().map(|_| ());
    }
    let tool = corpus_tool()?;
    let python = build_and_install()?;
    let crate_dir = root().join("crates").join("renju-py");
    run(
        Command::new(&python)
            .args([
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "-m",
                "not spark",
                "tests",
            ])
            .env("RENJU_KIT_CORPUS_TOOL", &tool)
            .current_dir(&crate_dir),
        "pytest -m 'not spark' crates/renju-py/tests",
    )?;
    run(
        Command::new(&python)
            .args([
                "-m",
                "mypy",
                "--strict",
                "--no-incremental",
                "tests/typed_usage.py",
            ])
            .current_dir(&crate_dir),
        "mypy --strict crates/renju-py/tests/typed_usage.py",
    )?;
    run(
        Command::new(&python)
            .args([
                "-m",
                "mypy.stubtest",
                "renju_kit",
                "--allowlist",
                "stubtest-allowlist.txt",
            ])
            .current_dir(&crate_dir),
        "python -m mypy.stubtest renju_kit (the stubs match the module)",
    )?;
    if with_spark {
        spark(&python, &tool)?;
    }
    Ok(())
}
