//! `corpus-tool openings stats`: how often each of the 26 openings is played in an archive and
//! how its games end. The records are audited by the same pipeline as `validate` with the same
//! options (so `black_five`, `white_five` and `foul` are exactly the ends `validate` finds);
//! the counting is `renju_analyzer::stats`, the files are written by [`stats_report`].

use crate::args::{RunArgs, SettingsArgs};
use crate::engine::Engine;
use crate::error::Error;
use crate::output::AtomicFile;
use crate::output::parquet::{is_parquet, write_stats_report};
use crate::stats_report;
use crate::style::{self, by_folder, thousands};
use crate::validate::{Audited, Options, Summary, audit_entries, walk_paths};
use renju_analyzer::fifth_stats::FifthMoveStats;
use renju_analyzer::stats::OpeningStats;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What a run counted, and the audit's own summary (records read, unreadable ones, file
/// problems) so that nothing is lost without a word.
#[derive(Debug, Clone)]
pub struct StatsRun {
    /// The statistics.
    pub stats: OpeningStats,
    /// Per opening rule, opening and 5th move, for the records that name their rule.
    pub fifth: FifthMoveStats,
    /// The audit's summary.
    pub summary: Summary,
    /// Every record that could not be read (in no row), as the reader's message (file, record,
    /// place, why), in the
    /// order read.
    pub unreadable: Vec<String>,
}

/// Counts the openings of every record under `paths` in one pass.
///
/// # Errors
/// A path that cannot be read.
///
/// ```
/// use corpus_tool::validate::Options;
/// let dir = tempfile::tempdir().unwrap();
/// let file = dir.path().join("a.renju");
/// std::fs::write(&file, "black h8 h9 i8 i9 j8 j9 k8 k9 l8\nwhite h8 h9\n").unwrap();
/// let engine = corpus_tool::engine::Engine::new(corpus_tool::engine::Jobs::ONE);
/// let run = corpus_tool::openings_stats::count(&[file], &Options::default(), &engine).unwrap();
/// assert_eq!(run.stats.games(), 2);
/// let csv = corpus_tool::stats_report::csv(&run.stats);
/// assert!(csv.contains("\n6D,Ugetsu,1,1,0,0,0,1,0,0,9.0\n"), "{csv}");
/// assert!(csv.ends_with("none,not one of the 26,1,0,1,0,0,0,0,0,2.0\n"), "{csv}");
/// ```
pub fn count(paths: &[PathBuf], options: &Options, engine: &Engine) -> Result<StatsRun, Error> {
    for p in paths {
        std::fs::metadata(p).map_err(|e| Error::read(p, e))?;
    }
    let entries = walk_paths(paths).map_err(Error::File)?;
    let mut stats = OpeningStats::new();
    let mut fifth = FifthMoveStats::new();
    let mut unreadable = Vec::new();
    let summary = audit_entries(
        entries,
        options,
        engine,
        &|_, _| (),
        &mut |a: Audited<'_, ()>| {
            if let (Some(record), Some(audit)) = (a.record, a.audit) {
                stats.add(record, audit);
                fifth.add(record);
            } else {
                // The detail names the file, the record and the place.
                unreadable.push(a.row.detail.clone());
            }
        },
        &mut |_| {},
    );
    Ok(StatsRun {
        stats,
        fifth,
        summary,
        unreadable,
    })
}

/// The files a run writes (each optional).
#[derive(Debug, Clone, Copy, Default)]
pub struct Outputs<'a> {
    /// The CSV (`--report`).
    pub report: Option<&'a Path>,
    /// The JSON rows (`--json`).
    pub json: Option<&'a Path>,
    /// A Markdown table (`--markdown`).
    pub markdown: Option<&'a Path>,
    /// An SVG chart of the declared results per opening (`--svg`).
    pub svg: Option<&'a Path>,
    /// The per-rule, per-5th-move table as CSV (`--fifth-report`).
    pub fifth_report: Option<&'a Path>,
}

/// Runs the command on `engine`: counts, writes the files asked for, and returns the text for
/// stdout; see [`run_checked`] for the unreadable records too.
///
/// # Errors
/// A path that cannot be read or a file that cannot be written.
pub fn run(
    paths: &[PathBuf],
    options: &Options,
    engine: &Engine,
    outputs: Outputs<'_>,
) -> Result<String, Error> {
    run_checked(paths, options, engine, outputs).map(|r| r.stdout)
}

