//! `corpus-tool validate` as a command: its arguments ([`Command`]), options to files, the
//! summary printed, the exit status.

use super::Options;
use super::pipeline::{Audited, Progress, audit_entries};
use super::report::{FindingsWriter, write_json};
use super::summary::Summary;
use crate::args::{RunArgs, SettingsArgs};
use crate::engine::{Engine, Jobs, Stop};
use crate::error::Error;
use crate::html::{BoardView, Page};
use crate::input::walk_paths;
use crate::output::AtomicFile;
use renju_analyzer::GameAudit;
use renju_notation::GameRecord;
use std::path::PathBuf;

/// `corpus-tool validate` on the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = "\
Formats are detected per file from the content and the extension (.renju, .rif, .psq,
.sgf, .lib, .pos, move lists); folders are walked recursively (links followed; dot-files
found in a folder are listed as skipped, not read; a file named is always read). A file in
a record format that holds no record is a file problem (exit status 1).

Output: a summary on stdout (records, verdicts, ends, findings with examples, settings,
time). --report writes one CSV row per record with the columns
  file,index,id,moves,declared,end,end_move,continues,verdict,detail
(then findings,opening); every record read is in it exactly once, unreadable ones too.
A progress bar is drawn on stderr when it is a terminal; otherwise stderr carries
only errors.

Exit status: 0 every record ok, 1 findings (or a file holding no record), 2 the run
itself failed (bad option, a path that cannot be read, a report that cannot be written).

Examples:
  corpus-tool validate corpus/
  corpus-tool validate --strict --report audit.csv --json audit.json archive.renju
  corpus-tool validate --claim foul-loses --sample 100 big-archive/")]
pub struct Command {
    /// Files or folders to audit (`-`: standard input).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// How the games are judged and read.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Write one CSV row per record to this file.
    #[arg(long, value_name = "FILE.csv")]
    pub report: Option<PathBuf>,
    /// Write one CSV row per finding to this file: file,index,id,kind,move,detail (every
    /// finding the summary counts; a VCF finding's detail holds its line).
    #[arg(long, value_name = "FILE.csv")]
    pub findings_report: Option<PathBuf>,
    /// Write the summary as JSON to this file.
    #[arg(long, value_name = "FILE.json")]
    pub json: Option<PathBuf>,
    /// Write a self-contained HTML page to this file: the summary and every record with a
    /// finding or a verdict other than ok, with its board at the decisive or offending move
    /// and a replay.
    #[arg(long, value_name = "FILE.html")]
    pub html: Option<PathBuf>,
    /// Worker threads and output.
    #[command(flatten)]
    pub run: RunArgs,
    /// Audit only every N-th record of each file (records not sampled have no row).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub sample: usize,
    /// Missed wins (`--missed-wins[=vcf|vct]`, `--max-depth`, `--threat-depth`).
    #[command(flatten)]
    pub missed: super::missed_args::MissedWinsArgs,
}

impl Command {
    /// What to audit and how.
    ///
    /// # Errors
    /// A missed-wins option out of range or without its pass ([`Error::Argument`]).
    pub fn checked_options(&self) -> Result<Options, Error> {
        Ok(Options {
            missed_wins: self
                .missed
                .limits()
                .map_err(|(option, reason)| Error::Argument { option, reason })?,
            ..self.options()
        })
    }

    /// What to audit and how (a missed-wins option out of range, which
    /// [`Command::checked_options`] reports, turns the missed-wins scan off).
    #[must_use]
    pub fn options(&self) -> Options {
        let read = self.settings.read_options();
        Options {
            settings: self.settings.settings(),
            format: read.format,
            orientation: read.orientation,
            sample: self.sample,
            missed_wins: self.missed.limits().ok().flatten(),
            encoding: read.encoding,
        }
    }

    /// Where the run reads and writes (stopped by SIGINT and SIGTERM).
    ///
    /// # Errors
    /// The signal handlers cannot be installed.
    pub fn io(&self) -> std::io::Result<Io> {
        Ok(Io {
            paths: self.paths.clone(),
            report: self.report.clone(),
            json: self.json.clone(),
            html: self.html.clone(),
            findings_report: self.findings_report.clone(),
            jobs: self.run.jobs(),
            quiet: self.run.quiet,
            stop: self.run.engine()?.stop().cloned(),
        })
    }
}

/// Runs `corpus-tool validate` from its command line; returns the exit status.
#[must_use]
pub fn main(cmd: &Command) -> u8 {
    let io = match cmd.io() {
        Ok(io) => io,
        Err(e) => {
            eprintln!("corpus-tool validate: cannot watch for signals: {e}");
            return 2;
        }
    };
    let options = match cmd.checked_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("corpus-tool validate: {e}");
            return 2;
        }
    };
    match run_command(&options, &io) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("corpus-tool validate: {e}");
            2
        }
    }
}

