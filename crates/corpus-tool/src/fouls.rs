//! `corpus-tool fouls`: the forbidden points of positions, one position a line.
//!
//! One output line per position, always: the forbidden points, or `error: <where>: <reason>`
//! for a position that cannot be read or asked about (not UTF-8, a bad coordinate, an
//! occupied point, a game already over...), and the run goes on. The inputs are those of
//! [`crate::line_input`]: one position a line, one diagram, or a record file. The loop
//! allocates nothing per line: each line is read as bytes into one reused buffer, parsed in
//! place, checked, and its answer written into one reused output buffer.

use crate::args::SettingsArgs;
use crate::error::{Error, Status};
use crate::line_input::{self, Input, Item, Label};
use renju_core::{Board, Convention, Foul, FoulChecker, Point};
use std::io::Write;
use std::path::PathBuf;

/// `corpus-tool fouls`: the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = concat!("\
Input: one position a line (programs): a move list in any spelling ('h8 h9 i8', 'h8h9i8',
'H8,H9,I8'; colours alternate from Black, '--' or 'pass' is a pass) or a board of 225
characters (row 15 first, columns a..o; '.' empty, 'x' Black, 'o' White). Or a whole input
that is one position: a text diagram (15 lines of 15, the seeds' Unicode style, an atlas
file). Or a record file (.renju, .rif, .sgf, .lib, .pos, .psq, or --format): the final
position of every record, or of --record N.

Output, one line per position: 'point=kind' items in board reading order (row 15 first,
a to o), kinds double-three, double-four, overline (overline > double-four > double-three);
an empty line when there is none (always under --rules freestyle or standard);
'error: line N: <reason>' (or 'record N') when the position cannot be read or the game on
it is already over.

", crate::exit_status!(), "

Examples:
  echo 'h8 a1 i8 a2 k10 a3 k11' | corpus-tool fouls      # prints k8=double-three
  corpus-tool fouls --strict --explain positions.txt
  corpus-tool fouls --record 3 archive.renju"))]
pub struct Command {
    /// How games are judged and records read.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// After each result line, print the explanation tree of every forbidden point.
    #[arg(long)]
    pub explain: bool,
    /// Answer only this position: record N of a record file, line N of a line input.
    #[arg(long, value_name = "N", value_parser = crate::args::parse_index)]
    pub record: Option<usize>,
    /// Input file (standard input when absent or `-`).
    pub input: Option<PathBuf>,
}

/// Runs `corpus-tool fouls` as its command line asks, writing to standard output.
///
/// # Errors
/// As [`run`].
pub fn main(cmd: &Command) -> Result<Status, Error> {
    let options = Options {
        input: cmd.settings.line_options(cmd.record),
        explain: cmd.explain,
    };
    let stdout = std::io::stdout();
    let out = std::io::BufWriter::new(stdout.lock());
    run(line_input::Input::of(cmd.input.as_deref())?, out, &options)
}

/// The options of the command.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// How the input is read, and the rules (no rule set but renju has fouls: every line is
    /// then empty).
    pub input: line_input::Options,
    /// After each result line, the explanation tree of every forbidden point.
    pub explain: bool,
}

