//! `corpus-tool book`: an opening book of archives in one SQLite file ([`renju_book`]):
//! `build` and `add` read archives through the record [`stream`](crate::input::stream()) (the
//! walker, formats, encodings and accounting of every archive command; each record judged and
//! walked on the [`engine`](crate::engine)'s workers, counted in input order), one transaction
//! per file; `query` answers a position's counts and next moves; `export` writes the book as a
//! RenLib library or SGF.
//!
//! A file is recorded in the book by its canonical path, size and SHA-256, hashed before its
//! records are read: a file already in the book is not read again (nothing changes, and the
//! summary says so), the same content under another path neither, and a file whose content
//! changed is refused unless `--replace` is given. A run stopped (a signal) or killed in the
//! middle of a file leaves the book as it was before that file.

use crate::args::{InputArgs, RunArgs, SettingsArgs};
use crate::engine::Engine;
use crate::error::{Error, Status};
use crate::input::{Entry, FileProblem, Read, ReadOptions, StreamOptions, stream, walk_paths};
use crate::output::AtomicFile;
use crate::records::{Output, Walked, finish_command, salvaged_sentence};
use crate::style::{count, thousands};
use renju_analyzer::UnreadableMove;
use renju_book::{
    AddOptions, AddOutcome, Adding, Answer, Book, BookError, BookSettings, Counts, ExportOptions,
    FileBuild, FileStats, Prepared, Shortfall, Source, SourceInfo, prepare,
};
use renju_core::Move;
use renju_notation::Orientation;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// The name of the book's note (in its `meta` table) saying how its files were read: the
/// forced format, orientation and encoding (`-` for each file's own), or `mixed` when files
/// were added with different ones.
pub const READ_NOTE: &str = "corpus_tool_read";

/// `corpus-tool book`'s subcommands.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum Command {
    /// Build a new book from archives.
    Build(BuildArgs),
    /// Add archives to a book (a file already in it changes nothing).
    Add(AddArgs),
    /// A position's counts and the moves played next from it.
    Query(QueryArgs),
    /// Write the book as a RenLib library (.lib) or as SGF.
    Export(ExportArgs),
}

/// `corpus-tool book build`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = concat!("\
One row per distinct position reached in the first --max-moves moves of every readable game
(canonical under the 8 symmetries: mirrored games and transpositions meet in one row), and
one per (position, next move), with games and Black wins, White wins, draws, unknown: each
game's result as validate judges it under the rules given (the decisive event on the board,
else the declared result, else unknown). The schema is in the renju-book crate's README.

Each file is one transaction: a run stopped or killed midway leaves the book with the files
done before. Records that set stones up (SGF AB/AW/AE) and records of another board side are
counted, not added.

Examples:
  corpus-tool book build archive.renju -o book.sqlite
  corpus-tool book build archive/ more.sgf -o book.sqlite --max-moves 20 --rules freestyle

", crate::exit_status!()))]
pub struct BuildArgs {
    /// Files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The new book (a file that exists is refused: add to it with `book add`).
    #[arg(short = 'o', long = "output", value_name = "BOOK.sqlite")]
    pub output: PathBuf,
    /// The positions of at most this many stones are kept (the positions after each of a
    /// game's first N moves).
    #[arg(long, value_name = "N", default_value_t = 30,
          value_parser = clap::value_parser!(u8).range(0..=225))]
    pub max_moves: u8,
    /// How games are judged and read.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Worker threads and output.
    #[command(flatten)]
    pub run: RunArgs,
}

/// `corpus-tool book add`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = concat!("\
The files are read with the book's own settings (depth, rules). A file already in the book
(same path, same content) changes nothing, and the summary says so; the same content under
another path neither. A file whose content changed since it was added is refused (exit
status 2) unless --replace is given: its old counts are then subtracted and the new ones
added, in one transaction.

Examples:
  corpus-tool book add book.sqlite new-games.renju
  corpus-tool book add book.sqlite archive/ --replace

", crate::exit_status!()))]
pub struct AddArgs {
    /// The book.
    pub book: PathBuf,
    /// Files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Replace a file whose content changed (else it is refused).
    #[arg(long)]
    pub replace: bool,
    /// How the records are read.
    #[command(flatten)]
    pub input: InputArgs,
    /// Worker threads and output.
    #[command(flatten)]
    pub run: RunArgs,
}

/// `corpus-tool book query`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = concat!("\
The position's counts, then its next moves sorted by games (then a1, b1, ..., o1, a2, ...),
each with its counts, the share of the position's games and Black's score (a win 1, a draw
1/2, over the games with a known result), in the orientation typed. Where the position is its
own image under some of the 8 symmetries, the next moves such a symmetry maps onto each other
are one row, named by the first of them in that order.

--json prints exactly
  {\"position\": [moves as typed], \"games\": N, \"black\": N, \"white\": N, \"draw\": N,
   \"unknown\": N, \"next\": [{\"move\": \"i9\", \"games\": N, \"black\": N, \"white\": N,
   \"draw\": N, \"unknown\": N}, ...]}
(the keys in this order, on one line, written without spaces).
--report writes the next moves as CSV: move,games,black,white,draw,unknown,share,black_score.

Examples:
  corpus-tool book query book.sqlite --position 'h8 h9 i10'
  corpus-tool book query book.sqlite --position 'h8 h9' --min-games 10 --json

", crate::exit_status!()))]
pub struct QueryArgs {
    /// The book.
    pub book: PathBuf,
    /// The position after these moves (colours alternate from Black, `--` is a pass).
    #[arg(long, value_name = "MOVES")]
    pub position: String,
    /// Leave out the next moves played by fewer games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub min_games: u64,
    /// Print the answer as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write the next moves as CSV to this file (`-`: standard output).
    #[arg(long, value_name = "FILE.csv")]
    pub report: Option<PathBuf>,
}

/// What `book export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ExportFormat {
    /// A RenLib library.
    #[default]
    Lib,
    /// SGF (one game tree).
    Sgf,
}

