//! Replaying a record and adjudicating it: [`audit`] and the [`GameAudit`] it returns.

use crate::opening::{self, Opening, OpeningNote, ProtocolProblem, RuleName};
use crate::settings::{ClaimPolicy, Settings};
use notation::{DeclaredResult, GameRecord};
use renju_core::{Board, Color, Foul, FoulChecker, Move, Point, RENJU_SIZE, RuleSet, Verdict};
use std::fmt;
use std::str::FromStr;

/// The first decisive event of a game on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// Black made a winning row.
    BlackFive,
    /// White made a winning row (five or more in renju).
    WhiteFive,
    /// A Black foul that decides the game for White under the claim policy.
    Foul(Foul),
    /// The board filled up with no winner.
    DrawFullBoard,
    /// No decisive event: the record stops (resignation, time, agreement) or is cut.
    None,
}

impl End {
    /// Every end, in the order the reports list them.
    pub const ALL: [End; 7] = [
        End::BlackFive,
        End::WhiteFive,
        End::Foul(Foul::DoubleThree),
        End::Foul(Foul::DoubleFour),
        End::Foul(Foul::Overline),
        End::DrawFullBoard,
        End::None,
    ];

    /// The report name: `black-five`, `white-five`, `foul-double-three`, `foul-double-four`,
    /// `foul-overline`, `draw-full-board`, `none`.
    ///
    /// ```
    /// use analyzer::End;
    /// use renju_core::Foul;
    /// assert_eq!(End::Foul(Foul::DoubleFour).name(), "foul-double-four");
    /// assert_eq!("draw-full-board".parse::<End>(), Ok(End::DrawFullBoard));
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            End::BlackFive => "black-five",
            End::WhiteFive => "white-five",
            End::Foul(Foul::DoubleThree) => "foul-double-three",
            End::Foul(Foul::DoubleFour) => "foul-double-four",
            End::Foul(Foul::Overline) => "foul-overline",
            End::DrawFullBoard => "draw-full-board",
            End::None => "none",
        }
    }

    /// The result the board gives: the winner, `Draw` for a full board, `Unknown` for `none`.
    ///
    /// ```
    /// use analyzer::End;
    /// use notation::DeclaredResult;
    /// use renju_core::Foul;
    /// assert_eq!(End::Foul(Foul::Overline).result(), DeclaredResult::White);
    /// assert_eq!(End::None.result(), DeclaredResult::Unknown);
    /// ```
    #[must_use]
    pub const fn result(self) -> DeclaredResult {
        match self {
            End::BlackFive => DeclaredResult::Black,
            End::WhiteFive | End::Foul(_) => DeclaredResult::White,
            End::DrawFullBoard => DeclaredResult::Draw,
            End::None => DeclaredResult::Unknown,
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that is not an end name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEnd(pub String);

impl fmt::Display for UnknownEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown end '{}'", self.0)
    }
}

impl std::error::Error for UnknownEnd {}

impl FromStr for End {
    type Err = UnknownEnd;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        End::ALL
            .into_iter()
            .find(|e| e.name() == s.trim())
            .ok_or_else(|| UnknownEnd(s.to_string()))
    }
}

/// A move that cannot be played; the replay stops there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    /// 1-based move number (passes counted); 0 for a problem with the record as a whole.
    pub number: usize,
    /// What is wrong.
    pub kind: IllegalKind,
}

/// What makes a move impossible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalKind {
    /// The point already holds a stone.
    Occupied {
        /// The point.
        point: Point,
        /// The stone there.
        by: Color,
    },
    /// The point lies outside the board.
    OffBoard {
        /// The point.
        point: Point,
        /// The board side.
        size: u8,
    },
    /// The move text could not be read (reported by the record reader).
    Unreadable {
        /// The text as written.
        text: String,
        /// Why it could not be read.
        reason: String,
    },
    /// A forbidden point, under the `refuse` claim policy.
    Forbidden {
        /// The point.
        point: Point,
        /// The foul it would commit.
        foul: Foul,
    },
    /// The record's board side is not one this toolkit handles (5..=20), or, under renju
    /// rules, which are played on 15x15 only, any side but 15 (such a record is audited under
    /// free-style or standard gomoku on its own board).
    BadBoardSize(u8),
}

