//! The counts of one file gathered in memory before they are written: a log of entries (games
//! of one result at a position with one next move: the key, the next move, the number of
//! games; one per game and position when a game is walked on its own, one per result of a
//! shared opening of a chunk from [`crate::sweep`]), partitioned by the position's bucket
//! ([`crate::key::bucket`]) as it is appended, so that the partitions are sorted, summed and
//! turned into bucket rows in parallel ([`Aggregate::partitions`]). Its memory is bounded by a
//! cap ([`Aggregate::new`]): when entries would not fit ([`Aggregate::has_room`],
//! [`Aggregate::fits`]), the builder writes the counts out (a run, [`crate::spill`]) and
//! reuses the memory.

/// Counts by result (`[black, white, draw, unknown]`), signed so that a replaced file's
/// games can be subtracted.
pub(crate) type Delta = [i64; 4];

/// One entry of the log: games of one result at a position with one next move; the key's
/// bytes are in the arena at `off` (the entries of a position's results share them).
#[derive(Debug, Clone, Copy)]
struct Visit {
    /// The key's hash ([`crate::key::hash`]): sorts the entries by bucket, and tells most keys
    /// apart without reading the arena.
    hash: u64,
    off: u32,
    /// The games (negative to subtract).
    n: i32,
    /// The key's length (bits 0-9: a book's keys are at most 511 bytes) and the result slot
    /// (bits 12-13): the counts are summed without reading the arena.
    tag: u16,
    mv: i16,
}

impl Visit {
    const LEN: u16 = 0x3ff;

    fn len(self) -> usize {
        usize::from(self.tag & Visit::LEN)
    }

    /// Adds the entry's games to `counts`.
    #[inline]
    fn add_to(self, counts: &mut Delta) {
        counts[usize::from(self.tag >> 12 & 3)] += i64::from(self.n);
    }
}

/// Visits and the arena of their keys' bytes.
#[derive(Debug, Default)]
struct Segment {
    arena: Vec<u8>,
    visits: Vec<Visit>,
}

/// The visits of the buckets of one partition: its own segment (what [`Aggregate::count`]
/// counts), then the segments of the logs it absorbed ([`Aggregate::absorb`], kept as they
/// are: no copy, no fresh memory).
#[derive(Debug)]
pub(crate) struct Partition {
    segments: Vec<Segment>,
}

/// The in-memory visit log.
#[derive(Debug)]
pub(crate) struct Aggregate {
    parts: Vec<Partition>,
    /// Bits of the bucket number below the partition's.
    shift: u32,
    bucket_bits: u32,
    used: usize,
    max_used: usize,
    /// The most segments a partition may have: its own and those absorbed
    /// ([`Aggregate::absorb`]).
    segments: usize,
}

/// The most segments of a partition (each kept segment costs its vectors).
const MAX_SEGMENTS: usize = 1 << 15;

/// The fewest entries of a segment kept as it is by [`Aggregate::absorb`] (6 KiB of them):
/// fewer are copied, so that the segments of a log number at most one per 6 KiB it holds.
const MIN_KEPT: usize = 256;

const _: () = assert!(size_of::<Visit>() == 24, "a log entry takes 24 bytes");

/// The least memory an aggregate takes: a whole game's visits (at most 256 keys of at most 511
/// bytes) fit.
const MIN_USED: usize = 256 * (511 + size_of::<Visit>());

/// The most partitions (the parallel grain of a write).
const MAX_PARTITION_BITS: u32 = 8;

impl Aggregate {
    /// The bytes of an entry in the log, its key's bytes apart.
    pub(crate) const ENTRY: usize = size_of::<Visit>();