/// Where a command-line run reads and writes.
#[derive(Debug, Clone)]
pub struct Io {
    /// Files or folders to audit (`-`: standard input).
    pub paths: Vec<PathBuf>,
    /// CSV report path (`-`: standard output).
    pub report: Option<PathBuf>,
    /// JSON summary path.
    pub json: Option<PathBuf>,
    /// HTML page path ([`crate::html`]).
    pub html: Option<PathBuf>,
    /// Findings report path: one CSV row per finding.
    pub findings_report: Option<PathBuf>,
    /// Worker threads.
    pub jobs: Jobs,
    /// No summary on stdout, no progress bar.
    pub quiet: bool,
    /// What stops the run before its end (the command line: SIGINT, SIGTERM).
    pub stop: Option<Stop>,
}

impl Io {
    /// Reads `paths` with `jobs` workers, writes nothing but the summary.
    #[must_use]
    pub fn new(paths: Vec<PathBuf>, jobs: Jobs) -> Io {
        Io {
            paths,
            report: None,
            json: None,
            html: None,
            findings_report: None,
            jobs,
            quiet: false,
            stop: None,
        }
    }
}

/// The files a run writes, claimed before the audit (so that an unwritable path fails
/// fast; a file claimed is removed when dropped without a commit).
struct Outputs {
    report: Option<AtomicFile>,
    findings: Option<AtomicFile>,
    json: Option<AtomicFile>,
    html: Option<AtomicFile>,
}

impl Outputs {
    fn claim(io: &Io) -> Result<Outputs, Error> {
        let claim = |path: &Option<PathBuf>| match path {
            Some(p) => AtomicFile::create(p).map(Some),
            None => Ok(None),
        };
        let outputs = Outputs {
            report: claim(&io.report)?,
            findings: claim(&io.findings_report)?,
            json: claim(&io.json)?,
            html: claim(&io.html)?,
        };
        if outputs.all().filter(|f| f.is_stdout()).count() > 1 {
            return Err(Error::TwoOnStdout);
        }
        Ok(outputs)
    }

    fn all(&self) -> impl Iterator<Item = &AtomicFile> {
        [&self.report, &self.findings, &self.json, &self.html]
            .into_iter()
            .flatten()
    }

    /// Whether one of them is standard output (the summary then goes to stderr).
    fn on_stdout(&self) -> bool {
        self.all().any(AtomicFile::is_stdout)
    }

    /// Commits every file (under partial names when the run was interrupted); the names of
    /// the partial files.
    fn commit(self, interrupted: bool) -> Result<Vec<PathBuf>, Error> {
        let mut partial = Vec::new();
        for f in [self.report, self.findings, self.json, self.html]
            .into_iter()
            .flatten()
        {
            if interrupted {
                partial.push(f.commit_partial()?);
            } else {
                f.commit()?;
            }
        }
        Ok(partial)
    }
}

/// `cannot write TARGET: WHY (no report written)`.
fn write_failed(target: &std::path::Path, source: std::io::Error) -> Error {
    Error::NotWritten {
        path: target.display().to_string(),
        source,
    }
}

/// The progress bar on stderr (when it is a terminal and the run is not quiet): games done,
/// an estimate of the total once the input's size is known, whole games per second, the
/// findings so far.
fn progress_bar(quiet: bool) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    (!quiet && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new_spinner();
        b.set_style(bar_style(false));
        b
    })
}

fn bar_style(estimated: bool) -> indicatif::ProgressStyle {
    let template = if estimated {
        "{spinner} {pos}/~{len} games ({percent}%) [{elapsed_precise}] {rate} games/s, {msg}, ETA {eta}"
    } else {
        "{spinner} {pos} games [{elapsed_precise}] {rate} games/s, {msg}"
    };
    indicatif::ProgressStyle::with_template(template)
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner())
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&crate::style::thousands(state.per_sec() as u64));
            },
        )
}

/// Shows `p` on the bar.
fn show_progress(bar: &indicatif::ProgressBar, estimated: &mut bool, p: Progress) {
    if let (Some(total), false) = (p.estimated_records, *estimated) {
        *estimated = true;
        bar.set_style(bar_style(true));
        bar.set_length(total as u64);
    } else if let Some(total) = p.estimated_records {
        bar.set_length(total as u64);
    }
    bar.set_position(p.records as u64);
    bar.set_message(crate::style::count(p.findings, "finding", "findings"));
}

/// What the audit wrote as it went, and the page.
struct Audit {
    summary: Summary,
    page: Option<Page>,
}

