//! Per-move annotations, on demand: what each move made and what threats it left.
//!
//! This is the slow, explaining path (it scans the board and builds explanation trees); the
//! audit never calls it.

use crate::settings::Settings;
use crate::setup::SetUp;
use renju_core::{
    Board, Color, Convention, Direction, Explanation, Foul, FoulChecker, Move, Point, RuleSet,
    Verdict,
};
use renju_notation::GameRecord;
use std::fmt;

/// A shape a move made on one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A winning row.
    Five,
    /// A straight (open) four: two points make five.
    StraightFour,
    /// A four with one five point.
    Four,
    /// Two fours on this one line.
    TwoFours,
    /// An open three (for Black in renju: one of its straight-four points may be played).
    OpenThree,
}

impl Shape {
    /// `five`, `straight four`, `four`, `two fours`, `open three`.
    ///
    /// ```
    /// use renju_analyzer::annotate::Shape;
    /// assert_eq!(Shape::StraightFour.name(), "straight four");
    /// assert_eq!(Shape::OpenThree.name(), "open three");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Shape::Five => "five",
            Shape::StraightFour => "straight four",
            Shape::Four => "four",
            Shape::TwoFours => "two fours",
            Shape::OpenThree => "open three",
        }
    }
}

/// A shape on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Made {
    /// The line.
    pub direction: Direction,
    /// The shape.
    pub shape: Shape,
}

/// A threat the move left on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Left {
    /// The mover could have won at these points and did not.
    FiveMissed(Vec<Point>),
    /// The opponent threatened five at these points before the move and still does after it.
    FourNotBlocked(Vec<Point>),
}

/// A Black foul with the foul checker's explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoulNote {
    /// The foul.
    pub foul: Foul,
    /// Why, as a tree ([`Explanation::to_tree`]).
    pub explanation: Explanation,
}

/// What one move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveNote {
    /// 1-based move number.
    pub number: usize,
    /// The side that moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Shapes made through the stone, one per line that holds one.
    pub made: Vec<Made>,
    /// The foul, when the stone is forbidden (renju, Black).
    pub foul: Option<FoulNote>,
    /// Threats left.
    pub left: Vec<Left>,
}

impl fmt::Display for MoveNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}. {} {}", self.number, self.color, self.mv)?;
        let mut parts: Vec<String> = self
            .made
            .iter()
            .map(|m| format!("{} ({})", m.shape.name(), m.direction))
            .collect();
        if let Some(n) = &self.foul {
            parts.push(format!("foul: {}", n.foul));
        }
        for l in &self.left {
            let pts = |v: &[Point]| {
                v.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            parts.push(match l {
                Left::FiveMissed(v) => format!("missed five at {}", pts(v)),
                Left::FourNotBlocked(v) => format!("left the opponent's five at {}", pts(v)),
            });
        }
        if !parts.is_empty() {
            write!(f, ": {}", parts.join(", "))?;
        }
        if let Some(n) = &self.foul {
            write!(f, "\n{}", n.explanation.to_tree().trim_end())?;
        }
        Ok(())
    }
}

/// Annotates every move of `record` until the replay stops (an off-board or occupied point).
///
/// ```
/// use renju_analyzer::{annotate, Settings};
/// use renju_analyzer::annotate::{Left, Shape};
/// use renju_notation::GameRecord;
/// use renju_core::{Move, Point};
/// let mut record = GameRecord::new(15);
/// for m in "h8 a1 i8 a2 j8 a3 k8 a4".split(' ') {
///     record.moves.push(m.parse::<Move>().unwrap());
/// }
/// let notes = annotate(&record, &Settings::default());
/// assert!(notes[6].made.iter().any(|m| m.shape == Shape::StraightFour));
/// // White's a4 ignored Black's straight four: g8 and l8 both make five.
/// let g8: Point = "g8".parse().unwrap();
/// assert!(matches!(&notes[7].left[0], Left::FourNotBlocked(v) if v.contains(&g8)));
/// ```
#[must_use]
pub fn annotate(record: &GameRecord, settings: &Settings) -> Vec<MoveNote> {
    let Ok(board) = Board::new(usize::from(record.board_size)) else {
        return Vec::new();
    };
    let mut checker = FoulChecker::new(&board);
    let mut set_up = SetUp::new(&record.setup);
    let mut notes = Vec::with_capacity(record.moves.len());
    for (i, &mv) in record.moves.iter().enumerate() {
        if set_up.apply(&board, &mut checker, i).is_err() {
            break;
        }
        let number = i + 1;
        let color = Color::of_move_number(number);
        let mine = five_points(&checker, &board, color, settings);
        let theirs = five_points(&checker, &board, color.opponent(), settings);
        let mut note = MoveNote {
            number,
            color,
            mv,
            made: Vec::new(),
            foul: None,
            left: Vec::new(),
        };
        let mut won = false;
        if let Move::Stone(p) = mv {
            if !board.contains(p) || checker.stone(p).is_some() {
                break;
            }
            let renju_black = color == Color::Black && settings.rules.has_fouls();
            if renju_black && let Verdict::Forbidden(foul) = checker.verdict(p, settings.convention)
            {
                note.foul = Some(FoulNote {
                    foul,
                    explanation: checker.explain(p, settings.convention),
                });
            }
            note.made = made(
                &checker,
                p,
                color,
                settings,
                renju_black && note.foul.is_none(),
            );
            won = note.made.iter().any(|m| m.shape == Shape::Five);
            checker.place(p, color);
        }
        if !won {
            if !mine.is_empty() {
                note.left.push(Left::FiveMissed(mine));
            }
            let still: Vec<Point> = theirs
                .into_iter()
                .filter(|q| Some(*q) != mv.point())
                .collect();
            if !still.is_empty() {
                note.left.push(Left::FourNotBlocked(still));
            }
        }
        notes.push(note);
    }
    notes
}