impl IllegalKind {
    /// A short kind name: `occupied`, `off-board`, `unreadable-move`, `forbidden`, `bad-board-size`.
    ///
    /// ```
    /// use analyzer::{Settings, audit};
    /// use notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// // White puts a stone on black 1.
    /// let a = audit(&record("h8 h8", DeclaredResult::Unknown), &Settings::default());
    /// assert_eq!(a.illegal.unwrap().kind.name(), "occupied");
    /// ```
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            IllegalKind::Occupied { .. } => "occupied",
            IllegalKind::OffBoard { .. } => "off-board",
            IllegalKind::Unreadable { .. } => "unreadable-move",
            IllegalKind::Forbidden { .. } => "forbidden",
            IllegalKind::BadBoardSize(_) => "bad-board-size",
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.number;
        match &self.kind {
            IllegalKind::Occupied { point, by } => {
                write!(f, "move {n} ({point}) is on a point already holding {by}")
            }
            IllegalKind::OffBoard { point, size } => {
                write!(f, "move {n} ({point}) is off the {size}x{size} board")
            }
            IllegalKind::Unreadable { text, reason } => {
                write!(f, "move {n} '{text}' cannot be read: {reason}")
            }
            IllegalKind::Forbidden { point, foul } => write!(
                f,
                "move {n} ({point}) is a forbidden {foul} point, refused under the refuse policy"
            ),
            IllegalKind::BadBoardSize(s) if (5..=20).contains(s) => write!(
                f,
                "a {s}x{s} board under renju rules, which are played on 15x15 only (audit it \
                 under free-style or standard gomoku)"
            ),
            IllegalKind::BadBoardSize(s) => {
                write!(f, "board side {s} is not supported (5..=20)")
            }
        }
    }
}

/// A move the record holds that the reader could not turn into a [`Move`], passed to
/// [`audit_with_unreadable`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadableMove {
    /// 1-based move number: the record's readable moves are the ones before it.
    pub number: usize,
    /// The text as written.
    pub text: String,
    /// Why it could not be read.
    pub reason: String,
}

/// Something worth an arbiter's look that does not make the game illegal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// A 3-3 or 4-4 foul that White did not claim (a move followed it): it lapsed.
    LapsedFoul {
        /// 1-based move number.
        number: usize,
        /// The point.
        point: Point,
        /// The foul.
        foul: Foul,
    },
    /// An overline foul White never claimed before a five ended the game.
    UnclaimedOverline {
        /// 1-based move number.
        number: usize,
        /// The point.
        point: Point,
    },
    /// Moves follow the end of the game.
    MovesAfterEnd {
        /// The move that ended the game.
        end_move: usize,
        /// How many moves follow it.
        count: usize,
    },
    /// A renju game whose first move is not on h8 (`None`: the first move is a pass).
    FirstMoveOffCentre(Option<Point>),
    /// The first three moves of a renju game are not one of the 26 openings.
    NotAnOpening(opening::NotAnOpening),
    /// The record's opening-rule data contradicts itself.
    OpeningProtocol(ProtocolProblem),
}