/// `corpus-tool book export`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = concat!("\
The tree of the positions of at least --min-games games reached through such positions, from
the empty board, most played first; each node's comment gives its games and Black/White/draw
counts. A position reached again by another move order (a transposition) is continued once;
its other nodes are leaves whose comment says where it continues. Passes are left out.

Examples:
  corpus-tool book export book.sqlite book.lib --min-games 20
  corpus-tool book export book.sqlite book.sgf --to sgf --min-games 100

", crate::exit_status!()))]
pub struct ExportArgs {
    /// The book.
    pub book: PathBuf,
    /// The file to write (`-`: standard output).
    pub output: PathBuf,
    /// The format written (default: by the output's extension, `.sgf` SGF, anything else a
    /// RenLib library; a format the extension contradicts is refused).
    #[arg(long, value_enum)]
    pub to: Option<ExportFormat>,
    /// Leave out the positions of fewer games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub min_games: u64,
}

/// Runs `corpus-tool book`; returns the exit status (messages printed).
#[must_use]
pub fn main(cmd: &Command) -> u8 {
    let name = match cmd {
        Command::Build(_) => "book build",
        Command::Add(_) => "book add",
        Command::Query(_) => "book query",
        Command::Export(_) => "book export",
    };
    let done = match cmd {
        Command::Build(a) => return build(a),
        Command::Add(a) => return add(a),
        Command::Query(a) => query(a),
        Command::Export(a) => export(a),
    };
    match done {
        Ok(status) => status.code(),
        Err(Error::Write { source, .. }) if source.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("corpus-tool {name}: {e}");
            e.code()
        }
    }
}

/// The words of the read note for `read`.
#[must_use]
pub fn read_note(read: ReadOptions) -> String {
    format!(
        "format={} orientation={} encoding={}",
        read.format
            .map_or("-".to_string(), |f| f.name().to_string()),
        read.orientation
            .map_or("-".to_string(), |o| format!("{o:?}")),
        read.encoding.map_or("-", |e| e.name()),
    )
}

fn build(a: &BuildArgs) -> u8 {
    finish_command("book build", &a.run, |engine| {
        let settings = BookSettings {
            max_moves: a.max_moves,
            board_size: renju_core::RENJU_SIZE,
            rules: a.settings.settings(),
        };
        if crate::records::is_stdout(&a.output) {
            return Err(Error::Argument {
                option: "-o -",
                reason: "a book is a database file, it cannot go to standard output".into(),
            });
        }
        // what would leave a new book empty is said before it is made: a retry is then not
        // refused for a file this run left behind
        if a.paths.iter().any(|p| p.as_os_str() == "-") {
            return Err(Error::Argument {
                option: "-",
                reason: "standard input cannot be added to a book (a book records its files by \
                         path and content): give a file"
                    .into(),
            });
        }
        walk_paths(&a.paths).map_err(Error::Path)?;
        if let Some(dir) = a.output.parent()
            && !dir.as_os_str().is_empty()
            && !dir.is_dir()
        {
            return Err(Error::Argument {
                option: "-o",
                reason: format!("{} is not a folder that exists", dir.display()),
            });
        }
        let book = Book::create(&a.output, settings)?;
        let read = a.settings.read_options();
        let result = book
            .set_note(READ_NOTE, &read_note(read))
            .map_err(Error::from)
            .and_then(|()| add_paths(&book, &a.paths, read, Target::default(), engine))
            .map(|mut o| {
                // paths that hold no file at all (an empty folder) make no book either
                if o.status == 0 && book.sources().is_ok_and(|s| s.is_empty()) {
                    let _ = writeln!(o.stdout, "no file found under the paths given");
                    o.status = 1;
                }
                o
            });
        // a build that failed before any file was added leaves no book behind
        let failed = result
            .as_ref()
            .map_or(true, |o| o.status != 0 && o.status != 130);
        if failed && book.sources().is_ok_and(|s| s.is_empty()) {
            drop(book);
            if std::fs::remove_file(&a.output).is_ok() {
                return result.map(|mut o| {
                    let _ = writeln!(
                        o.stdout,
                        "no book written: no file was added ({} removed)",
                        a.output.display()
                    );
                    o
                });
            }
        }
        result
    })
}

fn add(a: &AddArgs) -> u8 {
    finish_command("book add", &a.run, |engine| {
        let book = Book::open(&a.book)?;
        // a book that cannot be written: the files already in it are said to be, the others
        // refused before they are read
        let read_only = book.check_writable().err().map(|e| e.to_string());
        let read = a.input.read_options();
        let note = read_note(read);
        if read_only.is_none() && book.note(READ_NOTE)?.as_deref() != Some(note.as_str()) {
            book.set_note(READ_NOTE, "mixed")?;
        }
        let target = Target {
            replace: a.replace,
            read_only,
        };
        add_paths(&book, &a.paths, read, target, engine)
    })
}

