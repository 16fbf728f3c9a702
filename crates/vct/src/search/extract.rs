//! The principal line and the proof tree of a win the search found: the search is run again
//! along the winning branches (the table makes that cheap), every reply of a threat answered.

use super::points::empties;
use super::{
    ATTACK_KEY, Attack, AttackKind, Exhausted, Kind, Line, LineEnd, Res, Solver, Witness, ci,
};
use crate::proof::Reply;
use renju_core::{Color, Point};

impl Solver {
    /// The proof below an attacker node known to win with `b` moves left (`full`: every
    /// reply searched; else only the principal reply, with the fewest moves the attacker
    /// needs against it).
    pub(super) fn tree(
        &mut self,
        a: Color,
        b: u32,
        ply: usize,
        vcf_failed: bool,
        first: Option<Point>,
        full: bool,
    ) -> Result<Attack, Exhausted> {
        let fail = |s: &Solver| s.exhausted.unwrap_or(Exhausted::Nodes);
        let own = self.vcf.board().five_points(a);
        if let Some(f) = own.first() {
            return match first {
                Some(p) if !own.contains(p) => {
                    let Some((block, end)) = self.extra_four(a, p, &own) else {
                        unreachable!("a win was found")
                    };
                    match (block, end) {
                        (None, Some(end)) => Ok(Attack::new(p, AttackKind::Win { end })),
                        (Some(block), _) => {
                            let bd = self.vcf.board_mut();
                            bd.place(p, a);
                            bd.place(block, a.opponent());
                            let next = self.tree(a, b - 1, ply + 1, false, None, full);
                            let bd = self.vcf.board_mut();
                            bd.remove(block);
                            bd.remove(p);
                            Ok(Attack::new(
                                p,
                                AttackKind::Four {
                                    block,
                                    next: Box::new(next?),
                                },
                            ))
                        }
                        (None, None) => unreachable!(),
                    }
                }
                Some(p) => Ok(Attack::new(p, AttackKind::Five)),
                None => Ok(Attack::new(f, AttackKind::Five)),
            };
        }
        if !vcf_failed {
            match self.vcf(a, b, first) {
                None => return Err(fail(self)),
                Some(renju_vcf::Answer::Found(line)) => return Ok(self.vcf_tree(a, line.moves())),
                Some(_) => {}
            }
        }
        let d = a.opponent();
        let forced = self.vcf.board().five_points(d).first();
        let key = self.vcf.board().hash() ^ ATTACK_KEY[ci(a)];
        let mut buf = self.ply(ply);
        if !self.candidates(a, b, forced.or(first), &mut buf) {
            self.give_back(ply, buf);
            return Err(fail(self));
        }
        self.order(key, &mut buf);
        let mut out = None;
        for cand in buf.cands.clone() {
            match self.play_candidate(a, b, ply, &buf, &cand) {
                Res::Abort => break,
                Res::Fail => continue,
                Res::Win => {}
            }
            let x = cand.at;
            self.vcf.board_mut().place(x, a);
            let node = match cand.kind {
                Kind::Four(f) => {
                    let bd = self.vcf.board_mut();
                    if d == Color::Black && bd.is_forbidden(f) {
                        Ok(Attack::new(
                            x,
                            AttackKind::Win {
                                end: LineEnd::ForbiddenBlock(f),
                            },
                        ))
                    } else {
                        bd.place(f, d);
                        let k = if full {
                            Ok(b - 1)
                        } else {
                            self.fewest(a, b - 1, ply + 2, true)
                        };
                        let next = k.and_then(|k| self.tree(a, k, ply + 2, true, None, full));
                        self.vcf.board_mut().remove(f);
                        next.map(|n| {
                            Attack::new(
                                x,
                                AttackKind::Four {
                                    block: f,
                                    next: Box::new(n),
                                },
                            )
                        })
                    }
                }
                Kind::Threat { from, len } => {
                    let w = buf.witnesses[from as usize..(from + len) as usize].to_vec();
                    self.threat_tree(a, b - 1, ply + 1, x, &w, false, full)
                }
                Kind::VcfThreat => self.threat_tree(a, b - 1, ply + 1, x, &[], true, full),
            };
            self.vcf.board_mut().remove(x);
            out = Some(node);
            break;
        }
        self.give_back(ply, buf);
        out.unwrap_or_else(|| Err(fail(self)))
    }

