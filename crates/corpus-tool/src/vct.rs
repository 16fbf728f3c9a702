//! `corpus-tool vct`: VCT (victory by continuous threats: fours and threes) of positions, one
//! position a line (the inputs of [`crate::line_input`], read as `vcf` reads them), solved by
//! `renju-vct`; `--proof` writes each proof tree as JSON for a third party to check.

use crate::args::{SettingsArgs, parse_index};
use crate::error::{Error, Status};
use crate::line_input::{self, Answered, Asked, Input, Label};
use crate::output::AtomicFile;
use crate::win_diagram::{self, WinLine};
use renju_core::{Board, Color};
use renju_vct::{Answer, Limits, LimitsError, Line, LineEnd, Proof, Solver};
use std::io::Write;
use std::path::PathBuf;

/// `corpus-tool vct`: the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = concat!("\
Input, as `vcf` reads it: one position a line (a move list in any spelling, or a board of
225 characters), a whole input that is one diagram, or a record file (the final position of
every record, or of --record N). The attacker is the side to move: a record's next player,
else by the stone counts (Black when equal, White when Black has more), unless --side is
given.

A VCT: every attacker move is a four or a threat (a move after which, if the defender
passed, a VCF of at most --threat-depth fours would win), whatever the defender does, within
--max-depth attacker moves (every attacker move counts, the five does not). Black never
plays a forbidden point; a White four whose block is forbidden for Black wins.

Output, one line per position: the principal line's moves separated by single spaces
(attacker and defender alternating, attacker first, ending with the winning move, without
the five); an empty line when there is no VCT within the limits; 'unknown' when the node or
time budget ran out before the search could tell (never printed as no VCT; a note on
stderr); 'error: line N: <reason>' (or 'record N') for a position that cannot be read or
whose game is already over. --proof FILE.json writes a JSON array, one entry per position in
input order: the whole proof tree of a VCT (format renju-vct-proof, docs/vct.md), null
otherwise.

", crate::exit_status!(), "

Examples:
  echo 'a1 f8 a3 g8 o1 h10 o3 h11 o15' | corpus-tool vct
  corpus-tool vct --max-depth 7 --explain --proof proofs.json positions.txt"))]
pub struct Command {
    /// The attacker: black or white (default: the side to move).
    #[arg(long, value_parser = crate::vcf::parse_side)]
    pub side: Option<Color>,
    /// The most attacker moves (0 to 60): threats, fours, forced blocks and the winning move
    /// all count, the final five does not.
    #[arg(long, value_name = "N", default_value_t = renju_vct::DEFAULT_MAX_DEPTH)]
    pub max_depth: u32,
    /// What a threat is (0 to 20): a move after which, if the defender passed, a VCF of at
    /// most T fours would win (1: one more four wins; 0: fours only, a VCF).
    #[arg(long, value_name = "T", default_value_t = renju_vct::DEFAULT_THREAT_DEPTH)]
    pub threat_depth: u32,
    /// The most search nodes per position before the answer is `unknown`.
    #[arg(long, value_name = "N", default_value_t = renju_vct::DEFAULT_MAX_NODES)]
    pub max_nodes: u64,
    /// The most milliseconds per position before the answer is `unknown` (default: none).
    #[arg(long, value_name = "MS")]
    pub max_ms: Option<u64>,
    /// How games are judged and records read.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Draw each line found as a numbered diagram under its result line.
    #[arg(long)]
    pub explain: bool,
    /// Write every proof tree to this JSON file (`-`: standard output, after the lines).
    #[arg(long, value_name = "FILE.json")]
    pub proof: Option<PathBuf>,
    /// Answer only this position: record N of a record file, line N of a line input.
    #[arg(long, value_name = "N", value_parser = parse_index)]
    pub record: Option<usize>,
    /// Input file (standard input when absent or `-`).
    pub input: Option<PathBuf>,
}

/// The option a [`LimitsError`] is about, with its reason: a bad argument (exit status 2).
fn limits_error(e: LimitsError) -> Error {
    let option = match e {
        LimitsError::MaxDepth(_) => "--max-depth",
        LimitsError::ThreatDepth(_) => "--threat-depth",
        _ => "--max-nodes",
    };
    Error::Argument {
        option,
        reason: e.to_string(),
    }
}

