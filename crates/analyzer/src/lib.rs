//! # analyzer
//!
//! Replays a renju (or gomoku) game record, says what really happened on the board and
//! whether the record's claims hold: [`audit`] gives a [`GameAudit`] per game (the first
//! decisive event, illegal moves, consistency of the declared result, findings, the opening)
//! fast enough for whole archives; [`annotate()`] and [`explain_move`] explain a game move by
//! move on demand.
//!
//! It does **not** read record files (the `notation` crate does), name the 26 openings or
//! check opening-rule protocols in depth (the `openings` crate; see [`opening`] for the one
//! wire-up point), decide fouls itself (renju-core's [`FoulChecker`](renju_core::FoulChecker)
//! does) or search for good moves.
//!
//! ## How a game is adjudicated
//! Colours alternate from Black; a pass uses a turn. Under [`RuleSet::Renju`](renju_core::RuleSet)
//! Black wins with an exact five, which overrides any foul the same stone forms; White wins
//! with five or more. Free-style: five or more for both, no fouls. Standard gomoku: exactly
//! five for both, an overline is just a move. A full board with no winner is a draw. The
//! [`End`] is the first decisive event; [`GameAudit::continues`] says whether moves follow it.
//!
//! Black's fouls are decided by the foul checker under the chosen
//! [`Convention`](renju_core::Convention) and turned into results by the [`ClaimPolicy`]:
//! - `claim` (default, the tournament rule, `RULES.md` section 4). A 3-3 or 4-4 foul decides the
//!   game (end `foul-double-three` / `foul-double-four`) only when it is the record's last
//!   move: the record ending right after it is read as White's claim. If any move follows
//!   (a pass included: White took a turn instead of claiming), the foul has lapsed and is
//!   reported as a [`Finding::LapsedFoul`]; play goes on.
//!
//!   An overline stays claimable until Black has won. This crate's reading: if Black later
//!   makes a five, the overline was never claimed (a [`Finding::UnclaimedOverline`]) and the
//!   end is `black-five`; if White later makes five, White won anyway and the end is
//!   `white-five` (same finding). If the record stops, or the board fills, with no five after
//!   it, White could still claim it, so the first overline is the end (`foul-overline` at its
//!   own move, with `continues` true when moves followed; those moves were legitimate, so no
//!   `moves-after-end` finding). A 3-3/4-4 as the very last move still ends the game at that
//!   move even when an earlier overline is pending (White's claim at the end is the decisive
//!   event; the overline is reported unclaimed).
//! - `foul-loses`: the first foul ends the game as a White win.
//! - `refuse`: a foul is an illegal move; the replay stops there.
//!
//! ## What the corpus auditor writes
//! Per record, the report columns come from [`GameAudit`]: `moves` = [`GameAudit::moves`],
//! `declared` = [`GameAudit::declared`], `end` = [`End::name`], `end_move` =
//! [`GameAudit::end_move`] (empty for `none`), `continues` = [`GameAudit::continues`],
//! `verdict` = [`GameAudit::verdict`] (`ok`, `warning`, `result-mismatch`, `illegal`; the
//! auditor adds `unreadable` for records that did not parse, [`GameVerdict::Unreadable`]), and
//! `detail` = [`GameAudit::detail`]. Findings by kind: [`Finding::kind`] (a [`FindingKind`],
//! the one vocabulary of finding kinds, with the auditor's `illegal`, `result-mismatch`,
//! `unreadable` and the missed-wins scan's `missed-vcf`, `lost-with-vcf`;
//! [`GameAudit::kinds`]) and [`Finding::move_number`]; illegal moves by [`IllegalKind::name`]. `Display` on a
//! [`GameAudit`] gives a few lines for a person.
//!
//! ## Example
//! ```
//! use renju_analyzer::{audit, ClaimPolicy, End, GameVerdict, Settings};
//! use renju_notation::{DeclaredResult, GameRecord};
//! use renju_core::{Foul, Move};
//! // Black's j8 makes two open threes (h8 i8 j8 and j8 j9 j10): a double three.
//! let mut record = GameRecord::new(15);
//! record.result = DeclaredResult::White;
//! for m in "h8 h9 i8 b2 j9 b14 j10 n14 j8".split(' ') {
//!     record.moves.push(m.parse::<Move>().unwrap());
//! }
//! let a = audit(&record, &Settings::default());
//! assert_eq!(a.end, End::Foul(Foul::DoubleThree));
//! assert_eq!(a.end_move, Some(9));
//! assert_eq!(a.verdict(), GameVerdict::Ok);
//!
//! // White played on: under the claim policy the foul lapsed.
//! record.moves.push("a1".parse::<Move>().unwrap());
//! let a = audit(&record, &Settings::default());
//! assert_eq!((a.end, a.verdict()), (End::None, GameVerdict::Warning));
//!
//! // Under foul-loses it still ended the game at move 9.
//! let s = Settings { claim: ClaimPolicy::FoulLoses, ..Settings::default() };
//! let a = audit(&record, &s);
//! assert_eq!((a.end_move, a.continues), (Some(9), true));
//! ```

pub mod annotate;
mod audit;
pub mod fifth_stats;
mod kind;
pub mod missed;
mod names;
pub mod opening;
mod settings;
mod setup;
pub mod stats;

pub use annotate::{MoveNote, annotate, explain_move};
pub use audit::{
    Agreement, Consistency, End, Finding, GameAudit, GameVerdict, Illegal, IllegalKind, Note,
    Undecided, UnknownEnd, UnreadableMove, audit, audit_with_unreadable,
};
pub use kind::{FindingKind, UnknownFindingKindError};
pub use opening::Opening;
pub use settings::{ClaimPolicy, Settings, UnknownClaimPolicy};
pub use setup::SetUpSummary;

/// The examples of the README compile and pass.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
