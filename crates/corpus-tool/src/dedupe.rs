//! `corpus-tool dedupe`: the groups of records that hold the same game (the definitions are
//! in the `archive` crate's [`renju_archive::dedupe`] and in `docs/archive.md`), as a CSV report,
//! a summary, and the archive without its duplicates.
//!
//! This module also holds [`for_each_record`], the input stream that `dedupe`, `search` and
//! `filter` share (validate's: files in the order given, a folder's files in path order,
//! records in file order); every record a reader yields is handed on, unreadable ones as an
//! `Err` with the reader's message.

use crate::output::AtomicFile;
use crate::validate::{self, FileProblem, ReadOptions, RecordItem};
use renju_analyzer::UnreadableMove;
use renju_archive::dedupe::{Deduper, Kind, Outcome, Source};
use renju_notation::{Format, GameRecord};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What walking the inputs found besides the records.
#[derive(Debug, Clone, Default)]
pub struct Walked {
    /// Files read.
    pub files: usize,
    /// Entries of folders not read (hidden, link loops, no record format), with why.
    pub skipped: Vec<String>,
    /// Files or folders that could not be read at all.
    pub problems: Vec<FileProblem>,
    /// Records read, unreadable ones included.
    pub records: usize,
    /// The unreadable records' messages, in input order (each names its file and record).
    pub unreadable: Vec<String>,
    /// The records validate salvages (a move list with a move that cannot be read: the moves
    /// before it are the game, its audit is `illegal`), as messages naming the file, the
    /// record and the move, in input order. They are handed on as [`Read::Salvaged`].
    pub salvaged: Vec<String>,
}

impl Walked {
    /// The lines that say what was not read: unreadable records, files that could not be read,
    /// skipped files.
    #[must_use]
    pub fn problems_text(&self) -> String {
        let mut s = String::new();
        for u in &self.unreadable {
            let _ = writeln!(s, "unreadable: {u}");
        }
        for u in &self.salvaged {
            let _ = writeln!(s, "unreadable move: {u}");
        }
        for p in &self.problems {
            let _ = writeln!(s, "file not read: {}: {}", p.file, p.reason);
        }
        if !self.skipped.is_empty() {
            let _ = writeln!(
                s,
                "skipped {} file(s): {}",
                self.skipped.len(),
                self.skipped.join(", ")
            );
        }
        s
    }

    /// The line that counts the salvaged records (empty when there are none): they take part
    /// with the moves before their unreadable move; each is listed by [`Walked::problems_text`].
    #[must_use]
    pub fn salvaged_line(&self) -> String {
        match self.salvaged.len() {
            0 => String::new(),
            n => format!(
                "with an unreadable move: {n} record{} (the moves before it are the game, as \
                 validate reads them; listed below)\n",
                if n == 1 { "" } else { "s" }
            ),
        }
    }

    /// The exit status: 2 when a file or folder could not be read, 1 when a record or a move
    /// could not be read or a file in a record format holds no record, 0 when everything was
    /// read.
    #[must_use]
    pub fn status(&self) -> u8 {
        if self
            .problems
            .iter()
            .any(|p| p.kind == validate::ProblemKind::Unreadable)
        {
            2
        } else if !self.unreadable.is_empty()
            || !self.salvaged.is_empty()
            || !self.problems.is_empty()
        {
            1
        } else {
            0
        }
    }
}

/// A readable record as the stream hands it on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    /// A game.
    Game(GameRecord),
    /// A game validate salvages: `moves` holds the moves before a move that cannot be read
    /// (the game, as validate audits it: verdict `illegal`), and the unreadable move.
    Salvaged(GameRecord, UnreadableMove),
}

impl Read {
    /// The game (for a salvaged record, with the moves before the unreadable one).
    #[must_use]
    pub fn game(&self) -> &GameRecord {
        match self {
            Read::Game(g) | Read::Salvaged(g, _) => g,
        }
    }

    /// The unreadable move of a salvaged record.
    #[must_use]
    pub fn unreadable(&self) -> Option<&UnreadableMove> {
        match self {
            Read::Game(_) => None,
            Read::Salvaged(_, u) => Some(u),
        }
    }
}

