//! The independent checker: written apart from the solver, on plain scans of the board (runs
//! counted stone by stone) and renju-core's `is_forbidden` for Black's fouls, with full-width
//! enumeration of the defender's replies. It checks a line (replay) and a proof tree (given as
//! JSON, the form of `--proof`), and has its own plain VCF search (for "the defender has no
//! VCF" and for threats of depth 2 and more) and a plain full-width VCT search for tiny depths.

#![allow(dead_code)]

use renju_core::{Board, Color, Convention, Direction, Point, RuleSet, is_forbidden};
use serde_json::Value;
use std::collections::HashSet;

/// The rules of a check.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub rules: RuleSet,
    pub convention: Convention,
    pub threat_depth: u32,
}

impl Rules {
    pub fn renju() -> Rules {
        Rules {
            rules: RuleSet::Renju,
            convention: Convention::Lenient,
            threat_depth: 1,
        }
    }
    pub fn of(rules: RuleSet) -> Rules {
        Rules {
            rules,
            ..Rules::renju()
        }
    }
}

/// A 15x15 board from stone lists ("h8 i8", "j9").
pub fn stones(black: &str, white: &str) -> Board {
    let mut b = Board::renju();
    for (list, color) in [(black, Color::Black), (white, Color::White)] {
        for p in list.split_whitespace() {
            b.place(p.parse().unwrap(), color)
                .unwrap_or_else(|e| panic!("{p}: {e}"));
        }
    }
    b
}

pub fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// The run of `color` through the empty `q` along `d` with a stone of `color` on `q`.
fn run_with(board: &Board, q: Point, d: Direction, color: Color) -> usize {
    let (dc, dr) = d.step();
    let mut n = 1;
    for sign in [1, -1] {
        let mut k = 1;
        while let Some(r) = q.offset(sign * dc * k, sign * dr * k, board.size()) {
            if board.get(r) != Some(color) {
                break;
            }
            n += 1;
            k += 1;
        }
    }
    n
}

/// Whether a stone of `color` on the empty `q` makes a winning row.
pub fn wins_at(board: &Board, q: Point, color: Color, rules: RuleSet) -> bool {
    board.is_empty_at(q)
        && Direction::ALL
            .iter()
            .any(|&d| rules.is_win(color, run_with(board, q, d, color)))
}

/// Every empty point where `color` makes a winning row.
pub fn five_points(board: &Board, color: Color, rules: RuleSet) -> Vec<Point> {
    board
        .points()
        .filter(|&q| wins_at(board, q, color, rules))
        .collect()
}

/// The five points of `color` on the four lines through `m` (within 5 of it).
fn five_points_near(board: &Board, m: Point, color: Color, rules: RuleSet) -> Vec<Point> {
    let mut out = Vec::new();
    for d in Direction::ALL {
        let (dc, dr) = d.step();
        for k in -5..=5 {
            if let Some(q) = m.offset(dc * k, dr * k, board.size())
                && wins_at(board, q, color, rules)
                && !out.contains(&q)
            {
                out.push(q);
            }
        }
    }
    out
}

/// Whether `color` may play `q` (empty; Black not on a forbidden point in renju).
pub fn legal(board: &Board, q: Point, color: Color, r: Rules) -> bool {
    board.is_empty_at(q)
        && !(r.rules.has_fouls()
            && color == Color::Black
            && is_forbidden(board, q, r.convention).is_some())
}

/// How a winning move wins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    TwoFives(Vec<Point>),
    ForbiddenBlock(Point),
}

/// Whether `m` is a winning move of `color` (a legal move that is not a five, after which the
/// other side cannot stop a five: two five points, or a White four whose only five point is
/// forbidden for Black). `color` must have no five point before `m`.
pub fn winning_move(board: &Board, m: Point, color: Color, r: Rules) -> Option<End> {
    if !legal(board, m, color, r) || wins_at(board, m, color, r.rules) {
        return None;
    }
    let mut b = board.clone();
    b.place(m, color).unwrap();
    let fives = five_points_near(&b, m, color, r.rules);
    if fives.len() >= 2 {
        return Some(End::TwoFives(fives));
    }
    if fives.len() == 1
        && r.rules.has_fouls()
        && color == Color::White
        && is_forbidden(&b, fives[0], r.convention).is_some()
    {
        return Some(End::ForbiddenBlock(fives[0]));
    }
    None
}

