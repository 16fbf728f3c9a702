//! Opening statistics over many games: how often each of the 26 openings is played and how
//! its games end ([`OpeningStats`]), one pass, from the records and their audits.
//!
//! One row per opening in the order 1D..13D, 1I..13I, then `none` (the first three moves are
//! not one of the 26, there are fewer than three, or a pass is among them). `black`..`unknown`
//! count the declared results; `black_five`, `white_five` and `foul` the ends the audit found
//! on the board (`foul` = every foul end); `mean_moves` is the mean number of moves, passes
//! counted.
//!
//! This module counts; the command writes the counts (`corpus-tool openings stats`: CSV, JSON,
//! Markdown, SVG). `Display` gives a table for people.

use crate::{End, GameAudit};
use renju_core::{Move, Point, RENJU_SIZE};
use renju_notation::{DeclaredResult, GameRecord};
use std::fmt;

/// The counts of one opening (or of `none`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpeningRow {
    /// `1D`..`13D`, `1I`..`13I` or `none`.
    pub code: &'static str,
    /// The romaji name (`Kansei`), or `not one of the 26` for `none`.
    pub name: &'static str,
    /// Games.
    pub games: usize,
    /// Declared Black wins.
    pub black: usize,
    /// Declared White wins.
    pub white: usize,
    /// Declared draws.
    pub draw: usize,
    /// No declared result.
    pub unknown: usize,
    /// Games whose end on the board is a Black five.
    pub black_five: usize,
    /// Games whose end on the board is a White five.
    pub white_five: usize,
    /// Games whose end on the board is a foul (any kind).
    pub foul: usize,
    /// Moves of all the games, passes counted.
    pub moves: usize,
}

impl OpeningRow {
    const fn new(code: &'static str, name: &'static str) -> OpeningRow {
        OpeningRow {
            code,
            name,
            games: 0,
            black: 0,
            white: 0,
            draw: 0,
            unknown: 0,
            black_five: 0,
            white_five: 0,
            foul: 0,
            moves: 0,
        }
    }

    /// The mean number of moves, `None` when there are no games.
    ///
    /// ```
    /// let stats = renju_analyzer::stats::OpeningStats::new();
    /// assert_eq!(stats.rows()[0].mean_moves(), None);
    /// ```
    #[must_use]
    pub fn mean_moves(&self) -> Option<f64> {
        (self.games > 0).then(|| self.moves as f64 / self.games as f64)
    }

    /// The mean number of moves with one decimal as every report writes it (`None` when
    /// there are no games): the exact quotient `moves / games` rounded half up
    /// ([`one_decimal`]), so 29 moves in 4 games (7.25) is `7.3`, never the `7.2` that
    /// formatting the nearest `f64` with `{:.1}` gives.
    ///
    /// ```
    /// let stats = renju_analyzer::stats::OpeningStats::new();
    /// assert_eq!(stats.rows()[0].mean_moves_text(), None);
    /// ```
    #[must_use]
    pub fn mean_moves_text(&self) -> Option<String> {
        (self.games > 0).then(|| one_decimal(self.moves, self.games))
    }

    /// Black's share of the decided declared results (`None` when none is decided).
    #[must_use]
    pub fn black_rate(&self) -> Option<f64> {
        let decided = self.black + self.white;
        (decided > 0).then(|| self.black as f64 / decided as f64)
    }

    fn add(&mut self, o: &OpeningRow) {
        self.games += o.games;
        self.black += o.black;
        self.white += o.white;
        self.draw += o.draw;
        self.unknown += o.unknown;
        self.black_five += o.black_five;
        self.white_five += o.white_five;
        self.foul += o.foul;
        self.moves += o.moves;
    }
}

/// The statistics of many games, one row per opening and one for `none`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningStats {
    rows: Vec<OpeningRow>,
}

impl Default for OpeningStats {
    fn default() -> Self {
        Self::new()
    }
}

/// The row index of a game's opening: 0..26 for the catalogue order (1D..13D, 1I..13I), 26
/// for `none`. Only 15x15 games can be one of the 26.
///
/// ```
/// use renju_analyzer::stats::opening_slot;
/// use renju_core::Move;
/// let mv = |s: &str| s.split(' ').map(|m| m.parse::<Move>().unwrap()).collect::<Vec<_>>();
/// assert_eq!(opening_slot(&mv("h8 h9 h10"), 15), 0); // 1D
/// assert_eq!(opening_slot(&mv("h8 g7 f6"), 15), 13); // 1I, turned
/// assert_eq!(opening_slot(&mv("h8 h9"), 15), 26);
/// assert_eq!(opening_slot(&mv("h8 -- h10"), 15), 26);
/// ```
#[must_use]
pub fn opening_slot(moves: &[Move], board_size: u8) -> usize {
    let none = renju_openings::catalogue().len();
    if board_size != RENJU_SIZE {
        return none;
    }
    let stones: Vec<Point> = moves.iter().take(3).map_while(|m| m.point()).collect();
    if stones.len() < 3 {
        return none;
    }
    match renju_openings::identify(&stones) {
        Ok(found) => renju_openings::catalogue()
            .iter()
            .position(|o| o.code() == found.opening.code())
            .unwrap_or(none),
        Err(_) => none,
    }
}

