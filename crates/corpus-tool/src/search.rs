//! `corpus-tool search`: every record whose game passes through a position (under the 8
//! symmetries, colours kept), the first move after which it does, and the moves played next
//! from there with their declared results (the definitions are in [`renju_archive::search`]).

use crate::args::RunArgs;
use crate::engine::Engine;
use crate::error::Error;
use crate::output::parquet::{ReportFile, is_parquet, search_columns, search_values};
use crate::records::{Output, finish_command, is_stdout, read_records};
use crate::style::{count, thousands};
use renju_archive::pattern::Pattern;
use renju_archive::search::{Next, Query, Tree};
use renju_core::{Board, Color, Move, Point, RENJU_SIZE, Symmetry};
use renju_notation::Orientation;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The position asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Position {
    /// The position after these moves (`h8 h9 i10`, colours alternating from Black).
    Moves(String),
    /// A board line of 225 characters (row 15 first; `.`, `x`, `o`).
    Board(String),
    /// A text diagram file.
    Diagram(PathBuf),
    /// A pattern file: a partial board found anywhere ([`renju_archive::pattern`]).
    Pattern(PathBuf),
}

impl Position {
    /// The board of the position.
    ///
    /// # Errors
    /// A move list, board line or diagram that cannot be read, or moves that cannot be
    /// played (a point taken twice).
    ///
    /// ```
    /// use corpus_tool::search::Position;
    /// let b = Position::Moves("h8 h9 i10".into()).board().unwrap();
    /// assert_eq!(b.stone_count(), 3);
    /// assert!(Position::Moves("h8 h8".into()).board().is_err());
    /// ```
    pub fn board(&self) -> Result<Board, QueryError> {
        match self {
            Position::Moves(text) => {
                let moves = renju_notation::moves::parse_moves(
                    text,
                    RENJU_SIZE,
                    Orientation::RowOneAtBottom,
                )
                .map_err(QueryError::Moves)?;
                let mut b = Board::renju();
                for (i, m) in moves.iter().enumerate() {
                    if let Move::Stone(p) = m {
                        b.place(*p, Color::of_move_number(i + 1)).map_err(|error| {
                            QueryError::Move {
                                number: i + 1,
                                error,
                            }
                        })?;
                    }
                }
                Ok(b)
            }
            Position::Board(line) => Board::from_line(line).map_err(QueryError::Board),
            Position::Diagram(path) => {
                let text = read_text(path)?;
                Board::from_diagram(&text).map_err(|error| QueryError::Diagram {
                    path: path.clone(),
                    error,
                })
            }
            Position::Pattern(path) => Err(QueryError::NotAPosition(path.clone())),
        }
    }

    /// Moves that lead to the position: its stones, black and white in turn (a pass where
    /// one colour has no stone left).
    fn moves(&self) -> Result<Vec<Move>, QueryError> {
        let b = self.board()?;
        let black: Vec<Point> = b
            .stones()
            .filter(|s| s.1 == Color::Black)
            .map(|s| s.0)
            .collect();
        let white: Vec<Point> = b
            .stones()
            .filter(|s| s.1 == Color::White)
            .map(|s| s.0)
            .collect();
        let mut moves = Vec::with_capacity(2 * black.len().max(white.len()));
        for i in 0..black.len().max(white.len()) {
            for side in [&black, &white] {
                moves.push(side.get(i).map_or(Move::Pass, |&p| Move::Stone(p)));
            }
        }
        Ok(moves)
    }

    fn finder(&self) -> Result<Finder, QueryError> {
        match self {
            Position::Pattern(path) => {
                let text = read_text(path)?;
                Pattern::parse(&text)
                    .map(Finder::Pattern)
                    .map_err(|error| QueryError::Pattern {
                        path: path.clone(),
                        error,
                    })
            }
            _ => Ok(Finder::Position(Box::new(Query::from_board(
                &self.board()?,
            )))),
        }
    }
}

