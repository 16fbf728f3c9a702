//! Parquet game files (`renju-parquet`'s game schema) as one more input format: each row a
//! [`RecordItem`], in row order, one row group in memory at a time.
//!
//! A Parquet file is told by its magic bytes (`PAR1`), whatever its name. A file on disk is
//! read in place (the footer first, then row group by row group); from a pipe the file is read
//! whole into memory first (Parquet's footer is at its end). A row whose `unreadable` column
//! is set is an unreadable record again: `move N 'TEXT': REASON` a salvaged record (the
//! row's moves are the moves before it), anything else a broken record with that sentence.
//! A file whose footer cannot be read holds no record (a file problem naming why); a row
//! group that cannot be decoded ends the file with one broken record saying how many rows
//! were lost.

use super::source::{RecordItem, too_many_moves};
use super::walk::FileProblem;
use renju_analyzer::UnreadableMove;
use renju_notation::{ReadRemark, limits};
use renju_parquet::{GameReader, GameRow, Unreadable};

/// The first (and last) four bytes of every Parquet file.
pub(crate) const MAGIC: &[u8; 4] = b"PAR1";

/// Whether the first bytes of a file are Parquet's.
pub(crate) fn is_parquet(head: &[u8]) -> bool {
    head.starts_with(MAGIC)
}

/// Whether the file at the start of `handle` is a Parquet file (its position is left at the
/// start). `false` when the handle cannot be read or moved (a pipe: its head is then looked
/// at by the reader of buffered input).
pub(crate) fn file_is_parquet(handle: &mut std::fs::File) -> bool {
    use std::io::{Read, Seek, SeekFrom};
    let mut magic = [0u8; 4];
    let Ok(at) = handle.stream_position() else {
        return false;
    };
    let found = handle.read_exact(&mut magic).is_ok() && is_parquet(&magic);
    // back to where the file was: if that fails, the file is read as Parquet or not at all
    handle.seek(SeekFrom::Start(at)).is_ok() && found
}

/// The records of a Parquet game file on disk named `name`; the number of rows read.
///
/// # Errors
/// The footer cannot be read or the file is not a game file: it holds no record.
pub(crate) fn each_record_in_file(
    name: &str,
    handle: std::fs::File,
    f: &mut dyn FnMut(usize, RecordItem),
) -> Result<usize, FileProblem> {
    let reader = GameReader::new(handle).map_err(|e| not_a_game_file(name, &e))?;
    Ok(each_row(name, reader, f))
}

/// The records of a Parquet game file in memory.
///
/// # Errors
/// As [`each_record_in_file`].
pub(crate) fn each_record_in_bytes(
    name: &str,
    bytes: Vec<u8>,
    f: &mut dyn FnMut(usize, RecordItem),
) -> Result<usize, FileProblem> {
    let reader = GameReader::from_bytes(bytes).map_err(|e| not_a_game_file(name, &e))?;
    Ok(each_row(name, reader, f))
}

fn not_a_game_file(name: &str, e: &renju_parquet::Error) -> FileProblem {
    FileProblem::unreadable(name, format!("cannot read it as a Parquet game file: {e}"))
}

fn each_row(name: &str, reader: GameReader, f: &mut dyn FnMut(usize, RecordItem)) -> usize {
    let total = reader.rows();
    let mut n = 0usize;
    for row in reader {
        n += 1;
        match row {
            Ok(row) => f(n, item(name, n, row)),
            Err(e) => {
                let lost = total.saturating_sub(n as u64 - 1);
                f(
                    n,
                    RecordItem::Broken(format!(
                        "{name}: row {n}: {e}; the {lost} rows from here on (of {total}, by the \
                         file's footer) cannot be read"
                    )
                    .into()),
                );
                break;
            }
        }
    }
    n
}

/// A row as the record it stands for (a game says where it was first read from, when the
/// file has a `source` column: [`ReadRemark::Row`], which `convert` to Parquet keeps).
fn item(name: &str, n: usize, mut row: GameRow) -> RecordItem {
    let no_source = row.source.is_empty();
    if !no_source {
        row.game.remarks.push(ReadRemark::Row {
            source: row.source,
            index: row.index,
        });
    }
    match row.unreadable {
        None if row.game.moves.len() > limits::MAX_MOVES => {
            RecordItem::Broken(too_many_moves(name, n, row.game.moves.len()))
        }
        None => RecordItem::Game(row.game),
        Some(Unreadable::Move {
            number,
            text,
            reason,
        }) => RecordItem::GameWithUnreadable(
            row.game,
            UnreadableMove {
                number,
                text,
                reason,
            },
        ),
        // a row of a file with no `source` column: its sentence named no file
        Some(Unreadable::Record(why)) if no_source => {
            RecordItem::Broken(format!("{name}: {why}").into())
        }
        Some(Unreadable::Record(why)) => RecordItem::Broken(why.into()),
    }
}
