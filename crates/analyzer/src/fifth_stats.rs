//! The second opening-statistics table: per opening rule, opening and 5th move (in the
//! standard orientation of the opening), for records that name their rule (RIF, SGF in the
//! renju dialect): games, recorded 5th-move offers, swaps, declared results.

use crate::opening::RuleName;
use renju_core::{Point, RENJU_SIZE, Symmetry};
use renju_notation::{DeclaredResult, GameRecord};
use std::collections::BTreeMap;
use std::fmt;

/// The counts of one (rule, opening, 5th move).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FifthRow {
    /// Games.
    pub games: usize,
    /// Games whose record lists the offered 5th moves.
    pub offers_recorded: usize,
    /// Offers listed, summed over those games.
    pub offers: usize,
    /// Games with at least one swap recorded.
    pub swapped: usize,
    /// Declared Black wins.
    pub black: usize,
    /// Declared White wins.
    pub white: usize,
    /// Declared draws.
    pub draw: usize,
    /// No declared result.
    pub unknown: usize,
}

/// Key: the rule's canonical name (or the name as written when not recognised), the
/// opening's index in the catalogue, and the 5th move in the standard orientation.
type Key = (String, usize, Point);

/// Per rule, opening and 5th move.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FifthMoveStats {
    rows: BTreeMap<Key, FifthRow>,
}

/// The 5th move of a 15x15 game whose stones 1-3 are one of the 26, mapped to the opening's
/// standard orientation (of the symmetries that do so, the one giving the smallest point,
/// so that mirror-image 5th moves of a symmetric opening are counted together); with the
/// opening's catalogue index.
///
/// ```
/// use renju_analyzer::fifth_stats::standard_fifth;
/// use renju_core::Move;
/// let mv = |s: &str| s.split(' ').map(|m| m.parse::<Move>().unwrap()).collect::<Vec<_>>();
/// // 2I turned a quarter (h8 g9 g10) with 5th move f8: in the standard h8 i9 j9 it is ...
/// let (code, fifth) = standard_fifth(&mv("h8 g9 g10 a1 f8"), 15).unwrap();
/// assert_eq!(renju_openings::catalogue()[code].code(), "2I");
/// assert_eq!(fifth.to_string(), "h10");
/// ```
#[must_use]
pub fn standard_fifth(moves: &[renju_core::Move], board_size: u8) -> Option<(usize, Point)> {
    if board_size != RENJU_SIZE {
        return None;
    }
    let stones: Vec<Point> = moves.iter().take(5).map_while(|m| m.point()).collect();
    let [b1, w2, b3, _, fifth] = stones[..] else {
        return None;
    };
    let found = renju_openings::identify(&[b1, w2, b3]).ok()?;
    let index = renju_openings::catalogue()
        .iter()
        .position(|o| o.code() == found.opening.code())?;
    let standard = found.opening.moves();
    Symmetry::ALL
        .into_iter()
        .filter(|s| [b1, w2, b3].map(|p| s.apply(p, RENJU_SIZE)) == standard)
        .map(|s| s.apply(fifth, RENJU_SIZE))
        .min_by_key(|p| (p.col(), p.row()))
        .map(|p| (index, p))
}

impl FifthMoveStats {
    /// Nothing counted yet.
    #[must_use]
    pub fn new() -> FifthMoveStats {
        FifthMoveStats::default()
    }

    /// Counts one record if it names a rule and its stones 1-3 are one of the 26 and it has a
    /// 5th stone, played from the empty board (no stone set up before move 7); returns whether
    /// it was counted.
    pub fn add(&mut self, record: &GameRecord) -> bool {
        if crate::setup::opening_set_up(&record.setup, record.moves.len()).is_some() {
            return false;
        }
        let rule = match RuleName::of(record.rule.as_deref()) {
            RuleName::None => return false,
            RuleName::Known(r) => r.name(),
            RuleName::Unsupported { name, .. } | RuleName::Unknown(name) => name,
        };
        let Some((index, fifth)) = standard_fifth(&record.moves, record.board_size) else {
            return false;
        };
        let row = self.rows.entry((rule, index, fifth)).or_default();
        row.games += 1;
        if !record.fifth_offers.is_empty() {
            row.offers_recorded += 1;
            row.offers += record.fifth_offers.len();
        }
        if record.swaps.iter().any(|s| s.swapped) {
            row.swapped += 1;
        }
        match record.result {
            DeclaredResult::Black => row.black += 1,
            DeclaredResult::White => row.white += 1,
            DeclaredResult::Draw => row.draw += 1,
            DeclaredResult::Unknown => row.unknown += 1,
        }
        true
    }

    /// The rows: by rule name, then opening (1D..13I), then 5th move (column, row).
    pub fn rows(&self) -> impl Iterator<Item = (&str, &'static str, Point, &FifthRow)> {
        self.rows.iter().map(|((rule, index, fifth), row)| {
            (
                rule.as_str(),
                renju_openings::catalogue()[*index].code(),
                *fifth,
                row,
            )
        })
    }

    /// Whether nothing was counted.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

impl fmt::Display for FifthMoveStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<16} {:<5} {:<5} {:>6} {:>7} {:>7} {:>6} {:>6} {:>6}",
            "rule", "code", "fifth", "games", "offers", "swapped", "black", "white", "draw"
        )?;
        for (rule, code, fifth, r) in self.rows() {
            writeln!(
                f,
                "{rule:<16} {code:<5} {:<5} {:>6} {:>7} {:>7} {:>6} {:>6} {:>6}",
                fifth.to_string(),
                r.games,
                r.offers_recorded,
                r.swapped,
                r.black,
                r.white,
                r.draw
            )?;
        }
        Ok(())
    }
}