/// A record as the stream hands it on: where it comes from, and the record or why it cannot
/// be read.
pub type Item = (Source, Result<Read, String>);

/// Calls `sink` with every record under `paths`, in input order, through validate's stream
/// ([`crate::validate::for_each_record`]). A record whose move list holds a move that cannot
/// be read is handed on as validate treats it ([`Read::Salvaged`]: the moves before it) and
/// listed in [`Walked::salvaged`].
///
/// # Errors
/// A path given that does not exist or cannot be examined.
pub fn for_each_record(
    paths: &[PathBuf],
    read: ReadOptions,
    sink: &mut dyn FnMut(Item),
) -> Result<Walked, String> {
    let mut records = 0usize;
    let mut unreadable = Vec::new();
    let mut salvaged = Vec::new();
    let mut last: Option<(PathBuf, Arc<str>)> = None;
    let streamed = validate::for_each_record(paths, read, &mut |file, index, item| {
        let name = match &last {
            Some((p, n)) if *p == file.path => n.clone(),
            _ => {
                let n: Arc<str> = Arc::from(file.path.display().to_string().as_str());
                last = Some((file.path.clone(), n.clone()));
                n
            }
        };
        records += 1;
        let result = match item {
            RecordItem::Game(g) => Ok(Read::Game(g)),
            RecordItem::GameWithUnreadable(g, m) => {
                salvaged.push(format!(
                    "{name}: record {index}: move {} '{}' cannot be read: {}; the moves \
                     before it ({}) are the game (verdict illegal, as validate reads it)",
                    m.number,
                    m.text,
                    m.reason,
                    g.moves.len()
                ));
                Ok(Read::Salvaged(g, m))
            }
            RecordItem::Broken(why) => Err(why),
        };
        if let Err(e) = &result {
            unreadable.push(e.clone());
        }
        sink((Source { file: name, index }, result));
    })
    .map_err(|p| format!("cannot read {}: {}", p.file, p.reason))?;
    let mut skipped: Vec<String> = streamed
        .skipped
        .iter()
        .map(|s| format!("{} ({})", s.path, s.reason))
        .collect();
    skipped.extend(
        streamed
            .not_records
            .iter()
            .map(|n| format!("{n} (no record format)")),
    );
    Ok(Walked {
        files: streamed.files,
        skipped,
        problems: streamed.problems,
        records,
        unreadable,
        salvaged,
    })
}

/// Writes records to `path` in the format of its extension, as they come (line formats are
/// written in batches; the others are collected and written at the end).
pub struct RecordWriter {
    path: PathBuf,
    format: Format,
    out: std::io::BufWriter<AtomicFile>,
    pending: Vec<GameRecord>,
    /// Records written.
    pub written: usize,
    /// Records the format could not hold, with why.
    pub skipped: Vec<String>,
    /// Fields the format could not hold, with how many records lost each.
    dropped: std::collections::BTreeMap<String, usize>,
    /// Salvaged records written without their unreadable move, with which move.
    unwritable: Vec<String>,
}

impl RecordWriter {
    /// Creates `path` (its format from its extension).
    ///
    /// # Errors
    /// An extension of no record format, or a file that cannot be created.
    pub fn create(path: &Path) -> Result<RecordWriter, String> {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let format = Format::from_extension(ext).ok_or_else(|| {
            format!(
                "cannot tell the format of {} from its extension (renju, txt, rif, psq, sgf, lib, pos)",
                path.display()
            )
        })?;
        let file = AtomicFile::create(path).map_err(|e| e.to_string())?;
        Ok(RecordWriter {
            path: path.to_path_buf(),
            format,
            out: std::io::BufWriter::new(file),
            pending: Vec::new(),
            written: 0,
            skipped: Vec::new(),
            dropped: std::collections::BTreeMap::new(),
            unwritable: Vec::new(),
        })
    }

