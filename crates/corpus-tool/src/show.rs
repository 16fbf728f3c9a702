//! `corpus-tool show`: draw a position or a game, with Black's forbidden points marked, as a
//! Unicode (or ASCII) board on the terminal and optionally as an SVG file.
//!
//! A game is shown as the auditor sees it ([`crate::load`]): up to an illegal or unreadable
//! move, with what is wrong there; a game that is over at the position shown says how it
//! ended (the foul that decided it, with its explanation tree) instead of listing forbidden
//! points for a next move there is not; a board that renju is not played on is drawn and
//! said so, not judged.

use crate::args::{SettingsArgs, parse_index};
use crate::error::{Error, Status};
use crate::load::{self, Game, Loaded};
use crate::output::AtomicFile;
use crate::position;
use renju_analyzer::{End, Settings};
use renju_core::{Board, Color, FoulChecker, Move, Point};
use renju_diagrams::diagram::{Diagram, Mark};
use renju_diagrams::svg::{SvgOptions, render_svg};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// `corpus-tool show`: the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = concat!("\
INPUT is a record file (any format; --record picks the game), a text diagram file (the
atlas format too), '-' for standard input, or the position itself: a move list in quotes
(any spelling), a board of 225 characters, or a multi-line diagram.
The board is drawn in the Unicode style of the seeds (--ascii for plain ASCII) with
coordinates on the edges, star points, move numbers on the stones and × on every point
where a Black stone would be forbidden, then the list of those points with their kinds.
A game is drawn as the audit sees it: up to an illegal or unreadable move, saying what is
wrong there; a game over at the position shown says how it ended (the foul that decided
it, with its tree under --explain); a board renju is not played on is drawn, not judged.

", crate::exit_status!(), "

Examples:
  corpus-tool show 'h8 a1 i8 a2 k10 a3 k11'
  corpus-tool show --svg game.svg --record 3 archive.renju
  corpus-tool show --strict --explain corpus/fouls/047-conventions-nested-reversal.txt"))]
pub struct Command {
    /// Also write the drawing as an SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Plain ASCII instead of Unicode.
    #[arg(long)]
    pub ascii: bool,
    /// Print the explanation tree of every forbidden point (and of the foul that decided
    /// the game).
    #[arg(long)]
    pub explain: bool,
    /// Which record of a file (1-based; default 1).
    #[arg(long, value_name = "N", value_parser = parse_index)]
    pub record: Option<usize>,
    /// Show the position after this many moves (0 up to the game's length).
    #[arg(long, value_name = "N")]
    pub moves: Option<usize>,
    /// How games are judged and records read.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// What to draw.
    pub input: String,
}

/// Runs `corpus-tool show` as its command line asks, printing to standard output.
///
/// # Errors
/// As [`run`].
pub fn main(cmd: &Command) -> Result<Status, Error> {
    let args = Args {
        input: cmd.input.clone(),
        load: cmd.settings.load_options(cmd.record),
        moves: cmd.moves,
        settings: cmd.settings.settings(),
        ascii: cmd.ascii,
        explain: cmd.explain,
    };
    let shown = run(&args, cmd.svg.as_deref())?;
    crate::print(&shown.text)?;
    Ok(shown.status)
}

/// What to draw and how.
#[derive(Debug, Clone, Default)]
pub struct Args {
    /// A record file, a text diagram file, `-`, a 225-character board or a move list.
    pub input: String,
    /// Which record, and how a record file is read.
    pub load: load::Options,
    /// Show the position after this many moves (default: all).
    pub moves: Option<usize>,
    /// Rule set, foul convention and claim policy (how a game is judged over).
    pub settings: Settings,
    /// ASCII instead of Unicode.
    pub ascii: bool,
    /// Print the explanation tree of every forbidden point (and of a deciding foul).
    pub explain: bool,
}

/// What the drawing says about the position besides the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum State {
    /// A position to play on: its forbidden points are listed.
    Open,
    /// The game is over at the position shown: the sentence, and the deciding foul's move
    /// and point when a foul decided it.
    Over {
        /// How it ended, in words.
        how: String,
        /// The foul that decided the game: its move number and point.
        foul: Option<(usize, Point)>,
    },
    /// The position cannot be judged (a board renju is not played on, a move that cannot be
    /// played): why. The board is drawn as far as it goes.
    Problem(String),
}

/// What [`draw`] made: the text for the terminal, and what an SVG of it needs.
#[derive(Debug, Clone)]
pub struct Drawn {
    /// The text to print.
    pub text: String,
    /// The diagram with the forbidden points marked; a letter that is also forbidden keeps
    /// its letter (listed in `forbidden_letters`).
    pub diagram: Diagram,
    /// Lettered points that are also forbidden.
    pub forbidden_letters: Vec<Point>,
    /// The legend of the drawing: what the marks, letters and numbers mean, which convention.
    pub legend: Vec<String>,
}

