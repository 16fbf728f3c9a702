//! `corpus-tool explain`: one game as the analyzer sees it — the audit with every finding,
//! the final board, and a note per move (shapes made, threats left, fouls with their
//! explanation trees); with `--missed-wins`, every VCF the players left on the board, drawn.
//!
//! The game is read as `validate` reads it ([`crate::load`]): a record `validate` flags
//! `illegal` (an off-board, occupied or unreadable move) is explained up to that move, and
//! the move is shown with what is wrong there.

use crate::args::{SettingsArgs, parse_index};
use crate::error::{Error, Status};
use crate::load::{self, Game, Loaded};
use crate::position;
use renju_analyzer::missed::{GameScan, MissedWin, ScanLimits, WinLine, scan_game_with};
use renju_analyzer::{GameVerdict, Illegal, Settings, annotate};
use renju_core::{Board, Color};
use renju_diagrams::diagram::Diagram;
use std::fmt::Write as _;

/// `corpus-tool explain`: the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = concat!("\
Prints what the auditor concludes about one game (end, consistency of the declared result,
every finding, opening), the board with move numbers, then one line per move: the shapes
it made (five, straight four, four, open three), the opponent threats it ignored, and for a
Black foul the explanation tree an arbiter can show the player. With --missed-wins, every
VCF the side to move had and did not play (missed-vcf), or had on the final board of a game
declared lost (lost-with-vcf), is listed and drawn on its position; with --missed-wins=vct
also every VCT where there was no VCF (missed-vct, lost-with-vct).

INPUT is read as `show` reads it (a record file with --record, '-', a move list); a game
`validate` flags illegal is explained up to the bad move, which is shown with what is wrong.
The exit status is 1 when the verdict is not ok or a missed win is found.

", crate::exit_status!(), "

Examples:
  corpus-tool explain --record 15075 archive.renju
  corpus-tool explain --missed-wins --record 3 archive.renju
  corpus-tool explain --missed-wins=vct --max-depth 5 --record 3 archive.renju
  corpus-tool explain 'h8 h9 i8 i9 j8 j9 k8 k9 l8'"))]
pub struct Command {
    /// Which record of a file (1-based; default 1).
    #[arg(long, value_name = "N", value_parser = parse_index)]
    pub record: Option<usize>,
    /// How games are judged and records read.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Plain ASCII boards instead of Unicode.
    #[arg(long)]
    pub ascii: bool,
    /// Missed wins, as `validate --missed-wins[=vct]` looks for them, each line drawn.
    #[command(flatten)]
    pub missed: crate::validate::missed_args::MissedWinsArgs,
    /// A record file, `-`, or a move list.
    pub input: String,
}

/// Runs `corpus-tool explain` as its command line asks, printing to standard output.
///
/// # Errors
/// As [`run`].
pub fn main(cmd: &Command) -> Result<Status, Error> {
    let missed_wins = cmd
        .missed
        .limits()
        .map_err(|(option, reason)| Error::Argument { option, reason })?;
    let args = Args {
        input: cmd.input.clone(),
        load: cmd.settings.load_options(cmd.record),
        settings: cmd.settings.settings(),
        ascii: cmd.ascii,
        missed_wins,
    };
    let explained = run(&args)?;
    crate::print(&explained.text)?;
    Ok(explained.status)
}

/// What to explain and how.
#[derive(Debug, Clone, Default)]
pub struct Args {
    /// A record file, `-`, or a move list.
    pub input: String,
    /// Which record, and how a record file is read.
    pub load: load::Options,
    /// Rule set, foul convention and claim policy.
    pub settings: Settings,
    /// Plain ASCII boards.
    pub ascii: bool,
    /// Also look for missed wins (`missed-vcf`, `lost-with-vcf`; with a VCT pass
    /// `missed-vct`, `lost-with-vct`) with these limits.
    pub missed_wins: Option<ScanLimits>,
}

/// What a run printed, and how it came out.
#[derive(Debug, Clone)]
pub struct Explained {
    /// The text to print.
    pub text: String,
    /// [`Status::Findings`] when the verdict is not `ok` or a missed win was found.
    pub status: Status,
}