/// Points where `color` would win at once (for Black in renju: an exact five, never a foul).
fn five_points(checker: &FoulChecker, board: &Board, color: Color, s: &Settings) -> Vec<Point> {
    board
        .points()
        .filter(|&q| checker.makes_five(q, color, s.rules))
        .collect()
}

fn made(
    checker: &FoulChecker,
    p: Point,
    color: Color,
    s: &Settings,
    check_eyes: bool,
) -> Vec<Made> {
    let mut out = Vec::new();
    let mut after = checker.clone();
    after.place(p, color);
    for d in Direction::ALL {
        let sh = checker.shape(p, d, color, s.rules);
        let shape = if sh.five {
            Shape::Five
        } else if sh.fours >= 2 {
            Shape::TwoFours
        } else if sh.straight_four {
            Shape::StraightFour
        } else if sh.fours == 1 {
            Shape::Four
        } else if sh.is_three() && (!check_eyes || eye_usable(&after, &sh.straight_four_points, s))
        {
            Shape::OpenThree
        } else {
            continue;
        };
        out.push(Made {
            direction: d,
            shape,
        });
    }
    out
}

/// Whether Black may play one of a three's straight-four points.
fn eye_usable(after: &FoulChecker, eyes: &[Point], s: &Settings) -> bool {
    eyes.iter().any(|&q| match after.verdict(q, s.convention) {
        Verdict::Legal => true,
        Verdict::Five => s.convention == Convention::Strict,
        Verdict::Forbidden(_) => false,
    })
}

/// The explanation tree of a foul at move `number` (1-based) of `record`, replaying up to it;
/// `None` when that move is not a forbidden Black stone under `settings` (or cannot be reached).
///
/// ```
/// use renju_analyzer::{explain_move, Settings};
/// use renju_notation::GameRecord;
/// use renju_core::Move;
/// let mut record = GameRecord::new(15);
/// for m in "h8 g9 i8 f8 k12 b2 k11 b14 k10 n2 j10 n14 j9 a8 k9 k13 j8".split(' ') {
///     record.moves.push(m.parse::<Move>().unwrap());
/// }
/// // Lenient (default): j8 is legal, k8 makes five, so the row three does not count.
/// assert!(explain_move(&record, &Settings::default(), 17).is_none());
/// ```
#[must_use]
pub fn explain_move(
    record: &GameRecord,
    settings: &Settings,
    number: usize,
) -> Option<Explanation> {
    if settings.rules != RuleSet::Renju || Color::of_move_number(number) != Color::Black {
        return None;
    }
    let board = Board::new(usize::from(record.board_size)).ok()?;
    let mut checker = FoulChecker::new(&board);
    let mut set_up = SetUp::new(&record.setup);
    for (i, &mv) in record.moves.iter().enumerate().take(number) {
        set_up.apply(&board, &mut checker, i).ok()?;
        let n = i + 1;
        let Move::Stone(p) = mv else { continue };
        if n == number {
            return match checker.verdict(p, settings.convention) {
                Verdict::Forbidden(_) => Some(checker.explain(p, settings.convention)),
                _ => None,
            };
        }
        if !checker.place(p, Color::of_move_number(n)) {
            return None;
        }
    }
    None
}