    /// An aggregate whose allocations take at most about `cap` bytes (more only for a cap too
    /// small to hold one game): the visits and key bytes it holds are kept under half the cap,
    /// room for the vectors' growth by doubling. `bucket_bits` is the book's.
    pub(crate) fn new(cap: usize, bucket_bits: u32) -> Aggregate {
        let pbits = bucket_bits.min(MAX_PARTITION_BITS);
        let max_used = (cap / 2).max(MIN_USED);
        // each partition's share, reserved (virtual memory, touched as it fills: no copy as
        // the vectors grow); a key averages about 24 bytes
        let share = max_used >> pbits;
        let visits = share / (size_of::<Visit>() + 25);
        Aggregate::reserved(
            bucket_bits,
            visits,
            share - visits * size_of::<Visit>(),
            max_used,
        )
    }

    /// An empty aggregate of `bucket_bits` whose partitions each reserve room for `visits`
    /// visits and `arena` key bytes, holding at most `max_used` bytes.
    fn reserved(bucket_bits: u32, visits: usize, arena: usize, max_used: usize) -> Aggregate {
        let pbits = bucket_bits.min(MAX_PARTITION_BITS);
        Aggregate {
            parts: (0..1usize << pbits)
                .map(|_| Partition {
                    segments: vec![Segment {
                        arena: Vec::with_capacity(arena),
                        visits: Vec::with_capacity(visits),
                    }],
                })
                .collect(),
            shift: bucket_bits - pbits,
            bucket_bits,
            used: 0,
            max_used,
            segments: 1,
        }
    }

    /// An aggregate for the sweep of games of `positions` positions whose keys take
    /// `key_bytes` ([`crate::sweep`]): each partition's share of three quarters of the
    /// positions' visits and of all their keys' bytes reserved (virtual memory, touched as it
    /// fills; a partition past its share grows). A sweep's log holds fewer entries than its
    /// games' positions (about half of them in the 147k archive, where games share openings;
    /// their keys two thirds of the bytes, the shared positions being the short ones), and a
    /// log holding at least half of what it reserved is kept in place by
    /// [`Aggregate::shrink_to_fit`] (mimalloc's `realloc`, corpus-tool's, does not move a
    /// block to shrink it by less than half; glibc's shrinks in place), where a reservation
    /// from the memory cap was copied.
    pub(crate) fn with_room(positions: usize, key_bytes: usize, bucket_bits: u32) -> Aggregate {
        let pbits = bucket_bits.min(MAX_PARTITION_BITS);
        let share = |n: usize| {
            let per = n >> pbits;
            per + per / 8 + 16
        };
        Aggregate::reserved(
            bucket_bits,
            share(positions / 4 * 3),
            share(key_bytes),
            (positions * size_of::<Visit>() + key_bytes).max(MIN_USED),
        )
    }

    /// Whether `entries` more visits with `key_bytes` more key bytes fit.
    pub(crate) fn has_room(&self, entries: usize, key_bytes: usize) -> bool {
        self.used + entries * size_of::<Visit>() + key_bytes <= self.max_used
    }

    /// Counts games at position `key` with next move `mv` (a code, [`crate::key::PASS`] or
    /// [`crate::key::END`]): `counts` by result (negative to subtract). `hash` is the key's
    /// ([`crate::key::hash`]).
    pub(crate) fn count(&mut self, key: &[u8], hash: u64, mv: i32, counts: [i32; 4]) {
        let bucket = crate::key::bucket_of_hash(hash, self.bucket_bits);
        let p = &mut self.parts[(bucket >> self.shift) as usize].segments[0];
        let off = u32::try_from(p.arena.len()).expect("a partition under 4 GiB per spill");
        let len = u16::try_from(key.len())
            .ok()
            .filter(|&l| l <= Visit::LEN)
            .expect("a key of at most 1023 bytes (a book's are at most 511)");
        let mv = i16::try_from(mv).expect("a move code of at most 16 bits");
        p.arena.extend_from_slice(key);
        self.used += key.len();
        for (slot, &n) in counts.iter().enumerate() {
            if n != 0 {
                p.visits.push(Visit {
                    hash,
                    off,
                    n,
                    tag: len | (slot as u16) << 12,
                    mv,
                });
                self.used += size_of::<Visit>();
            }
        }
    }

