//! `corpus-tool dedupe`: the groups of records that hold the same game (the definitions are
//! in the `archive` crate's [`renju_archive::dedupe`] and in `docs/archive.md`), as a CSV report,
//! a summary, and the archive without its duplicates. The records are read through
//! [`read_records`] (parsed on the engine's workers, keyed in input order).

use crate::args::RunArgs;
use crate::engine::{Engine, Stop};
use crate::error::Error;
use crate::input::ReadOptions;
use crate::output::AtomicFile;
use crate::output::parquet::{is_parquet, write_dedupe_report};
use crate::output::records::RecordWriter;
use crate::records::{Output, Walked, finish_command, is_stdout, read_records};
use crate::style::{count, thousands};
use renju_archive::dedupe::{Deduper, Kind, Outcome};
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

/// The options of `corpus-tool dedupe`.
#[derive(Debug, Clone, Default)]
pub struct Args {
    /// Files or folders.
    pub paths: Vec<PathBuf>,
    /// Records with fewer moves take no part.
    pub min_moves: usize,
    /// The CSV report.
    pub report: Option<PathBuf>,
    /// Where to write the records that are not duplicates.
    pub unique: Option<PathBuf>,
    /// How to read the inputs.
    pub input: ReadOptions,
}

/// The CSV header's contract columns.
pub const CSV_HEADER: [&str; 8] = [
    "group", "kind", "file", "index", "id", "moves", "declared", "symmetry",
];

/// Writes the report: one row per member of a group of two or more, groups in order, members
/// in input order.
///
/// # Errors
/// A write error ([`Error::Write`] naming `the report`).
pub fn write_report<W: Write>(outcome: &Outcome, out: W) -> Result<W, Error> {
    let mut w = csv::Writer::from_writer(out);
    let fail = Error::report;
    w.write_record(CSV_HEADER).map_err(fail)?;
    for g in &outcome.groups {
        for m in &g.members {
            w.write_record([
                g.number.to_string(),
                m.kind.name().to_string(),
                m.source.file.to_string(),
                m.source.index.to_string(),
                m.id.clone().unwrap_or_default(),
                m.moves.to_string(),
                m.declared.name().to_string(),
                m.symmetry.name().to_string(),
            ])
            .map_err(fail)?;
        }
    }
    w.into_inner().map_err(|e| Error::report(e.into_error()))
}

/// The summary: records read, groups, duplicates per kind, a few examples.
#[must_use]
pub fn summary(outcome: &Outcome, walked: &Walked) -> String {
    let mut s = String::new();
    let taking = outcome.records - outcome.short - outcome.not_examined.len();
    let _ = writeln!(
        s,
        "{}; {} with at least {} moves took part",
        walked.records_line(),
        thousands(taking),
        outcome.min_moves
    );
    s.push_str(&walked.salvaged_line());
    let set_up = outcome
        .not_examined
        .iter()
        .filter(|(_, _, why)| *why == renju_archive::dedupe::NotExaminedError::SetUp)
        .count();
    if set_up > 0 {
        let _ = writeln!(
            s,
            "set up: {} set stones up (SGF AB/AW/AE) and were not compared: not games from the \
             empty board (listed as not examined)",
            count(set_up, "record", "records")
        );
    }
    for (seq, src, why) in &outcome.not_examined {
        let _ = writeln!(
            s,
            "not examined: {} record {} (input record {}): {why}",
            src.file,
            src.index,
            seq + 1
        );
    }
    let in_groups: usize = outcome.groups.iter().map(|g| g.members.len()).sum();
    let _ = writeln!(
        s,
        "groups: {} ({})",
        thousands(outcome.groups.len()),
        count(in_groups, "record", "records")
    );
    let _ = writeln!(
        s,
        "duplicates: {} (identical {}, symmetric {}, prefix {})",
        thousands(outcome.duplicate_count()),
        thousands(outcome.count(Kind::Identical)),
        thousands(outcome.count(Kind::Symmetric)),
        thousands(outcome.count(Kind::Prefix))
    );
    // examples: the first group of each kind of duplicate
    for kind in [Kind::Identical, Kind::Symmetric, Kind::Prefix] {
        let Some(g) = outcome
            .groups
            .iter()
            .find(|g| g.members.iter().any(|m| m.kind == kind))
        else {
            continue;
        };
        let _ = writeln!(s, "example ({kind}): group {}", g.number);
        for m in g.members.iter().take(6) {
            let _ = writeln!(
                s,
                "  {} record {}: {}, {} moves, {}",
                m.source.file, m.source.index, m.kind, m.moves, m.symmetry
            );
        }
        if g.members.len() > 6 {
            let _ = writeln!(s, "  ... and {} more", thousands(g.members.len() - 6));
        }
    }
    s
}