/// What the reader decided for a file before reading it.
#[derive(Debug, Default)]
struct Decisions {
    /// The files to read, by the name the stream gives them, with their source.
    sources: HashMap<String, Source>,
    /// Files not read: already in the book, the same content as a source, refused.
    nothing: Vec<String>,
    refused: Vec<String>,
    /// The content (SHA-256) of each file to read, with its name: a file given again in the
    /// same run (or a copy) is not read twice.
    pending: HashMap<String, String>,
    /// The files to read that replace their old content (`--replace`), with the games of
    /// the old content: a file that adds nothing says that the old counts stay.
    replacing: HashMap<String, u64>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The reader's look at one file of the walk: hashes it, and keeps it in the walk only when
/// it is to be read.
/// How the files are to go into the book.
#[derive(Debug, Default)]
struct Target {
    /// `--replace`.
    replace: bool,
    /// Why the book cannot be written, when it cannot.
    read_only: Option<String>,
}

fn decide(
    f: crate::input::InputFile,
    known: &HashMap<String, SourceInfo>,
    by_path: &HashMap<String, String>,
    target: &Target,
    decisions: &Mutex<Decisions>,
) -> Option<Entry> {
    let replace = target.replace;
    let name = f.name();
    if f.is_stdin() {
        return Some(Entry::Problem(FileProblem::unreadable(
            name,
            "standard input cannot be added to a book (a book records its files by path and \
             content): give a file",
        )));
    }
    // a pipe or a device could be read only once (the hash would take its content) or block
    match std::fs::metadata(&f.path) {
        Ok(m) if !m.is_file() => {
            return Some(Entry::Problem(FileProblem::unreadable(
                name,
                "not a regular file (a pipe or a device: a book records its files by path and \
                 content, and reads each twice, to hash it and to count it): give a file",
            )));
        }
        _ => {}
    }
    let canonical = match std::fs::canonicalize(&f.path) {
        Ok(p) => p.to_string_lossy().into_owned(),
        Err(e) => return Some(Entry::Problem(FileProblem::unreadable(name, e.to_string()))),
    };
    let mut source = match Source::of_file(&f.path) {
        Ok(s) => s,
        Err(BookError::Io { error, .. }) => {
            return Some(Entry::Problem(FileProblem::unreadable(
                name,
                error.to_string(),
            )));
        }
        Err(e) => return Some(Entry::Problem(FileProblem::unreadable(name, e.to_string()))),
    };
    source.path = canonical;
    let sha = source.sha256_hex();
    let mut d = lock(decisions);
    // a path in the book whose content changed is decided first: that its new content is
    // another source's must not hide that its old games are still counted
    if let Some(old) = by_path.get(&source.path)
        && *old != sha
    {
        let info = &known[old];
        if let Some(other) = known.get(&sha) {
            d.refused.push(format!(
                "{name} has changed since it was added to the book ({} bytes, sha256 {} then; {} \
                 bytes, sha256 {} now), and its content now is that of {}, already in the book: \
                 refused (its games would be counted twice; the book keeps its old counts)",
                info.size, info.sha256, source.size, sha, other.path
            ));
            return None;
        }
        if replace {
            d.replacing.insert(name.clone(), info.stats.games);
        } else {
            d.refused.push(format!(
                "{name} has changed since it was added to the book ({} bytes, sha256 {} then; \
                 {} bytes, sha256 {} now): refused (give --replace to subtract its old counts \
                 and add the new ones)",
                info.size, info.sha256, source.size, sha
            ));
            return None;
        }
    }
    if let Some(info) = known.get(&sha) {
        d.nothing.push(if info.path == source.path {
            format!("{name} (already in the book, same content)")
        } else {
            format!("{name} (the same content as {} in the book)", info.path)
        });
        return None;
    }
    if let Some(first) = d.pending.get(&sha).cloned() {
        d.nothing.push(if first == name {
            format!("{name} (given again: read once)")
        } else {
            format!("{name} (the same content as {first}, given before it)")
        });
        return None;
    }
    if let Some(why) = &target.read_only {
        d.refused.push(format!("{name}: not added: {why}"));
        return None;
    }
    d.pending.insert(sha, name.clone());
    d.sources.insert(name, source);
    Some(Entry::File(f))
}

/// What the workers make of a record: the book's preparation, and for a salvaged record its
/// unreadable move and the moves before it (for the summary's sentence).
type Worked = (
    Prepared,
    Option<(UnreadableMove, renju_notation::GameRecord)>,
);

/// The file being added.
enum Current<'b> {
    None,
    Build(Arc<str>, Box<FileBuild<'b>>),
    /// A file whose records are not counted (already in the book when its turn came, or a
    /// failure).
    Skip(Arc<str>),
}

/// The sink side of an add: each file's records into its transaction, in order.
struct Adder<'b> {
    book: &'b Book,
    options: AddOptions,
    decisions: &'b Mutex<Decisions>,
    current: Current<'b>,
    outcomes: Vec<(String, AddOutcome)>,
    unreadable: Vec<crate::input::BrokenRecord>,
    salvaged: Vec<(renju_archive::dedupe::Source, String)>,
    /// The records not counted, or not counted whole (set up, another board, a move that
    /// cannot be played), one line each.
    shortfalls: Vec<String>,
    failure: Option<String>,
    /// The files not tried because of the failure.
    after_failure: Vec<String>,
    /// The run's stop (a signal), checked while a file's counts are written.
    stop: Option<crate::engine::Stop>,
    /// The files whose transaction was rolled back because the run was stopped in them.
    stopped_in: Vec<String>,
}

impl<'b> Adder<'b> {
    fn finish_current(&mut self) {
        if let Current::Build(file, build) = std::mem::replace(&mut self.current, Current::None) {
            // a signal while the counts are written rolls the file back, as during its reading
            let stop = self.stop.clone();
            match build.finish_unless(&|| stop.as_ref().is_some_and(|s| s.is_requested())) {
                Ok(o) => self.outcomes.push((file.to_string(), o)),
                Err(BookError::Stopped(_)) => self.stopped_in.push(file.to_string()),
                Err(e) => self.fail(&file, &e),
            }
        }
    }

    fn fail(&mut self, file: &str, e: &BookError) {
        if self.failure.is_none() {
            self.failure = Some(format!("{file}: not added: {e}"));
        }
    }

    fn start(&mut self, file: &Arc<str>) {
        let source = lock(self.decisions).sources.get(&**file).cloned();
        let Some(source) = source else {
            self.current = Current::Skip(Arc::clone(file));
            return;
        };
        if self.failure.is_some() {
            // after a failure (a full disk, a locked book) no file is tried: each is named
            self.after_failure.push(file.to_string());
            self.current = Current::Skip(Arc::clone(file));
            return;
        }
        self.current = match self.book.add(&source, self.options) {
            Ok(Adding::Build(b)) => Current::Build(Arc::clone(file), Box::new(b)),
            Ok(Adding::Done(o)) => {
                self.outcomes.push((file.to_string(), o));
                Current::Skip(Arc::clone(file))
            }
            Err(e) => {
                self.fail(file, &e);
                Current::Skip(Arc::clone(file))
            }
        };
    }

