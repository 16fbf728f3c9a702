//! The depth-first VCF search over the [`Grid`], with the foul checker for Black's moves and a
//! transposition table of positions already known to fail.

use crate::board::ThreatBoard;
use crate::grid::{Cell, Cells, Grid, ci};
use crate::{Answer, Limits, Line, LineEnd};
use renju_core::{Board, Color, Convention, Point, RuleSet};

/// The sizes of the transposition table (entries of 8 bytes): it starts with the first (2 MB)
/// and grows to the next during the first search that visits more than the next one's
/// [`GROW_AFTER`] nodes (16 MB after 2^17 nodes, 64 MB after 2^20). A small table keeps short
/// questions cheap (each page of a table costs a page fault when first touched: with 64 MB
/// from the start, the 4,782 positions of the dev set take twice the time in `corpus-tool
/// vcf`, 32,942 page faults instead of 4,271), a large one keeps more of a deep search: on the
/// first 30,000 games of the 147k archive, every position solved, 2^20 entries throughout
/// visit 35.2 million nodes and leave 2 positions out of nodes, 2^23 visit 25.3 million and
/// leave none (`cargo run --release -p renju-vcf --example archive -- train-2.renju 30000`). A
/// search grows the table only once it has taken far longer than the page faults cost.
const TABLE_SIZES: [usize; 3] = [1 << 18, 1 << 21, 1 << 23];
/// The nodes after which a search grows the table to `TABLE_SIZES[k]` (the first is unused).
const GROW_AFTER: [u64; 3] = [0, 1 << 17, 1 << 20];
/// An entry keeps the key's bits from here up (the slot gives the low bits; with a table
/// smaller than 2^24 a few bits in between are not checked, leaving well over 50 bits).
const KEY_SHIFT: u32 = 24;
/// The generations an entry can tell apart (bits 8..24 of an entry): the table is wiped once
/// in this many clears.
const GENERATIONS: u16 = u16::MAX;
const _: () = assert!(
    TABLE_SIZES[2] <= 1 << KEY_SHIFT
        && TABLE_SIZES[0].is_power_of_two()
        && TABLE_SIZES[1].is_power_of_two()
        && TABLE_SIZES[2].is_power_of_two(),
    "the slot and the entry hold the key bits between them"
);
/// The most fours a depth limit can ask for (the budget, fours and five, fits a table byte
/// below [`ANY_DEPTH`]).
const MAX_FOURS: u32 = 253;
/// The budget byte of a table entry for a position that fails at every depth.
const ANY_DEPTH: u8 = u8::MAX;
/// Keys of the side that attacks, mixed into the position's hash.
const SIDE: [u64; 2] = [0x0123_4567_89AB_CDEF, 0xF0E1_D2C3_B4A5_9687];

/// What an attacker node is given (see [`Solver::attack`]).
#[derive(Clone, Copy)]
struct Node {
    /// The attacker's colour index.
    a: usize,
    /// Attacker moves left.
    budget: u32,
    /// The defender's only five point, if it has one.
    forced: Option<Cell>,
    /// Depth in the search (for the candidate buffers).
    ply: usize,
    /// At the root: the one first move allowed.
    first: Option<Cell>,
    /// At the root: the attacker's own five points already on the board.
    extra: Cells,
    /// The parent already found this position absent from the table.
    probed: bool,
}

enum Res {
    Win,
    Fail,
    Abort,
}

/// One candidate four: its cell, the five points it makes, its ordering score.
#[derive(Clone, Copy)]
struct Cand {
    at: Cell,
    fives: Cells,
    score: u32,
    /// The table says the position after this four and its block fails: `Some(true)` at
    /// every depth, `Some(false)` with the budget it would have.
    known_fail: Option<bool>,
}

