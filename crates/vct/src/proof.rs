//! The proof tree of a VCT, and its JSON form (feature `serde`).
//!
//! A proof is a tree of attacker moves. Each says what kind of move it is and what follows:
//! after a winning move nothing (the defender cannot stop a five); after a four the
//! defender's forced block and the attacker's next move; after a threat every defender reply
//! that was searched with the attacker's answer to it, and a list of winning moves of which
//! at least one answers **every other legal reply** (each other reply leaves one of them a
//! winning move, which a checker can confirm reply by reply). A reply that makes a four for
//! the defender is always listed, and the attacker's answer to it is the block.

use crate::{Line, LineEnd};
use renju_core::{Board, Color, Convention, Point, RuleSet};

/// One attacker move of a proof and what follows it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Attack {
    /// The point played.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub at: Point,
    /// What kind of move it is, and what follows.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub kind: AttackKind,
}

/// What an attacker move is (see the module comment).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum AttackKind {
    /// A five (the whole proof, when the attacker has a four on the board already).
    Five,
    /// A winning move: after it the defender cannot stop a five.
    Win {
        /// How: two five points, or a White four whose only block is forbidden for Black.
        end: LineEnd,
    },
    /// A four: the defender must block its one five point.
    Four {
        /// The forced block.
        block: Point,
        /// The attacker's next move.
        next: Box<Attack>,
    },
    /// A threat: the defender may play any legal move.
    Threat {
        /// The replies searched (every reply that makes a four among them), each with the
        /// attacker's answer.
        replies: Vec<Reply>,
        /// Winning moves of the attacker after the threat (as if the defender passed): every
        /// legal reply not in `replies` leaves at least one of them a winning move. Empty
        /// when every legal reply is listed.
        otherwise: Vec<Point>,
    },
}

/// A defender reply to a threat and the attacker's answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Reply {
    /// The defender's move.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub at: Point,
    /// The attacker's answer.
    pub next: Attack,
}

impl Attack {
    pub(crate) fn new(at: Point, kind: AttackKind) -> Attack {
        Attack { at, kind }
    }

    /// The most attacker moves on any branch below and including this one (the five not
    /// counted).
    #[must_use]
    pub fn depth(&self) -> usize {
        match &self.kind {
            AttackKind::Five => 0,
            AttackKind::Win { .. } => 1,
            AttackKind::Four { next, .. } => 1 + next.depth(),
            AttackKind::Threat { replies, otherwise } => {
                let below = replies.iter().map(|r| r.next.depth()).max().unwrap_or(0);
                1 + below.max(usize::from(!otherwise.is_empty()))
            }
        }
    }

    /// How many attacker moves the tree holds.
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.kind {
            AttackKind::Five | AttackKind::Win { .. } => 1,
            AttackKind::Four { next, .. } => 1 + next.len(),
            AttackKind::Threat { replies, .. } => {
                1 + replies.iter().map(|r| r.next.len()).sum::<usize>()
            }
        }
    }

    /// Never empty (an attacker move is always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// A whole VCT proof: the position, the limits it was proved under, the principal line and
/// the tree.
///
/// With the feature `serde` it serializes as one JSON object (the file of `--proof`):
///
/// ```json
/// {"format": "renju-vct-proof", "version": 1, "size": 15, "board": "<size*size cells>",
///  "rules": "renju", "convention": "lenient", "attacker": "white",
///  "max_depth": 5, "threat_depth": 1,
///  "line": ["h8", "j8", "e8"], "end": {"type": "two-fives", "points": ["i8", "d8"]},
///  "tree": {"move": "h8", "kind": "threat", "replies": [], "otherwise": ["i8", "e8", "h9"]}}
/// ```
///
/// `board` is the position before the first move, row `size` first, columns `a` onwards (`.`
/// empty, `x` Black, `o` White). Kinds: `five`; `win` with `end` (`two-fives` with `points`,
/// `forbidden-block` with `point`); `four` with `block` and `next`; `threat` with `replies`
/// (each `move` and `next`) and `otherwise`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    pub(crate) board: Board,
    pub(crate) rules: RuleSet,
    pub(crate) convention: Convention,
    pub(crate) attacker: Color,
    pub(crate) max_depth: u32,
    pub(crate) threat_depth: u32,
    pub(crate) line: Line,
    pub(crate) tree: Attack,
}

