//! Game files: the versioned game schema ([`schema`]), the streaming writer ([`GameWriter`])
//! and the streaming reader ([`GameReader`]).
//!
//! # The schema (version 1)
//!
//! One row per game line (a tree of several lines is one row per line). The file metadata
//! key [`SCHEMA_KEY`] (`renju-kit.games.schema`) holds [`SCHEMA_VERSION`] (`1`).
//!
//! | column | type | what |
//! | --- | --- | --- |
//! | `source` | utf8 | the file the game was read from, as reports print it |
//! | `index` | uint64 | the 1-based index of the record in that file (as `validate`'s report) |
//! | `id` | utf8? | the record's own id (RIF game id) |
//! | `line` | utf8? | for a line of a tree: `L/N`, line `L` (pre-order, 1-based) of the `N` lines |
//! | `rules` | utf8? | the rule (or opening rule) field, as written (`RIF`, `Renju`, `Swap2`) |
//! | `opening_rule` | utf8? | the opening rule `rules` names, in its canonical name (`RIF`, `Soosorv-8`); null when it names none |
//! | `black`, `white`, `event`, `date` | utf8? | as written |
//! | `declared` | utf8 | the declared result: `black`, `white`, `draw` or `unknown` |
//! | `moves` | utf8 | the moves in the `.renju` spelling: row 1 at the bottom, single spaces, `--` a pass |
//! | `tags` | map<utf8, utf8> | the format's other fields by their own key, and the reserved keys below |
//! | `encoding` | utf8? | the text encoding the record was decoded with (`GBK`, `UTF-8`), for the formats that have one |
//! | `unreadable` | utf8? | null for a game; else why the record cannot be read (see [`Unreadable`]); `moves` are then the moves read before it |
//!
//! Reserved `tags` keys (prefix `renju-kit.`) keep the fields of a record that have no column,
//! so that a game comes back as it went in: `renju-kit.board_size` (when not 15),
//! `renju-kit.round`, `renju-kit.opening` (the opening name or code as written),
//! `renju-kit.fifth_offers` (the offered 5th moves, in the `moves` spelling),
//! `renju-kit.declared_offers`, `renju-kit.swaps` (the swap decisions: `N+` swapped after N
//! stones, `N-` kept, without `N` when the record does not say), `renju-kit.game_type` (an
//! SGF game type read as gomoku), `renju-kit.setup` (stones set up rather than played:
//! `N:Bh8 N:Wi9 N:Ej10`, black, white or cleared after N moves) and `renju-kit.encoding_lossy`
//! (`true` when bytes could not be decoded). Comments, board texts, labels, marks and other
//! SGF node properties (a record's [`ReadRemark::NodeProperties`]) have no place in a row:
//! the writer counts the records that lose them ([`Written::dropped`]).

use crate::Error;
use arrow_array::builder::{MapBuilder, StringBuilder, UInt64Builder};
use arrow_array::{
    Array, ArrayRef, LargeStringArray, MapArray, RecordBatch, StringArray, StringViewArray,
    UInt64Array,
};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::{ParquetRecordBatchReader, ParquetRecordBatchReaderBuilder};
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::basic::{Compression, Encoding, ZstdLevel};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::reader::ChunkReader;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;
use renju_core::{Move, Point};
use renju_notation::moves::{parse_moves_into, point_to};
use renju_notation::{
    GameRecord, Orientation, ReadRemark, SwapDecision,
    encoding::{EncodingSource, TextEncoding},
};
use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::io::Write;
use std::sync::Arc;

/// The file metadata key holding the schema version.
pub const SCHEMA_KEY: &str = "renju-kit.games.schema";
/// The schema version this crate writes and reads.
pub const SCHEMA_VERSION: &str = "1";
/// Rows per row group: the unit a streaming reader holds in memory (about 2 MB of moves
/// uncompressed for games of 40 moves), the unit of work of a distributed reader, and the
/// unit a writer encodes on one thread (the 147k archive is 9 row groups, encoded on as many
/// threads as there are). Smaller row groups cost nothing in size: the pages of `moves` hold
/// at most 20,000 rows either way.
pub const ROW_GROUP_ROWS: usize = 16 * 1024;
/// Rows per Arrow batch read back.
pub const BATCH_ROWS: usize = 4096;
/// The zstd level of `moves`, 99 % of a file's bytes: the 147k archive's file smaller than
/// its text at `gzip -9` (at level 9 it is 1 % larger), about 2/3 of the time spent writing
/// (docs/parquet.md).
const MOVES_ZSTD_LEVEL: i32 = 10;
/// The zstd level of the other columns (zstd's default): names, dates, results and tags
/// hold few bytes, compressed as well at a fraction of the cost.
const ZSTD_LEVEL: i32 = 3;
/// The data page size of `moves`: pages of 8 MB compress better than the default 1 MB (about
/// one page per row group).
const MOVES_PAGE: usize = 8 << 20;

/// The prefix of the reserved `tags` keys.
pub const RESERVED: &str = "renju-kit.";
const BOARD_SIZE: &str = "renju-kit.board_size";
const ROUND: &str = "renju-kit.round";
const OPENING: &str = "renju-kit.opening";
const FIFTH_OFFERS: &str = "renju-kit.fifth_offers";
const DECLARED_OFFERS: &str = "renju-kit.declared_offers";
const SWAPS: &str = "renju-kit.swaps";
const GAME_TYPE: &str = "renju-kit.game_type";
const SETUP: &str = "renju-kit.setup";
const ENCODING_LOSSY: &str = "renju-kit.encoding_lossy";