impl Finding {
    /// The kind name used in reports: `lapsed-foul`, `unclaimed-overline`, `moves-after-end`,
    /// `first-move-off-centre`, `not-an-opening`, `opening-protocol`.
    ///
    /// ```
    /// use analyzer::{Settings, audit};
    /// use notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// // Black's j8 is a double three; White plays on, so under the claim policy it lapses.
    /// let a = audit(&record("h8 h9 i8 b2 j9 b14 j10 n14 j8 a1", DeclaredResult::Black), &Settings::default());
    /// let kinds: Vec<&str> = a.findings.iter().map(|f| f.kind()).collect();
    /// assert_eq!(kinds, ["lapsed-foul"]);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Finding::LapsedFoul { .. } => "lapsed-foul",
            Finding::UnclaimedOverline { .. } => "unclaimed-overline",
            Finding::MovesAfterEnd { .. } => "moves-after-end",
            Finding::FirstMoveOffCentre(_) => "first-move-off-centre",
            Finding::NotAnOpening(_) => "not-an-opening",
            Finding::OpeningProtocol(_) => "opening-protocol",
        }
    }

    /// The move the finding is about, if it is about one.
    ///
    /// ```
    /// use analyzer::{Settings, audit};
    /// use notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let a = audit(&record("h8 h9 i8 b2 j9 b14 j10 n14 j8 a1", DeclaredResult::Black), &Settings::default());
    /// assert_eq!(a.findings[0].move_number(), Some(9));
    /// ```
    #[must_use]
    pub const fn move_number(&self) -> Option<usize> {
        match self {
            Finding::LapsedFoul { number, .. } | Finding::UnclaimedOverline { number, .. } => {
                Some(*number)
            }
            Finding::MovesAfterEnd { end_move, .. } => Some(*end_move + 1),
            Finding::FirstMoveOffCentre(_) => Some(1),
            Finding::NotAnOpening(_) => Some(3),
            Finding::OpeningProtocol(p) => p.move_number(),
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::LapsedFoul {
                number,
                point,
                foul,
            } => write!(
                f,
                "{foul} foul at move {number} ({point}) lapsed: White played on instead of claiming"
            ),
            Finding::UnclaimedOverline { number, point } => write!(
                f,
                "overline foul at move {number} ({point}) was never claimed"
            ),
            Finding::MovesAfterEnd { end_move, count } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(f, "{count} move{s} after the end at move {end_move}")
            }
            Finding::FirstMoveOffCentre(Some(p)) => {
                write!(f, "the first move {p} is not on the centre h8")
            }
            Finding::FirstMoveOffCentre(None) => f.write_str("the first move is a pass, not h8"),
            Finding::NotAnOpening(why) => write!(f, "not one of the 26 openings: {why}"),
            Finding::OpeningProtocol(p) => write!(f, "opening rule not followed: {p}"),
        }
    }
}

/// Whether the declared result agrees with the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Consistency {
    /// It agrees.
    Ok(Agreement),
    /// It contradicts the board.
    ResultMismatch,
    /// It cannot be decided.
    Unknown(Undecided),
}

/// How a declared result agrees with the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Agreement {
    /// The board's end gives the declared result.
    Board,
    /// A declared win with no decisive event: a resignation or a loss on time.
    Resignation,
    /// A declared draw with no decisive event: a draw by agreement.
    DrawAgreed,
}

/// Why consistency cannot be decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Undecided {
    /// The record declares no result.
    NotDeclared,
    /// The replay stopped at an illegal move before any decisive event.
    ReplayStopped,
}

impl Consistency {
    /// `ok`, `result-mismatch` or `unknown`.
    ///
    /// ```
    /// use analyzer::{Settings, audit};
    /// use notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// // Declared a White win, but Black made five at move 9.
    /// let a = audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::White), &Settings::default());
    /// assert_eq!(a.consistency.name(), "result-mismatch");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Consistency::Ok(_) => "ok",
            Consistency::ResultMismatch => "result-mismatch",
            Consistency::Unknown(_) => "unknown",
        }
    }
}

impl fmt::Display for Consistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The one-word verdict per record, as the corpus auditor's CSV writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameVerdict {
    /// Nothing to report.
    Ok,
    /// Findings that do not contradict the record's result.
    Warning,
    /// The declared result contradicts the board.
    ResultMismatch,
    /// The record holds a move that cannot be played.
    Illegal,
    /// The record could not be read at all (never returned by [`audit`]; the auditor's own).
    Unreadable,
}

impl GameVerdict {
    /// Every verdict, mildest first.
    pub const ALL: [GameVerdict; 5] = [
        GameVerdict::Ok,
        GameVerdict::Warning,
        GameVerdict::ResultMismatch,
        GameVerdict::Illegal,
        GameVerdict::Unreadable,
    ];