/// Whether `color` (to move, no five point of its own) has a winning move.
pub fn has_winning_move(board: &Board, color: Color, r: Rules) -> bool {
    board
        .points()
        .any(|q| winning_move(board, q, color, r).is_some())
}

/// A plain VCF search: does `a` (to move) win by fours alone within `depth` fours? The
/// defender's fives count: with a defender five point the attacker must block it with a four.
pub fn vcf(
    board: &Board,
    a: Color,
    depth: u32,
    r: Rules,
    failed: &mut HashSet<(String, u32)>,
) -> bool {
    if !five_points(board, a, r.rules).is_empty() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let key = (board.to_line(), depth);
    if failed.contains(&key) {
        return false;
    }
    let d = a.opponent();
    let theirs = five_points(board, d, r.rules);
    let moves: Vec<Point> = match theirs.len() {
        0 => board.points().filter(|&q| board.is_empty_at(q)).collect(),
        1 => theirs.clone(),
        _ => Vec::new(),
    };
    for m in moves {
        if !legal(board, m, a, r) {
            continue;
        }
        let mut b = board.clone();
        b.place(m, a).unwrap();
        let fives = five_points_near(&b, m, a, r.rules);
        if fives.is_empty() {
            continue;
        }
        if fives.len() >= 2 {
            return true;
        }
        let f = fives[0];
        if !legal(&b, f, d, r) {
            return true; // a White four whose block is forbidden
        }
        b.place(f, d).unwrap();
        if vcf(&b, a, depth - 1, r, failed) {
            return true;
        }
    }
    failed.insert(key);
    false
}

/// The checker's verdict on a proof: the most attacker moves on a branch.
pub type Checked = Result<usize, String>;

/// Checks a proof tree (the JSON of `--proof`) from its own fields: the position, the rules,
/// the attacker and the limits. Every attacker move is legal and a four, a threat or a
/// winning move as it says; every forced block is played; after each threat the defender has
/// no VCF, every listed reply is legal and answered, and every legal reply not listed makes
/// no four and leaves one of the `otherwise` moves a winning move; no branch has more
/// attacker moves than `max_depth`; the line replays along the tree.
pub fn check_proof_json(proof: &Value) -> Checked {
    let board =
        Board::from_line(proof["board"].as_str().ok_or("no board")?).map_err(|e| e.to_string())?;
    let rules = match proof["rules"].as_str() {
        Some("renju") => RuleSet::Renju,
        Some("freestyle") => RuleSet::FreeStyle,
        Some("standardgomoku") => RuleSet::StandardGomoku,
        other => return Err(format!("rules {other:?}")),
    };
    let convention = match proof["convention"].as_str() {
        Some("lenient") => Convention::Lenient,
        Some("strict") => Convention::Strict,
        other => return Err(format!("convention {other:?}")),
    };
    let attacker = match proof["attacker"].as_str() {
        Some("black") => Color::Black,
        Some("white") => Color::White,
        other => return Err(format!("attacker {other:?}")),
    };
    let max_depth = proof["max_depth"].as_u64().ok_or("no max_depth")? as usize;
    let threat_depth = proof["threat_depth"].as_u64().ok_or("no threat_depth")? as u32;
    let r = Rules {
        rules,
        convention,
        threat_depth,
    };
    let tree = &proof["tree"];
    let depth = check_attack(&board, attacker, r, tree, max_depth, "")?;
    let line: Vec<Point> = proof["line"]
        .as_array()
        .ok_or("no line")?
        .iter()
        .map(|m| m.as_str().and_then(|s| s.parse().ok()).ok_or("bad point"))
        .collect::<Result<_, _>>()?;
    check_line_in_tree(tree, &line)?;
    Ok(depth)
}

fn point_of(v: &Value, what: &str, at: &str) -> Result<Point, String> {
    v.as_str()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("{at}: {what} is not a point: {v}"))
}