/// A reusable VCF solver for one position that can be changed stone by stone.
///
/// It keeps its own incremental board (every five-point window of every line with its stone
/// counts) and a transposition table that stays valid while the rule set and the convention
/// stay the same, so asking about many positions of one game with [`Solver::place`] between
/// the questions is cheap.
///
/// ```
/// use renju_core::{Board, Color, RuleSet};
/// use renju_vcf::{Answer, Solver};
/// // Black has a straight three h8 i8 j8 open at both ends... and nothing else: k8 makes an
/// // open four (two five points), which wins after any block.
/// let mut board = Board::renju();
/// for p in ["h8", "i8", "j8"] {
///     board.place(p.parse().unwrap(), Color::Black).unwrap();
/// }
/// let mut solver = Solver::new(&board, RuleSet::Renju);
/// let Answer::Found(line) = solver.solve(Color::Black) else { panic!("a VCF") };
/// assert_eq!(line.attacker_moves(), 2); // the open four, then the five
/// assert_eq!(line.moves().len(), 3);
/// ```
pub struct Solver {
    rules: RuleSet,
    limits: Limits,
    board: ThreatBoard,
    tt: Vec<u64>,
    /// The node count at which the search grows the table ([`GROW_AFTER`]; `u64::MAX` once
    /// it has its largest size).
    grow_at: u64,
    nodes: u64,
    buffers: Vec<Vec<Cand>>,
    scratch: Vec<(Cell, Cells)>,
    line: Vec<Cell>,
    end: LineEnd,
    generation: u16,
    hits: u64,
    /// How many times the search has stopped short because of the depth limit (a single
    /// four with too few moves left, a double four with one, a table entry that fails only
    /// up to some budget). A failure below which this did not move fails at every depth.
    cuts: u64,
}

impl Solver {
    /// A solver for `board` under `rules`, the lenient foul convention and the default
    /// [`Limits`].
    #[must_use]
    pub fn new(board: &Board, rules: RuleSet) -> Solver {
        Solver::with_options(board, rules, Convention::default(), Limits::default())
    }

    /// A solver with every option given.
    #[must_use]
    pub fn with_options(
        board: &Board,
        rules: RuleSet,
        convention: Convention,
        limits: Limits,
    ) -> Solver {
        Solver {
            rules,
            limits,
            board: ThreatBoard::new(board, rules, convention),
            tt: vec![0; TABLE_SIZES[0]],
            grow_at: GROW_AFTER[1],
            nodes: 0,
            buffers: Vec::new(),
            scratch: Vec::new(),
            line: Vec::new(),
            end: LineEnd::Five,
            generation: 1,
            hits: 0,
            cuts: 0,
        }
    }

