//! Groups of records that hold the same game: identical, mirrored or rotated, or cut short.
//!
//! ## The definitions
//! Records are numbered in the order they are given to [`Deduper::push`] (the input order).
//! Record A *holds* record B when the moves of B, under one of the 8 board symmetries, equal
//! the moves of A or its first moves (passes are moves and map to passes; both records on a
//! board of the same side). Only records with at least `min_moves` moves take part.
//!
//! - A record is a **representative** when no longer record, and no equally long record
//!   earlier in input order, holds it. Every other record joins the group of the first
//!   representative, in input order, that holds it (one always does: of the records holding
//!   it, the earliest of the longest is a representative).
//! - The [`Kind`] of a member: [`Kind::First`] (the representative), [`Kind::Identical`] (same
//!   moves, same orientation), [`Kind::Symmetric`] (same moves under another symmetry only),
//!   [`Kind::Prefix`] (shorter: its moves are the representative's first moves under some
//!   symmetry).
//! - A member's [`Member::symmetry`] maps it onto its representative. When several do (a game
//!   symmetric in itself, or a prefix that is), it is the first of [`Symmetry::ALL`] (identity,
//!   rot90, rot180, rot270, flip-h, flip-v, flip-d, flip-a); so a record that is identical is
//!   always `identity`, and a representative is `identity`.
//! - Groups of two or more records are numbered from 1 in the input order of their
//!   representatives; members are listed in input order.
//!
//! ## How
//! While streaming, each record's moves are kept as compact codes and its canonical key (the
//! smallest Zobrist key of its 8 symmetric forms, [`crate::keys`]) finds records of equal
//! length already seen; a hit is checked move by move before two records are put in one
//! class. At the end, classes are taken longest first: a class no longer record holds is a
//! representative's, and the canonical keys of its representative's prefixes find the
//! shorter classes it holds (again checked move by move). No pairwise comparison; memory is
//! about two bytes per move plus a few dozen bytes per record.

use crate::keys::{self, SymmetricKeys};
use rayon::prelude::*;
use renju_core::{MAX_SIZE, MIN_SIZE, Symmetry};
use renju_notation::{DeclaredResult, GameRecord};
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// The default `min_moves`: shorter records take no part (a 5-move opening shared by
/// thousands of games is not a copy).
pub const DEFAULT_MIN_MOVES: usize = 20;

/// Where a record comes from: its file and its 1-based index in that file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Source {
    /// The file, as the caller names it.
    pub file: Arc<str>,
    /// 1-based index of the record in the file.
    pub index: usize,
}

/// How a member of a group relates to its representative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The representative itself.
    First,
    /// The same moves in the same orientation.
    Identical,
    /// The same moves under another symmetry (and not under the identity).
    Symmetric,
    /// Fewer moves: the representative's first moves, under some symmetry.
    Prefix,
}

impl Kind {
    /// Every kind, in report order.
    pub const ALL: [Kind; 4] = [Kind::First, Kind::Identical, Kind::Symmetric, Kind::Prefix];

    /// `first`, `identical`, `symmetric`, `prefix`.
    ///
    /// ```
    /// assert_eq!(renju_archive::dedupe::Kind::Prefix.name(), "prefix");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::First => "first",
            Kind::Identical => "identical",
            Kind::Symmetric => "symmetric",
            Kind::Prefix => "prefix",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a record was not examined for copies.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotExaminedError {
    /// The board side is not one of 5 to 20.
    BoardSize(u8),
    /// A move lies off the record's board (1-based move number).
    OffBoard(usize),
    /// The record sets stones up (SGF `AB`/`AW`/`AE`): its moves are not a game from the
    /// empty board, so they are not compared with games.
    SetUp,
}

impl fmt::Display for NotExaminedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotExaminedError::BoardSize(s) => write!(f, "board side {s} is not one of 5 to 20"),
            NotExaminedError::OffBoard(n) => write!(f, "move {n} is off the board"),
            NotExaminedError::SetUp => f.write_str(
                "the record sets stones up (not played): not a game from the empty board",
            ),
        }
    }
}

impl std::error::Error for NotExaminedError {}