    fn record(&mut self, r: crate::input::Record<Worked>) {
        // a file's records come with indices 1, 2, ...: record 1 starts a file (the same
        // file named twice comes as two files of one name)
        let same = match &self.current {
            Current::Build(f, _) | Current::Skip(f) => **f == *r.file && r.index != 1,
            Current::None => false,
        };
        if !same {
            self.finish_current();
            self.start(&r.file);
        }
        let pushed = match (&mut self.current, r.item) {
            (Current::Build(_, b), Ok((p, salvaged))) => {
                if let Some(why) = p.shortfall() {
                    let what = match why {
                        Shortfall::Illegal { .. } => "cut short",
                        Shortfall::SetUp | Shortfall::OtherBoard { .. } => "left out",
                    };
                    self.shortfalls
                        .push(format!("{what}: {}: record {}: {why}", r.file, r.index));
                }
                if let Some((m, g)) = salvaged {
                    let source = renju_archive::dedupe::Source {
                        file: Arc::clone(&r.file),
                        index: r.index,
                    };
                    let sentence = salvaged_sentence(&r.file, r.index, &g, &m);
                    self.salvaged.push((source, sentence));
                }
                b.push(p)
            }
            (Current::Build(_, b), Err(why)) => {
                self.unreadable.push(why);
                b.push_unreadable()
            }
            _ => Ok(()),
        };
        if let Err(e) = pushed {
            self.fail(&r.file, &e);
            self.current = Current::Skip(r.file);
        }
    }
}

/// Adds the files under `paths` to `book`, one transaction each: the summary and the exit
/// status.
fn add_paths(
    book: &Book,
    paths: &[PathBuf],
    read: ReadOptions,
    target: Target,
    engine: &Engine,
) -> Result<Output, Error> {
    let replace = target.replace;
    let sources = book.sources()?;
    let known: HashMap<String, SourceInfo> = sources
        .iter()
        .map(|s| (s.sha256.clone(), s.clone()))
        .collect();
    let by_path: HashMap<String, String> = sources
        .iter()
        .map(|s| (s.path.clone(), s.sha256.clone()))
        .collect();
    let decisions = Mutex::new(Decisions::default());
    let entries = walk_paths(paths)
        .map_err(Error::Path)?
        .filter_map(|e| match e {
            Entry::File(f) => decide(f, &known, &by_path, &target, &decisions),
            other => Some(other),
        });
    let settings = *book.settings();
    let work = |_: &str, r: Read| -> Worked {
        match r {
            Read::Game(g) => (prepare(&settings, &g, None), None),
            Read::Salvaged(g, m) => (prepare(&settings, &g, Some(&m)), Some((m, g))),
        }
    };
    let mut adder = Adder {
        book,
        options: AddOptions {
            replace,
            ..AddOptions::default()
        },
        decisions: &decisions,
        current: Current::None,
        outcomes: Vec::new(),
        unreadable: Vec::new(),
        salvaged: Vec::new(),
        shortfalls: Vec::new(),
        failure: None,
        after_failure: Vec::new(),
        stop: engine.stop().cloned(),
        stopped_in: Vec::new(),
    };
    let streamed = stream(
        entries,
        engine,
        StreamOptions { read, sample: 1 },
        &work,
        &mut |r| adder.record(r),
        &mut |_| {},
    );
    let stopped = streamed.not_reached.is_some();
    if stopped {
        // the file the stop came in is not complete: its transaction is rolled back
        if let Current::Build(file, _) = std::mem::replace(&mut adder.current, Current::None) {
            adder.stopped_in.push(file.to_string());
        }
    } else {
        adder.finish_current();
    }
    let decisions = std::mem::take(&mut *lock(&decisions));
    let walked = Walked {
        streamed,
        unreadable: std::mem::take(&mut adder.unreadable),
        salvaged: std::mem::take(&mut adder.salvaged),
        written: std::collections::HashSet::new(),
    };
    let mut text = summary(book, &adder, &decisions, &walked);
    text.push_str(&walked.problems_text());
    let mut status = walked.status();
    if !adder.stopped_in.is_empty() {
        status = 130;
    }
    if !adder.shortfalls.is_empty() && status == 0 {
        // a finding about the archive, as validate's
        status = 1;
    }
    if (adder.failure.is_some() || !decisions.refused.is_empty()) && status != 130 {
        status = 2;
    }
    Ok(Output::new(text, walked.skipped_lines(), status, false))
}

fn stats_line(s: &FileStats) -> String {
    let mut parts = Vec::new();
    for (n, what) in [
        (
            s.salvaged,
            "with an unreadable move (the moves before it added)",
        ),
        (s.unreadable, "unreadable"),
        (s.set_up, "set up stones (not added)"),
        (s.other_board, "of another board side (not added)"),
        (s.illegal, "stopped at a move that cannot be played"),
        (s.passes, "with a pass"),
    ] {
        if n > 0 {
            parts.push(format!("{} {what}", thousands(n)));
        }
    }
    let r = s.results;
    let mut line = format!(
        "{} of {} (black {}, white {}, draw {}, unknown {})",
        count(s.games as usize, "game", "games"),
        count(s.records as usize, "record", "records"),
        thousands(r.black),
        thousands(r.white),
        thousands(r.draw),
        thousands(r.unknown),
    );
    if !parts.is_empty() {
        let _ = write!(line, "; {}", parts.join(", "));
    }
    line
}

