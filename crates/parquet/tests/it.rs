//! Game files written and read back: every field of a record that has a place in a row comes
//! back as it went in, unreadable rows keep their reason, row groups are cut as asked, and
//! files of another schema are refused with a reason. Report files: the values read back
//! with Parquet's own reader, with their types.

use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use renju_core::{Move, Point};
use renju_notation::encoding::{EncodingSource, TextEncoding};
use renju_notation::{DeclaredResult, GameRecord, MoveNote, ReadRemark, SwapDecision};
use renju_parquet::{Column, ColumnType, GameReader, GameWriter, ReportWriter, Unreadable, Value};

fn moves(text: &str, size: u8) -> Vec<Move> {
    renju_notation::moves::parse_moves(text, size, Default::default()).unwrap()
}

fn rich_game() -> GameRecord {
    let mut g = GameRecord::new(15);
    g.moves = moves("h8 i9 j10 -- g7 k11", 15);
    g.id = Some("4711".into());
    g.black = Some("Bla Ck".into());
    g.white = Some("Белый".into());
    g.event = Some("World Cup".into());
    g.round = Some("3".into());
    g.date = Some("2024-05-01".into());
    g.rule = Some("Soosyrv-8".into());
    g.opening = Some("2I".into());
    g.result = DeclaredResult::White;
    g.fifth_offers = vec!["g7".parse::<Point>().unwrap(), "j7".parse().unwrap()];
    g.declared_offers = Some(2);
    g.swaps = vec![
        SwapDecision {
            after_move: Some(3),
            swapped: true,
        },
        SwapDecision {
            after_move: None,
            swapped: false,
        },
    ];
    g.tags.insert("PC".into(), "Tallinn".into());
    g.setup = vec![
        renju_notation::SetupStone {
            after_move: 0,
            point: "a1".parse().unwrap(),
            stone: Some(renju_core::Color::Black),
        },
        renju_notation::SetupStone {
            after_move: 2,
            point: "o15".parse().unwrap(),
            stone: None,
        },
    ];
    g.encoding = Some(TextEncoding {
        name: "GBK",
        source: EncodingSource::Declared("GBK".into()),
        lossy: true,
        others: Vec::new(),
    });
    g.remarks = vec![
        ReadRemark::GameType("1".into()),
        ReadRemark::TreeLine { line: 2, of: 5 },
    ];
    g
}

fn write(rows: &[(&str, u64, GameRecord, Option<Unreadable>)], group: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut w = GameWriter::with_row_group_rows(&mut out, group).unwrap();
    for (s, i, g, u) in rows {
        w.push(s, *i, g, u.as_ref()).unwrap();
    }
    w.finish().unwrap();
    out
}

#[test]
fn every_field_with_a_place_comes_back() {
    let game = rich_game();
    let mut gomoku = GameRecord::new(20);
    gomoku.moves = moves("t20 a1 k10", 20);
    let bytes = write(
        &[
            ("x.sgf", 7, game.clone(), None),
            ("p.psq", 1, gomoku.clone(), None),
        ],
        1024,
    );
    let rows: Vec<_> = GameReader::from_bytes(bytes)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[0].source.as_str(), rows[0].index), ("x.sgf", 7));
    assert_eq!(rows[0].game, game);
    assert_eq!(rows[1].game, gomoku, "board size 20 kept");
    assert!(rows.iter().all(|r| r.unreadable.is_none()));
}

#[test]
fn comments_are_counted_as_dropped() {
    let mut g = GameRecord::new(15);
    g.moves = moves("h8", 15);
    g.notes.push(MoveNote {
        after_move: 1,
        comment: Some("good".into()),
        ..MoveNote::default()
    });
    let mut out = Vec::new();
    let mut w = GameWriter::new(&mut out).unwrap();
    w.push("a.sgf", 1, &g, None).unwrap();
    w.push("a.sgf", 2, &GameRecord::new(15), None).unwrap();
    let written = w.finish().unwrap();
    assert_eq!(written.dropped.get("comments"), Some(&1));
    assert_eq!(written.dropped.len(), 1);
}

