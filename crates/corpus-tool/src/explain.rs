//! `corpus-tool explain`: one game as the analyzer sees it — the audit, the final board, and a
//! note per move (shapes made, threats left, fouls with their explanation trees).

use crate::show::{Loaded, load_input};
use renju_analyzer::{Illegal, Settings, annotate, audit};
use renju_core::{Color, Move};
use renju_diagrams::diagram::Diagram;
use renju_notation::{Format, Orientation};
use std::fmt::Write as _;

/// Explains record `record` of `input` under `settings`.
///
/// # Errors
/// Unreadable input, or a position with no moves (nothing to replay).
///
/// ```
/// use renju_analyzer::Settings;
/// let text = corpus_tool::explain::run("h8 h9 i8 i9 j8 j9 k8 k9 l8", 1, None, None,
///     &Settings::default(), true).unwrap();
/// assert!(text.contains("end: black-five at move 9"));
/// assert!(text.contains("9. black l8: five (horizontal)"));
/// // An illegal move is shown where the replay stops, with the moves it leaves unplayed.
/// let text = corpus_tool::explain::run("h8 h9 i8 h8 j8", 1, None, None,
///     &Settings::default(), true).unwrap();
/// assert!(text.contains(
///     "4. white h8: illegal: move 4 (h8) is on a point already holding black; the replay stops here"
/// ), "{text}");
/// assert!(text.contains("(1 later move not replayed: j8)"), "{text}");
/// ```
pub fn run(
    input: &str,
    record: usize,
    format: Option<Format>,
    orientation: Option<Orientation>,
    settings: &Settings,
    ascii: bool,
) -> Result<String, String> {
    let (game, title) = match load_input(input, record, format, orientation)? {
        Loaded::Game(g, t) => (g, t),
        Loaded::Position(..) => {
            return Err(format!(
                "{input}: a position has no moves to explain (try `show`)"
            ));
        }
    };
    let a = audit(&game, settings);
    let mut out = String::new();
    let _ = writeln!(out, "{title}");
    let _ = writeln!(out, "{a}");
    let replayable = a
        .illegal
        .as_ref()
        .map_or(game.moves.len(), |i| i.number.saturating_sub(1));
    let mut shown = game.clone();
    shown.moves.truncate(replayable);
    if let Ok(d) = Diagram::from_record(&shown) {
        out.push('\n');
        out.push_str(&if ascii { d.to_ascii() } else { d.to_unicode() });
    }
    out.push('\n');
    for note in annotate(&game, settings) {
        for (i, line) in note.to_string().lines().enumerate() {
            let pad = if i == 0 { "" } else { "    " };
            let _ = writeln!(out, "{pad}{line}");
        }
    }
    if let Some(illegal) = &a.illegal {
        out.push_str(&illegal_lines(&game.moves, illegal));
    }
    Ok(out)
}

/// The offending move of a replay that stopped, as a line of the move list, and the moves
/// left unplayed after it.
fn illegal_lines(moves: &[Move], illegal: &Illegal) -> String {
    let n = illegal.number;
    if n == 0 {
        return format!("not replayed: {illegal}\n");
    }
    let played = moves
        .get(n - 1)
        .map_or_else(|| "?".to_string(), ToString::to_string);
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
    }
    out
}
