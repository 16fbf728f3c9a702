//! The foul checker against independently labelled positions in `../shared/data/fouls/`:
//! agreement must be 100 % under both conventions. Skips, saying why, when shared/ is absent.

use renju_core::{Board, Convention, FoulChecker};
use serde_json::Value;
use std::path::PathBuf;

fn shared() -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/fouls");
    if p.is_dir() {
        Some(p)
    } else {
        println!(
            "SKIPPED: {} is absent (the labelled data lives outside the repo)",
            p.display()
        );
        None
    }
}

fn check_file(name: &str) -> (usize, usize) {
    let Some(dir) = shared() else { return (0, 0) };
    let text = std::fs::read_to_string(dir.join(name)).expect("readable data file");
    let mut positions = 0;
    let mut failures = Vec::new();
    let mut per_convention = [(0usize, 0usize); 2];
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).expect("valid JSON line");
        let Some(board_text) = v["board"].as_str() else {
            continue;
        };
        let id = v["id"].as_str().unwrap_or("?").to_string();
        let Some(_) = v.get("lenient").filter(|l| l.is_object()) else {
            // Cases the data set leaves unlabelled (see its README) carry no labels.
            continue;
        };
        positions += 1;
        let board = Board::from_line(board_text).expect("225-character board");
        let checker = FoulChecker::new(&board);
        for (ci, conv) in Convention::ALL.into_iter().enumerate() {
            let mut want: Vec<(String, String)> = v[conv.name()]
                .as_object()
                .expect("labels")
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
                .collect();
            want.sort();
            let mut got: Vec<(String, String)> = checker
                .forbidden_points(conv)
                .into_iter()
                .map(|(p, f)| (p.to_string(), f.name().to_string()))
                .collect();
            got.sort();
            per_convention[ci].0 += 1;
            if got == want {
                per_convention[ci].1 += 1;
            } else if failures.len() < 10 {
                failures.push(format!(
                    "{id} ({conv}): want {want:?}, got {got:?}\n{board}"
                ));
            }
        }
    }
    for (conv, (n, ok)) in Convention::ALL.iter().zip(per_convention) {
        println!(
            "{name} {conv}: {ok}/{n} positions agree ({:.3} %)",
            100.0 * ok as f64 / n.max(1) as f64
        );
    }
    assert!(
        failures.is_empty(),
        "{} disagreements, first ones:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (positions, positions)
}

#[test]
fn dev_set_agrees_under_both_conventions() {
    check_file("fouls-dev.jsonl");
}

#[test]
fn public_cases_agree_under_both_conventions() {
    check_file("fouls-public-cases.jsonl");
}
