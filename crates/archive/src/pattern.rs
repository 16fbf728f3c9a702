//! Partial boards found anywhere: stones, empty points and don't-care points, under the 8
//! symmetries and any translation (`corpus-tool search --pattern`).
//!
//! A pattern is a rectangle of cells, top row first: `x` (or `X`, `●`) a black stone, `o` (or
//! `O`, `○`) a white stone, `.` (or `+`) an empty point, `?` (or `*`) any point; spaces between
//! cells are ignored and blank lines skipped. A position *contains* the pattern when the
//! pattern, turned or mirrored by one of the 8 symmetries and moved anywhere so that every cell
//! lies on the board, has its black cells on black stones, its white cells on white stones and
//! its empty cells on empty points (colours kept).
//!
//! A record passes through the pattern after move `k` when the position after move `k` contains
//! it; the first such `k` is found by checking, after each stone, only the placements that
//! put that stone on a cell of its colour (a pattern can only appear when a stone lands on one
//! of its stones; empty cells can only be filled). The replay stops at a move that cannot be
//! played, like [`crate::search`].

use crate::search::Next;
use renju_core::{Board, Color, MAX_SIZE, Move, Point, Symmetry};
use renju_notation::GameRecord;
use std::fmt;

/// What a pattern cell asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A stone of this colour.
    Stone(Color),
    /// An empty point.
    Empty,
    /// Anything.
    Any,
}

/// Why a pattern text cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PatternError {
    /// No row at all.
    Empty,
    /// A character that is not a cell (1-based line and column).
    BadCell {
        /// Line.
        line: usize,
        /// Column (characters, spaces included).
        column: usize,
        /// The character.
        found: char,
    },
    /// A row of another length than the first.
    Ragged {
        /// Line.
        line: usize,
        /// Its cells.
        cells: usize,
        /// The first row's cells.
        expected: usize,
    },
    /// Wider or taller than the largest board.
    TooLarge,
    /// Only don't-care cells: it would match everything.
    NothingAsked,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternError::Empty => f.write_str("the pattern has no row"),
            PatternError::BadCell {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: '{found}' is not a cell (x black, o white, . empty, ? any)"
            ),
            PatternError::Ragged {
                line,
                cells,
                expected,
            } => write!(
                f,
                "line {line}: {cells} cells, but the first row has {expected}"
            ),
            PatternError::TooLarge => write!(f, "the pattern is larger than {MAX_SIZE}x{MAX_SIZE}"),
            PatternError::NothingAsked => f.write_str("the pattern has only don't-care cells"),
        }
    }
}

impl std::error::Error for PatternError {}

/// One of the 8 forms of a pattern: its cells relative to its bottom-left corner.
#[derive(Debug, Clone)]
struct Form {
    symmetry: Symmetry,
    width: i32,
    height: i32,
    /// (col, row, cell), don't-care cells left out.
    cells: Vec<(i32, i32, Cell)>,
    /// What was added after the symmetry to bring the form to (0, 0).
    shift: (i32, i32),
}

/// A pattern to look for.
#[derive(Debug, Clone)]
pub struct Pattern {
    width: i32,
    height: i32,
    forms: Vec<Form>,
}

/// Where a record first contains the pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatternHit {
    /// The first `k` such that the position after move `k` contains the pattern.
    pub move_number: usize,
    /// The symmetry applied to the pattern (the first of [`Symmetry::ALL`] whose form fits).
    pub symmetry: Symmetry,
    /// The board point the pattern's bottom-left cell lies on (for that form, the first
    /// placement in column-then-row order of that cell).
    pub at: Point,
    /// Move `k + 1` in the pattern's own coordinates (`a1` its bottom-left cell), or
    /// [`Next::Outside`], or [`Next::End`].
    pub next: Next,
}