/// The columns of the schema, in order.
pub const COLUMNS: [&str; 15] = [
    "source",
    "index",
    "id",
    "line",
    "rules",
    "opening_rule",
    "black",
    "white",
    "event",
    "date",
    "declared",
    "moves",
    "tags",
    "encoding",
    "unreadable",
];

fn tags_builder() -> MapBuilder<StringBuilder, StringBuilder> {
    MapBuilder::new(None, StringBuilder::new(), StringBuilder::new()).with_values_field(Field::new(
        "values",
        DataType::Utf8,
        false,
    ))
}

/// The Arrow schema of a game file (version [`SCHEMA_VERSION`], in its metadata under
/// [`SCHEMA_KEY`]).
///
/// ```
/// let schema = renju_parquet::games::schema();
/// assert_eq!(schema.fields().len(), 15);
/// assert_eq!(schema.field(1).name(), "index");
/// assert_eq!(schema.metadata()["renju-kit.games.schema"], "1");
/// ```
#[must_use]
pub fn schema() -> SchemaRef {
    let text = |name: &str, nullable: bool| Field::new(name, DataType::Utf8, nullable);
    let tags = tags_builder().finish();
    let fields = vec![
        text("source", false),
        Field::new("index", DataType::UInt64, false),
        text("id", true),
        text("line", true),
        text("rules", true),
        text("opening_rule", true),
        text("black", true),
        text("white", true),
        text("event", true),
        text("date", true),
        text("declared", false),
        text("moves", false),
        Field::new("tags", tags.data_type().clone(), false),
        text("encoding", true),
        text("unreadable", true),
    ];
    let metadata: std::collections::HashMap<String, String> =
        [(SCHEMA_KEY.to_string(), SCHEMA_VERSION.to_string())].into();
    Arc::new(Schema::new_with_metadata(fields, metadata))
}

/// Why a row is not a game: the record could not be read at all, or one of its moves
/// could not be (the row's `moves` are then the moves before it). Written in the
/// `unreadable` column as its [`Display`](fmt::Display) text and read back by
/// [`Unreadable::parse`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// Nothing usable: the reader's sentence (naming the file, the record and the place).
    Record(String),
    /// A move that cannot be read: its 1-based number, its text as written, and why.
    /// Written `move N 'TEXT': REASON`.
    Move {
        /// The 1-based number of the move (the moves before it are the row's).
        number: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be read.
        reason: String,
    },
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unreadable::Record(why) => f.write_str(why),
            Unreadable::Move {
                number,
                text,
                reason,
            } => write!(f, "move {number} '{text}': {reason}"),
        }
    }
}

impl Unreadable {
    /// Reads the text of the `unreadable` column back.
    ///
    /// ```
    /// use renju_parquet::Unreadable;
    /// let m = Unreadable::Move { number: 3, text: "z9".into(), reason: "bad column 'z'".into() };
    /// assert_eq!(Unreadable::parse(&m.to_string()), m);
    /// let r = Unreadable::Record("a.sgf: record 2: unclosed node".into());
    /// assert_eq!(Unreadable::parse(&r.to_string()), r);
    /// let q = Unreadable::Move { number: 2, text: "h8x".into(), reason: "unknown 'x': no".into() };
    /// assert_eq!(Unreadable::parse(&q.to_string()), q);
    /// ```
    #[must_use]
    pub fn parse(text: &str) -> Unreadable {
        let as_move = || {
            let rest = text.strip_prefix("move ")?;
            let (number, rest) = rest.split_once(" '")?;
            let number = number.parse().ok()?;
            // the first `': `: a move's text holds no space, its reason may hold `': `
            let (word, reason) = rest.split_once("': ")?;
            Some(Unreadable::Move {
                number,
                text: word.to_string(),
                reason: reason.to_string(),
            })
        };
        as_move().unwrap_or_else(|| Unreadable::Record(text.to_string()))
    }
}

/// What a [`GameWriter`] wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    /// Rows written (games and unreadable records).
    pub rows: u64,
    /// Of them, rows of unreadable records (the `unreadable` column set).
    pub unreadable: u64,
    /// Row groups written.
    pub row_groups: usize,
    /// Fields a row has no place for, with how many records lost each (`comments`,
    /// `setup stones`...).
    pub dropped: BTreeMap<&'static str, usize>,
}

/// The builders of one batch.
struct Builders {
    source: StringBuilder,
    index: UInt64Builder,
    id: StringBuilder,
    line: StringBuilder,
    rules: StringBuilder,
    opening_rule: StringBuilder,
    black: StringBuilder,
    white: StringBuilder,
    event: StringBuilder,
    date: StringBuilder,
    declared: StringBuilder,
    moves: StringBuilder,
    tags: MapBuilder<StringBuilder, StringBuilder>,
    encoding: StringBuilder,
    unreadable: StringBuilder,
    rows: usize,
    /// The moves of the row being written.
    text: String,
}

