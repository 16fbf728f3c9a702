//! Continuous swap (连换, LianHuan): the patterns of who places stones 1-6, enumerated from
//! the protocol.
//!
//! The player to move places one stone (a *single*) or the next two (a *couple*, covering
//! stones 1-2 .. 5-6). After a couple the opponent either swaps (declines to move, so the
//! couple-maker places the next stone) or does not (places the next stone). Whoever places
//! stone 7 is Black. Counting every sequence gives 43; the two in which one player places all
//! six stones are excluded, leaving the 41 patterns of seed 002.

use crate::protocol::Player;
use std::fmt;

/// The opponent's decision after a couple.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// 换 (S): the opponent declines to move; the couple-maker places the next stone.
    Swap,
    /// 不换 (N): the opponent places the next stone.
    NoSwap,
}

/// One turn of the opening phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// `by` places stone `stone` alone.
    Single {
        /// Who.
        by: Player,
        /// The stone number.
        stone: u8,
    },
    /// `by` places stones `first` and `first + 1`; the opponent then decides.
    Couple {
        /// Who.
        by: Player,
        /// The first stone number of the couple.
        first: u8,
        /// The opponent's decision.
        decision: Decision,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Single { by, stone } => write!(f, "{}:{stone}", by.name_zh()),
            Action::Couple {
                by,
                first,
                decision,
            } => write!(
                f,
                "{}:{first}-{}→{}",
                by.name_zh(),
                first + 1,
                match decision {
                    Decision::Swap => "换(S)",
                    Decision::NoSwap => "不换(N)",
                }
            ),
        }
    }
}

/// What happened after stone 6 (seed 002's remark column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AfterSix {
    /// Stone 6 was a single stone: no decision.
    NotApplicable,
    /// `R`: stone 6 ended a couple and the opponent swapped.
    Swapped,
    /// `-`: stone 6 ended a couple and the opponent did not swap.
    NotSwapped,
}

impl AfterSix {
    /// `R`, `-` or the empty string.
    ///
    /// ```
    /// use renju_openings::{AfterSix, continuous_swap_patterns};
    /// let patterns = continuous_swap_patterns(false);
    /// assert_eq!(patterns[1].after_six, AfterSix::Swapped);
    /// assert_eq!(patterns[1].after_six.mark(), "R");
    /// assert_eq!(patterns[0].after_six.mark(), "");
    /// ```
    #[must_use]
    pub const fn mark(self) -> &'static str {
        match self {
            AfterSix::NotApplicable => "",
            AfterSix::Swapped => "R",
            AfterSix::NotSwapped => "-",
        }
    }
}

/// One continuous-swap pattern.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// 1..=41 in table order; `None` for the two excluded sequences.
    pub number: Option<u8>,
    /// The turns in order.
    pub actions: Vec<Action>,
    /// Who placed stones 1..6.
    pub placers: [Player; 6],
    /// The decision after stone 6, if it ended a couple.
    pub after_six: AfterSix,
    /// Who places stone 7 and so plays Black from move 7.
    pub black_from_move7: Player,
    /// True for the two sequences where one player places all six stones.
    pub excluded: bool,
}

