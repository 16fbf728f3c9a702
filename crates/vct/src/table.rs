//! The transposition table: what is known about a position (attacker to move, or defender to
//! move after a threat) for a given number of attacker moves left.
//!
//! An entry holds the smallest budget known to win, the largest known to fail and the move
//! that won (a hint for the next search and for extracting the line). Results depend only on
//! the stones, the side and the budget (no stone is ever taken back in a game, so no path
//! can matter), and on the rule set, convention and threat depth, which are the solver's for
//! its whole life (a change clears the table).
//!
//! Size: 16 bytes an entry, direct-mapped. It starts at [`SIZES`]`[0]` entries and grows to
//! the next size during the first search that visits more than [`GROW_AFTER`] of the next
//! step's nodes (what it held is dropped), up to 2^21 entries (32 MiB), so a solver's table
//! never takes more than 32 MiB.

use renju_core::Point;

/// The table sizes in entries: 1 MiB, 4 MiB, 32 MiB.
pub(crate) const SIZES: [usize; 3] = [1 << 16, 1 << 18, 1 << 21];
/// The nodes of one search after which the table grows to `SIZES[k]`.
pub(crate) const GROW_AFTER: [u64; 3] = [0, 1 << 16, 1 << 19];

const NO_WIN: u8 = u8::MAX;
const NO_MOVE: u16 = u16::MAX;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// Bits 0..8: smallest budget known to win (`NO_WIN` none); 8..16: largest budget known
    /// to fail (0 none); 16..32: the winning move (`NO_MOVE` none); 32..48: generation.
    data: u64,
}

/// What the table says about a position for a budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Known {
    Win,
    Fail,
}

pub(crate) struct Table {
    entries: Vec<Entry>,
    generation: u16,
    grow_at: u64,
}

fn code(p: Point) -> u16 {
    u16::from(p.row()) * 32 + u16::from(p.col())
}

fn decode(c: u16) -> Option<Point> {
    if c == NO_MOVE {
        None
    } else {
        Point::new((c % 32) as u8, (c / 32) as u8)
    }
}

impl Table {
    pub(crate) fn new() -> Table {
        Table {
            entries: vec![Entry::default(); SIZES[0]],
            generation: 1,
            grow_at: GROW_AFTER[1],
        }
    }

    /// Forgets everything (a new generation; the memory is wiped once in 65,535 clears).
    pub(crate) fn clear(&mut self) {
        if self.generation == u16::MAX {
            self.entries.iter_mut().for_each(|e| *e = Entry::default());
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    /// Called with the node count of the running search: grows the table once it is due.
    #[inline]
    pub(crate) fn maybe_grow(&mut self, nodes: u64) {
        if nodes < self.grow_at {
            return;
        }
        let next = SIZES.iter().position(|&n| n > self.entries.len());
        if let Some(k) = next {
            self.entries = vec![Entry::default(); SIZES[k]];
        }
        self.grow_at = match next {
            Some(k) if k + 1 < SIZES.len() => GROW_AFTER[k + 1],
            _ => u64::MAX,
        };
    }

    /// The entries now allocated.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    fn live(&self, key: u64) -> Option<u64> {
        let e = self.entries[self.slot(key)];
        (e.key == key && (e.data >> 32) as u16 == self.generation).then_some(e.data)
    }

    /// What is known with `budget` attacker moves left.
    #[inline]
    pub(crate) fn probe(&self, key: u64, budget: u32) -> Option<Known> {
        let data = self.live(key)?;
        let win = data as u8;
        let fail = (data >> 8) as u8;
        if win != NO_WIN && budget >= u32::from(win) {
            Some(Known::Win)
        } else if budget <= u32::from(fail) {
            Some(Known::Fail)
        } else {
            None
        }
    }

    /// The move that won last time, if remembered.
    pub(crate) fn best(&self, key: u64) -> Option<Point> {
        decode((self.live(key)? >> 16) as u16)
    }

    fn put(&mut self, key: u64, win: u8, fail: u8, best: u16) {
        let i = self.slot(key);
        self.entries[i] = Entry {
            key,
            data: u64::from(win)
                | (u64::from(fail) << 8)
                | (u64::from(best) << 16)
                | (u64::from(self.generation) << 32),
        };
    }

    /// Remembers a win with `budget` (by `best` when known).
    pub(crate) fn store_win(&mut self, key: u64, budget: u32, best: Option<Point>) {
        let b = budget.min(u32::from(NO_WIN - 1)) as u8;
        let (mut win, mut fail, mut mv) = (b, 0u8, best.map_or(NO_MOVE, code));
        if let Some(data) = self.live(key) {
            let old = data as u8;
            fail = (data >> 8) as u8;
            if old != NO_WIN && old <= b {
                win = old;
                if best.is_none() || old < b {
                    mv = (data >> 16) as u16;
                }
            }
        }
        self.put(key, win, fail, mv);
    }

    /// Remembers a failure with `budget` (`u32::MAX`: at every budget).
    pub(crate) fn store_fail(&mut self, key: u64, budget: u32) {
        let b = budget.min(u32::from(NO_WIN - 1)) as u8;
        let (mut win, mut fail, mut mv) = (NO_WIN, b, NO_MOVE);
        if let Some(data) = self.live(key) {
            win = data as u8;
            fail = fail.max((data >> 8) as u8);
            mv = (data >> 16) as u16;
        }
        self.put(key, win, fail, mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_and_fails_are_kept_by_budget() {
        let mut t = Table::new();
        let p: Point = "h8".parse().unwrap();
        assert_eq!(t.probe(7, 3), None);
        t.store_fail(7, 2);
        assert_eq!(t.probe(7, 2), Some(Known::Fail));
        assert_eq!(t.probe(7, 1), Some(Known::Fail));
        assert_eq!(t.probe(7, 3), None);
        t.store_win(7, 4, Some(p));
        assert_eq!(t.probe(7, 5), Some(Known::Win));
        assert_eq!(t.probe(7, 3), None);
        assert_eq!(t.best(7), Some(p));
        t.store_fail(7, 3);
        assert_eq!(t.probe(7, 3), Some(Known::Fail));
        assert_eq!(t.best(7), Some(p));
        t.clear();
        assert_eq!(t.probe(7, 5), None);
        t.store_fail(9, u32::MAX);
        assert_eq!(t.probe(9, 60), Some(Known::Fail));
    }

    #[test]
    fn the_table_grows_in_steps_and_then_stays() {
        let mut t = Table::new();
        assert_eq!(t.len(), SIZES[0]);
        t.maybe_grow(GROW_AFTER[1] - 1);
        assert_eq!(t.len(), SIZES[0]);
        t.maybe_grow(GROW_AFTER[1]);
        assert_eq!(t.len(), SIZES[1]);
        t.maybe_grow(GROW_AFTER[2]);
        assert_eq!(t.len(), SIZES[2]);
        t.maybe_grow(u64::MAX - 1);
        assert_eq!(t.len(), SIZES[2]);
    }
}
