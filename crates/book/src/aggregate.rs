//! The counts of one file gathered in memory before they are written: one entry per
//! (position key, next move) with counts by result, the key bytes in one arena. Its memory
//! is sized once from a cap ([`Aggregate::new`]) and never grows: when a game would not fit
//! ([`Aggregate::has_room`]), the builder writes the counts to the database and reuses it.

use hashbrown::{DefaultHashBuilder, HashTable};
use rayon::slice::ParallelSliceMut;
use std::hash::{BuildHasher, Hasher};

/// Counts by result (`[black, white, draw, unknown]`), signed so that a replaced file's
/// games can be subtracted.
pub(crate) type Delta = [i64; 4];

#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The first 8 bytes of the key, big-endian (zeros after a shorter key): sorts and
    /// tells most keys apart without reading the arena.
    prefix: u64,
    off: u32,
    len: u16,
    mv: i16,
    counts: [i32; 4],
}

/// The in-memory counts of edges.
#[derive(Debug)]
pub(crate) struct Aggregate {
    arena: Vec<u8>,
    entries: Vec<Entry>,
    index: HashTable<u32>,
    hasher: DefaultHashBuilder,
    max_entries: usize,
    max_arena: usize,
}

/// The fewest entries an aggregate holds: a whole game's positions (at most 256) fit.
const MIN_ENTRIES: usize = 256;
/// The least arena: a whole game's keys (at most 256 of at most 511 bytes) fit.
const MIN_ARENA: usize = 256 * 512;

/// The rows handed to the writer at a time (one multi-row INSERT).
pub(crate) const CHUNK: usize = 64;

/// One edge row to write: key, move code, counts.
pub(crate) struct EdgeRow<'a> {
    pub key: &'a [u8],
    pub mv: i32,
    pub counts: Delta,
}

impl Aggregate {
    /// An aggregate whose allocations take at most about `cap` bytes (more only for a cap
    /// too small to hold one game): the entries and their hash table for `cap / 80` entries,
    /// the rest for key bytes. Allocated up front as virtual memory, touched as it fills.
    pub(crate) fn new(cap: usize) -> Aggregate {
        let max_entries = (cap / 80).max(MIN_ENTRIES);
        let table = HashTable::with_capacity(max_entries);
        // hashbrown's buckets: a power of two at least 8/7 of the capacity, 4 bytes each and
        // a control byte (plus a group's width)
        let table_bytes = (max_entries * 8 / 7).next_power_of_two() * (size_of::<u32>() + 1);
        let entries_bytes = max_entries * size_of::<Entry>();
        let max_arena = cap
            .saturating_sub(table_bytes + entries_bytes)
            .max(MIN_ARENA);
        Aggregate {
            arena: Vec::with_capacity(max_arena),
            entries: Vec::with_capacity(max_entries),
            index: table,
            hasher: DefaultHashBuilder::default(),
            max_entries,
            max_arena,
        }
    }

    /// Whether `entries` more entries with `key_bytes` more key bytes fit without growing.
    pub(crate) fn has_room(&self, entries: usize, key_bytes: usize) -> bool {
        self.entries.len() + entries <= self.max_entries
            && self.arena.len() + key_bytes <= self.max_arena
    }

    /// Counts one game of result slot `r` (weight `w`: 1 to add, -1 to subtract) at position
    /// `key` with next move `mv` (a code, [`crate::key::PASS`] or [`crate::key::END`]).
    pub(crate) fn count(&mut self, key: &[u8], mv: i32, r: usize, w: i32) {
        let mv = mv as i16;
        let hash = hash_of(&self.hasher, key, mv);
        let prefix = prefix_of(key);
        let (arena, entries) = (&mut self.arena, &mut self.entries);
        let found = self.index.find(hash, |&i| {
            let e = &entries[i as usize];
            e.prefix == prefix
                && e.mv == mv
                && &arena[e.off as usize..e.off as usize + usize::from(e.len)] == key
        });
        let i = match found {
            Some(&i) => i,
            None => {
                let i = u32::try_from(entries.len()).expect("fewer than 2^32 edges per spill");
                let off = u32::try_from(arena.len()).expect("an arena under 4 GiB per spill");
                arena.extend_from_slice(key);
                entries.push(Entry {
                    prefix,
                    off,
                    len: key.len() as u16,
                    mv,
                    counts: [0; 4],
                });
                let hasher = &self.hasher;
                // the table was sized for every entry: it never grows, so the rehash
                // function is never called; it is right all the same
                self.index.insert_unique(hash, i, |&j| {
                    let e = &entries[j as usize];
                    hash_of(
                        hasher,
                        &arena[e.off as usize..e.off as usize + usize::from(e.len)],
                        e.mv,
                    )
                });
                i
            }
        };
        entries[i as usize].counts[r] += w;
    }

    /// Whether nothing is counted.
    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The rows in (key, move) order, then empties the aggregate. Rows whose counts are all
    /// zero are left out. Sorts the entries in place: no memory beyond the aggregate's own.
    pub(crate) fn drain_sorted<E>(
        &mut self,
        mut rows: impl FnMut(&[EdgeRow<'_>]) -> Result<(), E>,
    ) -> Result<(), E> {
        let arena = &self.arena;
        let key = |e: &Entry| &arena[e.off as usize..e.off as usize + usize::from(e.len)];
        self.entries.par_sort_unstable_by(|x, y| {
            x.prefix
                .cmp(&y.prefix)
                .then_with(|| key(x).cmp(key(y)))
                .then(x.mv.cmp(&y.mv))
        });
        let mut chunk = Vec::with_capacity(CHUNK);
        for e in &self.entries {
            let counts = e.counts.map(i64::from);
            if counts != [0; 4] {
                chunk.push(EdgeRow {
                    key: key(e),
                    mv: i32::from(e.mv),
                    counts,
                });
                if chunk.len() == CHUNK {
                    rows(&chunk)?;
                    chunk.clear();
                }
            }
        }
        if !chunk.is_empty() {
            rows(&chunk)?;
        }
        self.arena.clear();
        self.entries.clear();
        self.index.clear();
        Ok(())
    }
}

fn hash_of(hasher: &DefaultHashBuilder, key: &[u8], mv: i16) -> u64 {
    let mut h = hasher.build_hasher();
    h.write(key);
    h.write_i16(mv);
    h.finish()
}

fn prefix_of(key: &[u8]) -> u64 {
    let mut p = [0u8; 8];
    let m = key.len().min(8);
    p[..m].copy_from_slice(&key[..m]);
    u64::from_be_bytes(p)
}