impl Pattern {
    /// Reads a pattern (see the module documentation).
    ///
    /// # Errors
    /// A [`PatternError`] naming the place.
    ///
    /// ```
    /// use renju_archive::pattern::Pattern;
    /// let p = Pattern::parse("x x x\n? . ?").unwrap();
    /// assert_eq!(p.size(), (3, 2));
    /// assert!(Pattern::parse("x q").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Pattern, PatternError> {
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let mut row = Vec::new();
            for (i, ch) in line.chars().enumerate() {
                let cell = match ch {
                    ' ' | '\t' => continue,
                    'x' | 'X' | '●' => Cell::Stone(Color::Black),
                    'o' | 'O' | '○' => Cell::Stone(Color::White),
                    '.' | '+' => Cell::Empty,
                    '?' | '*' => Cell::Any,
                    found => {
                        return Err(PatternError::BadCell {
                            line: n + 1,
                            column: i + 1,
                            found,
                        });
                    }
                };
                row.push(cell);
            }
            if let Some(first) = rows.first()
                && first.len() != row.len()
            {
                return Err(PatternError::Ragged {
                    line: n + 1,
                    cells: row.len(),
                    expected: first.len(),
                });
            }
            rows.push(row);
        }
        let (Some(first), height) = (rows.first(), rows.len()) else {
            return Err(PatternError::Empty);
        };
        let width = first.len();
        if width > usize::from(MAX_SIZE) || height > usize::from(MAX_SIZE) {
            return Err(PatternError::TooLarge);
        }
        let mut cells = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                if cell != Cell::Any {
                    cells.push((c as i32, (height - 1 - i) as i32, cell));
                }
            }
        }
        if cells.is_empty() {
            return Err(PatternError::NothingAsked);
        }
        let (w, h) = (width as i32, height as i32);
        let mut forms: Vec<Form> = Vec::new();
        for s in Symmetry::ALL {
            let moved: Vec<(i32, i32, Cell)> = cells
                .iter()
                .map(|&(c, r, cell)| {
                    let (x, y) = s.apply_coords(c, r, 1);
                    (x, y, cell)
                })
                .collect();
            // the corners of the rectangle give the shift (don't-care cells count for size)
            let corners = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]
                .map(|(c, r)| s.apply_coords(c, r, 1));
            let mx = corners.iter().map(|p| p.0).min().unwrap_or(0);
            let my = corners.iter().map(|p| p.1).min().unwrap_or(0);
            let fw = corners.iter().map(|p| p.0).max().unwrap_or(0) - mx + 1;
            let fh = corners.iter().map(|p| p.1).max().unwrap_or(0) - my + 1;
            let mut cells: Vec<(i32, i32, Cell)> = moved
                .into_iter()
                .map(|(x, y, c)| (x - mx, y - my, c))
                .collect();
            cells.sort_by_key(|&(x, y, _)| (x, y));
            let form = Form {
                symmetry: s,
                width: fw,
                height: fh,
                cells,
                shift: (-mx, -my),
            };
            if !forms
                .iter()
                .any(|f| f.cells == form.cells && (f.width, f.height) == (fw, fh))
            {
                forms.push(form);
            }
        }
        Ok(Pattern {
            width: w,
            height: h,
            forms,
        })
    }

    /// Width and height in cells.
    #[must_use]
    pub fn size(&self) -> (usize, usize) {
        (self.width as usize, self.height as usize)
    }

    /// Whether the form, placed with its bottom-left corner on `(ox, oy)`, fits the board.
    fn fits(form: &Form, board: &Board, ox: i32, oy: i32) -> bool {
        let size = i32::from(board.size());
        if ox < 0 || oy < 0 || ox + form.width > size || oy + form.height > size {
            return false;
        }
        form.cells.iter().all(|&(c, r, cell)| {
            let p = Point::new((ox + c) as u8, (oy + r) as u8).expect("on the board");
            match cell {
                Cell::Stone(colour) => board.get(p) == Some(colour),
                Cell::Empty => board.get(p).is_none(),
                Cell::Any => true,
            }
        })
    }

    /// The first form and placement (forms in [`Symmetry::ALL`] order, then placements by
    /// column then row) that fits, among those `candidates` gives for each form.
    fn first_fit(
        &self,
        board: &Board,
        candidates: &dyn Fn(&Form) -> Vec<(i32, i32)>,
    ) -> Option<(usize, i32, i32)> {
        for (i, form) in self.forms.iter().enumerate() {
            let mut places = candidates(form);
            places.sort_unstable();
            places.dedup();
            if let Some(&(ox, oy)) = places.iter().find(|&&(x, y)| Self::fits(form, board, x, y)) {
                return Some((i, ox, oy));
            }
        }
        None
    }

    /// Whether a position contains the pattern: the form and placement found first.
    ///
    /// ```
    /// use renju_archive::pattern::Pattern;
    /// use renju_core::{Board, Color};
    /// let mut b = Board::renju();
    /// for p in ["c3", "d3", "e3"] {
    ///     b.place(p.parse().unwrap(), Color::Black).unwrap();
    /// }
    /// // three in a column, turned: found
    /// assert!(Pattern::parse("x\nx\nx").unwrap().contains(&b));
    /// assert!(!Pattern::parse("x x x x").unwrap().contains(&b));
    /// ```
    #[must_use]
    pub fn contains(&self, board: &Board) -> bool {
        let size = i32::from(board.size());
        self.first_fit(board, &|f: &Form| {
            let mut v = Vec::new();
            for x in 0..=(size - f.width) {
                for y in 0..=(size - f.height) {
                    v.push((x, y));
                }
            }
            v
        })
        .is_some()
    }

    /// Whether the record passes through the pattern, and where first.
    ///
    /// ```
    /// use renju_archive::pattern::Pattern;
    /// use renju_archive::search::Next;
    /// use renju_notation::GameRecord;
    /// let p = Pattern::parse("x x x").unwrap();
    /// let mut g = GameRecord::new(15);
    /// g.moves = "h8 a1 h9 a2 h10 b1".split(' ').map(|m| m.parse().unwrap()).collect();
    /// let hit = p.find(&g).unwrap();
    /// assert_eq!(hit.move_number, 5);
    /// assert_eq!(hit.next, Next::Outside);
    /// ```
    #[must_use]
    pub fn find(&self, record: &GameRecord) -> Option<PatternHit> {
        let size = record.board_size;
        let mut board = Board::new(usize::from(size)).ok()?;
        let hit = |k: usize, found: (usize, i32, i32)| {
            let form = &self.forms[found.0];
            let (ox, oy) = (found.1, found.2);
            // the pattern's own bottom-left cell, where it lands (every symmetry keeps the
            // origin, so it is the shift)
            let at = Point::new((ox + form.shift.0) as u8, (oy + form.shift.1) as u8)
                .expect("on the board");
            let next = match record.moves.get(k) {
                None => Next::End,
                Some(Move::Pass) => Next::Move(Move::Pass),
                Some(Move::Stone(p)) => {
                    let (x, y) = (
                        i32::from(p.col()) - ox - form.shift.0,
                        i32::from(p.row()) - oy - form.shift.1,
                    );
                    let (c, r) = form.symmetry.inverse().apply_coords(x, y, 1);
                    if (0..self.width).contains(&c) && (0..self.height).contains(&r) {
                        Next::Move(Move::Stone(
                            Point::new(c as u8, r as u8).expect("inside the pattern"),
                        ))
                    } else {
                        Next::Outside
                    }
                }
            };
            PatternHit {
                move_number: k,
                symmetry: form.symmetry,
                at,
                next,
            }
        };
        if let Some(found) = self.first_fit(&board, &|f: &Form| {
            let s = i32::from(size);
            let mut v = Vec::new();
            for x in 0..=(s - f.width) {
                for y in 0..=(s - f.height) {
                    v.push((x, y));
                }
            }
            v
        }) {
            return Some(hit(0, found));
        }
        for (i, &m) in record.moves.iter().enumerate() {
            let Move::Stone(p) = m else { continue };
            let colour = Color::of_move_number(i + 1);
            if board.place(p, colour).is_err() {
                return None;
            }
            let (px, py) = (i32::from(p.col()), i32::from(p.row()));
            let found = self.first_fit(&board, &|f: &Form| {
                f.cells
                    .iter()
                    .filter(|&&(_, _, c)| c == Cell::Stone(colour))
                    .map(|&(c, r, _)| (px - c, py - r))
                    .collect()
            });
            if let Some(found) = found {
                return Some(hit(i + 1, found));
            }
        }
        None
    }
}