impl Builders {
    fn new() -> Builders {
        Builders {
            source: StringBuilder::new(),
            index: UInt64Builder::new(),
            id: StringBuilder::new(),
            line: StringBuilder::new(),
            rules: StringBuilder::new(),
            opening_rule: StringBuilder::new(),
            black: StringBuilder::new(),
            white: StringBuilder::new(),
            event: StringBuilder::new(),
            date: StringBuilder::new(),
            declared: StringBuilder::new(),
            moves: StringBuilder::new(),
            tags: tags_builder(),
            encoding: StringBuilder::new(),
            unreadable: StringBuilder::new(),
            rows: 0,
            text: String::new(),
        }
    }

    fn finish(&mut self, schema: &SchemaRef) -> Result<RecordBatch, Error> {
        self.rows = 0;
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.source.finish()),
            Arc::new(self.index.finish()),
            Arc::new(self.id.finish()),
            Arc::new(self.line.finish()),
            Arc::new(self.rules.finish()),
            Arc::new(self.opening_rule.finish()),
            Arc::new(self.black.finish()),
            Arc::new(self.white.finish()),
            Arc::new(self.event.finish()),
            Arc::new(self.date.finish()),
            Arc::new(self.declared.finish()),
            Arc::new(self.moves.finish()),
            Arc::new(self.tags.finish()),
            Arc::new(self.encoding.finish()),
            Arc::new(self.unreadable.finish()),
        ];
        Ok(RecordBatch::try_new(schema.clone(), columns)?)
    }
}

/// Writes the moves in the `.renju` spelling (row 1 at the bottom, single spaces, `--` a
/// pass) on a board of side `size` (byte by byte: millions of moves go through here).
fn write_moves(out: &mut String, moves: impl IntoIterator<Item = Move>, size: u8) {
    for (i, mv) in moves.into_iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match mv {
            Move::Pass => out.push_str("--"),
            Move::Stone(p) => {
                let (c, r) = point_to(p, size, Orientation::RowOneAtBottom);
                out.push(char::from(b'a' + c as u8));
                let row = r + 1;
                if row >= 10 {
                    out.push(char::from(b'0' + (row / 10) as u8));
                }
                out.push(char::from(b'0' + (row % 10) as u8));
            }
        }
    }
}

/// Counts what a row of `game` loses and whether it is unreadable.
fn account(written: &mut Written, game: &GameRecord, unreadable: bool) {
    let mut lose = |what: &'static str, lost: bool| {
        if lost {
            *written.dropped.entry(what).or_default() += 1;
        }
    };
    lose("comments", game.notes.iter().any(|n| n.comment.is_some()));
    lose(
        "board texts",
        game.notes.iter().any(|n| n.board_text.is_some()),
    );
    lose("labels", game.notes.iter().any(|n| !n.labels.is_empty()));
    lose("marks", game.notes.iter().any(|n| !n.marks.is_empty()));
    lose(
        "other SGF node properties",
        game.remarks
            .iter()
            .any(|r| matches!(r, ReadRemark::NodeProperties(_))),
    );
    written.rows += 1;
    written.unreadable += u64::from(unreadable);
}

impl Written {
    /// Adds what another part of the file wrote.
    fn add(&mut self, other: &Written) {
        self.rows += other.rows;
        self.unreadable += other.unreadable;
        self.row_groups += other.row_groups;
        for (k, n) in &other.dropped {
            *self.dropped.entry(k).or_default() += n;
        }
    }
}

impl Builders {
    /// Appends the row of `game` (see [`GameWriter::push`]).
    fn push_row(
        &mut self,
        source: &str,
        index: u64,
        game: &GameRecord,
        unreadable: Option<&Unreadable>,
    ) -> Result<(), Error> {
        let b = self;
        b.source.append_value(source);
        b.index.append_value(index);
        b.id.append_option(game.id.as_deref());
        let mut game_type = None;
        let mut line = None;
        for r in &game.remarks {
            match r {
                ReadRemark::TreeLine { line: l, of } => line = Some(format!("{l}/{of}")),
                ReadRemark::GameType(gm) => game_type = Some(gm.as_str()),
                _ => {}
            }
        }
        b.line.append_option(line);
        b.rules.append_option(game.rule.as_deref());
        let opening_rule = game
            .rule
            .as_deref()
            .and_then(|r| renju_openings::OpeningRule::from_name(r).ok())
            .map(|r| r.name());
        b.opening_rule.append_option(opening_rule);
        b.black.append_option(game.black.as_deref());
        b.white.append_option(game.white.as_deref());
        b.event.append_option(game.event.as_deref());
        b.date.append_option(game.date.as_deref());
        b.declared.append_value(game.result.name());
        b.text.clear();
        write_moves(&mut b.text, game.moves.iter().copied(), game.board_size);
        b.moves.append_value(&b.text);
        // tags: the format's own, then the reserved keys
        for (k, v) in &game.tags {
            b.tags.keys().append_value(k);
            b.tags.values().append_value(v);
        }
        let mut reserved = |key: &str, value: &str| {
            b.tags.keys().append_value(key);
            b.tags.values().append_value(value);
        };
        if game.board_size != renju_core::RENJU_SIZE {
            reserved(BOARD_SIZE, &game.board_size.to_string());
        }
        if let Some(r) = &game.round {
            reserved(ROUND, r);
        }
        if let Some(o) = &game.opening {
            reserved(OPENING, o);
        }
        if !game.fifth_offers.is_empty() {
            let mut text = String::new();
            write_moves(
                &mut text,
                game.fifth_offers.iter().map(|&p| Move::Stone(p)),
                game.board_size,
            );
            reserved(FIFTH_OFFERS, &text);
        }
        if let Some(n) = game.declared_offers {
            reserved(DECLARED_OFFERS, &n.to_string());
        }
        if !game.swaps.is_empty() {
            let mut text = String::new();
            for (i, s) in game.swaps.iter().enumerate() {
                if i > 0 {
                    text.push(' ');
                }
                if let Some(n) = s.after_move {
                    let _ = write!(text, "{n}");
                }
                text.push(if s.swapped { '+' } else { '-' });
            }
            reserved(SWAPS, &text);
        }
        if let Some(gm) = game_type {
            reserved(GAME_TYPE, gm);
        }
        if !game.setup.is_empty() {
            let mut text = String::new();
            for (i, st) in game.setup.iter().enumerate() {
                if i > 0 {
                    text.push(' ');
                }
                let _ = write!(
                    text,
                    "{}:{}",
                    st.after_move,
                    match st.stone {
                        Some(renju_core::Color::Black) => 'B',
                        Some(renju_core::Color::White) => 'W',
                        None => 'E',
                    }
                );
                write_moves(&mut text, [Move::Stone(st.point)], game.board_size);
            }
            reserved(SETUP, &text);
        }
        if game.encoding.as_ref().is_some_and(|e| e.lossy) {
            reserved(ENCODING_LOSSY, "true");
        }
        b.tags.append(true)?;
        b.encoding
            .append_option(game.encoding.as_ref().map(|e| e.name));
        b.unreadable
            .append_option(unreadable.map(ToString::to_string));
        b.rows += 1;
        Ok(())
    }
}

