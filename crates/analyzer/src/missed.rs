//! Missed wins: the positions of a game where the side to move had a VCF (victory by
//! continuous fours, the `vcf` crate) and did not play it, and games declared lost by a side
//! that had one on the final board; with a VCT pass ([`ScanLimits::vct`]), the same for VCTs
//! (victory by continuous threats, the `vct` crate).
//!
//! Four findings, typed ([`MissedWin`]), each with the line that was there so that a report
//! can show it:
//! - `missed-vcf`: before move k the side to move had a VCF and move k is not the first move
//!   of any VCF (the played move itself is checked, not only the line the solver found first);
//!   a pass with a VCF on the board counts too. Only moves up to the game's end (the first
//!   decisive event) and before an illegal move are looked at.
//! - `lost-with-vcf`: the record ends with no decisive event (`end` is `none`, every move
//!   legal), the declared result is a win for the opponent of the side to move, and that side
//!   has a VCF on the final board.
//! - `missed-vct` and `lost-with-vct` (VCT pass only): the same for a VCT within the VCT
//!   limits, in the positions where the side to move has no VCF (a VCF found first is reported
//!   as `missed-vcf` or `lost-with-vcf` only; where the VCF search ran out of nodes, no VCT is
//!   asked).
//!
//! ```
//! use renju_analyzer::missed::{MissedWin, missed_wins};
//! use renju_analyzer::{Settings, audit};
//! use renju_notation::{DeclaredResult, GameRecord};
//! use renju_core::Move;
//! // Black's h8 i8 j8 is an open three at move 5; White plays a2 instead of blocking, so at
//! // move 7 Black has a VCF (k8 or g8) but plays a far-away b14; then the record stops,
//! // declared a White win although Black (to move after White's 8th) still has it.
//! let mut record = GameRecord::new(15);
//! record.result = DeclaredResult::White;
//! record.moves = "h8 a1 i8 a2 j8 a3 b14 a4".split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
//! let found = missed_wins(&record, &audit(&record, &Settings::default()), renju_vcf::Limits::default());
//! let kinds: Vec<&str> = found.iter().map(|m| m.kind().name()).collect();
//! // White's a1 a2 a3 a4 is a four: at move 9 Black must block a5, so no VCF is left.
//! assert_eq!(kinds, ["missed-vcf"]);
//! assert_eq!(found[0].move_number(), Some(7));
//! ```

use crate::{End, GameAudit, Settings};
use renju_core::{Board, Color, Move};
use renju_notation::{DeclaredResult, GameRecord};
use renju_vcf::{Answer, Limits, Line, Solver};
use std::cell::RefCell;
use std::fmt;

/// The limits of a missed-wins scan: the VCF pass always, the VCT pass when `vct` is given.
///
/// ```
/// use renju_analyzer::missed::ScanLimits;
/// let l = ScanLimits::vcf(renju_vcf::Limits::default());
/// assert!(l.vct.is_none());
/// let l = l.with_default_vct();
/// assert_eq!(l.vct.unwrap().max_depth, 5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ScanLimits {
    /// The VCF search's limits (`missed-vcf`, `lost-with-vcf`).
    pub vcf: Limits,
    /// The VCT search's limits (`missed-vct`, `lost-with-vct`); `None`: no VCT pass. Values
    /// out of range ([`renju_vct::Limits::check`]) turn the pass off.
    pub vct: Option<renju_vct::Limits>,
}

impl ScanLimits {
    /// The VCF pass alone.
    #[must_use]
    pub const fn vcf(vcf: Limits) -> ScanLimits {
        ScanLimits { vcf, vct: None }
    }

    /// These limits with a VCT pass of limits `vct`.
    #[must_use]
    pub const fn with_vct(mut self, vct: renju_vct::Limits) -> ScanLimits {
        self.vct = Some(vct);
        self
    }

