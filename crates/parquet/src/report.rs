//! Report files: a typed, streaming writer of report rows ([`ReportWriter`]).
//!
//! A report's columns are declared once ([`Column`]: a name, a [`ColumnType`], whether it may
//! be null); each row is a slice of [`Value`]s in that order. Integers are written as
//! integers, lists of words (the `findings` of `validate`) as `list<utf8>`, so that a
//! reader filters and sums them without parsing text. The file metadata key
//! [`REPORT_KEY`] names the report (`validate`, `dedupe`...).

use crate::Error;
use arrow_array::builder::{
    BooleanBuilder, Float64Builder, Int64Builder, ListBuilder, StringBuilder, UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use std::io::Write;
use std::sync::Arc;

/// The file metadata key naming the report.
pub const REPORT_KEY: &str = "renju-kit.report";

/// The type of a report column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnType {
    /// `uint64`: counts, indices, move numbers.
    UInt64,
    /// `int64`: signed numbers (a score difference).
    Int64,
    /// `double`: rates and averages.
    Float64,
    /// `bool`.
    Boolean,
    /// `utf8`.
    Utf8,
    /// `list<utf8>`: a list of words.
    ListUtf8,
}

impl ColumnType {
    fn data_type(self) -> DataType {
        match self {
            ColumnType::UInt64 => DataType::UInt64,
            ColumnType::Int64 => DataType::Int64,
            ColumnType::Float64 => DataType::Float64,
            ColumnType::Boolean => DataType::Boolean,
            ColumnType::Utf8 => DataType::Utf8,
            ColumnType::ListUtf8 => {
                DataType::List(Arc::new(Field::new("item", DataType::Utf8, true)))
            }
        }
    }
}

/// A report column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// Its name (the CSV header's).
    pub name: &'static str,
    /// Its type.
    pub kind: ColumnType,
    /// Whether a row may leave it empty (null).
    pub nullable: bool,
}

impl Column {
    /// A column that is never null.
    #[must_use]
    pub const fn new(name: &'static str, kind: ColumnType) -> Column {
        Column {
            name,
            kind,
            nullable: false,
        }
    }

    /// A column that may be null.
    #[must_use]
    pub const fn nullable(name: &'static str, kind: ColumnType) -> Column {
        Column {
            name,
            kind,
            nullable: true,
        }
    }
}

/// One value of a row.
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    /// Nothing (a nullable column).
    Null,
    /// An unsigned integer.
    UInt(u64),
    /// A signed integer.
    Int(i64),
    /// A number.
    Float(f64),
    /// A truth value.
    Bool(bool),
    /// A text.
    Text(&'a str),
    /// A text made for the row.
    Owned(String),
    /// A list of words.
    List(Vec<&'a str>),
}

enum Builder {
    UInt(UInt64Builder),
    Int(Int64Builder),
    Float(Float64Builder),
    Bool(BooleanBuilder),
    Text(StringBuilder),
    List(ListBuilder<StringBuilder>),
}

impl Builder {
    fn new(kind: ColumnType) -> Builder {
        match kind {
            ColumnType::UInt64 => Builder::UInt(UInt64Builder::new()),
            ColumnType::Int64 => Builder::Int(Int64Builder::new()),
            ColumnType::Float64 => Builder::Float(Float64Builder::new()),
            ColumnType::Boolean => Builder::Bool(BooleanBuilder::new()),
            ColumnType::Utf8 => Builder::Text(StringBuilder::new()),
            ColumnType::ListUtf8 => Builder::List(ListBuilder::new(StringBuilder::new())),
        }
    }

    /// Appends `v`; false when it is not of the column's type.
    fn append(&mut self, v: &Value<'_>) -> bool {
        match (self, v) {
            (Builder::UInt(b), Value::UInt(n)) => b.append_value(*n),
            (Builder::UInt(b), Value::Null) => b.append_null(),
            (Builder::Int(b), Value::Int(n)) => b.append_value(*n),
            (Builder::Int(b), Value::Null) => b.append_null(),
            (Builder::Float(b), Value::Float(x)) => b.append_value(*x),
            (Builder::Float(b), Value::Null) => b.append_null(),
            (Builder::Bool(b), Value::Bool(x)) => b.append_value(*x),
            (Builder::Bool(b), Value::Null) => b.append_null(),
            (Builder::Text(b), Value::Text(t)) => b.append_value(t),
            (Builder::Text(b), Value::Owned(t)) => b.append_value(t),
            (Builder::Text(b), Value::Null) => b.append_null(),
            (Builder::List(b), Value::List(words)) => {
                for w in words {
                    b.values().append_value(w);
                }
                b.append(true);
            }
            (Builder::List(b), Value::Null) => b.append(false),
            _ => return false,
        }
        true
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::UInt(b) => Arc::new(b.finish()),
            Builder::Int(b) => Arc::new(b.finish()),
            Builder::Float(b) => Arc::new(b.finish()),
            Builder::Bool(b) => Arc::new(b.finish()),
            Builder::Text(b) => Arc::new(b.finish()),
            Builder::List(b) => Arc::new(b.finish()),
        }
    }
}