/// Why the position asked for cannot be read; its `Display` names the option or the file.
#[derive(Debug)]
pub enum QueryError {
    /// `--position`: a move list that cannot be read.
    Moves(renju_notation::moves::MoveTextError),
    /// `--position`: a move that cannot be played (a point taken twice).
    Move {
        /// 1-based move number.
        number: usize,
        /// Why.
        error: renju_core::BoardError,
    },
    /// `--board`: a board line that cannot be read.
    Board(renju_core::BoardError),
    /// A diagram or pattern file that cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A diagram file that holds no position.
    Diagram {
        /// The file.
        path: PathBuf,
        /// Why.
        error: renju_core::BoardError,
    },
    /// A pattern file that holds no pattern.
    Pattern {
        /// The file.
        path: PathBuf,
        /// Why.
        error: renju_archive::pattern::PatternError,
    },
    /// A pattern asked for as a whole position.
    NotAPosition(PathBuf),
}

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QueryError::Moves(e) => write!(f, "--position: {e}"),
            QueryError::Move { number, error } => write!(f, "--position: move {number}: {error}"),
            QueryError::Board(e) => write!(f, "--board: {e}"),
            QueryError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            QueryError::Diagram { path, error } => write!(f, "{}: {error}", path.display()),
            QueryError::Pattern { path, error } => write!(f, "{}: {error}", path.display()),
            QueryError::NotAPosition(path) => {
                write!(f, "{} is a pattern, not a whole position", path.display())
            }
        }
    }
}

impl std::error::Error for QueryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            QueryError::Moves(e) => Some(e),
            QueryError::Move { error, .. }
            | QueryError::Board(error)
            | QueryError::Diagram { error, .. } => Some(error),
            QueryError::Read { source, .. } => Some(source),
            QueryError::Pattern { error, .. } => Some(error),
            QueryError::NotAPosition(_) => None,
        }
    }
}

enum Finder {
    Position(Box<Query>),
    Pattern(Pattern),
}

/// A match, whichever the query.
struct Found {
    move_number: usize,
    symmetry: Symmetry,
    next: Next,
    at: Option<Point>,
}

impl Finder {
    fn find(&self, g: &renju_notation::GameRecord) -> Option<Found> {
        match self {
            Finder::Position(q) => q.find(g).map(|h| Found {
                move_number: h.move_number,
                symmetry: h.symmetry,
                next: Next::from(h.next),
                at: None,
            }),
            Finder::Pattern(p) => p.find(g).map(|h| Found {
                move_number: h.move_number,
                symmetry: h.symmetry,
                next: h.next,
                at: Some(h.at),
            }),
        }
    }

    fn describe(&self) -> String {
        match self {
            Finder::Position(q) => {
                let (black, white) = q.stones();
                format!(
                    "position: {black} black, {white} white stone{} (under the 8 symmetries, colours kept)",
                    if white == 1 { "" } else { "s" }
                )
            }
            Finder::Pattern(p) => {
                let (w, h) = p.size();
                format!(
                    "pattern: {w}x{h} cells (under the 8 symmetries and any translation, colours kept)"
                )
            }
        }
    }
}

/// The options of `corpus-tool search`.
#[derive(Debug, Clone)]
pub struct Args {
    /// The position.
    pub position: Position,
    /// Files or folders.
    pub paths: Vec<PathBuf>,
    /// The CSV report.
    pub report: Option<PathBuf>,
    /// How many matches stdout lists (the report has them all).
    pub show: usize,
    /// How to read the inputs.
    pub input: crate::input::ReadOptions,
    /// An opening book of the same files, to answer from instead of reading them
    /// ([`crate::book::stored_games`]).
    pub book: Option<PathBuf>,
}

/// The CSV header: the contract columns, then `next`, `declared` and (for a pattern) `at`.
pub const CSV_HEADER: [&str; 8] = [
    "file", "index", "id", "move", "symmetry", "next", "declared", "at",
];