    /// These limits with a VCT pass of the default VCT limits (depth 5, threat depth 1).
    #[must_use]
    pub fn with_default_vct(self) -> ScanLimits {
        self.with_vct(renju_vct::Limits::default())
    }
}

/// The line of a [`MissedWin`]: a VCF's or a VCT's (attacker first, ending with the winning
/// move; a VCF's ends with the five).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum WinLine<'a> {
    /// A VCF line (`missed-vcf`, `lost-with-vcf`).
    Vcf(&'a Line),
    /// A VCT line (`missed-vct`, `lost-with-vct`).
    Vct(&'a renju_vct::Line),
}

impl WinLine<'_> {
    /// The moves, attacker and defender alternating, attacker first.
    #[must_use]
    pub fn moves(&self) -> &[renju_core::Point] {
        match self {
            WinLine::Vcf(l) => l.moves(),
            WinLine::Vct(l) => l.moves(),
        }
    }

    /// The side that wins.
    #[must_use]
    pub fn attacker(&self) -> Color {
        match self {
            WinLine::Vcf(l) => l.attacker(),
            WinLine::Vct(l) => l.attacker(),
        }
    }

    /// The attacker moves the line counts: a VCF's fours, a VCT's moves (the five not
    /// counted).
    #[must_use]
    pub fn attacker_moves(&self) -> usize {
        match self {
            WinLine::Vcf(l) => l.attacker_moves(),
            WinLine::Vct(l) => l.attacker_moves(),
        }
    }
}

impl fmt::Display for WinLine<'_> {
    /// The moves separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WinLine::Vcf(l) => l.fmt(f),
            WinLine::Vct(l) => l.fmt(f),
        }
    }
}

/// A win that was on the board (its kind: [`MissedWin::kind`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MissedWin {
    /// Before move `move_number` the side to move had a VCF; the move played starts none.
    MissedVcf {
        /// The 1-based number of the move played instead (passes counted).
        move_number: usize,
        /// The side that had the VCF (the player of that move).
        side: Color,
        /// One VCF it had.
        line: Line,
    },
    /// The game stops with no decisive event, declared lost by the side to move, which has a
    /// VCF on the final board.
    LostWithVcf {
        /// The side to move after the last move.
        side: Color,
        /// One VCF it has.
        line: Line,
    },
    /// Before move `move_number` the side to move had a VCT (and no VCF); the move played
    /// starts none (VCT pass).
    MissedVct {
        /// The 1-based number of the move played instead (passes counted).
        move_number: usize,
        /// The side that had the VCT (the player of that move).
        side: Color,
        /// Its principal line.
        line: renju_vct::Line,
    },
    /// The game stops with no decisive event, declared lost by the side to move, which has a
    /// VCT (and no VCF) on the final board (VCT pass).
    LostWithVct {
        /// The side to move after the last move.
        side: Color,
        /// Its principal line.
        line: renju_vct::Line,
    },
}

impl MissedWin {
    /// The move played instead of the win (`missed-vcf`, `missed-vct`); `None` for
    /// `lost-with-vcf` and `lost-with-vct`, which are about the final board.
    #[must_use]
    pub const fn move_number(&self) -> Option<usize> {
        match self {
            MissedWin::MissedVcf { move_number, .. } | MissedWin::MissedVct { move_number, .. } => {
                Some(*move_number)
            }
            MissedWin::LostWithVcf { .. } | MissedWin::LostWithVct { .. } => None,
        }
    }

    /// The side that had the win.
    #[must_use]
    pub const fn side(&self) -> Color {
        match self {
            MissedWin::MissedVcf { side, .. }
            | MissedWin::LostWithVcf { side, .. }
            | MissedWin::MissedVct { side, .. }
            | MissedWin::LostWithVct { side, .. } => *side,
        }
    }

