//! Positions as the commands read them: one grammar and one set of messages for `fouls`,
//! `vcf`, `show` and `explain` (whole inputs: [`crate::load`]).
//!
//! One line of text is a position in one of two forms:
//! - a **move list** from the empty 15x15 board, in any spelling of renju-notation's move
//!   grammar ([`renju_notation::moves`]): `h8 h9 i8`, `h8h9i8`, `H8,H9,I8`; `--` or `pass` is a
//!   pass; colours alternate from Black and a pass takes a turn;
//! - a **board of 225 characters** (row 15 first, each row from column a; `.` empty, `x`
//!   Black, `o` White; spaces between the characters are allowed).
//!
//! Whole inputs add two more ([`crate::load`]): a multi-line text diagram (15 lines of 15, the
//! seeds' Unicode style, an atlas file) and a record file with `--record N`.
//!
//! Errors say what is wrong in the board's own terms: the move's number and text, the
//! columns and rows of the 15x15 board (`columns a..o`), and the game already over when a
//! five is on the board ([`game_over`]).

use renju_core::{Board, Color, Move, Point, PointError, RENJU_SIZE, RuleSet};
use renju_notation::Orientation;
use renju_notation::moves::MoveTextError;
use std::fmt;

/// The characters of a board line: 15 rows of 15.
pub const GRID_CELLS: usize = 225;

/// A position read from one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinePosition {
    /// A board of 225 characters: stones with no move order.
    Grid(Board),
    /// A move list from the empty board.
    Moves(Vec<Move>),
}

/// Why a position cannot be read or asked about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The line's bytes are not UTF-8 text.
    NotUtf8 {
        /// 1-based byte of the line where the text stops being UTF-8.
        byte: usize,
        /// That byte.
        value: u8,
    },
    /// A line of board characters only, but not 225 of them.
    GridLength {
        /// How many board characters the line has.
        found: usize,
    },
    /// A move that cannot be read.
    Move {
        /// 1-based move number (passes counted).
        number: usize,
        /// The word as written.
        text: String,
        /// Why it is no point of the board.
        error: PointError,
        /// The board side.
        size: u8,
    },
    /// A move on a point that already holds a stone.
    Occupied {
        /// 1-based move number (passes counted).
        number: usize,
        /// The word as written.
        text: String,
        /// The point.
        point: Point,
        /// The stone already there.
        by: Color,
    },
    /// A game on a board that is not 15x15 under renju's rules (played on 15x15 only).
    BoardSize {
        /// The board side.
        size: u8,
    },
    /// The position is the end of a game: no next move to ask about.
    Over(GameOver),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NotUtf8 { byte, value } => write!(
                f,
                "not UTF-8 text (byte {byte} is 0x{value:02x}); positions are ASCII: a \
                 225-character board or moves like h8"
            ),
            PositionError::GridLength { found } => write!(
                f,
                "a board line needs 225 characters (15 rows of 15, row 15 first), this one has \
                 {found}"
            ),
            PositionError::Move {
                number,
                text,
                error,
                size,
            } => write!(
                f,
                "move {number} '{text}': {}",
                point_error_text(error, *size)
            ),
            PositionError::Occupied {
                number,
                text,
                point,
                by,
            } => write!(
                f,
                "move {number} '{text}': {point} is already occupied by {by}"
            ),
            PositionError::BoardSize { size } => f.write_str(&board_size_text(*size)),
            PositionError::Over(over) => write!(f, "the game is already over ({over})"),
        }
    }
}

impl std::error::Error for PositionError {}

/// What is wrong with a point's text, in the board's own terms: its real columns (`a..o` on
/// the 15x15 board) and rows.
///
/// ```
/// use corpus_tool::position::point_error_text;
/// use renju_core::PointError;
/// assert_eq!(
///     point_error_text(&PointError::BadColumn('8'), 15),
///     "'8' is not a column letter (columns a..o)"
/// );
/// ```
#[must_use]
pub fn point_error_text(error: &PointError, size: u8) -> String {
    match error {
        PointError::BadColumn(c) => {
            format!(
                "'{c}' is not a column letter (columns a..{})",
                last_column(size)
            )
        }
        other => other.to_string(),
    }
}

