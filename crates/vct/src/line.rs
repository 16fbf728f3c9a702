//! The principal line of a VCT.

use renju_core::{Color, Point};
use std::fmt;

/// How a VCT line ends: what the last attacker move leaves the defender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LineEnd {
    /// The attacker could make a five at once (a four already on the board): the line is
    /// that one move, the five, and no attacker move is counted.
    Five(Point),
    /// After the last move the attacker has two different five points (an open four, a
    /// double four): the defender can stop only one.
    TwoFives(Point, Point),
    /// The last move is a White four whose only five point is forbidden for Black (renju).
    ForbiddenBlock(Point),
}

impl From<renju_vcf::board::Win> for LineEnd {
    fn from(w: renju_vcf::board::Win) -> LineEnd {
        match w {
            renju_vcf::board::Win::TwoFives(a, b) => LineEnd::TwoFives(a, b),
            renju_vcf::board::Win::ForbiddenBlock(f) => LineEnd::ForbiddenBlock(f),
        }
    }
}

/// The principal line of a VCT: attacker and defender moves alternating, attacker first,
/// ending with the winning move (the five is not in it). After a threat the defender move
/// listed is one of the strongest replies (one that makes the attacker need the most moves);
/// after a four it is the forced block.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Line {
    attacker: Color,
    moves: Vec<Point>,
    end: LineEnd,
}

impl Line {
    pub(crate) fn new(attacker: Color, moves: Vec<Point>, end: LineEnd) -> Line {
        Line {
            attacker,
            moves,
            end,
        }
    }

    /// The side that wins.
    #[must_use]
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The moves, attacker first, then defender, alternating; the last is the attacker's
    /// winning move (or, for [`LineEnd::Five`], the five).
    #[must_use]
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The first move (the attacker's).
    #[must_use]
    pub fn first(&self) -> Point {
        self.moves[0]
    }

    /// The attacker moves the line counts against [`crate::Limits::max_depth`]: every
    /// attacker move, the five not counted (0 for [`LineEnd::Five`]).
    ///
    /// ```
    /// use renju_core::{Board, Color, RuleSet};
    /// let mut b = Board::renju();
    /// for p in ["h8", "i8", "j8"] { b.place(p.parse().unwrap(), Color::Black).unwrap(); }
    /// let answer = renju_vct::solve(&b, Color::Black, RuleSet::Renju);
    /// let line = answer.line().unwrap();
    /// assert_eq!(line.attacker_moves(), 1); // the open four
    /// assert_eq!(line.moves().len(), 1);
    /// ```
    #[must_use]
    pub fn attacker_moves(&self) -> usize {
        match self.end {
            LineEnd::Five(_) => 0,
            _ => self.moves.len().div_ceil(2),
        }
    }

    /// How it ends.
    #[must_use]
    pub fn end(&self) -> LineEnd {
        self.end
    }
}

impl fmt::Display for Line {
    /// The moves separated by single spaces (`h8 h9 i8`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}
