//! `cargo xtask bench [--markdown]`: every benchmark of the workspace (the cargo benches and
//! the Python package's), then the whole commands the docs point to, timed end to end; with
//! `--markdown`, `docs/performance.md` is written from what this run printed: every figure
//! with the command that produced it and the machine it ran on.
//!
//! The figures are the benches' own lines, copied as printed, and the wall times of whole
//! commands measured here (best and mean of a few runs). Nothing is edited by hand: a figure
//! that drifts is regenerated, never retyped, and no other page quotes one (they link to
//! `docs/performance.md`).
//!
//! **Adding a figure is one entry:**
//! - a cargo bench (`crates/X/benches/Y.rs`, declared in its `Cargo.toml`): one [`CargoBench`]
//!   in [`CARGO_BENCHES`] — the package, the bench target, the section title;
//! - a whole `corpus-tool` command: one [`Timed`] in [`TIMED`] — its title, its arguments,
//!   how many runs, whether it reads the shared archive.
//!
//! The test `the_performance_doc_holds_every_command` then fails until `docs/performance.md`
//! is regenerated with `cargo xtask bench --markdown`, so that the doc never lacks an entry; a
//! section written into the doc by hand fails it too (a lasting figure is an entry here; a
//! comparison with a past build is history, for the CHANGELOG).
//! A step that fails (a bench that does not build, no PyPI for the Python yardstick) is
//! written into the doc as not run, with the reason, and the task fails after writing it.

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

/// Every bench target of the workspace, in the order run and written: add a bench here.
const CARGO_BENCHES: &[CargoBench] = &[
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
        package: "renju-book",
        bench: "book",
        title: "Opening book: build against validate and SQLite's floor, size, queries (renju-book)",
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

/// A whole command timed end to end: what it measures, its `corpus-tool` arguments (paths
/// relative to the repository root), how many runs, and whether it needs the shared archive.
struct Timed {
    title: &'static str,
    args: &'static [&'static str],
    runs: usize,
    needs_archive: bool,
}