/// The rows of one row group, gathered (the Arrow arrays being built) before they are
/// encoded ([`RowGroupEncoder::encode`]). A [`GameWriter`] gathers its own; a caller that
/// encodes row groups on several threads gathers them itself, one per thread, and hands the
/// encoded groups to [`GameWriter::append`] in order.
pub struct RowGroup {
    rows: Builders,
    written: Written,
}

impl Default for RowGroup {
    fn default() -> Self {
        RowGroup::new()
    }
}

impl fmt::Debug for RowGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RowGroup")
            .field("rows", &self.rows.rows)
            .finish_non_exhaustive()
    }
}

impl RowGroup {
    /// No rows yet.
    #[must_use]
    pub fn new() -> RowGroup {
        RowGroup {
            rows: Builders::new(),
            written: Written::default(),
        }
    }

    /// Adds a row, as [`GameWriter::push`] does.
    ///
    /// # Errors
    /// The row does not fit the Arrow arrays (a bug, said rather than panicked).
    pub fn push(
        &mut self,
        source: &str,
        index: u64,
        game: &GameRecord,
        unreadable: Option<&Unreadable>,
    ) -> Result<(), Error> {
        self.rows.push_row(source, index, game, unreadable)?;
        account(&mut self.written, game, unreadable.is_some());
        Ok(())
    }

    /// Adds the row of a record that could not be read at all, as
    /// [`GameWriter::push_unreadable`] does.
    ///
    /// # Errors
    /// As [`RowGroup::push`].
    pub fn push_unreadable(&mut self, source: &str, index: u64, why: &str) -> Result<(), Error> {
        let empty = GameRecord::new(renju_core::RENJU_SIZE);
        self.push(
            source,
            index,
            &empty,
            Some(&Unreadable::Record(why.to_string())),
        )
    }

    /// The rows gathered.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows.rows
    }
}

/// A row group encoded and compressed, every column, ready to be appended to its file
/// ([`GameWriter::append`]).
pub struct EncodedRowGroup {
    chunks: Vec<ArrowColumnChunk>,
    written: Written,
}

impl fmt::Debug for EncodedRowGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EncodedRowGroup")
            .field("rows", &self.written.rows)
            .finish_non_exhaustive()
    }
}

impl EncodedRowGroup {
    /// Its rows.
    #[must_use]
    pub fn rows(&self) -> u64 {
        self.written.rows
    }
}

/// Encodes and compresses row groups of one file ([`GameWriter::encoder`]): cheap to clone,
/// usable from any thread, so that the costly part of writing (zstd on every column) runs
/// on as many threads as there are row groups in flight.
#[derive(Clone)]
pub struct RowGroupEncoder {
    factory: Arc<ArrowRowGroupWriterFactory>,
    schema: SchemaRef,
}

impl fmt::Debug for RowGroupEncoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RowGroupEncoder").finish_non_exhaustive()
    }
}

impl RowGroupEncoder {
    /// Finishes the Arrow arrays of `group` and encodes them: every column of the schema,
    /// with the file's encodings and compression.
    ///
    /// # Errors
    /// A column cannot be encoded.
    pub fn encode(&self, mut group: RowGroup) -> Result<EncodedRowGroup, Error> {
        let batch = group.rows.finish(&self.schema)?;
        // the row group's index only matters to encryption, which game files do not use
        let mut writers = self.factory.create_column_writers(0)?;
        let mut leaves_of = writers.iter_mut();
        for (field, array) in self.schema.fields().iter().zip(batch.columns()) {
            for leaf in compute_leaves(field, array)? {
                let Some(w) = leaves_of.next() else {
                    return Err(Error::Schema(format!(
                        "column '{}' has more leaves than the schema",
                        field.name()
                    )));
                };
                w.write(&leaf)?;
            }
        }
        let chunks = writers
            .into_iter()
            .map(ArrowColumnWriter::close)
            .collect::<Result<Vec<_>, _>>()?;
        group.written.row_groups = 1;
        Ok(EncodedRowGroup {
            chunks,
            written: group.written,
        })
    }
}

