//! `corpus-tool show`: draw a position or a game, with Black's forbidden points marked, as a
//! Unicode (or ASCII) board on the terminal and optionally as an SVG file.

use renju_core::{Color, Convention, FoulChecker, Point, RuleSet};
use renju_diagrams::diagram::{Diagram, Mark};
use renju_diagrams::svg::{SvgOptions, render_svg};
use renju_notation::{Format, GameRecord, Orientation, detect, read_all};
use std::fmt::Write as _;
use std::path::Path;

/// What to draw and how.
#[derive(Debug, Clone, Default)]
pub struct Args {
    /// A record file, a text diagram file, a 225-character board or a move list.
    pub input: String,
    /// Which record of a file (1-based).
    pub record: usize,
    /// Show the position after this many moves (default: all).
    pub moves: Option<usize>,
    /// The foul convention.
    pub convention: Convention,
    /// The rule set (fouls are marked only under renju).
    pub rules: RuleSet,
    /// ASCII instead of Unicode.
    pub ascii: bool,
    /// Print the explanation tree of every forbidden point.
    pub explain: bool,
    /// Force the input format.
    pub format: Option<Format>,
    /// Force the input orientation.
    pub orientation: Option<Orientation>,
}

/// What the input held: a game (with its name) or a bare position.
#[allow(clippy::large_enum_variant)] // one value per command run; boxing would only add noise
pub enum Loaded {
    /// A game record, named for titles ("FILE record N").
    Game(GameRecord, String),
    /// A position with no move order (a board line or a text diagram), with a title.
    Position(Diagram, String),
}

/// Reads INPUT: a record file (`record` picks the game), an atlas or text diagram file, a
/// 225-character board, or a move list.
///
/// # Errors
/// A sentence naming the file and what could not be read.
///
/// ```
/// use corpus_tool::show::{Loaded, load_input};
/// match load_input("h8 h9 i8", 1, None, None).unwrap() {
///     Loaded::Game(record, title) => {
///         assert_eq!(record.moves.len(), 3);
///         assert_eq!(title, "the moves given");
///     }
///     Loaded::Position(..) => panic!("a move list is a game"),
/// }
/// assert!(load_input("h8 h8 zz", 1, None, None).is_err());
/// ```
pub fn load_input(
    input: &str,
    record: usize,
    format: Option<Format>,
    orientation: Option<Orientation>,
) -> Result<Loaded, String> {
    let path = Path::new(input);
    if path.is_file() {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {input}: {e}"))?;
        let text = String::from_utf8_lossy(&bytes);
        if format.is_none() && (text.starts_with("title:") || text.contains("\nboard:")) {
            let entry = renju_diagrams::atlas::AtlasEntry::parse(&text, input)
                .map_err(|e| e.to_string())?;
            return Ok(Loaded::Position(
                entry.diagram.clone(),
                format!("{}: {}", entry.name, entry.title),
            ));
        }
        // A plain text diagram (any extension) is a position.
        if format.is_none()
            && let Ok(d) = Diagram::parse_with(&text, orientation)
        {
            return Ok(Loaded::Position(d, input.to_string()));
        }
        if let Some(format) = format.or_else(|| detect(input, &bytes[..bytes.len().min(4096)])) {
            let orientation = orientation.unwrap_or(format.default_orientation());
            let index = record.max(1);
            let game = read_all(format, &bytes, input, orientation)
                .nth(index - 1)
                .ok_or_else(|| format!("{input}: there is no record {index}"))?
                .map_err(|e| e.to_string())?;
            return Ok(Loaded::Game(game, format!("{input} record {index}")));
        }
        let d = Diagram::parse_with(&text, orientation)
            .map_err(|e| format!("{input}: not a record and not a diagram: {e}"))?;
        return Ok(Loaded::Position(d, input.to_string()));
    }
    let compact: String = input.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.len() == 225 && compact.chars().all(|c| ".xXoO".contains(c)) {
        let board = crate::fouls::parse_position(input)?;
        return Ok(Loaded::Position(
            Diagram::new(board),
            "the position given".to_string(),
        ));
    }
    let mut game = GameRecord::new(15);
    game.moves = renju_notation::moves::parse_moves(input, 15, Orientation::RowOneAtBottom)
        .map_err(|e| format!("the moves given: {e}"))?;
    Ok(Loaded::Game(game, "the moves given".to_string()))
}