/// The whole commands the docs point to, in the order run and written: add a command here.
const TIMED: &[Timed] = &[
    Timed {
        title: "audit of the 147k archive, 1 job",
        args: &["validate", "--quiet", "--jobs", "1", ARCHIVE],
        runs: 5,
        needs_archive: true,
    },
    Timed {
        title: "audit of the 147k archive, 2 jobs",
        args: &["validate", "--quiet", "--jobs", "2", ARCHIVE],
        runs: 5,
        needs_archive: true,
    },
    Timed {
        title: "audit of the 147k archive with the VCF scan of every position (`--missed-wins`)",
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
    Timed {
        title: "audit of the 147k archive with the VCT pass (`--missed-wins=vct`, depth 5)",
        args: &[
            "validate",
            "--quiet",
            "--missed-wins=vct",
            "--max-depth",
            "5",
            "--jobs",
            "2",
            ARCHIVE,
        ],
        runs: 1,
        needs_archive: true,
    },
    Timed {
        title: "the 147k archive to Parquet (docs/parquet.md)",
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
        title: "audit of the bundled corpus (22 small files)",
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

/// What one bench printed, or why it did not run.
struct Ran {
    command: String,
    title: &'static str,
    output: Result<String, String>,
}

/// Runs `cargo bench` for one target: cargo's progress on stderr as it goes, the bench's
/// own lines captured (and echoed). A bench that fails is reported, not fatal: the others
/// still run.
fn run_bench(root: &Path, b: &CargoBench) -> Ran {
    let command = bench_command(b);
    eprintln!("$ {command}");
    let output = Command::new(env!("CARGO"))
        .args(["bench", "-p", b.package, "--bench", b.bench])
        .current_dir(root)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))
        .and_then(|out| {
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            print!("{text}");
            if out.status.success() {
                Ok(text)
            } else {
                Err(format!("{command} failed ({})", out.status))
            }
        });
    Ran {
        command,
        title: b.title,
        output,
    }
}

/// A whole command's wall times, or why it did not run.
struct Times {
    title: &'static str,
    command: String,
    runs: usize,
    /// Best and mean wall time in seconds.
    seconds: Result<(f64, f64), String>,
}

/// Times one whole command with the release `corpus-tool` (exit status 0 or 1 is a run).
fn time_command(root: &Path, binary: &Path, t: &Timed) -> Times {
    let command = timed_command(t);
    let mut all = Vec::new();
    let mut seconds = Ok((0.0, 0.0));
    for _ in 0..t.runs {
        let start = Instant::now();
        let status = Command::new(binary)
            .args(t.args)
            .current_dir(root)
            .stdout(Stdio::null())
            .status();
        all.push(start.elapsed().as_secs_f64());
        match status {
            Ok(s) if matches!(s.code(), Some(0 | 1)) => {}
            Ok(s) => {
                seconds = Err(format!("{command} failed ({s})"));
                break;
            }
            Err(e) => {
                seconds = Err(format!("cannot run {}: {e}", binary.display()));
                break;
            }
        }
    }
    if seconds.is_ok() {
        let best = all.iter().copied().fold(f64::MAX, f64::min);
        let mean = all.iter().sum::<f64>() / all.len() as f64;
        eprintln!(
            "{command}: best {best:.2} s, mean {mean:.2} s of {}",
            t.runs
        );
        seconds = Ok((best, mean));
    }
    Times {
        title: t.title,
        command,
        runs: t.runs,
        seconds,
    }
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

/// The 1-minute load average (`/proc/loadavg`), when the system says it.
fn load_average() -> Option<String> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()
        .map(str::to_string)
}

/// The text of `docs/performance.md` from the figures of one run. `load` is the load average
/// at the start and at the end of the run.
fn markdown(
    machine: &str,
    load: (Option<String>, Option<String>),
    benches: &[Ran],
    timed: &[Times],
) -> String {
    let mut s = String::from(
        "# Performance\n\n\
         <!-- Generated by `cargo xtask bench --markdown` (xtask/src/bench.rs): do not edit by \
         hand. -->\n\n\
         Every speed figure of the project, with the command that produced it. Regenerate \
         them all with\n`cargo xtask bench --markdown` (the benches in release, then the \
         whole commands timed end to end).\n\n",
    );
    let _ = write!(s, "Machine: {machine}.");
    if let (Some(start), Some(end)) = load {
        let _ = write!(
            s,
            " Load average (1 minute) {start} at the start of the run, {end} at the end."
        );
    }
    s.push_str("\n\n");
    s.push_str(
        "Figures move from run to run and with other work on the machine: compare the \
         ratios each bench\nmeasures against its yardstick in the same run (a literal \
         checker, 1 job against 2), not\nabsolute figures across machines.\n",
    );
    for b in benches {
        let _ = write!(s, "\n## {}\n\n`{}`\n\n", b.title, b.command);
        match &b.output {
            Ok(out) => {
                let _ = write!(s, "```text\n{out}");
                if !out.ends_with('\n') {
                    s.push('\n');
                }
                s.push_str("```\n");
            }
            Err(why) => {
                let _ = writeln!(s, "Not run in this run: {why}.");
            }
        }
    }
    s.push_str(
        "\n## Whole commands\n\nWall time of the release binary (`target/release/corpus-tool`, \
         built by `cargo build --release\n-p corpus-tool`), start-up included, standard output \
         discarded, run from the repository root.\n\n\
         | what | command | runs | best | mean |\n|---|---|---|---|---|\n",
    );
    for t in timed {
        match &t.seconds {
            Ok((best, mean)) => {
                let _ = writeln!(
                    s,
                    "| {} | `{}` | {} | {} | {} |",
                    t.title,
                    t.command,
                    t.runs,
                    wall(*best),
                    wall(*mean)
                );
            }
            Err(why) => {
                let _ = writeln!(s, "| {} | `{}` | not run: {why} | | |", t.title, t.command);
            }
        }
    }
    s
}

/// A wall time as the doc prints it: seconds with 2 decimals from 1 s, milliseconds with 1
/// below (a run of a few milliseconds is not `0.00 s`).
fn wall(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else {
        format!("{:.1} ms", seconds * 1000.0)
    }
}

/// The command of the Python package's benchmark, as the doc prints it.
const PYTHON_BENCH: &str = "cargo xtask python --bench";

/// The title of the Python package's benchmark.
const PYTHON_TITLE: &str = "Python package (`renju_kit`, crates/renju-py) against `renju` \
                            0.1.0's referee and `corpus-tool fouls`";

/// The command of the Spark audit's benchmark, as the doc prints it.
const SPARK_BENCH: &str = "cargo xtask python --bench --spark";

/// The title of the Spark audit's benchmark.
const SPARK_TITLE: &str = "The audit on Spark (`renju_kit.spark.audit`, local mode, 2M games \
                           in 16 Parquet files) against `corpus-tool validate --jobs 2`";

/// `cargo xtask bench [--markdown]`: every step runs even when one fails; the doc (with
/// `--markdown`) says which did not run and why, and the task then fails.
pub fn bench(root: &Path, markdown_out: bool) -> Result<(), String> {
    let load_at_start = load_average();
    let mut ran: Vec<Ran> = CARGO_BENCHES.iter().map(|b| run_bench(root, b)).collect();
    // the Python package against its yardstick (needs python3 and PyPI)
    eprintln!("$ {PYTHON_BENCH}");
    ran.push(Ran {
        command: PYTHON_BENCH.to_string(),
        title: PYTHON_TITLE,
        output: crate::python::bench_report(),
    });
    // the Spark audit against validate (needs Java 17+ and PyPI)
    eprintln!("$ {SPARK_BENCH}");
    ran.push(Ran {
        command: SPARK_BENCH.to_string(),
        title: SPARK_TITLE,
        output: crate::python::spark_bench_report(),
    });
    eprintln!("$ cargo build --release -p corpus-tool");
    let built = Command::new(env!("CARGO"))
        .args(["build", "--release", "-p", "corpus-tool"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))
        .and_then(|s| {
            if s.success() {
                Ok(())
            } else {
                Err("cargo build --release -p corpus-tool failed".to_string())
            }
        });
    let binary = crate::target_dir().join("release/corpus-tool");
    let archive = root.join(ARCHIVE).is_file();
    let timed: Vec<Times> = TIMED
        .iter()
        .map(|t| {
            let not_run = |why: String| {
                eprintln!("SKIPPED: {}: {why}", timed_command(t));
                Times {
                    title: t.title,
                    command: timed_command(t),
                    runs: t.runs,
                    seconds: Err(why),
                }
            };
            match &built {
                Err(e) => not_run(e.clone()),
                Ok(()) if t.needs_archive && !archive => not_run(format!("{ARCHIVE} is absent")),
                Ok(()) => time_command(root, &binary, t),
            }
        })
        .collect();
    let failed: Vec<String> = ran
        .iter()
        .filter_map(|r| r.output.as_ref().err().cloned())
        .chain(
            timed
                .iter()
                .filter_map(|t| t.seconds.as_ref().err().cloned()),
        )
        .collect();
    if markdown_out {
        let path = root.join("docs/performance.md");
        let text = markdown(&machine(), (load_at_start, load_average()), &ran, &timed);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} step(s) did not run: {}",
            failed.len(),
            failed.join("; ")
        ))
    }
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
    /// command in it, in order, each under its title, with the machine line (the figures
    /// themselves are a run's). Adding an entry to `CARGO_BENCHES` or `TIMED` fails this
    /// until the doc is regenerated.
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
                panic!("docs/performance.md lacks `{c}` (in order): cargo xtask bench --markdown")
            });
            at += found + c.len();
        }
        let titles = CARGO_BENCHES
            .iter()
            .map(|b| format!("## {}\n\n`{}`", b.title, bench_command(b)))
            .chain(std::iter::once(format!(
                "## {PYTHON_TITLE}\n\n`{PYTHON_BENCH}`"
            )))
            .chain(
                TIMED
                    .iter()
                    .map(|t| format!("| {} | `{}` |", t.title, timed_command(t))),
            );
        for t in titles {
            assert!(
                doc.contains(&t),
                "docs/performance.md lacks {t:?}: cargo xtask bench --markdown"
            );
        }
        // no section written by hand: every heading is an entry's, and nothing follows the
        // whole commands' table
        let headings: Vec<&str> = CARGO_BENCHES
            .iter()
            .map(|b| b.title)
            .chain([PYTHON_TITLE, "Whole commands"])
            .collect();
        for line in doc.lines().filter(|l| l.starts_with("## ")) {
            assert!(
                headings.contains(&&line[3..]),
                "docs/performance.md has a section no entry of xtask/src/bench.rs writes: \
                 {line:?} (add a CargoBench or Timed entry instead of writing it by hand)"
            );
        }
        // and a bench's section holds its command and its output block (or why it did not
        // run), nothing written after them
        for section in doc.split("\n## ").skip(1) {
            let (title, body) = section.split_once('\n').unwrap_or((section, ""));
            if title == "Whole commands" {
                continue;
            }
            let body = body.trim();
            let last = body.lines().last().unwrap_or("");
            assert!(
                body.ends_with("```") || last.starts_with("Not run in this run: "),
                "docs/performance.md: text written by hand after the output of {title:?}: \
                 {last:?} (a lasting figure is an entry of xtask/src/bench.rs)"
            );
        }
        assert!(
            doc.trim_end().ends_with('|'),
            "text after the whole commands' table"
        );
    }

    /// The markdown of a run: each bench's lines in a block under its title and command, a
    /// step that failed said so, the whole commands in one table.
    #[test]
    fn the_markdown_of_a_run() {
        let ran = [
            Ran {
                command: bench_command(&CARGO_BENCHES[0]),
                title: CARGO_BENCHES[0].title,
                output: Ok("fouls: 1 boards/s".to_string()),
            },
            Ran {
                command: PYTHON_BENCH.to_string(),
                title: PYTHON_TITLE,
                output: Err("no network".to_string()),
            },
        ];
        let t = [
            Times {
                title: TIMED[0].title,
                command: timed_command(&TIMED[0]),
                runs: 5,
                seconds: Ok((0.2, 0.25)),
            },
            Times {
                title: TIMED[1].title,
                command: timed_command(&TIMED[1]),
                runs: 5,
                seconds: Err("the archive is absent".to_string()),
            },
        ];
        let md = markdown(
            "a machine",
            (Some("0.5".into()), Some("1.5".into())),
            &ran,
            &t,
        );
        assert!(md.contains("```text\nfouls: 1 boards/s\n```"), "{md}");
        assert!(md.contains("Not run in this run: no network."), "{md}");
        assert!(md.contains("| 5 | 200.0 ms | 250.0 ms |"), "{md}");
        assert_eq!(wall(346.04), "346.04 s");
        assert_eq!(wall(0.0042), "4.2 ms");
        assert!(
            md.contains("| not run: the archive is absent | | |"),
            "{md}"
        );
        assert!(
            md.contains("Load average (1 minute) 0.5 at the start"),
            "{md}"
        );
    }
}
