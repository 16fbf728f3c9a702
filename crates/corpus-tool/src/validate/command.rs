//! `corpus-tool validate` as a command: options to files, the summary printed, the exit
//! status.

use super::Options;
use super::report::{RunError, audit_with_report, write_json};
use crate::output::AtomicFile;
use std::path::PathBuf;

/// Where a command-line run reads and writes.
#[derive(Debug, Clone, Default)]
pub struct Io {
    /// Files or folders to audit.
    pub paths: Vec<PathBuf>,
    /// CSV report path.
    pub report: Option<PathBuf>,
    /// JSON summary path.
    pub json: Option<PathBuf>,
    /// Worker threads (`None`: all cores).
    pub jobs: Option<usize>,
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
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = io.jobs {
        if n == 0 {
            return Err("--jobs must be at least 1".to_string());
        }
        pool = pool.num_threads(n);
    }
    let pool = pool
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
        audit_with_report(
            &io.paths,
            options,
            report.as_mut().map(std::io::BufWriter::new),
            &mut progress,
        )
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let summary = match result {
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
    for p in &summary.file_problems {
        eprintln!("corpus-tool validate: {}: {}", p.file, p.reason);
    }
    if !io.quiet {
        // A closed pipe (`| head`) is not an error of the audit: stop printing quietly.
        let _ = std::io::Write::write_all(&mut std::io::stdout(), summary.to_string().as_bytes());
    }
    Ok(summary.status())
}