fn check_attack(
    board: &Board,
    a: Color,
    r: Rules,
    node: &Value,
    budget: usize,
    at: &str,
) -> Checked {
    let d = a.opponent();
    let m = point_of(&node["move"], "move", at)?;
    let at = format!("{at} {m}");
    let kind = node["kind"]
        .as_str()
        .ok_or_else(|| format!("{at}: no kind"))?;
    let own = five_points(board, a, r.rules);
    if kind == "five" {
        return if own.contains(&m) {
            Ok(0)
        } else {
            Err(format!("{at}: not a five"))
        };
    }
    if !own.is_empty() {
        return Err(format!(
            "{at}: the attacker has a five at {} and plays elsewhere",
            own[0]
        ));
    }
    if budget == 0 {
        return Err(format!("{at}: more attacker moves than the depth allows"));
    }
    let theirs = five_points(board, d, r.rules);
    if theirs.len() >= 2 || (theirs.len() == 1 && theirs[0] != m) {
        return Err(format!(
            "{at}: the defender's four ({theirs:?}) is not blocked"
        ));
    }
    if !legal(board, m, a, r) {
        return Err(format!("{at}: illegal for the attacker"));
    }
    let mut b = board.clone();
    b.place(m, a).unwrap();
    let fives = five_points(&b, a, r.rules);
    match kind {
        "win" => {
            let end =
                winning_move(board, m, a, r).ok_or_else(|| format!("{at}: not a winning move"))?;
            let claimed = &node["end"];
            match (claimed["type"].as_str(), &end) {
                (Some("two-fives"), End::TwoFives(f)) => {
                    for q in claimed["points"].as_array().ok_or("no points")? {
                        let q = point_of(q, "five point", &at)?;
                        if !f.contains(&q) {
                            return Err(format!("{at}: {q} is not a five point"));
                        }
                    }
                }
                (Some("forbidden-block"), End::ForbiddenBlock(f)) => {
                    if point_of(&claimed["point"], "block", &at)? != *f {
                        return Err(format!("{at}: the forbidden block is {f}"));
                    }
                }
                _ => return Err(format!("{at}: the end {claimed} is not {end:?}")),
            }
            Ok(1)
        }
        "four" => {
            if fives.len() != 1 {
                return Err(format!(
                    "{at}: a four must have one five point, it has {fives:?}"
                ));
            }
            let block = point_of(&node["block"], "block", &at)?;
            if block != fives[0] {
                return Err(format!(
                    "{at}: the block {block} is not the five point {}",
                    fives[0]
                ));
            }
            if !legal(&b, block, d, r) {
                return Err(format!(
                    "{at}: the block is illegal (then it would be a win)"
                ));
            }
            b.place(block, d).unwrap();
            Ok(1 + check_attack(
                &b,
                a,
                r,
                &node["next"],
                budget - 1,
                &format!("{at} {block}"),
            )?)
        }
        "threat" => {
            if !fives.is_empty() {
                return Err(format!("{at}: a four is not a threat"));
            }
            if budget < 2 {
                return Err(format!("{at}: a threat with no move to spare"));
            }
            let is_threat = if r.threat_depth == 1 {
                has_winning_move(&b, a, r)
            } else {
                let t = r.threat_depth.min(budget as u32 - 1);
                has_winning_move(&b, a, r) || vcf(&b, a, t, r, &mut HashSet::new())
            };
            if !is_threat {
                return Err(format!("{at}: not a threat"));
            }
            if vcf(&b, d, 30, r, &mut HashSet::new()) {
                return Err(format!("{at}: the defender has a VCF after the threat"));
            }
            let replies = node["replies"]
                .as_array()
                .ok_or_else(|| format!("{at}: no replies"))?;
            let otherwise: Vec<Point> = node["otherwise"]
                .as_array()
                .ok_or_else(|| format!("{at}: no otherwise"))?
                .iter()
                .map(|q| point_of(q, "otherwise", &at))
                .collect::<Result<_, _>>()?;
            let mut listed = Vec::new();
            let mut deepest = 0;
            for reply in replies {
                let q = point_of(&reply["move"], "reply", &at)?;
                if listed.contains(&q) {
                    return Err(format!("{at}: reply {q} twice"));
                }
                if !legal(&b, q, d, r) {
                    return Err(format!("{at}: reply {q} is illegal for the defender"));
                }
                listed.push(q);
                let mut c = b.clone();
                c.place(q, d).unwrap();
                deepest = deepest.max(check_attack(
                    &c,
                    a,
                    r,
                    &reply["next"],
                    budget - 1,
                    &format!("{at} {q}"),
                )?);
            }
            // Full width: every other legal reply.
            for q in b.points() {
                if listed.contains(&q) || !legal(&b, q, d, r) {
                    continue;
                }
                let mut c = b.clone();
                c.place(q, d).unwrap();
                if !five_points_near(&c, q, d, r.rules).is_empty() {
                    return Err(format!(
                        "{at}: the reply {q} makes a four and is not listed"
                    ));
                }
                if !otherwise
                    .iter()
                    .any(|&w| winning_move(&c, w, a, r).is_some())
                {
                    return Err(format!(
                        "{at}: after the reply {q} none of {otherwise:?} is a winning move"
                    ));
                }
                deepest = deepest.max(1);
            }
            Ok(1 + deepest)
        }
        other => Err(format!("{at}: unknown kind {other}")),
    }
}

