//! `corpus-tool convert` as a stream: several inputs (or folders), a Parquet output or a
//! Parquet input. The records are read through the record [`mod@stream`] on the engine
//! (parsed on its workers) and written in input order as they come: to a Parquet game file
//! ([`GameFile`], one row per record, unreadable records too, with their reason), or to a
//! record format ([`RecordWriter`]: the rows of a Parquet file back to `.renju` lines, the
//! unreadable ones listed). Writing Parquet, each row group is built, encoded and compressed
//! on the workers of a second run of the engine, and appended in order. Memory is bounded
//! whatever the size of the input: the engine's jobs in flight, and 2 x jobs + 1 row groups of
//! the output.

use super::{Command, Target};
use crate::engine::Engine;
use crate::input::{BrokenRecord, Read, Record, StreamOptions, stream, walk_paths};
use crate::output::parquet::{GameFile, is_parquet, write_error};
use crate::output::records::RecordWriter;
use crate::records::{Output, Walked, finish_command, is_stdout, read_records};
use crate::style::{count, thousands};
use renju_archive::dedupe::Source;
use renju_notation::ReadRemark;
use renju_parquet::Unreadable;
use renju_parquet::games::RowGroup;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Whether the conversion is a stream: more than one input, a folder, standard input (`-`,
/// which may be a Parquet file: its first bytes cannot be looked at before it is read), a
/// Parquet output (by `--to` or the extension) or a Parquet input (by its first bytes).
#[must_use]
pub fn streams(inputs: &[PathBuf], output: &Path, to: Option<Target>) -> bool {
    let parquet_out = match to {
        Some(Target::Parquet) => true,
        Some(Target::Format(_)) => false,
        None => is_parquet(output),
    };
    parquet_out
        || inputs.len() != 1
        || inputs
            .iter()
            .any(|p| p.as_os_str() == "-" || p.is_dir() || is_parquet_file(p))
}

/// Whether the file at `path` starts with Parquet's magic bytes.
fn is_parquet_file(path: &Path) -> bool {
    let mut magic = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
        .is_ok_and(|()| &magic == b"PAR1")
}

/// Runs the conversion as a stream from the command line; the exit status.
#[must_use]
pub fn main(cmd: &Command, inputs: &[PathBuf], output: &Path) -> u8 {
    let read = crate::input::ReadOptions {
        format: cmd.from,
        orientation: cmd.orientation,
        encoding: cmd.encoding,
    };
    if cmd.write_orientation.is_some() {
        eprintln!(
            "corpus-tool convert: --write-orientation is for one file to another record \
             format; a conversion of several files or of Parquet writes each format's usual \
             orientation"
        );
        return 2;
    }
    let parquet_out = match cmd.to {
        Some(Target::Parquet) => true,
        Some(Target::Format(f)) => {
            let by_ext = output
                .extension()
                .and_then(|e| e.to_str())
                .and_then(renju_notation::Format::from_extension);
            if by_ext != Some(f) && !is_stdout(output) {
                eprintln!(
                    "corpus-tool convert: --to {f}: give OUTPUT the extension of the format \
                     (.{}) when converting several files or Parquet",
                    f.extensions()[0]
                );
                return 2;
            }
            false
        }
        None => is_parquet(output),
    };
    finish_command("convert", &cmd.run, |engine| {
        if parquet_out {
            to_parquet(inputs, output, read, engine)
        } else {
            to_records(inputs, output, read, engine)
        }
    })
}

/// Writes every record under `inputs` to the Parquet game file `output`, in input order: one
/// row per record (an unreadable record is a row with its reason; a salvaged one, the moves
/// before its unreadable move and that move). With no record, nothing is written.
///
/// # Errors
/// A path that cannot be read, an output that cannot be written.
///
/// ```
/// use corpus_tool::convert::parquet::to_parquet;
/// use corpus_tool::engine::{Engine, Jobs};
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("a.renju"), "black h8 h9 i8\npurple h8\n").unwrap();
/// let out = dir.path().join("games.parquet");
/// let engine = Engine::new(Jobs::ONE);
/// let done = to_parquet(&[dir.path().join("a.renju")], &out, Default::default(), &engine).unwrap();
/// assert_eq!(done.status, 1, "a record could not be read: {}", done.stdout);
/// assert!(done.stdout.contains("wrote 2 rows"), "{}", done.stdout);
/// assert_eq!(&std::fs::read(&out).unwrap()[..4], b"PAR1");
/// ```
pub fn to_parquet(
    inputs: &[PathBuf],
    output: &Path,
    read: crate::input::ReadOptions,
    engine: &Engine,
) -> Result<Output, crate::error::Error> {
    let entries = walk_paths(inputs).map_err(crate::error::Error::Path)?;
    let mut file = GameFile::create(output)?;
    let encoder = file.rows().encoder();
    let group_rows = file.rows().row_group_rows();
    let mut error: Option<renju_parquet::Error> = None;
    // The records are parsed on the engine's workers and gathered here, in input order, a row
    // group at a time; each row group's Arrow arrays are built, encoded and compressed (the
    // costly part: zstd) on the workers of a second run of the engine, and the row groups are
    // appended to the file in order. The second run has no stop of its own (an interrupted
    // stream ends, and every row gathered is written). Two row groups a worker may be in
    // flight: the engine's reader, once the room is full, waits until three quarters of it is
    // free, so with one a worker every worker waited for the slowest at each round; at most
    // 2 x jobs + 1 row groups are held.
    let jobs = engine.jobs();
    let groups = Engine::new(jobs).batches(1, 1).in_flight(2 * jobs.get());
    let ran = groups.run(
        |feed| {
            let mut seen = Seen::default();
            let mut group = RowGroup::new();
            let mut failed = None;
            let streamed = stream(
                entries,
                engine,
                StreamOptions { read, sample: 1 },
                &|_, r| r,
                &mut |r| {
                    seen.note(&r);
                    if let Err(e) = add(&mut group, r) {
                        failed.get_or_insert(e);
                    }
                    if group.rows() >= group_rows {
                        // never refused: the run has no stop
                        let _ = feed.push(std::mem::take(&mut group));
                    }
                },
                &mut |_| {},
            );
            if group.rows() > 0 {
                let _ = feed.push(group);
            }
            (streamed, seen, failed)
        },
        |group| encoder.encode(group),
        |encoded| {
            if error.is_none()
                && let Err(e) = encoded.and_then(|g| file.rows().append(g))
            {
                error = Some(e);
            }
        },
    );
    if let Some(e) = error {
        return Err(write_error(output, e).into());
    }
    let (
        streamed,
        Seen {
            unreadable,
            salvaged,
            trees,
        },
        failed,
    ) = ran.read;
    if let Some(e) = failed {
        return Err(write_error(output, e).into());
    }
    let partial = streamed.not_reached.is_some();
    let (written, to) = file.finish(output, partial)?;
    let mut walked = Walked {
        streamed,
        unreadable,
        salvaged,
        written: std::collections::HashSet::new(),
    };
    // the salvaged records are rows with their unreadable move: said once, below
    walked.written = walked.salvaged.iter().map(|(s, _)| s.clone()).collect();
    let mut text = String::new();
    let _ = writeln!(text, "{}", walked.records_line());
    match &to {
        None => {
            let _ = writeln!(
                text,
                "no record read; nothing written to {}",
                output.display()
            );
        }
        Some(to) => {
            let _ = writeln!(
                text,
                "wrote {} to {} (parquet, game schema {}, {}){}{}",
                count(written.rows as usize, "row", "rows"),
                if is_stdout(to) {
                    "standard output".to_string()
                } else {
                    to.display().to_string()
                },
                renju_parquet::games::SCHEMA_VERSION,
                count(written.row_groups, "row group", "row groups"),
                match written.unreadable {
                    0 => String::new(),
                    n => format!(
                        "; {} unreadable, kept as rows with their reason",
                        thousands(n as usize)
                    ),
                },
                if partial { ", interrupted" } else { "" },
            );
        }
    }
    if trees > 0 {
        let _ = writeln!(
            text,
            "{} are lines of trees (column line: L/N)",
            count(trees, "row", "rows")
        );
    }
    if !written.dropped.is_empty() {
        let fields: Vec<String> = written
            .dropped
            .iter()
            .map(|(f, n)| format!("{f} ({n})"))
            .collect();
        let _ = writeln!(
            text,
            "the parquet game schema could not hold: {} (records that had them)",
            fields.join(", ")
        );
    }
    for (_, s) in &walked.salvaged {
        let _ = writeln!(text, "unreadable move (kept in the row): {s}");
    }
    text.push_str(&walked.problems_text());
    let status = walked
        .status()
        .max(u8::from(to.is_none() || !written.dropped.is_empty()));
    Ok(Output::new(
        text,
        walked.skipped_lines(),
        status,
        is_stdout(output),
    ))
}

