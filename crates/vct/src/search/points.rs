//! Small helpers of the search: a set of points, lines through a point, empty points, and
//! the foul questions asked about a point before placing anything.

use renju_core::{Color, Direction, Point};
use renju_vcf::board::ThreatBoard;

/// Whether a point may be forbidden for Black ([`ThreatBoard::may_be_forbidden`]), asked once
/// per point at one attacker node (stones the attacker adds there can only lower the counts).
#[derive(Default)]
pub(super) struct ForbiddenMemo {
    asked: PointSet,
    maybe: PointSet,
}

impl ForbiddenMemo {
    pub(super) fn may_be_forbidden(&mut self, bd: &ThreatBoard, p: Point) -> bool {
        if !self.asked.contains(p) {
            self.asked.insert(p);
            if bd.may_be_forbidden(p) {
                self.maybe.insert(p);
            }
        }
        self.maybe.contains(p)
    }
}

/// Whether `f` lies on the line through `y` in direction `d`.
pub(super) fn collinear(y: Point, f: Point, d: Direction) -> bool {
    let dc = i32::from(f.col()) - i32::from(y.col());
    let dr = i32::from(f.row()) - i32::from(y.row());
    match d {
        Direction::Horizontal => dr == 0,
        Direction::Vertical => dc == 0,
        Direction::Diagonal => dc == dr,
        Direction::AntiDiagonal => dc == -dr,
    }
}

/// A set of points (by `row * 32 + col`).
#[derive(Clone, Copy, Default)]
pub(super) struct PointSet([u64; 16]);

impl PointSet {
    fn code(p: Point) -> usize {
        usize::from(p.row()) * 32 + usize::from(p.col())
    }
    pub(super) fn insert(&mut self, p: Point) {
        let c = Self::code(p);
        self.0[c / 64] |= 1 << (c % 64);
    }
    pub(super) fn contains(&self, p: Point) -> bool {
        let c = Self::code(p);
        self.0[c / 64] & (1 << (c % 64)) != 0
    }
    /// Adds the points on the four lines through `p` within 4 of it (`p` included).
    pub(super) fn insert_lines(&mut self, p: Point, size: u8) {
        for d in Direction::ALL {
            let (dc, dr) = d.step();
            for k in -4..=4 {
                if let Some(q) = p.offset(dc * k, dr * k, size) {
                    self.insert(q);
                }
            }
        }
    }
    /// Whether a point of the set lies on a line through `p` within 4 of it (`p` excluded).
    pub(super) fn meets_lines(&self, p: Point, size: u8) -> bool {
        Direction::ALL.iter().any(|d| {
            let (dc, dr) = d.step();
            (-4..=4).any(|k| {
                k != 0
                    && p.offset(dc * k, dr * k, size)
                        .is_some_and(|q| self.contains(q))
            })
        })
    }
    pub(super) fn and(&self, other: &PointSet) -> PointSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= b;
        }
        out
    }
}

/// Every empty point of the board, in reading order from a1.
pub(super) fn empties(bd: &ThreatBoard, out: &mut Vec<Point>) {
    out.clear();
    let n = bd.size();
    for row in 0..n {
        for col in 0..n {
            let p = Point::new(col, row).expect("on the board");
            if bd.is_empty(p) {
                out.push(p);
            }
        }
    }
}

/// Whether a Black stone on `p` makes two or more three shapes (renju-core counts a double
/// three only from two lines with a three shape): only then can White stones elsewhere make
/// `p` forbidden, or Black's fake three there real. A cheap window count first.
pub(super) fn could_be_double_three(bd: &ThreatBoard, p: Point) -> bool {
    let counts = bd.line_counts(p, Color::Black);
    if counts.iter().filter(|&&n| n >= 2).count() < 2 {
        return false;
    }
    let rules = bd.rules();
    Direction::ALL
        .iter()
        .filter(|&&d| bd.fouls().shape(p, d, Color::Black, rules).is_three())
        .count()
        >= 2
}