impl Proof {
    /// The position before the first move.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rule set.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The foul convention for Black's moves.
    #[must_use]
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The side that wins.
    #[must_use]
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The depth limit it was proved within ([`crate::Limits::max_depth`]).
    #[must_use]
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// The threat depth it was proved with ([`crate::Limits::threat_depth`]).
    #[must_use]
    pub fn threat_depth(&self) -> u32 {
        self.threat_depth
    }

    /// The principal line (as [`crate::Solver::solve`] gives it).
    #[must_use]
    pub fn line(&self) -> &Line {
        &self.line
    }

    /// The tree, from the first attacker move.
    #[must_use]
    pub fn tree(&self) -> &Attack {
        &self.tree
    }
}

#[cfg(feature = "serde")]
mod json {
    use super::{Attack, Proof};
    use crate::{Line, LineEnd};
    use renju_core::{Board, Color, Convention, Point, RuleSet};
    use serde::{Deserialize, Serialize};

    /// The value of `format`.
    const FORMAT: &str = "renju-vct-proof";

    #[derive(Serialize, Deserialize)]
    struct ProofRepr {
        format: String,
        version: u32,
        size: u8,
        board: String,
        rules: RuleSet,
        convention: Convention,
        attacker: Color,
        max_depth: u32,
        threat_depth: u32,
        line: Vec<Point>,
        end: LineEnd,
        tree: Attack,
    }

    impl Serialize for Proof {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            ProofRepr {
                format: FORMAT.to_string(),
                version: 1,
                size: self.board.size(),
                board: self.board.to_line(),
                rules: self.rules,
                convention: self.convention,
                attacker: self.attacker,
                max_depth: self.max_depth,
                threat_depth: self.threat_depth,
                line: self.line.moves().to_vec(),
                end: self.line.end(),
                tree: self.tree.clone(),
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Proof {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            use serde::de::Error;
            let r = ProofRepr::deserialize(d)?;
            if r.format != FORMAT || r.version != 1 {
                return Err(D::Error::custom(format!(
                    "not a {FORMAT} version 1 file (format {:?}, version {})",
                    r.format, r.version
                )));
            }
            let board = Board::from_line(&r.board).map_err(D::Error::custom)?;
            if board.size() != r.size {
                return Err(D::Error::custom(format!(
                    "the board has side {}, the file says {}",
                    board.size(),
                    r.size
                )));
            }
            if r.line.is_empty() {
                return Err(D::Error::custom("the line is empty"));
            }
            Ok(Proof {
                board,
                rules: r.rules,
                convention: r.convention,
                attacker: r.attacker,
                max_depth: r.max_depth,
                threat_depth: r.threat_depth,
                line: Line::new(r.attacker, r.line, r.end),
                tree: r.tree,
            })
        }
    }

    #[derive(Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "kebab-case")]
    enum LineEndRepr {
        Five { point: Point },
        TwoFives { points: [Point; 2] },
        ForbiddenBlock { point: Point },
    }

    impl Serialize for LineEnd {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match *self {
                LineEnd::Five(point) => LineEndRepr::Five { point },
                LineEnd::TwoFives(a, b) => LineEndRepr::TwoFives { points: [a, b] },
                LineEnd::ForbiddenBlock(point) => LineEndRepr::ForbiddenBlock { point },
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for LineEnd {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            Ok(match LineEndRepr::deserialize(d)? {
                LineEndRepr::Five { point } => LineEnd::Five(point),
                LineEndRepr::TwoFives { points: [a, b] } => LineEnd::TwoFives(a, b),
                LineEndRepr::ForbiddenBlock { point } => LineEnd::ForbiddenBlock(point),
            })
        }
    }
}
