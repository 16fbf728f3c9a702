//! Reading the inputs of every archive command: the paths given into files ([`walk`]) and the
//! records of each file ([`source`]), in input order.
//!
//! - [`walk`]: files and folders into the files to read, in input order
//!   ([`walk_paths`], [`collect_files`]); hidden-file and symlink rules; what cannot be
//!   read ([`FileProblem`]) or is skipped ([`Skipped`]).
//! - [`source`]: the records of one file ([`each_record`]), streamed where the format
//!   allows, memory bounded; how files are read ([`ReadOptions`]).
//! - `parquet`: Parquet game files, one more input format of [`each_record`] (told by
//!   their magic bytes; read in place, one row group at a time).
//! - [`stream`](mod@stream): the records of many files in input order, worked on in parallel on the
//!   [`engine`](crate::engine) ([`stream()`]); [`for_each_record`] is its sequential form.

pub(crate) mod lines;
pub(crate) mod parquet;
pub mod source;
pub mod stream;
pub mod walk;

pub use source::{
    BrokenRecord, FileRead, OpenFile, ReadOptions, RecordItem, each_record, each_record_in_bytes,
    each_record_opened, each_record_small, for_each_file_record, for_each_record,
};
pub use stream::{NotReached, Progress, Read, Record, SMALL_FILE, StreamOptions, Streamed, stream};
pub use walk::{
    Entry, FileProblem, InputFile, ProblemKind, SkipReason, Skipped, Walk, Walker, collect_files,
    walk_paths,
};
