//! The real archive `../shared/corpora/dasimagin-renju/train-2.renju` (147,229 games): every
//! game audited under both conventions without a panic, the invariants hold, counts printed.
//! Ignored by default (slow in debug builds): `cargo test -p renju-analyzer --release -- --ignored`.

use renju_analyzer::{End, GameVerdict, Settings, audit};
use renju_core::{Convention, Move};
use renju_notation::GameRecord;
use std::collections::BTreeMap;
use std::time::Instant;

#[test]
#[ignore = "reads the 147k-game shared archive; run with --release -- --ignored"]
fn audit_the_dasimagin_archive() {
    let Some(file) = renju_testdata::shared("corpora/dasimagin-renju/train-2.renju") else {
        return;
    };
    let path = file.display();
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut records = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        let mut r = GameRecord::new(15);
        r.result = words
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("{path}:{}: no result", n + 1));
        for w in words {
            let m: Move = w
                .parse()
                .unwrap_or_else(|e| panic!("{path}:{}: move '{w}': {e}", n + 1));
            r.moves.push(m);
        }
        records.push(r);
    }
    assert_eq!(records.len(), 147_229);
    for convention in Convention::ALL {
        let settings = Settings {
            convention,
            ..Settings::default()
        };
        let start = Instant::now();
        let audits: Vec<_> = records.iter().map(|r| audit(r, &settings)).collect();
        let took = start.elapsed();
        let mut ends: BTreeMap<&str, usize> = BTreeMap::new();
        let mut verdicts: BTreeMap<&str, usize> = BTreeMap::new();
        for (a, r) in audits.iter().zip(&records) {
            *ends.entry(a.end.name()).or_default() += 1;
            *verdicts.entry(a.verdict().name()).or_default() += 1;
            assert_eq!(a.moves, r.moves.len());
            assert_eq!(a.end_move.is_none(), a.end == End::None);
            if let Some(e) = a.end_move {
                assert!((1..=a.moves).contains(&e));
                assert_eq!(a.continues, e < a.moves);
            }
        }
        assert_eq!(ends.values().sum::<usize>(), records.len());
        assert!(!verdicts.contains_key(GameVerdict::Unreadable.name()));
        println!("{settings}: {took:?}\n  ends {ends:?}\n  verdicts {verdicts:?}");
    }
}
