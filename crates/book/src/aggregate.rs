//! The counts of one file gathered in memory before they are written: one entry per
//! (position key, next move) with counts by result, the key bytes in one arena.
//! [`Aggregate::bytes`] says how much memory it holds, so that the builder can spill it to
//! the database when it passes the cap.

use hashbrown::{DefaultHashBuilder, HashTable};
use rayon::slice::ParallelSliceMut;
use std::hash::{BuildHasher, Hasher};

/// Counts by result (`[black, white, draw, unknown]`), signed so that a replaced file's
/// games can be subtracted.
pub(crate) type Delta = [i64; 4];

#[derive(Debug, Clone, Copy)]
struct Entry {
    hash: u64,
    off: u32,
    len: u16,
    mv: i16,
    counts: [i32; 4],
}

/// The in-memory counts of edges.
#[derive(Debug, Default)]
pub(crate) struct Aggregate {
    arena: Vec<u8>,
    entries: Vec<Entry>,
    index: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

/// One edge row to write: key, move code, counts.
pub(crate) struct EdgeRow<'a> {
    pub key: &'a [u8],
    pub mv: i32,
    pub counts: Delta,
}

impl Aggregate {
    /// Counts one game of result slot `r` (weight `w`: 1 to add, -1 to subtract) at position
    /// `key` with next move `mv` (a code, [`crate::key::PASS`] or [`crate::key::END`]).
    pub(crate) fn count(&mut self, key: &[u8], mv: i32, r: usize, w: i32) {
        let mv = mv as i16;
        let mut h = self.hasher.build_hasher();
        h.write(key);
        h.write_i16(mv);
        let hash = h.finish();
        let (arena, entries) = (&mut self.arena, &mut self.entries);
        let found = self.index.find(hash, |&i| {
            let e = &entries[i as usize];
            e.hash == hash
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
                    hash,
                    off,
                    len: key.len() as u16,
                    mv,
                    counts: [0; 4],
                });
                self.index
                    .insert_unique(hash, i, |&j| entries[j as usize].hash);
                i
            }
        };
        entries[i as usize].counts[r] += w;
    }

    /// Whether nothing is counted.
    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The bytes the counts held take: key bytes, entries, and the hash table's slots at its
    /// fullest (7/8). The allocations behind them grow by doubling, so they can be up to
    /// twice this.
    pub(crate) fn bytes(&self) -> usize {
        self.arena.len()
            + self.entries.len() * size_of::<Entry>()
            + self.index.len() * (size_of::<u32>() + 1) * 8 / 7
    }

    fn key(&self, e: &Entry) -> &[u8] {
        &self.arena[e.off as usize..e.off as usize + usize::from(e.len)]
    }

    /// The rows in (key, move) order, then empties the aggregate. Rows whose counts are all
    /// zero are left out.
    pub(crate) fn drain_sorted<E>(
        &mut self,
        mut edge: impl FnMut(EdgeRow<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        // the first 16 bytes of the key, big-endian, then the rest compared in the arena
        let prefix = |e: &Entry| {
            let k = self.key(e);
            let mut p = [0u8; 16];
            let m = k.len().min(16);
            p[..m].copy_from_slice(&k[..m]);
            u128::from_be_bytes(p)
        };
        let mut order: Vec<(u128, u32)> = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| (prefix(e), i as u32))
            .collect();
        order.par_sort_unstable_by(|a, b| {
            a.0.cmp(&b.0).then_with(|| {
                let (x, y) = (&self.entries[a.1 as usize], &self.entries[b.1 as usize]);
                self.key(x).cmp(self.key(y)).then(x.mv.cmp(&y.mv))
            })
        });
        for &(_, i) in &order {
            let e = &self.entries[i as usize];
            let counts = e.counts.map(i64::from);
            if counts != [0; 4] {
                edge(EdgeRow {
                    key: self.key(e),
                    mv: i32::from(e.mv),
                    counts,
                })?;
            }
        }
        self.arena.clear();
        self.entries.clear();
        self.index.clear();
        Ok(())
    }
}
