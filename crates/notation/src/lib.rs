#![doc = include_str!("../README.md")]

mod convert;
pub mod encoding;
pub mod error;
pub mod format;
pub mod limits;
pub mod moves;
mod names;
pub mod pos;
pub mod psq;
mod read;
pub mod record;
pub mod renju_line;
pub mod renlib;
mod report;
pub mod rif;
pub mod sgf;
pub mod tree;
mod write;

pub use convert::{ConvertError, ConvertOptions, Converted, convert};
pub use error::{ErrorKind, Position, RecordError};
pub use format::{Format, UnknownFormatError, detect};
pub use read::{read_all, read_all_with, read_trees};
pub use record::{
    DeclaredResult, GameRecord, Label, Mark, MarkShape, MoveNote, Orientation, ReadRemark,
    SetupStone, SwapDecision,
};
pub use report::{ConversionReport, Dropped, Skipped};
pub use tree::GameTree;
pub use write::write;