impl Options {
    fn convention(&self) -> Convention {
        self.input.settings.convention
    }
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
/// use corpus_tool::fouls::fouls_line;
/// use corpus_tool::position::board_of_line;
/// use renju_core::Convention;
/// let board = board_of_line(b"h8 a1 i8 a2 k10 a3 k11", &mut Vec::new()).unwrap();
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

/// Runs the command over `input`, writing to `out`: [`Status::Findings`] when a position
/// could not be answered. Every position gets one output line (followed by its explanation
/// trees with `explain`).
///
/// # Errors
/// The input cannot be read or the output written; a record file holding no record, or not
/// record `--record N`.
///
/// ```
/// use corpus_tool::error::Status;
/// use corpus_tool::fouls::{Options, run};
/// use corpus_tool::line_input::Input;
/// let mut out = Vec::new();
/// let input = b"h8 a1 i8 a2 k10 a3 k11\nh8 \xff\nh8 q3\n";
/// let status = run(Input::reader("positions", &input[..]), &mut out, &Options::default()).unwrap();
/// assert_eq!(status, Status::Findings);
/// let text = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[0], "k8=double-three");
/// assert!(lines[1].starts_with("error: line 2: not UTF-8 text (byte 4 is 0xff)"));
/// assert!(lines[2].starts_with("error: line 3: move 2 'q3'"));
/// ```
pub fn run(input: Input<'_>, mut out: impl Write, options: &Options) -> Result<Status, Error> {
    let mut all_ok = true;
    let mut buf = Vec::with_capacity(4096);
    let mut fouls = Vec::with_capacity(64);
    let convention = options.convention();
    let has_fouls = options.input.settings.rules.has_fouls();
    let mut answer = |label: Label, item: Item<'_>| -> std::io::Result<()> {
        match item {
            Ok(asked) => {
                fouls.clear();
                if has_fouls {
                    let checker = FoulChecker::new(asked.board);
                    checker.forbidden_points_into(convention, &mut fouls);
                    push_fouls(&mut buf, &fouls);
                    buf.push(b'\n');
                    if options.explain {
                        for &(p, _) in &fouls {
                            for l in checker.explain(p, convention).to_tree().lines() {
                                buf.extend_from_slice(b"    ");
                                buf.extend_from_slice(l.as_bytes());
                                buf.push(b'\n');
                            }
                        }
                    }
                } else {
                    buf.push(b'\n');
                }
            }
            Err(e) => {
                all_ok = false;
                buf.extend_from_slice(b"error: ");
                buf.extend_from_slice(e.line(label).as_bytes());
                buf.push(b'\n');
            }
        }
        if buf.len() >= 32 * 1024 {
            out.write_all(&buf)?;
            buf.clear();
        }
        Ok(())
    };
    line_input::each_position(input, &options.input, &mut answer)?;
    let flushed = out.write_all(&buf).and_then(|()| out.flush());
    flushed.map_err(|source| Error::Write {
        path: "standard output".to_string(),
        source,
    })?;
    Ok(Status::clean_if(all_ok))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::board_of_line;

    fn answer(input: &[u8]) -> (Vec<String>, Status) {
        let mut out = Vec::new();
        let status = run(Input::reader("lines", input), &mut out, &Options::default()).unwrap();
        let text = String::from_utf8(out).unwrap();
        (text.lines().map(String::from).collect(), status)
    }

    #[test]
    fn lines_and_errors() {
        let (lines, status) = answer(b"h8 i9 g8 j10 h9 k11 h10\nh8 h8\np16\n\n");
        assert_eq!(status, Status::Findings);
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert_eq!(
            lines[1],
            "error: line 2: move 2 'h8': h8 is already occupied by black"
        );
        assert_eq!(
            lines[2],
            "error: line 3: move 1 'p16': column 'p' is off the 15x15 board (columns a..o)"
        );
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
        let (lines, status) = answer(&input);
        assert_eq!(status, Status::Findings);
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert_eq!(lines[0], "k8=double-three");
        assert!(
            lines[1].starts_with("error: line 2: not UTF-8 text (byte 4 is 0xc3)"),
            "{lines:?}"
        );
        assert!(
            lines[2].starts_with("error: line 3: not UTF-8 text (byte 1 is 0xff)"),
            "{lines:?}"
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
        let (lines, _) = answer(input.as_bytes());
        assert_eq!(lines[0], "d14=double-three");
        assert_eq!(lines[1], "d14=double-three");
        assert_eq!(
            lines[2],
            "error: line 3: a board line needs 225 characters (15 rows of 15, row 15 first), this one has 224"
        );
        let board = board_of_line(compact.as_bytes(), &mut Vec::new()).unwrap();
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
