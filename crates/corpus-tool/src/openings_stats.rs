//! `corpus-tool openings stats`: how often each of the 26 openings is played in an archive and
//! how its games end. The records are audited by the same pipeline as `validate` with the same
//! options (so `black_five`, `white_five` and `foul` are exactly the ends `validate` finds);
//! the counting is `renju_analyzer::stats`.

use crate::output::AtomicFile;
use crate::validate::{Audited, Options, Summary, audit_entries, walk_paths};
use renju_analyzer::fifth_stats::FifthMoveStats;
use renju_analyzer::stats::OpeningStats;
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
/// let run = corpus_tool::openings_stats::count(&[file], &Options::default()).unwrap();
/// assert_eq!(run.stats.games(), 2);
/// let csv = run.stats.csv();
/// assert!(csv.contains("\n6D,Ugetsu,1,1,0,0,0,1,0,0,9.0\n"), "{csv}");
/// assert!(csv.ends_with("none,not one of the 26,1,0,1,0,0,0,0,0,2.0\n"), "{csv}");
/// ```
pub fn count(paths: &[PathBuf], options: &Options) -> Result<StatsRun, String> {
    for p in paths {
        std::fs::metadata(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
    }
    let entries = walk_paths(paths).map_err(|e| format!("{}: {}", e.file, e.reason))?;
    let mut stats = OpeningStats::new();
    let mut fifth = FifthMoveStats::new();
    let mut unreadable = Vec::new();
    let summary = audit_entries(
        entries,
        options,
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
        &mut |_, _| {},
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

/// Runs the command: counts, writes the files asked for, and returns the text for stdout; see
/// [`run_checked`] for the unreadable records too.
///
/// # Errors
/// A path that cannot be read or a file that cannot be written.
pub fn run(paths: &[PathBuf], options: &Options, outputs: Outputs<'_>) -> Result<String, String> {
    run_checked(paths, options, outputs).map(|r| r.stdout)
}

/// What [`run_checked`] gives the command line.
#[derive(Debug, Clone)]
pub struct Ran {
    /// The text for stdout.
    pub stdout: String,
    /// One line per record that could not be read or file not counted, for stderr
    /// (`unreadable: FILE record N: why`, `file not counted: FILE: why`); nothing is lost
    /// without a word.
    pub problems: Vec<String>,
}

impl Ran {
    /// Whether every record was counted (exit status 0; else 1, as `validate` with an
    /// unreadable record).
    #[must_use]
    pub fn clean(&self) -> bool {
        self.problems.is_empty()
    }
}

/// [`run`], also naming every record not counted.
///
/// # Errors
/// A path that cannot be read or a file that cannot be written.
pub fn run_checked(
    paths: &[PathBuf],
    options: &Options,
    outputs: Outputs<'_>,
) -> Result<Ran, String> {
    let run = count(paths, options)?;
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
    let files = [
        (outputs.report, run.stats.csv()),
        (outputs.json, run.stats.json()),
        (outputs.markdown, run.stats.markdown(&source)),
        (outputs.svg, run.stats.svg(&source)),
        (outputs.fifth_report, run.fifth.csv()),
    ];
    for (path, text) in files {
        if let Some(path) = path {
            AtomicFile::write(path, text.as_bytes()).map_err(|e| e.to_string())?;
        }
    }
    let s = &run.summary;
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
        s.records,
        run.stats.games(),
        s.unreadable,
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
    Ok(Ran {
        stdout: out,
        problems,
    })
}