/// Rows gathered before they are handed to the Parquet writer.
const BATCH_ROWS: usize = 4096;
/// Rows per row group.
const ROW_GROUP_ROWS: usize = 64 * 1024;

/// A streaming writer of report rows: batches of 4096 rows, row groups of 65,536, zstd;
/// memory bounded whatever the number of rows.
///
/// ```
/// use renju_parquet::{Column, ColumnType, ReportWriter, Value};
/// let columns = vec![
///     Column::new("file", ColumnType::Utf8),
///     Column::new("index", ColumnType::UInt64),
///     Column::nullable("end_move", ColumnType::UInt64),
///     Column::new("findings", ColumnType::ListUtf8),
/// ];
/// let mut out = Vec::new();
/// let mut w = ReportWriter::new(&mut out, "validate", columns).unwrap();
/// w.push(&[Value::Text("a.renju"), Value::UInt(1), Value::Null, Value::List(vec!["illegal"])]).unwrap();
/// assert!(w.push(&[Value::UInt(1)]).is_err(), "a row of the wrong shape is refused");
/// assert_eq!(w.finish().unwrap(), 1);
/// assert_eq!(&out[..4], b"PAR1");
/// ```
pub struct ReportWriter<W: Write + Send> {
    writer: ArrowWriter<W>,
    schema: SchemaRef,
    columns: Vec<Column>,
    builders: Vec<Builder>,
    pending: usize,
    rows: u64,
}

impl<W: Write + Send> ReportWriter<W> {
    /// A writer of the report `name` with `columns` to `out`.
    ///
    /// # Errors
    /// The header cannot be written.
    pub fn new(out: W, name: &str, columns: Vec<Column>) -> Result<ReportWriter<W>, Error> {
        let fields: Vec<Field> = columns
            .iter()
            .map(|c| Field::new(c.name, c.kind.data_type(), c.nullable))
            .collect();
        let metadata: std::collections::HashMap<String, String> =
            [(REPORT_KEY.to_string(), name.to_string())].into();
        let schema = Arc::new(Schema::new_with_metadata(fields, metadata));
        let props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::try_new(9)?))
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            .set_key_value_metadata(Some(vec![KeyValue::new(
                REPORT_KEY.to_string(),
                name.to_string(),
            )]))
            .set_created_by(format!("renju-parquet {}", env!("CARGO_PKG_VERSION")))
            .build();
        let writer = ArrowWriter::try_new(out, schema.clone(), Some(props))?;
        let builders = columns.iter().map(|c| Builder::new(c.kind)).collect();
        Ok(ReportWriter {
            writer,
            schema,
            columns,
            builders,
            pending: 0,
            rows: 0,
        })
    }

    /// Adds a row: one value per column, in order, each of its column's type (or
    /// [`Value::Null`] in a nullable column).
    ///
    /// # Errors
    /// A row of the wrong shape ([`Error::Row`]: nothing of it is written), or a batch that
    /// cannot be written out.
    pub fn push(&mut self, row: &[Value<'_>]) -> Result<(), Error> {
        if row.len() != self.columns.len() {
            return Err(Error::Row(format!(
                "a report row of {} values for {} columns",
                row.len(),
                self.columns.len()
            )));
        }
        for (c, v) in self.columns.iter().zip(row) {
            let fits = match (c.kind, v) {
                (_, Value::Null) => c.nullable,
                (ColumnType::UInt64, Value::UInt(_))
                | (ColumnType::Int64, Value::Int(_))
                | (ColumnType::Float64, Value::Float(_))
                | (ColumnType::Boolean, Value::Bool(_))
                | (ColumnType::Utf8, Value::Text(_) | Value::Owned(_))
                | (ColumnType::ListUtf8, Value::List(_)) => true,
                _ => false,
            };
            if !fits {
                return Err(Error::Row(format!(
                    "column '{}' ({:?}{}) cannot hold {v:?}",
                    c.name,
                    c.kind,
                    if c.nullable { ", nullable" } else { "" }
                )));
            }
        }
        for (b, v) in self.builders.iter_mut().zip(row) {
            let appended = b.append(v);
            debug_assert!(appended, "checked above");
        }
        self.pending += 1;
        self.rows += 1;
        if self.pending >= BATCH_ROWS {
            self.write_batch()?;
        }
        Ok(())
    }

    fn write_batch(&mut self) -> Result<(), Error> {
        let columns: Vec<ArrayRef> = self.builders.iter_mut().map(Builder::finish).collect();
        let batch = RecordBatch::try_new(self.schema.clone(), columns)?;
        self.writer.write(&batch)?;
        self.pending = 0;
        Ok(())
    }

    /// Rows pushed so far.
    #[must_use]
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Writes the last rows and the footer; returns the rows written.
    ///
    /// # Errors
    /// The rows or the footer cannot be written.
    pub fn finish(self) -> Result<u64, Error> {
        self.finish_into().map(|(n, _)| n)
    }

    /// [`ReportWriter::finish`], handing the output back (to commit a file, say).
    ///
    /// # Errors
    /// The rows or the footer cannot be written.
    pub fn finish_into(mut self) -> Result<(u64, W), Error> {
        if self.pending > 0 {
            self.write_batch()?;
        }
        // the footer, then the output back
        Ok((self.rows, self.writer.into_inner()?))
    }
}