/// A streaming writer of games: rows are gathered into row groups of [`ROW_GROUP_ROWS`]
/// rows, each encoded and written out when full, so that memory holds at most one row group
/// whatever the number of games. Every column is zstd-compressed; `moves` is written
/// `DELTA_LENGTH_BYTE_ARRAY` (its values are almost all distinct: no dictionary) and `index`
/// `DELTA_BINARY_PACKED`.
///
/// The row groups can also be gathered and encoded elsewhere, on several threads
/// ([`RowGroup`], [`GameWriter::encoder`]), and appended here in order
/// ([`GameWriter::append`]): the same file, byte for byte.
pub struct GameWriter<W: Write + Send> {
    writer: SerializedFileWriter<W>,
    encoder: RowGroupEncoder,
    group: RowGroup,
    group_rows: usize,
    written: Written,
}

impl<W: Write + Send> GameWriter<W> {
    /// A writer of a game file to `out` (a file, a buffer).
    ///
    /// # Errors
    /// The header cannot be written.
    pub fn new(out: W) -> Result<GameWriter<W>, Error> {
        Self::with_row_group_rows(out, ROW_GROUP_ROWS)
    }

    /// A writer whose row groups hold at most `rows` rows (at least 1).
    ///
    /// # Errors
    /// The header cannot be written.
    pub fn with_row_group_rows(out: W, rows: usize) -> Result<GameWriter<W>, Error> {
        let schema = schema();
        let zstd = |level| ZstdLevel::try_new(level).map(Compression::ZSTD);
        let props = WriterProperties::builder()
            .set_compression(zstd(ZSTD_LEVEL)?)
            .set_column_compression(ColumnPath::from("moves"), zstd(MOVES_ZSTD_LEVEL)?)
            // min/max of each column chunk, for readers that skip row groups (by source,
            // index, date); no page index: a column chunk is one page or a few
            .set_statistics_enabled(EnabledStatistics::Chunk)
            .set_max_row_group_row_count(Some(rows.max(1)))
            // moves: almost all distinct; the lengths apart from the texts, which then
            // compress as the text of a `.renju` file does
            .set_column_dictionary_enabled(ColumnPath::from("moves"), false)
            .set_column_encoding(ColumnPath::from("moves"), Encoding::DELTA_LENGTH_BYTE_ARRAY)
            .set_column_data_page_size_limit(ColumnPath::from("moves"), MOVES_PAGE)
            // no min/max of move lists: nothing to prune by
            .set_column_statistics_enabled(ColumnPath::from("moves"), EnabledStatistics::None)
            // index: 1, 2, 3... per source
            .set_column_dictionary_enabled(ColumnPath::from("index"), false)
            .set_column_encoding(ColumnPath::from("index"), Encoding::DELTA_BINARY_PACKED)
            .set_key_value_metadata(Some(vec![KeyValue::new(
                SCHEMA_KEY.to_string(),
                SCHEMA_VERSION.to_string(),
            )]))
            .set_created_by(format!("renju-parquet {}", env!("CARGO_PKG_VERSION")))
            .build();
        // the Arrow writer adds the Arrow schema to the file metadata, then hands over its
        // file writer and its column writers
        let (writer, factory) =
            ArrowWriter::try_new(out, schema.clone(), Some(props))?.into_serialized_writer()?;
        Ok(GameWriter {
            writer,
            encoder: RowGroupEncoder {
                factory: Arc::new(factory),
                schema,
            },
            group: RowGroup::new(),
            group_rows: rows.max(1),
            written: Written::default(),
        })
    }

    /// Adds the row of `game`, read as the `index`-th record of `source`; `unreadable`: the
    /// move of the record that could not be read, or why nothing could (then `game` holds what
    /// was read before it, usually nothing).
    ///
    /// # Errors
    /// A row group could not be written out.
    pub fn push(
        &mut self,
        source: &str,
        index: u64,
        game: &GameRecord,
        unreadable: Option<&Unreadable>,
    ) -> Result<(), Error> {
        self.group.push(source, index, game, unreadable)?;
        self.write_group_if_full()
    }

    /// Adds the row of a record that could not be read at all: no moves, `why` its reason
    /// (as [`RowGroup::push_unreadable`]).
    ///
    /// # Errors
    /// A row group could not be written out.
    pub fn push_unreadable(&mut self, source: &str, index: u64, why: &str) -> Result<(), Error> {
        self.group.push_unreadable(source, index, why)?;
        self.write_group_if_full()
    }

    fn write_group_if_full(&mut self) -> Result<(), Error> {
        if self.group.rows() >= self.group_rows {
            self.write_group()?;
        }
        Ok(())
    }

    /// The encoder of this file's row groups, for a caller that encodes them on its own
    /// threads.
    #[must_use]
    pub fn encoder(&self) -> RowGroupEncoder {
        self.encoder.clone()
    }

    /// The rows of a row group of this writer.
    #[must_use]
    pub fn row_group_rows(&self) -> usize {
        self.group_rows
    }

