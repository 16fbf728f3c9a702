//! The rows of `buckets`: each a JSON object of the positions of one bucket
//! ([`crate::key::bucket`]), `{"<key in hex>": [[move, black, white, draw, unknown], ...], ...}`,
//! keys in byte order, each position's next moves in code order. Written from an
//! [`Aggregate`] (summed and turned to text in parallel, merged with the rows already there),
//! and read back for one position.

use crate::aggregate::{Aggregate, Delta, EdgeSum, Partition};
use crate::error::{At, BookError};
use crate::spill::Runs;
use rayon::prelude::*;
use rusqlite::{Connection, OptionalExtension};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Partitions turned to rows at a time into an empty table.
const PARTS_AT_ONCE: usize = 16;

/// Partitions merged at a time into a table with rows: their old rows are read, parsed,
/// merged and written together (bounds the memory of a merge into a large book: 4 of 256).
const MERGED_AT_ONCE: usize = 4;

/// The two lower-case hexadecimal digits of every byte.
const HEX_PAIRS: [[u8; 2]; 256] = {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut t = [[0u8; 2]; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = [DIGITS[b >> 4], DIGITS[b & 15]];
        b += 1;
    }
    t
};

/// Appends the key in lower-case hexadecimal (a bucket's text is mostly keys).
pub(crate) fn push_hex(out: &mut Vec<u8>, key: &[u8]) {
    if key.len() <= 32 {
        // the keys of books of up to 31 stones on 15x15: made on the stack and appended
        // whole (a fixed size: no call), then cut to the key's length
        let mut buf = [0u8; 64];
        for (pair, &b) in buf.chunks_exact_mut(2).zip(key) {
            pair.copy_from_slice(&HEX_PAIRS[usize::from(b)]);
        }
        let at = out.len();
        out.extend_from_slice(&buf);
        out.truncate(at + 2 * key.len());
        return;
    }
    let start = out.len();
    out.resize(start + 2 * key.len(), 0);
    for (pair, &b) in out[start..].chunks_exact_mut(2).zip(key) {
        pair.copy_from_slice(&HEX_PAIRS[usize::from(b)]);
    }
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    let d = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    };
    let b = s.as_bytes();
    if !b.len().is_multiple_of(2) {
        return None;
    }
    b.chunks(2)
        .map(|p| Some(d(p[0])? << 4 | d(p[1])?))
        .collect()
}

/// Writes an integer in decimal into `buf` at `at`; returns where it ends (at most 20 bytes).
#[inline]
fn put_int(buf: &mut [u8], at: usize, v: i64) -> usize {
    if (0..10).contains(&v) {
        buf[at] = b'0' + v as u8;
        return at + 1;
    }
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = v.unsigned_abs();
    while n > 0 {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    let mut at = at;
    if v < 0 {
        buf[at] = b'-';
        at += 1;
    }
    let len = digits.len() - i;
    buf[at..at + len].copy_from_slice(&digits[i..]);
    at + len
}

/// Appends `[move,black,white,draw,unknown]`, made on the stack and appended at once.
fn push_edge(out: &mut Vec<u8>, mv: i32, c: &Delta) {
    // most edges: a move code under 1000 and counts of one digit (a position one game
    // reached), written without the general number writer
    if let Ok(m @ 0..1000) = u32::try_from(mv)
        && c.iter().all(|v| (0..10).contains(v))
    {
        let mut buf = [0u8; 16];
        buf[0] = b'[';
        let mut n = 1;
        if m >= 100 {
            buf[n] = b'0' + (m / 100) as u8;
            n += 1;
        }
        if m >= 10 {
            buf[n] = b'0' + (m / 10 % 10) as u8;
            n += 1;
        }
        buf[n] = b'0' + (m % 10) as u8;
        n += 1;
        for &v in c {
            buf[n] = b',';
            buf[n + 1] = b'0' + v as u8;
            n += 2;
        }
        buf[n] = b']';
        // the whole buffer copied (a fixed size: no call), then cut to the edge's length
        let at = out.len();
        out.extend_from_slice(&buf);
        out.truncate(at + n + 1);
        return;
    }
    // 5 numbers of at most 20 bytes, 4 commas, 2 brackets
    let mut buf = [0u8; 106];
    buf[0] = b'[';
    let mut n = put_int(&mut buf, 1, i64::from(mv));
    for &v in c {
        buf[n] = b',';
        n = put_int(&mut buf, n + 1, v);
    }
    buf[n] = b']';
    out.extend_from_slice(&buf[..=n]);
}

/// New rows of buckets: `(bucket, text)` (JSON, ASCII), `None` to delete the row.
type Rows = Vec<(u32, Option<Vec<u8>>)>;

/// A row's text to bind: JSON the book wrote (UTF-8: serde_json's or the bucket writer's
/// ASCII), bound as text without a check.
pub(crate) fn json_text(t: &[u8]) -> rusqlite::types::ToSqlOutput<'_> {
    rusqlite::types::ToSqlOutput::Borrowed(rusqlite::types::ValueRef::Text(t))
}

