//! The VCT search: a depth-first search over attacker moves (fours and threats) and defender
//! replies, on the VCF solver's board, with a transposition table.
//!
//! ## Which defender replies are searched (the proof that the others lose)
//!
//! After a threat `x` (threat depth 1) the attacker, if the defender passed, would have one or
//! more **winning moves** `y` (a legal move after which it has two five points, or a White
//! four whose only five point is forbidden for Black). A defender reply `r` that is not a four
//! loses if some `y` is still a winning move after it: the attacker plays `y` (one move, and a
//! threat is only played with a move to spare). So the replies searched are the defender's
//! fours and the replies that spoil **every** winning move. For a winning move `y` with two
//! five points a defender stone changes nothing unless it lands on `y` or on one of its five
//! points: a defender stone can take a five point away but never makes one, and for Black's
//! `y` a White stone can make `y` forbidden only by turning a fake three through `y` into a
//! real one, which needs two three shapes through `y` (White stones only ever remove Black
//! shapes; renju-core's checker counts a double three only from two lines with a three
//! shape). Such a `y` (fewer than two three shapes) is spoilt only on `{y} ∪ its five
//! points`; any other `y` (a Black one with two three shapes, or a White four whose block is
//! forbidden: a Black stone can change Black's foul status at that block in many ways) is
//! treated as spoilable anywhere. The replies searched are the intersection of those sets
//! (legal, not a four); when every `y` is spoilable anywhere, every legal reply is tried
//! against the winning moves one by one with the exact checker, and the replies that spoil
//! them all are searched. `Solver::set_full_width` searches every legal reply instead, to test
//! this against.
//!
//! A defender stone can also **make** a winning move for the attacker in renju: a White stone
//! can make a forbidden Black winning move legal, and a Black stone can make a point forbidden
//! for Black, turning a White four with that point as its only block into a winning move. So a
//! reply that spoils every winning move is always searched (never assumed to refute), except
//! in free-style and standard gomoku; and with two attacker moves left, a defender four is used
//! to rule threats out only when the attacker's block of it cannot become a winning move.
//!
//! ## Which attacker moves are threats
//!
//! A move `x` is a threat when, after it, the attacker (if the defender passed) has a winning
//! move. A winning move that did not exist before `x` normally lies on a line through `x`
//! (in a window of five that `x` brings to three stones): only the points of the attacker's
//! two-stone windows are tried, and only the fours through `x` are looked at. The exceptions
//! are foul effects at a distance: a Black stone can make a forbidden Black winning move legal,
//! and a White stone can make the block of a White four forbidden (only where that block has
//! two three shapes). When the position holds such a forbidden Black winning move, or a White
//! four whose block has two three shapes, every empty point is tried and every winning move is
//! looked for. At threat depth 2 and more, every empty point is tried, with the VCF solver.

mod extract;
mod points;

use crate::line::{Line, LineEnd};
use crate::proof::{Attack, AttackKind, Proof};
use crate::table::{Known, Table};
use crate::{Answer, Exhausted, Limits, LimitsError, ProofError};
use points::{ForbiddenMemo, PointSet, collinear, could_be_double_three, empties};
use renju_core::{Board, Color, Convention, Direction, Point, RuleSet};
use renju_vcf::board::Points;
use std::time::{Duration, Instant};

/// Keys of the node kinds (attacker to move, defender to move after a threat), per attacker.
const ATTACK_KEY: [u64; 2] = [0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B];
const DEFEND_KEY: [u64; 2] = [0x3C6E_F372_FE94_F82B, 0xA54F_F53A_5F1D_36F1];

/// How often (in nodes) the clock is read.
const CLOCK_EVERY: u64 = 1 << 10;