    /// The output format.
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }

    /// Adds a record.
    ///
    /// # Errors
    /// A write error.
    pub fn push(&mut self, record: GameRecord) -> Result<(), String> {
        self.pending.push(record);
        if matches!(self.format, Format::Renju | Format::Moves) && self.pending.len() >= 4096 {
            self.flush_pending()?;
        }
        Ok(())
    }

    /// Adds a record as read: a salvaged record is written with the moves before its
    /// unreadable move, and the move that cannot be written is listed (never silently lost).
    ///
    /// # Errors
    /// A write error.
    pub fn push_read(&mut self, source: &Source, read: Read) -> Result<(), String> {
        match read {
            Read::Game(g) => self.push(g),
            Read::Salvaged(g, u) => {
                self.unwritable.push(format!(
                    "{} record {}: move {} '{}' cannot be read, so it cannot be written; the \
                     record is written with the moves before it ({})",
                    source.file,
                    source.index,
                    u.number,
                    u.text,
                    g.moves.len()
                ));
                self.push(g)
            }
        }
    }

    /// Whether something read could not be written (a record the format cannot hold, an
    /// unreadable move of a salvaged record).
    #[must_use]
    pub fn lost_any(&self) -> bool {
        !self.skipped.is_empty() || !self.unwritable.is_empty()
    }

    fn flush_pending(&mut self) -> Result<(), String> {
        let (bytes, report) = renju_notation::write(
            self.format,
            &self.pending,
            self.format.default_orientation(),
        );
        let base = self.written + self.skipped.len();
        for s in &report.skipped {
            self.skipped
                .push(format!("match {}: {}", base + s.record, s.reason));
        }
        for (field, n) in report.dropped_summary() {
            *self.dropped.entry(field).or_default() += n;
        }
        self.written += report.written;
        self.pending.clear();
        self.out
            .write_all(&bytes)
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }

    /// Writes what is left and says what was written.
    ///
    /// # Errors
    /// A write error.
    pub fn finish(mut self) -> Result<String, String> {
        if !self.pending.is_empty() || self.written == 0 {
            self.flush_pending()?;
        }
        let file = self
            .out
            .into_inner()
            .map_err(|e| format!("cannot write {}: {}", self.path.display(), e.error()))?;
        file.commit().map_err(|e| e.to_string())?;
        let mut s = format!(
            "wrote {} record{} to {} ({})\n",
            self.written,
            if self.written == 1 { "" } else { "s" },
            self.path.display(),
            self.format
        );
        if !self.dropped.is_empty() {
            let fields: Vec<String> = self
                .dropped
                .iter()
                .map(|(f, n)| format!("{f} ({n})"))
                .collect();
            let _ = writeln!(
                s,
                "the {} format could not hold: {}",
                self.format,
                fields.join(", ")
            );
        }
        for k in &self.skipped {
            let _ = writeln!(s, "not written: {k}");
        }
        for k in &self.unwritable {
            let _ = writeln!(s, "move not written: {k}");
        }
        Ok(s)
    }
}

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
/// A write error.
pub fn write_report<W: Write>(outcome: &Outcome, out: W) -> Result<W, String> {
    let mut w = csv::Writer::from_writer(out);
    let fail = |e: csv::Error| format!("cannot write the report: {e}");
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
    w.into_inner()
        .map_err(|e| format!("cannot write the report: {}", e.error()))
}

/// The summary: records read, groups, duplicates per kind, a few examples.
#[must_use]
pub fn summary(outcome: &Outcome, walked: &Walked) -> String {
    let mut s = String::new();
    let taking = outcome.records - outcome.short - outcome.not_examined.len();
    let _ = writeln!(
        s,
        "records: {} read in {} file{}, {} unreadable; {} with at least {} moves took part",
        walked.records,
        walked.files,
        if walked.files == 1 { "" } else { "s" },
        walked.unreadable.len(),
        taking,
        outcome.min_moves
    );
    s.push_str(&walked.salvaged_line());
    let set_up = outcome
        .not_examined
        .iter()
        .filter(|(_, _, why)| *why == renju_archive::dedupe::NotExamined::SetUp)
        .count();
    if set_up > 0 {
        let _ = writeln!(
            s,
            "set up: {set_up} record{} set stones up (SGF AB/AW/AE) and were not compared: not \
             games from the empty board (listed as not examined)",
            if set_up == 1 { "" } else { "s" }
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
        "groups: {} ({} records)",
        outcome.groups.len(),
        in_groups
    );
    let _ = writeln!(
        s,
        "duplicates: {} (identical {}, symmetric {}, prefix {})",
        outcome.duplicate_count(),
        outcome.count(Kind::Identical),
        outcome.count(Kind::Symmetric),
        outcome.count(Kind::Prefix)
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
            let _ = writeln!(s, "  ... and {} more", g.members.len() - 6);
        }
    }
    s
}