    /// `ok`, `warning`, `result-mismatch`, `illegal`, `unreadable`.
    ///
    /// ```
    /// use analyzer::{GameVerdict, Settings, audit};
    /// use notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let a = audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::Black), &Settings::default());
    /// assert_eq!(a.verdict().name(), "ok");
    /// assert_eq!(GameVerdict::Unreadable.name(), "unreadable");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameVerdict::Ok => "ok",
            GameVerdict::Warning => "warning",
            GameVerdict::ResultMismatch => "result-mismatch",
            GameVerdict::Illegal => "illegal",
            GameVerdict::Unreadable => "unreadable",
        }
    }
}

impl fmt::Display for GameVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What really happened in one game, and how it compares with the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameAudit {
    /// The settings used.
    pub settings: Settings,
    /// The result the record declares.
    pub declared: DeclaredResult,
    /// Number of moves in the record, passes counted (up to and including an unreadable
    /// move, where the reader stopped).
    pub moves: usize,
    /// The first decisive event.
    pub end: End,
    /// The 1-based number of the move that ended the game (`None` when `end` is `none`).
    pub end_move: Option<usize>,
    /// Whether moves follow the end.
    pub continues: bool,
    /// The move where the replay stopped, if any.
    pub illegal: Option<Illegal>,
    /// Whether the declared result agrees with the board.
    pub consistency: Consistency,
    /// Findings, in move order of discovery.
    pub findings: Vec<Finding>,
    /// The opening the first three moves form.
    pub opening: Opening,
    /// What could not be checked for lack of data (opening-rule steps the record does not
    /// carry, a rule name not recognised). Not findings: they never change the verdict; the
    /// auditor counts them apart.
    pub notes: Vec<Note>,
}

/// A check the audit could not make, with the reason. Counted apart from findings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// About the opening rule.
    Opening(OpeningNote),
}

impl Note {
    /// The kind name for reports (the opening note's kind: `opening-not-checkable`,
    /// `unknown-opening-rule`, `unsupported-opening-rule`).
    ///
    /// ```
    /// use analyzer::{Note, opening::OpeningNote};
    /// assert_eq!(Note::Opening(OpeningNote::UnknownRule("x".into())).kind(), "unknown-opening-rule");
    /// ```
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Note::Opening(n) => n.kind(),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Opening(n) => n.fmt(f),
        }
    }
}

impl GameAudit {
    /// The one-word verdict: `illegal` over `result-mismatch` over `warning` (any finding)
    /// over `ok`.
    ///
    /// ```
    /// use analyzer::{GameVerdict, Settings, audit};
    /// use notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let s = Settings::default();
    /// assert_eq!(audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::Black), &s).verdict(), GameVerdict::Ok);
    /// assert_eq!(audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::White), &s).verdict(), GameVerdict::ResultMismatch);
    /// assert_eq!(audit(&record("h8 h8", DeclaredResult::Black), &s).verdict(), GameVerdict::Illegal);
    /// ```
    #[must_use]
    pub fn verdict(&self) -> GameVerdict {
        if self.illegal.is_some() {
            GameVerdict::Illegal
        } else if self.consistency == Consistency::ResultMismatch {
            GameVerdict::ResultMismatch
        } else if !self.findings.is_empty() {
            GameVerdict::Warning
        } else {
            GameVerdict::Ok
        }
    }

    /// What the board shows, in words: `black five at move 37`, `no decisive event`...
    ///
    /// ```
    /// use analyzer::{Settings, audit};
    /// use notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let a = audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::Black), &Settings::default());
    /// assert_eq!(a.end_sentence(), "black five at move 9");
    /// ```
    #[must_use]
    pub fn end_sentence(&self) -> String {
        let at = self.end_move.unwrap_or(0);
        match self.end {
            End::BlackFive => format!("black five at move {at}"),
            End::WhiteFive => format!("white five at move {at}"),
            End::Foul(Foul::Overline)
                if self.continues && self.settings.claim == ClaimPolicy::Claim =>
            {
                format!(
                    "black overline foul at move {at}, still claimable when the record stops at move {}",
                    self.moves
                )
            }
            End::Foul(f) => format!("black {f} foul at move {at}"),
            End::DrawFullBoard => format!("board full at move {at}"),
            End::None => "no decisive event on the board".to_string(),
        }
    }