/// What the sink of [`to_parquet`] notes of the records as they pass, for the summary.
#[derive(Default)]
struct Seen {
    /// Why each record that could not be read could not be.
    unreadable: Vec<BrokenRecord>,
    /// The salvaged records, each with its sentence.
    salvaged: Vec<(Source, String)>,
    /// Rows that are lines of trees.
    trees: usize,
}

impl Seen {
    fn note(&mut self, r: &Record<Read>) {
        match &r.item {
            Ok(Read::Game(g)) => {
                self.trees += usize::from(
                    g.remarks
                        .iter()
                        .any(|m| matches!(m, ReadRemark::TreeLine { .. })),
                );
            }
            Ok(Read::Salvaged(_, m)) => {
                let why = salvaged_why(m);
                self.salvaged.push((
                    Source {
                        file: Arc::clone(&r.file),
                        index: r.index,
                    },
                    format!("{}: record {}: {why}", r.file, r.index),
                ));
            }
            Err(why) => self.unreadable.push(why.clone()),
        }
    }
}

/// Where a game read from a row of a Parquet game file was first read from (the row's
/// `source` and `index`).
fn origin(g: &renju_notation::GameRecord) -> Option<(&str, u64)> {
    g.remarks.iter().find_map(|m| match m {
        ReadRemark::Row { source, index } => Some((source.as_str(), *index)),
        _ => None,
    })
}