fn ci(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// A winning move of the attacker after a threat (as if the defender passed).
#[derive(Clone, Copy, Debug)]
struct Witness {
    at: Point,
    /// Its five points (one: a White four whose block is forbidden for Black).
    fives: Points,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    /// A four with its one five point (the defender's forced block).
    Four(Point),
    /// A threat with its winning moves `witnesses[from..from + len]`.
    Threat { from: u32, len: u32 },
    /// A threat by a VCF of two or more fours (threat depth 2+): every reply is searched.
    VcfThreat,
}

#[derive(Clone, Copy, Debug)]
struct Cand {
    at: Point,
    kind: Kind,
    score: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Res {
    Win,
    Fail,
    Abort,
}

/// Scratch buffers of one search depth.
#[derive(Default)]
struct Ply {
    cands: Vec<Cand>,
    witnesses: Vec<Witness>,
    replies: Vec<Point>,
    fours: Vec<(Point, Points)>,
    points: Vec<Point>,
}

/// A reusable VCT solver for one position that can be changed stone by stone.
///
/// **The definition.** The attacker wins when it can force a five by a sequence in which
/// every attacker move is a **four** or a **threat**, whatever the defender does, within
/// [`Limits::max_depth`] attacker moves:
/// - every attacker move counts (threats, fours, the attacker's forced blocks of a defender
///   four, the winning move); the five does not;
/// - a **four** leaves the attacker a five point; the defender must block it (a White four
///   whose block is forbidden for Black wins); a move leaving two five points, or a White four
///   whose only five point is forbidden for Black, is a **winning move**;
/// - a **threat** ([`Limits::threat_depth`] `T`, default 1) is a move that is not a four,
///   after which, if the defender passed, the attacker would have a VCF of at most `T` fours
///   within the moves left (at `T` = 1: a winning move). After a threat the defender may play
///   **any** legal move; if it has a VCF of its own (of any length) after the threat, the
///   threat fails; a reply that makes a four must be blocked, and the block must itself be a
///   four or a threat (or the winning move);
/// - a defender four already on the board must be blocked first (a defender double four
///   means no VCT);
/// - Black never plays a forbidden point, attacking or defending; a move that makes an exact
///   five is never forbidden. Fouls are renju-core's exact checker, under the solver's
///   [`Convention`].
///
/// The transposition table stays valid while the rule set, the convention and the threat
/// depth stay the same, so asking about many positions of one game with [`Solver::place`]
/// between the questions is cheap.
///
/// ```
/// use renju_core::{Board, Color, Point, RuleSet};
/// use renju_vct::{Answer, Solver};
/// // Black h8 i8: j8 (or g8) would make an open three, a threat; but one threat is answered
/// // by one block, and nothing more is there: no VCT.
/// let mut board = Board::renju();
/// for p in ["h8", "i8"] { board.place(p.parse().unwrap(), Color::Black).unwrap(); }
/// board.place("a1".parse().unwrap(), Color::White).unwrap();
/// let mut solver = Solver::new(&board, RuleSet::Renju);
/// assert_eq!(solver.solve(Color::Black), Answer::NoWin);
/// // Follow the game: Black j8 (an open three), White a2 elsewhere: now g8 or k8 wins.
/// solver.place("j8".parse().unwrap(), Color::Black);
/// solver.place("a2".parse().unwrap(), Color::White);
/// let line = solver.solve(Color::Black).line().cloned().unwrap();
/// assert_eq!(line.attacker_moves(), 1);
/// ```
pub struct Solver {
    vcf: renju_vcf::Solver,
    limits: Limits,
    table: Table,
    nodes: u64,
    node_limit: u64,
    started: Instant,
    deadline: Option<Duration>,
    exhausted: Option<Exhausted>,
    plies: Vec<Ply>,
    full_width: bool,
    /// Attacker nodes of the last question where every empty point was tried as a threat.
    wide_nodes: u64,
    /// Scratch for the fours looked at by [`Solver::witnesses`].
    plies_scratch: Vec<(Point, Points)>,
    stats: Stats,
}

/// What a move is for the attacker ([`Solver::move_kind`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveKind {
    /// It makes a five.
    Five,
    /// A winning move: after it the defender cannot stop a five.
    Win(LineEnd),
    /// A four: the defender must block on `block`.
    Four {
        /// The one five point.
        block: Point,
    },
    /// A threat: if the defender passed, one of `winning_moves` would win (at threat depth
    /// 1; empty for a threat by a longer VCF).
    Threat {
        /// The winning moves it prepares.
        winning_moves: Vec<Point>,
    },
}

/// Where the nodes of the last question went ([`Solver::stats`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Attacker positions of the VCT search.
    pub attack_nodes: u64,
    /// Defender positions (after a threat) of the VCT search.
    pub defend_nodes: u64,
    /// Nodes of the VCF searches (the attacker's, at each attacker position and for the
    /// threats of depth 2 and more).
    pub vcf_nodes: u64,
    /// Attacker positions where every empty point was tried as a threat.
    pub wide_nodes: u64,
    /// Threat nodes where every legal reply was tried against the winning moves one by one.
    pub scanned_defences: u64,
    /// All the nodes of the search for the answer (the rest of [`Solver::nodes`], after a
    /// win, went to finding the principal line).
    pub search_nodes: u64,
}

impl Solver {
    /// A solver for `board` under `rules`, the lenient foul convention and the default
    /// [`Limits`].
    #[must_use]
    pub fn new(board: &Board, rules: RuleSet) -> Solver {
        Solver::with_options(board, rules, Convention::default(), Limits::default())
            .expect("the default limits are in range")
    }

    /// A solver with every option given.
    ///
    /// # Errors
    /// When a limit is out of range ([`Limits::check`]).
    pub fn with_options(
        board: &Board,
        rules: RuleSet,
        convention: Convention,
        limits: Limits,
    ) -> Result<Solver, LimitsError> {
        limits.check()?;
        Ok(Solver {
            vcf: renju_vcf::Solver::with_options(
                board,
                rules,
                convention,
                renju_vcf::Limits::default(),
            ),
            limits,
            table: Table::new(),
            nodes: 0,
            node_limit: limits.max_nodes,
            started: Instant::now(),
            deadline: None,
            exhausted: None,
            plies: Vec::new(),
            full_width: false,
            wide_nodes: 0,
            plies_scratch: Vec::new(),
            stats: Stats::default(),
        })
    }