    /// Why the declared result agrees, contradicts or cannot be judged, as a sentence.
    ///
    /// ```
    /// use analyzer::{Settings, audit};
    /// use notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let a = audit(&record("h8 h9 i8", DeclaredResult::White), &Settings::default());
    /// assert_eq!(
    ///     a.consistency_reason(),
    ///     "declared white win with no decisive event on the board: consistent with a resignation or a loss on time"
    /// );
    /// ```
    #[must_use]
    pub fn consistency_reason(&self) -> String {
        let end = self.end_sentence();
        match self.consistency {
            Consistency::Ok(Agreement::Board) => {
                format!("declared {} agrees with the board: {end}", self.declared)
            }
            Consistency::Ok(Agreement::Resignation) => format!(
                "declared {} win with {end}: consistent with a resignation or a loss on time",
                self.declared
            ),
            Consistency::Ok(Agreement::DrawAgreed) => {
                format!("declared draw with {end}: consistent with a draw by agreement")
            }
            Consistency::ResultMismatch => {
                format!("declared {} but the board shows {end}", self.declared)
            }
            Consistency::Unknown(Undecided::NotDeclared) => {
                format!("no declared result to compare; {end}")
            }
            Consistency::Unknown(Undecided::ReplayStopped) => {
                "the replay stopped at an illegal move before any decisive event".to_string()
            }
        }
    }

    /// A short human sentence for the report's `detail` column: the most important fact
    /// first, then how many further findings there are.
    ///
    /// ```
    /// use analyzer::{Settings, audit};
    /// use notation::{DeclaredResult, GameRecord};
    /// use renju_core::Move;
    /// # let record = |moves: &str, result: DeclaredResult| {
    /// #     let mut r = GameRecord::new(15);
    /// #     r.result = result;
    /// #     r.moves = moves.split(' ').map(|m| m.parse::<Move>().unwrap()).collect();
    /// #     r
    /// # };
    /// // record(moves, declared result): a GameRecord on the 15x15 board.
    /// let a = audit(&record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::White), &Settings::default());
    /// assert_eq!(a.detail(), "declared white but the board shows black five at move 9");
    /// ```
    #[must_use]
    pub fn detail(&self) -> String {
        let head = match (&self.illegal, self.consistency) {
            (Some(i), _) => i.to_string(),
            (None, Consistency::ResultMismatch) => self.consistency_reason(),
            (None, _) => match self.findings.first() {
                Some(f) => format!("{f}; {}", self.end_sentence()),
                None => self.consistency_reason(),
            },
        };
        let shown =
            usize::from(self.illegal.is_none() && self.consistency != Consistency::ResultMismatch);
        let more = self.findings.len().saturating_sub(shown);
        match more {
            0 => head,
            1 => format!("{head} (+1 more finding)"),
            n => format!("{head} (+{n} more findings)"),
        }
    }
}

impl fmt::Display for GameAudit {
    /// A few lines for a person: settings, end, consistency, opening, findings, verdict.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "settings: {}", self.settings)?;
        writeln!(f, "moves: {}, declared: {}", self.moves, self.declared)?;
        match self.end_move {
            Some(n) => writeln!(
                f,
                "end: {} at move {n}{}",
                self.end,
                if self.continues {
                    " (moves follow)"
                } else {
                    ""
                }
            )?,
            None => writeln!(f, "end: none")?,
        }
        if let Some(i) = &self.illegal {
            writeln!(f, "illegal: {i}")?;
        }
        writeln!(
            f,
            "consistency: {}: {}",
            self.consistency,
            self.consistency_reason()
        )?;
        writeln!(f, "opening: {}", self.opening)?;
        for x in &self.findings {
            writeln!(f, "finding: {x}")?;
        }
        for x in &self.notes {
            writeln!(f, "note: {x}")?;
        }
        write!(f, "verdict: {}", self.verdict())
    }
}