fn summary(book: &Book, adder: &Adder<'_>, decisions: &Decisions, walked: &Walked) -> String {
    let mut text = format!("book: {} ({})\n", book.path().display(), book.settings());
    let _ = writeln!(text, "{}", walked.records_line());
    text.push_str(&walked.salvaged_line());
    for (file, o) in &adder.outcomes {
        let _ = match o {
            AddOutcome::Added(s) => writeln!(text, "added: {file}: {}", stats_line(s)),
            AddOutcome::Replaced { old, new } => writeln!(
                text,
                "replaced: {file}: {} subtracted, {} added: {}",
                count(old.games as usize, "game", "games"),
                count(new.games as usize, "game", "games"),
                stats_line(new)
            ),
            AddOutcome::AlreadyPresent(_) => writeln!(
                text,
                "nothing changed: {file} (already in the book, same content)"
            ),
            AddOutcome::SameContent(info) => writeln!(
                text,
                "nothing changed: {file} (the same content as {} in the book)",
                info.path
            ),
        };
    }
    for line in &adder.shortfalls {
        let _ = writeln!(text, "{line}");
    }
    for n in &decisions.nothing {
        let _ = writeln!(text, "nothing changed: {n}");
    }
    for r in &decisions.refused {
        let _ = writeln!(text, "refused: {r}");
    }
    let old_counts = |file: &str| {
        decisions.replacing.get(file).map(|games| {
            format!(
                "; the book keeps the {} of its old content",
                count(*games as usize, "game", "games")
            )
        })
    };
    for file in &adder.stopped_in {
        let _ = match old_counts(file) {
            Some(old) => writeln!(
                text,
                "not replaced: {file} (the run was stopped in it: its transaction was rolled \
                 back{old})"
            ),
            None => writeln!(
                text,
                "not added: {file} (the run was stopped in it: its transaction was rolled back)"
            ),
        };
    }
    // a replacement that added nothing (its new content holds no record, or cannot be read)
    let mut unfinished: Vec<&String> = decisions
        .replacing
        .keys()
        .filter(|f| decisions.sources.contains_key(*f))
        .filter(|f| !adder.outcomes.iter().any(|(o, _)| o == *f))
        .filter(|f| !adder.stopped_in.contains(f) && !adder.after_failure.contains(f))
        .collect();
    unfinished.sort();
    for file in unfinished {
        let old = old_counts(file).unwrap_or_default();
        let _ = writeln!(
            text,
            "not replaced: {file} (nothing was added from it{old})"
        );
    }
    if let Some(f) = &adder.failure {
        let _ = writeln!(text, "FAILED: {f}");
    }
    for file in &adder.after_failure {
        let _ = writeln!(
            text,
            "not added: {file} (not tried after the failure above)"
        );
    }
    match book.totals() {
        Ok(c) => {
            let _ = writeln!(
                text,
                "the book: {} from {} (black {}, white {}, draw {}, unknown {})",
                count(c.games as usize, "game", "games"),
                count(
                    book.sources().map(|s| s.len()).unwrap_or(0),
                    "file",
                    "files"
                ),
                thousands(c.black),
                thousands(c.white),
                thousands(c.draw),
                thousands(c.unknown),
            );
        }
        Err(e) => {
            let _ = writeln!(text, "the book cannot be read back: {e}");
        }
    }
    text
}

/// The moves of `text` and the words the user typed for them (split at spaces and commas;
/// the moves' own names when the words are not one a move).
fn position_moves(text: &str, size: u8) -> Result<(Vec<Move>, Vec<String>), Error> {
    let moves = renju_notation::moves::parse_moves(text, size, Orientation::RowOneAtBottom)
        .map_err(|e| Error::Argument {
            option: "--position",
            reason: e.to_string(),
        })?;
    let words: Vec<String> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let typed = if words.len() == moves.len() {
        words
    } else {
        moves.iter().map(ToString::to_string).collect()
    };
    Ok((moves, typed))
}

fn book_error(e: &BookError) -> Error {
    match e {
        BookError::Position { .. } | BookError::BeyondDepth { .. } => Error::Argument {
            option: "--position",
            reason: e.to_string().trim_start_matches("position: ").to_string(),
        },
        _ => Error::Failed(e.to_string()),
    }
}

/// The `--json` answer: the position as typed, the counts, the next moves (serde keeps the
/// fields in this order).
#[derive(Debug, serde::Serialize)]
pub struct AnswerJson<'a> {
    /// The moves as typed.
    pub position: &'a [String],
    /// The position's counts.
    #[serde(flatten)]
    pub counts: Counts,
    /// The next moves shown.
    pub next: Vec<renju_book::NextMove>,
}

fn score(c: &Counts) -> String {
    c.black_score()
        .map_or("-".to_string(), |s| format!("{:.1}", 100.0 * s))
}

/// The text answer.
fn answer_text(book: &Book, answer: &Answer, typed: &[String], min_games: u64) -> String {
    let c = answer.counts;
    let mut t = format!(
        "position: {} ({}; under the 8 symmetries, colours kept) in {}\n",
        if typed.is_empty() {
            "the empty board".to_string()
        } else {
            typed.join(" ")
        },
        count(
            answer.position.iter().filter(|m| **m != Move::Pass).count(),
            "stone",
            "stones"
        ),
        book.path().display()
    );
    let _ = writeln!(
        t,
        "games: {}: black {}, white {}, draw {}, unknown {}; black's score {}",
        thousands(c.games),
        thousands(c.black),
        thousands(c.white),
        thousands(c.draw),
        thousands(c.unknown),
        c.black_score()
            .map_or("-".to_string(), |s| format!("{:.1}%", 100.0 * s))
    );
    let shown: Vec<_> = answer
        .next
        .iter()
        .filter(|n| n.counts.games >= min_games)
        .collect();
    if !shown.is_empty() {
        let _ = writeln!(
            t,
            "{:<9} {:>8} {:>6}  {:>7} {:>7} {:>6} {:>7}  {:>6}",
            "next", "games", "share", "black", "white", "draw", "unknown", "black%"
        );
        for n in &shown {
            let _ = writeln!(
                t,
                "{:<9} {:>8} {:>5.1}%  {:>7} {:>7} {:>6} {:>7}  {:>6}",
                n.mv.to_string(),
                n.counts.games,
                100.0 * answer.share(n),
                n.counts.black,
                n.counts.white,
                n.counts.draw,
                n.counts.unknown,
                score(&n.counts)
            );
        }
    }
    let left = answer.next.len() - shown.len();
    if left > 0 {
        let _ = writeln!(
            t,
            "left out: {} of fewer than {} games (--min-games)",
            count(left, "next move", "next moves"),
            thousands(min_games)
        );
    }
    if answer.ended() > 0 {
        let _ = writeln!(
            t,
            "ended here: {} (the record ends, or its next move cannot be played or read)",
            count(answer.ended() as usize, "game", "games")
        );
    }
    t
}