    /// The line that was there (attacker first, from the position before the move, or the
    /// final position): a VCF's or a VCT's.
    #[must_use]
    pub const fn line(&self) -> WinLine<'_> {
        match self {
            MissedWin::MissedVcf { line, .. } | MissedWin::LostWithVcf { line, .. } => {
                WinLine::Vcf(line)
            }
            MissedWin::MissedVct { line, .. } | MissedWin::LostWithVct { line, .. } => {
                WinLine::Vct(line)
            }
        }
    }
}

impl std::fmt::Display for MissedWin {
    /// One sentence, e.g. `black had a VCF in 2 (g8 k8 f8) and did not play it` (the move
    /// is [`MissedWin::move_number`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MissedWin::MissedVcf { side, line, .. } => write!(
                f,
                "{side} had a VCF in {} ({line}) and did not play it",
                line.attacker_moves()
            ),
            MissedWin::LostWithVcf { side, line } => write!(
                f,
                "declared lost by {side}, who has a VCF in {} on the final board ({line})",
                line.attacker_moves()
            ),
            MissedWin::MissedVct { side, line, .. } => write!(
                f,
                "{side} had a VCT in {} ({line}) and did not play it",
                line.attacker_moves()
            ),
            MissedWin::LostWithVct { side, line } => write!(
                f,
                "declared lost by {side}, who has a VCT in {} on the final board ({line})",
                line.attacker_moves()
            ),
        }
    }
}

/// The VCF `side` has after the first `moves` moves of `record` (passes counted), under the
/// rule set and convention of `settings`: the line a report shows next to a finding
/// ([`MissedWin::line`] gives the same for the findings of [`missed_wins`]).
/// [`Answer::NotFound`] also when the moves cannot be replayed on the record's board.
///
/// ```
/// use renju_analyzer::Settings;
/// use renju_analyzer::missed::vcf_after;
/// use renju_notation::GameRecord;
/// use renju_core::{Color, Move};
/// let mut record = GameRecord::new(15);
/// record.moves = "h8 a1 i8 a2 j8 a4".split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
/// let answer = vcf_after(&record, 6, Color::Black, &Settings::default(), renju_vcf::Limits::default());
/// assert_eq!(answer.line().unwrap().attacker_moves(), 2);
/// ```
#[must_use]
pub fn vcf_after(
    record: &GameRecord,
    moves: usize,
    side: Color,
    settings: &Settings,
    limits: Limits,
) -> Answer {
    let Ok(mut board) = Board::new(usize::from(record.board_size)) else {
        return Answer::NotFound;
    };
    for (i, mv) in record.moves.iter().take(moves).enumerate() {
        if let Move::Stone(p) = *mv
            && board.place(p, Color::of_move_number(i + 1)).is_err()
        {
            return Answer::NotFound;
        }
    }
    Solver::with_options(&board, settings.rules, settings.convention, limits).solve(side)
}

thread_local! {
    /// One solver per thread, reused from game to game (its table stays valid while the rule
    /// set and the convention stay the same).
    static SOLVER: RefCell<Option<(Settings, Solver)>> = const { RefCell::new(None) };
    /// The VCT pass's solver, likewise.
    static VCT_SOLVER: RefCell<Option<(Settings, renju_vct::Solver)>> = const { RefCell::new(None) };
}

/// Which search a position's question was ([`Unsettled::search`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Search {
    /// The VCF search (its node budget ran out).
    Vcf,
    /// The VCT search (its node or time budget ran out).
    Vct,
}

/// A position of a game whose question the budget left open: no finding is made from it, in
/// either direction (see [`scan_game`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsettled {
    /// The move played from that position (1-based, passes counted); `None` for the final
    /// board (the `lost-with-vcf` or `lost-with-vct` question).
    pub move_number: Option<usize>,
    /// The side whose win was asked about.
    pub side: Color,
    /// The search that could not tell.
    pub search: Search,
}