/// What [`run_checked`] gives the command line.
#[derive(Debug, Clone)]
pub struct Ran {
    /// The text for stdout.
    pub stdout: String,
    /// One line per record that could not be read, file not counted or entry skipped, for
    /// stderr (`unreadable: FILE: record N, ...: why`, `file not counted: FILE: why`,
    /// `skipped: PATH (why)`); nothing is lost without a word.
    pub problems: Vec<String>,
    /// The exit status: 0 every record counted, 1 some record or file not counted (as
    /// `validate` with an unreadable record), 130 the run was interrupted.
    pub status: u8,
}

impl Ran {
    /// Whether every record was counted (exit status 0).
    #[must_use]
    pub fn clean(&self) -> bool {
        self.status == 0
    }
}

/// Writes `text` as the whole of `path`; after an interrupted run under a name that says it
/// is partial (returned).
fn write_output(path: &Path, text: &str, partial: bool) -> Result<Option<PathBuf>, Error> {
    let mut f = AtomicFile::create(path)?;
    std::io::Write::write_all(&mut f, text.as_bytes()).map_err(|e| Error::write(path, e))?;
    if partial {
        Ok(Some(f.commit_partial()?))
    } else {
        f.commit()?;
        Ok(None)
    }
}

/// Writes the files asked for; after a stop under names that say they are partial (returned).
fn write_outputs(run: &StatsRun, outputs: Outputs<'_>, source: &str) -> Result<Vec<String>, Error> {
    let interrupted = run.summary.interrupted.is_some();
    let mut partial = Vec::new();
    if let Some(path) = outputs.report.filter(|p| is_parquet(p)) {
        let to = write_stats_report(&run.stats, path, interrupted)?;
        if interrupted {
            partial.push(to.display().to_string());
        }
    }
    let files = [
        (
            outputs.report.filter(|p| !is_parquet(p)),
            stats_report::csv(&run.stats),
        ),
        (outputs.json, stats_report::json(&run.stats)),
        (outputs.markdown, stats_report::markdown(&run.stats, source)),
        (outputs.svg, stats_report::svg(&run.stats, source)),
        (outputs.fifth_report, stats_report::fifth_csv(&run.fifth)),
    ];
    for (path, text) in files {
        if let Some(path) = path
            && let Some(p) = write_output(path, &text, run.summary.interrupted.is_some())?
        {
            partial.push(p.display().to_string());
        }
    }
    Ok(partial)
}

/// The entries skipped: summed per folder on stdout (`out`), each named for stderr
/// (`problems`).
fn say_skipped(s: &Summary, out: &mut String, problems: &mut Vec<String>) {
    if !s.skipped_files.is_empty() {
        let _ = writeln!(
            out,
            "skipped {} in no record format: {}",
            style::count(s.skipped_files.len(), "file", "files"),
            by_folder(&s.skipped_files, "each on stderr")
        );
        problems.extend(
            s.skipped_files
                .iter()
                .map(|f| format!("skipped: {f} (no record format)")),
        );
    }
    if !s.skipped.is_empty() {
        let paths: Vec<String> = s.skipped.iter().map(|e| e.path.clone()).collect();
        let _ = writeln!(
            out,
            "skipped {} in folders (hidden, links back, not regular files): {}",
            style::count(paths.len(), "entry", "entries"),
            by_folder(&paths, "each on stderr")
        );
        problems.extend(
            s.skipped
                .iter()
                .map(|e| format!("skipped: {} ({})", e.path, e.reason)),
        );
    }
}

