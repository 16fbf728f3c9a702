//! The project's own labelled sample, `tests/data/fouls-sample.jsonl`: hand-made positions whose
//! complete sets of forbidden points under both conventions were worked out from the rules
//! (docs/rules.md), each with its reasoning in the `why` field. It lives in the repository, so
//! the headline claim (the checker is exact under both conventions) is tested on a bare clone,
//! without `../shared`.
//!
//! Every position is judged by three checkers, which must all give exactly the labels:
//! [`FoulChecker`], [`IncrementalBoard`] (the position reached stone by stone) and the literal
//! reference checker of `reference_checker/`.
//!
//! A line: `{"id", "black": "f8 g8 ...", "white": "...", "lenient": {point: foul},
//! "strict": {point: foul}, "why": "..."}`.

use crate::reference_checker::reference_forbidden;
use renju_core::{Board, Color, Convention, Foul, FoulChecker, IncrementalBoard, Point};
use serde_json::Value;

const SAMPLE: &str = include_str!("../data/fouls-sample.jsonl");

/// One labelled position.
#[derive(Debug)]
struct Case {
    id: String,
    board: Board,
    /// The stones in the order given (black first), for the incremental board.
    stones: Vec<(Point, Color)>,
    /// The forbidden points under lenient and strict, sorted.
    labels: [Vec<(Point, Foul)>; 2],
}

fn parse_case(line: &str) -> Result<Case, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let text = |k: &str| v[k].as_str().ok_or(format!("no \"{k}\" string"));
    let id = text("id")?.to_string();
    if text("why")?.trim().len() < 40 {
        return Err("the \"why\" must give the reasoning".into());
    }
    let mut board = Board::renju();
    let mut stones = Vec::new();
    for (key, color) in [("black", Color::Black), ("white", Color::White)] {
        for word in text(key)?.split_whitespace() {
            let p: Point = word.parse().map_err(|e| format!("{key} '{word}': {e}"))?;
            board
                .place(p, color)
                .map_err(|e| format!("{key} '{word}': {e}"))?;
            stones.push((p, color));
        }
    }
    let mut labels: [Vec<(Point, Foul)>; 2] = [Vec::new(), Vec::new()];
    for (i, conv) in Convention::ALL.into_iter().enumerate() {
        let obj = v[conv.name()]
            .as_object()
            .ok_or_else(|| format!("no \"{conv}\" object"))?;
        for (k, kind) in obj {
            let p: Point = k.parse().map_err(|e| format!("{conv} '{k}': {e}"))?;
            let kind = kind.as_str().ok_or(format!("{conv} {k}: not a string"))?;
            let foul: Foul = kind.parse().map_err(|e| format!("{conv} {k}: {e}"))?;
            labels[i].push((p, foul));
        }
        labels[i].sort();
    }
    Ok(Case {
        id,
        board,
        stones,
        labels,
    })
}

fn sample() -> Vec<Case> {
    SAMPLE
        .lines()
        .enumerate()
        .map(|(n, line)| {
            parse_case(line).unwrap_or_else(|e| panic!("fouls-sample.jsonl line {}: {e}", n + 1))
        })
        .collect()
}

fn sorted(mut v: Vec<(Point, Foul)>) -> Vec<(Point, Foul)> {
    v.sort();
    v
}

#[test]
fn three_checkers_give_exactly_the_labels_under_both_conventions() {
    let mut problems = Vec::new();
    let cases = sample();
    for case in &cases {
        let checker = FoulChecker::new(&case.board);
        let mut incremental = IncrementalBoard::renju();
        for &(p, c) in &case.stones {
            incremental.place(p, c).expect("a free point");
        }
        for (ci, conv) in Convention::ALL.into_iter().enumerate() {
            let want = &case.labels[ci];
            let got = [
                ("FoulChecker", sorted(checker.forbidden_points(conv))),
                (
                    "IncrementalBoard",
                    sorted(incremental.forbidden_points(conv)),
                ),
                ("reference", sorted(reference_forbidden(&case.board, conv))),
            ];
            for (who, found) in got {
                if &found != want {
                    problems.push(format!(
                        "{} ({conv}): labels {want:?}, {who} {found:?}\n{}",
                        case.id, case.board
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(cases.len(), 13, "the sample's positions");
}

/// The sample covers what the claim is about: each foul, a position where the conventions
/// differ, fives that override, false threes (white, the edge, own stones, a forbidden
/// straight-four point) and positions with no foul at all.
#[test]
fn the_sample_covers_every_foul_and_both_conventions() {
    let cases = sample();
    for foul in Foul::ALL {
        assert!(
            cases
                .iter()
                .any(|c| c.labels.iter().flatten().any(|&(_, f)| f == foul)),
            "no {foul} in the sample"
        );
    }
    assert!(cases.iter().any(|c| c.labels[0] != c.labels[1]));
    assert!(
        cases
            .iter()
            .filter(|c| c.labels[0].is_empty() && c.labels[1].is_empty())
            .count()
            >= 5
    );
    let ids: Vec<&str> = cases.iter().map(|c| c.id.as_str()).collect();
    for needed in [
        "five",
        "false-three-white",
        "edge",
        "own-overline",
        "double-four-point",
    ] {
        assert!(ids.iter().any(|id| id.contains(needed)), "no {needed} case");
    }
}

#[test]
fn malformed_lines_are_named() {
    let why = "a reason long enough to count as one, for the test";
    let ok = format!(
        r#"{{"id":"x","black":"h8","white":"","lenient":{{}},"strict":{{}},"why":"{why}"}}"#
    );
    assert!(parse_case(&ok).is_ok());
    let twice = ok.replace(r#""white":"""#, r#""white":"h8""#);
    assert!(parse_case(&twice).unwrap_err().starts_with("white 'h8': "));
    let bad = ok.replace(r#""lenient":{}"#, r#""lenient":{"h9":"3-3"}"#);
    assert_eq!(
        parse_case(&bad).err().as_deref(),
        Some("lenient h9: unknown foul '3-3' (expected double-three, double-four or overline)")
    );
    let short = ok.replace(why, "because");
    assert!(parse_case(&short).is_err());
}
