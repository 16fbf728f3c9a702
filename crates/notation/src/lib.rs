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

/// The number of stones on the board after which each swap chance of a rule comes, for `n`
/// swap decisions (the default for a record's `after_move`; the audit places decisions by the
/// rule itself, `renju_openings::swap_slots`): after stone 1 for Swap1 (P2 chooses the colour after
/// black 1); after 3 and then 5 for Swap2 (option c: P2 places 4 and 5, then P1 chooses);
/// after 5 for 5-move swap; after 1, 2, 3... for Tarannikov, Taraguchi and five-times swap (a
/// chance after each opening stone); after 3, 4, 5... for every other rule (RIF, Sakata and
/// Yamaguchi swap after move 3; Soosõrv and Yamasõrv again after move 4). Case, spaces, `-`
/// and `_` in the name are ignored.
///
/// ```
/// assert_eq!(renju_notation::swap_slots(Some("RIF"), 1), [3]);
/// assert_eq!(renju_notation::swap_slots(Some("Soosyrv-8"), 2), [3, 4]);
/// assert_eq!(renju_notation::swap_slots(Some("Taraguchi-10"), 5), [1, 2, 3, 4, 5]);
/// assert_eq!(renju_notation::swap_slots(Some("Swap1"), 1), [1]);
/// assert_eq!(renju_notation::swap_slots(Some("Swap2"), 2), [3, 5]);
/// ```
#[must_use]
pub fn swap_slots(rule: Option<&str>, n: usize) -> Vec<usize> {
    let r: String = rule
        .unwrap_or("")
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '.'))
        .flat_map(char::to_lowercase)
        .collect();
    let each = ["tara", "fivetimesswap", "5timesswap", "swap5"];
    let fixed: &[usize] = match r.as_str() {
        "swap1" | "oneswap" | "一手交换" | "一手交換" => &[1],
        "swap2" | "gomokuswap2" | "swap2gomoku" | "二次交换" | "二次交換" => &[3, 5],
        "5moveswap" | "fivemoveswap" | "五手交换" | "五手交換" => &[5],
        _ => &[],
    };
    if !fixed.is_empty() {
        // Past the rule's chances: the following stones (the audit reports the excess).
        let last = fixed[fixed.len() - 1];
        return (0..n)
            .map(|i| fixed.get(i).copied().unwrap_or(last + i + 1 - fixed.len()))
            .collect();
    }
    let first = if each.iter().any(|e| r.starts_with(e)) {
        1
    } else {
        3
    };
    (0..n).map(|i| first + i).collect()
}