/// Explains the game of `args.input`.
///
/// # Errors
/// Unreadable input, or a position with no moves (nothing to replay).
///
/// ```
/// use corpus_tool::explain::{Args, run};
/// let args = |input: &str| Args { input: input.into(), ascii: true, ..Args::default() };
/// let text = run(&args("h8 h9 i8 i9 j8 j9 k8 k9 l8")).unwrap().text;
/// assert!(text.contains("end: black-five at move 9"));
/// assert!(text.contains("9. black l8: five (horizontal)"));
/// // An illegal move is shown where the replay stops, with the moves it leaves unplayed.
/// let text = run(&args("h8 h9 i8 h8 j8")).unwrap().text;
/// assert!(text.contains(
///     "4. white h8: illegal: move 4 (h8) is on a point already holding black; the replay stops here"
/// ), "{text}");
/// assert!(text.contains("(1 later move not replayed: j8)"), "{text}");
/// ```
pub fn run(args: &Args) -> Result<Explained, Error> {
    let game = match load::load(&args.input, &args.load)? {
        Loaded::Game(game) => game,
        Loaded::Position { title, .. } => return Err(Error::NotAGame { what: title }),
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}", game.title);
    if let Err(e) = position::check_size(game.record.board_size, args.settings.rules) {
        // Said as `show` says it; the board is drawn, not judged.
        let _ = writeln!(out, "{e}");
        if let Ok(d) = Diagram::from_record(&game.record) {
            out.push('\n');
            out.push_str(&board_text(&d, args.ascii));
        }
        return Ok(Explained {
            text: out,
            status: Status::Findings,
        });
    }
    let a = game.audit(&args.settings);
    let scan = match args.missed_wins {
        Some(limits) => scan_game_with(&game.record, &a, &limits),
        None => GameScan::default(),
    };
    // the missed wins with the audit's findings, before its verdict line (which they leave
    // as it is, as in `validate`'s report)
    let audit_text = a.to_string();
    let (head, verdict) = audit_text
        .rsplit_once('\n')
        .unwrap_or(("", audit_text.as_str()));
    if !head.is_empty() {
        let _ = writeln!(out, "{head}");
    }
    for m in &scan.missed {
        let _ = writeln!(out, "finding: {}", missed_sentence(m));
    }
    for u in &scan.unsettled {
        let _ = writeln!(out, "note: {u}");
    }
    let _ = writeln!(out, "{verdict}");
    let replayable = a
        .illegal
        .as_ref()
        .map_or(game.record.moves.len(), |i| i.number.saturating_sub(1));
    let mut shown = game.record.clone();
    shown.moves.truncate(replayable);
    if let Ok(d) = Diagram::from_record(&shown) {
        out.push('\n');
        out.push_str(&board_text(&d, args.ascii));
    }
    out.push('\n');
    for note in annotate(&game.record, &args.settings) {
        for (i, line) in note.to_string().lines().enumerate() {
            let pad = if i == 0 { "" } else { "    " };
            let _ = writeln!(out, "{pad}{line}");
        }
        for m in &scan.missed {
            if m.move_number() == Some(note.number) {
                let _ = writeln!(out, "    {}: {m}", m.kind());
            }
        }
    }
    if let Some(illegal) = &a.illegal {
        out.push_str(&illegal_lines(&game, illegal));
    }
    out.push_str(&missed_diagrams(&game, &scan.missed, args.ascii));
    let clean = a.verdict() == GameVerdict::Ok && scan.missed.is_empty();
    Ok(Explained {
        text: out,
        status: Status::clean_if(clean),
    })
}

fn board_text(d: &Diagram, ascii: bool) -> String {
    if ascii { d.to_ascii() } else { d.to_unicode() }
}

/// A missed win as a finding line: `missed-vcf at move 7: black had a VCF in 2 (...)`.
fn missed_sentence(m: &MissedWin) -> String {
    match m.move_number() {
        Some(n) => format!("{} at move {n}: {m}", m.kind()),
        None => format!("{} on the final board: {m}", m.kind()),
    }
}

/// Each missed win's VCF or VCT line drawn on its position, the line's moves numbered from 1.
fn missed_diagrams(game: &Game, missed: &[MissedWin], ascii: bool) -> String {
    let mut out = String::new();
    for m in missed {
        let before = m
            .move_number()
            .map_or(game.record.moves.len(), |n| n.saturating_sub(1));
        let Some(board) = board_after(game, before) else {
            continue;
        };
        let where_ = match m.move_number() {
            Some(n) => format!("before move {n}"),
            None => "on the final board".to_string(),
        };
        let _ = writeln!(out, "\n{} {where_}:", m.kind());
        out.push_str(&match m.line() {
            WinLine::Vcf(l) => crate::vcf::line_diagram(&board, l, ascii),
            WinLine::Vct(l) => crate::vct::line_diagram(&board, l, ascii),
            _ => String::new(),
        });
    }
    out
}

/// The board after the first `moves` moves of the game (set-up stones included).
fn board_after(game: &Game, moves: usize) -> Option<Board> {
    let mut r = game.record.clone();
    r.moves.truncate(moves);
    Diagram::from_record(&r).ok().map(|d| d.board().clone())
}

/// The offending move of a replay that stopped, as a line of the move list, and the moves
/// left unplayed after it.
fn illegal_lines(game: &Game, illegal: &Illegal) -> String {
    let n = illegal.number;
    if n == 0 {
        return format!("not replayed: {illegal}\n");
    }
    let moves = &game.record.moves;
    let played = match (moves.get(n - 1), &game.unreadable) {
        (Some(m), _) => m.to_string(),
        (None, Some(u)) if u.number == n => u.text.clone(),
        _ => "?".to_string(),
    };
    let mut out = format!(
        "{n}. {} {played}: illegal: {illegal}; the replay stops here\n",
        Color::of_move_number(n)
    );
    let rest = moves.get(n..).unwrap_or_default();
    if !rest.is_empty() {
        let list: Vec<String> = rest.iter().take(10).map(ToString::to_string).collect();
        let more = if rest.len() > 10 { " ..." } else { "" };
        let s = if rest.len() == 1 { "" } else { "s" };
        let _ = writeln!(
            out,
            "   ({} later move{s} not replayed: {}{more})",
            rest.len(),
            list.join(" ")
        );
    } else if game.unreadable.is_some() {
        let _ = writeln!(
            out,
            "   (the record's reader stopped at this move: later moves are not read)"
        );
    }
    out
}