impl Pattern {
    /// The number of couples.
    ///
    /// ```
    /// let p = &renju_openings::continuous_swap_patterns(false)[1]; // 甲:1 乙:2 甲:3 乙:4 甲:5-6→换(S)
    /// assert_eq!(p.couples(), 1);
    /// ```
    #[must_use]
    pub fn couples(&self) -> usize {
        self.actions
            .iter()
            .filter(|a| matches!(a, Action::Couple { .. }))
            .count()
    }
    /// The number of swaps taken.
    ///
    /// ```
    /// let p = &renju_openings::continuous_swap_patterns(false)[1]; // 甲:1 乙:2 甲:3 乙:4 甲:5-6→换(S)
    /// assert_eq!(p.swaps(), 1);
    /// ```
    #[must_use]
    pub fn swaps(&self) -> usize {
        self.actions
            .iter()
            .filter(|a| {
                matches!(
                    a,
                    Action::Couple {
                        decision: Decision::Swap,
                        ..
                    }
                )
            })
            .count()
    }
    /// The action sequence, e.g. `甲:1 乙:2 甲:3-4→换(S) 甲:5 乙:6`.
    ///
    /// ```
    /// let p = &renju_openings::continuous_swap_patterns(false)[3];
    /// assert_eq!(p.sequence(), "甲:1 乙:2 甲:3 乙:4-5→换(S) 乙:6");
    /// ```
    #[must_use]
    pub fn sequence(&self) -> String {
        let parts: Vec<String> = self.actions.iter().map(ToString::to_string).collect();
        parts.join(" ")
    }
    /// Placers as letters, `A` for 甲 and `B` for 乙 (e.g. `ABAAAB`).
    ///
    /// ```
    /// let p = &renju_openings::continuous_swap_patterns(false)[3]; // 甲:1 乙:2 甲:3 乙:4-5→换(S) 乙:6
    /// assert_eq!(p.placer_letters(), "ABABBB");
    /// ```
    #[must_use]
    pub fn placer_letters(&self) -> String {
        self.placers
            .iter()
            .map(|p| if *p == Player::P1 { 'A' } else { 'B' })
            .collect()
    }
    /// The stones `who` placed, black ones circled: `① ③ 4 ⑤`.
    ///
    /// ```
    /// use renju_openings::Player;
    /// let p = &renju_openings::continuous_swap_patterns(false)[3]; // 甲:1 乙:2 甲:3 乙:4-5→换(S) 乙:6
    /// assert_eq!(p.stones_of(Player::P1), "① ③");
    /// assert_eq!(p.stones_of(Player::P2), "2 4 ⑤ 6");
    /// ```
    #[must_use]
    pub fn stones_of(&self, who: Player) -> String {
        const LABELS: [&str; 6] = ["①", "2", "③", "4", "⑤", "6"];
        let v: Vec<&str> = self
            .placers
            .iter()
            .zip(LABELS)
            .filter(|(p, _)| **p == who)
            .map(|(_, l)| l)
            .collect();
        v.join(" ")
    }
}

/// Enumerates the continuous-swap patterns in table order (at each turn: single first, then a
/// couple followed by swap, then a couple followed by no swap). With `include_excluded` the
/// two sequences in which one player places all six stones are included (43 in all, those two
/// with `number: None`); without, 41.
///
/// ```
/// let all = renju_openings::continuous_swap_patterns(true);
/// assert_eq!(all.len(), 43);
/// let kept = renju_openings::continuous_swap_patterns(false);
/// assert_eq!(kept.len(), 41);
/// assert_eq!(kept[0].sequence(), "甲:1 乙:2 甲:3 乙:4 甲:5 乙:6");
/// ```
#[must_use]
pub fn continuous_swap_patterns(include_excluded: bool) -> Vec<Pattern> {
    let mut out: Vec<Pattern> = sequences(6)
        .into_iter()
        .map(|(actions, placers, black_from_move7)| {
            let placed: [Player; 6] = std::array::from_fn(|i| placers[i]);
            let after_six = match actions.last() {
                Some(Action::Couple {
                    first: 5,
                    decision: Decision::Swap,
                    ..
                }) => AfterSix::Swapped,
                Some(Action::Couple { first: 5, .. }) => AfterSix::NotSwapped,
                _ => AfterSix::NotApplicable,
            };
            Pattern {
                number: None,
                actions,
                placers: placed,
                after_six,
                black_from_move7,
                excluded: placed.iter().all(|&p| p == placed[0]),
            }
        })
        .collect();
    let mut number = 0u8;
    for p in &mut out {
        if !p.excluded {
            number += 1;
            p.number = Some(number);
        }
    }
    if !include_excluded {
        out.retain(|p| !p.excluded);
    }
    out
}

/// One action sequence: the actions, who placed each stone, who moves next.
type Sequence = (Vec<Action>, Vec<Player>, Player);

/// Every action sequence of the protocol over an opening of `last` stones (singles, couples
/// within the opening, each couple followed by swap or no swap), in table order.
fn sequences(last: u8) -> Vec<Sequence> {
    let mut out = Vec::new();
    walk(
        Player::P1,
        1,
        last,
        &mut Vec::new(),
        &mut Vec::new(),
        &mut out,
    );
    out
}

