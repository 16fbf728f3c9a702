//! `corpus-tool vcf`: VCF (victory by continuous fours) of positions, one position a line
//! (the inputs of [`crate::line_input`]: one position a line, one diagram, or a record file).

use crate::args::{SettingsArgs, parse_index};
use crate::error::{Error, Status};
use crate::line_input::{self, Answered, Asked, Input, Label};
use crate::win_diagram::{self, WinLine};
use renju_core::{Board, Color};
use renju_vcf::{Answer, Limits, Line, LineEnd, Solver};
use std::io::Write;
use std::path::PathBuf;

/// `corpus-tool vcf`: the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = concat!("\
Input, as `fouls` reads it: one position a line (a move list in any spelling, or a board of
225 characters), a whole input that is one diagram, or a record file (the final position of
every record, or of --record N). The attacker is the side to move: a record's next player,
else by the stone counts (Black when equal, White when Black has more), unless --side is
given.

Output, one line per position: the VCF line's moves separated by single spaces (attacker
and defender alternating, ending with the attacker's five, or with a White four whose every
block is forbidden for Black); an empty line when there is no VCF within the limits;
'error: line N: <reason>' (or 'record N') for a position that cannot be read or whose game
is already over.

", crate::exit_status!(), "

Examples:
  echo 'h8 a1 i8 a2 j8 a3' | corpus-tool vcf
  corpus-tool vcf --side white --max-depth 30 --explain positions.txt"))]
pub struct Command {
    /// The attacker: black or white (default: the side to move).
    #[arg(long, value_parser = parse_side)]
    pub side: Option<Color>,
    /// The most fours the attacker may play, the final five not counted (a White four
    /// whose every block is forbidden for Black counts: it is a four).
    #[arg(long, value_name = "N", default_value_t = renju_vcf::DEFAULT_MAX_DEPTH)]
    pub max_depth: u32,
    /// The most search nodes per position (a position that needs more prints as no VCF,
    /// with a note on stderr).
    #[arg(long, value_name = "N", default_value_t = renju_vcf::DEFAULT_MAX_NODES)]
    pub max_nodes: u64,
    /// How games are judged and records read.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Draw each line found as a numbered diagram under its result line.
    #[arg(long)]
    pub explain: bool,
    /// Answer only this position: record N of a record file, line N of a line input.
    #[arg(long, value_name = "N", value_parser = parse_index)]
    pub record: Option<usize>,
    /// Input file (standard input when absent or `-`).
    pub input: Option<PathBuf>,
}

/// Reads `--side`: `black` (`b`, `x`) or `white` (`w`, `o`).
///
/// # Errors
/// Any other word.
///
/// ```
/// use corpus_tool::vcf::parse_side;
/// assert_eq!(parse_side("White"), Ok(renju_core::Color::White));
/// assert!(parse_side("red").is_err());
/// ```
pub fn parse_side(s: &str) -> Result<Color, renju_core::UnknownNameError> {
    match s.to_ascii_lowercase().as_str() {
        "black" | "b" | "x" => Ok(Color::Black),
        "white" | "w" | "o" => Ok(Color::White),
        _ => Err(renju_core::UnknownNameError::new(
            "side",
            s,
            &["black", "white"],
        )),
    }
}

/// Runs `corpus-tool vcf` as its command line asks: standard output, notes on stderr.
///
/// # Errors
/// As [`run`].
pub fn main(cmd: &Command) -> Result<Status, Error> {
    let options = Options {
        input: cmd.settings.line_options(cmd.record),
        side: cmd.side,
        limits: Limits {
            max_depth: cmd.max_depth,
            max_nodes: cmd.max_nodes,
        },
        explain: cmd.explain,
    };
    let stdout = std::io::stdout();
    let out = std::io::BufWriter::new(stdout.lock());
    run(
        Input::of(cmd.input.as_deref())?,
        out,
        std::io::stderr(),
        &options,
    )
}