    /// The rule set.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        self.vcf.rules()
    }

    /// The foul convention.
    #[must_use]
    pub fn convention(&self) -> Convention {
        self.vcf.board().convention()
    }

    /// The limits now in force.
    #[must_use]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits (the table stays valid unless the threat depth changes).
    ///
    /// # Errors
    /// When a limit is out of range; the limits are then unchanged.
    pub fn set_limits(&mut self, limits: Limits) -> Result<(), LimitsError> {
        limits.check()?;
        if limits.threat_depth != self.limits.threat_depth {
            self.table.clear();
        }
        self.limits = limits;
        Ok(())
    }

    /// Searches **every** legal defender reply after each threat, and tries every empty
    /// point as a threat, instead of only those the module's proofs leave: slow, for testing
    /// that the restriction changes no answer. Off by default.
    pub fn set_full_width(&mut self, on: bool) {
        if on != self.full_width {
            self.table.clear();
            self.full_width = on;
        }
    }

    /// Forgets every position the tables remember (a cold start; answers do not change, only
    /// the time they take).
    pub fn clear_table(&mut self) {
        self.table.clear();
        self.vcf.clear_table();
    }

    /// Replaces the whole position by `board` (any side 5..=20).
    pub fn set_board(&mut self, board: &Board) {
        if board.size() != self.vcf.board().size() {
            self.table.clear();
        }
        self.vcf.set_board(board);
    }

    /// Puts a stone on the position; returns false (and does nothing) when `p` is off the
    /// board or occupied.
    pub fn place(&mut self, p: Point, color: Color) -> bool {
        self.vcf.place(p, color)
    }

    /// Takes the stone off `p` (nothing happens where there is none).
    pub fn remove(&mut self, p: Point) {
        self.vcf.remove(p);
    }

    /// The stone on `p`, if any.
    #[must_use]
    pub fn stone(&self, p: Point) -> Option<Color> {
        self.vcf.stone(p)
    }

    /// The position as a [`Board`].
    #[must_use]
    pub fn board(&self) -> Board {
        self.vcf.board().to_board()
    }

    /// Search nodes of the last question (attacker and defender positions of the VCT search
    /// and the nodes of the VCF searches it made).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// What the move `p` would be for `attacker` here, by the definition (see [`Solver`]):
    /// a five, a winning move, a four (with its forced block), a threat (with the winning
    /// moves it prepares, at threat depth 1, or none listed for a longer VCF) or `None`
    /// (neither, illegal, or occupied). A move that is not the block of a defender four on the
    /// board is still classified as a move on its own.
    ///
    /// ```
    /// use renju_core::{Board, Color, RuleSet};
    /// use renju_vct::{MoveKind, Solver};
    /// let mut b = Board::renju();
    /// for p in ["h8", "i8"] { b.place(p.parse().unwrap(), Color::Black).unwrap(); }
    /// let mut s = Solver::new(&b, RuleSet::Renju);
    /// // j8 makes the open three h8 i8 j8: g8 and k8 would then be open fours.
    /// let MoveKind::Threat { winning_moves } = s.move_kind(Color::Black, "j8".parse().unwrap()).unwrap() else { panic!() };
    /// assert_eq!(winning_moves.len(), 2);
    /// assert_eq!(s.move_kind(Color::Black, "a1".parse().unwrap()), None);
    /// ```
    pub fn move_kind(&mut self, attacker: Color, p: Point) -> Option<MoveKind> {
        if !self.vcf.board().is_empty(p) {
            return None;
        }
        if self.vcf.board().five_points(attacker).contains(p) {
            return Some(MoveKind::Five);
        }
        let bd = self.vcf.board_mut();
        if !bd.is_legal(p, attacker) {
            return None;
        }
        if let Some(w) = bd.winning_move(p, attacker) {
            return Some(MoveKind::Win(LineEnd::from(w)));
        }
        let fives = bd.fives_after(p, attacker);
        if fives.len() == 1 {
            return Some(MoveKind::Four {
                block: fives.as_slice()[0],
            });
        }
        if !fives.is_empty() {
            return None; // two five points but not a winning move: a forbidden Black double four
        }
        bd.place(p, attacker);
        let mut w = Vec::new();
        self.witnesses_on_board(attacker, &mut w);
        let mut kind = None;
        if !w.is_empty() {
            kind = Some(MoveKind::Threat {
                winning_moves: w.iter().map(|x| x.at).collect(),
            });
        } else if self.limits.threat_depth >= 2 {
            self.begin();
            if let Some(renju_vcf::Answer::Found(_)) =
                self.vcf(attacker, self.limits.threat_depth, None)
            {
                kind = Some(MoveKind::Threat {
                    winning_moves: Vec::new(),
                });
            }
        }
        self.vcf.board_mut().remove(p);
        kind
    }

    /// Where the nodes of the last question went.
    #[must_use]
    pub fn stats(&self) -> Stats {
        Stats {
            wide_nodes: self.wide_nodes,
            ..self.stats
        }
    }

    /// Whether `attacker` has a VCT in the current position within the limits, and its
    /// principal line.
    pub fn solve(&mut self, attacker: Color) -> Answer {
        self.question(attacker, None)
    }

    /// Whether `attacker` has a VCT (within the limits) whose first move is `first`: whether
    /// `first` starts a VCT. [`Answer::NoWin`] when `first` is off the board or occupied.
    pub fn solve_starting_with(&mut self, attacker: Color, first: Point) -> Answer {
        if !self.vcf.board().is_empty(first) {
            return Answer::NoWin;
        }
        self.question(attacker, Some(first))
    }

    /// The whole proof of `attacker`'s VCT (see [`Proof`]), with the principal line.
    ///
    /// # Errors
    /// [`ProofError::NoWin`] when there is no VCT within the limits,
    /// [`ProofError::Unknown`] when a budget ran out.
    pub fn prove(&mut self, attacker: Color) -> Result<Proof, ProofError> {
        match self.solve(attacker) {
            Answer::Win(_) => {}
            Answer::NoWin => {
                return Err(ProofError::NoWin {
                    max_depth: self.limits.max_depth,
                });
            }
            Answer::Unknown(e) => return Err(ProofError::Unknown(e)),
        }
        self.begin();
        // (A budget of its own: the whole tree is larger than the search that found the win.)
        let tree = self.tree(attacker, self.limits.max_depth, 0, false, None, true);
        match tree {
            Ok(tree) => Ok(Proof {
                line: self.line_in_tree(attacker, &tree),
                board: self.board(),
                rules: self.rules(),
                convention: self.convention(),
                attacker,
                max_depth: self.limits.max_depth,
                threat_depth: self.limits.threat_depth,
                tree,
            }),
            Err(e) => Err(ProofError::Unknown(e)),
        }
    }

    fn begin(&mut self) {
        self.nodes = 0;
        self.wide_nodes = 0;
        self.stats = Stats::default();
        self.node_limit = self.limits.max_nodes;
        self.started = Instant::now();
        self.deadline = self.limits.max_ms.map(Duration::from_millis);
        self.exhausted = None;
    }

    fn question(&mut self, a: Color, first: Option<Point>) -> Answer {
        self.begin();
        let b = self.limits.max_depth;
        let r = self.root(a, b, first);
        self.stats.search_nodes = self.nodes;
        // The line is found again along the winning branches (the table makes that cheap):
        // with a budget of its own, so that a win found late is not lost to it.
        self.node_limit = self.nodes.saturating_add(self.limits.max_nodes);
        match r {
            Res::Win => match self.tree(a, b, 0, false, first, false) {
                Ok(tree) => Answer::Win(self.line_of(a, &tree)),
                Err(e) => Answer::Unknown(e),
            },
            Res::Fail => Answer::NoWin,
            Res::Abort => Answer::Unknown(self.exhausted.unwrap_or(Exhausted::Nodes)),
        }
    }

    /// The root: as [`Solver::attack`], with the case of a five already on the board when a
    /// first move other than the five is asked for.
    fn root(&mut self, a: Color, b: u32, first: Option<Point>) -> Res {
        let own = self.vcf.board().five_points(a);
        match (own.first(), first) {
            (Some(_), None) => Res::Win,
            (Some(_), Some(p)) if own.contains(p) => Res::Win,
            (Some(_), Some(p)) => match self.extra_four(a, p, &own) {
                Some((block, _)) => {
                    if b == 0 {
                        return Res::Fail;
                    }
                    let Some(block) = block else {
                        return Res::Win;
                    };
                    let d = a.opponent();
                    let bd = self.vcf.board_mut();
                    bd.place(p, a);
                    bd.place(block, d);
                    let r = self.attack(a, b - 1, 1, false, None);
                    let bd = self.vcf.board_mut();
                    bd.remove(block);
                    bd.remove(p);
                    r
                }
                None => Res::Fail,
            },
            (None, _) => self.attack(a, b, 0, false, first),
        }
    }

    /// With a five of `a` on the board (`own`), the move `p` instead: `None` when it loses at
    /// once (illegal, or the defender has a five); else `Some((block, end))`: it is a four
    /// (the old five point is still there) whose block is `block`, or `None` when it wins
    /// (two five points, or a block forbidden for Black) with `end`.
    fn extra_four(
        &mut self,
        a: Color,
        p: Point,
        own: &Points,
    ) -> Option<(Option<Point>, Option<LineEnd>)> {
        let d = a.opponent();
        let bd = self.vcf.board_mut();
        if !bd.is_legal(p, a) || !bd.five_points(d).is_empty() {
            return None;
        }
        let mut all = *own;
        for &f in &bd.fives_after(p, a) {
            all.insert(f);
        }
        let s = all.as_slice();
        if s.len() >= 2 {
            return Some((None, Some(LineEnd::TwoFives(s[0], s[1]))));
        }
        bd.place(p, a);
        let forbidden = d == Color::Black && bd.is_forbidden(s[0]);
        bd.remove(p);
        if forbidden {
            Some((None, Some(LineEnd::ForbiddenBlock(s[0]))))
        } else {
            Some((Some(s[0]), None))
        }
    }

    /// Counts a node; false when a budget has run out.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.exhausted.get_or_insert(Exhausted::Nodes);
            return false;
        }
        if self.nodes.is_multiple_of(CLOCK_EVERY) {
            self.table.maybe_grow(self.nodes);
            if let Some(limit) = self.deadline
                && self.started.elapsed() > limit
            {
                self.exhausted.get_or_insert(Exhausted::Time);
                return false;
            }
        }
        self.exhausted.is_none()
    }

    /// A VCF question on the shared board, counted in the node budget.
    fn vcf(&mut self, side: Color, depth: u32, first: Option<Point>) -> Option<renju_vcf::Answer> {
        let left = self.node_limit.saturating_sub(self.nodes);
        if left == 0 {
            self.exhausted.get_or_insert(Exhausted::Nodes);
            return None;
        }
        self.vcf.set_limits(renju_vcf::Limits {
            max_depth: depth,
            max_nodes: left,
        });
        let answer = match first {
            None => self.vcf.solve(side),
            Some(p) => self.vcf.solve_starting_with(side, p),
        };
        self.nodes += self.vcf.nodes();
        self.stats.vcf_nodes += self.vcf.nodes();
        if answer == renju_vcf::Answer::OutOfNodes {
            self.exhausted.get_or_insert(Exhausted::Nodes);
            return None;
        }
        Some(answer)
    }

    fn ply(&mut self, ply: usize) -> Ply {
        if ply >= self.plies.len() {
            self.plies.resize_with(ply + 1, Ply::default);
        }
        std::mem::take(&mut self.plies[ply])
    }

    fn give_back(&mut self, ply: usize, p: Ply) {
        self.plies[ply] = p;
    }

    /// The attacker `a` to move with `b` attacker moves left (no five of its own on the
    /// board); `vcf_failed`: the parent already knows there is no VCF within `b` here;
    /// `first`: the one first move allowed (at the root).
    fn attack(
        &mut self,
        a: Color,
        b: u32,
        ply: usize,
        vcf_failed: bool,
        first: Option<Point>,
    ) -> Res {
        if !self.tick() {
            return Res::Abort;
        }
        self.stats.attack_nodes += 1;
        let d = a.opponent();
        let bd = self.vcf.board();
        if !bd.five_points(a).is_empty() {
            return Res::Win;
        }
        let theirs = bd.five_points(d);
        if theirs.len() >= 2 {
            return Res::Fail;
        }
        let forced = theirs.first();
        if let Some(g) = forced
            && (!bd.is_legal(g, a) || first.is_some_and(|p| p != g))
        {
            return Res::Fail;
        }
        if b == 0 {
            return Res::Fail;
        }
        let key = bd.hash() ^ ATTACK_KEY[ci(a)];
        if first.is_none() {
            match self.table.probe(key, b) {
                Some(Known::Win) => return Res::Win,
                Some(Known::Fail) => return Res::Fail,
                None => {}
            }
        }
        // With one move left the VCF is a winning move now (the forced block, or the first
        // move asked for, when there is one): looked for directly, without a VCF search.
        if b == 1 && !vcf_failed && self.vcf.board().has_four_move(a) {
            let win = self.winning_move_now(a, forced.or(first));
            if let Some(w) = win {
                if first.is_none() {
                    self.table.store_win(key, b, Some(w));
                }
                return Res::Win;
            }
            if first.is_none() {
                self.table.store_fail(key, b);
            }
            return Res::Fail;
        }
        // (A VCF needs a four to start with, the block of a defender four included.)
        if !vcf_failed && self.vcf.board().has_four_move(a) {
            match self.vcf(a, b, first) {
                None => return Res::Abort,
                Some(renju_vcf::Answer::Found(line)) => {
                    if first.is_none() {
                        self.table.store_win(key, b, Some(line.first()));
                    }
                    return Res::Win;
                }
                Some(_) => {}
            }
        }
        if b == 1 || self.limits.threat_depth == 0 {
            if first.is_none() {
                self.table.store_fail(key, b);
            }
            return Res::Fail;
        }
        let mut buf = self.ply(ply);
        let (r, by) = if self.candidates(a, b, forced.or(first), &mut buf) {
            self.order(key, &mut buf);
            self.try_candidates(a, b, ply, &buf)
        } else {
            (Res::Abort, None)
        };
        self.give_back(ply, buf);
        if first.is_none() {
            match r {
                Res::Win => self.table.store_win(key, b, by),
                Res::Fail => self.table.store_fail(key, b),
                Res::Abort => {}
            }
        }
        r
    }

    /// A winning move of `a` now (a legal move after which the defender cannot stop a five),
    /// at `only` when given; `a` has no five point.
    fn winning_move_now(&mut self, a: Color, only: Option<Point>) -> Option<Point> {
        let bd = self.vcf.board_mut();
        if let Some(p) = only {
            return bd.winning_move(p, a).map(|_| p);
        }
        let mut fours = std::mem::take(&mut self.plies_scratch);
        bd.four_moves(a, &mut fours);
        let win = fours
            .iter()
            .map(|&(y, _)| y)
            .find(|&y| bd.winning_move(y, a).is_some());
        self.plies_scratch = fours;
        win
    }

    /// Sorts the candidates, the table's winning move first.
    fn order(&self, key: u64, buf: &mut Ply) {
        if let Some(best) = self.table.best(key)
            && let Some(i) = buf.cands.iter().position(|c| c.at == best)
        {
            buf.cands[i].score = i32::MAX;
        }
        buf.cands.sort_by_key(|c| std::cmp::Reverse(c.score));
    }

    fn try_candidates(&mut self, a: Color, b: u32, ply: usize, buf: &Ply) -> (Res, Option<Point>) {
        for cand in &buf.cands {
            let r = self.play_candidate(a, b, ply, buf, cand);
            match r {
                Res::Win => return (Res::Win, Some(cand.at)),
                Res::Abort => return (Res::Abort, None),
                Res::Fail => {}
            }
        }
        (Res::Fail, None)
    }

    /// Plays one candidate and searches what follows (the board is as before afterwards).
    fn play_candidate(&mut self, a: Color, b: u32, ply: usize, buf: &Ply, cand: &Cand) -> Res {
        let d = a.opponent();
        let x = cand.at;
        self.vcf.board_mut().place(x, a);
        let r = match cand.kind {
            Kind::Four(f) => {
                let bd = self.vcf.board_mut();
                if d == Color::Black && bd.is_forbidden(f) {
                    // A White four whose block is forbidden: a winning move (the VCF check
                    // finds these first).
                    Res::Win
                } else {
                    bd.place(f, d);
                    let r = self.attack(a, b - 1, ply + 2, true, None);
                    self.vcf.board_mut().remove(f);
                    r
                }
            }
            Kind::Threat { from, len } => {
                let w = &buf.witnesses[from as usize..(from + len) as usize];
                self.defend(a, b - 1, ply + 1, w, false)
            }
            Kind::VcfThreat => self.defend(a, b - 1, ply + 1, &[], true),
        };
        self.vcf.board_mut().remove(x);
        r
    }

    /// Fills `buf.cands` (and `buf.witnesses`) with the attacker's fours and threats here;
    /// with `only`, just that move if it is one (a forced block, or the first move asked
    /// for). False when a budget ran out.
    fn candidates(&mut self, a: Color, b: u32, only: Option<Point>, buf: &mut Ply) -> bool {
        buf.cands.clear();
        buf.witnesses.clear();
        let d = a.opponent();
        let renju = self.rules().has_fouls();
        let t = self.limits.threat_depth;
        self.vcf.board_mut().four_moves(a, &mut buf.fours);
        let mut wide = self.full_width || t >= 2 || only.is_some();
        if !wide && renju {
            wide = self.foul_at_a_distance(a, &buf.fours);
        }
        // With two moves left a four must be followed by a winning move: that is a VCF of two
        // fours, which the VCF check here (or the parent's) ruled out.
        let fours_useful = b > 2 || only.is_some();
        let viable = if b == 2 && only.is_none() && !wide {
            self.viable_at_two(a, buf)
        } else {
            None
        };
        let bd = self.vcf.board();
        for &(x, fives) in &buf.fours {
            // Fours with two five points are winning moves: the VCF check finds the legal ones.
            if !fours_useful
                || only.is_some_and(|p| p != x)
                || fives.len() != 1
                || !bd.is_legal(x, a)
            {
                continue;
            }
            let score = 2 * bd.potential(x, a) as i32 + bd.potential(x, d) as i32;
            buf.cands.push(Cand {
                at: x,
                kind: Kind::Four(fives.as_slice()[0]),
                score,
            });
        }
        let mut fours = PointSet::default();
        for (x, _) in &buf.fours {
            fours.insert(*x);
        }
        let mut memo = ForbiddenMemo::default();
        buf.points.clear();
        match only {
            Some(p) => buf.points.push(p),
            None if wide => {
                self.wide_nodes += 1;
                empties(self.vcf.board(), &mut buf.points);
            }
            None => self.vcf.board_mut().three_making_moves(a, &mut buf.points),
        }
        let points = std::mem::take(&mut buf.points);
        let mut ok = true;
        // A winning move on a line through `x` needs two five points: from two windows that
        // `x` brings to three stones (two open two-stone windows through `x`), or from one
        // such window and a four the move makes already (a four move on a line through `x`).
        // Only a White four whose block is forbidden needs one.
        let one_window_enough = renju && a == Color::White;
        let size = self.vcf.board().size();
        for &x in &points {
            if fours.contains(x)
                || !self.vcf.board().is_empty(x)
                || viable.as_ref().is_some_and(|v| !v.contains(x))
            {
                continue;
            }
            if !wide
                && !one_window_enough
                && self.vcf.board().potential(x, a) < 2
                && !fours.meets_lines(x, size)
            {
                continue;
            }
            let from = buf.witnesses.len();
            if wide {
                self.vcf.board_mut().place(x, a);
                self.witnesses_on_board(a, &mut buf.witnesses);
            } else {
                self.witnesses_after(a, x, &buf.fours, &mut memo, &mut buf.witnesses);
            }
            let len = buf.witnesses.len() - from;
            let mut kind = None;
            if len == 0 && wide && t >= 2 && b >= 3 {
                match self.vcf(a, t.min(b - 1), None) {
                    None => ok = false,
                    Some(renju_vcf::Answer::Found(_)) => kind = Some(Kind::VcfThreat),
                    Some(_) => {}
                }
            }
            if wide {
                self.vcf.board_mut().remove(x);
            }
            if !ok {
                break;
            }
            if len > 0 {
                kind = Some(Kind::Threat {
                    from: from as u32,
                    len: len as u32,
                });
            }
            let Some(kind) = kind else { continue };
            let bd = self.vcf.board();
            if !bd.is_legal(x, a) {
                buf.witnesses.truncate(from);
                continue;
            }
            let score = bd.potential(x, a) as i32 + bd.potential(x, d) as i32;
            buf.cands.push(Cand {
                at: x,
                kind,
                score: score + 4 * (buf.witnesses.len() - from) as i32,
            });
        }
        buf.points = points;
        ok
    }

    /// With two attacker moves left (a threat, then the winning move): the points where a
    /// threat can survive the defender's counter-fours, or `None` when there is no counter-four
    /// to go by. After a threat `x` the defender's four `r` (five point `g`) must be blocked by
    /// the winning move itself, so `x` must stop `r` being a four (lie in one of its windows:
    /// on a line through `r`, within 4) or make `g` a winning move (lie in a window with `g`).
    /// Only the fours whose legality no attacker stone can change are used (any White four;
    /// a Black one only when fewer than two three shapes pass through it), and, against a
    /// White attacker in renju, only those after which White's block cannot be a winning move
    /// whatever the threat (a Black stone can make a point forbidden for Black: the block's
    /// four must then have no five point at all, or one that cannot be forbidden).
    fn viable_at_two(&mut self, a: Color, buf: &mut Ply) -> Option<PointSet> {
        let d = a.opponent();
        let renju = self.rules().has_fouls();
        let mut theirs = std::mem::take(&mut buf.points);
        let mut fours: Vec<(Point, Points)> = Vec::new();
        std::mem::swap(&mut fours, &mut self.plies_scratch);
        let bd = self.vcf.board_mut();
        bd.four_moves(d, &mut fours);
        let size = bd.size();
        let mut viable: Option<PointSet> = None;
        for &(r, fives) in &fours {
            let bd = self.vcf.board_mut();
            if !bd.is_legal(r, d) || (renju && d == Color::Black && could_be_double_three(bd, r)) {
                continue;
            }
            if renju && a == Color::White && fives.len() == 1 {
                let g = fives.as_slice()[0];
                bd.place(r, d);
                let block = bd.fives_after(g, a);
                let may_win =
                    block.len() >= 2 || block.first().is_some_and(|f| bd.may_be_forbidden(f));
                bd.remove(r);
                if may_win {
                    continue;
                }
            }
            let mut s = PointSet::default();
            s.insert_lines(r, size);
            if fives.len() == 1 {
                s.insert_lines(fives.as_slice()[0], size);
            }
            viable = Some(match viable {
                None => s,
                Some(v) => v.and(&s),
            });
        }
        std::mem::swap(&mut fours, &mut self.plies_scratch);
        theirs.clear();
        buf.points = theirs;
        viable
    }

    /// Renju: whether a threat could come from a foul effect at a distance (see the module
    /// comment): a forbidden Black winning move (a Black stone elsewhere might make it legal),
    /// or a White four whose five point has two Black three shapes (a White stone elsewhere
    /// might make it forbidden). `fours`: the attacker's four moves.
    fn foul_at_a_distance(&self, a: Color, fours: &[(Point, Points)]) -> bool {
        let bd = self.vcf.board();
        fours.iter().any(|(y, fives)| match a {
            Color::Black => fives.len() >= 2 && bd.is_forbidden(*y),
            Color::White => {
                fives.len() == 1 && {
                    let f = fives.as_slice()[0];
                    could_be_double_three(bd, f)
                }
            }
        })
    }

    /// The attacker's winning moves after a stone of `a` on the empty `x` (as if the
    /// defender passed), on the lines through `x`, pushed to `out`; computed without placing
    /// `x` (fouls with the stones placed in the checker only). `fours`: the attacker's four
    /// moves now; `memo`: which points may be forbidden for Black (renju), filled as asked.
    fn witnesses_after(
        &mut self,
        a: Color,
        x: Point,
        fours: &[(Point, Points)],
        memo: &mut ForbiddenMemo,
        out: &mut Vec<Witness>,
    ) {
        let renju = self.rules().has_fouls();
        let mut found = std::mem::take(&mut self.plies_scratch);
        for d in Direction::ALL {
            found.clear();
            let bd = self.vcf.board_mut();
            bd.line_fours_after(x, a, d, &mut found);
            for &(y, on_line) in &found {
                let mut fives = on_line;
                if let Some((_, now)) = fours.iter().find(|(m, _)| *m == y) {
                    for &f in now {
                        if !collinear(y, f, d) {
                            fives.insert(f);
                        }
                    }
                }
                let bd = self.vcf.board_mut();
                let winning = if fives.len() >= 2 {
                    !(renju && a == Color::Black && bd.forbidden_with(y, &[(x, a)]))
                } else {
                    renju && a == Color::White && {
                        let f = fives.as_slice()[0];
                        memo.may_be_forbidden(bd, f) && bd.forbidden_with(f, &[(x, a), (y, a)])
                    }
                };
                if winning {
                    out.push(Witness { at: y, fives });
                }
            }
        }
        self.plies_scratch = found;
    }

    /// With the threat on the board: pushes every winning move of the attacker (as if the
    /// defender passed) to `out`.
    fn witnesses_on_board(&mut self, a: Color, out: &mut Vec<Witness>) {
        let renju = self.rules().has_fouls();
        let mut fours = std::mem::take(&mut self.plies_scratch);
        let bd = self.vcf.board_mut();
        bd.four_moves(a, &mut fours);
        for &(y, fives) in &fours {
            let winning = if fives.len() >= 2 {
                !(a == Color::Black && bd.is_forbidden(y))
            } else {
                renju && a == Color::White && {
                    let f = fives.as_slice()[0];
                    bd.may_be_forbidden(f) && bd.forbidden_with(f, &[(y, a)])
                }
            };
            if winning {
                out.push(Witness { at: y, fives });
            }
        }
        self.plies_scratch = fours;
    }

    /// Whether the winning move `w` of `a` is still one after a defender stone on `r` (the
    /// threat on the board).
    fn still_wins(&mut self, a: Color, w: &Witness, r: Point) -> bool {
        if r == w.at {
            return false;
        }
        let bd = self.vcf.board_mut();
        let d = a.opponent();
        if w.fives.len() >= 2 {
            let left = w.fives.as_slice().iter().filter(|&&f| f != r).count();
            left >= 2 && !(a == Color::Black && bd.forbidden_with(w.at, &[(r, d)]))
        } else {
            let f = w.fives.as_slice()[0];
            f != r && bd.forbidden_with(f, &[(r, d), (w.at, a)])
        }
    }

    /// The defender to move after the attacker's threat, the attacker with `b` moves left;
    /// `wits`: the threat's winning moves; `vcf_threat`: a threat by a longer VCF (every reply
    /// searched).
    fn defend(&mut self, a: Color, b: u32, ply: usize, wits: &[Witness], vcf_threat: bool) -> Res {
        if !self.tick() {
            return Res::Abort;
        }
        self.stats.defend_nodes += 1;
        let key = self.vcf.board().hash() ^ DEFEND_KEY[ci(a)];
        match self.table.probe(key, b) {
            Some(Known::Win) => return Res::Win,
            Some(Known::Fail) => return Res::Fail,
            None => {}
        }
        let mut buf = self.ply(ply);
        let r = match self.replies(a, b, wits, vcf_threat, &mut buf) {
            Err(r) => r,
            Ok(()) => {
                let mut r = Res::Win;
                for &p in &buf.replies {
                    let d = a.opponent();
                    self.vcf.board_mut().place(p, d);
                    let sub = self.attack(a, b, ply + 1, false, None);
                    self.vcf.board_mut().remove(p);
                    if sub != Res::Win {
                        r = sub;
                        break;
                    }
                }
                // (A defender VCF after the threat refutes it, by the definition; with every
                // defender four searched it is a refutation found here already: the defender
                // plays its fours, the attacker's forced blocks follow it, and a block that is
                // not a four or a threat, or a budget run out, ends the attacker's line.)
                r
            }
        };
        self.give_back(ply, buf);
        match r {
            Res::Win => self.table.store_win(key, b, None),
            Res::Fail => self.table.store_fail(key, b),
            Res::Abort => {}
        }
        r
    }

    /// The defender's replies to search after a threat, into `buf.replies` (fours first), or
    /// the result when it is known without them: `Err(Fail)` when, with one attacker move
    /// left, the defender has a four the attacker cannot answer with a winning move.
    fn replies(
        &mut self,
        a: Color,
        b: u32,
        wits: &[Witness],
        vcf_threat: bool,
        buf: &mut Ply,
    ) -> Result<(), Res> {
        let d = a.opponent();
        let bd = self.vcf.board_mut();
        bd.four_moves(d, &mut buf.fours);
        buf.fours.retain(|(p, _)| bd.is_legal(*p, d));
        if b == 1 && !self.full_width {
            // The block of a defender four must be the winning move itself.
            for &(p, fives) in &buf.fours {
                if fives.len() >= 2 {
                    return Err(Res::Fail);
                }
                bd.place(p, d);
                let answered = bd.winning_move(fives.as_slice()[0], a).is_some();
                bd.remove(p);
                if !answered {
                    return Err(Res::Fail);
                }
            }
        }
        // The counter-fours first: one that refutes costs the attacker a move (its block), so
        // what follows is small; then the defences.
        buf.replies.clear();
        buf.replies.extend(buf.fours.iter().map(|(p, _)| *p));
        let n_fours = buf.replies.len();
        let renju = self.rules().has_fouls();
        let full_width = self.full_width;
        let bd = self.vcf.board();
        let is_four = |p: Point, fours: &[(Point, Points)]| fours.iter().any(|(q, _)| *q == p);
        if full_width || vcf_threat {
            empties(bd, &mut buf.points);
            for &p in &buf.points {
                if bd.is_legal(p, d) && !is_four(p, &buf.fours) {
                    buf.replies.push(p);
                }
            }
            return Ok(());
        }
        // The intersection of the spoiling sets of the winning moves that can be spoilt only
        // on themselves and their five points.
        let mut have = false;
        buf.points.clear();
        for w in wits {
            let anywhere = renju
                && (w.fives.len() < 2 || (a == Color::Black && could_be_double_three(bd, w.at)));
            if anywhere {
                continue;
            }
            if have {
                buf.points.retain(|p| *p == w.at || w.fives.contains(*p));
            } else {
                have = true;
                buf.points.push(w.at);
                buf.points.extend_from_slice(w.fives.as_slice());
            }
        }
        if have {
            for &p in &buf.points {
                if bd.is_legal(p, d) && !is_four(p, &buf.fours) {
                    buf.replies.push(p);
                }
            }
        } else {
            // Every winning move might be spoilt anywhere: try each legal reply against them.
            self.stats.scanned_defences += 1;
            empties(self.vcf.board(), &mut buf.points);
            for i in 0..buf.points.len() {
                let p = buf.points[i];
                if is_four(p, &buf.fours) || wits.iter().any(|w| self.still_wins(a, w, p)) {
                    continue;
                }
                if self.vcf.board().is_legal(p, d) {
                    buf.replies.push(p);
                }
            }
        }
        // With one attacker move left, a defence after which no winning move is left refutes
        // the threat at once: without fouls a defender stone makes no winning move for the
        // attacker. (In renju it can: a White stone can make a forbidden Black winning move
        // legal, and a Black stone can make the block of a White four forbidden.)
        if b == 1 && !renju {
            for i in n_fours..buf.replies.len() {
                let p = buf.replies[i];
                if !wits.iter().any(|w| self.still_wins(a, w, p)) {
                    return Err(Res::Fail);
                }
            }
        }
        Ok(())
    }
}
