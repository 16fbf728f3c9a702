//! `corpus-tool vcf`: VCF (victory by continuous fours) of positions, one position a line.

use crate::fouls::parse_position;
use renju_core::{Board, Color, Convention, RuleSet};
use renju_diagrams::diagram::Diagram;
use renju_vcf::{Answer, Limits, Line, LineEnd, Solver};
use std::io::{BufRead, Write};

/// The options of the command.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The attacker; `None`: the side to move by the stone counts (Black when equal).
    pub side: Option<Color>,
    /// The rule set.
    pub rules: RuleSet,
    /// The foul convention for Black's moves and blocks.
    pub convention: Convention,
    /// Depth (the fours, the final five not counted) and node budget.
    pub limits: Limits,
    /// Draw each line found as a numbered diagram.
    pub explain: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            side: None,
            rules: RuleSet::Renju,
            convention: Convention::Lenient,
            limits: Limits::default(),
            explain: false,
        }
    }
}

/// The side to move by the stone counts: White when Black has more stones, else Black.
///
/// ```
/// use corpus_tool::fouls::parse_position;
/// use corpus_tool::vcf::side_to_move;
/// use renju_core::Color;
/// assert_eq!(side_to_move(&parse_position("h8 h9").unwrap()), Color::Black);
/// assert_eq!(side_to_move(&parse_position("h8").unwrap()), Color::White);
/// ```
#[must_use]
pub fn side_to_move(board: &Board) -> Color {
    if board.count(Color::Black) > board.count(Color::White) {
        Color::White
    } else {
        Color::Black
    }
}

/// The line drawn on the position: the line's stones numbered 1, 2, ... in order, as text
/// (ASCII or the Unicode style of the seeds), with a caption saying who wins and how.
///
/// ```
/// use corpus_tool::fouls::parse_position;
/// use corpus_tool::vcf::line_diagram;
/// use renju_core::{Color, RuleSet};
/// // Black's h8 i8 j8: k8 (or g8) is an open four, then the five.
/// let board = parse_position("h8 a1 i8 a2 j8 a3").unwrap();
/// let answer = renju_vcf::solve(&board, Color::Black, RuleSet::Renju);
/// let text = line_diagram(&board, answer.line().unwrap(), true);
/// assert!(text.starts_with("Black wins by VCF in 2 moves, ending with the five at "));
/// assert!(text.contains("X1") && text.contains("O2") && text.contains("X3"));
/// ```
#[must_use]
pub fn line_diagram(board: &Board, line: &Line, ascii: bool) -> String {
    let mut b = board.clone();
    let mut color = line.attacker();
    for &p in line.moves() {
        // A line replays on its own position: every point is empty when played.
        let _ = b.place(p, color);
        color = color.opponent();
    }
    let mut d = Diagram::new(b);
    for (i, &p) in line.moves().iter().enumerate() {
        let _ = d.set_number(p, i as u32 + 1);
    }
    let n = line.attacker_moves();
    let how = match line.end() {
        LineEnd::Five => format!("the five at {}", line.moves()[line.moves().len() - 1]),
        LineEnd::ForbiddenBlocks => "a four every block of which is forbidden for Black".into(),
    };
    let mut out = format!(
        "{} wins by VCF in {n} move{}, ending with {how}:\n",
        capital(line.attacker().name()),
        if n == 1 { "" } else { "s" }
    );
    out.push_str(&if ascii { d.to_ascii() } else { d.to_unicode() });
    out
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Runs the command over `input`, writing one line per input line to `out` (and, with
/// `explain`, the diagram indented under it); notes about exhausted node budgets go to
/// `notes`. Returns whether every line was read.
///
/// # Errors
/// Only I/O errors on reading or writing.
///
/// ```
/// use corpus_tool::vcf::{Options, run};
/// let mut out = Vec::new();
/// let input = "h8 a1 i8 a2 j8 a3\nh8 h8\nh8\n";
/// let ok = run(input.as_bytes(), &mut out, &mut Vec::new(), &Options::default()).unwrap();
/// assert!(!ok);
/// let text = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines.len(), 3);
/// assert_eq!(lines[0].split(' ').count(), 3); // an open four, a block, the five
/// assert!(lines[1].starts_with("error: move 2 'h8'"));
/// assert_eq!(lines[2], "");
/// ```
pub fn run(
    mut input: impl BufRead,
    mut out: impl Write,
    mut notes: impl Write,
    options: &Options,
) -> std::io::Result<bool> {
    let mut solver: Option<Solver> = None;
    let mut all_ok = true;
    let mut raw = Vec::new();
    let mut n = 0usize;
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        n += 1;
        if raw.last() == Some(&b'\n') {
            raw.pop();
            if raw.last() == Some(&b'\r') {
                raw.pop();
            }
        }
        let Ok(line) = std::str::from_utf8(&raw) else {
            all_ok = false;
            writeln!(out, "error: line {n} is not UTF-8 text")?;
            continue;
        };
        let board = match parse_position(line) {
            Ok(b) => b,
            Err(e) => {
                all_ok = false;
                writeln!(out, "error: {e}")?;
                continue;
            }
        };
        let s = match &mut solver {
            Some(s) => {
                s.set_board(&board);
                s
            }
            None => solver.insert(Solver::with_options(
                &board,
                options.rules,
                options.convention,
                options.limits,
            )),
        };
        let side = options.side.unwrap_or_else(|| side_to_move(&board));
        match s.solve(side) {
            Answer::Found(l) => {
                writeln!(out, "{l}")?;
                if options.explain {
                    for t in line_diagram(&board, &l, false).lines() {
                        writeln!(out, "    {t}")?;
                    }
                }
            }
            Answer::NotFound => writeln!(out)?,
            Answer::OutOfNodes => {
                writeln!(out)?;
                writeln!(
                    notes,
                    "corpus-tool vcf: line {n}: the node budget of {} ran out before the search could tell (printed as no VCF)",
                    options.limits.max_nodes
                )?;
            }
        }
    }
    Ok(all_ok)
}