/// Runs `corpus-tool search` on `engine` (the records parsed and searched on its workers):
/// the text for stdout and stderr and the exit status
/// ([`Walked::status`](crate::records::Walked::status)).
///
/// # Errors
/// A position that cannot be read, a path that cannot be read, a report that cannot be
/// written.
pub fn run(args: &Args, engine: &Engine) -> Result<Output, Error> {
    let finder = args.position.finder()?;
    let report = match &args.report {
        Some(path) if !is_parquet(path) => {
            let f = crate::output::AtomicFile::create(path)?;
            let mut w = csv::Writer::from_writer(std::io::BufWriter::new(f));
            w.write_record(CSV_HEADER)
                .map_err(|e| Error::write(path, e.into()))?;
            Some(w)
        }
        _ => None,
    };
    let typed = match args.report.as_deref().filter(|p| is_parquet(p)) {
        Some(p) => Some(ReportFile::create(p, "search", search_columns())?),
        None => None,
    };
    let mut found = Matches {
        show: args.show,
        report,
        typed,
        error: None,
        tree: Tree::default(),
        shown: String::new(),
        matches: 0,
        set_up: 0,
    };
    // Searched on the workers: a set-up position is not a game from the empty board (not
    // searched, counted); a salvaged record is searched with the moves before its unreadable
    // move.
    let search = |_: &str, read: &crate::input::Read| {
        let g = read.game();
        if !g.setup.is_empty() {
            return None;
        }
        Some(finder.find(g))
    };
    let mut said = String::new();
    if let (Some(book), Finder::Position(q)) = (&args.book, &finder) {
        let (b, w) = q.stones();
        match crate::book::stored_games(book, &args.paths, args.input, b + w) {
            Ok(stored) => return from_book(args, &finder, found, &stored, book),
            Err(why) => {
                said = format!(
                    "search: the book {} cannot answer: {why}; scanning the files\n",
                    book.display()
                );
            }
        }
    }
    let walked = read_records(
        &args.paths,
        args.input,
        engine,
        &search,
        &mut |src, read, hit| match hit {
            None => found.set_up += 1,
            Some(None) => {}
            Some(Some(hit)) => found.add(&src, &read, hit),
        },
    )?;
    let partial = found.finish_report(walked.streamed.not_reached.is_some())?;
    let mut text = found.text(&finder, &walked, args.report.is_some());
    if let Some(p) = partial
        && !args.report.as_deref().is_some_and(is_stdout)
    {
        let _ = writeln!(
            text,
            "the report of the records read: {} (partial)",
            p.display()
        );
    }
    let on_stdout = args.report.as_deref().is_some_and(is_stdout);
    Ok(Output::new(
        text,
        said + &walked.skipped_lines(),
        walked.status(),
        on_stdout,
    ))
}

/// `search --book`: the matches from the games the book stores of the files given (the same
/// records, ids, declared results and moves: the same output as the scan), none read when the
/// book counts no game at the position.
fn from_book(
    args: &Args,
    finder: &Finder,
    mut found: Matches,
    stored: &crate::book::StoredGames,
    book: &std::path::Path,
) -> Result<Output, Error> {
    let mut walked = crate::records::Walked::default();
    let (files, records, set_up) = stored.totals();
    walked.streamed.files = files;
    walked.streamed.records = records;
    walked.streamed.not_records = stored.not_records().to_vec();
    found.set_up = set_up;
    if stored.games_at(&args.position.moves()?)? > 0 {
        stored.each_game(&mut |file, index, g| {
            if let Some(hit) = finder.find(g) {
                let src = renju_archive::dedupe::Source {
                    file: std::sync::Arc::clone(file),
                    index,
                };
                found.add(&src, &crate::input::Read::Game(g.clone()), hit);
            }
        })?;
    }
    found.finish_report(false)?;
    let text = found.text(finder, &walked, args.report.is_some());
    let said = format!(
        "{}search: answered from the book {}\n",
        walked.skipped_lines(),
        book.display()
    );
    let on_stdout = args.report.as_deref().is_some_and(is_stdout);
    Ok(Output::new(text, said, walked.status(), on_stdout))
}

/// The matches of a search, in input order: the report, the first few for stdout, the tree
/// of next moves.
struct Matches {
    show: usize,
    report: Option<csv::Writer<std::io::BufWriter<crate::output::AtomicFile>>>,
    /// The report as Parquet (`--report X.parquet`): the same rows, typed.
    typed: Option<ReportFile>,
    error: Option<csv::Error>,
    tree: Tree,
    shown: String,
    matches: usize,
    set_up: usize,
}