    /// The smallest budget (1..=b) that wins at this attacker node (known to win with `b`).
    fn fewest(&mut self, a: Color, b: u32, ply: usize, vcf_failed: bool) -> Result<u32, Exhausted> {
        for k in 1..b {
            match self.attack(a, k, ply, vcf_failed, None) {
                Res::Win => return Ok(k),
                Res::Fail => {}
                Res::Abort => return Err(self.exhausted.unwrap_or(Exhausted::Nodes)),
            }
        }
        Ok(b)
    }

    /// The proof below the threat `x` (on the board), the attacker with `b` moves left.
    #[allow(clippy::too_many_arguments)]
    fn threat_tree(
        &mut self,
        a: Color,
        b: u32,
        ply: usize,
        x: Point,
        wits: &[Witness],
        vcf_threat: bool,
        full: bool,
    ) -> Result<Attack, Exhausted> {
        let d = a.opponent();
        let mut buf = self.ply(ply);
        if self.replies(a, b, wits, vcf_threat, &mut buf).is_err() {
            // Cannot happen: the threat was found to win, so no reply refutes it at once.
            self.give_back(ply, buf);
            debug_assert!(false, "a winning threat refuted");
            return Err(self.exhausted.unwrap_or(Exhausted::Nodes));
        }
        let replies = buf.replies.clone();
        self.give_back(ply, buf);
        let otherwise: Vec<Point> = wits.iter().map(|w| w.at).collect();
        let mut out = Vec::new();
        if full {
            for p in replies {
                self.vcf.board_mut().place(p, d);
                let next = self.tree(a, b, ply + 1, false, None, true);
                self.vcf.board_mut().remove(p);
                out.push(Reply { at: p, next: next? });
            }
        } else {
            // The principal reply: the one against which the attacker needs the most moves.
            let mut best: Option<(u32, Point)> = None;
            for p in replies {
                self.vcf.board_mut().place(p, d);
                let k = self.fewest(a, b, ply + 1, false);
                self.vcf.board_mut().remove(p);
                let k = k?;
                if best.is_none_or(|(bk, _)| k > bk) {
                    best = Some((k, p));
                }
            }
            let chosen = match best {
                Some((k, p)) => Some((k, p)),
                // Every reply loses to a winning move: show one that stops the first.
                None => self.spoiler(a, wits).map(|p| (1, p)),
            };
            if let Some((k, p)) = chosen {
                self.vcf.board_mut().place(p, d);
                let next = self.tree(a, k, ply + 1, false, None, false);
                self.vcf.board_mut().remove(p);
                out.push(Reply { at: p, next: next? });
            }
        }
        Ok(Attack::new(
            x,
            AttackKind::Threat {
                replies: out,
                otherwise,
            },
        ))
    }

    /// A legal defender reply that spoils the first winning move (for the principal line when
    /// no reply needed searching): its five points, then itself, then any legal point.
    fn spoiler(&mut self, a: Color, wits: &[Witness]) -> Option<Point> {
        let d = a.opponent();
        let bd = self.vcf.board();
        let w = wits.first()?;
        let mut all = Vec::new();
        empties(bd, &mut all);
        w.fives
            .as_slice()
            .iter()
            .copied()
            .chain(std::iter::once(w.at))
            .chain(all)
            .find(|&p| bd.is_legal(p, d))
    }