/// One record of a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// 0-based number in input order (the order of [`Deduper::push`] calls).
    pub seq: usize,
    /// Where it comes from.
    pub source: Source,
    /// The record's own id, if any.
    pub id: Option<String>,
    /// Number of moves, passes counted.
    pub moves: usize,
    /// The declared result.
    pub declared: DeclaredResult,
    /// How it relates to the representative.
    pub kind: Kind,
    /// The symmetry that maps it onto its representative (see the module documentation).
    pub symmetry: Symmetry,
}

/// A group of two or more records holding one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// 1-based, in the input order of the representatives.
    pub number: usize,
    /// The members in input order (the representative is the one of kind [`Kind::First`]).
    pub members: Vec<Member>,
}

/// What [`Deduper::finish`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Records pushed.
    pub records: usize,
    /// Records with fewer than `min_moves` moves (in no group).
    pub short: usize,
    /// Records not examined, with their number in input order and why (in no group).
    pub not_examined: Vec<(usize, Source, NotExaminedError)>,
    /// The `min_moves` used.
    pub min_moves: usize,
    /// The groups of two or more, numbered from 1.
    pub groups: Vec<Group>,
    /// Input numbers of the duplicates (members that are not representatives), sorted.
    duplicates: Vec<usize>,
}

impl Outcome {
    /// Whether the record with this input number is a duplicate (in a group and not its
    /// representative). Representatives and records in no group are not.
    #[must_use]
    pub fn is_duplicate(&self, seq: usize) -> bool {
        self.duplicates.binary_search(&seq).is_ok()
    }

    /// How many duplicates there are.
    #[must_use]
    pub fn duplicate_count(&self) -> usize {
        self.duplicates.len()
    }

    /// How many group members are of this kind.
    #[must_use]
    pub fn count(&self, kind: Kind) -> usize {
        self.groups
            .iter()
            .flat_map(|g| &g.members)
            .filter(|m| m.kind == kind)
            .count()
    }
}

/// Passes `u64` keys (already random) through as their own hash.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeyMap = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;

const NONE: u32 = u32::MAX;

#[derive(Debug)]
struct Rec {
    seq: usize,
    source: Source,
    id: Option<Box<str>>,
    declared: DeclaredResult,
    start: usize,
    /// Where the canonical keys of its prefixes of `min_moves..len` moves start in
    /// `prefix_keys`.
    keys_start: usize,
    len: u32,
    size: u8,
    class: u32,
}

#[derive(Debug)]
struct Class {
    /// The first record of the class in input order.
    leader: u32,
    len: u32,
    size: u8,
    /// The next class with the same canonical key (a collision), or [`NONE`].
    next: u32,
    /// Whether a longer record holds this class.
    held: bool,
    /// The earliest representative (record number) holding it, or [`NONE`].
    best: u32,
}

/// Finds the groups of copies in a stream of records (see the module documentation).
///
/// ```
/// use renju_archive::dedupe::{Deduper, Kind, Source};
/// use renju_notation::GameRecord;
/// let game = |moves: &str| {
///     let mut g = GameRecord::new(15);
///     g.moves = moves.split(' ').map(|m| m.parse().unwrap()).collect();
///     g
/// };
/// let src = |i| Source { file: "a.renju".into(), index: i };
/// let mut d = Deduper::new(3);
/// d.push(src(1), &game("h8 h9 i10 g7")).unwrap();
/// d.push(src(2), &game("h8 h7 i6 g9")).unwrap();      // mirrored top-bottom
/// d.push(src(3), &game("h8 h9 i10")).unwrap();        // cut short
/// d.push(src(4), &game("h8 i9 j10")).unwrap();        // another game
/// let out = d.finish();
/// assert_eq!(out.groups.len(), 1);
/// let kinds: Vec<Kind> = out.groups[0].members.iter().map(|m| m.kind).collect();
/// assert_eq!(kinds, [Kind::First, Kind::Symmetric, Kind::Prefix]);
/// assert_eq!(out.groups[0].members[1].symmetry.name(), "flip-v");
/// assert!(out.is_duplicate(1) && !out.is_duplicate(0) && !out.is_duplicate(3));
/// ```
#[derive(Debug)]
pub struct Deduper {
    min_moves: usize,
    records: usize,
    short: usize,
    not_examined: Vec<(usize, Source, NotExaminedError)>,
    codes: Vec<u16>,
    prefix_keys: Vec<u64>,
    recs: Vec<Rec>,
    classes: Vec<Class>,
    by_key: KeyMap,
}

