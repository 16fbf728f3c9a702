//! Counting a file of any size in bounded memory: the visit log ([`Aggregate`]) is summed and
//! written, when it fills, to an unnamed temporary file as a **run** (each partition's sums,
//! sorted), and the runs are merged into the bucket table together, when there are
//! [`MAX_RUNS`] of them and when the file ends. Merging into the table rewrites every bucket
//! the counts touch (read, parse, merge, write), which in a large book is every bucket: a run
//! costs a sort and a sequential write instead, and the table is rewritten once for up to
//! [`MAX_RUNS`] fillings of the log.
//!
//! A run is a section per partition of the log; a section is its entries in (hash, key, move)
//! order, each: the key's 64-bit hash (little-endian), the key's length (LEB128), the key,
//! the move and the four counts (zigzag LEB128). The file is made with
//! [`tempfile::tempfile_in`] in the book's directory (on Linux an `O_TMPFILE`: no name, gone
//! with the process however it ends) and emptied after each merge; it never holds more than
//! [`MAX_RUNS`] runs.

use crate::aggregate::{Aggregate, Delta, EdgeSum};
use crate::error::BookError;
use rayon::prelude::*;
use rusqlite::Connection;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// The runs kept on disk before they are merged into the table.
pub(crate) const MAX_RUNS: usize = 8;

/// Partitions summed and written at a time (bounds the memory of a run being written).
const PARTS_AT_ONCE: usize = 16;

/// The counts of one file being gathered: the visit log in memory and the runs on disk.
#[derive(Debug)]
pub(crate) struct Counter {
    agg: Aggregate,
    runs: Runs,
}

impl Counter {
    /// A counter whose log takes about `cap` bytes ([`Aggregate::new`]), for a book of
    /// `bucket_bits` at `book` (its runs are written in the book's directory).
    pub(crate) fn new(cap: usize, bucket_bits: u32, book: &Path) -> Counter {
        let dir = match book.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        Counter {
            agg: Aggregate::new(cap, bucket_bits),
            runs: Runs {
                file: None,
                dir,
                len: 0,
                index: Vec::new(),
                bucket_bits,
            },
        }
    }

    /// Counts the visits of one game walked on its own (`keys` one after the other, `visits`
    /// as `GameWalk::visits` of the `prepare` module) of result slot `r` and weight `w`,
    /// spilling first when they do not fit.
    pub(crate) fn count_walk(
        &mut self,
        conn: &Connection,
        path: &Path,
        table: &str,
        keys: &[u8],
        visits: &[(u16, i32, u64)],
        (r, w): (usize, i32),
    ) -> Result<(), BookError> {
        if !self.agg.has_room(visits.len(), keys.len()) {
            self.spill(conn, path, table)?;
        }
        let mut counts = [0; 4];
        counts[r] = w;
        let mut at = 0;
        for &(len, next, hash) in visits {
            let len = usize::from(len);
            self.agg.count(&keys[at..at + len], hash, next, counts);
            at += len;
        }
        Ok(())
    }

    /// Counts the entries of `agg` (an aggregate of the book's bucket bits, left empty):
    /// made part of the log when they fit (without a copy, [`Aggregate::absorb`]), after
    /// writing the log as a run when they do not, and written as a run of their own when they
    /// do not fit an empty log either.
    pub(crate) fn absorb(
        &mut self,
        conn: &Connection,
        path: &Path,
        table: &str,
        agg: &mut Aggregate,
    ) -> Result<(), BookError> {
        if agg.is_empty() {
            return Ok(());
        }
        if !self.agg.fits(agg) && !self.agg.is_empty() {
            self.spill(conn, path, table)?;
        }
        if self.agg.fits(agg) {
            self.agg.absorb(agg);
            return Ok(());
        }
        self.runs.append(agg)?;
        if self.runs.index.len() >= MAX_RUNS {
            self.flush(conn, path, table)?;
        }
        Ok(())
    }

    /// The bucket bits of the log ([`Aggregate::new`]).
    pub(crate) fn bucket_bits(&self) -> u32 {
        self.agg.bits().0
    }

    /// Writes the log as a run and empties it; merges the runs into `table` when there are
    /// [`MAX_RUNS`].
    fn spill(&mut self, conn: &Connection, path: &Path, table: &str) -> Result<(), BookError> {
        self.runs.append(&mut self.agg)?;
        if self.runs.index.len() >= MAX_RUNS {
            self.flush(conn, path, table)?;
        }
        Ok(())
    }

    /// Adds everything counted (the runs and the log) to `table` and empties the counter.
    pub(crate) fn flush(
        &mut self,
        conn: &Connection,
        path: &Path,
        table: &str,
    ) -> Result<(), BookError> {
        if self.runs.index.is_empty() {
            return crate::buckets::write(conn, path, &mut self.agg, table);
        }
        self.runs.append(&mut self.agg)?;
        let written = crate::buckets::write_runs(conn, path, &self.runs, &self.agg, table);
        self.runs.clear()?;
        written
    }
}

/// The runs written so far.
#[derive(Debug)]
pub(crate) struct Runs {
    file: Option<File>,
    dir: PathBuf,
    len: u64,
    /// For each run, for each partition: the offset and length of its section.
    index: Vec<Vec<(u64, u64)>>,
    bucket_bits: u32,
}

impl Runs {
    fn error(&self, error: std::io::Error) -> BookError {
        BookError::Spill {
            dir: self.dir.clone(),
            error,
        }
    }