/// Runs `corpus-tool vct` as its command line asks: standard output, notes on stderr, the
/// proofs to `--proof`.
///
/// # Errors
/// As [`run`]; a limit out of range ([`Error::Argument`]).
pub fn main(cmd: &Command) -> Result<Status, Error> {
    let limits = Limits::default()
        .with_max_depth(cmd.max_depth)
        .with_threat_depth(cmd.threat_depth)
        .with_max_nodes(cmd.max_nodes)
        .with_max_ms(cmd.max_ms);
    limits.check().map_err(limits_error)?;
    let options = Options {
        input: cmd.settings.line_options(cmd.record),
        side: cmd.side,
        limits,
        explain: cmd.explain,
        proofs: cmd.proof.is_some(),
    };
    // Opened before the search, so that a path that cannot be written fails at once.
    let mut proof_file = match &cmd.proof {
        Some(p) => Some(AtomicFile::create(p).map_err(Error::Output)?),
        None => None,
    };
    let stdout = std::io::stdout();
    let out = std::io::BufWriter::new(stdout.lock());
    let (status, proofs) = run(
        Input::of(cmd.input.as_deref())?,
        out,
        std::io::stderr(),
        &options,
    )?;
    if let Some(mut f) = proof_file.take() {
        write_proofs(&mut f, &proofs).map_err(|source| Error::Write {
            path: f.target().display().to_string(),
            source,
        })?;
        f.commit().map_err(Error::Output)?;
    }
    Ok(status)
}

/// The proofs as the `--proof` file holds them: a JSON array, one entry per position in input
/// order (the proof, or `null`), one entry a line.
fn write_proofs(out: &mut impl Write, proofs: &[Option<Proof>]) -> std::io::Result<()> {
    out.write_all(b"[")?;
    for (i, p) in proofs.iter().enumerate() {
        out.write_all(if i == 0 { b"\n" } else { b",\n" })?;
        serde_json::to_writer(&mut *out, p)?;
    }
    out.write_all(if proofs.is_empty() { b"]\n" } else { b"\n]\n" })
}

/// The options of the command.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// How the input is read; the rule set and the foul convention for Black's moves.
    pub input: line_input::Options,
    /// The attacker; `None`: the side to move (a record's next player, else by the stone
    /// counts: Black when equal).
    pub side: Option<Color>,
    /// Depth, threat depth, node and time budgets (checked: [`Limits::check`]).
    pub limits: Limits,
    /// Draw each line found as a numbered diagram.
    pub explain: bool,
    /// Build the proof tree of every VCT found ([`run`] returns them).
    pub proofs: bool,
}

/// The line drawn on the position: the line's stones numbered 1, 2, ... in order, as text
/// (ASCII or the Unicode style of the seeds), with a caption saying who wins and how.
///
/// ```
/// use corpus_tool::position::board_of_line;
/// use corpus_tool::vct::line_diagram;
/// use renju_core::{Color, RuleSet};
/// // White f8 g8 and h10 h11: h8 makes two threes at once.
/// let board = board_of_line(b"a1 f8 a3 g8 o1 h10 o3 h11 o15", &mut Vec::new()).unwrap();
/// let answer = renju_vct::solve(&board, Color::White, RuleSet::Renju);
/// let text = line_diagram(&board, answer.line().unwrap(), true);
/// assert!(text.starts_with("White wins by VCT in 2 moves, ending with a move that leaves two five points ("));
/// assert!(text.contains("O1") && text.contains("X2") && text.contains("O3"));
/// ```
#[must_use]
pub fn line_diagram(board: &Board, line: &Line, ascii: bool) -> String {
    let how = match line.end() {
        LineEnd::Five(p) => format!("the five at {p}"),
        LineEnd::TwoFives(a, b) => {
            format!("a move that leaves two five points ({a} and {b})")
        }
        LineEnd::ForbiddenBlock(p) => {
            format!("a four whose only block ({p}) is forbidden for Black")
        }
        _ => "a winning move".to_string(),
    };
    let drawn = WinLine {
        attacker: line.attacker(),
        moves: line.moves(),
        attacker_moves: line.attacker_moves(),
        kind: "VCT",
        how: &how,
    };
    win_diagram::draw(board, drawn, ascii)
}

