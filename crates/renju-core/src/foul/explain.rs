//! Explanations: why a verdict holds, as a tree a player can follow. Built beside the
//! decision (it asks the same [`Search`] for every verdict it shows), never instead of it.

use super::decide::{four_dirs, quick};
use super::double_three::{Memo, Search};
use super::{Foul, Verdict};
use crate::shape::Lines;
use crate::{Color, Convention, Direction, Point};
use std::fmt;

/// Why a verdict holds: the shapes on each line through the point, and for each three the
/// verdict on each of its straight-four points, with the stones placed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The point examined.
    pub point: Point,
    /// The convention used.
    pub convention: Convention,
    /// The stones assumed placed by the outer levels (oldest first), besides the board's.
    pub assumed: Vec<Point>,
    /// The verdict.
    pub verdict: Verdict,
    /// The lines through the point that hold a shape, in [`Direction::ALL`] order.
    pub lines: Vec<LineReason>,
}

/// One line through the examined point and what the stone makes on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineReason {
    /// The line.
    pub direction: Direction,
    /// What the stone makes there.
    pub shape: LineKind,
    /// The black stones of the shape, the new stone included, in line order.
    pub stones: Vec<Point>,
    /// Five points of a four, or straight-four points of a three.
    pub points: Vec<Point>,
    /// For a three: the verdict on each straight-four point, in line order.
    pub eyes: Vec<EyeReason>,
}

/// The shape a stone makes on one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LineKind {
    /// An exact five.
    Five,
    /// Six or more.
    Overline,
    /// One four (closed or straight).
    Four {
        /// Whether it is a straight four.
        straight: bool,
    },
    /// Two fours on this one line.
    TwoFours,
    /// A three; `open` says whether one of its straight-four points may be played.
    Three {
        /// Whether the three counts.
        open: bool,
    },
    /// Three stones that could become four in a row, but no such four would be straight: the
    /// ends are blocked by White, the edge, or an own stone that would make six.
    BlockedThree,
}

/// The verdict on one straight-four point of a three.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EyeReason {
    /// The straight-four point.
    pub point: Point,
    /// Whether it can be played to make the straight four.
    pub usable: bool,
    /// Why.
    pub why: EyeWhy,
}

/// Why a straight-four point may or may not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EyeWhy {
    /// A legal move: it makes the straight four.
    Legal,
    /// A legal move although it makes two or more threes: the nested explanation shows that
    /// fewer than two of them are open.
    LegalDespiteThrees(Box<Explanation>),
    /// It also makes a five on another line (unusable when lenient, usable when strict).
    MakesFive,
    /// It would be an overline.
    Overline,
    /// It would be a double four.
    DoubleFour,
    /// It would be a double three; the nested explanation says why.
    DoubleThree(Box<Explanation>),
    /// For a blocked three: why four in a row there would not be straight.
    Blocked(String),
}

pub(super) fn explain_rec(
    lines: &mut Lines,
    p: Point,
    convention: Convention,
    assumed: &mut Vec<Point>,
) -> Explanation {
    let mut memo = Memo::default();
    let mut placed = assumed.clone();
    let verdict = {
        let mut s = Search {
            lines,
            convention,
            placed: &mut placed,
            memo: &mut memo,
        };
        if s.lines.is_empty(p) {
            s.verdict(p)
        } else {
            Verdict::Legal
        }
    };
    let ks = four_dirs(lines, p);
    let mut out = Explanation {
        point: p,
        convention,
        assumed: assumed.clone(),
        verdict,
        lines: Vec::new(),
    };
    if !lines.is_empty(p) {
        return out;
    }
    let dig_threes = matches!(verdict, Verdict::Forbidden(Foul::DoubleThree))
        || (verdict == Verdict::Legal && ks.iter().filter(|k| k.three_mask() != 0).count() >= 2);
    lines.set(p, Color::Black);
    assumed.push(p);
    for (d, k) in Direction::ALL.into_iter().zip(ks) {
        let points_of = |mask: u32| {
            let mut v = Vec::new();
            let mut m = mask;
            while m != 0 {
                let b = m.trailing_zeros();
                m &= m - 1;
                v.push(lines.at_offset(p, d, b));
            }
            v
        };
        let (shape, points) = if k.five() {
            (LineKind::Five, Vec::new())
        } else if k.overline() {
            (LineKind::Overline, Vec::new())
        } else if k.fours() >= 2 {
            (LineKind::TwoFours, points_of(k.five_mask()))
        } else if k.fours() == 1 {
            (
                LineKind::Four {
                    straight: k.straight_four(),
                },
                points_of(k.five_mask()),
            )
        } else if k.three_mask() != 0 {
            (LineKind::Three { open: false }, points_of(k.three_mask()))
        } else if let Some(blocked) = blocked_three(lines, p, d) {
            let eyes: Vec<Point> = blocked.iter().map(|e| e.point).collect();
            out.lines.push(LineReason {
                direction: d,
                shape: LineKind::BlockedThree,
                stones: shape_stones(lines, p, d, &eyes),
                points: blocked.iter().map(|e| e.point).collect(),
                eyes: blocked,
            });
            continue;
        } else {
            continue;
        };
        let stones = shape_stones(lines, p, d, &points);
        let mut reason = LineReason {
            direction: d,
            shape,
            stones,
            points,
            eyes: Vec::new(),
        };
        if let LineKind::Three { .. } = shape {
            let mut open = false;
            for q in reason.points.clone() {
                let eye = eye_reason(lines, q, convention, assumed, dig_threes);
                open |= eye.usable;
                reason.eyes.push(eye);
            }
            reason.shape = LineKind::Three { open };
        }
        out.lines.push(reason);
    }
    assumed.pop();
    lines.clear(p, Color::Black);
    out
}