    /// Moves every entry of `other` (an aggregate of the same bucket bits) into this one,
    /// whether it has room or not ([`Aggregate::fits`]): a partition's segments of at least
    /// [`MIN_KEPT`] entries are kept as they are, as segments of this one's (no copy, no
    /// fresh memory), smaller ones copied into its own segment. `other` is left empty,
    /// without memory.
    pub(crate) fn absorb(&mut self, other: &mut Aggregate) {
        assert_eq!(
            (self.bucket_bits, self.parts.len()),
            (other.bucket_bits, other.parts.len())
        );
        let mut kept = 0;
        for (to, from) in self.parts.iter_mut().zip(&mut other.parts) {
            for seg in from.segments.drain(..) {
                if seg.visits.len() >= MIN_KEPT {
                    to.segments.push(seg);
                    kept += 1;
                    continue;
                }
                // a few entries: copied into the own segment (a segment kept costs its
                // vectors, and a log of few entries per partition would make many)
                let own = &mut to.segments[0];
                let base = own.arena.len();
                u32::try_from(base + seg.arena.len()).expect("a partition under 4 GiB per spill");
                let base = base as u32;
                own.arena.extend_from_slice(&seg.arena);
                own.visits.extend(seg.visits.iter().map(|v| Visit {
                    off: v.off + base,
                    ..*v
                }));
            }
            assert!(to.segments.len() <= MAX_SEGMENTS, "see Aggregate::fits");
        }
        for from in &mut other.parts {
            from.segments.push(Segment::default());
        }
        self.used += other.used + kept * size_of::<Segment>();
        self.segments += other.segments;
        other.used = 0;
        other.segments = 1;
    }

    /// Gives back the room reserved beyond what is held ([`Aggregate::new`] reserves a share
    /// of the cap for each partition): a log kept as segments of another
    /// ([`Aggregate::absorb`]) then holds the memory its entries take, however few they are.
    pub(crate) fn shrink_to_fit(&mut self) {
        for p in &mut self.parts {
            for s in &mut p.segments {
                s.arena.shrink_to_fit();
                s.visits.shrink_to_fit();
            }
        }
    }

    /// The bytes the log's vectors have room for (their capacity).
    #[cfg(test)]
    pub(crate) fn capacity_bytes(&self) -> usize {
        self.parts
            .iter()
            .flat_map(|p| &p.segments)
            .map(|s| s.arena.capacity() + s.visits.capacity() * size_of::<Visit>())
            .sum()
    }

    /// Whether the entries of `other` fit in this aggregate's room (and its segments under
    /// [`MAX_SEGMENTS`]).
    pub(crate) fn fits(&self, other: &Aggregate) -> bool {
        self.used + other.used <= self.max_used && self.segments + other.segments <= MAX_SEGMENTS
    }

    /// Whether nothing is counted.
    pub(crate) fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// The partitions, in bucket order (each holds a range of buckets, below the next's), the
    /// bucket bits, and the bits of a bucket number below its partition's.
    pub(crate) fn partitions(&mut self) -> (&mut [Partition], u32, u32) {
        (&mut self.parts, self.bucket_bits, self.shift)
    }

    /// The bucket bits and the bits of a bucket number below its partition's.
    pub(crate) fn bits(&self) -> (u32, u32) {
        (self.bucket_bits, self.shift)
    }

    /// The number of partitions.
    pub(crate) fn partition_count(&self) -> usize {
        self.parts.len()
    }

    /// The range of buckets of partition `i`.
    pub(crate) fn bucket_range(&self, i: usize) -> (u32, u32) {
        let lo = (i as u32) << self.shift;
        (lo, lo + ((1u32 << self.shift) - 1))
    }

    /// Empties the log (keeping the memory of its own segments, freeing the absorbed ones).
    pub(crate) fn clear(&mut self) {
        for p in &mut self.parts {
            p.segments.truncate(1);
            p.segments[0].arena.clear();
            p.segments[0].visits.clear();
        }
        self.used = 0;
        self.segments = 1;
    }
}

