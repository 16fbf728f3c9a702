//! The records of the archive commands that do not audit (`dedupe`, `search`, `filter`):
//! read through the record [`stream`](crate::input::stream()) on the
//! [`engine`](crate::engine), each worked on by the command's `work` on the workers and
//! handed to its `sink` in input order (files as given, a folder's files in path order,
//! records in file order); and what was not read, said in the one summary style of the
//! archive commands ([`Walked`]).
//!
//! A record whose move list holds a move that cannot be read is handed on as `validate`
//! treats it ([`Read::Salvaged`]: the moves before it are the game) and listed in
//! [`Walked::salvaged`]; a record that cannot be read at all is not handed on and is listed in
//! [`Walked::unreadable`].

use crate::args::RunArgs;
use crate::engine::Engine;
use crate::error::Error;
use crate::input::{ProblemKind, Read, ReadOptions, StreamOptions, Streamed, stream, walk_paths};
use crate::style::{by_folder, count, thousands};
use renju_archive::dedupe::Source;
use std::fmt::Write as _;
use std::path::PathBuf;

/// What reading the inputs found besides the records handed on.
#[derive(Debug, Clone, Default)]
pub struct Walked {
    /// Files, records, file problems, skipped entries, and what a stop did not reach.
    pub streamed: Streamed,
    /// The unreadable records, in input order (each one's sentence names its file and
    /// record).
    pub unreadable: Vec<crate::input::BrokenRecord>,
    /// The records `validate` salvages (a move list with a move that cannot be read: the moves
    /// before it are the game, its audit is `illegal`), each with a sentence naming the file,
    /// the record and the move, in input order.
    pub salvaged: Vec<(Source, String)>,
    /// The salvaged records an output wrote (with the moves before their unreadable move):
    /// the writer says so, [`Walked::problems_text`] does not say it again.
    pub written: std::collections::HashSet<Source>,
}

impl Walked {
    /// Files read.
    #[must_use]
    pub fn files(&self) -> usize {
        self.streamed.files
    }

    /// Records read, unreadable ones included.
    #[must_use]
    pub fn records(&self) -> usize {
        self.streamed.records
    }

    /// `records: 6 read in 2 files, 0 unreadable` (the caller adds what it found).
    #[must_use]
    pub fn records_line(&self) -> String {
        format!(
            "records: {} read in {}, {} unreadable",
            thousands(self.records()),
            count(self.files(), "file", "files"),
            thousands(self.unreadable.len()),
        )
    }

    /// The line that counts the salvaged records (empty when there are none): they take part
    /// with the moves before their unreadable move; each is listed by
    /// [`Walked::problems_text`].
    #[must_use]
    pub fn salvaged_line(&self) -> String {
        match self.salvaged.len() {
            0 => String::new(),
            n => format!(
                "with an unreadable move: {} (the moves before it are the game, as validate \
                 reads them; listed below)\n",
                count(n, "record", "records")
            ),
        }
    }

    /// The lines that say what was not read: unreadable records and moves, files that could
    /// not be read or hold no record, skipped entries (summed per folder: [`Walked::skipped_lines`]
    /// lists each), and a stop.
    #[must_use]
    pub fn problems_text(&self) -> String {
        let mut s = String::new();
        for u in &self.unreadable {
            let _ = writeln!(s, "unreadable: {u}");
        }
        for (source, u) in &self.salvaged {
            if !self.written.contains(source) {
                let _ = writeln!(s, "unreadable move: {u}");
            }
        }
        for p in &self.streamed.problems {
            let _ = writeln!(s, "file not read: {}: {}", p.file, p.reason);
        }
        let not_records = &self.streamed.not_records;
        if !not_records.is_empty() {
            let _ = writeln!(
                s,
                "skipped {} in no record format: {}",
                count(not_records.len(), "file", "files"),
                by_folder(not_records, "each on stderr")
            );
        }
        for reason in [
            crate::input::SkipReason::Hidden,
            crate::input::SkipReason::LinkLoop,
            crate::input::SkipReason::NotARegularFile,
        ] {
            let paths: Vec<String> = self
                .streamed
                .skipped
                .iter()
                .filter(|e| e.reason == reason)
                .map(|e| e.path.clone())
                .collect();
            if !paths.is_empty() {
                let _ = writeln!(
                    s,
                    "skipped {}, {reason}: {}",
                    count(paths.len(), "entry", "entries"),
                    by_folder(&paths, "each on stderr")
                );
            }
        }
        if let Some(n) = self.streamed.not_reached {
            let _ = writeln!(
                s,
                "INTERRUPTED: the counts and the outputs cover the {} read; {}{} not reached",
                count(self.records(), "record", "records"),
                if n.counted { "" } else { "at least " },
                count(n.records, "record", "records"),
            );
        }
        s
    }

    /// One line per entry skipped, for stderr: `skipped: PATH (why)`.
    #[must_use]
    pub fn skipped_lines(&self) -> String {
        let mut s = String::new();
        for e in &self.streamed.skipped {
            let _ = writeln!(s, "skipped: {} ({})", e.path, e.reason);
        }
        for n in &self.streamed.not_records {
            let _ = writeln!(s, "skipped: {n} (no record format)");
        }
        s
    }