impl Unsettled {
    /// The word a report uses for a VCF search out of nodes (a note, not a finding).
    pub const KIND: &'static str = "vcf-out-of-nodes";
    /// The word a report uses for a VCT search out of budget (a note, not a finding).
    pub const VCT_KIND: &'static str = "vct-unknown";

    /// The word of this note: [`Unsettled::KIND`] or [`Unsettled::VCT_KIND`].
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self.search {
            Search::Vcf => Unsettled::KIND,
            Search::Vct => Unsettled::VCT_KIND,
        }
    }
}

impl std::fmt::Display for Unsettled {
    /// One sentence, e.g. `the VCF search for black before move 74 ran out of nodes: not
    /// known, no finding made` (`the VCT search ... ran out of budget: ...`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = match self.move_number {
            Some(n) => format!("before move {n}"),
            None => "on the final board".to_string(),
        };
        let (what, budget) = match self.search {
            Search::Vcf => ("VCF", "nodes"),
            Search::Vct => ("VCT", "budget"),
        };
        write!(
            f,
            "the {what} search for {} {at} ran out of {budget}: not known, no finding made",
            self.side
        )
    }
}

/// What [`scan_game`] finds in one game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameScan {
    /// The missed wins, in move order (`lost-with-vcf` last).
    pub missed: Vec<MissedWin>,
    /// The positions whose search ran out of nodes (whether the side had a VCF there, or
    /// whether the move played starts one, is not known), in move order.
    pub unsettled: Vec<Unsettled>,
}

/// The missed wins of one game, in move order (`lost-with-vcf` last): [`scan_game`]'s
/// findings. A position whose search runs out of nodes gives no finding; `scan_game` lists
/// those positions too.
#[must_use]
pub fn missed_wins(record: &GameRecord, audit: &GameAudit, limits: Limits) -> Vec<MissedWin> {
    scan_game(record, audit, limits).missed
}

/// The missed wins of one game and the positions the node budget left open. `audit` is the
/// game's audit under the settings wanted (its rule set and convention are the solver's).
///
/// Every position from the start to the game's end is solved for the side to move, so the
/// cost grows with the number of positions that hold fours; `limits` bounds each search. A
/// search that runs out of nodes is never taken for "no VCF": the position is
/// [`Unsettled`] and gives no finding (nor does a played move whose own search runs out).
#[must_use]
pub fn scan_game(record: &GameRecord, audit: &GameAudit, limits: Limits) -> GameScan {
    scan_game_with(record, audit, &ScanLimits::vcf(limits))
}

