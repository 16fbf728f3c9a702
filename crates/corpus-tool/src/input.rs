//! Reading the inputs of every archive command: the paths given into files ([`walk`]) and the
//! records of each file ([`source`]), in input order.
//!
//! - [`walk`]: files and folders into the files to read, in input order
//!   ([`walk_paths`], [`collect_files`]); hidden-file and symlink rules; what cannot be
//!   read ([`FileProblem`]) or is skipped ([`Skipped`]).
//! - [`source`]: the records of one file ([`each_record`]) or of many
//!   ([`for_each_record`]), streamed where the format allows, memory bounded; how files are
//!   read ([`ReadOptions`]).
//!
//! For the records of many files worked on in parallel, in order, see
//! [`crate::engine`] and [`crate::validate::audit_entries`].

pub mod source;
pub mod walk;

pub use source::{
    FileRead, OpenFile, ReadOptions, RecordItem, Streamed, each_record, each_record_in_bytes,
    each_record_opened, each_record_small, for_each_record,
};
pub use walk::{
    Entry, FileProblem, InputFile, ProblemKind, SkipReason, Skipped, Walk, collect_files,
    walk_paths,
};