/// Reads the input into a diagram (stones numbered when it is a game) and says what it is.
///
/// # Errors
/// A sentence naming the file and what could not be read.
pub fn load(args: &Args) -> Result<(Diagram, String), String> {
    match load_input(&args.input, args.record, args.format, args.orientation)? {
        Loaded::Position(d, title) => Ok((d, title)),
        Loaded::Game(record, what) => game(&record, args, &what),
    }
}

fn game(record: &GameRecord, args: &Args, what: &str) -> Result<(Diagram, String), String> {
    let mut r = record.clone();
    if let Some(n) = args.moves {
        r.moves.truncate(n);
    }
    let d = Diagram::from_record(&r).map_err(|e| format!("{what}: {e}"))?;
    let n = r.moves.len();
    Ok((
        d,
        format!("{what}, after {n} move{}", if n == 1 { "" } else { "s" }),
    ))
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

/// Draws the diagram with the forbidden points marked: the text for the terminal, and the
/// marked diagram and legend for an SVG.
#[must_use]
pub fn draw(mut diagram: Diagram, title: &str, args: &Args) -> Drawn {
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
    let fouls = if args.rules.has_fouls() {
        diagram.mark_fouls(args.convention)
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
    if white > 0 || black == 0 {
        let to_move = if black > white {
            Color::White
        } else {
            Color::Black
        };
        let _ = writeln!(out, "{} to move (by stone count)", capital(to_move.name()));
    }
    let mut legend = Vec::new();
    if diagram.numbers().is_empty() {
        if board.stone_count() > 0 {
            legend.push("Stones without numbers: a position, not a game.".to_string());
        }
    } else {
        legend.push("Numbers on the stones: the order of the moves.".to_string());
    }
    if !args.rules.has_fouls() {
        let _ = writeln!(out, "rules {}: no forbidden points", args.rules);
        legend.push(format!("Rules {}: no forbidden points.", args.rules));
    } else if fouls.is_empty() {
        let _ = writeln!(
            out,
            "no forbidden point for Black ({} convention)",
            args.convention
        );
        legend.push(format!(
            "No forbidden point for Black ({} convention).",
            args.convention
        ));
    } else {
        let mark = if args.ascii { "#" } else { "×" };
        let _ = writeln!(
            out,
            "{mark} forbidden for Black ({} convention):",
            args.convention
        );
        for (p, f) in &fouls {
            let _ = writeln!(out, "  {p} {f}");
        }
        let list: Vec<String> = fouls.iter().map(|(p, f)| format!("{p} {f}")).collect();
        let ringed = letters
            .iter()
            .any(|(p, _)| fouls.iter().any(|(q, _)| q == p));
        legend.push(format!(
            "{}: forbidden for Black ({} convention): {}.",
            if ringed {
                "× or a red ring round a letter"
            } else {
                "×"
            },
            args.convention,
            list.join(", ")
        ));
        if args.explain {
            let checker = FoulChecker::new(&board);
            for (p, _) in &fouls {
                for l in checker.explain(*p, args.convention).to_tree().lines() {
                    let _ = writeln!(out, "    {l}");
                }
            }
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

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Runs the command: returns the text to print; writes the SVG when asked.
///
/// # Errors
/// Unreadable input or an SVG that cannot be written.
///
/// ```
/// use corpus_tool::show::{Args, run};
/// let args = Args { input: "h8 a1 i8 a2 k10 a3 k11".into(), ..Args::default() };
/// let text = run(&args, None).unwrap();
/// assert!(text.contains("k8 double-three"));
/// ```
pub fn run(args: &Args, svg: Option<&Path>) -> Result<String, String> {
    let (diagram, title) = load(args)?;
    let drawn = draw(diagram, &title, args);
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
        crate::output::AtomicFile::write(path, render_svg(&drawn.diagram, &options).as_bytes())
            .map_err(|e| e.to_string())?;
        let _ = writeln!(text, "SVG written to {}", path.display());
    }
    Ok(text)
}