fn eye_reason(
    lines: &mut Lines,
    q: Point,
    convention: Convention,
    assumed: &mut Vec<Point>,
    dig: bool,
) -> EyeReason {
    let mut memo = Memo::default();
    let v = Search {
        lines,
        convention,
        placed: &mut assumed.clone(),
        memo: &mut memo,
    }
    .verdict(q);
    let (usable, why) = match v {
        Verdict::Five => (convention == Convention::Strict, EyeWhy::MakesFive),
        Verdict::Legal if dig && quick(&four_dirs(lines, q)).is_err() => (
            true,
            EyeWhy::LegalDespiteThrees(Box::new(explain_rec(lines, q, convention, assumed))),
        ),
        Verdict::Legal => (true, EyeWhy::Legal),
        Verdict::Forbidden(Foul::Overline) => (false, EyeWhy::Overline),
        Verdict::Forbidden(Foul::DoubleFour) => (false, EyeWhy::DoubleFour),
        Verdict::Forbidden(Foul::DoubleThree) => {
            let nested = if dig {
                explain_rec(lines, q, convention, assumed)
            } else {
                Explanation {
                    point: q,
                    convention,
                    assumed: assumed.clone(),
                    verdict: v,
                    lines: Vec::new(),
                }
            };
            (false, EyeWhy::DoubleThree(Box::new(nested)))
        }
    };
    EyeReason {
        point: q,
        usable,
        why,
    }
}

/// The black stones of the shape through `p` (placed) along `d`: the row of stones through `p`
/// once each helper point (a five point, a straight-four point) is filled, helpers left out.
fn shape_stones(lines: &Lines, p: Point, d: Direction, helpers: &[Point]) -> Vec<Point> {
    let size = lines.size();
    let (dc, dr) = d.step();
    let mut out: Vec<Point> = Vec::new();
    let fills: Vec<Option<Point>> = if helpers.is_empty() {
        vec![None]
    } else {
        helpers.iter().copied().map(Some).collect()
    };
    for fill in fills {
        let black = |q: Point| Some(q) == fill || color_at(lines, q) == Some(Color::Black);
        for sign in [-1i32, 1] {
            let mut k = if sign < 0 { 0 } else { 1 };
            while let Some(q) = p.offset(sign * dc * k, sign * dr * k, size) {
                if !black(q) {
                    break;
                }
                if Some(q) != fill && !out.contains(&q) {
                    out.push(q);
                }
                k += 1;
            }
        }
    }
    out.sort_by_key(|q| (q.col(), q.row()));
    if d == Direction::Vertical {
        out.sort_by_key(|q| (q.row(), q.col()));
    }
    out
}

fn color_at(lines: &Lines, q: Point) -> Option<Color> {
    if lines.is_empty(q) {
        None
    } else if lines.has(q, Color::Black) {
        Some(Color::Black)
    } else {
        Some(Color::White)
    }
}

/// For a line without five, four or three through `p` (already placed): the points that would
/// make four in a row through `p`, each with why that four is not straight. `None` when there
/// is no such point.
fn blocked_three(lines: &Lines, p: Point, d: Direction) -> Option<Vec<EyeReason>> {
    let size = lines.size();
    let (dc, dr) = d.step();
    let at = |k: i32| p.offset(dc * k, dr * k, size);
    let black = |k: i32| at(k).is_some_and(|q| color_at(lines, q) == Some(Color::Black));
    let mut eyes = Vec::new();
    for k in -3..=3 {
        let Some(q) = at(k) else { continue };
        if k == 0 || color_at(lines, q).is_some() {
            continue;
        }
        // Run of four through p and q once q is filled.
        let filled = |j: i32| j == k || black(j);
        let (mut lo, mut hi) = (0, 0);
        while lo > -5 && filled(lo - 1) {
            lo -= 1;
        }
        while hi < 5 && filled(hi + 1) {
            hi += 1;
        }
        if hi - lo + 1 != 4 || k < lo || k > hi {
            continue;
        }
        let mut why = Vec::new();
        for (end, beyond) in [(lo - 1, lo - 2), (hi + 1, hi + 2)] {
            match at(end) {
                None => why.push("the edge".to_string()),
                Some(e) if color_at(lines, e) == Some(Color::White) => {
                    why.push(format!("white at {e}"));
                }
                Some(e) if black(beyond) => why.push(format!("{e} would make six")),
                Some(_) => {}
            }
        }
        if !why.is_empty() {
            eyes.push(EyeReason {
                point: q,
                usable: false,
                why: EyeWhy::Blocked(format!(
                    "four in a row, but ends blocked by {}",
                    why.join(" and ")
                )),
            });
        }
    }
    (!eyes.is_empty()).then_some(eyes)
}

