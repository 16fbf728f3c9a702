//! Audits every game of a `.renju` line file (`<result> <moves...>` per line) and prints the
//! counts per end and per verdict, and the audit speed on one core.
//!
//! `cargo run --release -p renju-analyzer --example audit_renju -- FILE.renju [--strict] [--claim POLICY]`

use renju_analyzer::{
    ClaimPolicy, End, GameVerdict, Settings, UnreadableMove, audit, audit_with_unreadable,
};
use renju_core::{Convention, MAX_SIZE, Move};
use renju_notation::GameRecord;
use std::collections::BTreeMap;
use std::time::Instant;

fn parse(line: &str) -> Option<(GameRecord, Option<UnreadableMove>)> {
    let mut words = line.split_whitespace();
    let mut record = GameRecord::new(15);
    record.result = words.next()?.parse().ok()?;
    for (i, w) in words.enumerate() {
        match Move::parse_sized(w, MAX_SIZE) {
            Ok(m) => record.moves.push(m),
            Err(e) => {
                let u = UnreadableMove {
                    number: i + 1,
                    text: w.to_string(),
                    reason: e.to_string(),
                };
                return Some((record, Some(u)));
            }
        }
    }
    Some((record, None))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args
        .iter()
        .find(|a| !a.starts_with("--") && !ClaimPolicy::ALL.iter().any(|c| c.name() == a.as_str()))
    else {
        eprintln!("usage: audit_renju FILE.renju [--strict] [--claim claim|foul-loses|refuse]");
        std::process::exit(2);
    };
    let mut settings = Settings::default();
    if args.iter().any(|a| a == "--strict") {
        settings.convention = Convention::Strict;
    }
    if let Some(i) = args.iter().position(|a| a == "--claim") {
        match args.get(i + 1).map(|s| s.parse::<ClaimPolicy>()) {
            Some(Ok(c)) => settings.claim = c,
            Some(Err(e)) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
            None => {
                eprintln!("--claim needs a value");
                std::process::exit(2);
            }
        }
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let mut unparsed = 0usize;
    let games: Vec<_> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| {
            let g = parse(l);
            unparsed += usize::from(g.is_none());
            g
        })
        .collect();
    let moves: usize = games.iter().map(|(r, _)| r.moves.len()).sum();
    let start = Instant::now();
    let audits: Vec<_> = games
        .iter()
        .map(|(r, u)| match u {
            Some(u) => audit_with_unreadable(r, &settings, u),
            None => audit(r, &settings),
        })
        .collect();
    let took = start.elapsed();
    let mut ends: BTreeMap<&str, usize> = End::ALL.iter().map(|e| (e.name(), 0)).collect();
    let mut verdicts: BTreeMap<&str, usize> =
        GameVerdict::ALL.iter().map(|v| (v.name(), 0)).collect();
    let mut findings: BTreeMap<&str, usize> = BTreeMap::new();
    let mut pairs: BTreeMap<(String, &str), usize> = BTreeMap::new();
    let show: usize = args
        .iter()
        .position(|a| a == "--examples")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let mut shown: BTreeMap<&str, usize> = BTreeMap::new();
    for (index, a) in audits.iter().enumerate() {
        *pairs
            .entry((a.declared.to_string(), a.end.name()))
            .or_default() += 1;
        let v = a.verdict().name();
        let n = shown.entry(v).or_default();
        if v != "ok" && *n < show {
            *n += 1;
            println!("game {}: {v}: {}", index + 1, a.detail());
        }
        *ends.entry(a.end.name()).or_default() += 1;
        *verdicts.entry(a.verdict().name()).or_default() += 1;
        for f in &a.findings {
            *findings.entry(f.kind().name()).or_default() += 1;
        }
        if let Some(i) = &a.illegal {
            *findings.entry(i.kind.name()).or_default() += 1;
        }
    }
    println!(
        "{path}: {} games ({unparsed} lines unreadable), {moves} moves; {settings}",
        games.len()
    );
    println!("ends:     {ends:?}");
    println!("verdicts: {verdicts:?}");
    println!("findings: {findings:?}");
    println!("declared x end: {pairs:?}");
    let secs = took.as_secs_f64().max(1e-9);
    println!(
        "audit on one core: {:.3} s, {:.0} games/s, {:.2} us/game, {:.0} ns/move",
        secs,
        games.len() as f64 / secs,
        secs * 1e6 / games.len().max(1) as f64,
        secs * 1e9 / moves.max(1) as f64
    );
}