/// The line follows the tree: attacker moves as the tree's, defender moves its blocks or one
/// of its listed replies (or any reply answered by an `otherwise` move, then the next attacker
/// move is that winning move).
fn check_line_in_tree(tree: &Value, line: &[Point]) -> Result<(), String> {
    let mut node = tree;
    let mut i = 0;
    loop {
        let m = point_of(&node["move"], "move", "line")?;
        if line.get(i) != Some(&m) {
            return Err(format!(
                "line move {} is {:?}, the tree says {m}",
                i + 1,
                line.get(i)
            ));
        }
        i += 1;
        match node["kind"].as_str() {
            Some("five") | Some("win") => {
                return if i == line.len() {
                    Ok(())
                } else {
                    Err("the line goes on after the win".into())
                };
            }
            Some("four") => {
                if line.get(i).map(|q| q.to_string()).as_deref() != node["block"].as_str() {
                    return Err(format!("line move {} is not the block", i + 1));
                }
                i += 1;
                node = &node["next"];
            }
            Some("threat") => {
                let q = line
                    .get(i)
                    .ok_or("the line stops after a threat")?
                    .to_string();
                i += 1;
                match node["replies"]
                    .as_array()
                    .and_then(|rs| rs.iter().find(|r| r["move"] == q.as_str()))
                {
                    Some(r) => node = &r["next"],
                    None => {
                        let w = line.get(i).ok_or("no answer")?.to_string();
                        let ok = node["otherwise"]
                            .as_array()
                            .is_some_and(|o| o.iter().any(|x| x == w.as_str()));
                        return if ok && i + 1 == line.len() {
                            Ok(())
                        } else {
                            Err(format!("line reply {q} is not in the tree"))
                        };
                    }
                }
            }
            other => return Err(format!("kind {other:?}")),
        }
    }
}

/// A proof as the JSON of `--proof`, written here from the proof's public fields (so the
/// checker also runs without the `serde` feature; with it, `serde_feature` tests that the
/// crate writes the same).
pub fn proof_json(p: &renju_vct::Proof) -> Value {
    use renju_vct::{Attack, AttackKind, LineEnd};
    fn end(e: &LineEnd) -> Value {
        match e {
            LineEnd::TwoFives(a, b) => {
                serde_json::json!({"type": "two-fives", "points": [a.to_string(), b.to_string()]})
            }
            LineEnd::ForbiddenBlock(f) => {
                serde_json::json!({"type": "forbidden-block", "point": f.to_string()})
            }
            LineEnd::Five(f) => serde_json::json!({"type": "five", "point": f.to_string()}),
            _ => unreachable!(),
        }
    }
    fn node(a: &Attack) -> Value {
        let mut v = serde_json::json!({"move": a.at.to_string()});
        match &a.kind {
            AttackKind::Five => v["kind"] = "five".into(),
            AttackKind::Win { end: e } => {
                v["kind"] = "win".into();
                v["end"] = end(e);
            }
            AttackKind::Four { block, next } => {
                v["kind"] = "four".into();
                v["block"] = block.to_string().into();
                v["next"] = node(next);
            }
            AttackKind::Threat { replies, otherwise } => {
                v["kind"] = "threat".into();
                v["replies"] = replies
                    .iter()
                    .map(|r| serde_json::json!({"move": r.at.to_string(), "next": node(&r.next)}))
                    .collect::<Vec<_>>()
                    .into();
                v["otherwise"] = otherwise
                    .iter()
                    .map(|q| Value::from(q.to_string()))
                    .collect::<Vec<_>>()
                    .into();
            }
            _ => unreachable!(),
        }
        v
    }
    let rules = match p.rules() {
        RuleSet::Renju => "renju",
        RuleSet::FreeStyle => "freestyle",
        RuleSet::StandardGomoku => "standardgomoku",
        other => panic!("a rule set the proof format does not name: {other:?}"),
    };
    serde_json::json!({
        "format": "renju-vct-proof",
        "version": 1,
        "size": p.board().size(),
        "board": p.board().to_line(),
        "rules": rules,
        "convention": p.convention().name(),
        "attacker": p.attacker().name(),
        "max_depth": p.max_depth(),
        "threat_depth": p.threat_depth(),
        "line": p.line().moves().iter().map(|q| q.to_string()).collect::<Vec<_>>(),
        "end": end(&p.line().end()),
        "tree": node(p.tree()),
    })
}

