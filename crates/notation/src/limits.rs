//! The sizes past which readers stop and report a record as too large
//! ([`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge)), so that no input, however damaged,
//! can exhaust memory or time.
//!
//! Every limit is far above what a real game needs (a 20x20 board has 400 points; a game
//! line of a `.renju` file is about a kilobyte) and low enough that a reader holding one
//! item of each size stays within a few tens of megabytes.
//!
//! Not a configuration system: the streaming readers take their limit as an argument where a
//! caller could sensibly want another (see
//! [`RenjuBufReader::with_max_line`](crate::renju_line::RenjuBufReader::with_max_line)).
//!
//! ```
//! use renju_notation::limits;
//! assert!(limits::MAX_LINE >= 64 * 1024);
//! assert!(limits::MAX_MOVES >= 400);
//! assert!(limits::whole_file_limit(renju_notation::Format::Sgf).is_some());
//! assert!(limits::whole_file_limit(renju_notation::Format::Renju).is_none());
//! ```

use crate::Format;

/// The longest line a line reader (`.renju`, move lists) keeps: 1 MiB. A longer line is
/// skipped (read to its end without being kept) and reported as one bad record.
pub const MAX_LINE: usize = 1 << 20;

/// The largest XML event (a tag with its attributes, or a text) the `.rif` reader keeps:
/// 1 MiB. A longer text is skipped and its game reported; a longer tag ends the file's
/// reading with an error.
pub const MAX_XML_EVENT: usize = 1 << 20;

/// The most entries (rules, openings, players, tournaments together) a `.rif` reader keeps
/// in its tables: 500,000; ids past it are kept as written.
pub const MAX_RIF_TABLE: usize = 500_000;

/// The most moves a record may hold (and, plus one, the most nodes of a line of an SGF tree):
/// 10,000 (a 20x20 board has 400 points; passes aside,
/// no game comes near).
pub const MAX_MOVES: usize = 10_000;

/// The deepest nesting of SGF variations read: 10,000 levels.
pub const MAX_SGF_DEPTH: usize = 10_000;

/// The most nodes a RenLib `.lib` tree may hold: 500,000 (about 75 MB of nodes, far above
/// the largest libraries in circulation).
pub const MAX_LIB_NODES: usize = 500_000;

/// The most property values (ids counted) of one SGF node: 100,000 (a node with comments,
/// labels and setup stones holds at most a few hundred).
pub const MAX_SGF_VALUES: usize = 100_000;

/// The most nodes of one SGF game tree: 500,000, as for a `.lib` tree.
pub const MAX_TREE_NODES: usize = MAX_LIB_NODES;

/// The most moves the lines of one `.lib` or SGF tree may hold together: 20,000,000 (a library of a
/// hundred thousand 40-move lines holds 4,000,000). Past it, each further line is reported
/// as too large rather than built, so a small file with a long trunk and many leaves cannot
/// take hours.
pub const MAX_LIB_LINE_MOVES: usize = 20_000_000;

/// The largest file of a format that is read whole into memory (`None` for the streamed
/// formats: `.renju`, move lists, `.rif`). A `.psq` or `.pos` holds one game; SGF and
/// `.lib` files of tens of megabytes are already far beyond any real collection.
#[must_use]
pub const fn whole_file_limit(format: Format) -> Option<u64> {
    match format {
        Format::Renju | Format::Moves | Format::Rif => None,
        Format::Psq => Some(1 << 20),
        Format::Pos => Some(64 << 10),
        Format::Sgf => Some(32 << 20),
        Format::Lib => Some(16 << 20),
    }
}
