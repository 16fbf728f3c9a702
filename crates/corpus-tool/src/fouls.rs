//! `corpus-tool fouls`: the forbidden points of positions, one position a line.

use renju_core::{Board, Color, Convention, FoulChecker, Move, RENJU_SIZE};
use std::io::{BufRead, Write};

/// Reads one input line: a 225-character board (row 15 first, `.` `x` `o`) or a move list
/// (`h8 h9 i8`, colours alternate from Black, `--` a pass).
///
/// # Errors
/// A sentence saying what is wrong and where.
///
/// ```
/// use corpus_tool::fouls::parse_position;
/// let board = parse_position("h8 h9 -- i9").unwrap();
/// assert_eq!(board.stone_count(), 3);
/// assert_eq!(parse_position("h8 h8").unwrap_err(), "move 2 'h8': h8 is already occupied by black");
/// ```
pub fn parse_position(line: &str) -> Result<Board, String> {
    let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let looks_like_board = compact.len() == 225
        && compact
            .chars()
            .all(|c| matches!(c, '.' | 'x' | 'X' | 'o' | 'O'));
    if looks_like_board {
        return Board::from_line(&compact).map_err(|e| e.to_string());
    }
    if !compact.is_empty()
        && compact
            .chars()
            .all(|c| matches!(c, '.' | 'x' | 'X' | 'o' | 'O'))
    {
        return Err(format!(
            "a board line needs 225 characters (15 rows of 15, row 15 first), this one has {}",
            compact.len()
        ));
    }
    let mut board = Board::renju();
    let mut n = 0;
    for token in line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        n += 1;
        let mv =
            Move::parse_sized(token, RENJU_SIZE).map_err(|e| format!("move {n} '{token}': {e}"))?;
        if let Move::Stone(p) = mv {
            board
                .place(p, Color::of_move_number(n))
                .map_err(|e| format!("move {n} '{token}': {e}"))?;
        }
    }
    Ok(board)
}

/// The one-line answer: `point=kind` items in board reading order, separated by spaces.
///
/// ```
/// use corpus_tool::fouls::{fouls_line, parse_position};
/// use renju_core::Convention;
/// let board = parse_position("h8 a1 i8 a2 k10 a3 k11").unwrap();
/// assert_eq!(fouls_line(&board, Convention::Lenient), "k8=double-three");
/// ```
#[must_use]
pub fn fouls_line(board: &Board, convention: Convention) -> String {
    FoulChecker::new(board)
        .forbidden_points(convention)
        .iter()
        .map(|(p, f)| format!("{p}={f}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs the command over `input`, writing to `out`. Returns whether every line was read.
///
/// # Errors
/// Only I/O errors on reading or writing.
///
/// ```
/// use corpus_tool::fouls::run;
/// use renju_core::Convention;
/// let mut out = Vec::new();
/// let all_read = run("h8 a1 i8 a2 k10 a3 k11\nh8 q3\n".as_bytes(), &mut out, Convention::Lenient, false).unwrap();
/// assert!(!all_read);
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("k8=double-three\nerror: move 2 'q3'"));
/// ```
pub fn run(
    input: impl BufRead,
    mut out: impl Write,
    convention: Convention,
    explain: bool,
) -> std::io::Result<bool> {
    let mut all_ok = true;
    for line in input.lines() {
        let line = line?;
        match parse_position(&line) {
            Ok(board) => {
                writeln!(out, "{}", fouls_line(&board, convention))?;
                if explain {
                    let checker = FoulChecker::new(&board);
                    for (p, _) in checker.forbidden_points(convention) {
                        for l in checker.explain(p, convention).to_tree().lines() {
                            writeln!(out, "    {l}")?;
                        }
                    }
                }
            }
            Err(e) => {
                all_ok = false;
                writeln!(out, "error: {e}")?;
            }
        }
    }
    Ok(all_ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_errors() {
        let input = "h8 i9 g8 j10 h9 k11 h10\n\
                     h8 h8\n\
                     p16\n\
                     \n";
        let mut out = Vec::new();
        let ok = run(input.as_bytes(), &mut out, Convention::Lenient, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(!ok);
        assert_eq!(lines.len(), 4, "{text}");
        assert!(
            lines[1].starts_with("error: move 2 'h8': h8 is already occupied"),
            "{text}"
        );
        assert!(lines[2].starts_with("error: move 1 'p16'"), "{text}");
        assert_eq!(lines[3], "");
    }
}