/// Opens the book a query or an export reads, noted as an input of the run (no output of the
/// run is written over it).
fn open_input(path: &Path) -> Result<Book, Error> {
    let book = Book::open(path).map_err(|e| Error::Failed(e.to_string()))?;
    if let Ok(m) = std::fs::metadata(path) {
        crate::output::note_input(path, &m);
    }
    Ok(book)
}

/// Refuses an output that is an existing SQLite database (another book, most likely: a
/// mistyped argument would replace it with a CSV or a tree).
fn refuse_database(path: &Path) -> Result<(), Error> {
    use std::io::Read as _;
    if crate::records::is_stdout(path) {
        return Ok(());
    }
    let mut head = [0u8; 16];
    let is_database = std::fs::metadata(path).is_ok_and(|m| m.is_file())
        && std::fs::File::open(path)
            .is_ok_and(|mut f| f.read_exact(&mut head).is_ok() && head == *b"SQLite format 3\0");
    if is_database {
        return Err(Error::Failed(format!(
            "cannot write {}: it is an SQLite database (a book?), not written over: remove it \
             first or choose another name",
            path.display()
        )));
    }
    Ok(())
}

fn query(a: &QueryArgs) -> Result<Status, Error> {
    if a.json && a.report.as_deref().is_some_and(crate::records::is_stdout) {
        return Err(Error::Argument {
            option: "--report -",
            reason: "--json prints to standard output already: give the CSV a file".into(),
        });
    }
    let book = open_input(&a.book)?;
    let (moves, typed) = position_moves(&a.position, book.settings().board_size)?;
    let answer = book.query(&moves).map_err(|e| book_error(&e))?;
    if let Some(path) = &a.report {
        let mut w = csv::Writer::from_writer(Vec::new());
        let fail = |e: csv::Error| Error::Write {
            path: path.display().to_string(),
            source: std::io::Error::other(e),
        };
        w.write_record([
            "move",
            "games",
            "black",
            "white",
            "draw",
            "unknown",
            "share",
            "black_score",
        ])
        .map_err(fail)?;
        for n in answer.next.iter().filter(|n| n.counts.games >= a.min_games) {
            let c = n.counts;
            w.write_record([
                n.mv.to_string(),
                c.games.to_string(),
                c.black.to_string(),
                c.white.to_string(),
                c.draw.to_string(),
                c.unknown.to_string(),
                format!("{:.4}", answer.share(n)),
                c.black_score().map_or(String::new(), |s| format!("{s:.4}")),
            ])
            .map_err(fail)?;
        }
        let bytes = w.into_inner().map_err(|e| fail(e.into_error().into()))?;
        refuse_database(path)?;
        AtomicFile::write(path, &bytes)?;
    }
    let text = if a.json {
        let json = AnswerJson {
            position: &typed,
            counts: answer.counts,
            next: answer
                .next
                .iter()
                .filter(|n| n.counts.games >= a.min_games)
                .copied()
                .collect(),
        };
        let line = serde_json::to_string(&json).map_err(|e| Error::Failed(e.to_string()))?;
        format!("{line}\n")
    } else {
        answer_text(&book, &answer, &typed, a.min_games)
    };
    if a.report.as_deref().is_some_and(crate::records::is_stdout) {
        // the CSV went to standard output: the answer goes to stderr
        eprint!("{text}");
    } else {
        crate::print(&text)?;
    }
    Ok(Status::Clean)
}

/// The format of an export to `output`: `to` when given, else by the extension (`.sgf` SGF,
/// anything else a RenLib library); a `--to` that the extension contradicts is refused (a
/// `.sgf` file of RenLib bytes, or the reverse, is read as neither).
fn export_format(output: &Path, to: Option<ExportFormat>) -> Result<ExportFormat, Error> {
    let by_ext = match output
        .extension()
        .and_then(|e| e.to_str())
        .and_then(renju_notation::Format::from_extension)
    {
        Some(renju_notation::Format::Sgf) => Some(ExportFormat::Sgf),
        Some(renju_notation::Format::Lib) => Some(ExportFormat::Lib),
        _ => None,
    };
    match (to, by_ext) {
        (Some(to), Some(ext)) if to != ext => Err(Error::Argument {
            option: "--to",
            reason: format!(
                "{} is named as {} but --to asks for {}: give another name or --to",
                output.display(),
                export_format_name(ext),
                export_format_name(to)
            ),
        }),
        (Some(to), _) => Ok(to),
        (None, ext) => Ok(ext.unwrap_or(ExportFormat::Lib)),
    }
}

fn export_format_name(f: ExportFormat) -> &'static str {
    match f {
        ExportFormat::Lib => "a RenLib library (.lib)",
        ExportFormat::Sgf => "SGF (.sgf)",
    }
}

/// The export of `book` written by `write` in at most `limit` bytes: past it, fewer nodes (in
/// proportion, then a twentieth fewer each time), and `true` for a tree cut so.
fn export_within(
    book: &Book,
    options: &mut ExportOptions,
    write: &dyn Fn(&renju_book::Exported) -> Vec<u8>,
    limit: usize,
) -> Result<(renju_book::Exported, Vec<u8>, bool), BookError> {
    let mut x = book.export(options)?;
    let mut bytes = write(&x);
    let mut cut = false;
    while bytes.len() > limit && x.tree.nodes.len() > 1 {
        let nodes = x.tree.nodes.len();
        let fit = (nodes as u128 * limit as u128 / bytes.len() as u128) as usize;
        options.max_nodes = fit.min(nodes - nodes / 20 - 1).max(1);
        x = book.export(options)?;
        bytes = write(&x);
        cut = true;
    }
    Ok((x, bytes, cut))
}