/// The last column letter of a board of side `size` (`o` on 15x15).
fn last_column(size: u8) -> char {
    char::from(b'a' + size.clamp(1, 26) - 1)
}

/// The sentence for a board that renju is not played on.
///
/// ```
/// assert_eq!(
///     corpus_tool::position::board_size_text(19),
///     "a 19x19 board: renju is played on 15x15 only (give --rules freestyle or --rules \
///      standard to judge it as gomoku on its own board)"
/// );
/// ```
#[must_use]
pub fn board_size_text(size: u8) -> String {
    format!(
        "a {size}x{size} board: renju is played on 15x15 only (give --rules freestyle or \
         --rules standard to judge it as gomoku on its own board)"
    )
}

/// Whether a game on a board of side `size` can be judged under `rules`; the error says why
/// not. (A diagram of any side is judged: rule books draw small ones.)
///
/// # Errors
/// [`PositionError::BoardSize`] for renju on a board other than 15x15.
pub fn check_size(size: u8, rules: RuleSet) -> Result<(), PositionError> {
    if rules == RuleSet::Renju && size != RENJU_SIZE {
        Err(PositionError::BoardSize { size })
    } else {
        Ok(())
    }
}

/// Whether every character of `bytes` but spaces is a board character (`.`, `x`, `o`, either
/// case), and how many there are.
fn grid_cells(bytes: &[u8]) -> Option<usize> {
    let mut n = 0;
    for &b in bytes {
        match b {
            b'.' | b'x' | b'X' | b'o' | b'O' => n += 1,
            b' ' | b'\t' => {}
            _ => return None,
        }
    }
    (n > 0).then_some(n)
}

/// Reads one line: a board of 225 characters or a move list (see the module documentation).
///
/// # Errors
/// What is wrong and where: the move's number and text, or the board line's length.
///
/// ```
/// use corpus_tool::position::{LinePosition, parse_line};
/// let LinePosition::Moves(moves) = parse_line("h8h9 -- I9").unwrap() else { panic!() };
/// assert_eq!(moves.len(), 4);
/// let e = parse_line("h8 p16").unwrap_err();
/// assert_eq!(e.to_string(), "move 2 'p16': column 'p' is off the 15x15 board (columns a..o)");
/// assert!(matches!(parse_line(&".".repeat(225)).unwrap(), LinePosition::Grid(_)));
/// ```
pub fn parse_line(line: &str) -> Result<LinePosition, PositionError> {
    if let Some(board) = parse_grid(line) {
        return board.map(LinePosition::Grid);
    }
    let mut moves = Vec::new();
    parse_moves_into(line, &mut moves)?;
    Ok(LinePosition::Moves(moves))
}

/// Reads a line of board characters only (`.`, `x`, `o`; spaces allowed between them):
/// `None` when the line holds anything else (a move list), the board when it has 225 of them.
///
/// # Errors
/// [`PositionError::GridLength`] for another number of board characters.
pub fn parse_grid(line: &str) -> Option<Result<Board, PositionError>> {
    let bytes = line.trim().as_bytes();
    let n = grid_cells(bytes)?;
    Some(if n == GRID_CELLS {
        Ok(grid_board(bytes))
    } else {
        Err(PositionError::GridLength { found: n })
    })
}

/// The board of a line of 225 board characters (spaces allowed between them).
fn grid_board(bytes: &[u8]) -> Board {
    let mut cells = [0u8; GRID_CELLS];
    let mut n = 0;
    for &b in bytes {
        if b != b' ' && b != b'\t' {
            cells[n] = b;
            n += 1;
        }
    }
    Board::from_line_bytes(&cells).expect("225 board characters are a 15x15 board")
}

/// Reads a move list (the whole text) into `moves` (cleared first): the grammar of
/// [`renju_notation::moves`] on the 15x15 board, row 1 at the bottom.
///
/// # Errors
/// [`PositionError::Move`] for the first word that is not a move, with its number; `moves`
/// then holds the moves before it.
pub fn parse_moves_into(text: &str, moves: &mut Vec<Move>) -> Result<(), PositionError> {
    moves.clear();
    let read = renju_notation::moves::parse_moves_into(
        text,
        RENJU_SIZE,
        Orientation::RowOneAtBottom,
        moves,
    );
    read.map_err(|e| move_error(moves.len(), e))
}

