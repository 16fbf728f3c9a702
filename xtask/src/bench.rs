//! `cargo xtask bench [--markdown]`: every benchmark of the workspace (the cargo benches and
//! the Python package's), then the whole commands the docs quote timed end to end; with `--markdown`, `docs/performance.md` is
//! written from what this run printed: every figure with the command that produced it and
//! the machine it ran on.
//!
//! The figures are the benches' own lines, copied as printed, and the wall times of whole
//! commands measured here (best and mean of a few runs). Nothing is edited by hand: a figure
//! that drifts is regenerated, never retyped.

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// A `cargo bench` target: the package, the bench, what it measures.
struct CargoBench {
    package: &'static str,
    bench: &'static str,
    title: &'static str,
}

/// Every bench target of the workspace, in the order run.
const CARGO_BENCHES: [CargoBench; 8] = [
    CargoBench {
        package: "renju-core",
        bench: "fouls",
        title: "Foul checker: whole-board scans and the incremental board (renju-core)",
    },
    CargoBench {
        package: "renju-vcf",
        bench: "vcf",
        title: "VCF solver (renju-vcf)",
    },
    CargoBench {
        package: "renju-vct",
        bench: "vct",
        title: "VCT solver (renju-vct)",
    },
    CargoBench {
        package: "corpus-tool",
        bench: "fouls",
        title: "`corpus-tool fouls` in process",
    },
    CargoBench {
        package: "corpus-tool",
        bench: "archive",
        title: "Archive audit: the 147k archive and 2,000 small files, 1 and 2 jobs",
    },
    CargoBench {
        package: "corpus-tool",
        bench: "archive_ops",
        title: "Dedupe and search",
    },
    CargoBench {
        package: "corpus-tool",
        bench: "openings_stats",
        title: "Opening statistics",
    },
    CargoBench {
        package: "corpus-tool",
        bench: "sgf_tree",
        title: "SGF trees",
    },
];

/// The shared 147k-game archive the whole-command timings read.
const ARCHIVE: &str = "../shared/corpora/dasimagin-renju/train-2.renju";

/// A whole command timed end to end: its `corpus-tool` arguments (paths relative to the
/// repository root), how many runs, and whether it needs the shared archive.
struct Timed {
    args: &'static [&'static str],
    runs: usize,
    needs_archive: bool,
}

/// The whole commands the README and the docs quote.
const TIMED: [Timed; 5] = [
    Timed {
        args: &["validate", "--quiet", "--jobs", "1", ARCHIVE],
        runs: 5,
        needs_archive: true,
    },
    Timed {
        args: &["validate", "--quiet", "--jobs", "2", ARCHIVE],
        runs: 5,
        needs_archive: true,
    },
    Timed {
        args: &[
            "validate",
            "--quiet",
            "--missed-wins",
            "--jobs",
            "2",
            ARCHIVE,
        ],
        runs: 1,
        needs_archive: true,
    },
    // the archive to Parquet (docs/parquet.md: within 2x validate --jobs 2)
    Timed {
        args: &[
            "convert",
            "--quiet",
            "--jobs",
            "2",
            ARCHIVE,
            "target/bench-games.parquet",
        ],
        runs: 5,
        needs_archive: true,
    },
    Timed {
        args: &["validate", "--quiet", "corpus/games/"],
        runs: 5,
        needs_archive: false,
    },
];

/// The command line of a cargo bench, as the doc prints it.
fn bench_command(b: &CargoBench) -> String {
    format!("cargo bench -p {} --bench {}", b.package, b.bench)
}

/// The command line of a timed command, as the doc prints it.
fn timed_command(t: &Timed) -> String {
    format!("corpus-tool {}", t.args.join(" "))
}

/// What one bench printed.
struct Ran {
    command: String,
    title: &'static str,
    output: String,
}

/// Runs `cargo bench` for one target: cargo's progress on stderr as it goes, the bench's
/// own lines captured (and echoed).
fn run_bench(root: &Path, b: &CargoBench) -> Result<Ran, String> {
    let command = bench_command(b);
    eprintln!("$ {command}");
    let out = Command::new(env!("CARGO"))
        .args(["bench", "-p", b.package, "--bench", b.bench])
        .current_dir(root)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let output = String::from_utf8_lossy(&out.stdout).into_owned();
    print!("{output}");
    if !out.status.success() {
        return Err(format!("{command} failed"));
    }
    Ok(Ran {
        command,
        title: b.title,
        output,
    })
}

/// A whole command's wall times.
struct Times {
    command: String,
    best: f64,
    mean: f64,
    runs: usize,
}

/// Times one whole command with the release `corpus-tool` (exit status 0 or 1 is a run).
fn time_command(root: &Path, binary: &Path, t: &Timed) -> Result<Times, String> {
    let command = timed_command(t);
    let mut all = Vec::new();
    for _ in 0..t.runs {
        let start = Instant::now();
        let status = Command::new(binary)
            .args(t.args)
            .current_dir(root)
            .stdout(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
        all.push(start.elapsed().as_secs_f64());
        if !matches!(status.code(), Some(0 | 1)) {
            return Err(format!("{command} failed ({status})"));
        }
    }
    let best = all.iter().copied().fold(f64::MAX, f64::min);
    let mean = all.iter().sum::<f64>() / all.len() as f64;
    eprintln!(
        "{command}: best {best:.2} s, mean {mean:.2} s of {}",
        t.runs
    );
    Ok(Times {
        command,
        best,
        mean,
        runs: t.runs,
    })
}

/// The machine, in one line: CPU model, cores, memory, compiler.
fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let memory = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or_else(String::new, |kb| {
            format!(", {:.0} GiB", kb / 1024.0 / 1024.0)
        });
    let rustc = Command::new("rustc")
        .arg("-V")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    format!("{cpu}, {cores} cores{memory}; {rustc}")
}