fn export(a: &ExportArgs) -> Result<Status, Error> {
    let book = open_input(&a.book)?;
    refuse_database(&a.output)?;
    let mut options = ExportOptions {
        min_games: a.min_games,
        ..ExportOptions::default()
    };
    let to = export_format(&a.output, a.to)?;
    let format = match to {
        ExportFormat::Lib => renju_notation::Format::Lib,
        ExportFormat::Sgf => renju_notation::Format::Sgf,
    };
    // each format in its own row direction (RenLib counts rows from the top), as convert
    // writes it
    let write = |x: &renju_book::Exported| match to {
        ExportFormat::Lib => x.to_lib(),
        ExportFormat::Sgf => x.to_sgf().into_bytes(),
    };
    // a file this project's reader of the format reads back whole
    let limit = renju_notation::limits::whole_file_limit(format).map_or(usize::MAX, |l| l as usize);
    let (x, bytes, cut_by_size) = export_within(&book, &mut options, &write, limit)
        .map_err(|e| Error::Failed(e.to_string()))?;
    AtomicFile::write(&a.output, &bytes)?;
    let mut text = format!(
        "{}: {}, the positions of at least {}; {} (leaves naming the line that continues \
         them)",
        a.output.display(),
        count(x.tree.nodes.len(), "node", "nodes"),
        count(a.min_games as usize, "game", "games"),
        count(x.transpositions, "transposition", "transpositions"),
    );
    if x.passes > 0 {
        let _ = write!(
            text,
            "; {} left out (a pass leads to the same position)",
            count(x.passes, "pass", "passes")
        );
    }
    text.push('\n');
    if cut_by_size {
        let _ = writeln!(
            text,
            "TRUNCATED: the tree stopped at {} nodes, so that the file stays within {} MiB, \
             the size this project's {} reader reads (give a larger --min-games)",
            thousands(x.tree.nodes.len()),
            limit >> 20,
            format.name()
        );
    } else if x.truncated {
        let _ = writeln!(
            text,
            "TRUNCATED: the tree stopped at {} nodes, the most a {} tree holds as this \
             project reads it (give a larger --min-games)",
            thousands(x.tree.nodes.len()),
            format.name()
        );
    }
    if crate::records::is_stdout(&a.output) {
        eprint!("{text}");
    } else {
        crate::print(&text)?;
    }
    Ok(Status::clean_if(!x.truncated && !cut_by_size))
}

/// Why a book cannot stand for a scan of the files given ([`stored_games`]): `search --book`
/// says it and scans instead.
#[derive(Debug)]
pub enum NoAnswer {
    /// The book cannot be opened or read.
    Book(BookError),
    /// The position is deeper than the book's positions.
    TooDeep {
        /// The position's stones.
        stones: usize,
        /// The book's `--max-moves`.
        max_moves: u8,
    },
    /// The book's files were read with other options than the search's.
    ReadOptions {
        /// The book's note of them (`None`: not recorded).
        book: Option<String>,
        /// The search's.
        search: String,
    },
    /// A path given cannot be examined.
    Path(FileProblem),
    /// A file given cannot be read.
    File(FileProblem),
    /// Standard input is among the inputs.
    Stdin,
    /// A file given is skipped by the walk.
    Skipped {
        /// The path.
        path: String,
        /// Why the walk skips it.
        reason: String,
    },
    /// A file given is not in the book with its present content.
    NotInBook(String),
    /// A file's content is given twice (the same file, or a copy).
    GivenTwice(String),
    /// A file has records the book does not keep whole.
    NotWhole(String),
    /// The book holds a file not given.
    NotGiven(String),
}

impl std::fmt::Display for NoAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoAnswer::Book(e) => e.fmt(f),
            NoAnswer::TooDeep { stones, max_moves } => write!(
                f,
                "the position has {stones} {}; the book holds positions of at most {max_moves}",
                if *stones == 1 { "stone" } else { "stones" }
            ),
            NoAnswer::ReadOptions { book, search } => write!(
                f,
                "its files were read with {}, this search reads with {search}",
                book.as_deref().unwrap_or("options not recorded")
            ),
            NoAnswer::Path(p) => write!(f, "cannot read {}: {}", p.file, p.reason),
            NoAnswer::File(p) => write!(f, "{}: {}", p.file, p.reason),
            NoAnswer::Stdin => f.write_str("standard input is not in a book"),
            NoAnswer::Skipped { path, reason } => write!(f, "{path} is skipped ({reason})"),
            NoAnswer::NotInBook(name) => write!(f, "{name} is not in the book (as it is now)"),
            NoAnswer::GivenTwice(name) => write!(
                f,
                "{name} is given twice (or with a copy): the scan reads its games twice, the book holds them once"
            ),
            NoAnswer::NotWhole(name) => write!(
                f,
                "{name} has records the book does not keep whole (unreadable, with an unreadable \
                 move, or stopped at a move that cannot be played)"
            ),
            NoAnswer::NotGiven(path) => write!(
                f,
                "the book holds {path} too, which is not among the files given"
            ),
        }
    }
}

impl std::error::Error for NoAnswer {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NoAnswer::Book(e) => Some(e),
            _ => None,
        }
    }
}

impl From<BookError> for NoAnswer {
    fn from(e: BookError) -> NoAnswer {
        NoAnswer::Book(e)
    }
}