    /// Appends a row group encoded by [`GameWriter::encoder`] (after the rows pushed here,
    /// which are written out first).
    ///
    /// # Errors
    /// A write error.
    pub fn append(&mut self, group: EncodedRowGroup) -> Result<(), Error> {
        if self.group.rows() > 0 {
            self.write_group()?;
        }
        self.append_encoded(group)
    }

    /// Writes an encoded row group out and counts its rows (the row groups are counted at
    /// the end, as the file writer flushed them).
    fn append_encoded(&mut self, group: EncodedRowGroup) -> Result<(), Error> {
        let mut counts = group.written.clone();
        counts.row_groups = 0;
        self.written.add(&counts);
        let mut rg = self.writer.next_row_group()?;
        for chunk in group.chunks {
            chunk.append_to_row_group(&mut rg)?;
        }
        rg.close()?;
        Ok(())
    }

    fn write_group(&mut self) -> Result<(), Error> {
        let group = std::mem::take(&mut self.group);
        let encoded = self.encoder.encode(group)?;
        self.append_encoded(encoded)
    }

    /// What was written so far (the rows pushed or appended; the row groups written out).
    #[must_use]
    pub fn written(&self) -> Written {
        let mut written = self.written.clone();
        written.add(&self.group.written);
        written.row_groups = self.writer.flushed_row_groups().len();
        written
    }

    /// Writes the last rows and the footer; returns what was written and the output.
    ///
    /// # Errors
    /// The rows or the footer cannot be written.
    pub fn finish(self) -> Result<Written, Error> {
        self.finish_into().map(|(w, _)| w)
    }

    /// [`GameWriter::finish`], handing the output back (to commit a file, say).
    ///
    /// # Errors
    /// The rows or the footer cannot be written.
    pub fn finish_into(mut self) -> Result<(Written, W), Error> {
        if self.group.rows() > 0 {
            self.write_group()?;
        }
        self.written.row_groups = self.writer.flushed_row_groups().len();
        // the footer, then the output back
        Ok((self.written, self.writer.into_inner()?))
    }
}

/// One row read back: the game, where it came from, and why it is unreadable if it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    /// The `source` column (empty when the file has none).
    pub source: String,
    /// The `index` column (the row's 1-based number in the file when it has none).
    pub index: u64,
    /// The game (for an unreadable row: what was read before the unreadable move).
    pub game: GameRecord,
    /// Why the row is not a whole game: the `unreadable` column, or a `moves` or `declared`
    /// value this reader cannot read (said the same way: `SOURCE: record INDEX: ...`, or
    /// `record INDEX: ...` when the row has no `source`, for the caller to name the file).
    pub unreadable: Option<Unreadable>,
}

/// The columns of a batch, by schema position (`None`: the file has no such column).
struct Columns {
    source: Option<ArrayRef>,
    index: Option<ArrayRef>,
    id: Option<ArrayRef>,
    line: Option<ArrayRef>,
    rules: Option<ArrayRef>,
    black: Option<ArrayRef>,
    white: Option<ArrayRef>,
    event: Option<ArrayRef>,
    date: Option<ArrayRef>,
    declared: Option<ArrayRef>,
    moves: ArrayRef,
    tags: Option<ArrayRef>,
    encoding: Option<ArrayRef>,
    unreadable: Option<ArrayRef>,
}

/// The text of row `i` of a text column (utf8, large utf8 or utf8 view), `None` when null or
/// when there is no column.
fn text(col: Option<&ArrayRef>, i: usize) -> Option<&str> {
    let col = col?;
    if col.is_null(i) {
        return None;
    }
    let any = col.as_any();
    if let Some(a) = any.downcast_ref::<StringArray>() {
        Some(a.value(i))
    } else if let Some(a) = any.downcast_ref::<LargeStringArray>() {
        Some(a.value(i))
    } else {
        any.downcast_ref::<StringViewArray>().map(|a| a.value(i))
    }
}

fn is_text(t: &DataType) -> bool {
    matches!(t, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View)
}

/// A streaming reader of a game file: one row group decoded at a time, each row a
/// [`GameRow`]. Reads files of this schema version, and any Parquet file with a text
/// `moves` column (the other columns are read when present).
pub struct GameReader {
    reader: ParquetRecordBatchReader,
    rows: u64,
    batch: Option<(Columns, usize, usize)>,
    /// Rows handed on so far.
    read: u64,
    failed: bool,
}

impl fmt::Debug for GameReader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameReader")
            .field("rows", &self.rows)
            .field("read", &self.read)
            .finish_non_exhaustive()
    }
}

