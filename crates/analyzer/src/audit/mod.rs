//! Replaying a record and adjudicating it: [`audit`] and the [`GameAudit`] it returns.
//!
//! One job per module: `end` (the first decisive event), `illegal` (moves that cannot be
//! played), `finding` (what is worth a look), `verdict` (consistency and the one-word
//! verdict), `game_audit` (the audit and its sentences, notes), `replay` (the replay itself).

mod end;
mod finding;
mod game_audit;
mod illegal;
mod replay;
mod verdict;

pub use end::{End, UnknownEnd};
pub use finding::Finding;
pub use game_audit::{GameAudit, Note};
pub use illegal::{Illegal, IllegalKind, UnreadableMove};
pub use replay::{audit, audit_with_unreadable};
pub use verdict::{Agreement, Consistency, GameVerdict, Undecided};