    /// Sums the log's partitions and appends them as a run; empties the log.
    fn append(&mut self, agg: &mut Aggregate) -> Result<(), BookError> {
        if agg.is_empty() {
            return Ok(());
        }
        if self.file.is_none() {
            let f = tempfile::tempfile_in(&self.dir).map_err(|e| self.error(e))?;
            self.file = Some(f);
        }
        let mut sections = Vec::new();
        {
            let (parts, bits, shift) = agg.partitions();
            for chunk in parts.chunks_mut(PARTS_AT_ONCE) {
                let made: Vec<Vec<u8>> = chunk
                    .par_iter_mut()
                    .map(|p| {
                        let mut out = Vec::new();
                        p.sums(bits, shift, |s| encode(&mut out, &s));
                        out
                    })
                    .collect();
                for m in made {
                    let file = self.file.as_ref().expect("made above");
                    file.write_all_at(&m, self.len).map_err(|e| self.error(e))?;
                    sections.push((self.len, m.len() as u64));
                    self.len += m.len() as u64;
                }
            }
        }
        self.index.push(sections);
        agg.clear();
        Ok(())
    }

    /// Forgets the runs and empties the file.
    fn clear(&mut self) -> Result<(), BookError> {
        self.index.clear();
        self.len = 0;
        if let Some(f) = &self.file {
            f.set_len(0).map_err(|e| self.error(e))?;
        }
        Ok(())
    }

    /// Calls `each` with the sums over every run of each (key, move) of partition `part`, in
    /// (hash, key, move) order (so in bucket order: a bucket is the top bits of the hash).
    pub(crate) fn sums(
        &self,
        part: usize,
        mut each: impl FnMut(EdgeSum<'_>),
    ) -> Result<(), String> {
        let file = self.file.as_ref().expect("runs were written");
        let mut bytes = Vec::new();
        for run in &self.index {
            let (off, len) = run[part];
            let start = bytes.len();
            bytes.resize(start + len as usize, 0);
            file.read_exact_at(&mut bytes[start..], off)
                .map_err(|e| format!("cannot read back its spill file: {e}"))?;
        }
        let mut entries = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            entries.push(decode(&bytes, &mut at).ok_or("its spill file reads back damaged")?);
        }
        let key = |e: &Entry| &bytes[e.key.0..e.key.1];
        entries.sort_unstable_by(|x, y| {
            x.hash
                .cmp(&y.hash)
                .then_with(|| key(x).cmp(key(y)))
                .then(x.mv.cmp(&y.mv))
        });
        let mut i = 0;
        let mut last: Option<usize> = None;
        while i < entries.len() {
            let first = &entries[i];
            let new_key = last
                .is_none_or(|l| entries[l].hash != first.hash || key(&entries[l]) != key(first));
            last = Some(i);
            let mut counts = [0i64; 4];
            while i < entries.len()
                && entries[i].hash == first.hash
                && entries[i].mv == first.mv
                && key(&entries[i]) == key(first)
            {
                for (c, d) in counts.iter_mut().zip(entries[i].counts) {
                    *c += d;
                }
                i += 1;
            }
            each(EdgeSum {
                bucket: crate::key::bucket_of_hash(first.hash, self.bucket_bits),
                new_key,
                hash: first.hash,
                key: key(first),
                mv: first.mv,
                counts,
            });
        }
        Ok(())
    }
}

/// One entry of a section, its key a range of the section's bytes.
struct Entry {
    hash: u64,
    key: (usize, usize),
    mv: i32,
    counts: Delta,
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    (v >> 1) as i64 ^ -((v & 1) as i64)
}

fn get_varint(b: &[u8], at: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *b.get(*at)?;
        *at += 1;
        v |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Some(v);
        }
    }
    None
}

fn encode(out: &mut Vec<u8>, s: &EdgeSum<'_>) {
    if s.counts == [0; 4] {
        return;
    }
    out.extend_from_slice(&s.hash.to_le_bytes());
    put_varint(out, s.key.len() as u64);
    out.extend_from_slice(s.key);
    put_varint(out, zigzag(i64::from(s.mv)));
    for &c in &s.counts {
        put_varint(out, zigzag(c));
    }
}

fn decode(b: &[u8], at: &mut usize) -> Option<Entry> {
    let hash = u64::from_le_bytes(b.get(*at..*at + 8)?.try_into().ok()?);
    *at += 8;
    let len = usize::try_from(get_varint(b, at)?).ok()?;
    let key = (*at, at.checked_add(len)?);
    if key.1 > b.len() {
        return None;
    }
    *at = key.1;
    let mv = i32::try_from(unzigzag(get_varint(b, at)?)).ok()?;
    let mut counts = [0i64; 4];
    for c in &mut counts {
        *c = unzigzag(get_varint(b, at)?);
    }
    Some(Entry {
        hash,
        key,
        mv,
        counts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_as_written() {
        let mut out = Vec::new();
        let sums = [
            (7u64, vec![1u8, 112], -2, [1i64, 0, 0, 0]),
            (u64::MAX, vec![3; 300], 224, [-5, 1 << 40, 0, 3]),
            (0, vec![0], -1, [0, 0, 0, -1]),
        ];
        for (hash, key, mv, counts) in &sums {
            encode(
                &mut out,
                &EdgeSum {
                    bucket: 0,
                    new_key: true,
                    hash: *hash,
                    key,
                    mv: *mv,
                    counts: *counts,
                },
            );
        }
        let mut at = 0;
        for (hash, key, mv, counts) in &sums {
            let e = decode(&out, &mut at).unwrap();
            assert_eq!(
                (e.hash, &out[e.key.0..e.key.1], e.mv, e.counts),
                (*hash, key.as_slice(), *mv, *counts)
            );
        }
        assert_eq!(at, out.len());
        // a truncated entry is no entry
        let mut at = 0;
        assert!(decode(&out[..out.len() - 1], &mut 0).is_some());
        let cut = &out[..12];
        assert!(decode(cut, &mut at).is_none());
    }
}
