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

/// The 1-minute load average at the start and at the end of one step.
type Load = (Option<String>, Option<String>);

/// What one bench printed, or why it did not run.
struct Ran {
    command: String,
    title: &'static str,
    /// The load average around this bench.
    load: Load,
    output: Result<String, String>,
}

/// One section of the doc: a bench run now, or its section kept from the present doc.
enum Section {
    /// Run in this run.
    Ran(Ran),
    /// Not selected by `--only`: the section as the present doc has it (from `## `).
    Kept(String),
}

/// One row of the whole commands' table: timed now, or kept from the present doc.
enum Row {
    /// Timed in this run.
    Timed(Times),
    /// Not selected by `--only`: the row as the present doc has it.
    Kept(String),
}

/// Runs `cargo bench` for one target: cargo's progress on stderr as it goes, the bench's
/// own lines captured (and echoed). A bench that fails is reported, not fatal: the others
/// still run.
fn run_bench(root: &Path, b: &CargoBench) -> Ran {
    let command = bench_command(b);
    eprintln!("$ {command}");
    let start = load_average();
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
        load: (start, load_average()),
        output,
    }
}

/// A whole command's wall times, or why it did not run.
struct Times {
    title: &'static str,
    command: String,
    runs: usize,
    /// The load average around the runs.
    load: Load,
    /// Best and mean wall time in seconds.
    seconds: Result<(f64, f64), String>,
}