/// Runs `corpus-tool dedupe` on `engine`: the text for stdout and stderr and the exit status
/// ([`Walked::status`]). After a stop the groups are those of the records read, and the files
/// are written under names that say they are partial.
///
/// # Errors
/// A path that cannot be read, a report or output that cannot be written.
pub fn run(args: &Args, engine: &Engine) -> Result<Output, Error> {
    let mut d = Deduper::new(args.min_moves);
    // Parsed on the workers, keyed here in input order (a record the symmetries cannot map,
    // or set up, is listed by the summary; a salvaged one takes part with the moves before
    // its unreadable move).
    let mut walked = read_records(
        &args.paths,
        args.input,
        engine,
        &|_, _| (),
        &mut |src, r, ()| {
            let _ = d.push(src, r.game());
        },
    )?;
    let outcome = d.finish();
    let partial = walked.streamed.not_reached.is_some();
    if let Some(path) = args.report.as_deref().filter(|p| is_parquet(p)) {
        write_dedupe_report(&outcome, path, partial)?;
    }
    if let Some(path) = args.report.as_ref().filter(|p| !is_parquet(p)) {
        let f = AtomicFile::create(path)?;
        let f = write_report(&outcome, std::io::BufWriter::new(f))?
            .into_inner()
            .map_err(|e| Error::write(path, e.into_error()))?;
        if partial {
            f.commit_partial()?;
        } else {
            f.commit()?;
        }
    }
    let mut text = summary(&outcome, &walked);
    let mut lost = false;
    let mut stopped_writing = false;
    if let Some(path) = &args.unique {
        let unique = write_unique(args, path, &outcome, engine, partial)?;
        lost = unique.lost;
        walked.written.extend(unique.salvaged);
        text.push_str(&unique.text);
        if let Some(passed) = unique.stopped_at {
            stopped_writing = true;
            let _ = writeln!(
                text,
                "INTERRUPTED: the run was stopped while it wrote the unique records, after {} of \
                 the {} read (the report and the counts cover every record read)",
                count(passed, "record", "records"),
                thousands(outcome.records as u64),
            );
        }
    }
    text.push_str(&walked.problems_text());
    // a stop while the unique records were written leaves them partial: a stopped run
    let status = if stopped_writing {
        130
    } else {
        walked.status().max(u8::from(lost))
    };
    let on_stdout = [&args.report, &args.unique]
        .into_iter()
        .any(|p| p.as_deref().is_some_and(is_stdout));
    Ok(Output::new(text, walked.skipped_lines(), status, on_stdout))
}

/// What `--unique` wrote.
struct Unique {
    text: String,
    /// Something read could not be written.
    lost: bool,
    /// The salvaged records written.
    salvaged: Vec<renju_archive::dedupe::Source>,
    /// A stop that came in this pass after a whole first pass: the records passed by then.
    stopped_at: Option<usize>,
}

/// Writes the records that are not duplicates: a second pass over the inputs, over the
/// records the first one read (`partial`: the first pass was stopped, so the file is partial).
fn write_unique(
    args: &Args,
    path: &std::path::Path,
    outcome: &Outcome,
    engine: &Engine,
    partial: bool,
) -> Result<Unique, Error> {
    let mut w = RecordWriter::create(path)?;
    let mut seq = 0usize;
    let mut error = None;
    // The pass stops by itself after the records the first one read, or with the run.
    let enough = Stop::new();
    let second = engine.clone().stop_on(enough.clone());
    let run = engine.stop().cloned().unwrap_or_default();
    // a stop asked for in the first pass (the file is then partial) does not stop this one:
    // it writes the records that first pass read; a stop asked for now does
    let asked = if partial { run.requests() } else { 0 };
    let stopped = || run.requests() > asked;
    let walked = read_records(
        &args.paths,
        args.input,
        &second,
        &|_, _| (),
        &mut |src, r, ()| {
            if seq >= outcome.records || stopped() {
                enough.request(1);
                return;
            }
            if !outcome.is_duplicate(seq)
                && error.is_none()
                && let Err(e) = w.push_read(&src, r)
            {
                error = Some(e);
            }
            seq += 1;
        },
    )?;
    if let Some(e) = error {
        return Err(e);
    }
    // a stop that came after every record passed left the file whole
    let stopped_here = stopped() && seq < outcome.records;
    let interrupted = partial || stopped_here;
    if seq < outcome.records && !interrupted {
        return Err(Error::InputsChanged {
            first: outcome.records,
            second: walked.records(),
            output: path.to_path_buf(),
        });
    }
    // the records the format cannot hold are known once they are written
    w.write_pending()?;
    let lost = w.lost_any();
    let salvaged = w.salvaged_written().to_vec();
    Ok(Unique {
        text: w.finish(interrupted)?,
        lost,
        salvaged,
        stopped_at: (stopped_here && !partial).then_some(seq),
    })
}