/// The summed counts of one (key, move) of a partition.
pub(crate) struct EdgeSum<'a> {
    pub bucket: u32,
    /// Whether this is the key's first (move) sum: the sums of a key come together.
    pub new_key: bool,
    /// The key's hash ([`crate::key::hash`]).
    pub hash: u64,
    pub key: &'a [u8],
    pub mv: i32,
    pub counts: Delta,
}

thread_local! {
    /// The visits of a partition placed by bucket, and their keys' bytes: buffers of each
    /// thread, reused from partition to partition (no fresh pages to fault in for each).
    static PLACED: std::cell::RefCell<(Vec<Visit>, Vec<u8>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// Whether two keys are the same bytes: keys are short (31 bytes for 30 stones of a 15x15
/// board), compared eight bytes at a time without a call.
#[inline]
fn same_key(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    if a.len() < 8 {
        return a == b;
    }
    let word = |s: &[u8], i: usize| u64::from_ne_bytes(s[i..i + 8].try_into().expect("8 bytes"));
    let mut i = 0;
    while i + 8 <= a.len() {
        if word(a, i) != word(b, i) {
            return false;
        }
        i += 8;
    }
    // the last bytes, as the last eight (overlapping what was compared)
    i == a.len() || word(a, a.len() - 8) == word(b, b.len() - 8)
}

impl Partition {
    /// Sorts the visits by (bucket, hash, key, move) and calls `each` with the sums of each
    /// (bucket, key, move), in that order: the buckets ascending; within a bucket, keys by
    /// hash. The visits are first placed by bucket (a counting sort on the bucket's bits
    /// below the partition's, `shift` of them), their keys' bytes copied beside the other keys
    /// of the bucket (the arenas read in order once, where reading each key where it was
    /// counted cost a cache miss a position), then each bucket's few are sorted by hash and
    /// move, and every key compared once with the first key of its hash: where two keys share
    /// a hash (a collision, rare), that bucket is sorted by key too.
    pub(crate) fn sums(&mut self, bucket_bits: u32, shift: u32, mut each: impl FnMut(EdgeSum<'_>)) {
        let segments = &self.segments;
        let mask = (1usize << shift) - 1;
        let local = |v: &Visit| crate::key::bucket_of_hash(v.hash, bucket_bits) as usize & mask;
        // the visits and the key bytes of each bucket (a key once for the visits of one
        // count, which are together in their segment)
        let mut starts = vec![0usize; mask + 2];
        let mut key_starts = vec![0usize; mask + 2];
        let mut total = 0;
        for s in segments {
            let mut last = None;
            for v in &s.visits {
                let b = local(v);
                starts[b + 1] += 1;
                if last != Some(v.off) {
                    key_starts[b + 1] += v.len();
                    last = Some(v.off);
                }
            }
            total += s.visits.len();
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
            key_starts[i] += key_starts[i - 1];
        }
        let key_total = key_starts[mask + 1];
        u32::try_from(key_total).expect("a partition's keys under 4 GiB");
        PLACED.with(|placed| {
            let (buffer, bytes) = &mut *placed.borrow_mut();
            // every place below `total` (`key_total`) is written by the placement: the
            // buffers only grow (no clearing of what is overwritten)
            if buffer.len() < total {
                buffer.resize(
                    total,
                    Visit {
                        hash: 0,
                        off: 0,
                        n: 0,
                        tag: 0,
                        mv: 0,
                    },
                );
            }
            if bytes.len() < key_total {
                bytes.resize(key_total, 0);
            }
            let sorted = &mut buffer[..total];
            let keys = &mut bytes[..key_total];
            // each visit placed in its bucket, its key copied beside the keys of its bucket:
            // the arenas read in order (the keys of a segment are in the order of its
            // visits), the keys then read where they are close together (a bucket's keys
            // take a few kilobytes), not from all over the arenas
            let mut at = starts.clone();
            let mut key_at = key_starts.clone();
            for s in segments {
                let mut last: Option<(u32, u32)> = None;
                for v in &s.visits {
                    let b = local(v);
                    let off = match last {
                        Some((old, new)) if old == v.off => new,
                        _ => {
                            let (from, to, len) = (v.off as usize, key_at[b], v.len());
                            keys[to..to + len].copy_from_slice(&s.arena[from..from + len]);
                            key_at[b] += len;
                            let new = to as u32;
                            last = Some((v.off, new));
                            new
                        }
                    };
                    sorted[at[b]] = Visit { off, ..*v };
                    at[b] += 1;
                }
            }
            let keys = &*keys;
            let key = |v: &Visit| &keys[v.off as usize..v.off as usize + v.len()];
            for b in 0..=mask {
                let visits = &mut sorted[starts[b]..starts[b + 1]];
                visits.sort_unstable_by_key(|v| (v.hash, v.mv));
                let mut collision = false;
                let mut i = 0;
                while i < visits.len() && !collision {
                    let first = key(&visits[i]);
                    let mut j = i + 1;
                    while j < visits.len() && visits[j].hash == visits[i].hash {
                        if !same_key(key(&visits[j]), first) {
                            collision = true;
                            break;
                        }
                        j += 1;
                    }
                    i = j;
                }
                if collision {
                    visits.sort_by(|x, y| {
                        x.hash
                            .cmp(&y.hash)
                            .then_with(|| key(x).cmp(key(y)))
                            .then(x.mv.cmp(&y.mv))
                    });
                }
                // a key's moves are together, in (hash, key, move) order; without a collision
                // the hash tells the keys apart
                let mut i = 0;
                let mut last: Option<Visit> = None;
                while i < visits.len() {
                    let first = visits[i];
                    let k = key(&first);
                    let new_key = last.is_none_or(|l| {
                        l.hash != first.hash || (collision && !same_key(key(&l), k))
                    });
                    last = Some(first);
                    let mut counts = [0i64; 4];
                    while i < visits.len() {
                        let v = visits[i];
                        if v.hash != first.hash
                            || v.mv != first.mv
                            || (collision && !same_key(key(&v), k))
                        {
                            break;
                        }
                        v.add_to(&mut counts);
                        i += 1;
                    }
                    each(EdgeSum {
                        bucket: crate::key::bucket_of_hash(first.hash, bucket_bits),
                        new_key,
                        hash: first.hash,
                        key: k,
                        mv: i32::from(first.mv),
                        counts,
                    });
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_the_same_exactly_when_their_bytes_are() {
        // every length up to 40, a difference at every place, and lengths that differ
        for n in 0..40usize {
            let a: Vec<u8> = (0..n as u8).map(|i| i.wrapping_mul(37)).collect();
            assert!(same_key(&a, &a.clone()));
            for at in 0..n {
                let mut b = a.clone();
                b[at] ^= 0x10;
                assert!(!same_key(&a, &b), "length {n}, byte {at}");
            }
            let mut longer = a.clone();
            longer.push(0);
            assert!(!same_key(&a, &longer));
        }
    }

    #[test]
    fn absorbed_logs_are_summed_with_the_own_entries_and_each_other() {
        // keys counted in the log itself and in three logs it absorbs (one of which absorbed
        // another first), some keys in several, one hash shared by two keys across logs
        let keys: [&[u8]; 4] = [&[1, 112], &[2, 112, 96, 97], &[0], &[1, 111]];
        let hash_of = |k: &[u8]| {
            if k == [1, 111] {
                crate::key::hash(&[1, 112])
            } else {
                crate::key::hash(k)
            }
        };
        let mut expected: std::collections::BTreeMap<(Vec<u8>, i32), Delta> = Default::default();
        let mut logs: Vec<Aggregate> = (0..4).map(|_| Aggregate::new(1 << 20, 6)).collect();
        for (i, log) in logs.iter_mut().enumerate() {
            for (j, k) in keys.iter().enumerate() {
                if (i + j) % 3 == 2 {
                    continue;
                }
                let mut counts = [0; 4];
                counts[(i + j) % 4] = (i * 10 + j) as i32 + 1;
                let mv = 96 + (j % 2) as i32;
                log.count(k, hash_of(k), mv, counts);
                let e = expected.entry((k.to_vec(), mv)).or_default();
                for (x, &c) in e.iter_mut().zip(&counts) {
                    *x += i64::from(c);
                }
            }
        }
        // enough entries of one key in one log for its partition's segment to be kept whole
        for i in 0..300 {
            let mut counts = [0; 4];
            counts[i % 4] = 1;
            logs[1].count(keys[1], hash_of(keys[1]), 97, counts);
            let e = expected.entry((keys[1].to_vec(), 97)).or_default();
            e[i % 4] += 1;
        }
        let mut last = logs.pop().unwrap();
        logs[2].absorb(&mut last);
        assert!(last.is_empty());
        let mut own = logs.remove(0);
        for mut log in logs {
            assert!(own.fits(&log));
            own.absorb(&mut log);
            assert!(log.is_empty());
        }
        let kept = |a: &Aggregate| a.parts.iter().map(|p| p.segments.len() - 1).sum::<usize>();
        assert_eq!(
            kept(&own),
            1,
            "the segment of 300 entries kept, the others copied"
        );
        let mut got = std::collections::BTreeMap::new();
        let (parts, bits, shift) = own.partitions();
        for p in parts.iter_mut() {
            p.sums(bits, shift, |s| {
                assert!(
                    got.insert((s.key.to_vec(), s.mv), s.counts).is_none(),
                    "summed once"
                );
            });
        }
        assert_eq!(got, expected);
        // cleared, the log keeps its own segment only and counts afresh
        own.clear();
        own.count(keys[0], hash_of(keys[0]), 5, [0, 0, 1, 0]);
        let mut again = Vec::new();
        let (parts, bits, shift) = own.partitions();
        for p in parts.iter_mut() {
            p.sums(bits, shift, |s| {
                again.push((s.key.to_vec(), s.mv, s.counts))
            });
        }
        assert_eq!(again, vec![(keys[0].to_vec(), 5, [0, 0, 1, 0])]);
    }

    #[test]
    fn a_log_with_the_most_segments_has_no_room_for_another() {
        let mut log = Aggregate::new(1 << 20, 4);
        let other = Aggregate::new(1 << 20, 4);
        assert!(log.fits(&other));
        log.segments = MAX_SEGMENTS;
        assert!(!log.fits(&other));
    }

    #[test]
    fn keys_sharing_a_hash_are_summed_apart() {
        // a forced collision: three keys given one hash, their visits interleaved
        let mut agg = Aggregate::new(1 << 20, 4);
        let (a, b, c): (&[u8], &[u8], &[u8]) = (&[1, 112], &[1, 111], &[0]);
        let one = |r: usize| {
            let mut c = [0; 4];
            c[r] = 1;
            c
        };
        for (k, mv, r) in [
            (a, 97, 0),
            (b, 97, 1),
            (a, 96, 1),
            (c, 112, 2),
            (b, 97, 1),
            (a, 97, 0),
        ] {
            agg.count(k, 42, mv, one(r));
        }
        agg.count(a, 42, 96, [0, -1, 0, 0]);
        let mut got = Vec::new();
        let (parts, bits, shift) = agg.partitions();
        for p in parts.iter_mut() {
            p.sums(bits, shift, |s| got.push((s.key.to_vec(), s.mv, s.counts)));
        }
        got.sort();
        assert_eq!(
            got,
            vec![
                (c.to_vec(), 112, [0, 0, 1, 0]),
                (b.to_vec(), 97, [0, 2, 0, 0]),
                (a.to_vec(), 96, [0, 0, 0, 0]),
                (a.to_vec(), 97, [2, 0, 0, 0]),
            ]
        );
    }
}