/// Times one whole command with the release `corpus-tool` (exit status 0 or 1 is a run).
fn time_command(root: &Path, binary: &Path, t: &Timed) -> Times {
    let command = timed_command(t);
    let load_at_start = load_average();
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
        load: (load_at_start, load_average()),
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

/// A load average as the doc prints it: "a at the start, b at the end", or "not known".
fn load_words(load: &Load) -> String {
    match load {
        (Some(a), Some(b)) => format!("{a} at the start, {b} at the end"),
        _ => "not known".to_string(),
    }
}

/// The heading of the whole commands' table.
const TABLE_HEAD: &str = "| what | command | runs | best | mean | load average (1 minute) |";

/// The text of `docs/performance.md` from the sections of one run (benches run now or kept
/// from the present doc) and the whole commands' rows.
fn markdown(machine: &str, benches: &[Section], timed: &[Row]) -> String {
    let mut s = String::from(
        "# Performance\n\n\
         <!-- Generated by `cargo xtask bench --markdown` (xtask/src/bench.rs): do not edit by \
         hand. -->\n\n\
         Every speed figure of the project, with the command that produced it. Regenerate \
         them all with\n`cargo xtask bench --markdown` (the benches in release, then the \
         whole commands timed end to end),\nor some of them with `cargo xtask bench --markdown \
         --only PATTERN` (the entries whose command line\ncontains PATTERN; the other sections \
         are kept). Each section says the load average of the run that\nwrote it.\n\n",
    );
    let _ = write!(s, "Machine: {machine}.");
    s.push_str("\n\n");
    s.push_str(
        "Figures move from run to run and with other work on the machine: compare the \
         ratios each bench\nmeasures against its yardstick in the same run (a literal \
         checker, 1 job against 2), not\nabsolute figures across machines.\n",
    );
    for section in benches {
        s.push('\n');
        match section {
            Section::Kept(text) => {
                s.push_str(text.trim_end());
                s.push('\n');
            }
            Section::Ran(b) => {
                let _ = write!(
                    s,
                    "## {}\n\n`{}`\n\nLoad average (1 minute) {}.\n\n",
                    b.title,
                    b.command,
                    load_words(&b.load)
                );
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
        }
    }
    s.push_str(
        "\n## Whole commands\n\nWall time of the release binary (`target/release/corpus-tool`, \
         built by `cargo build --release\n-p corpus-tool`), start-up included, standard output \
         discarded, run from the repository root.\n\n",
    );
    s.push_str(TABLE_HEAD);
    s.push_str("\n|---|---|---|---|---|---|\n");
    for row in timed {
        match row {
            Row::Kept(line) => {
                s.push_str(line);
                s.push('\n');
            }
            Row::Timed(t) => match &t.seconds {
                Ok((best, mean)) => {
                    let _ = writeln!(
                        s,
                        "| {} | `{}` | {} | {} | {} | {} |",
                        t.title,
                        t.command,
                        t.runs,
                        wall(*best),
                        wall(*mean),
                        load_words(&t.load)
                    );
                }
                Err(why) => {
                    let _ = writeln!(
                        s,
                        "| {} | `{}` | not run: {why} | | | |",
                        t.title, t.command
                    );
                }
            },
        }
    }
    s
}

/// The load of a doc written by one whole run before sections carried their own (its header
/// said "Load average (1 minute) X at the start of the run, Y at the end."), as the words a
/// section or row of that run is given when kept.
fn whole_run_load(doc: &str) -> Option<String> {
    let rest = doc.split_once("Load average (1 minute) ")?.1;
    let (start, rest) = rest.split_once(" at the start of the run, ")?;
    let (end, _) = rest.split_once(" at the end.")?;
    Some(format!(
        "{start} at the start, {end} at the end of the whole run"
    ))
}

/// The sections of the present doc by their command (the line in backticks under the
/// heading), each from its `## ` to its end; the whole commands' table is not one. A section
/// of an older doc without its load line is given the whole run's.
fn kept_sections(doc: &str) -> std::collections::HashMap<String, String> {
    let whole_run = whole_run_load(doc);
    let mut kept = std::collections::HashMap::new();
    for section in doc.split("\n## ").skip(1) {
        if section.starts_with("Whole commands") {
            continue;
        }
        let command = section
            .lines()
            .skip(1)
            .find(|l| !l.trim().is_empty())
            .and_then(|l| l.strip_prefix('`')?.strip_suffix('`'));
        if let Some(command) = command {
            let mut text = format!("## {}", section.trim_end());
            if let (Some(load), false) = (&whole_run, text.contains("\nLoad average (1 minute) ")) {
                let line = format!("`{command}`\n");
                text = text.replacen(
                    &line,
                    &format!("{line}\nLoad average (1 minute) {load}.\n"),
                    1,
                );
            }
            kept.insert(command.to_string(), text);
        }
    }
    kept
}

/// The rows of the present doc's whole commands' table by their command, each with as many
/// cells as [`TABLE_HEAD`] (a row of an older doc without the load column gets an empty one).
fn kept_rows(doc: &str) -> std::collections::HashMap<String, String> {
    let cells = TABLE_HEAD.matches('|').count();
    let whole_run = whole_run_load(doc);
    let mut kept = std::collections::HashMap::new();
    let Some((_, table)) = doc.split_once("\n## Whole commands") else {
        return kept;
    };
    for line in table.lines().filter(|l| l.starts_with("| ")) {
        let Some((_, rest)) = line.split_once(" | `") else {
            continue;
        };
        let Some((command, _)) = rest.split_once("` | ") else {
            continue;
        };
        let mut row = line.trim_end().to_string();
        if let (Some(load), true) = (&whole_run, row.matches('|').count() + 1 == cells) {
            row.push_str(&format!(" {load} |"));
        }
        for _ in row.matches('|').count()..cells {
            row.push_str(" |");
        }
        kept.insert(command.to_string(), row);
    }
    kept
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
const SPARK_TITLE: &str = "The audit on Spark (`renju_kit.spark.audit(...).write.parquet` and \
                           `renju_kit.spark.write_report`, local mode, 2M games in 16 Parquet \
                           files) against `corpus-tool validate --jobs 2`";

/// `cargo xtask bench [--markdown] [--only PATTERN...]`: every selected step runs even when
/// one fails; the doc (with `--markdown`) says which did not run and why, and the task then
/// fails. With `only`, the steps whose command line contains none of the patterns do not run
/// and their sections are kept from the present doc.
pub fn bench(root: &Path, markdown_out: bool, only: &[String]) -> Result<(), String> {
    let selected = |command: &str| only.is_empty() || only.iter().any(|p| command.contains(p));
    let path = root.join("docs/performance.md");
    let present = if only.is_empty() {
        String::new()
    } else {
        std::fs::read_to_string(&path).unwrap_or_default()
    };
    let (old_sections, old_rows) = (kept_sections(&present), kept_rows(&present));
    let not_kept = |command: &str| {
        format!("{command} was not selected by --only and the doc had no section of it")
    };
    let mut ran: Vec<Section> = CARGO_BENCHES
        .iter()
        .map(|b| {
            let command = bench_command(b);
            if selected(&command) {
                Section::Ran(run_bench(root, b))
            } else {
                old_sections.get(&command).cloned().map_or_else(
                    || {
                        Section::Ran(Ran {
                            title: b.title,
                            load: (None, None),
                            output: Err(not_kept(&command)),
                            command,
                        })
                    },
                    Section::Kept,
                )
            }
        })
        .collect();
    // the Python package against its yardstick (needs python3 and PyPI)
    if selected(PYTHON_BENCH) {
        eprintln!("$ {PYTHON_BENCH}");
        let start = load_average();
        let output = crate::python::bench_report();
        ran.push(Section::Ran(Ran {
            command: PYTHON_BENCH.to_string(),
            title: PYTHON_TITLE,
            load: (start, load_average()),
            output,
        }));
    } else {
        ran.push(old_sections.get(PYTHON_BENCH).cloned().map_or_else(
            || {
                Section::Ran(Ran {
                    command: PYTHON_BENCH.to_string(),
                    title: PYTHON_TITLE,
                    load: (None, None),
                    output: Err(not_kept(PYTHON_BENCH)),
                })
            },
            Section::Kept,
        ));
    }
    // the Spark audit against validate (needs Java 17+ and PyPI)
    if selected(SPARK_BENCH) {
        eprintln!("$ {SPARK_BENCH}");
        let start = load_average();
        let output = crate::python::spark_bench_report();
        ran.push(Section::Ran(Ran {
            command: SPARK_BENCH.to_string(),
            title: SPARK_TITLE,
            load: (start, load_average()),
            output,
        }));
    } else {
        ran.push(old_sections.get(SPARK_BENCH).cloned().map_or_else(
            || {
                Section::Ran(Ran {
                    command: SPARK_BENCH.to_string(),
                    title: SPARK_TITLE,
                    load: (None, None),
                    output: Err(not_kept(SPARK_BENCH)),
                })
            },
            Section::Kept,
        ));
    }
    let any_timed = TIMED.iter().any(|t| selected(&timed_command(t)));
    let built = if any_timed {
        eprintln!("$ cargo build --release -p corpus-tool");
        Command::new(env!("CARGO"))
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
            })
    } else {
        Ok(())
    };
    let binary = crate::target_dir().join("release/corpus-tool");
    let archive = root.join(ARCHIVE).is_file();
    let timed: Vec<Row> = TIMED
        .iter()
        .map(|t| {
            let command = timed_command(t);
            let not_run = |why: String| {
                eprintln!("SKIPPED: {command}: {why}");
                Row::Timed(Times {
                    title: t.title,
                    command: command.clone(),
                    runs: t.runs,
                    load: (None, None),
                    seconds: Err(why),
                })
            };
            if !selected(&command) {
                return old_rows
                    .get(&command)
                    .cloned()
                    .map_or_else(|| not_run(not_kept(&command)), Row::Kept);
            }
            match &built {
                Err(e) => not_run(e.clone()),
                Ok(()) if t.needs_archive && !archive => not_run(format!("{ARCHIVE} is absent")),
                Ok(()) => Row::Timed(time_command(root, &binary, t)),
            }
        })
        .collect();
    let failed: Vec<String> = ran
        .iter()
        .filter_map(|r| match r {
            Section::Ran(r) => r.output.as_ref().err().cloned(),
            Section::Kept(_) => None,
        })
        .chain(timed.iter().filter_map(|t| match t {
            Row::Timed(t) => t.seconds.as_ref().err().cloned(),
            Row::Kept(_) => None,
        }))
        .collect();
    if markdown_out {
        let text = markdown(&machine(), &ran, &timed);
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
        .chain([PYTHON_BENCH.to_string(), SPARK_BENCH.to_string()])
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
            .chain([
                format!("## {PYTHON_TITLE}\n\n`{PYTHON_BENCH}`"),
                format!("## {SPARK_TITLE}\n\n`{SPARK_BENCH}`"),
            ])
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
            .chain([PYTHON_TITLE, SPARK_TITLE, "Whole commands"])
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

    /// The markdown of a run: each bench's lines in a block under its title and command with
    /// the load around it, a step that failed said so, the whole commands in one table.
    #[test]
    fn the_markdown_of_a_run() {
        let load = (Some("0.5".to_string()), Some("1.5".to_string()));
        let ran = [
            Section::Ran(Ran {
                command: bench_command(&CARGO_BENCHES[0]),
                title: CARGO_BENCHES[0].title,
                load: load.clone(),
                output: Ok("fouls: 1 boards/s".to_string()),
            }),
            Section::Ran(Ran {
                command: PYTHON_BENCH.to_string(),
                title: PYTHON_TITLE,
                load: (None, None),
                output: Err("no network".to_string()),
            }),
        ];
        let t = [
            Row::Timed(Times {
                title: TIMED[0].title,
                command: timed_command(&TIMED[0]),
                runs: 5,
                load: load.clone(),
                seconds: Ok((0.2, 0.25)),
            }),
            Row::Timed(Times {
                title: TIMED[1].title,
                command: timed_command(&TIMED[1]),
                runs: 5,
                load: (None, None),
                seconds: Err("the archive is absent".to_string()),
            }),
        ];
        let md = markdown("a machine", &ran, &t);
        assert!(
            md.contains(
                "Load average (1 minute) 0.5 at the start, 1.5 at the end.\n\n```text\nfouls: 1 \
                 boards/s\n```"
            ),
            "{md}"
        );
        assert!(md.contains("Not run in this run: no network."), "{md}");
        assert!(
            md.contains("| 5 | 200.0 ms | 250.0 ms | 0.5 at the start, 1.5 at the end |"),
            "{md}"
        );
        assert_eq!(wall(346.04), "346.04 s");
        assert_eq!(wall(0.0042), "4.2 ms");
        assert!(
            md.contains("| not run: the archive is absent | | | |"),
            "{md}"
        );
    }

    /// `--only`: the sections and rows not run are kept from the present doc as they were
    /// (a row of an older table without the load column gets an empty cell), the others
    /// replaced.
    #[test]
    fn sections_not_selected_are_kept() {
        let old = format!(
            "# Performance\n\nMachine: m. Load average (1 minute) 0.3 at the start of the run, 1.9 \
             at the end.\n\n## {}\n\n`{}`\n\n```text\nold fouls\n```\n\n## \
             {PYTHON_TITLE}\n\n`{PYTHON_BENCH}`\n\n```text\nold python\n```\n\n## Whole \
             commands\n\ntext\n\n| what | command | runs | best | mean |\n|---|---|---|---|---|\n\
             | {} | `{}` | 5 | 1.0 ms | 2.0 ms |\n",
            CARGO_BENCHES[0].title,
            bench_command(&CARGO_BENCHES[0]),
            TIMED[0].title,
            timed_command(&TIMED[0]),
        );
        let sections = kept_sections(&old);
        let rows = kept_rows(&old);
        assert_eq!(sections.len(), 2, "{sections:?}");
        let fouls = &sections[&bench_command(&CARGO_BENCHES[0])];
        assert!(fouls.ends_with("old fouls\n```"), "{fouls}");
        assert!(
            fouls.contains(
                "`\n\nLoad average (1 minute) 0.3 at the start, 1.9 at the end of the whole \
                 run.\n\n```text"
            ),
            "{fouls}"
        );
        assert_eq!(
            rows[&timed_command(&TIMED[0])],
            format!(
                "| {} | `{}` | 5 | 1.0 ms | 2.0 ms | 0.3 at the start, 1.9 at the end of the whole run |",
                TIMED[0].title,
                timed_command(&TIMED[0])
            )
        );
        let md = markdown(
            "m",
            &[
                Section::Kept(sections[&bench_command(&CARGO_BENCHES[0])].clone()),
                Section::Ran(Ran {
                    command: PYTHON_BENCH.to_string(),
                    title: PYTHON_TITLE,
                    load: (Some("1".into()), Some("2".into())),
                    output: Ok("new python\n".to_string()),
                }),
            ],
            &[Row::Kept(rows[&timed_command(&TIMED[0])].clone())],
        );
        assert!(md.contains("```text\nold fouls\n```\n\n## "), "{md}");
        assert!(
            md.contains("new python") && !md.contains("old python"),
            "{md}"
        );
        // the doc written is read back the same way
        assert_eq!(kept_sections(&md).len(), 2);
        assert_eq!(kept_rows(&md).len(), 1);
    }
}