/// The text of `docs/performance.md` from the figures of one run.
fn markdown(machine: &str, benches: &[Ran], timed: &[Times], skipped: &[String]) -> String {
    let mut s = String::from(
        "# Performance\n\n\
         <!-- Generated by `cargo xtask bench --markdown`: do not edit by hand. -->\n\n\
         Every speed figure of the project, with the command that produced it. Regenerate \
         them all with\n`cargo xtask bench --markdown` (the benches in release, then the \
         whole commands timed end to end).\n\n",
    );
    let _ = writeln!(s, "Machine: {machine}.\n");
    s.push_str(
        "Figures move from run to run and with other work on the machine: compare the \
         ratios each bench\nmeasures against its yardstick in the same run (a literal \
         checker, 1 job against 2), not\nabsolute figures across machines.\n",
    );
    for b in benches {
        let _ = write!(
            s,
            "\n## {}\n\n`{}`\n\n```text\n{}",
            b.title, b.command, b.output
        );
        if !b.output.ends_with('\n') {
            s.push('\n');
        }
        s.push_str("```\n");
    }
    s.push_str(
        "\n## Whole commands\n\nWall time of the release binary (`target/release/corpus-tool`, \
         built by `cargo build --release\n-p corpus-tool`), start-up included, standard output \
         discarded, run from the repository root.\n\n\
         | command | runs | best | mean |\n|---|---|---|---|\n",
    );
    for t in timed {
        let _ = writeln!(
            s,
            "| `{}` | {} | {:.2} s | {:.2} s |",
            t.command, t.runs, t.best, t.mean
        );
    }
    for k in skipped {
        let _ = writeln!(s, "| `{k}` | not run: `{ARCHIVE}` is absent | | |");
    }
    s
}

/// The command of the Python package's benchmark, as the doc prints it.
const PYTHON_BENCH: &str = "cargo xtask python --bench";

/// `cargo xtask bench [--markdown]`.
pub fn bench(root: &Path, markdown_out: bool) -> Result<(), String> {
    let mut ran = Vec::new();
    for b in &CARGO_BENCHES {
        ran.push(run_bench(root, b)?);
    }
    // the Python package against its yardstick (a step that cannot run fails: no python3,
    // no PyPI)
    eprintln!("$ {PYTHON_BENCH}");
    ran.push(Ran {
        command: PYTHON_BENCH.to_string(),
        title: "Python package (`renju_kit`, crates/renju-py) against `renju` 0.1.0's referee \
                and `corpus-tool fouls`",
        output: crate::python::bench_report()?,
    });
    eprintln!("$ cargo build --release -p corpus-tool");
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "-p", "corpus-tool"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("cargo build --release -p corpus-tool failed".to_string());
    }
    let binary = crate::target_dir().join("release/corpus-tool");
    let archive = root.join(ARCHIVE).is_file();
    let mut timed = Vec::new();
    let mut skipped = Vec::new();
    for t in &TIMED {
        if t.needs_archive && !archive {
            eprintln!("SKIPPED: {}: {ARCHIVE} is absent", timed_command(t));
            skipped.push(timed_command(t));
            continue;
        }
        timed.push(time_command(root, &binary, t)?);
    }
    if markdown_out {
        let path = root.join("docs/performance.md");
        let text = markdown(&machine(), &ran, &timed, &skipped);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

/// Every command `bench --markdown` writes into the doc, in order (for the staleness test).
#[cfg(test)]
fn commands() -> Vec<String> {
    CARGO_BENCHES
        .iter()
        .map(bench_command)
        .chain(std::iter::once(PYTHON_BENCH.to_string()))
        .chain(TIMED.iter().map(timed_command))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `docs/performance.md` is what `bench --markdown` writes: every bench and every timed
    /// command in it, in order, with the machine line (the figures themselves are a run's).
    #[test]
    fn the_performance_doc_holds_every_command() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let doc = std::fs::read_to_string(root.join("docs/performance.md"))
            .expect("docs/performance.md: run cargo xtask bench --markdown");
        assert!(doc.contains("Generated by `cargo xtask bench --markdown`"));
        assert!(doc.contains("\nMachine: "));
        let mut at = 0;
        for c in commands() {
            let found = doc[at..].find(&format!("`{c}`")).unwrap_or_else(|| {
                panic!("docs/performance.md lacks `{c}` (in order): regenerate it")
            });
            at += found + c.len();
        }
        // and the markdown of a run has the same shape
        let ran = [Ran {
            command: bench_command(&CARGO_BENCHES[0]),
            title: CARGO_BENCHES[0].title,
            output: "fouls: 1 boards/s".to_string(),
        }];
        let t = [Times {
            command: timed_command(&TIMED[0]),
            best: 0.2,
            mean: 0.25,
            runs: 5,
        }];
        let md = markdown("a machine", &ran, &t, &[]);
        assert!(md.contains("```text\nfouls: 1 boards/s\n```"), "{md}");
        assert!(md.contains("| 5 | 0.20 s | 0.25 s |"), "{md}");
    }
}