impl GameReader {
    /// A reader of the game file `input` (a [`std::fs::File`], bytes in memory).
    ///
    /// # Errors
    /// Not a Parquet file, a footer that cannot be read, another schema version, no `moves`
    /// column, a column of another type.
    pub fn new<R: ChunkReader + 'static>(input: R) -> Result<GameReader, Error> {
        let builder = ParquetRecordBatchReaderBuilder::try_new(input)?;
        let meta = builder.metadata().file_metadata();
        if let Some(kv) = meta.key_value_metadata()
            && let Some(v) = kv.iter().find(|kv| kv.key == SCHEMA_KEY)
            && v.value.as_deref() != Some(SCHEMA_VERSION)
        {
            return Err(Error::Schema(format!(
                "game schema version {} (this reader reads version {SCHEMA_VERSION})",
                v.value.as_deref().unwrap_or("(none)")
            )));
        }
        let rows = u64::try_from(meta.num_rows()).unwrap_or(0);
        check_schema(builder.schema())?;
        let reader = builder.with_batch_size(BATCH_ROWS).build()?;
        Ok(GameReader {
            reader,
            rows,
            batch: None,
            read: 0,
            failed: false,
        })
    }

    /// A reader of a game file in memory.
    ///
    /// # Errors
    /// As [`GameReader::new`].
    pub fn from_bytes(bytes: Vec<u8>) -> Result<GameReader, Error> {
        GameReader::new(bytes::Bytes::from(bytes))
    }

    /// The rows of the file, as its footer says.
    #[must_use]
    pub fn rows(&self) -> u64 {
        self.rows
    }

    fn next_batch(&mut self) -> Option<Result<(), Error>> {
        let batch = match self.reader.next()? {
            Ok(b) => b,
            Err(e) => return Some(Err(e.into())),
        };
        let schema = batch.schema();
        let col = |name: &str| schema.index_of(name).ok().map(|i| batch.column(i).clone());
        let Some(moves) = col("moves") else {
            return Some(Err(Error::Schema("no column 'moves'".into())));
        };
        let columns = Columns {
            source: col("source"),
            index: col("index"),
            id: col("id"),
            line: col("line"),
            rules: col("rules"),
            black: col("black"),
            white: col("white"),
            event: col("event"),
            date: col("date"),
            declared: col("declared"),
            moves,
            tags: col("tags"),
            encoding: col("encoding"),
            unreadable: col("unreadable"),
        };
        self.batch = Some((columns, 0, batch.num_rows()));
        Some(Ok(()))
    }
}

/// Checks the columns this reader reads: `moves` there, every known column of a type it
/// reads.
fn check_schema(schema: &Schema) -> Result<(), Error> {
    if schema.index_of("moves").is_err() {
        return Err(Error::Schema(
            "not a game file: no column 'moves' (renju-kit game schema version 1)".into(),
        ));
    }
    for f in schema.fields() {
        let name = f.name().as_str();
        let t = f.data_type();
        let fits = match name {
            "index" => matches!(
                t,
                DataType::UInt64 | DataType::Int64 | DataType::UInt32 | DataType::Int32
            ),
            "tags" => match t {
                DataType::Map(entries, _) => match entries.data_type() {
                    DataType::Struct(kv) => {
                        kv.len() == 2 && kv.iter().all(|f| is_text(f.data_type()))
                    }
                    _ => false,
                },
                _ => false,
            },
            "opening_rule" => true,
            n if COLUMNS.contains(&n) => is_text(t),
            _ => true,
        };
        if !fits {
            return Err(Error::Schema(format!(
                "column '{name}' is {t}, not the type of the renju-kit game schema version 1"
            )));
        }
    }
    Ok(())
}

fn index_of(col: Option<&ArrayRef>, i: usize) -> Option<u64> {
    let col = col?;
    if col.is_null(i) {
        return None;
    }
    let any = col.as_any();
    if let Some(a) = any.downcast_ref::<UInt64Array>() {
        return Some(a.value(i));
    }
    if let Some(a) = any.downcast_ref::<arrow_array::Int64Array>() {
        return u64::try_from(a.value(i)).ok();
    }
    if let Some(a) = any.downcast_ref::<arrow_array::UInt32Array>() {
        return Some(u64::from(a.value(i)));
    }
    any.downcast_ref::<arrow_array::Int32Array>()
        .and_then(|a| u64::try_from(a.value(i)).ok())
}