/// The error of a move list whose move `read + 1` cannot be read (`read` moves were).
#[must_use]
pub fn move_error(read: usize, e: MoveTextError) -> PositionError {
    PositionError::Move {
        number: read + 1,
        text: e.token,
        error: e.error,
        size: RENJU_SIZE,
    }
}

/// The board after `moves` on the 15x15 board, colours alternating from Black (a pass takes
/// a turn); a move on an occupied point is named by its point.
///
/// # Errors
/// [`PositionError::Occupied`] for the first move on a point already holding a stone.
pub fn replay(moves: &[Move]) -> Result<Board, PositionError> {
    let mut board = Board::renju();
    for (i, mv) in moves.iter().enumerate() {
        if let Move::Stone(p) = *mv {
            if let Some(by) = board.get(p) {
                return Err(PositionError::Occupied {
                    number: i + 1,
                    text: p.to_string(),
                    point: p,
                    by,
                });
            }
            board
                .place(p, Color::of_move_number(i + 1))
                .expect("an empty point of the 15x15 board");
        }
    }
    Ok(board)
}

/// The board of one line (a board line or a move list), for the line commands: the bytes
/// of the line (without its newline), with `moves` a buffer kept from line to line. A line of
/// 225 board characters is read straight from its bytes.
///
/// # Errors
/// The line is not UTF-8, not a position, or a move is on an occupied point.
///
/// ```
/// use corpus_tool::position::board_of_line;
/// let mut moves = Vec::new();
/// let board = board_of_line(b"h8 h9 -- i9", &mut moves).unwrap();
/// assert_eq!(board.stone_count(), 3);
/// let e = board_of_line(b"h8 h8", &mut moves).unwrap_err();
/// assert_eq!(e.to_string(), "move 2 'h8': h8 is already occupied by black");
/// ```
pub fn board_of_line(line: &[u8], moves: &mut Vec<Move>) -> Result<Board, PositionError> {
    if line.len() == GRID_CELLS
        && line
            .iter()
            .all(|b| matches!(b, b'.' | b'x' | b'X' | b'o' | b'O'))
    {
        // The common case of programs, read without a copy.
        return Ok(Board::from_line_bytes(line).expect("225 board characters"));
    }
    let text = std::str::from_utf8(line).map_err(|e| {
        let at = e.valid_up_to();
        PositionError::NotUtf8 {
            byte: at + 1,
            value: line[at],
        }
    })?;
    if let Some(board) = parse_grid(text) {
        return board;
    }
    parse_moves_into(text, moves)?;
    replay_words(text, moves)
}

/// [`replay`], naming a move on an occupied point by its word in `text` (as written).
fn replay_words(text: &str, moves: &[Move]) -> Result<Board, PositionError> {
    replay(moves).map_err(|e| match e {
        PositionError::Occupied {
            number,
            point,
            by,
            text: _,
        } => PositionError::Occupied {
            number,
            text: nth_move_word(text, number).unwrap_or_else(|| point.to_string()),
            point,
            by,
        },
        other => other,
    })
}

/// The word holding move `number` (1-based) of a move list, as written (a compact word such
/// as `h8h9` holds several moves).
fn nth_move_word(text: &str, number: usize) -> Option<String> {
    let mut moves = Vec::new();
    let words = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty());
    for word in words {
        renju_notation::moves::parse_moves_into(
            word,
            RENJU_SIZE,
            Orientation::RowOneAtBottom,
            &mut moves,
        )
        .ok()?;
        if moves.len() >= number {
            return Some(word.to_string());
        }
    }
    None
}

/// A row of five (or more, where that wins) on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinningRow {
    /// Whose stones.
    pub color: Color,
    /// The stones of the row, in order along it.
    pub points: Vec<Point>,
}

