//! Missed wins: the positions of a game where the side to move had a VCF (victory by
//! continuous fours, the `vcf` crate) and did not play it, and games declared lost by a side
//! that had one on the final board.
//!
//! Two findings, typed ([`MissedWin`]), each with the VCF line that was there so that a report
//! can show it:
//! - `missed-vcf`: before move k the side to move had a VCF and move k is not the first move
//!   of any VCF (the played move itself is checked, not only the line the solver found first);
//!   a pass with a VCF on the board counts too. Only moves up to the game's end (the first
//!   decisive event) and before an illegal move are looked at.
//! - `lost-with-vcf`: the record ends with no decisive event (`end` is `none`, every move
//!   legal), the declared result is a win for the opponent of the side to move, and that side
//!   has a VCF on the final board.
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
}

impl MissedWin {
    /// The move played instead of the VCF (`missed-vcf`); `None` for `lost-with-vcf`, which
    /// is about the final board.
    #[must_use]
    pub const fn move_number(&self) -> Option<usize> {
        match self {
            MissedWin::MissedVcf { move_number, .. } => Some(*move_number),
            MissedWin::LostWithVcf { .. } => None,
        }
    }

    /// The side that had the VCF.
    #[must_use]
    pub const fn side(&self) -> Color {
        match self {
            MissedWin::MissedVcf { side, .. } | MissedWin::LostWithVcf { side, .. } => *side,
        }
    }

    /// The VCF line that was there (attacker first, from the position before the move, or
    /// the final position).
    #[must_use]
    pub const fn line(&self) -> &Line {
        match self {
            MissedWin::MissedVcf { line, .. } | MissedWin::LostWithVcf { line, .. } => line,
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
}

/// A position of a game whose question the node budget left open: no finding is made from
/// it, in either direction (see [`scan_game`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsettled {
    /// The move played from that position (1-based, passes counted); `None` for the final
    /// board (the `lost-with-vcf` question).
    pub move_number: Option<usize>,
    /// The side whose VCF was asked about.
    pub side: Color,
}

impl Unsettled {
    /// The word a report uses for such a position (a note, not a finding).
    pub const KIND: &'static str = "vcf-out-of-nodes";
}

impl std::fmt::Display for Unsettled {
    /// One sentence, e.g. `the VCF search for black before move 74 ran out of nodes: not
    /// known, no finding made`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = match self.move_number {
            Some(n) => format!("before move {n}"),
            None => "on the final board".to_string(),
        };
        write!(
            f,
            "the VCF search for {} {at} ran out of nodes: not known, no finding made",
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
    let Ok(start) = Board::new(usize::from(record.board_size)) else {
        return GameScan::default();
    };
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = match &mut *slot {
            Some((s, solver)) if *s == audit.settings => {
                solver.set_board(&start);
                solver
            }
            _ => {
                let solver = Solver::with_options(
                    &start,
                    audit.settings.rules,
                    audit.settings.convention,
                    limits,
                );
                &mut slot.insert((audit.settings, solver)).1
            }
        };
        solver.set_limits(limits);
        scan(record, audit, solver)
    })
}

fn scan(record: &GameRecord, audit: &GameAudit, solver: &mut Solver) -> GameScan {
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
                    }),
                }
            }
            Answer::NotFound => {}
            Answer::OutOfNodes => out.unsettled.push(Unsettled {
                move_number: Some(number),
                side,
            }),
        }
        let placed = match mv {
            Move::Stone(p) => solver.place(p, side),
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
        Answer::NotFound => {}
        Answer::OutOfNodes => out.unsettled.push(Unsettled {
            move_number: None,
            side,
        }),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
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