/// Replays a line: attacker moves legal and each a four, a threat or (the last) a winning
/// move; after a four the defender move is the block; defender moves legal; the line within
/// `max_depth` attacker moves.
pub fn replay_line(
    board: &Board,
    a: Color,
    r: Rules,
    moves: &[Point],
    max_depth: usize,
) -> Result<(), String> {
    let d = a.opponent();
    let mut b = board.clone();
    let mut counted = 0;
    let mut i = 0;
    while i < moves.len() {
        let m = moves[i];
        let last = i + 1 == moves.len();
        if !five_points(&b, a, r.rules).is_empty() {
            return if last && wins_at(&b, m, a, r.rules) {
                Ok(())
            } else {
                Err(format!(
                    "move {}: the attacker has a five and does not play it",
                    i + 1
                ))
            };
        }
        let theirs = five_points(&b, d, r.rules);
        if !theirs.is_empty() && !theirs.contains(&m) {
            return Err(format!(
                "move {} {m}: the defender's four is not blocked",
                i + 1
            ));
        }
        if !legal(&b, m, a, r) {
            return Err(format!("move {} {m}: illegal", i + 1));
        }
        counted += 1;
        if last {
            return match winning_move(&b, m, a, r) {
                Some(_) if counted <= max_depth => Ok(()),
                Some(_) => Err(format!("{counted} attacker moves, more than {max_depth}")),
                None => Err(format!(
                    "move {} {m}: the last move is not a winning move",
                    i + 1
                )),
            };
        }
        b.place(m, a).unwrap();
        let fives = five_points(&b, a, r.rules);
        let reply = moves[i + 1];
        if fives.len() == 1 {
            if reply != fives[0] {
                return Err(format!(
                    "move {} {reply}: not the block {}",
                    i + 2,
                    fives[0]
                ));
            }
        } else if !fives.is_empty() {
            return Err(format!("move {} {m}: a winning move before the end", i + 1));
        } else if !(has_winning_move(&b, a, r)
            || r.threat_depth > 1 && vcf(&b, a, r.threat_depth, r, &mut HashSet::new()))
        {
            return Err(format!("move {} {m}: neither a four nor a threat", i + 1));
        }
        if !legal(&b, reply, d, r) {
            return Err(format!("move {} {reply}: illegal for the defender", i + 2));
        }
        b.place(reply, d).unwrap();
        i += 2;
    }
    Err("the line ends with a defender move".into())
}

/// A plain full-width VCT search for tiny depths (the definition, move by move, every empty
/// point tried as the attacker's move and every legal reply as the defender's).
pub fn plain_vct(board: &Board, a: Color, budget: u32, r: Rules) -> bool {
    let d = a.opponent();
    if !five_points(board, a, r.rules).is_empty() {
        return true;
    }
    if budget == 0 {
        return false;
    }
    let theirs = five_points(board, d, r.rules);
    if theirs.len() >= 2 {
        return false;
    }
    let moves: Vec<Point> = if theirs.len() == 1 {
        theirs
    } else {
        board.points().filter(|&q| board.is_empty_at(q)).collect()
    };
    for m in moves {
        if !legal(board, m, a, r) {
            continue;
        }
        if winning_move(board, m, a, r).is_some() {
            return true;
        }
        let mut b = board.clone();
        b.place(m, a).unwrap();
        let fives = five_points_near(&b, m, a, r.rules);
        if fives.len() == 1 {
            let f = fives[0];
            if budget >= 2 && legal(&b, f, d, r) {
                b.place(f, d).unwrap();
                if plain_vct(&b, a, budget - 1, r) {
                    return true;
                }
            }
            continue;
        }
        if budget < 2 || !has_winning_move(&b, a, r) || vcf(&b, d, 30, r, &mut HashSet::new()) {
            continue;
        }
        let all_answered = b.points().all(|q| {
            if !legal(&b, q, d, r) {
                return true;
            }
            let mut c = b.clone();
            c.place(q, d).unwrap();
            plain_vct(&c, a, budget - 1, r)
        });
        if all_answered {
            return true;
        }
    }
    false
}
