//! `corpus-tool openings stats`: how often each of the 26 openings is played in an archive and
//! how its games end. The records are audited by the same pipeline as `validate` with the same
//! options (so `black_five`, `white_five` and `foul` are exactly the ends `validate` finds);
//! the counting is `renju_analyzer::stats`.

use crate::args::{RunArgs, SettingsArgs};
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
    /// Write the table as CSV to this file.
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
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(cmd.run.jobs().get())
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("corpus-tool openings stats: cannot start worker threads: {e}");
            return 2;
        }
    };
    match pool.install(|| run_checked(&cmd.paths, &cmd.options(), cmd.outputs())) {
        Ok(ran) => {
            if !cmd.run.quiet {
                let _ = std::io::Write::write_all(&mut std::io::stdout(), ran.stdout.as_bytes());
            }
            for p in &ran.problems {
                eprintln!("{p}");
            }
            u8::from(!ran.clean())
        }
        Err(e) => {
            eprintln!("corpus-tool openings stats: {e}");
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use renju_analyzer::End;
    use renju_core::Foul;

    /// The ends counted per opening add up to the ends `validate`'s summary counts on the
    /// project's hand-made games (every kind of end is among them).
    #[test]
    fn ends_agree_with_validate_on_the_project_games() {
        let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/games");
        let run = count(&[games], &Options::default()).expect("corpus/games is readable");
        let rows = run.stats.rows();
        let sum =
            |f: fn(&renju_analyzer::stats::OpeningRow) -> usize| rows.iter().map(f).sum::<usize>();
        let s = &run.summary;
        assert!(s.records >= 20, "{} records", s.records);
        assert_eq!(run.stats.games(), s.records - s.unreadable);
        assert_eq!(sum(|r| r.black_five), s.ends.get(End::BlackFive));
        assert_eq!(sum(|r| r.white_five), s.ends.get(End::WhiteFive));
        let fouls: usize = [Foul::DoubleThree, Foul::DoubleFour, Foul::Overline]
            .into_iter()
            .map(|f| s.ends.get(End::Foul(f)))
            .sum();
        assert!(fouls > 0);
        assert_eq!(sum(|r| r.foul), fouls);
        let declared = sum(|r| r.black + r.white + r.draw + r.unknown);
        assert_eq!(declared, run.stats.games());
    }
}