/// A bucket's positions: key, then each next move's counts.
type Parsed = BTreeMap<Vec<u8>, BTreeMap<i32, Delta>>;

fn parse(text: &str) -> Result<Parsed, String> {
    let raw: BTreeMap<String, Vec<[i64; 5]>> = serde_json::from_str(text)
        .map_err(|e| format!("a bucket row that is not the book's JSON: {e}"))?;
    let mut out = Parsed::new();
    for (k, edges) in raw {
        let key =
            unhex(&k).ok_or_else(|| format!("a bucket row's key '{k}' is not hexadecimal"))?;
        let e = out.entry(key).or_default();
        for [mv, b, w, d, u] in edges {
            e.insert(mv as i32, [b, w, d, u]);
        }
    }
    Ok(out)
}

fn render(p: &Parsed) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for (key, edges) in p {
        if edges.is_empty() {
            continue;
        }
        out.push(if out.is_empty() { b'{' } else { b',' });
        out.push(b'"');
        push_hex(&mut out, key);
        out.extend_from_slice(b"\":[");
        for (i, (mv, c)) in edges.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            push_edge(&mut out, *mv, c);
        }
        out.push(b']');
    }
    if out.is_empty() {
        None
    } else {
        out.push(b'}');
        Some(out)
    }
}