impl Deduper {
    /// A deduper where records of fewer than `min_moves` moves take no part.
    #[must_use]
    pub fn new(min_moves: usize) -> Deduper {
        Deduper {
            min_moves,
            records: 0,
            short: 0,
            not_examined: Vec::new(),
            codes: Vec::new(),
            prefix_keys: Vec::new(),
            recs: Vec::new(),
            classes: Vec::new(),
            by_key: KeyMap::default(),
        }
    }

    /// Adds the next record in input order and returns its input number (0-based).
    ///
    /// # Errors
    /// [`NotExaminedError`] for a record whose board side or moves cannot be mapped by the board
    /// symmetries, or that sets stones up; it still has its input number (and is in no group).
    pub fn push(&mut self, source: Source, record: &GameRecord) -> Result<usize, NotExaminedError> {
        let seq = self.records;
        self.records += 1;
        let size = record.board_size;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            self.not_examined
                .push((seq, source, NotExaminedError::BoardSize(size)));
            return Err(NotExaminedError::BoardSize(size));
        }
        if !record.setup.is_empty() {
            self.not_examined
                .push((seq, source, NotExaminedError::SetUp));
            return Err(NotExaminedError::SetUp);
        }
        if record.moves.len() < self.min_moves {
            self.short += 1;
            return Ok(seq);
        }
        let start = self.codes.len();
        let keys_start = self.prefix_keys.len();
        let mut keys = SymmetricKeys::new(size);
        for (i, &m) in record.moves.iter().enumerate() {
            if let Some(p) = m.point()
                && (p.col() >= size || p.row() >= size)
            {
                self.codes.truncate(start);
                self.prefix_keys.truncate(keys_start);
                let why = NotExaminedError::OffBoard(i + 1);
                self.not_examined.push((seq, source, why.clone()));
                return Err(why);
            }
            if i >= self.min_moves {
                self.prefix_keys.push(keys.canonical());
            }
            let c = keys::code(m);
            keys.push(c);
            self.codes.push(c);
        }
        let len = record.moves.len() as u32;
        let key = keys.canonical();
        let number = self.recs.len() as u32;
        let class = self.class_of(key, start, len, size, number);
        self.recs.push(Rec {
            seq,
            source,
            id: record.id.as_deref().map(Box::from),
            declared: record.result,
            start,
            keys_start,
            len,
            size,
            class,
        });
        Ok(seq)
    }

    fn moves(&self, rec: u32) -> &[u16] {
        let r = &self.recs[rec as usize];
        &self.codes[r.start..r.start + r.len as usize]
    }

    /// The class of equal games (same length and side, one maps onto the other) of the record
    /// `number` whose codes start at `start`, made when new.
    fn class_of(&mut self, key: u64, start: usize, len: u32, size: u8, number: u32) -> u32 {
        let mine = &self.codes[start..start + len as usize];
        let head = self.by_key.get(&key).copied().unwrap_or(NONE);
        let mut c = head;
        while c != NONE {
            let class = &self.classes[c as usize];
            if class.len == len && class.size == size {
                let leader = &self.recs[class.leader as usize];
                let theirs = &self.codes[leader.start..leader.start + len as usize];
                if keys::maps_onto(mine, theirs, size).is_some() {
                    return c;
                }
            }
            c = class.next;
        }
        let id = self.classes.len() as u32;
        self.classes.push(Class {
            leader: number,
            len,
            size,
            next: head,
            held: false,
            best: NONE,
        });
        self.by_key.insert(key, id);
        id
    }

    /// Works out the representatives and the groups.
    #[must_use]
    pub fn finish(mut self) -> Outcome {
        // Longest classes first: whether a class is a representative's is known once every
        // longer representative has marked the classes it holds. The representatives of one
        // length mark only shorter classes, so they look for their prefixes in parallel.
        let mut order: Vec<(u32, u32)> = self
            .classes
            .iter()
            .enumerate()
            .map(|(i, c)| (c.len, i as u32))
            .collect();
        order.sort_unstable_by_key(|&(len, c)| (std::cmp::Reverse(len), c));
        let bloom = Bloom::new(self.by_key.keys().copied(), self.by_key.len());
        for level in order.chunk_by(|a, b| a.0 == b.0) {
            let reps: Vec<u32> = level
                .iter()
                .map(|&(_, c)| c)
                .filter(|&c| !self.classes[c as usize].held)
                .collect();
            let this = &self;
            let found: Vec<(u32, u32)> = reps
                .par_iter()
                .flat_map_iter(|&c| this.held_prefixes(c, &bloom))
                .collect();
            for (d, rep) in found {
                let other = &mut self.classes[d as usize];
                other.held = true;
                other.best = other.best.min(rep);
            }
        }
        // The representative (a record number) of every record.
        let rep_of = |class: &Class| {
            if class.held { class.best } else { class.leader }
        };
        let mut members: Vec<(u32, u32)> = self
            .recs
            .iter()
            .enumerate()
            .map(|(i, r)| (rep_of(&self.classes[r.class as usize]), i as u32))
            .collect();
        members.sort_unstable();
        let mut groups = Vec::new();
        let mut duplicates = Vec::new();
        for run in members.chunk_by(|a, b| a.0 == b.0) {
            if run.len() < 2 {
                continue;
            }
            let rep = run[0].0;
            let rep_moves = self.moves(rep);
            let size = self.recs[rep as usize].size;
            let mut list = Vec::with_capacity(run.len());
            for &(_, m) in run {
                let r = &self.recs[m as usize];
                let mine = self.moves(m);
                let symmetry = keys::maps_onto(mine, rep_moves, size)
                    .expect("a member maps onto its representative (checked when grouped)");
                let kind = if m == rep {
                    Kind::First
                } else if r.len < self.recs[rep as usize].len {
                    Kind::Prefix
                } else if symmetry == Symmetry::Identity {
                    Kind::Identical
                } else {
                    Kind::Symmetric
                };
                if m != rep {
                    duplicates.push(r.seq);
                }
                list.push(Member {
                    seq: r.seq,
                    source: r.source.clone(),
                    id: r.id.as_deref().map(String::from),
                    moves: r.len as usize,
                    declared: r.declared,
                    kind,
                    symmetry,
                });
            }
            groups.push(Group {
                number: groups.len() + 1,
                members: list,
            });
        }
        duplicates.sort_unstable();
        Outcome {
            records: self.records,
            short: self.short,
            not_examined: std::mem::take(&mut self.not_examined),
            min_moves: self.min_moves,
            groups,
            duplicates,
        }
    }

    /// The shorter classes that the representative of class `c` holds, each with that
    /// representative's record number.
    fn held_prefixes(&self, c: u32, bloom: &Bloom) -> Vec<(u32, u32)> {
        let class = &self.classes[c as usize];
        let (rep, len, size) = (class.leader, class.len as usize, class.size);
        let r = &self.recs[rep as usize];
        let mine = &self.codes[r.start..r.start + len];
        let prefix_keys = &self.prefix_keys[r.keys_start..];
        let mut found = Vec::new();
        for n in self.min_moves..len {
            let key = prefix_keys[n - self.min_moves];
            if !bloom.may_hold(key) {
                continue;
            }
            let mut d = self.by_key.get(&key).copied().unwrap_or(NONE);
            while d != NONE {
                let other = &self.classes[d as usize];
                if other.len as usize == n && other.size == size {
                    let leader = &self.recs[other.leader as usize];
                    let theirs = &self.codes[leader.start..leader.start + n];
                    if keys::maps_onto(theirs, mine, size).is_some() {
                        found.push((d, rep));
                    }
                }
                d = other.next;
            }
        }
        found
    }
}

/// A one-probe Bloom filter of the class keys (16 bits a key, about 6% false positives): most
/// prefixes are no record's game, and the filter, small enough for the cache, says so before
/// the map is asked.
struct Bloom {
    bits: Vec<u64>,
    mask: u64,
}

impl Bloom {
    fn new(keys: impl Iterator<Item = u64>, n: usize) -> Bloom {
        let size = (n.max(64) * 16).next_power_of_two();
        let mut b = Bloom {
            bits: vec![0; size / 64],
            mask: size as u64 - 1,
        };
        for k in keys {
            let i = (k.rotate_left(29) & b.mask) as usize;
            b.bits[i / 64] |= 1 << (i % 64);
        }
        b
    }

    fn may_hold(&self, k: u64) -> bool {
        let i = (k.rotate_left(29) & self.mask) as usize;
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }
}