/// Runs `corpus-tool dedupe`; returns the text for stdout and the exit status
/// ([`Walked::status`]).
///
/// # Errors
/// A path that cannot be read, a report or output that cannot be written.
pub fn run(args: &Args) -> Result<(String, u8), String> {
    let mut d = Deduper::new(args.min_moves);
    // Reading and hashing overlap: one thread reads and parses, this one keys the records, in
    // input order (batches through a bounded channel keep memory bounded).
    let walked = std::thread::scope(|scope| {
        let (send, receive) = std::sync::mpsc::sync_channel::<Vec<(Source, Read)>>(8);
        let reader = scope.spawn(move || {
            let mut batch = Vec::with_capacity(1024);
            let walked = for_each_record(&args.paths, args.input, &mut |(src, r)| {
                if let Ok(read) = r {
                    batch.push((src, read));
                    if batch.len() == 1024 {
                        let _ = send.send(std::mem::take(&mut batch));
                    }
                }
            });
            let _ = send.send(batch);
            walked
        });
        for batch in receive {
            for (src, read) in batch {
                // a record the symmetries cannot map (or set up) is listed by the summary; a
                // salvaged one takes part with the moves before its unreadable move
                let _ = d.push(src, read.game());
            }
        }
        reader
            .join()
            .unwrap_or_else(|_| Err("the reading thread failed".to_string()))
    })?;
    let outcome = d.finish();
    if let Some(path) = &args.report {
        let f = AtomicFile::create(path).map_err(|e| e.to_string())?;
        let f = write_report(&outcome, std::io::BufWriter::new(f))?
            .into_inner()
            .map_err(|e| format!("cannot write {}: {}", path.display(), e.error()))?;
        f.commit().map_err(|e| e.to_string())?;
    }
    let mut text = summary(&outcome, &walked);
    let mut lost = false;
    if let Some(path) = &args.unique {
        let mut w = RecordWriter::create(path)?;
        let mut seq = 0usize;
        let mut error = None;
        for_each_record(&args.paths, args.input, &mut |(src, r)| {
            if let Ok(read) = r {
                if !outcome.is_duplicate(seq)
                    && error.is_none()
                    && let Err(e) = w.push_read(&src, read)
                {
                    error = Some(e);
                }
                seq += 1;
            }
        })?;
        if let Some(e) = error {
            return Err(e);
        }
        if seq != outcome.records {
            return Err(format!(
                "the inputs changed while being read ({} records, then {seq}); {} is not complete",
                outcome.records,
                path.display()
            ));
        }
        lost = w.lost_any();
        text.push_str(&w.finish()?);
    }
    text.push_str(&walked.problems_text());
    Ok((text, walked.status().max(u8::from(lost))))
}

/// Prints a command's text and returns its exit status; an error goes to stderr with
/// status 2.
#[must_use]
pub fn finish_command(name: &str, result: Result<(String, u8), String>) -> u8 {
    match result {
        Ok((text, status)) => {
            // a closed pipe (`| head`) ends the output quietly
            let _ = std::io::stdout().write_all(text.as_bytes());
            status
        }
        Err(e) => {
            eprintln!("corpus-tool {name}: {e}");
            2
        }
    }
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
    /// Write the groups as CSV to this file.
    #[arg(long, value_name = "FILE.csv")]
    pub report: Option<PathBuf>,
    /// Write the records that are not duplicates to this file.
    #[arg(long, value_name = "OUT")]
    pub unique: Option<PathBuf>,
    /// How the inputs are read.
    #[command(flatten)]
    pub input: crate::args::InputArgs,
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
    finish_command("dedupe", run(&args))
}