/// `corpus-tool dedupe` on the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = "\
Two records hold the same game when the moves of one, under one of the 8 board symmetries,
equal the moves of the other or are its first moves (passes are moves). A representative is
a record that no longer record, and no equally long earlier record, holds; every other
record joins the first representative (in input order) that holds it, as identical (same
moves, same orientation), symmetric (another symmetry) or prefix (cut short).

--report writes one CSV row per record in a group of two or more:
  group,kind,file,index,id,moves,declared,symmetry
(kind first/identical/symmetric/prefix; symmetry maps the record onto its representative).
--unique writes every record that is not a duplicate, in OUT's format (from its extension).

Exit status: 0 every record read, 1 some records unreadable (named on stdout), 2 the run
failed or a file could not be read.

Examples:
  corpus-tool dedupe --report copies.csv archive.renju
  corpus-tool dedupe --min-moves 30 --unique clean.renju merged/")]
pub struct Command {
    /// Files or folders (records in input order: files as given, a folder's files in path order).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Only records with at least this many moves take part.
    #[arg(long, value_name = "N", default_value_t = renju_archive::dedupe::DEFAULT_MIN_MOVES)]
    pub min_moves: usize,
    /// Write the groups as CSV to this file (as Parquet, the same rows typed, when its
    /// name ends in `.parquet`).
    #[arg(long, value_name = "FILE.csv")]
    pub report: Option<PathBuf>,
    /// Write the records that are not duplicates to this file.
    #[arg(long, value_name = "OUT")]
    pub unique: Option<PathBuf>,
    /// How the inputs are read.
    #[command(flatten)]
    pub input: crate::args::InputArgs,
    /// Worker threads and output.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `corpus-tool dedupe` from its command line; returns the exit status.
#[must_use]
pub fn main(cmd: &Command) -> u8 {
    let args = Args {
        paths: cmd.paths.clone(),
        min_moves: cmd.min_moves,
        report: cmd.report.clone(),
        unique: cmd.unique.clone(),
        input: cmd.input.read_options(),
    };
    finish_command("dedupe", &cmd.run, |engine| run(&args, engine))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Jobs;

    #[test]
    fn a_stop_while_the_unique_records_are_written_is_a_stopped_run() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("a.renju");
        std::fs::write(&f, "black h8 h9 i10\nblack h8 h9 i10\nwhite h8 i9\n").unwrap();
        let unique = dir.path().join("u.renju");
        let args = Args {
            paths: vec![f],
            min_moves: 0,
            report: None,
            unique: Some(unique.clone()),
            input: ReadOptions::default(),
        };
        // a whole first pass
        let mut d = Deduper::new(0);
        read_records(
            &args.paths,
            args.input,
            &Engine::new(Jobs::ONE),
            &|_, _| (),
            &mut |src, r, ()| {
                let _ = d.push(src, r.game());
            },
        )
        .unwrap();
        let outcome = d.finish();
        assert_eq!(outcome.records, 3);
        // the stop comes before the second pass has passed a record
        let stop = Stop::new();
        stop.request(2);
        let engine = Engine::new(Jobs::ONE).stop_on(stop);
        let u = write_unique(&args, &unique, &outcome, &engine, false).unwrap();
        assert_eq!(u.stopped_at, Some(0), "the run says it was stopped");
        assert!(!unique.exists());
        assert!(dir.path().join("u.partial.renju").exists());
        // a first pass stopped (its records partial): the stop it had does not stop the
        // second pass, which writes the unique records of what the first read
        std::fs::remove_file(dir.path().join("u.partial.renju")).unwrap();
        let stop = Stop::new();
        stop.request(2);
        let engine = Engine::new(Jobs::ONE).stop_on(stop);
        let u = write_unique(&args, &unique, &outcome, &engine, true).unwrap();
        assert_eq!(u.stopped_at, None);
        assert!(!unique.exists());
        let kept = std::fs::read_to_string(dir.path().join("u.partial.renju")).unwrap();
        assert_eq!(kept.lines().count(), 2, "{kept}");
        // without a stop: whole, not stopped
        let u = write_unique(&args, &unique, &outcome, &Engine::new(Jobs::ONE), false).unwrap();
        assert_eq!(u.stopped_at, None);
        assert_eq!(std::fs::read_to_string(&unique).unwrap().lines().count(), 2);
    }
}