/// Runs the command over `input`, writing one line per position to `out` (and, with
/// `explain`, the diagram indented under it); notes about budgets that ran out go to `notes`.
/// [`Status::Findings`] when a position could not be answered (an `error:` line). With
/// [`Options::proofs`], the proofs, one entry per position in input order (`None` where there
/// is no VCT, the answer is not known, or the line is an error); otherwise an empty list.
///
/// # Errors
/// The input cannot be read or the output written; a record file holding no record, or not
/// record `--record N`; limits out of range ([`Error::Argument`]).
///
/// ```
/// use corpus_tool::error::Status;
/// use corpus_tool::line_input::Input;
/// use corpus_tool::vct::{Options, run};
/// let mut out = Vec::new();
/// // White to move: h8 makes two threes (f8 g8 h8, h8 . h10 h11); the second line repeats a
/// // point; the third is an empty board.
/// let input = "a1 f8 a3 g8 o1 h10 o3 h11 o15\nh8 h8\n\n";
/// let (status, _) = run(Input::reader("lines", input.as_bytes()), &mut out, &mut Vec::new(),
///     &Options::default()).unwrap();
/// assert_eq!(status, Status::Findings);
/// let text = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines.len(), 3);
/// assert!(lines[0].starts_with("h8 ")); // the threat, a reply, the winning move
/// assert_eq!(lines[0].split(' ').count(), 3);
/// assert!(lines[1].starts_with("error: line 2: move 2 'h8'"));
/// assert_eq!(lines[2], "");
/// ```
pub fn run(
    input: Input<'_>,
    mut out: impl Write,
    mut notes: impl Write,
    options: &Options,
) -> Result<(Status, Vec<Option<Proof>>), Error> {
    options.limits.check().map_err(limits_error)?;
    let mut solver: Option<Solver> = None;
    let mut proofs = Vec::new();
    let settings = options.input.settings;
    let mut answer = |n: usize, _: Label, asked: Asked<'_>| -> std::io::Result<Answered> {
        let board = asked.board;
        let s = match &mut solver {
            Some(s) => {
                s.set_board(board);
                s
            }
            None => {
                let new = Solver::with_options(
                    board,
                    settings.rules,
                    settings.convention,
                    options.limits,
                )
                .map_err(std::io::Error::other)?;
                solver.insert(new)
            }
        };
        let side = options.side.unwrap_or_else(|| asked.side_to_move());
        let mut answered = Answered::default();
        let mut proof = None;
        let answer = match s.solve(side) {
            Answer::Win(line) if options.proofs => match s.prove(side) {
                Ok(p) => {
                    let line = p.line().clone();
                    proof = Some(p);
                    Answer::Win(line)
                }
                Err(e) => {
                    answered
                        .notes
                        .push(format!("no proof tree written ({e} while building it)"));
                    Answer::Win(line)
                }
            },
            a => a,
        };
        if options.proofs {
            // the positions before this one that got no answer have no proof
            proofs.resize_with(n, || None);
            proofs.push(proof);
        }
        match answer {
            Answer::Win(l) => {
                answered.line = l.to_string();
                answered.diagram = options.explain.then(|| line_diagram(board, &l, false));
            }
            Answer::NoWin => {}
            Answer::Unknown(e) => {
                answered.line = "unknown".to_string();
                answered.notes.push(format!(
                    "{e} before the search could tell (printed as unknown)"
                ));
            }
        }
        Ok(answered)
    };
    let ran = line_input::run_lines(
        "vct",
        input,
        &options.input,
        &mut out,
        &mut notes,
        &mut answer,
    )?;
    if options.proofs {
        proofs.resize_with(ran.positions, || None);
    }
    Ok((ran.status, proofs))
}