impl fmt::Display for WinningRow {
    /// `black five at h8 i8 j8 k8 l8`, `white six in a row at ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.points.len() {
            5 => "five".to_string(),
            n => format!("{} in a row", count_word(n)),
        };
        write!(f, "{} {what} at", self.color)?;
        for p in &self.points {
            write!(f, " {p}")?;
        }
        Ok(())
    }
}

fn count_word(n: usize) -> String {
    match n {
        6 => "six".into(),
        7 => "seven".into(),
        8 => "eight".into(),
        9 => "nine".into(),
        n => n.to_string(),
    }
}

/// A board where the game is over: the winning rows on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOver {
    /// Every winning row, Black's first, in board order.
    pub rows: Vec<WinningRow>,
}

impl fmt::Display for GameOver {
    /// `black five at h8 i8 j8 k8 l8` (rows separated by `; `).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.rows.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            r.fmt(f)?;
        }
        Ok(())
    }
}

/// The rows that won the game on `board` under `rules` (an exact five for Black in renju, a
/// five or more for White; five or more for both in free-style; exactly five in standard
/// gomoku), or `None` when no one has won. Bit-parallel: a board without a row of five is
/// told in a few hundred word operations.
///
/// ```
/// use corpus_tool::position::{board_of_line, game_over};
/// use renju_core::RuleSet;
/// let board = board_of_line(b"h8 a1 i8 a2 j8 a3 k8 a4 l8", &mut Vec::new()).unwrap();
/// let over = game_over(&board, RuleSet::Renju).unwrap();
/// assert_eq!(over.to_string(), "black five at h8 i8 j8 k8 l8");
/// // A black overline wins nothing in renju; in free-style it is a win.
/// let six = board_of_line(b"h8 a1 i8 a2 j8 a3 k8 a4 m8 a6 l8", &mut Vec::new()).unwrap();
/// assert_eq!(game_over(&six, RuleSet::Renju), None);
/// assert_eq!(game_over(&six, RuleSet::FreeStyle).unwrap().to_string(), "black six in a row at h8 i8 j8 k8 l8 m8");
/// ```
#[must_use]
pub fn game_over(board: &Board, rules: RuleSet) -> Option<GameOver> {
    if !any_five_window(board) {
        return None;
    }
    winning_rows(board, rules)
}

/// Whether any colour has five stones in a row somewhere (the common answer, no, told with
/// a few hundred branch-free word operations on the bit rows).
fn any_five_window(board: &Board) -> bool {
    let size = usize::from(board.size());
    if size < 5 {
        return false;
    }
    let mask = (1u32 << size) - 1;
    let mut found = 0u32;
    for color in [Color::Black, Color::White] {
        let mut b = [0u32; renju_core::MAX_SIZE as usize];
        for (r, row) in b.iter_mut().enumerate().take(size) {
            *row = board.row_bits(color, r as u8);
        }
        for &x in &b[..size] {
            found |= x & (x >> 1) & (x >> 2) & (x >> 3) & (x >> 4);
        }
        for w in b[..size].windows(5) {
            found |= w[0] & w[1] & w[2] & w[3] & w[4];
            found |= w[0] & (w[1] >> 1) & (w[2] >> 2) & (w[3] >> 3) & (w[4] >> 4);
            found |= w[0] & (w[1] << 1) & (w[2] << 2) & (w[3] << 3) & (w[4] << 4) & mask;
        }
    }
    found != 0
}

