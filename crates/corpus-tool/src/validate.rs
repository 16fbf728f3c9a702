//! The parallel corpus auditor behind `corpus-tool validate`, one job per module:
//!
//! - [`walk`] and [`source`] (re-exported from [`crate::input`], which all archive commands
//!   share): the paths given into files, in input order ([`collect_files`]); the records of
//!   one file ([`each_record`]).
//! - [`pipeline`]: the records of all files in one bounded parallel pipeline, rows in report
//!   order ([`audit_walk`], [`audit_paths`]).
//! - [`row`]: one typed report row per record ([`Row`], [`FindingKind`]).
//! - [`summary`]: the totals over the rows ([`Summary`]) and their text.
//! - [`report`]: the CSV report ([`ReportWriter`], [`audit_with_report`]) and the JSON
//!   summary.
//! - [`missed_args`]: the missed-wins options `validate` and `explain` share.
//! - [`command`]: the command itself ([`run_command`]), files written through
//!   [`AtomicFile`](crate::output::AtomicFile).
//!
//! **Accounting invariant:** every record a reader yields becomes exactly one [`Row`],
//! whether it was audited or could not be read, and the [`Summary`] counts are sums over
//! those rows.

pub mod command;
pub mod missed_args;
pub mod pipeline;
pub mod report;
pub mod row;
pub mod summary;

pub use crate::input::{source, walk};

pub use crate::input::source::{
    FileRead, OpenFile, ReadOptions, RecordItem, each_record, each_record_in_bytes,
    each_record_opened, each_record_small, for_each_file_record, for_each_record,
};
pub use crate::input::walk::{
    Entry, FileProblem, InputFile, ProblemKind, SkipReason, Skipped, Walk, collect_files,
    walk_paths,
};
pub use command::{Command, Io, main, run_command};
pub use pipeline::{Audited, Progress, audit_entries, audit_paths, audit_record, audit_walk};
pub use report::{
    CSV_HEADER, FINDINGS_HEADER, FindingRow, FindingsWriter, ReportWriter, RunError,
    audit_with_report, write_json,
};
pub use row::{FindingKind, Kinds, Row};
pub use summary::{
    Counted, Example, Interrupted, KindCount, MissedWins, RunSettings, Summary, Tally, VctPass,
    for_each_finding,
};

use renju_analyzer::Settings;
use renju_notation::{Format, Orientation};

/// What to audit and how.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Rule set, foul convention and claim policy.
    pub settings: Settings,
    /// Force a format instead of detecting it per file.
    pub format: Option<Format>,
    /// Force an orientation instead of each format's usual one.
    pub orientation: Option<Orientation>,
    /// Audit only every N-th record of each file (1 or 0: all of them).
    pub sample: usize,
    /// Look for missed wins (`missed-vcf`, `lost-with-vcf`; with a VCT pass `missed-vct`,
    /// `lost-with-vct`) with these limits (`--missed-wins[=vct]`); `None`: not looked for.
    pub missed_wins: Option<renju_analyzer::missed::ScanLimits>,
    /// Force the text encoding of every file (`--encoding NAME`); `None`: each file's
    /// declared or detected one.
    pub encoding: Option<&'static renju_notation::encoding::Encoding>,
}

impl Options {
    /// How files are read.
    #[must_use]
    pub const fn read_options(&self) -> ReadOptions {
        ReadOptions {
            format: self.format,
            orientation: self.orientation,
            encoding: self.encoding,
        }
    }
}