#[test]
fn unreadable_rows_keep_their_reason_and_moves() {
    let mut salvaged = GameRecord::new(15);
    salvaged.moves = moves("h8 h9", 15);
    let m = Unreadable::Move {
        number: 3,
        text: "zz".into(),
        reason: "column 'z' is off the board".into(),
    };
    let mut out = Vec::new();
    let mut w = GameWriter::new(&mut out).unwrap();
    w.push("a.renju", 1, &salvaged, Some(&m)).unwrap();
    w.push_unreadable("a.renju", 2, "a.renju: line 2: unknown result 'purple'")
        .unwrap();
    // counted as pushed, before their row group is written out
    let so_far = w.written();
    assert_eq!(
        (so_far.rows, so_far.unreadable, so_far.row_groups),
        (2, 2, 0)
    );
    let written = w.finish().unwrap();
    assert_eq!(written.row_groups, 1);
    assert_eq!((written.rows, written.unreadable), (2, 2));
    let rows: Vec<_> = GameReader::from_bytes(out)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows[0].game.moves, salvaged.moves);
    assert_eq!(rows[0].unreadable, Some(m));
    assert_eq!(
        rows[1].unreadable,
        Some(Unreadable::Record(
            "a.renju: line 2: unknown result 'purple'".into()
        ))
    );
    assert!(rows[1].game.moves.is_empty());
}

#[test]
fn row_groups_are_cut_as_asked_and_read_back_in_order() {
    let mut g = GameRecord::new(15);
    g.moves = moves("h8 h9 i8", 15);
    let rows: Vec<_> = (1..=2500u64)
        .map(|i| ("big.renju", i, g.clone(), None))
        .collect();
    let bytes = write(&rows, 1000);
    let meta = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(bytes.clone()))
        .unwrap()
        .metadata()
        .clone();
    assert_eq!(meta.num_row_groups(), 3);
    let kv = meta.file_metadata().key_value_metadata().unwrap();
    assert!(
        kv.iter()
            .any(|k| k.key == "renju-kit.games.schema" && k.value.as_deref() == Some("1"))
    );
    let reader = GameReader::from_bytes(bytes).unwrap();
    assert_eq!(reader.rows(), 2500);
    let indices: Vec<u64> = reader.map(|r| r.unwrap().index).collect();
    assert_eq!(indices, (1..=2500).collect::<Vec<_>>());
}