fn walk(
    to_move: Player,
    stone: u8,
    last: u8,
    actions: &mut Vec<Action>,
    placers: &mut Vec<Player>,
    out: &mut Vec<Sequence>,
) {
    if stone > last {
        out.push((actions.clone(), placers.clone(), to_move));
        return;
    }
    actions.push(Action::Single { by: to_move, stone });
    placers.push(to_move);
    walk(to_move.opponent(), stone + 1, last, actions, placers, out);
    placers.pop();
    actions.pop();
    if stone < last {
        for decision in [Decision::Swap, Decision::NoSwap] {
            actions.push(Action::Couple {
                by: to_move,
                first: stone,
                decision,
            });
            placers.push(to_move);
            placers.push(to_move);
            let next = match decision {
                Decision::Swap => to_move,
                Decision::NoSwap => to_move.opponent(),
            };
            walk(next, stone + 2, last, actions, placers, out);
            placers.truncate(placers.len() - 2);
            actions.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_43_then_41_and_the_split() {
        let all = continuous_swap_patterns(true);
        assert_eq!(all.len(), 43);
        let excluded: Vec<&Pattern> = all.iter().filter(|p| p.excluded).collect();
        assert_eq!(excluded.len(), 2);
        for p in &excluded {
            assert_eq!(p.placer_letters(), "AAAAAA");
            assert_eq!(p.couples(), 3);
            assert!(p.number.is_none());
        }
        let kept = continuous_swap_patterns(false);
        assert_eq!(kept.len(), 41);
        let single = kept
            .iter()
            .filter(|p| p.after_six == AfterSix::NotApplicable)
            .count();
        let r = kept
            .iter()
            .filter(|p| p.after_six == AfterSix::Swapped)
            .count();
        let dash = kept
            .iter()
            .filter(|p| p.after_six == AfterSix::NotSwapped)
            .count();
        assert_eq!((single, r, dash), (21, 10, 10));
        let numbers: Vec<u8> = kept.iter().filter_map(|p| p.number).collect();
        assert_eq!(numbers, (1..=41).collect::<Vec<u8>>());
        // By number of couples: 1, 10, 24, 6.
        let by = |n| kept.iter().filter(|p| p.couples() == n).count();
        assert_eq!([by(0), by(1), by(2), by(3)], [1, 10, 24, 6]);
    }

    #[test]
    fn jacobsthal_counts_for_shorter_openings() {
        // The protocol over an opening of n stones has J(n+1) sequences, J the Jacobsthal
        // numbers in closed form (2^k - (-1)^k) / 3: 1, 1, 3, 5, 11, 21, 43 for n = 0..=6.
        let jacobsthal = |k: u32| (2i64.pow(k) - (-1i64).pow(k)) / 3;
        let counts: Vec<i64> = (0..=6u8)
            .map(|n| i64::try_from(sequences(n).len()).unwrap_or(-1))
            .collect();
        let want: Vec<i64> = (1..=7).map(jacobsthal).collect();
        assert_eq!(want, [1, 1, 3, 5, 11, 21, 43]);
        assert_eq!(counts, want);
        // Each sequence places every stone exactly once, in order, couples inside the opening.
        for n in 0..=6u8 {
            for (actions, placers, _) in sequences(n) {
                let mut next = 1u8;
                for a in &actions {
                    match *a {
                        Action::Single { stone, .. } => {
                            assert_eq!(stone, next);
                            next += 1;
                        }
                        Action::Couple { first, .. } => {
                            assert_eq!(first, next);
                            assert!(first < n);
                            next += 2;
                        }
                    }
                }
                assert_eq!(next, n + 1);
                assert_eq!(placers.len(), usize::from(n));
            }
        }
    }

    #[test]
    fn black_from_move7_follows_the_last_action() {
        for p in continuous_swap_patterns(true) {
            let last_placer = p.placers[5];
            let want = match p.after_six {
                AfterSix::Swapped => last_placer,
                _ => last_placer.opponent(),
            };
            assert_eq!(p.black_from_move7, want, "{}", p.sequence());
        }
    }
}