fn row_of(c: &Columns, i: usize, number: u64) -> GameRow {
    let source = text(c.source.as_ref(), i).unwrap_or_default().to_string();
    let index = index_of(c.index.as_ref(), i).unwrap_or(number);
    let owned = |col: &Option<ArrayRef>| text(col.as_ref(), i).map(str::to_string);
    let mut game = GameRecord::new(renju_core::RENJU_SIZE);
    let mut unreadable = text(c.unreadable.as_ref(), i).map(Unreadable::parse);
    game.id = owned(&c.id);
    game.rule = owned(&c.rules);
    game.black = owned(&c.black);
    game.white = owned(&c.white);
    game.event = owned(&c.event);
    game.date = owned(&c.date);
    // the row's own source names the file; without one, the caller knows the file's name
    let bad = |what: String| {
        Unreadable::Record(if source.is_empty() {
            format!("record {index}: {what}")
        } else {
            format!("{source}: record {index}: {what}")
        })
    };
    if let Some(line) = text(c.line.as_ref(), i) {
        match line
            .split_once('/')
            .and_then(|(l, of)| Some((l.parse().ok()?, of.parse().ok()?)))
        {
            Some((line, of)) => game.remarks.push(ReadRemark::TreeLine { line, of }),
            None => {
                unreadable.get_or_insert_with(|| bad(format!("line '{line}' is not L/N")));
            }
        }
    }
    let mut fifth_offers = None;
    let mut setup = None;
    if let Some(tags) = c
        .tags
        .as_ref()
        .and_then(|t| t.as_any().downcast_ref::<MapArray>())
        && !tags.is_null(i)
    {
        let offsets = tags.value_offsets();
        let (from, to) = (offsets[i] as usize, offsets[i + 1] as usize);
        let (keys, values) = (tags.keys(), tags.values());
        for j in from..to {
            let (Some(k), Some(v)) = (text(Some(keys), j), text(Some(values), j)) else {
                continue;
            };
            let mut unknown = false;
            match k {
                BOARD_SIZE => match v.parse() {
                    Ok(n) => game.board_size = n,
                    Err(_) => unknown = true,
                },
                ROUND => game.round = Some(v.to_string()),
                OPENING => game.opening = Some(v.to_string()),
                FIFTH_OFFERS => fifth_offers = Some(v),
                DECLARED_OFFERS => match v.parse() {
                    Ok(n) => game.declared_offers = Some(n),
                    Err(_) => unknown = true,
                },
                SWAPS => match parse_swaps(v) {
                    Some(s) => game.swaps = s,
                    None => unknown = true,
                },
                GAME_TYPE => game.remarks.insert(0, ReadRemark::GameType(v.to_string())),
                SETUP => setup = Some(v),
                ENCODING_LOSSY => {}
                _ => unknown = true,
            }
            if unknown {
                game.tags.insert(k.to_string(), v.to_string());
            }
        }
        let lossy = (from..to).any(|j| {
            text(Some(keys), j) == Some(ENCODING_LOSSY) && text(Some(values), j) == Some("true")
        });
        if let Some(name) = text(c.encoding.as_ref(), i) {
            game.encoding = Some(encoding_named(name, lossy));
        }
    } else if let Some(name) = text(c.encoding.as_ref(), i) {
        game.encoding = Some(encoding_named(name, false));
    }
    match text(c.declared.as_ref(), i).unwrap_or("unknown").parse() {
        Ok(r) => game.result = r,
        Err(e) => {
            unreadable.get_or_insert_with(|| bad(format!("declared: {e}")));
        }
    }
    if let Some(offers) = fifth_offers {
        let mut m = Vec::new();
        if parse_moves_into(offers, game.board_size, Orientation::RowOneAtBottom, &mut m).is_ok() {
            game.fifth_offers = m
                .into_iter()
                .filter_map(|m| match m {
                    Move::Stone(p) => Some(p),
                    Move::Pass => None::<Point>,
                })
                .collect();
        } else {
            game.tags
                .insert(FIFTH_OFFERS.to_string(), offers.to_string());
        }
    }
    if let Some(text) = setup {
        match parse_setup(text, game.board_size) {
            Some(stones) => game.setup = stones,
            None => {
                game.tags.insert(SETUP.to_string(), text.to_string());
            }
        }
    }
    let moves = text(Some(&c.moves), i).unwrap_or_default();
    // a move takes at least three bytes of text (`h8 `): room for all of them at once
    game.moves.reserve(moves.len() / 3 + 1);
    if let Err(e) = parse_moves_into(
        moves,
        game.board_size,
        Orientation::RowOneAtBottom,
        &mut game.moves,
    ) {
        unreadable.get_or_insert(Unreadable::Move {
            number: e.number,
            text: e.token.clone(),
            reason: e.reason(),
        });
    }
    GameRow {
        source,
        index,
        game,
        unreadable,
    }
}

fn parse_setup(text: &str, size: u8) -> Option<Vec<renju_notation::SetupStone>> {
    text.split_whitespace()
        .map(|w| {
            let (n, rest) = w.split_once(':')?;
            let stone = match rest.as_bytes().first()? {
                b'B' => Some(renju_core::Color::Black),
                b'W' => Some(renju_core::Color::White),
                b'E' => None,
                _ => return None,
            };
            let mut m = Vec::new();
            parse_moves_into(&rest[1..], size, Orientation::RowOneAtBottom, &mut m).ok()?;
            let [Move::Stone(point)] = m[..] else {
                return None;
            };
            Some(renju_notation::SetupStone {
                after_move: n.parse().ok()?,
                point,
                stone,
            })
        })
        .collect()
}

fn parse_swaps(text: &str) -> Option<Vec<SwapDecision>> {
    text.split_whitespace()
        .map(|w| {
            let (n, sign) = w.split_at(w.len() - 1);
            let swapped = match sign {
                "+" => true,
                "-" => false,
                _ => return None,
            };
            let after_move = if n.is_empty() {
                None
            } else {
                Some(n.parse().ok()?)
            };
            Some(SwapDecision {
                after_move,
                swapped,
            })
        })
        .collect()
}

/// The encoding named `name` as the record's (`Declared`: the file said so).
fn encoding_named(name: &str, lossy: bool) -> TextEncoding {
    let known = renju_notation::encoding::Encoding::for_label(name.as_bytes())
        .unwrap_or(renju_notation::encoding::Encoding::for_label(b"utf-8").expect("UTF-8"));
    TextEncoding {
        name: known.name(),
        source: EncodingSource::Declared(name.to_string()),
        lossy,
        others: Vec::new(),
    }
}

impl Iterator for GameReader {
    type Item = Result<GameRow, Error>;

    /// The next row, or the error that ends the file (a corrupt page: the rows before it
    /// were handed on).
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            if let Some((columns, at, len)) = &mut self.batch
                && *at < *len
            {
                let i = *at;
                *at += 1;
                self.read += 1;
                return Some(Ok(row_of(columns, i, self.read)));
            }
            self.batch = None;
            match self.next_batch()? {
                Ok(()) => {}
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_column_list_is_the_schema() {
        let names: Vec<String> = schema().fields().iter().map(|f| f.name().clone()).collect();
        assert_eq!(names, COLUMNS);
    }
}
