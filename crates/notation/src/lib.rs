//! # notation
//!
//! Renju and gomoku game records: every format and coordinate convention the field uses, read
//! and written through one record type, [`GameRecord`].
//!
//! | format | module | read | write |
//! |---|---|---|---|
//! | move strings `h8 h9`, `h8h9`, `H8,H9`, `--` | [`moves`] | yes | yes |
//! | `.renju` lines `<result> <moves>` | [`renju_line`] | yes (fast) | yes |
//! | RenjuNet `.rif` XML | [`rif`] | yes (streaming) | yes |
//! | Piskvork / Gomocup `.psq` | [`psq`] | yes | yes |
//! | SGF `GM[4]` / Gomoku Quest `GM[5]` / `GM[1]` exports | [`sgf`] | yes (every variation) | yes (whole trees) |
//! | RenLib `.lib` tree | [`renlib`] | yes (whole tree) | yes (byte-identical) |
//! | RenLib binary `.pos` | [`pos`] | yes | yes |
//!
//! Every reader and writer takes an explicit [`Orientation`] (row 1 at the bottom or at the
//! top); [`Format::default_orientation`] gives each format's usual one. Readers are iterators
//! of `Result<GameRecord, RecordError>`: a broken record is reported with its file, index and
//! position ([`RecordError`]) and the next record is read; no input makes them panic.
//! [`read_all`], [`write`](fn@crate::write) and [`convert`] work on any [`Format`]; writing reports what the
//! target format could not hold ([`ConversionReport`]).
//!
//! ## Trees
//!
//! SGF and `.lib` hold move trees: [`tree::GameTree`] is the one tree type of both (moves and
//! passes, per-node comments, board texts, labels, marks, setup stones; prefixes shared).
//! [`read_trees`] reads them whole and [`convert`] between the two keeps every line, comment
//! and label; as records ([`read_all`]) every root-to-leaf line is one [`GameRecord`].
//!
//! ## Notes, encodings, tags
//!
//! Comments, board texts, labels and marks are typed in [`GameRecord::notes`] (a
//! [`MoveNote`] per node, numbered by the moves played before it), setup stones in
//! [`GameRecord::setup`]. Texts are decoded as the file declares (SGF `CA`, the XML
//! declaration) when the bytes fit, else as detected ([`encoding`]); the encoding used is in
//! [`GameRecord::encoding`]. What a format carries beyond the record fields goes into `tags`
//! under the format's own key: RIF game attributes by name (`btime`, `publisher`...) and the
//! `<info>` text as `info`; SGF root properties by id (`GN`, `BR`, `RE` when worded like
//! `B+Resign`); the `.lib` leaf number as `lib:line`; `.psq` header and trailer values as
//! `psq:levels`, `psq:first`, `psq:times`, `psq:errcode`. A `.renju` or `.psq` record read
//! lossily from invalid UTF-8 carries [`renju_line::ENCODING_TAG`].
//!
//! No input can exhaust memory: the sizes past which a reader reports a record as too large
//! are in [`limits`].
//!
//! Not for judging games (the `analyzer` crate does that) nor for knowing the rules (see
//! `renju-core`): a record that is well-formed but illegal on the board (a repeated point, a
//! move after a five) is read as written.
//!
//! ```
//! use renju_notation::{Format, Orientation, read_all, write};
//! let text = b"black h8 h9 i8 g8\n";
//! let games: Vec<_> = read_all(Format::Renju, text, "a.renju", Orientation::RowOneAtBottom)
//!     .collect::<Result<_, _>>().unwrap();
//! let (psq, report) = write(Format::Psq, &games, Orientation::RowOneAtTop);
//! assert!(String::from_utf8(psq).unwrap().starts_with("Piskvorky 15x15, 0:0, 0\r\n8,8,0\r\n8,7,0\r\n"));
//! assert_eq!(report.written, 1);
//! ```

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
pub use format::{Format, UnknownFormat, detect};
pub use read::{read_all, read_all_with, read_trees};
pub use record::{
    DeclaredResult, GameRecord, Label, Mark, MarkShape, MoveNote, Orientation, ReadRemark,
    SetupStone, SwapDecision,
};
pub use report::{ConversionReport, Dropped, Skipped};
pub use tree::GameTree;
pub use write::write;
