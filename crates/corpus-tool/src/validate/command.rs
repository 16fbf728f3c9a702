//! `corpus-tool validate` as a command: its arguments ([`Command`]), options to files, the
//! summary printed, the exit status.

use super::Options;
use super::report::{RunError, audit_with_report, write_json};
use crate::args::{RunArgs, SettingsArgs};
use crate::engine::Jobs;
use crate::output::AtomicFile;
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
    /// Files or folders to audit.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// How the games are judged and read.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Write one CSV row per record to this file.
    #[arg(long, value_name = "FILE.csv")]
    pub report: Option<PathBuf>,
    /// Write the summary as JSON to this file.
    #[arg(long, value_name = "FILE.json")]
    pub json: Option<PathBuf>,
    /// Write a self-contained HTML page to this file: the summary and every record that is
    /// not ok, with its board at the decisive or offending move and a replay.
    #[arg(long, value_name = "FILE.html")]
    pub html: Option<PathBuf>,
    /// Worker threads and output.
    #[command(flatten)]
    pub run: RunArgs,
    /// Audit only every N-th record of each file (records not sampled have no row).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub sample: usize,
    /// Also look for missed wins: findings missed-vcf (the side to move had a VCF and its
    /// move starts none) and lost-with-vcf (no decisive end, declared lost by the side to
    /// move, which has a VCF). Every position of every game is solved.
    #[arg(long)]
    pub missed_wins: bool,
    /// The VCF depth limit of --missed-wins: the most fours, the final five not counted.
    #[arg(long, value_name = "N", default_value_t = renju_vcf::DEFAULT_MAX_DEPTH, requires = "missed_wins")]
    pub max_depth: u32,
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
            sample: self.sample,
            missed_wins: self.missed_wins.then_some(renju_vcf::Limits {
                max_depth: self.max_depth,
                ..renju_vcf::Limits::default()
            }),
            encoding: read.encoding,
        }
    }

    /// Where the run reads and writes.
    #[must_use]
    pub fn io(&self) -> Io {
        Io {
            paths: self.paths.clone(),
            report: self.report.clone(),
            json: self.json.clone(),
            html: self.html.clone(),
            jobs: self.run.jobs(),
            quiet: self.run.quiet,
        }
    }
}

/// Runs `corpus-tool validate` from its command line; returns the exit status.
#[must_use]
pub fn main(cmd: &Command) -> u8 {
    match run_command(&cmd.options(), &cmd.io()) {
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
    /// Files or folders to audit.
    pub paths: Vec<PathBuf>,
    /// CSV report path.
    pub report: Option<PathBuf>,
    /// JSON summary path.
    pub json: Option<PathBuf>,
    /// HTML page path ([`crate::html`]).
    pub html: Option<PathBuf>,
    /// Worker threads.
    pub jobs: Jobs,
    /// No summary on stdout, no progress bar.
    pub quiet: bool,
}

/// Runs `corpus-tool validate`: audits, writes the report and JSON, prints the summary.
/// Returns the exit status ([`Summary::status`](super::Summary::status)): 0 every record
/// `ok`, 1 findings (or a file in a record format holding no record), 2 the run failed
/// part-way (a file or folder that could not be read: the summary says which; the report
/// covers the rest).
///
/// Reports are written through [`AtomicFile`]: after a failure no file `NAME` is left (nor
/// the partial one).
///
/// # Errors
/// The run itself failed: a path that cannot be read, a report that cannot be written.
pub fn run_command(options: &Options, io: &Io) -> Result<u8, String> {
    use std::io::IsTerminal;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(io.jobs.get())
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    for p in &io.paths {
        std::fs::metadata(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
    }
    let mut report = match &io.report {
        Some(path) => Some(AtomicFile::create(path).map_err(|e| e.to_string())?),
        None => None,
    };
    // the JSON file is claimed before the audit, so an unwritable path fails fast (a report
    // already claimed is removed when dropped)
    let json = match &io.json {
        Some(path) => Some(AtomicFile::create(path).map_err(|e| e.to_string())?),
        None => None,
    };
    let html = match &io.html {
        Some(path) => Some(AtomicFile::create(path).map_err(|e| e.to_string())?),
        None => None,
    };
    let bar = (!io.quiet && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(0);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {pos}/~{len} games [{elapsed_precise}] {per_sec} ETA {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let report_target = report.as_ref().map(|r| r.target().display().to_string());
    let result = pool.install(|| {
        let mut progress = |done: usize, total: usize| {
            if let Some(b) = &bar {
                b.set_length(total as u64);
                b.set_position(done as u64);
            }
        };
        let csv = report.as_mut().map(std::io::BufWriter::new);
        if html.is_some() {
            crate::html::audit_with_page(&io.paths, options, csv, &mut progress)
                .map(|(s, page)| (s, Some(page)))
        } else {
            audit_with_report(&io.paths, options, csv, &mut progress).map(|s| (s, None))
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let (summary, page) = match result {
        Ok(s) => s,
        Err(e) => {
            return Err(match (&e, report_target) {
                (RunError::Write(w), Some(target)) => {
                    format!("cannot write {target}: {w} (no report written)")
                }
                _ => e.to_string(),
            });
        }
    };
    // The page is written first and committed last: a page that cannot be written leaves no
    // report behind (atomic files not committed are removed when dropped).
    let html = match (html, page) {
        (Some(mut pending), Some(page)) => {
            if let Err(e) = crate::html::write_page(&page, std::io::BufWriter::new(&mut pending)) {
                let target = pending.target().display().to_string();
                return Err(format!("cannot write {target}: {e} (no report written)"));
            }
            Some(pending)
        }
        _ => None,
    };
    if let Some(mut pending) = json {
        if let Err(e) = write_json(&summary, std::io::BufWriter::new(&mut pending)) {
            let target = pending.target().display().to_string();
            return Err(format!("cannot write {target}: {e} (no report written)"));
        }
        if let Some(r) = report {
            r.commit().map_err(|e| e.to_string())?;
        }
        pending.commit().map_err(|e| e.to_string())?;
    } else if let Some(r) = report {
        r.commit().map_err(|e| e.to_string())?;
    }
    if let Some(h) = html {
        h.commit().map_err(|e| e.to_string())?;
    }
    for p in &summary.file_problems {
        eprintln!("corpus-tool validate: {}: {}", p.file, p.reason);
    }
    if !io.quiet {
        // A closed pipe (`| head`) is not an error of the audit: stop printing quietly.
        let _ = std::io::Write::write_all(&mut std::io::stdout(), summary.to_string().as_bytes());
    }
    Ok(summary.status())
}