/// [`run`], also naming every record not counted.
///
/// # Errors
/// A path that cannot be read or a file that cannot be written.
pub fn run_checked(
    paths: &[PathBuf],
    options: &Options,
    engine: &Engine,
    outputs: Outputs<'_>,
) -> Result<Ran, Error> {
    let run = count(paths, options, engine)?;
    let source = paths
        .iter()
        .map(|p| {
            p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let s = &run.summary;
    let partial = write_outputs(&run, outputs, &source)?;
    let fifth = if run.fifth.is_empty() {
        String::new()
    } else {
        format!(
            "\nper opening rule and 5th move (standard orientation):\n{}",
            run.fifth
        )
    };
    let mut out = format!(
        "{}\n{fifth}records: {} read, {} counted, {} unreadable (not counted); settings: {}\n",
        run.stats,
        thousands(s.records),
        thousands(run.stats.games()),
        thousands(s.unreadable),
        s.settings
    );
    let mut problems: Vec<String> = run
        .unreadable
        .iter()
        .map(|u| format!("unreadable: {u}"))
        .collect();
    for p in &s.file_problems {
        let line = format!("file not counted: {}: {}", p.file, p.reason);
        out.push_str(&line);
        out.push('\n');
        problems.push(line);
    }
    say_skipped(s, &mut out, &mut problems);
    if let Some(i) = &s.interrupted {
        let _ = writeln!(
            out,
            "INTERRUPTED by {}: the table counts the {} read; {}{} not reached{}",
            i.by,
            style::count(s.records, "record", "records"),
            if i.counted { "" } else { "at least " },
            style::count(i.not_reached, "record", "records"),
            if partial.is_empty() {
                String::new()
            } else {
                format!("; written to {} (partial)", partial.join(", "))
            }
        );
    }
    let status = if s.interrupted.is_some() {
        130
    } else {
        u8::from(!run.unreadable.is_empty() || !s.file_problems.is_empty())
    };
    Ok(Ran {
        stdout: out,
        problems,
        status,
    })
}

/// `corpus-tool openings stats` on the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = "\
Examples:
  corpus-tool openings stats archive.renju
  corpus-tool openings stats --report openings.csv --json openings.json games/

CSV columns: code,name,games,black,white,draw,unknown,black_five,white_five,foul,mean_moves
(black..unknown: declared results; black_five, white_five, foul: the ends validate finds on the
board with the same options; mean_moves: passes counted, one decimal).")]
pub struct Command {
    /// Files or folders to count.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// How the games are judged and read.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Write the table as CSV to this file (as Parquet, the same rows typed, when its name
    /// ends in `.parquet`).
    #[arg(long, value_name = "FILE.csv")]
    pub report: Option<PathBuf>,
    /// Write the table as JSON to this file.
    #[arg(long, value_name = "FILE.json")]
    pub json: Option<PathBuf>,
    /// Write the table as Markdown to this file.
    #[arg(long, value_name = "FILE.md")]
    pub markdown: Option<PathBuf>,
    /// Write an SVG chart of the declared results per opening to this file.
    #[arg(long, value_name = "FILE.svg")]
    pub svg: Option<PathBuf>,
    /// Write the table per opening rule and 5th move (records that name their rule) as CSV:
    /// rule,code,fifth,games,offers_recorded,mean_offers,swapped,black,white,draw,unknown.
    #[arg(long, value_name = "FILE.csv")]
    pub fifth_report: Option<PathBuf>,
    /// Worker threads and output.
    #[command(flatten)]
    pub run: RunArgs,
}

impl Command {
    /// What to audit and how.
    #[must_use]
    pub fn options(&self) -> Options {
        let read = self.settings.read_options();
        Options {
            settings: self.settings.settings(),
            format: read.format,
            orientation: read.orientation,
            sample: 1,
            missed_wins: None,
            encoding: read.encoding,
        }
    }

    /// The files to write.
    #[must_use]
    pub fn outputs(&self) -> Outputs<'_> {
        Outputs {
            report: self.report.as_deref(),
            json: self.json.as_deref(),
            markdown: self.markdown.as_deref(),
            svg: self.svg.as_deref(),
            fifth_report: self.fifth_report.as_deref(),
        }
    }
}

/// Runs `corpus-tool openings stats` from its command line; returns the exit status.
#[must_use]
pub fn main(cmd: &Command) -> u8 {
    let engine = match cmd.run.engine() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("corpus-tool openings stats: cannot watch for signals: {e}");
            return 2;
        }
    };
    match run_checked(&cmd.paths, &cmd.options(), &engine, cmd.outputs()) {
        Ok(ran) => {
            let o = cmd.outputs();
            let on_stdout = [o.report, o.json, o.markdown, o.svg, o.fifth_report]
                .into_iter()
                .flatten()
                .any(crate::output::is_stdout);
            if cmd.run.quiet {
            } else if on_stdout {
                // an output went to standard output: the summary goes to stderr
                let _ = std::io::Write::write_all(&mut std::io::stderr(), ran.stdout.as_bytes());
            } else {
                let _ = std::io::Write::write_all(&mut std::io::stdout(), ran.stdout.as_bytes());
            }
            for p in &ran.problems {
                eprintln!("{p}");
            }
            ran.status
        }
        Err(e) => {
            eprintln!("corpus-tool openings stats: {e}");
            2
        }
    }
}