/// Audits, writing the CSV report and the findings report as the rows come, gathering the
/// page when asked for.
fn audit_into(
    options: &Options,
    io: &Io,
    engine: &Engine,
    outputs: &mut Outputs,
    progress: &mut dyn FnMut(Progress),
) -> Result<Audit, Error> {
    let entries = walk_paths(&io.paths).map_err(Error::Path)?;
    let report_name = outputs.report.as_ref().map(|f| f.target().to_path_buf());
    let findings_name = outputs.findings.as_ref().map(|f| f.target().to_path_buf());
    let mut report = match (outputs.report.as_mut(), &report_name) {
        (Some(f), Some(name)) => Some(
            crate::output::parquet::ValidateReport::new(name, std::io::BufWriter::new(f))
                .map_err(|e| write_failed(name, e))?,
        ),
        _ => None,
    };
    let mut findings = outputs
        .findings
        .as_mut()
        .map(|f| FindingsWriter::new(std::io::BufWriter::new(f)));
    let mut page = io.html.is_some().then(Page::default);
    let want_boards = page.is_some();
    let boards = |record: &GameRecord, audit: &GameAudit| {
        if want_boards {
            crate::html::board_if_flagged(record, audit)
        } else {
            None
        }
    };
    let summary = audit_entries(
        entries,
        options,
        engine,
        &boards,
        &mut |a: Audited<'_, Option<BoardView>>| {
            if let Some(w) = report.as_mut() {
                w.row(a.row);
            }
            if let Some(w) = findings.as_mut() {
                w.record(a.row, a.audit);
            }
            if let Some(p) = page.as_mut() {
                p.add(&a);
            }
        },
        progress,
    );
    if let (Some(w), Some(name)) = (report, report_name) {
        w.finish().map_err(|e| write_failed(&name, e))?;
    }
    if let (Some(w), Some(name)) = (findings, findings_name) {
        w.finish().map_err(|e| write_failed(&name, e))?;
    }
    Ok(Audit { summary, page })
}

/// Runs `corpus-tool validate`: audits, writes the reports, the JSON and the page, prints
/// the summary. Returns the exit status ([`Summary::status`](super::Summary::status)): 0
/// every record `ok`, 1 findings (or a file holding no record), 2 the run failed part-way (a
/// file or folder that could not be read: the summary says which; the report covers the
/// rest), 130 the run was interrupted (the files then hold what was audited, under names that
/// say they are partial).
///
/// Reports are written through [`AtomicFile`]: after a failure no file `NAME` is left (nor a
/// temporary one).
///
/// # Errors
/// The run itself failed: a path that cannot be read, a report that cannot be written.
pub fn run_command(options: &Options, io: &Io) -> Result<u8, Error> {
    for p in &io.paths {
        if p.as_os_str() != "-" {
            std::fs::metadata(p).map_err(|e| Error::read(p, e))?;
        }
    }
    let mut engine = Engine::new(io.jobs);
    if let Some(stop) = &io.stop {
        engine = engine.stop_on(stop.clone());
    }
    let mut outputs = Outputs::claim(io)?;
    let bar = progress_bar(io.quiet);
    let mut estimated = false;
    let audited = audit_into(options, io, &engine, &mut outputs, &mut |p| {
        if let Some(b) = &bar {
            show_progress(b, &mut estimated, p);
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let Audit { summary, mut page } = audited?;
    if let (Some(file), Some(page)) = (outputs.html.as_mut(), page.as_mut()) {
        page.totals = crate::html::Totals::from_summary(&summary);
        if let Err(e) = crate::html::write_page(page, std::io::BufWriter::new(&mut *file)) {
            return Err(write_failed(file.target(), e));
        }
    }
    if let Some(file) = outputs.json.as_mut()
        && let Err(e) = write_json(&summary, std::io::BufWriter::new(&mut *file))
    {
        return Err(write_failed(file.target(), e));
    }
    let on_stdout = outputs.on_stdout();
    let partial = outputs.commit(summary.interrupted.is_some())?;
    for p in &summary.file_problems {
        eprintln!("corpus-tool validate: {}: {}", p.file, p.reason);
    }
    let mut text = summary.to_string();
    if !partial.is_empty() {
        let names: Vec<String> = partial.iter().map(|p| p.display().to_string()).collect();
        text.push_str(&format!(
            "what was audited is written to {} (partial)\n",
            names.join(", ")
        ));
    }
    // A closed pipe (`| head`) is not an error of the audit: stop printing quietly.
    if on_stdout {
        let _ = std::io::Write::write_all(&mut std::io::stderr(), text.as_bytes());
    } else if !io.quiet {
        let _ = std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes());
    }
    Ok(summary.status())
}
