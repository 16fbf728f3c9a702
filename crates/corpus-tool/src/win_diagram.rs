//! The diagram of a solver's winning line, shared by `vcf --explain`, `vct --explain` and
//! `explain`'s missed wins: the line's stones numbered 1, 2, ... on its position, under a
//! caption that names the winner, the kind of win, its length and how it ends. What differs
//! between the solvers (the kind and the ending) is given by the caller.

use renju_core::{Board, Color, Point};
use renju_diagrams::diagram::Diagram;

/// A winning line to draw: who wins, the moves (attacker first, alternating), how many
/// attacker moves it counts, the kind (`"VCF"`, `"VCT"`) and how it ends (the caption's end,
/// e.g. `"the five at k8"`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct WinLine<'a> {
    pub attacker: Color,
    pub moves: &'a [Point],
    pub attacker_moves: usize,
    pub kind: &'static str,
    pub how: &'a str,
}

/// The line drawn on `board` as text (ASCII, or the Unicode style of the seeds), with its
/// caption on the first line.
pub(crate) fn draw(board: &Board, line: WinLine<'_>, ascii: bool) -> String {
    let mut b = board.clone();
    let mut color = line.attacker;
    for &p in line.moves {
        // A line replays on its own position: every point is empty when played.
        let _ = b.place(p, color);
        color = color.opponent();
    }
    let mut d = Diagram::new(b);
    for (i, &p) in line.moves.iter().enumerate() {
        let _ = d.set_number(p, i as u32 + 1);
    }
    let n = line.attacker_moves;
    let mut out = format!(
        "{} wins by {} in {n} move{}, ending with {}:\n",
        capital(line.attacker.name()),
        line.kind,
        if n == 1 { "" } else { "s" },
        line.how
    );
    out.push_str(&if ascii { d.to_ascii() } else { d.to_unicode() });
    out
}

/// `s` with its first letter in upper case (`black` -> `Black`).
fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caption_and_numbers() {
        let board = Board::renju();
        let moves: Vec<Point> = ["h8", "h9", "i8"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let text = draw(
            &board,
            WinLine {
                attacker: Color::White,
                moves: &moves,
                attacker_moves: 1,
                kind: "VCT",
                how: "a winning move",
            },
            true,
        );
        assert!(
            text.starts_with("White wins by VCT in 1 move, ending with a winning move:\n"),
            "{text}"
        );
        // white h8 (1), black h9 (2), white i8 (3)
        assert!(
            text.contains("O1") && text.contains("X2") && text.contains("O3"),
            "{text}"
        );
        assert_eq!(capital("black"), "Black");
        assert_eq!(capital(""), "");
    }
}