    /// The exit status: 130 when the run was stopped, 2 when a file or folder could not be
    /// read, 1 when a record or a move could not be read or a file holds no record, 0 when
    /// everything was read.
    #[must_use]
    pub fn status(&self) -> u8 {
        if self.streamed.not_reached.is_some() {
            130
        } else if self
            .streamed
            .problems
            .iter()
            .any(|p| p.kind == ProblemKind::Unreadable)
        {
            2
        } else if !self.unreadable.is_empty()
            || !self.salvaged.is_empty()
            || !self.streamed.problems.is_empty()
        {
            1
        } else {
            0
        }
    }
}

/// Reads every record under `paths` on `engine`: `work` runs on the workers for each record
/// that can be read, `sink` gets every such record with what `work` made of it, in input
/// order.
///
/// # Errors
/// [`Error::Path`]: a path given that does not exist or cannot be examined.
///
/// ```
/// use corpus_tool::engine::{Engine, Jobs};
/// use corpus_tool::records::read_records;
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("a.renju"), "black h8 h9 i8\nwhite h8 zz\npurple h8\n").unwrap();
/// let mut moves = Vec::new();
/// let walked = read_records(
///     &[dir.path().to_path_buf()],
///     Default::default(),
///     &Engine::new(Jobs::new(2).unwrap()),
///     &|_, read| read.game().moves.len(),
///     &mut |src, _, n| moves.push((src.index, n)),
/// ).unwrap();
/// assert_eq!(moves, [(1, 3), (2, 1)]);
/// assert_eq!((walked.records(), walked.unreadable.len(), walked.salvaged.len()), (3, 1, 1));
/// ```
pub fn read_records<T: Send>(
    paths: &[PathBuf],
    read: ReadOptions,
    engine: &Engine,
    work: &(dyn Fn(&str, &Read) -> T + Sync),
    sink: &mut dyn FnMut(Source, Read, T),
) -> Result<Walked, Error> {
    let entries = walk_paths(paths).map_err(Error::Path)?;
    let mut unreadable = Vec::new();
    let mut salvaged = Vec::new();
    let streamed = stream(
        entries,
        engine,
        StreamOptions { read, sample: 1 },
        &|file, r| {
            let t = work(file, &r);
            (r, t)
        },
        &mut |r| match r.item {
            Ok((read, t)) => {
                if let Read::Salvaged(g, m) = &read {
                    let source = Source {
                        file: std::sync::Arc::clone(&r.file),
                        index: r.index,
                    };
                    salvaged.push((source, salvaged_sentence(&r.file, r.index, g, m)));
                }
                let source = Source {
                    file: r.file,
                    index: r.index,
                };
                sink(source, read, t);
            }
            Err(why) => unreadable.push(why),
        },
        &mut |_| {},
    );
    Ok(Walked {
        streamed,
        unreadable,
        salvaged,
        written: std::collections::HashSet::new(),
    })
}

/// The sentence of a salvaged record (record `index` of `file`, read up to the unreadable
/// move `m`: `g` holds the moves before it), as [`Walked::salvaged`] lists it.
#[must_use]
pub fn salvaged_sentence(
    file: &str,
    index: usize,
    g: &renju_notation::GameRecord,
    m: &renju_analyzer::UnreadableMove,
) -> String {
    format!(
        "{file}: record {index}: move {} '{}' cannot be read: {}; the moves before it ({}) are \
         the game (verdict illegal, as validate reads it)",
        m.number,
        m.text,
        m.reason,
        g.moves.len()
    )
}

/// What an archive command gives the command line: its text for stdout and for stderr, and
/// its exit status.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Output {
    /// The summary (nothing of it is printed with `--quiet`).
    pub stdout: String,
    /// Lines for stderr (every entry skipped, one a line).
    pub stderr: String,
    /// The exit status.
    pub status: u8,
}

impl Output {
    /// The output of a command whose `summary` goes to stdout, or to stderr when one of its
    /// outputs is standard output (`-`); `skipped`: the lines for stderr.
    #[must_use]
    pub fn new(summary: String, skipped: String, status: u8, output_on_stdout: bool) -> Output {
        if output_on_stdout {
            Output {
                stdout: String::new(),
                stderr: summary + &skipped,
                status,
            }
        } else {
            Output {
                stdout: summary,
                stderr: skipped,
                status,
            }
        }
    }
}

/// Whether `path` is standard output (`-`, `/dev/stdout`: [`crate::output::is_stdout`]).
#[must_use]
pub fn is_stdout(path: &std::path::Path) -> bool {
    crate::output::is_stdout(path)
}

/// Runs an archive command `name` on the engine of `run` (its jobs; stopped by SIGINT or
/// SIGTERM), prints its text (stdout unless `--quiet`, then stderr) and returns its exit
/// status; an error (any `Display`: [`Error`], or a command's own) goes to stderr with
/// status 2 (the run failed, or an argument is wrong).
#[must_use]
pub fn finish_command<E: std::fmt::Display>(
    name: &str,
    run: &RunArgs,
    command: impl FnOnce(&Engine) -> Result<Output, E>,
) -> u8 {
    let engine = match run.engine() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("corpus-tool {name}: {e}");
            return 2;
        }
    };
    match command(&engine) {
        Ok(out) => {
            use std::io::Write as _;
            if !run.quiet {
                // a closed pipe (`| head`) ends the output quietly
                let _ = std::io::stdout().write_all(out.stdout.as_bytes());
            }
            let _ = std::io::stderr().write_all(out.stderr.as_bytes());
            out.status
        }
        Err(e) => {
            eprintln!("corpus-tool {name}: {e}");
            2
        }
    }
}
