//! `corpus-tool fouls`: the forbidden points of positions, one position a line.
//!
//! One output line per input line, always: the forbidden points, or `error: <reason>` for a
//! line that cannot be read (not UTF-8, a bad coordinate, an occupied point...), and the run
//! goes on. The loop allocates nothing per line: each line is read as bytes into one reused
//! buffer, parsed in place, checked, and its answer written into one reused output buffer.

use renju_core::{Board, Color, Convention, Foul, FoulChecker, Move, Point, RENJU_SIZE};
use std::io::{BufRead, Write};

const BOARD_CELLS: usize = 225;

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
    let mut cells = [0u8; BOARD_CELLS];
    let mut n = 0usize;
    let mut all_cells = true;
    for ch in line.chars().filter(|c| !c.is_whitespace()) {
        if matches!(ch, '.' | 'x' | 'X' | 'o' | 'O') {
            if n < BOARD_CELLS {
                cells[n] = ch as u8;
            }
        } else {
            all_cells = false;
            break;
        }
        n += 1;
    }
    if all_cells && n == BOARD_CELLS {
        return Board::from_line_bytes(&cells).map_err(|e| e.to_string());
    }
    if all_cells && n > 0 {
        return Err(format!(
            "a board line needs 225 characters (15 rows of 15, row 15 first), this one has {n}"
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

/// Appends `h8` to `buf`.
fn push_point(buf: &mut Vec<u8>, p: Point) {
    buf.push(p.column_letter() as u8);
    let row = p.row() + 1;
    if row >= 10 {
        buf.push(b'0' + row / 10);
    }
    buf.push(b'0' + row % 10);
}

/// Appends the one-line answer for `fouls` (no newline): `point=kind` items separated by
/// spaces.
fn push_fouls(buf: &mut Vec<u8>, fouls: &[(Point, Foul)]) {
    for (i, &(p, f)) in fouls.iter().enumerate() {
        if i > 0 {
            buf.push(b' ');
        }
        push_point(buf, p);
        buf.push(b'=');
        buf.extend_from_slice(f.name().as_bytes());
    }
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
    let mut buf = Vec::new();
    push_fouls(
        &mut buf,
        &FoulChecker::new(board).forbidden_points(convention),
    );
    String::from_utf8(buf).expect("coordinates and kind names are ASCII")
}

/// Why a line's bytes are not text.
fn not_utf8(line: &[u8], e: std::str::Utf8Error) -> String {
    let at = e.valid_up_to();
    format!(
        "the line is not UTF-8 text (byte {} is 0x{:02x}); positions are ASCII: a 225-character board or moves like h8",
        at + 1,
        line[at]
    )
}

/// Runs the command over `input`, writing to `out`. Returns whether every line was read.
/// Every input line gets one output line (followed by its explanation trees with `explain`).
///
/// # Errors
/// Only I/O errors on reading or writing.
///
/// ```
/// use corpus_tool::fouls::run;
/// use renju_core::Convention;
/// let mut out = Vec::new();
/// let input = b"h8 a1 i8 a2 k10 a3 k11\nh8 \xff\nh8 q3\n";
/// let all_read = run(&input[..], &mut out, Convention::Lenient, false).unwrap();
/// assert!(!all_read);
/// let text = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[0], "k8=double-three");
/// assert!(lines[1].starts_with("error: the line is not UTF-8 text (byte 4 is 0xff)"));
/// assert!(lines[2].starts_with("error: move 2 'q3'"));
/// ```
pub fn run(
    mut input: impl BufRead,
    mut out: impl Write,
    convention: Convention,
    explain: bool,
) -> std::io::Result<bool> {
    let mut all_ok = true;
    let mut line = Vec::with_capacity(512);
    let mut buf = Vec::with_capacity(4096);
    let mut fouls = Vec::with_capacity(64);
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        let is_board = line.len() == BOARD_CELLS
            && line
                .iter()
                .all(|b| matches!(b, b'.' | b'x' | b'X' | b'o' | b'O'));
        let parsed = if is_board {
            // The common case, read straight from the bytes.
            Board::from_line_bytes(&line).map_err(|e| e.to_string())
        } else {
            match std::str::from_utf8(&line) {
                Ok(text) => parse_position(text),
                Err(e) => Err(not_utf8(&line, e)),
            }
        };
        match parsed {
            Ok(board) => {
                let checker = FoulChecker::new(&board);
                fouls.clear();
                checker.forbidden_points_into(convention, &mut fouls);
                push_fouls(&mut buf, &fouls);
                buf.push(b'\n');
                if explain {
                    for &(p, _) in &fouls {
                        for l in checker.explain(p, convention).to_tree().lines() {
                            buf.extend_from_slice(b"    ");
                            buf.extend_from_slice(l.as_bytes());
                            buf.push(b'\n');
                        }
                    }
                }
            }
            Err(e) => {
                all_ok = false;
                buf.extend_from_slice(b"error: ");
                buf.extend_from_slice(e.as_bytes());
                buf.push(b'\n');
            }
        }
        if buf.len() >= 32 * 1024 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    out.flush()?;
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

    /// Regression (#14 item 2): a line that is not UTF-8 used to stop the run (exit 2, later
    /// lines never answered). Now it gets its own `error:` line and the next lines are answered.
    #[test]
    fn a_line_that_is_not_utf8_is_an_error_line_and_the_run_goes_on() {
        let mut input = b"h8 a1 i8 a2 k10 a3 k11\n".to_vec();
        input.extend_from_slice(b"h8 \xc3\x28 i9\r\n"); // an invalid two-byte sequence
        input.extend_from_slice(b"\xff\xfe\n");
        input.extend_from_slice(b"h8 a1 i8 a2 k10 a3 k11"); // last line without a newline
        let mut out = Vec::new();
        let ok = run(&input[..], &mut out, Convention::Lenient, false).unwrap();
        assert!(!ok);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert_eq!(lines[0], "k8=double-three");
        assert!(
            lines[1].starts_with("error: the line is not UTF-8 text (byte 4 is 0xc3)"),
            "{text}"
        );
        assert!(
            lines[2].starts_with("error: the line is not UTF-8 text (byte 1 is 0xff)"),
            "{text}"
        );
        assert_eq!(lines[3], "k8=double-three");
    }

    /// The in-place reader and writer give what the plain ones give, on boards and move lists.
    #[test]
    fn board_lines_spaced_or_not_and_crlf() {
        let mut cells = vec![b'.'; 225];
        for (col, row) in [(1usize, 14usize), (2, 14), (3, 12), (3, 11)] {
            cells[(15 - row) * 15 + col] = b'x';
        }
        let compact = String::from_utf8(cells.clone()).unwrap();
        let spaced: String = compact
            .as_bytes()
            .chunks(15)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect::<Vec<_>>()
            .join(" ");
        let input = format!("{compact}\r\n{spaced}\n{}\n", &compact[..224]);
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out, Convention::Lenient, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "d14=double-three");
        assert_eq!(lines[1], "d14=double-three");
        assert_eq!(
            lines[2],
            "error: a board line needs 225 characters (15 rows of 15, row 15 first), this one has 224"
        );
        let board = parse_position(&compact).unwrap();
        assert_eq!(
            fouls_line(&board, Convention::Lenient),
            lines[0],
            "fouls_line and run agree"
        );
        let mut all = Vec::new();
        push_point(&mut all, "o15".parse().unwrap());
        push_point(&mut all, "a1".parse().unwrap());
        assert_eq!(all, b"o15a1");
    }
}