/// Replays `record` under `settings` and says what happened.
///
/// One incremental [`FoulChecker`] follows the game; the only allocations are the ones for
/// findings. Colours alternate from Black, a pass uses a turn.
///
/// ```
/// use analyzer::{audit, End, GameVerdict, Settings};
/// use notation::{DeclaredResult, GameRecord};
/// use renju_core::Move;
/// let mut record = GameRecord::new(15);
/// record.result = DeclaredResult::Black;
/// for m in "h8 h9 i8 i9 j8 j9 k8 k9 l8".split(' ') {
///     record.moves.push(m.parse::<Move>().unwrap());
/// }
/// let a = audit(&record, &Settings::default());
/// assert_eq!((a.end, a.end_move, a.continues), (End::BlackFive, Some(9), false));
/// assert_eq!(a.verdict(), GameVerdict::Ok);
/// ```
#[must_use]
pub fn audit(record: &GameRecord, settings: &Settings) -> GameAudit {
    audit_impl(record, settings, None)
}

/// Like [`audit`], for a record whose reader stopped at an unreadable move: `record.moves`
/// holds the moves before it. The replay stops there with an [`IllegalKind::Unreadable`].
///
/// ```
/// use analyzer::{audit_with_unreadable, GameVerdict, Settings, UnreadableMove};
/// use notation::GameRecord;
/// use renju_core::Move;
/// let mut record = GameRecord::new(15);
/// record.moves = vec!["h8".parse::<Move>().unwrap(), "h9".parse().unwrap()];
/// let bad = UnreadableMove { number: 3, text: "x9".into(), reason: "'x' is not a column".into() };
/// let a = audit_with_unreadable(&record, &Settings::default(), &bad);
/// assert_eq!((a.moves, a.verdict()), (3, GameVerdict::Illegal));
/// assert_eq!(a.detail(), "move 3 'x9' cannot be read: 'x' is not a column");
/// ```
#[must_use]
pub fn audit_with_unreadable(
    record: &GameRecord,
    settings: &Settings,
    unreadable: &UnreadableMove,
) -> GameAudit {
    audit_impl(record, settings, Some(unreadable))
}

struct Replay {
    end: End,
    end_move: Option<usize>,
    illegal: Option<Illegal>,
    findings: Vec<Finding>,
    /// An overline still claimable when the replay finished (claim policy).
    pending_overline: bool,
}

