//! Replaying a record and adjudicating it: [`audit`] and [`audit_with_unreadable`].

use super::verdict::consistency;
use super::{End, Finding, GameAudit, Illegal, IllegalKind, Note, UnreadableMove};
use crate::opening::{self, Opening, OpeningNote, RuleName};
use crate::settings::{ClaimPolicy, Settings};
use crate::setup::{SetUp, SetUpSummary, opening_set_up};
use renju_core::{Board, Color, Foul, FoulChecker, Move, Point, RENJU_SIZE, RuleSet, Verdict};
use renju_notation::{GameRecord, SetupStone};

/// Replays `record` under `settings` and says what happened.
///
/// One incremental [`FoulChecker`] follows the game; the only allocations are the ones for
/// findings. Colours alternate from Black, a pass uses a turn.
///
/// ```
/// use renju_analyzer::{audit, End, GameVerdict, Settings};
/// use renju_notation::{DeclaredResult, GameRecord};
/// use renju_core::Move;
/// let mut record = GameRecord::new(15);
/// record.result = DeclaredResult::Black;
/// for m in "h8 h9 i8 i9 j8 j9 k8 k9 l8".split(' ') {
///     record.moves.push(m.parse::<Move>().unwrap());
/// }
/// let a = audit(&record, &Settings::default());
/// assert_eq!((a.end, a.end_move, a.continues), (End::BlackFive, Some(9), false));
/// assert_eq!(a.verdict(), GameVerdict::Ok);
/// ```
#[must_use]
pub fn audit(record: &GameRecord, settings: &Settings) -> GameAudit {
    audit_impl(record, settings, None)
}

/// Like [`audit`], for a record whose reader stopped at an unreadable move: `record.moves`
/// holds the moves before it. The replay stops there with an [`IllegalKind::Unreadable`].
///
/// ```
/// use renju_analyzer::{audit_with_unreadable, GameVerdict, Settings, UnreadableMove};
/// use renju_notation::GameRecord;
/// use renju_core::Move;
/// let mut record = GameRecord::new(15);
/// record.moves = vec!["h8".parse::<Move>().unwrap(), "h9".parse().unwrap()];
/// let bad = UnreadableMove { number: 3, text: "x9".into(), reason: "'x' is not a column".into() };
/// let a = audit_with_unreadable(&record, &Settings::default(), &bad);
/// assert_eq!((a.moves, a.verdict()), (3, GameVerdict::Illegal));
/// assert_eq!(a.detail(), "move 3 'x9' cannot be read: 'x' is not a column");
/// ```
#[must_use]
pub fn audit_with_unreadable(
    record: &GameRecord,
    settings: &Settings,
    unreadable: &UnreadableMove,
) -> GameAudit {
    audit_impl(record, settings, Some(unreadable))
}

struct Replay {
    end: End,
    end_move: Option<usize>,
    illegal: Option<Illegal>,
    findings: Vec<Finding>,
    /// An overline still claimable when the replay finished (claim policy).
    pending_overline: bool,
}

impl Replay {
    /// Black's move `number` (of `total`) on `p` is a `foul`: what it does under `claim`.
    /// `Ok(Some(end))` when it decides the game, `Ok(None)` when play goes on (a lapsed or
    /// unclaimed foul is a finding; `overline` keeps the first overline, claimable until Black
    /// makes five), `Err(())` when the move is refused (the replay stops; `illegal` says why).
    fn foul(
        &mut self,
        number: usize,
        p: Point,
        foul: Foul,
        total: usize,
        claim: ClaimPolicy,
        overline: &mut Option<usize>,
    ) -> Result<Option<End>, ()> {
        match claim {
            ClaimPolicy::FoulLoses => Ok(Some(End::Foul(foul))),
            ClaimPolicy::Refuse => {
                self.illegal = Some(Illegal {
                    number,
                    kind: IllegalKind::Forbidden { point: p, foul },
                });
                Err(())
            }
            ClaimPolicy::Claim if foul == Foul::Overline => {
                overline.get_or_insert(number);
                self.findings
                    .push(Finding::UnclaimedOverline { number, point: p });
                Ok(None)
            }
            ClaimPolicy::Claim if number == total => Ok(Some(End::Foul(foul))),
            ClaimPolicy::Claim => {
                self.findings.push(Finding::LapsedFoul {
                    number,
                    point: p,
                    foul,
                });
                Ok(None)
            }
        }
    }
}