/// The winning rows of a board that holds five in a row somewhere.
fn winning_rows(board: &Board, rules: RuleSet) -> Option<GameOver> {
    let size = i32::from(board.size());
    let mask = if size >= 32 {
        u32::MAX
    } else {
        (1u32 << size) - 1
    };
    let mut rows = Vec::new();
    for color in [Color::Black, Color::White] {
        let bits = |r: i32| {
            if (0..size).contains(&r) {
                board.row_bits(color, r as u8)
            } else {
                0
            }
        };
        for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (-1, 1)] {
            for r in 0..size {
                // bit c: (c, r) and the 4 points after it along (dc, dr) hold `color`
                let mut m = bits(r);
                for k in 1..5 {
                    let row = bits(r + k * dr);
                    let shift = (k * dc).unsigned_abs();
                    m &= if dc >= 0 { row >> shift } else { row << shift } & mask;
                    if m == 0 {
                        break;
                    }
                }
                while m != 0 {
                    let c = m.trailing_zeros() as i32;
                    m &= m - 1;
                    let stone = |c: i32, r: i32| {
                        (0..size).contains(&c) && (0..size).contains(&r) && bits(r) & (1 << c) != 0
                    };
                    if stone(c - dc, r - dr) {
                        continue; // not where the row starts
                    }
                    let mut points = Vec::new();
                    let (mut x, mut y) = (c, r);
                    while stone(x, y) {
                        points.push(Point::new(x as u8, y as u8).expect("on the board"));
                        x += dc;
                        y += dr;
                    }
                    if rules.is_win(color, points.len()) {
                        rows.push(WinningRow { color, points });
                    }
                }
            }
        }
    }
    (!rows.is_empty()).then_some(GameOver { rows })
}

/// Whether there is a next move to ask about on `board` under `rules`: the error says the
/// game is already over (a row that won on the board), as the line commands answer it.
///
/// # Errors
/// [`PositionError::Over`].
///
/// ```
/// use corpus_tool::position::{answerable, board_of_line};
/// use renju_core::RuleSet;
/// let won = board_of_line(b"h8 a1 i8 a2 j8 a3 k8 a4 l8", &mut Vec::new()).unwrap();
/// assert_eq!(
///     answerable(&won, RuleSet::Renju).unwrap_err().to_string(),
///     "the game is already over (black five at h8 i8 j8 k8 l8)"
/// );
/// ```
pub fn answerable(board: &Board, rules: RuleSet) -> Result<(), PositionError> {
    match game_over(board, rules) {
        Some(over) => Err(PositionError::Over(over)),
        None => Ok(()),
    }
}