fn replay(moves: &[Move], size: u8, total: usize, settings: &Settings) -> Replay {
    let mut out = Replay {
        end: End::None,
        end_move: None,
        illegal: None,
        findings: Vec::new(),
        pending_overline: false,
    };
    let board = Board::new(usize::from(size))
        .ok()
        .filter(|_| settings.rules != RuleSet::Renju || size == RENJU_SIZE);
    let Some(board) = board else {
        out.illegal = Some(Illegal {
            number: 0,
            kind: IllegalKind::BadBoardSize(size),
        });
        return out;
    };
    let mut checker = FoulChecker::new(&board);
    let cells = usize::from(size) * usize::from(size);
    let mut stones = 0usize;
    let fouls = settings.rules.has_fouls();
    let rules = settings.rules;
    // First overline (claim policy), still claimable until Black makes five.
    let mut overline: Option<usize> = None;
    for (i, &mv) in moves.iter().enumerate() {
        let number = i + 1;
        let color = Color::of_move_number(number);
        let Move::Stone(p) = mv else { continue };
        if !board.contains(p) {
            out.illegal = Some(Illegal {
                number,
                kind: IllegalKind::OffBoard { point: p, size },
            });
            break;
        }
        if let Some(by) = checker.stone(p) {
            out.illegal = Some(Illegal {
                number,
                kind: IllegalKind::Occupied { point: p, by },
            });
            break;
        }
        if out.end_move.is_some() {
            checker.place(p, color);
            stones += 1;
            continue;
        }
        let mut decided = None;
        if color == Color::Black && fouls {
            match checker.verdict(p, settings.convention) {
                Verdict::Five => decided = Some(End::BlackFive),
                Verdict::Legal => {}
                Verdict::Forbidden(foul) => match settings.claim {
                    ClaimPolicy::FoulLoses => decided = Some(End::Foul(foul)),
                    ClaimPolicy::Refuse => {
                        out.illegal = Some(Illegal {
                            number,
                            kind: IllegalKind::Forbidden { point: p, foul },
                        });
                        break;
                    }
                    ClaimPolicy::Claim if foul == Foul::Overline => {
                        overline.get_or_insert(number);
                        out.findings
                            .push(Finding::UnclaimedOverline { number, point: p });
                    }
                    ClaimPolicy::Claim => {
                        if number == total {
                            decided = Some(End::Foul(foul));
                        } else {
                            out.findings.push(Finding::LapsedFoul {
                                number,
                                point: p,
                                foul,
                            });
                        }
                    }
                },
            }
        } else if checker.makes_five(p, color, rules) {
            decided = Some(if color == Color::Black {
                End::BlackFive
            } else {
                End::WhiteFive
            });
        }
        checker.place(p, color);
        stones += 1;
        if decided.is_none() && stones == cells && overline.is_none() {
            decided = Some(End::DrawFullBoard);
        }
        if let Some(e) = decided {
            out.end = e;
            out.end_move = Some(number);
        }
    }
    if out.end_move.is_none()
        && let Some(n) = overline
    {
        // Never claimed before a five: White may still claim it when the record stops
        // (or the board fills), so it decides the game, retroactively at its own move.
        out.end = End::Foul(Foul::Overline);
        out.end_move = Some(n);
        out.pending_overline = true;
        // The overlines are the end (and later ones follow it): not unclaimed findings.
        out.findings
            .retain(|f| !matches!(f, Finding::UnclaimedOverline { .. }));
    }
    out
}

fn audit_impl(
    record: &GameRecord,
    settings: &Settings,
    unreadable: Option<&UnreadableMove>,
) -> GameAudit {
    let (moves, total) = match unreadable {
        Some(u) => {
            let before = u.number.saturating_sub(1).min(record.moves.len());
            (&record.moves[..before], before + 1)
        }
        None => (&record.moves[..], record.moves.len()),
    };
    let mut r = replay(moves, record.board_size, total, settings);
    if let (Some(u), None) = (unreadable, &r.illegal) {
        r.illegal = Some(Illegal {
            number: total,
            kind: IllegalKind::Unreadable {
                text: u.text.clone(),
                reason: u.reason.clone(),
            },
        });
    }
    let continues = r.end_move.is_some_and(|e| e < total);
    if let (true, Some(e), false) = (continues, r.end_move, r.pending_overline) {
        r.findings.push(Finding::MovesAfterEnd {
            end_move: e,
            count: total - e,
        });
    }
    let renju = settings.rules == RuleSet::Renju;
    let renju_board = renju && record.board_size == RENJU_SIZE;
    let rule = RuleName::of(record.rule.as_deref());
    let shape = renju_board && rule.wants_26();
    let opening = if renju_board {
        if shape
            && let Some(first) = moves.first()
            && first.point() != Some(Point::CENTER)
        {
            r.findings.push(Finding::FirstMoveOffCentre(first.point()));
        }
        let o = opening::identify(moves);
        if shape && let Opening::NotAnOpening(why) = o {
            // An off-centre first move is already reported.
            if !matches!(why, opening::NotAnOpening::FirstOffCentre(_)) {
                r.findings.push(Finding::NotAnOpening(why));
            }
        }
        o
    } else {
        Opening::NotApplicable
    };
    let mut notes = Vec::new();
    if renju_board || rule != RuleName::None {
        let check = opening::check_opening(record);
        for p in check.problems {
            // The shape of stones 1-3 is already reported by the findings above.
            let shape_problem = matches!(
                &p,
                ProtocolProblem::Recorded {
                    violation: openings::RecordViolation::OutsideArea { stone: 1..=3, .. }
                        | openings::RecordViolation::NotAnOpening(_),
                    ..
                }
            );
            if !(shape && shape_problem) {
                r.findings.push(Finding::OpeningProtocol(p));
            }
        }
        notes.extend(check.notes.into_iter().map(Note::Opening));
    }
    let consistency = consistency(record.result, r.end, r.illegal.is_some());
    GameAudit {
        settings: *settings,
        declared: record.result,
        moves: total,
        end: r.end,
        end_move: r.end_move,
        continues,
        illegal: r.illegal,
        consistency,
        findings: r.findings,
        opening,
        notes,
    }
}