    /// The rule set.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The limits now in force.
    #[must_use]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits (the transposition table stays valid).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Forgets every position the transposition table remembers (a cold start; answers do
    /// not change, only the time they take).
    pub fn clear_table(&mut self) {
        // Entries of older generations never match; the table is wiped once in
        // `GENERATIONS` times.
        if self.generation == GENERATIONS {
            self.tt.iter_mut().for_each(|e| *e = 0);
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    /// Replaces the whole position by `board` (any side 5..=20).
    pub fn set_board(&mut self, board: &Board) {
        if board.size() != self.board.size() {
            // The keys hash the stones only: a position on another board is another position.
            self.clear_table();
        }
        self.board.set_board(board);
    }

    /// Puts a stone on the position; returns false (and does nothing) when `p` is off the
    /// board or occupied.
    pub fn place(&mut self, p: Point, color: Color) -> bool {
        self.board.place(p, color)
    }

    /// Takes the stone off `p` (nothing happens where there is none).
    pub fn remove(&mut self, p: Point) {
        self.board.remove(p);
    }

    /// The stone on `p`, if any.
    #[must_use]
    pub fn stone(&self, p: Point) -> Option<Color> {
        self.board.stone(p)
    }

    /// The position the solver works on, with its fours, five points and foul checker (see
    /// [`ThreatBoard`]).
    #[must_use]
    pub fn board(&self) -> &ThreatBoard {
        &self.board
    }

    /// The position, to change or to ask questions that need scratch space. The table stays
    /// valid whatever is done to the stones (it is keyed by them), as long as the board's
    /// size stays the same.
    pub fn board_mut(&mut self) -> &mut ThreatBoard {
        &mut self.board
    }

    /// Transposition-table hits (positions known to fail) of the last question.
    #[must_use]
    pub fn table_hits(&self) -> u64 {
        self.hits
    }

    /// Search nodes (attacker positions) visited by the last question.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether `attacker` has a VCF in the current position, and one line of it.
    pub fn solve(&mut self, attacker: Color) -> Answer {
        self.run(attacker, None)
    }

    /// Whether `attacker` has a VCF whose first move is `first` (a five there counts).
    /// [`Answer::NotFound`] when `first` is off the board or occupied.
    pub fn solve_starting_with(&mut self, attacker: Color, first: Point) -> Answer {
        if !self.board.is_empty(first) {
            return Answer::NotFound;
        }
        self.run(attacker, Some(Grid::cell(first)))
    }

    fn run(&mut self, attacker: Color, first: Option<Cell>) -> Answer {
        let a = ci(attacker);
        self.nodes = 0;
        self.hits = 0;
        self.line.clear();
        let own = self.board.grid.all_fives(a);
        if let Some(x) = own.first() {
            let win = match first {
                None => Some(x),
                Some(f) => own.as_slice().contains(&f).then_some(f),
            };
            if let Some(w) = win {
                return Answer::Found(Line::new(attacker, vec![Grid::point(w)], LineEnd::Five));
            }
        }
        let theirs = self.board.grid.all_fives(1 - a);
        if theirs.len() >= 2 {
            return Answer::NotFound;
        }
        match self.attack(Node {
            a,
            // Attacker moves left, the final five included: one more than the fours.
            budget: self.limits.max_depth.min(MAX_FOURS) + 1,
            forced: theirs.first(),
            ply: 0,
            first,
            extra: own,
            probed: false,
        }) {
            Res::Win => {
                let moves: Vec<Point> = self.line.iter().map(|&c| Grid::point(c)).collect();
                Answer::Found(Line::new(attacker, moves, self.end))
            }
            Res::Fail => Answer::NotFound,
            Res::Abort => Answer::OutOfNodes,
        }
    }

    /// A deep search: the next larger table from here on (what the smaller one held is
    /// lost, which changes no answer, only the nodes this search visits).
    fn grow_table(&mut self) {
        let next = TABLE_SIZES.iter().position(|&n| n > self.tt.len());
        if let Some(k) = next {
            self.tt = vec![0; TABLE_SIZES[k]];
        }
        self.grow_at = match next {
            Some(k) if k + 1 < TABLE_SIZES.len() => GROW_AFTER[k + 1],
            _ => u64::MAX,
        };
    }

    /// The slot: the key's low bits (the entry keeps the bits from [`KEY_SHIFT`] up).
    fn tt_index(&self, key: u64) -> usize {
        key as usize & (self.tt.len() - 1)
    }

    /// The generation of entry `e`.
    fn generation_of(e: u64) -> u16 {
        ((e >> 8) as u16) & GENERATIONS
    }

    /// An entry: the key's bits `KEY_SHIFT..64`, the table's generation (bits 8..24), and
    /// in bits
    /// 0..8 either [`ANY_DEPTH`] (the position fails whatever the budget: its search never
    /// met the depth limit) or the largest budget known to fail (at most `ANY_DEPTH - 1`).
    /// `Some(any_depth)` when the entry says the position fails with `budget`.
    fn tt_probe(&self, key: u64, budget: u32) -> Option<bool> {
        let e = self.tt[self.tt_index(key)];
        if (e ^ key) >> KEY_SHIFT != 0 || Self::generation_of(e) != self.generation {
            return None;
        }
        let stored = e as u8;
        if stored == ANY_DEPTH {
            Some(true)
        } else if u32::from(stored) >= budget {
            Some(false)
        } else {
            None
        }
    }

    /// Whether the table says the position fails with `budget`; a failure that holds only up
    /// to some budget counts as a depth cut-off.
    fn tt_fails(&mut self, key: u64, budget: u32) -> bool {
        match self.tt_probe(key, budget) {
            Some(any_depth) => {
                if !any_depth {
                    self.cuts += 1;
                }
                true
            }
            None => false,
        }
    }

    /// Remembers that the position fails with `budget`, or at any depth.
    fn tt_store(&mut self, key: u64, budget: u32, any_depth: bool) {
        let stored = if any_depth {
            ANY_DEPTH
        } else {
            budget.min(u32::from(ANY_DEPTH - 1)) as u8
        };
        let i = self.tt_index(key);
        let e = self.tt[i];
        if (e ^ key) >> KEY_SHIFT == 0
            && Self::generation_of(e) == self.generation
            && e as u8 >= stored
        {
            return;
        }
        self.tt[i] = (key & !((1u64 << KEY_SHIFT) - 1))
            | (u64::from(self.generation) << 8)
            | u64::from(stored);
    }

    /// Black in renju: whether a Black stone on `x` is forbidden now.
    fn black_forbidden(&self, x: Cell) -> bool {
        self.board.black_forbidden(x)
    }

    fn put(&mut self, x: Cell, c: usize) {
        self.board.put(x, c);
    }

    fn take(&mut self, x: Cell, c: usize) {
        self.board.take(x, c);
    }

    /// The attacker `a` to move with at most `budget` attacker moves left, no five of its
    /// own on the board (except at the root: `extra`), `forced` the defender's only five
    /// point if it has one (the attacker must take it with a four). On a win, the line from
    /// here is appended to `self.line`.
    fn attack(&mut self, node: Node) -> Res {
        let Node {
            a,
            budget,
            forced,
            ply,
            first,
            extra,
            probed,
        } = node;
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes {
            return Res::Abort;
        }
        if self.nodes == self.grow_at {
            self.grow_table();
        }
        let key = self.board.grid.hash() ^ SIDE[a];
        let cuts_before = self.cuts;
        if first.is_none() && !probed && self.tt_fails(key, budget) {
            self.hits += 1;
            return Res::Fail;
        }
        let renju = self.rules.has_fouls();
        let black_attacks = renju && a == 0;
        let black_defends = renju && a == 1;
        // Candidate fours.
        let mut cands = if ply < self.buffers.len() {
            std::mem::take(&mut self.buffers[ply])
        } else {
            Vec::new()
        };
        cands.clear();
        let mut moves = std::mem::take(&mut self.scratch);
        moves.clear();
        match (forced, first) {
            (Some(d), Some(f)) if d != f => {}
            (Some(x), _) | (None, Some(x)) => moves.push((x, self.board.grid.fives_after(x, a))),
            (None, None) => self.board.four_cells(a, &mut moves),
        }
        for &(x, fives) in &moves {
            let mut fives = fives;
            if fives.len() == 0 {
                continue;
            }
            for &y in extra.as_slice() {
                if y != x {
                    fives.push_unique(y);
                }
            }
            // Double and open fours first; single fours are scored below.
            let score = if fives.len() >= 2 { u32::MAX } else { 0 };
            cands.push(Cand {
                at: x,
                fives,
                score,
                known_fail: None,
            });
        }
        // The table probes of all single fours in one tight loop, so that their cache misses
        // overlap.
        // (A White four blocked by Black is searched from two moves left, since a forbidden
        // block wins at once; other single fours from three, see `try_candidates`.)
        if budget >= if black_defends { 2 } else { 3 } {
            let side = SIDE[a];
            for c in &mut cands {
                if c.fives.len() == 1 {
                    let child = self.board.grid.hash_after(c.at, a, c.fives.as_slice()[0]) ^ side;
                    c.known_fail = self.tt_probe(child, budget - 1);
                }
            }
        }
        // Single fours that may be searched: those that feed more windows first.
        for c in &mut cands {
            if c.score == 0 && c.known_fail.is_none() {
                c.score = self.board.grid.potential(c.at, a);
            }
        }
        self.scratch = moves;
        cands.sort_unstable_by_key(|c| std::cmp::Reverse(c.score));
        let result = self.try_candidates(a, budget, ply, &cands, black_attacks, black_defends);
        if ply >= self.buffers.len() {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        self.buffers[ply] = cands;
        if matches!(result, Res::Fail) && first.is_none() {
            self.tt_store(key, budget, self.cuts == cuts_before);
        }
        result
    }

    fn try_candidates(
        &mut self,
        a: usize,
        budget: u32,
        ply: usize,
        cands: &[Cand],
        black_attacks: bool,
        black_defends: bool,
    ) -> Res {
        let d = 1 - a;
        let mark = self.line.len();
        for cand in cands {
            let x = cand.at;
            if cand.fives.len() == 1 && !black_defends {
                // A single four can only win through the search below: not with one attacker
                // move left, nor with two (the child would need an immediate five, and a
                // four's block leaves the attacker none), nor when the child is known to fail.
                if budget <= 2 {
                    self.cuts += 1;
                    continue;
                }
                if let Some(any_depth) = cand.known_fail {
                    self.hits += 1;
                    if !any_depth {
                        self.cuts += 1;
                    }
                    continue;
                }
            }
            if black_attacks && self.black_forbidden(x) {
                continue;
            }
            self.put(x, a);
            self.line.push(x);
            // The defender's answers: block a five point (Black: a legal one).
            let fives = cand.fives.as_slice();
            let mut block = None;
            for &f in fives {
                if !black_defends || !self.black_forbidden(f) {
                    block = Some(f);
                    break;
                }
            }
            let Some(f) = block else {
                // Every block is forbidden for Black: White's four wins, if one more four is
                // allowed (the budget counts a five besides the fours).
                self.take(x, a);
                if budget < 2 {
                    self.cuts += 1;
                    self.line.truncate(mark);
                    continue;
                }
                self.end = LineEnd::ForbiddenBlocks;
                return Res::Win;
            };
            if fives.len() >= 2 {
                if budget >= 2 {
                    let five = *fives.iter().find(|&&y| y != f).expect("two five points");
                    self.take(x, a);
                    self.line.push(f);
                    self.line.push(five);
                    self.end = LineEnd::Five;
                    return Res::Win;
                }
                self.cuts += 1;
            } else if budget < 2 {
                self.cuts += 1;
            } else if let Some(any_depth) = cand.known_fail {
                // (Black defending: the block is legal, so the child exists and is known.)
                self.hits += 1;
                if !any_depth {
                    self.cuts += 1;
                }
            } else {
                // The single block; the defender's own five points after it.
                let theirs = self.board.grid.fives_after(f, d);
                if theirs.len() <= 1 {
                    self.put(f, d);
                    self.line.push(f);
                    let r = self.attack(Node {
                        a,
                        budget: budget - 1,
                        forced: theirs.first(),
                        ply: ply + 1,
                        first: None,
                        extra: Cells::new(),
                        probed: true,
                    });
                    self.take(f, d);
                    match r {
                        Res::Win => {
                            self.take(x, a);
                            return Res::Win;
                        }
                        Res::Abort => {
                            self.take(x, a);
                            self.line.truncate(mark);
                            return Res::Abort;
                        }
                        Res::Fail => {}
                    }
                }
            }
            self.take(x, a);
            self.line.truncate(mark);
        }
        Res::Fail
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eleven groups of three Black stones, each against an edge (`a b c` or `m n o` on rows
    /// 1, 4, 7, 10 and 13, `a b c` on row 15): each group makes a four in two ways, and each
    /// four, once blocked, is dead. Rows at least two apart and groups ten columns apart make
    /// no other four. No five can ever be made, so there is no VCF; but every set of fours
    /// can be played in any order, so the search visits some 3^11 positions.
    fn many_dead_fours() -> Board {
        let mut board = Board::new(15).unwrap();
        for row in [1, 4, 7, 10, 13, 15] {
            let cols: &[&str] = if row == 15 {
                &["a", "b", "c"]
            } else {
                &["a", "b", "c", "m", "n", "o"]
            };
            for col in cols {
                let p: Point = format!("{col}{row}").parse().unwrap();
                board.place(p, Color::Black).unwrap();
            }
        }
        board
    }

    #[test]
    fn a_deep_search_grows_the_table_and_no_answer_changes() {
        let board = many_dead_fours();
        let mut s = Solver::new(&board, RuleSet::FreeStyle);
        assert_eq!(s.tt.len(), TABLE_SIZES[0]);
        assert_eq!(s.solve(Color::Black), Answer::NotFound);
        assert!(s.nodes() > GROW_AFTER[1], "only {} nodes", s.nodes());
        assert!(s.nodes() < GROW_AFTER[2], "{} nodes", s.nodes());
        assert_eq!(s.tt.len(), TABLE_SIZES[1]);
        // The root's failure is remembered in the grown table.
        assert_eq!(s.solve(Color::Black), Answer::NotFound);
        assert_eq!(s.nodes(), 1);
        // A VCF is still found: an open three h8 i8 j8 on a row of its own.
        for p in ["h8", "i8", "j8"] {
            assert!(s.place(p.parse().unwrap(), Color::Black));
        }
        let line = s
            .solve(Color::Black)
            .line()
            .cloned()
            .expect("the open four");
        assert_eq!(line.attacker_moves(), 2);
    }

    #[test]
    fn the_table_grows_in_steps_and_then_stays() {
        let mut s = Solver::new(&Board::renju(), RuleSet::Renju);
        assert_eq!((s.tt.len(), s.grow_at), (TABLE_SIZES[0], GROW_AFTER[1]));
        s.grow_table();
        assert_eq!((s.tt.len(), s.grow_at), (TABLE_SIZES[1], GROW_AFTER[2]));
        s.grow_table();
        assert_eq!((s.tt.len(), s.grow_at), (TABLE_SIZES[2], u64::MAX));
        s.grow_table();
        assert_eq!((s.tt.len(), s.grow_at), (TABLE_SIZES[2], u64::MAX));
        // The largest size keeps and finds what it stores, and nothing else.
        s.tt_store(0xDEAD_BEEF_0123_4567, 5, false);
        assert_eq!(s.tt_probe(0xDEAD_BEEF_0123_4567, 5), Some(false));
        assert_eq!(s.tt_probe(0xDEAD_BEEF_0123_4567, 6), None);
        assert_eq!(s.tt_probe(0xDEAD_BEEF_0123_4568, 5), None);
    }
}