impl Matches {
    fn add(
        &mut self,
        src: &renju_archive::dedupe::Source,
        read: &crate::input::Read,
        mut hit: Found,
    ) {
        let g = read.game();
        if hit.next == Next::End && read.unreadable().is_some() {
            hit.next = Next::Unreadable;
        }
        self.matches += 1;
        self.tree.add_next(hit.next, g.result);
        let next = match hit.next {
            Next::End => String::new(),
            Next::Outside => "outside".to_string(),
            Next::Unreadable => "unreadable".to_string(),
            Next::Move(m) => m.to_string(),
        };
        if self.matches <= self.show {
            let at = hit
                .at
                .map(|p| format!(", pattern a1 on {p}"))
                .unwrap_or_default();
            let _ = writeln!(
                self.shown,
                "  {} record {}{}: after move {}, {}{at}, next {}",
                src.file,
                src.index,
                g.id.as_deref()
                    .map(|i| format!(" (id {i})"))
                    .unwrap_or_default(),
                hit.move_number,
                hit.symmetry,
                if next.is_empty() { "(end)" } else { &next }
            );
        }
        if let Some(t) = self.typed.as_mut() {
            t.push(&search_values(
                src,
                g,
                hit.move_number,
                hit.symmetry,
                &next,
                hit.at,
            ));
        }
        if let Some(w) = self.report.as_mut()
            && self.error.is_none()
            && let Err(e) = w.write_record([
                src.file.to_string(),
                src.index.to_string(),
                g.id.clone().unwrap_or_default(),
                hit.move_number.to_string(),
                hit.symmetry.name().to_string(),
                next,
                g.result.name().to_string(),
                hit.at.map(|p| p.to_string()).unwrap_or_default(),
            ])
        {
            self.error = Some(e);
        }
    }

    /// Writes the report out (under a partial name after a stop).
    /// Commits the report; after a stop under a name that says it is partial, returned.
    fn finish_report(&mut self, partial: bool) -> Result<Option<std::path::PathBuf>, Error> {
        if let Some(e) = self.error.take() {
            return Err(Error::report(e));
        }
        if let Some(t) = self.typed.take() {
            let to = t.finish(partial)?;
            return Ok(partial.then_some(to));
        }
        let Some(w) = self.report.take() else {
            return Ok(None);
        };
        let f = w
            .into_inner()
            .map_err(|e| Error::report(e.into_error()))?
            .into_inner()
            .map_err(|e| Error::report(e.into_error()))?;
        if partial {
            Ok(Some(f.commit_partial()?))
        } else {
            f.commit()?;
            Ok(None)
        }
    }

    /// The text for stdout.
    fn text(&self, finder: &Finder, walked: &crate::records::Walked, report: bool) -> String {
        let mut text = finder.describe();
        text.push('\n');
        let what = match finder {
            Finder::Position(_) => "position",
            Finder::Pattern(_) => "pattern",
        };
        let _ = writeln!(
            text,
            "{}; {} pass through the {what}",
            walked.records_line(),
            thousands(self.matches),
        );
        text.push_str(&walked.salvaged_line());
        if self.set_up > 0 {
            let _ = writeln!(
                text,
                "set up: {} set stones up (SGF AB/AW/AE) and were not searched: not games from \
                 the empty board",
                count(self.set_up, "record", "records")
            );
        }
        if self.matches > 0 {
            let _ = writeln!(text, "matches:");
            text.push_str(&self.shown);
            if self.matches > self.show {
                let _ = writeln!(
                    text,
                    "  ... and {} more{}",
                    thousands(self.matches - self.show),
                    if report {
                        " (all in the report)"
                    } else {
                        " (all with --report)"
                    }
                );
            }
            let _ = writeln!(
                text,
                "{}",
                match finder {
                    Finder::Position(_) => "next moves (in the orientation of the position asked):",
                    Finder::Pattern(_) =>
                        "next moves (in the pattern's own coordinates, a1 its bottom-left cell):",
                }
            );
            text.push_str(&self.tree.to_string());
        }
        text.push_str(&walked.problems_text());
        text
    }
}

/// `corpus-tool search` on the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = "\
A record passes through the position when, after some move k, its black stones and its
white stones equal the position's under one of the 8 board symmetries (colours kept).
Exactly one of --position, --board, --diagram gives the position; --pattern instead gives a
partial board (x black, o white, . empty, ? any point; top row first) found anywhere, under
the 8 symmetries and any translation, every cell on the board.