/// Where the summed counts of one partition come from.
enum Feed<'a> {
    /// The in-memory log.
    Memory(&'a mut Partition),
    /// Partition `.1` of every run spilled to disk.
    Runs(&'a Runs, usize),
}

impl Feed<'_> {
    /// Calls `each` with the partition's sums in (bucket, hash, key, move) order.
    fn sums(
        &mut self,
        (bits, shift): (u32, u32),
        each: impl FnMut(EdgeSum<'_>),
    ) -> Result<(), String> {
        match self {
            Feed::Memory(p) => {
                p.sums(bits, shift, each);
                Ok(())
            }
            Feed::Runs(runs, i) => runs.sums(*i, each),
        }
    }
}

/// The new rows of one partition's buckets: `(bucket, text)`, `None` for a bucket left empty
/// (its row deleted). `old` holds the rows already in the table.
fn rows_of(
    feed: &mut Feed<'_>,
    bits: (u32, u32),
    old: &HashMap<u32, String>,
) -> Result<Rows, String> {
    let mut rows: Rows = Vec::new();
    // the bucket being made: fresh text, or the parse of its old row
    let mut current: Option<(u32, Result<Vec<u8>, Parsed>)> = None;
    // whether the text of the key being summed is open (its edges being written) in a fresh
    // bucket's text: a key's edges of no games write nothing, not even the key
    let mut open_key = false;
    let mut failure: Option<String> = None;
    // the room of a fresh bucket's text: a little more than the last one took (the buckets of
    // a book are about the same size), so that it seldom grows and is copied
    let mut room = 2048;
    let fed = feed.sums(bits, |s| {
        if failure.is_some() {
            return;
        }
        if s.new_key {
            open_key = false;
        }
        if current.as_ref().is_none_or(|c| c.0 != s.bucket) {
            if let Some((_, Ok(text))) = &current {
                room = (text.len() + text.len() / 4).clamp(64, 1 << 20);
            }
            close(current.take(), &mut rows);
            open_key = false;
            current = Some((
                s.bucket,
                match old.get(&s.bucket) {
                    Some(text) => match parse(text) {
                        Ok(p) => Err(p),
                        Err(e) => {
                            failure = Some(format!("bucket {}: {e}", s.bucket));
                            return;
                        }
                    },
                    None => Ok(Vec::with_capacity(room)),
                },
            ));
        }
        let Some((_, made)) = current.as_mut() else {
            return;
        };
        match made {
            Ok(text) => {
                if s.counts.iter().any(|&c| c < 0) {
                    failure = Some(format!(
                        "bucket {}: games subtracted from a position it does not hold",
                        s.bucket
                    ));
                    return;
                }
                if s.counts == [0; 4] {
                    return;
                }
                // the key's text is opened at its first edge of any game (written in place:
                // a bucket's text is mostly keys)
                if !open_key {
                    if text.is_empty() {
                        text.push(b'{');
                    } else {
                        text.extend_from_slice(b"],");
                    }
                    open_key = true;
                    text.push(b'"');
                    push_hex(text, s.key);
                    text.extend_from_slice(b"\":[");
                } else {
                    text.push(b',');
                }
                push_edge(text, s.mv, &s.counts);
            }
            Err(parsed) => {
                let edges = parsed.entry(s.key.to_vec()).or_default();
                let c = edges.entry(s.mv).or_insert([0; 4]);
                for (x, d) in c.iter_mut().zip(s.counts) {
                    *x += d;
                }
                if c.iter().any(|&x| x < 0) {
                    failure = Some(format!(
                        "bucket {}: more games subtracted from a position than it holds",
                        s.bucket
                    ));
                } else if *c == [0; 4] {
                    edges.remove(&s.mv);
                }
            }
        }
    });
    fed?;
    close(current.take(), &mut rows);
    match failure {
        Some(f) => Err(f),
        None => Ok(rows),
    }
}

/// Ends the bucket being made into `rows`: a fresh text closed (its last key's edges and the
/// object), a parsed bucket rendered; a bucket left without a position is `None` (its row
/// deleted).
fn close(current: Option<(u32, Result<Vec<u8>, Parsed>)>, rows: &mut Rows) {
    if let Some((b, made)) = current {
        match made {
            Ok(mut text) => {
                if !text.is_empty() {
                    text.extend_from_slice(b"]}");
                    rows.push((b, Some(text)));
                }
            }
            Err(parsed) => rows.push((b, render(&parsed))),
        }
    }
}

/// Adds the aggregate's counts to the bucket table `table` (`main.buckets`, or a temporary
/// table for a check) and empties it. The partitions are summed and turned to text on rayon's
/// threads, a few at a time, and written in bucket order; into an empty table, the next few
/// are made while SQLite writes the last.
pub(crate) fn write(
    conn: &Connection,
    path: &Path,
    agg: &mut Aggregate,
    table: &str,
) -> Result<(), BookError> {
    if agg.is_empty() {
        return Ok(());
    }
    let empty = table_is_empty(conn, path, table)?;
    let n = agg.partition_count();
    let ranges: Vec<(u32, u32)> = (0..n).map(|i| agg.bucket_range(i)).collect();
    let (parts, bits, shift) = agg.partitions();
    let mut feeds: Vec<Feed<'_>> = parts.iter_mut().map(Feed::Memory).collect();
    let written = write_feeds(conn, path, &mut feeds, (bits, shift), &ranges, table, empty);
    agg.clear();
    written
}

/// Adds the sums of every run to the bucket table `table` (`agg`: the log the runs were
/// written from, for its partitions).
pub(crate) fn write_runs(
    conn: &Connection,
    path: &Path,
    runs: &Runs,
    agg: &Aggregate,
    table: &str,
) -> Result<(), BookError> {
    let empty = table_is_empty(conn, path, table)?;
    let n = agg.partition_count();
    let ranges: Vec<(u32, u32)> = (0..n).map(|i| agg.bucket_range(i)).collect();
    let mut feeds: Vec<Feed<'_>> = (0..n).map(|i| Feed::Runs(runs, i)).collect();
    write_feeds(conn, path, &mut feeds, agg.bits(), &ranges, table, empty)
}

fn table_is_empty(conn: &Connection, path: &Path, table: &str) -> Result<bool, BookError> {
    conn.query_row(
        &format!("SELECT NOT EXISTS (SELECT 1 FROM {table})"),
        [],
        |r| r.get(0),
    )
    .at(path)
}

fn write_feeds(
    conn: &Connection,
    path: &Path,
    feeds: &mut [Feed<'_>],
    bits: (u32, u32),
    ranges: &[(u32, u32)],
    table: &str,
    empty: bool,
) -> Result<(), BookError> {
    if empty {
        write_new(conn, path, feeds, bits, table)
    } else {
        merge(conn, path, feeds, bits, ranges, table)
    }
}

fn damaged(path: &Path, why: String) -> BookError {
    BookError::Damaged {
        path: path.to_path_buf(),
        why,
    }
}

/// Into an empty table: plain inserts in bucket order, the rows made on another thread.
fn write_new(
    conn: &Connection,
    path: &Path,
    parts: &mut [Feed<'_>],
    bits: (u32, u32),
    table: &str,
) -> Result<(), BookError> {
    let mut put = conn
        .prepare_cached(&format!("INSERT INTO {table} (id, data) VALUES (?1, ?2)"))
        .at(path)?;
    let none = HashMap::new();
    std::thread::scope(|scope| -> Result<(), BookError> {
        // room for a whole batch of partitions: the next is made while SQLite writes one
        let (tx, rx) = std::sync::mpsc::sync_channel::<Result<Rows, String>>(PARTS_AT_ONCE);
        let none = &none;
        scope.spawn(move || {
            for chunk in parts.chunks_mut(PARTS_AT_ONCE) {
                let made: Vec<Result<Rows, String>> = chunk
                    .par_iter_mut()
                    .map(|p| rows_of(p, bits, none))
                    .collect();
                for m in made {
                    if tx.send(m).is_err() {
                        return;
                    }
                }
            }
        });
        for rows in rx {
            for (id, text) in rows.map_err(|e| damaged(path, e))? {
                if let Some(t) = text {
                    put.execute((id, json_text(&t))).at(path)?;
                }
            }
        }
        Ok(())
    })
}

/// Into a table with rows: each few partitions' old rows read, merged and written back.
fn merge(
    conn: &Connection,
    path: &Path,
    parts: &mut [Feed<'_>],
    bits: (u32, u32),
    ranges: &[(u32, u32)],
    table: &str,
) -> Result<(), BookError> {
    let mut put = conn
        .prepare_cached(&format!(
            "INSERT INTO {table} (id, data) VALUES (?1, ?2) \
             ON CONFLICT (id) DO UPDATE SET data = excluded.data"
        ))
        .at(path)?;
    let mut delete = conn
        .prepare_cached(&format!("DELETE FROM {table} WHERE id = ?1"))
        .at(path)?;
    let mut read = conn
        .prepare_cached(&format!(
            "SELECT id, data FROM {table} WHERE id BETWEEN ?1 AND ?2"
        ))
        .at(path)?;
    for (at, chunk) in parts.chunks_mut(MERGED_AT_ONCE).enumerate() {
        let first = at * MERGED_AT_ONCE;
        let (lo, hi) = (ranges[first].0, ranges[first + chunk.len() - 1].1);
        let mut old: HashMap<u32, String> = HashMap::new();
        let rows = read
            .query_map((lo, hi), |r| {
                Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?))
            })
            .at(path)?;
        for row in rows {
            let (id, text) = row.at(path)?;
            old.insert(id, text);
        }
        let made: Vec<Result<Rows, String>> = chunk
            .par_iter_mut()
            .map(|p| rows_of(p, bits, &old))
            .collect();
        for rows in made {
            for (id, text) in rows.map_err(|e| damaged(path, e))? {
                match text {
                    Some(t) => put.execute((id, json_text(&t))).at(path)?,
                    None => delete.execute([id]).at(path)?,
                };
            }
        }
    }
    Ok(())
}

/// The next moves of the position of key `key` in bucket table `table`: `(move, counts)` in
/// code order, empty when the book does not hold it.
pub(crate) fn edges_of(
    conn: &Connection,
    path: &Path,
    table: &str,
    key: &[u8],
    bucket_bits: u32,
) -> Result<Vec<(i32, Delta)>, BookError> {
    let mut member = Vec::with_capacity(2 * key.len() + 4);
    member.extend_from_slice(b"$.\"");
    push_hex(&mut member, key);
    member.push(b'"');
    let text: Option<Option<String>> = conn
        .prepare_cached(&format!("SELECT data -> ?2 FROM {table} WHERE id = ?1"))
        .at(path)?
        .query_row(
            (crate::key::bucket(key, bucket_bits), json_text(&member)),
            |r| r.get(0),
        )
        .optional()
        .at(path)?;
    let Some(text) = text.flatten() else {
        return Ok(Vec::new());
    };
    let edges: Vec<[i64; 5]> = serde_json::from_str(&text).map_err(|e| BookError::Damaged {
        path: path.to_path_buf(),
        why: format!("the next moves of a position are not the book's JSON: {e}"),
    })?;
    Ok(edges
        .into_iter()
        .map(|[mv, b, w, d, u]| (mv as i32, [b, w, d, u]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_written_in_hexadecimal_as_format_writes_them() {
        let key: Vec<u8> = (0..=255).collect();
        let mut out = b"x".to_vec();
        push_hex(&mut out, &key);
        let expected: String = key.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(out, [b"x".as_slice(), expected.as_bytes()].concat());
        assert_eq!(unhex(&expected), Some(key));
        // every length around the short keys' fixed buffer of 32 bytes
        for n in 0..=40usize {
            let key: Vec<u8> = (0..n).map(|i| (i * 37 + 200) as u8).collect();
            let mut out = b"ab".to_vec();
            push_hex(&mut out, &key);
            let expected: String = key.iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(out, [b"ab".as_slice(), expected.as_bytes()].concat(), "{n}");
        }
    }

    #[test]
    fn a_fresh_buckets_text_leaves_out_the_edges_and_keys_of_no_games() {
        // one bucket (0 bits): key A with a move whose games cancel out, then a move of one
        // game; key B whose only move cancels out; key C of one game
        let (a, b, c): (&[u8], &[u8], &[u8]) = (&[1, 112], &[2, 112, 96, 97], &[0]);
        let mut agg = Aggregate::new(1 << 20, 0);
        agg.count(a, crate::key::hash(a), 5, [1, 0, 0, 0]);
        agg.count(a, crate::key::hash(a), 5, [-1, 0, 0, 0]);
        agg.count(a, crate::key::hash(a), 7, [0, 1, 0, 0]);
        agg.count(b, crate::key::hash(b), 9, [0, 0, 2, 0]);
        agg.count(b, crate::key::hash(b), 9, [0, 0, -2, 0]);
        agg.count(c, crate::key::hash(c), 112, [0, 0, 0, 3]);
        let bits = agg.bits();
        let (parts, _, _) = agg.partitions();
        let mut feed = Feed::Memory(&mut parts[0]);
        let rows = rows_of(&mut feed, bits, &HashMap::new()).unwrap();
        assert_eq!(rows.len(), 1);
        let text = String::from_utf8(rows[0].1.clone().unwrap()).unwrap();
        let got: BTreeMap<String, Vec<[i64; 5]>> = serde_json::from_str(&text).unwrap();
        let expected: BTreeMap<String, Vec<[i64; 5]>> = [
            ("0170".to_string(), vec![[7, 0, 1, 0, 0]]),
            ("00".to_string(), vec![[112, 0, 0, 0, 3]]),
        ]
        .into_iter()
        .collect();
        assert_eq!(got, expected, "{text}");
    }

    #[test]
    fn edges_are_written_as_json_arrays_of_decimals() {
        let values = [
            0,
            1,
            9,
            10,
            99,
            100,
            999,
            1000,
            12_345,
            -1,
            -2,
            -10,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
        ];
        for &a in &values {
            for &b in &values {
                let mut out = Vec::new();
                let mv = i32::try_from(a).unwrap_or(-2);
                push_edge(&mut out, mv, &[a, b, 0, -b.saturating_abs()]);
                let expected = format!("[{mv},{a},{b},0,{}]", -b.saturating_abs());
                assert_eq!(String::from_utf8(out).unwrap(), expected);
            }
        }
    }
}