impl Explanation {
    /// The explanation as an indented text tree, one line per fact, that a player can follow
    /// move by move.
    ///
    /// ```
    /// use renju_core::{Board, Convention, explain};
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . . . x . . .
    ///     . . . x . . .
    ///     . . . . . . .
    ///     . x x . . . .
    ///     . . . . . . .
    ///     . . . . . . .").unwrap();
    /// // No a3 below: a3-d3 would be a four against the edge, with one five point.
    /// let tree = explain(&board, "d3".parse().unwrap(), Convention::Lenient).to_tree();
    /// assert_eq!(tree, "\
    /// d3 (lenient): forbidden: double-three
    ///   horizontal: open three b3 c3 d3 (counts)
    ///     e3 can be played: makes a straight four
    ///   vertical: open three d3 d5 d6 (counts)
    ///     d4 can be played: makes a straight four
    /// ");
    /// ```
    #[must_use]
    pub fn to_tree(&self) -> String {
        let mut out = String::new();
        self.write_tree(&mut out, 0);
        out
    }

    fn headline(&self) -> String {
        let what = match self.verdict {
            Verdict::Five => "makes five: Black wins, no foul".to_string(),
            Verdict::Legal => "legal".to_string(),
            Verdict::Forbidden(f) => format!("forbidden: {f}"),
        };
        if self.assumed.is_empty() {
            format!("{} ({}): {what}", self.point, self.convention)
        } else {
            let with: Vec<String> = self.assumed.iter().map(ToString::to_string).collect();
            format!("{} with {} placed: {what}", self.point, with.join(", "))
        }
    }

    fn write_tree(&self, out: &mut String, depth: usize) {
        let pad = "  ".repeat(depth);
        out.push_str(&format!("{pad}{}\n", self.headline()));
        for l in &self.lines {
            let stones = join(&l.stones);
            let pts = join(&l.points);
            let desc = match l.shape {
                LineKind::Five => format!("five {stones}"),
                LineKind::Overline => format!("overline {stones}"),
                LineKind::Four { straight: true } => {
                    format!("straight four {stones}, fives at {pts}")
                }
                LineKind::Four { straight: false } => format!("four {stones}, five at {pts}"),
                LineKind::TwoFours => format!("two fours {stones}, fives at {pts}"),
                LineKind::Three { open: true } => format!("open three {stones} (counts)"),
                LineKind::Three { open: false } => {
                    format!(
                        "false three {stones} (does not count: no straight-four point can be played)"
                    )
                }
                LineKind::BlockedThree => format!("blocked three {stones} (does not count)"),
            };
            out.push_str(&format!("{pad}  {}: {desc}\n", l.direction));
            for e in &l.eyes {
                let tail = match &e.why {
                    EyeWhy::Legal => "can be played: makes a straight four".to_string(),
                    EyeWhy::LegalDespiteThrees(_) => {
                        "can be played: makes a straight four, and its threes are no double three:"
                            .to_string()
                    }
                    EyeWhy::MakesFive if e.usable => {
                        "makes a five on another line: a legal winning move (strict)".to_string()
                    }
                    EyeWhy::MakesFive => {
                        "makes a five on another line, not a straight four (lenient)".to_string()
                    }
                    EyeWhy::Overline => "would be an overline".to_string(),
                    EyeWhy::DoubleFour => "would be a double four".to_string(),
                    EyeWhy::DoubleThree(_) => "would be a double three:".to_string(),
                    EyeWhy::Blocked(s) => s.clone(),
                };
                out.push_str(&format!("{pad}    {} {tail}\n", e.point));
                if let EyeWhy::DoubleThree(n) | EyeWhy::LegalDespiteThrees(n) = &e.why {
                    if n.lines.is_empty() {
                        out.push_str(&format!("{pad}      {}\n", n.headline()));
                    } else {
                        n.write_tree(out, depth + 3);
                    }
                }
            }
        }
    }
}

fn join(points: &[Point]) -> String {
    points
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_tree())
    }
}