fn replay(
    moves: &[Move],
    setup: &[SetupStone],
    size: u8,
    total: usize,
    settings: &Settings,
) -> Replay {
    let mut out = Replay {
        end: End::None,
        end_move: None,
        illegal: None,
        findings: Vec::new(),
        pending_overline: false,
    };
    let board = Board::new(usize::from(size))
        .ok()
        .filter(|_| settings.rules != RuleSet::Renju || size == RENJU_SIZE);
    let Some(board) = board else {
        out.illegal = Some(Illegal {
            number: 0,
            kind: IllegalKind::BadBoardSize(size),
        });
        return out;
    };
    let mut checker = FoulChecker::new(&board);
    let cells = usize::from(size) * usize::from(size);
    let mut stones = 0usize;
    let mut set_up = SetUp::new(setup);
    let fouls = settings.rules.has_fouls();
    let rules = settings.rules;
    // First overline (claim policy), still claimable until Black makes five.
    let mut overline: Option<usize> = None;
    for (i, &mv) in moves.iter().enumerate() {
        let number = i + 1;
        let color = Color::of_move_number(number);
        match set_up.apply(&board, &mut checker, i) {
            Ok(delta) => stones = stones.saturating_add_signed(delta),
            Err(point) => {
                out.illegal = Some(Illegal {
                    number: 0,
                    kind: IllegalKind::OffBoard { point, size },
                });
                break;
            }
        }
        let Move::Stone(p) = mv else { continue };
        if !board.contains(p) {
            out.illegal = Some(Illegal {
                number,
                kind: IllegalKind::OffBoard { point: p, size },
            });
            break;
        }
        if let Some(by) = checker.stone(p) {
            out.illegal = Some(Illegal {
                number,
                kind: IllegalKind::Occupied { point: p, by },
            });
            break;
        }
        if out.end_move.is_some() {
            checker.place(p, color);
            stones += 1;
            continue;
        }
        let mut decided = None;
        if color == Color::Black && fouls {
            match checker.verdict(p, settings.convention) {
                Verdict::Five => decided = Some(End::BlackFive),
                Verdict::Legal => {}
                Verdict::Forbidden(foul) => {
                    let claimed = out.foul(number, p, foul, total, settings.claim, &mut overline);
                    match claimed {
                        Ok(end) => decided = end,
                        Err(()) => break,
                    }
                }
            }
        } else if checker.makes_five(p, color, rules) {
            decided = Some(if color == Color::Black {
                End::BlackFive
            } else {
                End::WhiteFive
            });
        }
        checker.place(p, color);
        stones += 1;
        if decided.is_none() && stones == cells && overline.is_none() {
            decided = Some(End::DrawFullBoard);
        }
        if let Some(e) = decided {
            out.end = e;
            out.end_move = Some(number);
        }
    }
    if out.end_move.is_none()
        && let Some(n) = overline
    {
        // Never claimed before a five: White may still claim it when the record stops
        // (or the board fills), so it decides the game, retroactively at its own move.
        out.end = End::Foul(Foul::Overline);
        out.end_move = Some(n);
        out.pending_overline = true;
        // The overlines are the end (and later ones follow it): not unclaimed findings.
        out.findings
            .retain(|f| !matches!(f, Finding::UnclaimedOverline { .. }));
    }
    out
}