/// The book's answer to `search --book` (see [`crate::search`]): whether the book, built from
/// exactly the files under `paths` read with `read`, can stand for a scan of them, and its
/// games in input order with the names the scan gives their files.
///
/// # Errors
/// Why the book cannot stand for the scan (the caller scans instead, saying why).
pub fn stored_games(
    book_path: &Path,
    paths: &[PathBuf],
    read: ReadOptions,
    stones: usize,
) -> Result<StoredGames, NoAnswer> {
    let book = Book::open(book_path)?;
    let settings = *book.settings();
    if stones > usize::from(settings.max_moves) {
        return Err(NoAnswer::TooDeep {
            stones,
            max_moves: settings.max_moves,
        });
    }
    let note = book.note(READ_NOTE)?;
    let search = read_note(read);
    if note.as_deref() != Some(search.as_str()) {
        return Err(NoAnswer::ReadOptions { book: note, search });
    }
    let sources = book.sources()?;
    let mut by_sha: HashMap<String, &SourceInfo> =
        sources.iter().map(|s| (s.sha256.clone(), s)).collect();
    let mut files = Vec::new();
    let mut not_records = Vec::new();
    for e in walk_paths(paths).map_err(NoAnswer::Path)? {
        let f = match e {
            Entry::File(f) if !f.is_stdin() => f,
            Entry::File(_) => return Err(NoAnswer::Stdin),
            Entry::Problem(p) => return Err(NoAnswer::File(p)),
            Entry::Skipped(s) => {
                return Err(NoAnswer::Skipped {
                    path: s.path,
                    reason: s.reason.to_string(),
                });
            }
        };
        let s = Source::of_file(&f.path)?;
        let sha = s.sha256_hex();
        let info = match by_sha.remove(&sha) {
            Some(info) => info,
            // a content given twice is scanned twice; the book holds it once
            None if sources.iter().any(|s| s.sha256 == sha) => {
                return Err(NoAnswer::GivenTwice(f.name().to_string()));
            }
            // a file of no record format found in a folder: the scan skips it, and so does
            // the answer (listed as the scan lists it)
            None if !f.named
                && crate::input::source::in_no_record_format(&f, read)
                    .map_err(NoAnswer::File)? =>
            {
                not_records.push(f.name().to_string());
                continue;
            }
            None => return Err(NoAnswer::NotInBook(f.name().to_string())),
        };
        let st = info.stats;
        if st.unreadable + st.salvaged + st.illegal > 0 {
            return Err(NoAnswer::NotWhole(f.name().to_string()));
        }
        files.push((f.name(), info.path.clone(), st));
    }
    if let Some(rest) = by_sha.values().next() {
        return Err(NoAnswer::NotGiven(rest.path.clone()));
    }
    Ok(StoredGames {
        book,
        files,
        not_records,
    })
}

/// A book that stands for a scan of the files given ([`stored_games`]).
#[derive(Debug)]
pub struct StoredGames {
    book: Book,
    /// Each file's name as the scan gives it, its path in the book, what the book counted.
    files: Vec<(String, String, FileStats)>,
    /// The files found in folders that are in no record format (the scan skips them).
    not_records: Vec<String>,
}

impl StoredGames {
    /// The files, records and set-up records of the files given.
    #[must_use]
    pub fn totals(&self) -> (usize, usize, usize) {
        let records = self.files.iter().map(|f| f.2.records as usize).sum();
        let set_up = self.files.iter().map(|f| f.2.set_up as usize).sum();
        (self.files.len(), records, set_up)
    }

    /// The files found in folders that are in no record format, skipped as the scan skips
    /// them.
    #[must_use]
    pub fn not_records(&self) -> &[String] {
        &self.not_records
    }

    /// The position's games in the book (0: no game reaches it, nothing to read).
    ///
    /// # Errors
    /// SQLite fails.
    pub fn games_at(&self, moves: &[Move]) -> Result<u64, renju_book::BookError> {
        self.book.query(moves).map(|a| a.counts.games)
    }

    /// Every game of the book, in input order: `each(file, record, game)` (the game with its
    /// id, declared result and the moves the book kept: all those up to the position's depth
    /// and the next move).
    ///
    /// # Errors
    /// SQLite fails, a stored game cannot be read.
    pub fn each_game(
        &self,
        each: &mut dyn FnMut(&Arc<str>, usize, &renju_notation::GameRecord),
    ) -> Result<(), renju_book::BookError> {
        for (name, path, _) in &self.files {
            let name: Arc<str> = name.as_str().into();
            self.book
                .each_game(path, &mut |record, g| each(&name, record, g))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An export past the size its format's reader reads is cut to fit, and says so; one
    /// within it is whole.
    #[test]
    fn an_export_is_cut_to_the_size_its_reader_reads() {
        let dir = tempfile::tempdir().unwrap();
        let mut text = String::new();
        for a in ["h9", "i9", "i8", "j10", "g7"] {
            for b in ["h10", "j8", "g9", "k11"] {
                text.push_str(&format!("black h8 {a} {b} a1 b2\n"));
            }
        }
        let mut book = Book::create(dir.path().join("b.sqlite"), BookSettings::default()).unwrap();
        let source = Source::of_bytes("g.renju", text.as_bytes());
        let records = renju_notation::read_all(
            renju_notation::Format::Renju,
            text.as_bytes(),
            "g.renju",
            renju_notation::Orientation::RowOneAtBottom,
        )
        .map(|r| r.map_or(renju_book::Record::Unreadable, renju_book::Record::Read));
        book.add_records(&source, records, AddOptions::default())
            .unwrap();
        let write = |x: &renju_book::Exported| x.to_lib();
        let mut options = ExportOptions::default();
        let (whole, bytes, cut) = export_within(&book, &mut options, &write, usize::MAX).unwrap();
        assert!(!cut && !whole.truncated);
        assert!(whole.tree.nodes.len() > 20, "{}", whole.tree.nodes.len());
        for limit in [bytes.len() - 1, bytes.len() / 2, 300] {
            let mut options = ExportOptions::default();
            let (x, b, cut) = export_within(&book, &mut options, &write, limit).unwrap();
            assert!(cut, "{limit}");
            assert!(b.len() <= limit, "{} > {limit}", b.len());
            assert!(x.tree.nodes.len() < whole.tree.nodes.len());
            // read back whole by this project's reader
            let tree = renju_notation::renlib::read_tree(
                &b,
                "b.lib",
                renju_notation::Format::Lib.default_orientation(),
                None,
            )
            .unwrap();
            assert_eq!(tree.nodes.len(), x.tree.nodes.len(), "{limit}");
        }
    }
}