/// [`scan_game`] with the VCT pass when `limits.vct` is given: in each position where the
/// side to move has no VCF (a firm answer of the VCF search), whether it has a VCT within the
/// VCT limits and whether the move played starts one (`missed-vct`), and the same question
/// on the final board of a game declared lost (`lost-with-vct`). A VCT search whose budget
/// runs out is [`Unsettled`] with [`Search::Vct`] (`vct-unknown`), never a finding.
///
/// ```
/// use renju_analyzer::missed::{ScanLimits, scan_game_with};
/// use renju_analyzer::{Settings, audit};
/// use renju_notation::{DeclaredResult, GameRecord};
/// // White's f8 g8 and h10 h11 (moves 2 to 8): at move 10 White's h8 would make two threes at
/// // once, a VCT of 2; White plays o14. Black's stones are far apart: nothing for Black. (At
/// // depth 2: before move 8 no point makes two threes for White.)
/// let mut record = GameRecord::new(15);
/// record.result = DeclaredResult::Unknown;
/// record.moves = "a1 f8 a3 g8 o1 h10 o3 h11 o15 o14 a15".split(' ').map(|m| m.parse().unwrap()).collect();
/// let a = audit(&record, &Settings::default());
/// let vct = renju_vct::Limits::default().with_max_depth(2);
/// let limits = ScanLimits::vcf(renju_vcf::Limits::default()).with_vct(vct);
/// let scan = scan_game_with(&record, &a, &limits);
/// let kinds: Vec<(&str, Option<usize>)> = scan.missed.iter().map(|m| (m.kind().name(), m.move_number())).collect();
/// assert_eq!(kinds, [("missed-vct", Some(10))]);
/// assert_eq!(scan.missed[0].line().moves()[0], "h8".parse().unwrap());
/// ```
#[must_use]
pub fn scan_game_with(record: &GameRecord, audit: &GameAudit, limits: &ScanLimits) -> GameScan {
    let Ok(start) = Board::new(usize::from(record.board_size)) else {
        return GameScan::default();
    };
    let vct = limits.vct.filter(|l| l.check().is_ok());
    let Some(vct) = vct else {
        return with_vcf_solver(&start, audit, limits.vcf, |s| scan(record, audit, s, None));
    };
    with_vcf_solver(&start, audit, limits.vcf, |s| {
        VCT_SOLVER.with(|cell| {
            let mut slot = cell.borrow_mut();
            let solver = match &mut *slot {
                Some((st, solver)) if *st == audit.settings => {
                    solver.set_board(&start);
                    solver
                }
                _ => match renju_vct::Solver::with_options(
                    &start,
                    audit.settings.rules,
                    audit.settings.convention,
                    vct,
                ) {
                    Ok(solver) => &mut slot.insert((audit.settings, solver)).1,
                    Err(_) => return scan(record, audit, s, None),
                },
            };
            if solver.set_limits(vct).is_err() {
                return scan(record, audit, s, None);
            }
            scan(record, audit, s, Some(solver))
        })
    })
}

/// Runs `f` with this thread's VCF solver, set to `start` and `limits`.
fn with_vcf_solver<T>(
    start: &Board,
    audit: &GameAudit,
    limits: Limits,
    f: impl FnOnce(&mut Solver) -> T,
) -> T {
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = match &mut *slot {
            Some((s, solver)) if *s == audit.settings => {
                solver.set_board(start);
                solver
            }
            _ => {
                let solver = Solver::with_options(
                    start,
                    audit.settings.rules,
                    audit.settings.convention,
                    limits,
                );
                &mut slot.insert((audit.settings, solver)).1
            }
        };
        solver.set_limits(limits);
        f(solver)
    })
}

/// The VCT question of a position where the side to move has no VCF: `Some(Ok(line))` for a
/// VCT the move played (`None`: the final board) does not start, `Some(Err(()))` when not
/// known, `None` for nothing to report.
fn vct_question(
    vct: &mut renju_vct::Solver,
    side: Color,
    played: Option<Move>,
) -> Option<Result<renju_vct::Line, ()>> {
    match vct.solve(side) {
        renju_vct::Answer::Win(line) => match played {
            None | Some(Move::Pass) => Some(Ok(line)),
            Some(Move::Stone(p)) if p == line.first() => None,
            Some(Move::Stone(p)) => match vct.solve_starting_with(side, p) {
                renju_vct::Answer::Win(_) => None,
                renju_vct::Answer::NoWin => Some(Ok(line)),
                renju_vct::Answer::Unknown(_) => Some(Err(())),
            },
        },
        renju_vct::Answer::NoWin => None,
        renju_vct::Answer::Unknown(_) => Some(Err(())),
    }
}

