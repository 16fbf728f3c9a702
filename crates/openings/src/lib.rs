//! # renju-openings
//!
//! Everything about how a renju game starts:
//!
//! - the 26 canonical openings ([`catalogue`], [`by_code`]) and [`identify`], which names the
//!   opening of any first three stones in any of the 8 orientations;
//! - the opening rules ([`OpeningRule`]: RIF, Yamaguchi, Soosõrv-N, Taraguchi-N, Tarannikov,
//!   Swap1, Swap2, continuous swap, ...) as protocols: [`check`] walks an
//!   [`OpeningTranscript`] (who placed which stone, swap decisions, declared numbers, offered
//!   5th moves) and names the first [`Violation`] with its step, including the area rules and
//!   the rule that offered 5th moves must not be symmetric equivalents ([`equivalent_offers`]);
//! - the continuous-swap (连换) patterns, enumerated from the protocol
//!   ([`continuous_swap_patterns`]: 43 sequences, 41 patterns);
//! - what a game *record* shows against its rule ([`check_record`]: every
//!   [`RecordViolation`], and a [`NotCheckable`] note for each check the record's data does
//!   not allow) and the first-three check alone ([`check_first_three`]);
//! - the text of the reference tables ([`generate_tables`]) and of the command line
//!   ([`identify_report`], [`table_text`]).
//!
//! It does **not** judge fouls (that is `renju-core`), read record files (`renju-notation`)
//! or decide who won (`renju-analyzer`). It reads and writes no files: the catalogue is
//! written in this crate's source.
//!
//! ```
//! use renju_openings::{OpeningRule, OpeningTranscript, Player::*, by_code, check, identify};
//! use renju_core::Point;
//! let p = |s: &str| s.parse::<Point>().unwrap();
//! // Name three stones, in any orientation: h8 g9 g10 is 2I 峡月 turned a quarter.
//! let found = identify(&[p("h8"), p("g9"), p("g10")]).unwrap();
//! assert_eq!(found.opening, by_code("2I").unwrap());
//! // Check a RIF opening: P2 declines the swap, White 4, two 5th-move offers, White keeps one.
//! let t = OpeningTranscript::new().place(P1, p("h8")).place(P1, p("i9")).place(P1, p("j10"))
//!     .place(P2, p("h10")).offer(P1, &[p("g7"), p("k9")]).choose(P2, p("k9")).place(P2, p("g9"));
//! assert_eq!(check(OpeningRule::Rif, &t), Ok(()));
//! ```

mod catalogue;
mod isometry;
mod lianhuan;
mod protocol;
mod recorded;
mod report;
mod rule;
mod tables;

pub use catalogue::{
    Identified, NotAnOpeningError, Opening, OpeningKind, OpeningSymmetry, by_code, catalogue,
    identify,
};
pub use isometry::{Isometry, OfferSymmetry, equivalent_offers, first_equivalent_pair, stabiliser};
pub use lianhuan::{Action, AfterSix, Decision, Pattern, continuous_swap_patterns};
pub use protocol::{
    Area, Event, Expected, OpeningTranscript, Player, RecordedOpening, Violation, check, check_with,
};
pub use recorded::{
    FirstThreeViolation, NotCheckable, OfferCount, Offers, OpeningRecord, RecordCheck,
    RecordViolation, Swaps, check_first_three, check_record, check_record_with, swap_slots,
};
pub use report::{IdentifyError, identify_report, table_text};
pub use rule::{ALL_RULES, FoulsApply, OpeningRule, ParseOpeningRuleError};
pub use tables::{GeneratedFile, RatingsError, RuleRating, RuleRatings, generate_tables};

/// The examples of the README compile and pass.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