/// A diagram to draw: the board, its title, what it says, and the board before the last
/// move shown (for the explanation of a deciding foul).
#[derive(Debug, Clone)]
pub struct View {
    /// The diagram (stones numbered for a game).
    pub diagram: Diagram,
    /// The title line.
    pub title: String,
    /// What the drawing says besides the board.
    pub state: State,
    /// A note before the forbidden points (a position holding a five).
    pub note: Option<String>,
    /// The board on which the deciding foul was played (before it).
    pub before_foul: Option<Board>,
}

/// Reads INPUT and makes the view of it (see the module documentation).
///
/// # Errors
/// As [`load::load`]; `--moves` past the end of the game.
pub fn view(args: &Args) -> Result<View, Error> {
    match load::load(&args.input, &args.load)? {
        Loaded::Position { diagram, title } => {
            // A diagram of any side is judged, as rule books draw them. A study position may
            // hold a five (seed 000's worked example does): said, and its points still marked.
            let note = position::game_over(diagram.board(), args.settings.rules).map(|over| {
                format!(
                    "the game is already over ({over}); the points below are those of the \
                     board as drawn"
                )
            });
            Ok(View {
                diagram,
                title,
                state: State::Open,
                note,
                before_foul: None,
            })
        }
        Loaded::Game(game) => game_view(&game, args),
    }
}

/// The view of a game after `args.moves` moves (default all).
fn game_view(game: &Game, args: &Args) -> Result<View, Error> {
    let a = game.audit(&args.settings);
    let total = a.moves;
    let n = args.moves.unwrap_or(total);
    if n > total {
        return Err(Error::MovesBeyond {
            asked: n,
            moves: total,
        });
    }
    let mut record = game.record.clone();
    let size_problem = position::check_size(record.board_size, args.settings.rules).err();
    // The moves that can be played: up to an illegal or unreadable move.
    let playable = match (&a.illegal, &size_problem) {
        (Some(i), None) if i.number > 0 => i.number - 1,
        _ => record.moves.len(),
    };
    let shown = n.min(playable);
    record.moves.truncate(shown);
    let diagram = Diagram::from_record(&record).map_err(|error| Error::Diagram {
        what: game.title.clone(),
        error,
    })?;
    let title = format!(
        "{}, after {shown} move{}",
        game.title,
        if shown == 1 { "" } else { "s" }
    );
    let mut before_foul = None;
    let state = match (&size_problem, &a.illegal, a.end_move) {
        (Some(e), _, _) => State::Problem(e.to_string()),
        (None, Some(i), _) if n > playable => State::Problem(format!(
            "illegal: {i}; the game is shown up to move {shown}"
        )),
        (None, _, Some(k)) if k <= shown => {
            let foul = match (a.end, record.moves.get(k - 1)) {
                (End::Foul(_), Some(&Move::Stone(p))) => {
                    let mut before = record.clone();
                    before.moves.truncate(k - 1);
                    before_foul = Diagram::from_record(&before)
                        .ok()
                        .map(|d| d.board().clone());
                    Some((k, p))
                }
                _ => None,
            };
            let mut how = format!("the game is over: {}", a.end_sentence());
            if let Some((_, p)) = foul {
                let _ = write!(how, " ({p}), the foul that decided the game");
            }
            State::Over { how, foul }
        }
        _ => State::Open,
    };
    Ok(View {
        diagram,
        title,
        state,
        note: None,
        before_foul,
    })
}