fn scan(
    record: &GameRecord,
    audit: &GameAudit,
    solver: &mut Solver,
    mut vct: Option<&mut renju_vct::Solver>,
) -> GameScan {
    let mut out = GameScan::default();
    let available = record.moves.len();
    // The moves that were really played: up to the end, before an illegal move.
    let last = match (audit.end_move, &audit.illegal) {
        (Some(e), _) => e,
        (None, Some(i)) => i.number.saturating_sub(1),
        (None, None) => available,
    }
    .min(available);
    for (i, &mv) in record.moves[..last].iter().enumerate() {
        let number = i + 1;
        let side = Color::of_move_number(number);
        match solver.solve(side) {
            Answer::Found(line) => {
                let starts_one = match mv {
                    Move::Stone(p) if p == line.first() => Some(true),
                    Move::Stone(p) => match solver.solve_starting_with(side, p) {
                        Answer::Found(_) => Some(true),
                        Answer::NotFound => Some(false),
                        Answer::OutOfNodes => None,
                    },
                    Move::Pass => Some(false),
                };
                match starts_one {
                    Some(true) => {}
                    Some(false) => out.missed.push(MissedWin::MissedVcf {
                        move_number: number,
                        side,
                        line,
                    }),
                    None => out.unsettled.push(Unsettled {
                        move_number: Some(number),
                        side,
                        search: Search::Vcf,
                    }),
                }
            }
            Answer::NotFound => {
                if let Some(v) = vct.as_deref_mut() {
                    match vct_question(v, side, Some(mv)) {
                        Some(Ok(line)) => out.missed.push(MissedWin::MissedVct {
                            move_number: number,
                            side,
                            line,
                        }),
                        Some(Err(())) => out.unsettled.push(Unsettled {
                            move_number: Some(number),
                            side,
                            search: Search::Vct,
                        }),
                        None => {}
                    }
                }
            }
            Answer::OutOfNodes => out.unsettled.push(Unsettled {
                move_number: Some(number),
                side,
                search: Search::Vcf,
            }),
        }
        let placed = match mv {
            Move::Stone(p) => {
                solver.place(p, side) && vct.as_deref_mut().is_none_or(|v| v.place(p, side))
            }
            Move::Pass => true,
        };
        if !placed {
            return out; // cannot happen for a move the audit accepted
        }
    }
    let side = Color::of_move_number(last + 1);
    let declared_loss = match side {
        Color::Black => audit.declared == DeclaredResult::White,
        Color::White => audit.declared == DeclaredResult::Black,
    };
    let undecided = audit.end == End::None && audit.illegal.is_none() && last == available;
    if !(undecided && declared_loss) {
        return out;
    }
    match solver.solve(side) {
        Answer::Found(line) => out.missed.push(MissedWin::LostWithVcf { side, line }),
        Answer::NotFound => {
            if let Some(v) = vct {
                match vct_question(v, side, None) {
                    Some(Ok(line)) => out.missed.push(MissedWin::LostWithVct { side, line }),
                    Some(Err(())) => out.unsettled.push(Unsettled {
                        move_number: None,
                        side,
                        search: Search::Vct,
                    }),
                    None => {}
                }
            }
        }
        Answer::OutOfNodes => out.unsettled.push(Unsettled {
            move_number: None,
            side,
            search: Search::Vcf,
        }),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FindingKind;
    use crate::audit;

    fn record(moves: &str, result: DeclaredResult) -> GameRecord {
        let mut r = GameRecord::new(15);
        r.result = result;
        r.moves = moves
            .split(' ')
            .map(|m| m.parse::<Move>().unwrap())
            .collect();
        r
    }

    fn kinds(moves: &str, result: DeclaredResult) -> Vec<(&'static str, Option<usize>)> {
        let r = record(moves, result);
        missed_wins(&r, &audit(&r, &Settings::default()), Limits::default())
            .iter()
            .map(|m| (m.kind().name(), m.move_number()))
            .collect()
    }

    #[test]
    fn any_first_move_of_any_vcf_counts() {
        // Black's open three h8 i8 j8 after move 5; White a4 leaves it. Both g8 and k8 start a
        // VCF (an open four): whichever the solver finds first, neither is a missed win.
        for seventh in ["g8", "k8"] {
            let moves = format!("h8 a1 i8 a2 j8 a4 {seventh} a6");
            assert_eq!(kinds(&moves, DeclaredResult::Unknown), [], "{seventh}");
        }
        // f8 makes a four too (f8 _ h8 i8 j8, five at g8), but after White's g8 Black has
        // nothing left: f8 starts no VCF, so the VCF was missed.
        assert_eq!(
            kinds("h8 a1 i8 a2 j8 a4 f8 g8", DeclaredResult::Unknown),
            [("missed-vcf", Some(7))]
        );
    }

    #[test]
    fn a_pass_with_a_vcf_is_missed() {
        assert_eq!(
            kinds("h8 a1 i8 a2 j8 a4 -- a6", DeclaredResult::Unknown),
            [("missed-vcf", Some(7))]
        );
    }

    #[test]
    fn lost_with_vcf_needs_a_declared_loss_and_no_decisive_end() {
        // Black to move after move 6 with an open three; declared a White win.
        let moves = "h8 a1 i8 a2 j8 a4";
        assert_eq!(
            kinds(moves, DeclaredResult::White),
            [("lost-with-vcf", None)]
        );
        for other in [
            DeclaredResult::Black,
            DeclaredResult::Draw,
            DeclaredResult::Unknown,
        ] {
            assert_eq!(kinds(moves, other), [], "{other:?}");
        }
        let r = record(moves, DeclaredResult::White);
        let found = missed_wins(&r, &audit(&r, &Settings::default()), Limits::default());
        assert_eq!(found[0].side(), Color::Black);
        assert_eq!(found[0].line().attacker_moves(), 2);
    }

    #[test]
    fn a_search_out_of_nodes_is_unsettled_not_a_verdict() {
        // Black's h8 i8 j8 is closed by White's g8. From move 7 on k8 makes a four (White
        // must take l8); once Black has l9 and m10 (move 11 on) k8 also makes the diagonal
        // k8 l9 m10 three, and j7 then an open four: a VCF of 3, k8 l8 j7. Black plays b14
        // instead at move 11, and the record stops at Black's move 13, declared a White win.
        let r = record(
            "h8 g8 i8 a1 j8 o1 l9 a15 m10 o15 b14 h15",
            DeclaredResult::White,
        );
        let a = audit(&r, &Settings::default());
        // With a budget of one node, every search that must look past its first four runs
        // out (the positions before moves 7, 9, 11 and the final board): those are listed,
        // and none of them is a finding in either direction.
        let tiny = Limits {
            max_nodes: 1,
            ..Limits::default()
        };
        let scan = scan_game(&r, &a, tiny);
        assert_eq!(scan.missed, []);
        let at: Vec<Option<usize>> = scan.unsettled.iter().map(|u| u.move_number).collect();
        assert_eq!(at, [Some(7), Some(9), Some(11), None]);
        assert!(scan.unsettled.iter().all(|u| u.side == Color::Black));
        assert_eq!(
            scan.unsettled[2].to_string(),
            "the VCF search for black before move 11 ran out of nodes: not known, no finding made"
        );
        assert_eq!(
            scan.unsettled[3].to_string(),
            "the VCF search for black on the final board ran out of nodes: not known, no finding made"
        );
        // With the default budget the same game has both findings and nothing unsettled.
        let full = scan_game(&r, &a, Limits::default());
        assert_eq!(full.unsettled, []);
        let kinds: Vec<&str> = full.missed.iter().map(|m| m.kind().name()).collect();
        assert_eq!(kinds, ["missed-vcf", "lost-with-vcf"]);
    }

    /// White's f8 g8 h10 h11, Black's stones on the edges; at move 10 White's h8 would make
    /// two threes at once (a VCT of 2, no VCF: White never has three stones in a window).
    const VCT_GAME: &str = "a1 f8 a3 g8 o1 h10 o3 h11 o15 o14 a15";

    fn vct_limits(max_depth: u32, max_nodes: u64) -> ScanLimits {
        ScanLimits::vcf(Limits::default()).with_vct(
            renju_vct::Limits::default()
                .with_max_depth(max_depth)
                .with_max_nodes(max_nodes),
        )
    }

    #[test]
    fn the_vct_pass_reports_a_missed_vct_and_a_vcf_first_as_missed_vcf_only() {
        let r = record(VCT_GAME, DeclaredResult::Unknown);
        let a = audit(&r, &Settings::default());
        let scan = scan_game_with(&r, &a, &vct_limits(2, 10_000_000));
        assert_eq!(scan.unsettled, []);
        assert_eq!(scan.missed.len(), 1, "{:?}", scan.missed);
        assert_eq!(scan.missed[0].kind(), FindingKind::MissedVct);
        assert_eq!(scan.missed[0].move_number(), Some(10));
        assert_eq!(scan.missed[0].side(), Color::White);
        assert_eq!(scan.missed[0].line().attacker_moves(), 2);
        // Without the pass, nothing.
        assert_eq!(missed_wins(&r, &a, Limits::default()), []);
        // Black's open three at move 5 and b14 at move 7: a VCF (also a VCT) missed, reported
        // once, as missed-vcf.
        let r = record("h8 a1 i8 a2 j8 a3 b14 a4", DeclaredResult::Unknown);
        let a = audit(&r, &Settings::default());
        let kinds: Vec<_> = scan_game_with(&r, &a, &vct_limits(5, 10_000_000))
            .missed
            .iter()
            .map(|m| (m.kind().name(), m.move_number()))
            .collect();
        assert_eq!(kinds, [("missed-vcf", Some(7))]);
        // The game stopping at White's turn before move 10, declared lost by White.
        let r = record("a1 f8 a3 g8 o1 h10 o3 h11 o15", DeclaredResult::Black);
        let a = audit(&r, &Settings::default());
        let scan = scan_game_with(&r, &a, &vct_limits(2, 10_000_000));
        let kinds: Vec<_> = scan.missed.iter().map(|m| m.kind().name()).collect();
        assert_eq!(kinds, ["lost-with-vct"]);
        assert_eq!(
            scan.missed[0].to_string(),
            format!(
                "declared lost by white, who has a VCT in 2 on the final board ({})",
                scan.missed[0].line()
            )
        );
    }

    #[test]
    fn a_vct_search_out_of_budget_is_a_vct_unknown_note_not_a_finding() {
        let r = record(VCT_GAME, DeclaredResult::Unknown);
        let a = audit(&r, &Settings::default());
        let scan = scan_game_with(&r, &a, &vct_limits(2, 1));
        assert_eq!(scan.missed, []);
        let before_10 = Unsettled {
            move_number: Some(10),
            side: Color::White,
            search: Search::Vct,
        };
        assert!(scan.unsettled.contains(&before_10), "{:?}", scan.unsettled);
        assert!(scan.unsettled.iter().all(|u| u.kind() == "vct-unknown"));
        assert_eq!(
            before_10.to_string(),
            "the VCT search for white before move 10 ran out of budget: not known, no finding made"
        );
    }

    #[test]
    fn moves_after_the_end_are_not_looked_at() {
        // Black's five at move 9 ends the game; the moves after it are ignored.
        let moves = "h8 a1 i8 a2 j8 a4 k8 a6 l8 b1 b2";
        assert_eq!(kinds(moves, DeclaredResult::Black), []);
        // A depth limit of 0 (no four before the five) still sees the five at move 9 but not
        // the open four at 7.
        let r = record("h8 a1 i8 a2 j8 a4 b14 a6 k8 a7", DeclaredResult::White);
        let a = audit(&r, &Settings::default());
        let limits = Limits {
            max_depth: 0,
            ..Limits::default()
        };
        let found: Vec<Option<usize>> = missed_wins(&r, &a, limits)
            .iter()
            .map(MissedWin::move_number)
            .collect();
        // Move 10 (White) misses nothing; Black at 11 has a five: lost-with-vcf.
        assert_eq!(found, [None]);
    }
}
