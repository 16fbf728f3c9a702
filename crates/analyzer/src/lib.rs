#![doc = include_str!("../README.md")]

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