fn consistency(declared: DeclaredResult, end: End, stopped: bool) -> Consistency {
    if declared == DeclaredResult::Unknown {
        return Consistency::Unknown(Undecided::NotDeclared);
    }
    match end {
        End::None if stopped => Consistency::Unknown(Undecided::ReplayStopped),
        End::None if declared == DeclaredResult::Draw => Consistency::Ok(Agreement::DrawAgreed),
        End::None => Consistency::Ok(Agreement::Resignation),
        e if e.result() == declared => Consistency::Ok(Agreement::Board),
        _ => Consistency::ResultMismatch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_and_verdict_names() {
        let names: Vec<&str> = End::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(
            names,
            [
                "black-five",
                "white-five",
                "foul-double-three",
                "foul-double-four",
                "foul-overline",
                "draw-full-board",
                "none"
            ]
        );
        for e in End::ALL {
            assert_eq!(e.name().parse::<End>(), Ok(e));
        }
        assert!("black".parse::<End>().is_err());
        let v: Vec<&str> = GameVerdict::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(
            v,
            ["ok", "warning", "result-mismatch", "illegal", "unreadable"]
        );
    }

    #[test]
    fn consistency_table() {
        use DeclaredResult as D;
        let ok = |a| Consistency::Ok(a);
        assert_eq!(
            consistency(D::Black, End::BlackFive, false),
            ok(Agreement::Board)
        );
        assert_eq!(
            consistency(D::White, End::BlackFive, false),
            Consistency::ResultMismatch
        );
        assert_eq!(
            consistency(D::Draw, End::WhiteFive, false),
            Consistency::ResultMismatch
        );
        assert_eq!(
            consistency(D::White, End::Foul(Foul::Overline), false),
            ok(Agreement::Board)
        );
        assert_eq!(
            consistency(D::Black, End::Foul(Foul::DoubleFour), false),
            Consistency::ResultMismatch
        );
        assert_eq!(
            consistency(D::Draw, End::DrawFullBoard, false),
            ok(Agreement::Board)
        );
        assert_eq!(
            consistency(D::Black, End::DrawFullBoard, false),
            Consistency::ResultMismatch
        );
        assert_eq!(
            consistency(D::White, End::None, false),
            ok(Agreement::Resignation)
        );
        assert_eq!(
            consistency(D::Draw, End::None, false),
            ok(Agreement::DrawAgreed)
        );
        assert_eq!(
            consistency(D::White, End::None, true),
            Consistency::Unknown(Undecided::ReplayStopped)
        );
        assert_eq!(
            consistency(D::Unknown, End::BlackFive, false),
            Consistency::Unknown(Undecided::NotDeclared)
        );
    }

    #[test]
    fn bad_board_size_and_empty_record() {
        let a = audit(&GameRecord::default(), &Settings::default());
        assert_eq!(
            a.illegal.as_ref().map(|i| i.kind.name()),
            Some("bad-board-size")
        );
        assert_eq!(a.verdict(), GameVerdict::Illegal);
        let a = audit(&GameRecord::new(15), &Settings::default());
        assert_eq!(
            (a.end, a.moves, a.verdict()),
            (End::None, 0, GameVerdict::Ok)
        );
        assert_eq!(a.opening, Opening::TooShort);
    }
}