/// Draws the view: the board with the forbidden points marked (when the position is open),
/// the text for the terminal, and the marked diagram and legend for an SVG.
#[must_use]
pub fn draw(view: View, args: &Args) -> Drawn {
    let View {
        mut diagram,
        title,
        state,
        note,
        before_foul,
    } = view;
    let settings = args.settings;
    let convention = settings.convention;
    let mut out = String::new();
    let board = diagram.board().clone();
    let letters: Vec<(Point, char)> = diagram
        .marks()
        .iter()
        .filter_map(|(p, m)| match m {
            Mark::Letter(c) => Some((*p, *c)),
            Mark::Forbidden => None,
        })
        .collect();
    let fouls = if settings.rules.has_fouls() && state == State::Open {
        diagram.mark_fouls(convention)
    } else {
        Vec::new()
    };
    let _ = writeln!(out, "{title}");
    out.push_str(&if args.ascii {
        diagram.to_ascii()
    } else {
        diagram.to_unicode()
    });
    let (black, white) = (board.count(Color::Black), board.count(Color::White));
    // A diagram of Black stones only asks about Black's next stone: no side to move by count.
    if state == State::Open && (white > 0 || black == 0) {
        let _ = writeln!(
            out,
            "{} to move (by stone count)",
            capital(position::side_to_move(&board).name())
        );
    }
    let mut legend = Vec::new();
    if let Some(note) = &note {
        let _ = writeln!(out, "{note}");
        legend.push(format!("{}.", capital(note)));
    }
    if diagram.numbers().is_empty() {
        if board.stone_count() > 0 {
            legend.push("Stones without numbers: a position, not a game.".to_string());
        }
    } else {
        legend.push("Numbers on the stones: the order of the moves.".to_string());
    }
    match &state {
        State::Problem(why) => {
            let _ = writeln!(out, "{why}");
            legend.push(format!("{}.", capital(why)));
        }
        State::Over { how, foul } => {
            let _ = writeln!(out, "{how}");
            legend.push(format!("{}.", capital(how)));
            if let (true, Some((_, p)), Some(before)) = (args.explain, foul, &before_foul) {
                for l in FoulChecker::new(before)
                    .explain(*p, convention)
                    .to_tree()
                    .lines()
                {
                    let _ = writeln!(out, "    {l}");
                }
            }
        }
        State::Open => {
            list_fouls(&mut out, &mut legend, &board, &fouls, &letters, args);
        }
    }
    let mut forbidden_letters = Vec::new();
    for &(p, c) in &letters {
        if fouls.iter().any(|(q, _)| *q == p) {
            // keep the letter; the SVG rings it in red
            diagram.clear_mark(p);
            let _ = diagram.set_mark(p, Mark::Letter(c));
            forbidden_letters.push(p);
        }
    }
    if !letters.is_empty() {
        let mut named = letters.clone();
        named.sort_by_key(|&(_, c)| c);
        let names: Vec<String> = named.iter().map(|(p, c)| format!("{c} = {p}")).collect();
        legend.push(format!(
            "Letters: points the diagram names ({}).",
            names.join(", ")
        ));
    }
    Drawn {
        text: out,
        diagram,
        forbidden_letters,
        legend,
    }
}

/// The forbidden points of an open position: the list (with their trees under `--explain`)
/// and the legend's line.
fn list_fouls(
    out: &mut String,
    legend: &mut Vec<String>,
    board: &Board,
    fouls: &[(Point, renju_core::Foul)],
    letters: &[(Point, char)],
    args: &Args,
) {
    let rules = args.settings.rules;
    let convention = args.settings.convention;
    if !rules.has_fouls() {
        let _ = writeln!(out, "rules {rules}: no forbidden points");
        legend.push(format!("Rules {rules}: no forbidden points."));
        return;
    }
    if fouls.is_empty() {
        let _ = writeln!(
            out,
            "no forbidden point for Black ({convention} convention)"
        );
        legend.push(format!(
            "No forbidden point for Black ({convention} convention)."
        ));
        return;
    }
    let mark = if args.ascii { "#" } else { "×" };
    let _ = writeln!(out, "{mark} forbidden for Black ({convention} convention):");
    for (p, f) in fouls {
        let _ = writeln!(out, "  {p} {f}");
    }
    let list: Vec<String> = fouls.iter().map(|(p, f)| format!("{p} {f}")).collect();
    let ringed = letters
        .iter()
        .any(|(p, _)| fouls.iter().any(|(q, _)| q == p));
    legend.push(format!(
        "{}: forbidden for Black ({convention} convention): {}.",
        if ringed {
            "× or a red ring round a letter"
        } else {
            "×"
        },
        list.join(", ")
    ));
    if args.explain {
        let checker = FoulChecker::new(board);
        for (p, _) in fouls {
            for l in checker.explain(*p, convention).to_tree().lines() {
                let _ = writeln!(out, "    {l}");
            }
        }
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// What a run printed, and how it came out.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The text to print.
    pub text: String,
    /// [`Status::Findings`] when the position cannot be judged (an illegal move, a board
    /// renju is not played on).
    pub status: Status,
}

/// Runs the command: the text to print; writes the SVG when asked.
///
/// # Errors
/// Unreadable input, `--moves` past the end, or an SVG that cannot be written.
///
/// ```
/// use corpus_tool::show::{Args, run};
/// let args = Args { input: "h8 a1 i8 a2 k10 a3 k11".into(), ..Args::default() };
/// let shown = run(&args, None).unwrap();
/// assert!(shown.text.contains("k8 double-three"));
/// ```
pub fn run(args: &Args, svg: Option<&Path>) -> Result<Shown, Error> {
    let view = view(args)?;
    let status = Status::clean_if(!matches!(view.state, State::Problem(_)));
    let title = view.title.clone();
    let drawn = draw(view, args);
    let mut text = drawn.text;
    if let Some(path) = svg {
        // The caption must fit above the board: name the file, not its whole path.
        let short = Path::new(&args.input)
            .file_name()
            .map(|n| title.replace(&args.input, &n.to_string_lossy()))
            .unwrap_or_else(|| title.clone());
        let options = SvgOptions::default()
            .with_title(short)
            .with_legend(drawn.legend)
            .with_forbidden_letters(drawn.forbidden_letters);
        AtomicFile::write(path, render_svg(&drawn.diagram, &options).as_bytes())?;
        let _ = writeln!(text, "SVG written to {}", path.display());
    }
    Ok(Shown { text, status })
}
