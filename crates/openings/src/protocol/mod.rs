//! Opening rules as protocols: an [`OpeningTranscript`] (who placed which stone, swap
//! decisions, declared numbers, offered 5th moves) is checked step by step against an
//! [`OpeningRule`](crate::OpeningRule) by [`check`]; the first [`Violation`] is named with its
//! step.
//!
//! One job per module: `transcript` (what happened), `violation` (how a rule is broken),
//! `machine` (the state machine), `reconstruct` (a transcript from a record's fields).

mod machine;
mod reconstruct;
mod transcript;
mod violation;

pub use machine::{check, check_with};
pub use reconstruct::RecordedOpening;
pub use transcript::{Event, OpeningTranscript, Player};
pub use violation::{Area, Expected, Violation};