/// The options of the command.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// How the input is read; the rule set and the foul convention for Black's moves and
    /// blocks.
    pub input: line_input::Options,
    /// The attacker; `None`: the side to move (a record's next player, else by the stone
    /// counts: Black when equal).
    pub side: Option<Color>,
    /// Depth (the fours, the final five not counted) and node budget.
    pub limits: Limits,
    /// Draw each line found as a numbered diagram.
    pub explain: bool,
}

/// The line drawn on the position: the line's stones numbered 1, 2, ... in order, as text
/// (ASCII or the Unicode style of the seeds), with a caption saying who wins and how.
///
/// ```
/// use corpus_tool::position::board_of_line;
/// use corpus_tool::vcf::line_diagram;
/// use renju_core::{Color, RuleSet};
/// // Black's h8 i8 j8: k8 (or g8) is an open four, then the five.
/// let board = board_of_line(b"h8 a1 i8 a2 j8 a3", &mut Vec::new()).unwrap();
/// let answer = renju_vcf::solve(&board, Color::Black, RuleSet::Renju);
/// let text = line_diagram(&board, answer.line().unwrap(), true);
/// assert!(text.starts_with("Black wins by VCF in 2 moves, ending with the five at "));
/// assert!(text.contains("X1") && text.contains("O2") && text.contains("X3"));
/// ```
#[must_use]
pub fn line_diagram(board: &Board, line: &Line, ascii: bool) -> String {
    let how = match line.end() {
        LineEnd::Five => format!("the five at {}", line.moves()[line.moves().len() - 1]),
        LineEnd::ForbiddenBlocks => "a four every block of which is forbidden for Black".into(),
    };
    let drawn = WinLine {
        attacker: line.attacker(),
        moves: line.moves(),
        attacker_moves: line.attacker_moves(),
        kind: "VCF",
        how: &how,
    };
    win_diagram::draw(board, drawn, ascii)
}

/// Runs the command over `input`, writing one line per position to `out` (and, with
/// `explain`, the diagram indented under it); notes about exhausted node budgets go to
/// `notes`. [`Status::Findings`] when a position could not be answered.
///
/// # Errors
/// The input cannot be read or the output written; a record file holding no record, or not
/// record `--record N`.
///
/// ```
/// use corpus_tool::error::Status;
/// use corpus_tool::line_input::Input;
/// use corpus_tool::vcf::{Options, run};
/// let mut out = Vec::new();
/// let input = "h8 a1 i8 a2 j8 a3\nh8 h8\nh8\n";
/// let status = run(Input::reader("lines", input.as_bytes()), &mut out, &mut Vec::new(),
///     &Options::default()).unwrap();
/// assert_eq!(status, Status::Findings);
/// let text = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines.len(), 3);
/// assert_eq!(lines[0].split(' ').count(), 3); // an open four, a block, the five
/// assert!(lines[1].starts_with("error: line 2: move 2 'h8'"));
/// assert_eq!(lines[2], "");
/// ```
pub fn run(
    input: Input<'_>,
    mut out: impl Write,
    mut notes: impl Write,
    options: &Options,
) -> Result<Status, Error> {
    let mut solver: Option<Solver> = None;
    let settings = options.input.settings;
    let mut answer = |_: usize, _: Label, asked: Asked<'_>| -> std::io::Result<Answered> {
        let board = asked.board;
        let s = match &mut solver {
            Some(s) => {
                s.set_board(board);
                s
            }
            None => solver.insert(Solver::with_options(
                board,
                settings.rules,
                settings.convention,
                options.limits,
            )),
        };
        let side = options.side.unwrap_or_else(|| asked.side_to_move());
        Ok(match s.solve(side) {
            Answer::Found(l) => Answered {
                line: l.to_string(),
                diagram: options.explain.then(|| line_diagram(board, &l, false)),
                notes: Vec::new(),
            },
            Answer::NotFound => Answered::default(),
            Answer::OutOfNodes => Answered {
                notes: vec![format!(
                    "the node budget of {} ran out before the search could tell (printed as no VCF)",
                    options.limits.max_nodes
                )],
                ..Answered::default()
            },
        })
    };
    let ran = line_input::run_lines(
        "vcf",
        input,
        &options.input,
        &mut out,
        &mut notes,
        &mut answer,
    )?;
    Ok(ran.status)
}