/// The `unreadable` value of a salvaged record's row.
fn salvaged_why(m: &renju_analyzer::UnreadableMove) -> Unreadable {
    Unreadable::Move {
        number: m.number,
        text: m.text.clone(),
        reason: m.reason.clone(),
    }
}

/// Adds the row of the record `r` to `group` (an unreadable record with its reason). A game
/// read from a row of a Parquet game file keeps that row's `source` and `index` (the file
/// and the record it was first read from), not the Parquet file's name and row number.
fn add(group: &mut RowGroup, r: Record<Read>) -> Result<(), renju_parquet::Error> {
    let at = (&*r.file, r.index as u64);
    match &r.item {
        Ok(Read::Game(g)) => {
            let (source, index) = origin(g).unwrap_or(at);
            group.push(source, index, g, None)
        }
        Ok(Read::Salvaged(g, m)) => {
            let (source, index) = origin(g).unwrap_or(at);
            group.push(source, index, g, Some(&salvaged_why(m)))
        }
        Err(why) => group.push_unreadable(&r.file, r.index as u64, &why.to_string()),
    }
}

/// Writes every record under `inputs` (Parquet game files among them) to `output` in the
/// record format of its extension, in input order; the unreadable records are listed, not
/// written (there is nothing to write). With no record written, nothing is written (a file
/// named `output` is left as it was).
///
/// # Errors
/// A path that cannot be read, an output that cannot be written.
pub fn to_records(
    inputs: &[PathBuf],
    output: &Path,
    read: crate::input::ReadOptions,
    engine: &Engine,
) -> Result<Output, crate::error::Error> {
    let mut out = RecordWriter::create(output)?;
    let mut error: Option<crate::error::Error> = None;
    // records that are lines of a tree (a tree format read, or rows of such lines)
    let mut lines = 0usize;
    let mut walked = read_records(inputs, read, engine, &|_, _| (), &mut |src, r, ()| {
        let (Read::Game(g) | Read::Salvaged(g, _)) = &r;
        lines += usize::from(
            g.remarks
                .iter()
                .any(|m| matches!(m, ReadRemark::TreeLine { .. })),
        );
        if error.is_none()
            && let Err(e) = out.push_read(&src, r)
        {
            error = Some(e);
        }
    })?;
    if let Some(e) = error {
        return Err(e);
    }
    walked
        .written
        .extend(out.salvaged_written().iter().cloned());
    // the records the format cannot hold are known once they are written
    out.write_pending()?;
    let lost = out.lost_any();
    let format = out.format();
    let mut text = String::new();
    let _ = writeln!(text, "{}", walked.records_line());
    text.push_str(&walked.salvaged_line());
    let (written, made) = out.finish_unless_empty(walked.streamed.not_reached.is_some())?;
    text.push_str(&written);
    if lines > 0 && made && format != renju_notation::Format::Lib {
        // a library merges its lines into one tree again; the other formats do not
        let _ = writeln!(
            text,
            "{}: lines of trees, written as separate games (one per root-to-leaf line)",
            count(lines, "record", "records")
        );
    }
    let status = walked.status().max(u8::from(lost || !made));
    text.push_str(&walked.problems_text());
    Ok(Output::new(
        text,
        walked.skipped_lines(),
        status,
        is_stdout(output),
    ))
}