/// Row groups built and encoded on other threads (`RowGroup`, `RowGroupEncoder`) and
/// appended in order make the same file, byte for byte, as the rows pushed one by one; the
/// counts add up.
#[test]
fn row_groups_encoded_on_threads_make_the_same_file() {
    use renju_parquet::games::RowGroup;
    let rich = rich_game();
    let mut plain = GameRecord::new(15);
    plain.moves = moves("h8 h9 i8 -- j10", 15);
    let rows: Vec<(String, u64, GameRecord, Option<Unreadable>)> = (1..=2500u64)
        .map(|i| {
            let mut g = if i % 7 == 0 {
                rich.clone()
            } else {
                plain.clone()
            };
            if i % 13 == 0 {
                g.notes.push(renju_notation::MoveNote {
                    after_move: 1,
                    comment: Some("a comment".into()),
                    ..Default::default()
                });
            }
            let u = (i % 11 == 0).then(|| Unreadable::Record(format!("a.renju: record {i}: bad")));
            (format!("f{}.renju", i / 1000), i, g, u)
        })
        .collect();
    let mut one_by_one = Vec::new();
    let mut w = GameWriter::with_row_group_rows(&mut one_by_one, 400).unwrap();
    for (s, i, g, u) in &rows {
        w.push(s, *i, g, u.as_ref()).unwrap();
    }
    let pushed = w.finish().unwrap();
    let mut out = Vec::new();
    let mut w = GameWriter::with_row_group_rows(&mut out, 400).unwrap();
    let encoder = w.encoder();
    let encoded: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = rows
            .chunks(w.row_group_rows())
            .map(|chunk| {
                let encoder = encoder.clone();
                scope.spawn(move || {
                    let mut group = RowGroup::new();
                    for (s, i, g, u) in chunk {
                        group.push(s, *i, g, u.as_ref()).unwrap();
                    }
                    assert_eq!(group.rows(), chunk.len());
                    encoder.encode(group).unwrap()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(encoded.len(), 7);
    for group in encoded {
        w.append(group).unwrap();
    }
    let written = w.finish().unwrap();
    assert_eq!((written.rows, written.row_groups), (2500, 7));
    assert_eq!(written.unreadable, 2500 / 11);
    assert_eq!(written, pushed);
    assert_eq!(written.dropped.get("comments"), Some(&(2500 / 13)));
    assert!(out == one_by_one, "the same bytes");
    let back: Vec<_> = GameReader::from_bytes(out)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(back.len(), 2500);
    assert!(
        back.iter()
            .zip(&rows)
            .all(|(b, r)| b.index == r.1 && b.source == r.0)
    );
}

#[test]
fn a_bad_moves_value_is_an_unreadable_move_of_that_row() {
    // a file written by another tool: only `moves` and `declared`, as plain strings
    use arrow_array::{ArrayRef, RecordBatch, StringArray};
    use std::sync::Arc;
    let moves: ArrayRef = Arc::new(StringArray::from(vec!["h8 h9 i8", "h8 q99"]));
    let declared: ArrayRef = Arc::new(StringArray::from(vec!["black", "draw"]));
    let batch = RecordBatch::try_from_iter([("moves", moves), ("declared", declared)]).unwrap();
    let mut out = Vec::new();
    let mut w = parquet::arrow::ArrowWriter::try_new(&mut out, batch.schema(), None).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
    let rows: Vec<_> = GameReader::from_bytes(out)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows[0].game.result, DeclaredResult::Black);
    assert_eq!(
        (rows[0].index, rows[1].index),
        (1, 2),
        "row numbers stand in for a missing index"
    );
    assert!(rows[0].unreadable.is_none());
    match &rows[1].unreadable {
        Some(Unreadable::Move {
            number,
            text,
            reason,
        }) => {
            assert_eq!((*number, text.as_str()), (2, "q99"));
            // the reason alone: it was the whole sentence again ("move 2 'q99': move 2
            // 'q99': column 'q' ..."), and written back, its text read as "q99': move 2 'q99"
            assert_eq!(reason, "column 'q' is off the 15x15 board (columns a..o)");
        }
        other => panic!("{other:?}"),
    }
    let again = rows[1].unreadable.as_ref().unwrap();
    assert_eq!(&Unreadable::parse(&again.to_string()), again);
    assert_eq!(rows[1].game.moves.len(), 1);
}

#[test]
fn files_of_another_schema_are_refused_with_a_reason() {
    use arrow_array::{ArrayRef, RecordBatch, UInt64Array};
    use std::sync::Arc;
    let n: ArrayRef = Arc::new(UInt64Array::from(vec![1u64]));
    let batch = RecordBatch::try_from_iter([("moves", n)]).unwrap();
    let mut out = Vec::new();
    let mut w = parquet::arrow::ArrowWriter::try_new(&mut out, batch.schema(), None).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
    let e = GameReader::from_bytes(out).unwrap_err().to_string();
    assert!(e.contains("column 'moves'"), "{e}");
    let e = GameReader::from_bytes(b"PAR1 not really".to_vec()).unwrap_err();
    assert!(!e.to_string().is_empty());
}

#[test]
fn report_values_read_back_with_their_types() {
    use arrow_array::{Array, BooleanArray, ListArray, StringArray, UInt64Array};
    let columns = vec![
        Column::new("file", ColumnType::Utf8),
        Column::new("index", ColumnType::UInt64),
        Column::nullable("end_move", ColumnType::UInt64),
        Column::new("continues", ColumnType::Boolean),
        Column::new("findings", ColumnType::ListUtf8),
    ];
    let mut out = Vec::new();
    let mut w = ReportWriter::new(&mut out, "validate", columns).unwrap();
    for i in 0..5000u64 {
        let findings = if i.is_multiple_of(2) {
            vec!["illegal", "lapsed-foul"]
        } else {
            vec![]
        };
        let end = if i.is_multiple_of(3) {
            Value::Null
        } else {
            Value::UInt(i)
        };
        w.push(&[
            Value::Owned(format!("f{i}")),
            Value::UInt(i + 1),
            end,
            Value::Bool(i.is_multiple_of(5)),
            Value::List(findings),
        ])
        .unwrap();
    }
    assert!(
        w.push(&[
            Value::Null,
            Value::UInt(1),
            Value::Null,
            Value::Bool(true),
            Value::List(vec![])
        ])
        .is_err()
    );
    assert_eq!(w.finish().unwrap(), 5000);
    let reader = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(out))
        .unwrap()
        .build()
        .unwrap();
    let mut seen = 0u64;
    for batch in reader {
        let b = batch.unwrap();
        let file = b.column(0).as_any().downcast_ref::<StringArray>().unwrap();
        let index = b.column(1).as_any().downcast_ref::<UInt64Array>().unwrap();
        let end = b.column(2).as_any().downcast_ref::<UInt64Array>().unwrap();
        let cont = b.column(3).as_any().downcast_ref::<BooleanArray>().unwrap();
        let findings = b.column(4).as_any().downcast_ref::<ListArray>().unwrap();
        for r in 0..b.num_rows() {
            let i = seen;
            assert_eq!(file.value(r), format!("f{i}"));
            assert_eq!(index.value(r), i + 1);
            assert_eq!(end.is_null(r), i.is_multiple_of(3));
            assert_eq!(cont.value(r), i.is_multiple_of(5));
            assert_eq!(
                findings.value(r).len(),
                if i.is_multiple_of(2) { 2 } else { 0 }
            );
            seen += 1;
        }
    }
    assert_eq!(seen, 5000);
}

#[test]
fn a_file_of_every_codec_but_lzo_is_read() {
    // snappy is the codec pyarrow, pandas, Spark and DuckDB write by default (every row group
    // of such a file was unreadable: "Disabled feature at compile time: snap"); gzip is Hive's
    // and older Spark's; lz4 and brotli are pyarrow's options
    use arrow_array::{ArrayRef, RecordBatch, StringArray};
    use parquet::basic::{BrotliLevel, Compression, GzipLevel, ZstdLevel};
    use parquet::file::properties::WriterProperties;
    use std::sync::Arc;
    let moves: ArrayRef = Arc::new(StringArray::from(vec!["h8 h9 i8", "h8 i9"]));
    let declared: ArrayRef = Arc::new(StringArray::from(vec!["black", "draw"]));
    let batch = RecordBatch::try_from_iter([("moves", moves), ("declared", declared)]).unwrap();
    for codec in [
        Compression::UNCOMPRESSED,
        Compression::SNAPPY,
        Compression::GZIP(GzipLevel::default()),
        Compression::LZ4,
        Compression::LZ4_RAW,
        Compression::BROTLI(BrotliLevel::default()),
        Compression::ZSTD(ZstdLevel::default()),
    ] {
        let props = WriterProperties::builder().set_compression(codec).build();
        let mut out = Vec::new();
        let mut w =
            parquet::arrow::ArrowWriter::try_new(&mut out, batch.schema(), Some(props)).unwrap();
        w.write(&batch).unwrap();
        w.close().unwrap();
        let rows: Vec<_> = GameReader::from_bytes(out)
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(rows.len(), 2, "{codec:?}");
        assert!(
            rows.iter().all(|r| r.unreadable.is_none()),
            "{codec:?}: {rows:?}"
        );
        assert_eq!(rows[1].game.result, DeclaredResult::Draw, "{codec:?}");
        assert_eq!(rows[0].game.moves.len(), 3, "{codec:?}");
    }
}