impl OpeningStats {
    /// No games yet: the 27 rows, all zero.
    ///
    /// ```
    /// let s = renju_analyzer::stats::OpeningStats::new();
    /// assert_eq!(s.rows().len(), 27);
    /// assert_eq!((s.rows()[0].code, s.rows()[13].code, s.rows()[26].code), ("1D", "1I", "none"));
    /// ```
    #[must_use]
    pub fn new() -> OpeningStats {
        let mut rows: Vec<OpeningRow> = renju_openings::catalogue()
            .iter()
            .map(|o| OpeningRow::new(o.code(), o.romaji()))
            .collect();
        rows.push(OpeningRow::new("none", "not one of the 26"));
        OpeningStats { rows }
    }

    /// Counts one game with its audit (the audit gives the end and the number of moves; a
    /// record whose audit says it starts from a set-up position counts under `none`).
    ///
    /// ```
    /// use renju_analyzer::{Settings, audit, stats::OpeningStats};
    /// use renju_notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// let mut r = GameRecord::new(15);
    /// r.result = DeclaredResult::Black;
    /// r.moves = "h8 h9 i8 i9 j8 j9 k8 k9 l8".split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// let mut s = OpeningStats::new();
    /// s.add(&r, &audit(&r, &Settings::default()));
    /// let row = s.rows().iter().find(|x| x.code == "6D").unwrap(); // h8 h9 i8
    /// assert_eq!((row.games, row.black, row.black_five, row.moves), (1, 1, 1, 9));
    /// ```
    pub fn add(&mut self, record: &GameRecord, audit: &GameAudit) {
        // A set-up position was not opened from the empty board: it counts under `none`.
        let slot = if audit.opening == crate::Opening::SetUp {
            renju_openings::catalogue().len()
        } else {
            opening_slot(&record.moves, record.board_size)
        };
        let row = &mut self.rows[slot];
        row.games += 1;
        match record.result {
            DeclaredResult::Black => row.black += 1,
            DeclaredResult::White => row.white += 1,
            DeclaredResult::Draw => row.draw += 1,
            DeclaredResult::Unknown => row.unknown += 1,
        }
        match audit.end {
            End::BlackFive => row.black_five += 1,
            End::WhiteFive => row.white_five += 1,
            End::Foul(_) => row.foul += 1,
            End::DrawFullBoard | End::None => {}
        }
        row.moves += audit.moves;
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &OpeningStats) {
        for (a, b) in self.rows.iter_mut().zip(&other.rows) {
            a.add(b);
        }
    }

    /// The rows: 1D..13D, 1I..13I, `none`.
    #[must_use]
    pub fn rows(&self) -> &[OpeningRow] {
        &self.rows
    }

    /// Games counted.
    #[must_use]
    pub fn games(&self) -> usize {
        self.rows.iter().map(|r| r.games).sum()
    }
}

/// `num / den` (`den` > 0) with one decimal, the exact quotient rounded half up (away from
/// zero): the rule of every one-decimal mean in the statistics. Integer arithmetic, so ties
/// such as 7.25 or 6.65 are decided on the true value, not on the nearest binary fraction
/// (`format!("{:.1}", 7.25)` is `7.2` but `format!("{:.1}", 6.65)` is `6.7`).
///
/// ```
/// use renju_analyzer::stats::one_decimal;
/// assert_eq!(one_decimal(29, 4), "7.3"); // 7.25
/// assert_eq!(one_decimal(133, 20), "6.7"); // 6.65
/// assert_eq!(one_decimal(123, 20), "6.2"); // 6.15
/// assert_eq!(one_decimal(32, 9), "3.6"); // 3.555...
/// assert_eq!(one_decimal(0, 3), "0.0");
/// // What formatting the f64 would give instead:
/// assert_eq!(format!("{:.1}", 29.0_f64 / 4.0), "7.2");
/// assert_eq!(format!("{:.1}", 133.0_f64 / 20.0), "6.7");
/// ```
#[must_use]
pub fn one_decimal(num: usize, den: usize) -> String {
    let den = den.max(1) as u128;
    let tenths = (20 * num as u128 + den) / (2 * den);
    format!("{}.{}", tenths / 10, tenths % 10)
}

fn percent(n: usize, of: usize) -> String {
    if of == 0 {
        "-".to_string()
    } else {
        // Whole per cent, the exact quotient rounded half up like `one_decimal` (2 of 16 is
        // 13%, not the 12% of `{:.0}` on 12.5).
        format!("{}%", (200 * n as u128 + of as u128) / (2 * of as u128))
    }
}

impl fmt::Display for OpeningStats {
    /// For people: per opening the games, the declared results as shares, the mean length
    /// and a bar of Black's share of the decided games (`#` Black, `.` White).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<5} {:<18} {:>7} {:>6} {:>6} {:>6} {:>7} {:>6}  black share of decided games",
            "code", "name", "games", "black", "white", "draw", "unknown", "moves"
        )?;
        for r in &self.rows {
            let bar = r.black_rate().map_or_else(String::new, |rate| {
                let n = (rate * 20.0).round() as usize;
                format!(
                    "{}{} {}",
                    "#".repeat(n),
                    ".".repeat(20 - n.min(20)),
                    percent(r.black, r.black + r.white)
                )
            });
            let mean = r.mean_moves_text().unwrap_or_default();
            writeln!(
                f,
                "{:<5} {:<18} {:>7} {:>6} {:>6} {:>6} {:>7} {:>6}  {bar}",
                r.code,
                r.name,
                r.games,
                percent(r.black, r.games),
                percent(r.white, r.games),
                percent(r.draw, r.games),
                percent(r.unknown, r.games),
                mean
            )?;
        }
        write!(f, "games: {}", self.games())
    }
}