fn audit_impl(
    record: &GameRecord,
    settings: &Settings,
    unreadable: Option<&UnreadableMove>,
) -> GameAudit {
    let (moves, total) = match unreadable {
        Some(u) => {
            let before = u.number.saturating_sub(1).min(record.moves.len());
            (&record.moves[..before], before + 1)
        }
        None => (&record.moves[..], record.moves.len()),
    };
    let mut r = replay(moves, &record.setup, record.board_size, total, settings);
    let set_up = SetUpSummary::of(&record.setup, moves.len());
    // An opening rule governs stones 1-6: a stone set up before move 7 means nobody played
    // the opening from the empty board, so it is neither named nor checked.
    let opening_set_up = opening_set_up(&record.setup, moves.len());
    if let (Some(u), None) = (unreadable, &r.illegal) {
        r.illegal = Some(Illegal {
            number: total,
            kind: IllegalKind::Unreadable {
                text: u.text.clone(),
                reason: u.reason.clone(),
            },
        });
    }
    let continues = r.end_move.is_some_and(|e| e < total);
    if let (true, Some(e), false) = (continues, r.end_move, r.pending_overline) {
        r.findings.push(Finding::MovesAfterEnd {
            end_move: e,
            count: total - e,
        });
    }
    let renju = settings.rules == RuleSet::Renju;
    let renju_board = renju && record.board_size == RENJU_SIZE;
    let rule = RuleName::of(record.rule.as_deref());
    let shape = renju_board && rule.wants_26();
    let opening = if renju_board && opening_set_up.is_some() {
        Opening::SetUp
    } else if renju_board {
        if shape
            && let Some(first) = moves.first()
            && first.point() != Some(Point::CENTER)
        {
            r.findings.push(Finding::FirstMoveOffCentre(first.point()));
        }
        let o = opening::identify(moves);
        if shape && let Opening::NotAnOpening(why) = o {
            // An off-centre first move is already reported.
            if !matches!(why, opening::NotAnOpening::FirstOffCentre(_)) {
                r.findings.push(Finding::NotAnOpening(why));
            }
        }
        o
    } else {
        Opening::NotApplicable
    };
    let mut notes: Vec<Note> = set_up.into_iter().map(Note::SetUp).collect();
    if let Some(s) = opening_set_up
        && (renju_board || rule != RuleName::None)
    {
        notes.push(Note::Opening(OpeningNote::SetUpPosition {
            after_move: s.first_after,
        }));
    } else if renju_board || rule != RuleName::None {
        let check = opening::check_opening(record);
        // Stones 1-3 outside the areas of a rule that starts from the 26 openings break that
        // rule: an `opening-protocol` finding naming the rule and the stone, besides the
        // `first-move-off-centre` / `not-an-opening` findings above (which are about the
        // shape, rule or no rule).
        r.findings
            .extend(check.problems.into_iter().map(Finding::OpeningProtocol));
        notes.extend(check.notes.into_iter().map(Note::Opening));
    }
    if let RuleName::Known(rule) = rule
        && settings.rules.has_fouls()
        && rule.fouls() == renju_openings::FoulsApply::No
        && rule != renju_openings::OpeningRule::Free
    {
        notes.push(Note::RulesDiffer {
            rule,
            audited_under: settings.rules,
        });
    } else if settings.rules.has_fouls()
        && record
            .tags
            .get(renju_notation::rif::RULE_CATEGORY_TAG)
            .is_some_and(|c| c.trim() == "2")
    {
        notes.push(Note::GomokuCategory {
            rule: record.rule.clone(),
            audited_under: settings.rules,
        });
    }
    let consistency = consistency(record.result, r.end, r.illegal.is_some());
    GameAudit {
        settings: *settings,
        declared: record.result,
        moves: total,
        end: r.end,
        end_move: r.end_move,
        continues,
        illegal: r.illegal,
        consistency,
        findings: r.findings,
        opening,
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameVerdict;

    #[test]
    fn bad_board_size_and_empty_record() {
        let a = audit(&GameRecord::default(), &Settings::default());
        assert_eq!(
            a.illegal.as_ref().map(|i| i.kind.name()),
            Some("bad-board-size")
        );
        assert_eq!(a.verdict(), GameVerdict::Illegal);
        let a = audit(&GameRecord::new(15), &Settings::default());
        assert_eq!(
            (a.end, a.moves, a.verdict()),
            (End::None, 0, GameVerdict::Ok)
        );
        assert_eq!(a.opening, Opening::TooShort);
    }
}