    /// A VCF line (attacker fours and forced blocks, maybe ending with the five) as a proof.
    fn vcf_tree(&mut self, a: Color, moves: &[Point]) -> Attack {
        let d = a.opponent();
        let mut kinds: Vec<(Point, Option<Point>, Option<LineEnd>)> = Vec::new();
        let mut placed = Vec::new();
        let mut i = 0;
        while i < moves.len() {
            let x = moves[i];
            let bd = self.vcf.board_mut();
            if bd.winning_move(x, a).is_some() || bd.five_points(a).contains(x) {
                let end = bd
                    .winning_move(x, a)
                    .map_or(LineEnd::Five(x), LineEnd::from);
                kinds.push((x, None, Some(end)));
                break;
            }
            let f = bd.fives_after(x, a).first().expect("a VCF move is a four");
            bd.place(x, a);
            bd.place(f, d);
            placed.push(x);
            placed.push(f);
            kinds.push((x, Some(f), None));
            i += 2;
        }
        for p in placed.into_iter().rev() {
            self.vcf.board_mut().remove(p);
        }
        let mut node: Option<Attack> = None;
        for (x, block, end) in kinds.into_iter().rev() {
            node = Some(match (block, end) {
                (_, Some(LineEnd::Five(_))) => Attack::new(x, AttackKind::Five),
                (_, Some(end)) => Attack::new(x, AttackKind::Win { end }),
                (Some(block), None) => Attack::new(
                    x,
                    AttackKind::Four {
                        block,
                        next: Box::new(node.take().expect("a VCF ends with a win")),
                    },
                ),
                (None, None) => unreachable!(),
            });
        }
        node.expect("a VCF line has a move")
    }

    /// The principal line of a whole proof: at each threat the reply with the deepest answer
    /// (when no reply needed searching, one that spoils a winning move, answered by another).
    pub(super) fn line_in_tree(&mut self, a: Color, tree: &Attack) -> Line {
        let d = a.opponent();
        let mut moves: Vec<(Point, Color)> = Vec::new();
        let mut node = tree;
        let end = loop {
            let x = node.at;
            match &node.kind {
                AttackKind::Five => break LineEnd::Five(x),
                AttackKind::Win { end } => {
                    moves.push((x, a));
                    break *end;
                }
                AttackKind::Four { block, next } => {
                    moves.push((x, a));
                    moves.push((*block, d));
                    self.vcf.board_mut().place(x, a);
                    self.vcf.board_mut().place(*block, d);
                    node = next;
                }
                AttackKind::Threat { replies, otherwise } => {
                    moves.push((x, a));
                    self.vcf.board_mut().place(x, a);
                    if let Some(r) = replies.iter().max_by_key(|r| r.next.depth()) {
                        moves.push((r.at, d));
                        self.vcf.board_mut().place(r.at, d);
                        node = &r.next;
                        continue;
                    }
                    // Every reply loses to a winning move: one that spoils the first, answered
                    // by another.
                    let wits: Vec<Witness> = otherwise
                        .iter()
                        .map(|&w| Witness {
                            at: w,
                            fives: self.vcf.board().fives_after(w, a),
                        })
                        .collect();
                    let Some(r) = self.spoiler(a, &wits) else {
                        let w = otherwise.first().copied().unwrap_or(x);
                        break LineEnd::TwoFives(w, w);
                    };
                    self.vcf.board_mut().place(r, d);
                    moves.push((r, d));
                    let answer = otherwise
                        .iter()
                        .find_map(|&w| self.vcf.board_mut().winning_move(w, a).map(|e| (w, e)));
                    let (w, e) = answer.expect("a reply not searched leaves a winning move");
                    moves.push((w, a));
                    break LineEnd::from(e);
                }
            }
        };
        for &(q, _) in moves.iter().rev() {
            self.vcf.board_mut().remove(q);
        }
        let pts = moves.iter().map(|&(q, _)| q).collect();
        match end {
            LineEnd::Five(f) => Line::new(a, vec![f], end),
            _ => Line::new(a, pts, end),
        }
    }

    /// The principal line of a (line-mode) tree.
    pub(super) fn line_of(&self, a: Color, tree: &Attack) -> Line {
        let mut moves = Vec::new();
        let mut node = tree;
        let end = loop {
            moves.push(node.at);
            match &node.kind {
                AttackKind::Five => break LineEnd::Five(node.at),
                AttackKind::Win { end } => break *end,
                AttackKind::Four { block, next } => {
                    moves.push(*block);
                    node = next;
                }
                AttackKind::Threat { replies, otherwise } => match replies.first() {
                    Some(r) => {
                        moves.push(r.at);
                        node = &r.next;
                    }
                    None => {
                        // No legal reply at all: the line stops at the threat.
                        let w = otherwise.first().copied().unwrap_or(node.at);
                        break LineEnd::TwoFives(w, w);
                    }
                },
            }
        };
        Line::new(a, moves, end)
    }
}