/// The side to move by the stone counts: White when Black has more stones, else Black.
///
/// ```
/// use corpus_tool::position::{board_of_line, side_to_move};
/// use renju_core::Color;
/// assert_eq!(side_to_move(&board_of_line(b"h8 h9", &mut Vec::new()).unwrap()), Color::Black);
/// assert_eq!(side_to_move(&board_of_line(b"h8", &mut Vec::new()).unwrap()), Color::White);
/// ```
#[must_use]
pub fn side_to_move(board: &Board) -> Color {
    if board.count(Color::Black) > board.count(Color::White) {
        Color::White
    } else {
        Color::Black
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(line: &str) -> Result<Board, PositionError> {
        board_of_line(line.as_bytes(), &mut Vec::new())
    }

    #[test]
    fn every_spelling_of_a_move_list_is_the_same_board() {
        let spaced = board("h8 h9 i8 -- j10").unwrap();
        for text in [
            "h8h9i8--j10",
            "H8,H9,I8,--,J10",
            "h8 h9 i8 pass j10",
            " h8;h9;i8 -- J10 ",
        ] {
            assert_eq!(board(text).unwrap(), spaced, "{text}");
        }
    }

    #[test]
    fn errors_name_the_move_and_the_real_columns() {
        assert_eq!(
            board("h8 zz").unwrap_err().to_string(),
            "move 2 'zz': column 'z' is off the 15x15 board (columns a..o)"
        );
        assert_eq!(
            board("h8 8h").unwrap_err().to_string(),
            "move 2 '8h': '8' is not a column letter (columns a..o)"
        );
        assert_eq!(
            board("h8 h16").unwrap_err().to_string(),
            "move 2 'h16': row 16 is off the 15x15 board (rows 1..15)"
        );
        assert_eq!(
            board("h8 h9 H8").unwrap_err().to_string(),
            "move 3 'H8': h8 is already occupied by black"
        );
        assert_eq!(
            board("h8h9h8").unwrap_err().to_string(),
            "move 3 'h8h9h8': h8 is already occupied by black"
        );
        assert_eq!(
            board(&".".repeat(224)).unwrap_err().to_string(),
            "a board line needs 225 characters (15 rows of 15, row 15 first), this one has 224"
        );
        let e = board_of_line(b"h8 \xff", &mut Vec::new()).unwrap_err();
        assert_eq!(
            e,
            PositionError::NotUtf8 {
                byte: 4,
                value: 0xff
            }
        );
    }

    #[test]
    fn a_spaced_board_line_is_a_board_line() {
        let mut cells = vec![b'.'; 225];
        cells[112] = b'x';
        let compact = String::from_utf8(cells).unwrap();
        let spaced: Vec<&str> = (0..15).map(|r| &compact[r * 15..r * 15 + 15]).collect();
        assert_eq!(board(&spaced.join(" ")).unwrap(), board(&compact).unwrap());
        assert_eq!(
            board(&compact).unwrap().get(Point::CENTER),
            Some(Color::Black)
        );
    }

    /// Fives in every direction, at the edges, for both colours, and what each rule set
    /// counts as a win: checked against a plain scan of every point and direction.
    #[test]
    fn game_over_agrees_with_a_plain_scan() {
        let lines = [
            "a1 o15 b2 n15 c3 m15 d4 l15 e5",       // diagonal from the corner
            "o1 a15 n2 b15 m3 c15 l4 d15 k5",       // anti-diagonal from the corner
            "a15 h8 a14 h9 a13 h10 a12 h11 b1 h12", // white vertical, black four
            "k1 a1 l1 a2 m1 a3 n1 a4 o1",           // black along the bottom edge
            "h8 a1 i8 a2 j8 a3 k8 a4 m8 a6 l8",     // black six
            "h8 h9 i8 i9 j8 j9 k8 k9 a1 l9 b1 m9 c1 n9", // white six
            "h8 h9 i8 i9",                          // nothing
        ];
        for line in lines {
            let b = board(line).unwrap();
            for rules in RuleSet::ALL {
                let mut plain = Vec::new();
                for p in b.points() {
                    let Some(color) = b.get(p) else { continue };
                    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
                        let before = p.offset(-dc, -dr, 15).and_then(|q| b.get(q));
                        if before == Some(color) {
                            continue;
                        }
                        let mut n = 0;
                        let mut q = Some(p);
                        while let Some(x) = q.filter(|&x| b.get(x) == Some(color)) {
                            n += 1;
                            q = x.offset(dc, dr, 15);
                        }
                        if rules.is_win(color, n) {
                            plain.push((color, p, n));
                        }
                    }
                }
                let mut fast: Vec<(Color, Point, usize)> = game_over(&b, rules)
                    .map(|o| o.rows)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|r| (r.color, r.points[0], r.points.len()))
                    .collect();
                fast.sort_by_key(|&(c, p, n)| (c == Color::White, p, n));
                plain.sort_by_key(|&(c, p, n)| (c == Color::White, p, n));
                assert_eq!(fast, plain, "{line} under {rules}");
            }
        }
        // and on random crowded boards, where rows of five are common
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut with_five = 0;
        for _ in 0..3000 {
            let mut b = Board::renju();
            let stones = 40 + next() % 80;
            for _ in 0..stones {
                let p = Point::new((next() % 15) as u8, (next() % 15) as u8).unwrap();
                let color = if next() % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let _ = b.place(p, color);
            }
            let plain = b.points().any(|p| {
                b.get(p).is_some_and(|c| {
                    [(1, 0), (0, 1), (1, 1), (-1, 1)].iter().any(|&(dc, dr)| {
                        (1..5).all(|k| {
                            p.offset(dc * k, dr * k, 15)
                                .is_some_and(|q| b.get(q) == Some(c))
                        })
                    })
                })
            });
            assert_eq!(any_five_window(&b), plain, "{}", b.to_line());
            assert_eq!(game_over(&b, RuleSet::FreeStyle).is_some(), plain);
            with_five += usize::from(plain);
        }
        assert!(with_five > 100 && with_five < 2900, "{with_five}");
        let b = board(lines[0]).unwrap();
        assert_eq!(
            PositionError::Over(game_over(&b, RuleSet::Renju).unwrap()).to_string(),
            "the game is already over (black five at a1 b2 c3 d4 e5)"
        );
    }
}