Stdout: the matches (the first --show of them), then the moves played next from the
position, in the position's orientation, with games, share and declared results.
--report writes one CSV row per matching record:
  file,index,id,move,symmetry
(then next,declared,at); move is the first such k, symmetry maps the record's position onto
the one asked (for a pattern: the symmetry applied to the pattern, and at the point its
bottom-left cell lies on).

With --book BOOK.sqlite (built by `corpus-tool book build` from exactly the files given,
unchanged, read with the same options), a position of at most the book's depth is answered
from the games the book stores: the same output, without reading the files (stderr says
so); otherwise the files are scanned and stderr says why.

Examples:
  corpus-tool search --position 'h8 h9 i10' archive.renju
  corpus-tool search --position 'h8 h9 i10' --book book.sqlite archive.renju
  corpus-tool search --diagram pos.txt --report hits.csv archive/
  corpus-tool search --pattern open-three.txt archive.renju")]
#[command(group(clap::ArgGroup::new("query").required(true).args(["position", "board", "diagram", "pattern"])))]
pub struct Command {
    /// Files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The position after these moves (colours alternate from Black, `--` is a pass).
    #[arg(long, value_name = "MOVES")]
    pub position: Option<String>,
    /// The position as a board line of 225 characters (row 15 first; `.`, `x`, `o`).
    #[arg(long, value_name = "LINE")]
    pub board: Option<String>,
    /// The position as a text diagram file.
    #[arg(long, value_name = "FILE")]
    pub diagram: Option<PathBuf>,
    /// A partial board found anywhere: a file of cells, top row first (x black, o white,
    /// . empty, ? any point), under the 8 symmetries and any translation.
    #[arg(long, value_name = "FILE")]
    pub pattern: Option<PathBuf>,
    /// Write the matches as CSV to this file (as Parquet, the same rows typed, when its
    /// name ends in `.parquet`).
    #[arg(long, value_name = "FILE.csv")]
    pub report: Option<PathBuf>,
    /// How many matches stdout lists.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub show: usize,
    /// Answer from this opening book (`corpus-tool book build`) when it holds the position
    /// and was built from exactly these files, unchanged; else scan them, saying why.
    #[arg(long, value_name = "BOOK.sqlite")]
    pub book: Option<PathBuf>,
    /// How the inputs are read.
    #[command(flatten)]
    pub input: crate::args::InputArgs,
    /// Worker threads and output.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `corpus-tool search` from its command line; returns the exit status.
#[must_use]
pub fn main(cmd: &Command) -> u8 {
    let position = match (&cmd.position, &cmd.board, &cmd.diagram, &cmd.pattern) {
        (Some(m), ..) => Position::Moves(m.clone()),
        (_, Some(b), ..) => Position::Board(b.clone()),
        (_, _, Some(d), _) => Position::Diagram(d.clone()),
        (.., Some(p)) => Position::Pattern(p.clone()),
        _ => {
            eprintln!("corpus-tool search: give --position, --board, --diagram or --pattern");
            return 2;
        }
    };
    let args = Args {
        position,
        paths: cmd.paths.clone(),
        report: cmd.report.clone(),
        show: cmd.show,
        input: cmd.input.read_options(),
        book: cmd.book.clone(),
    };
    finish_command("search", &cmd.run, |engine| run(&args, engine))
}

/// The text of a diagram or pattern file: UTF-16 decoded, a UTF-8 byte order mark dropped
/// (as [`renju_notation::encoding::decode_text_file`] does), any other file UTF-8 (an error
/// otherwise, as `std::fs::read_to_string` says it).
fn read_text(path: &std::path::Path) -> Result<String, QueryError> {
    use renju_notation::encoding as enc;
    let error = |source| QueryError::Read {
        path: path.to_path_buf(),
        source,
    };
    let bytes = std::fs::read(path).map_err(error)?;
    let bad = |e| error(std::io::Error::new(std::io::ErrorKind::InvalidData, e));
    match enc::utf16_of(&bytes, None) {
        Ok(Some(_)) => enc::decode_text_file(&bytes, None).map_err(bad),
        Ok(None) => String::from_utf8(enc::strip_utf8_bom(&bytes).to_vec()).map_err(|_| {
            error(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "stream did not contain valid UTF-8",
            ))
        }),
        Err(e) => Err(bad(e)),
    }
}
