//! The foul checker against independently labelled positions in `../shared/data/fouls/`:
//! agreement must be 100 % under both conventions, on exactly the number of positions the data
//! set states (20,000 and 181). A malformed line is a failure naming its line, never skipped;
//! every disagreement is reported, not only the first ones. Skips, saying why, when shared/ is
//! absent, and fails then under CI (`renju_testdata::shared`). The project's own sample, which
//! is always there, is `fouls_sample.rs`.

use renju_core::{Board, Convention, Foul, FoulChecker, IncrementalBoard, Point};
use serde_json::Value;
use std::path::PathBuf;

fn shared() -> Option<PathBuf> {
    renju_testdata::shared("data/fouls")
}

/// One labelled position: its id, board and the label sets of both conventions (sorted).
#[derive(Debug)]
struct Case {
    id: String,
    board: Board,
    labels: [Vec<(Point, Foul)>; 2],
}

/// Reads one line of the data set, or says what is wrong with it.
fn parse_case(line: &str) -> Result<Case, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let id = v["id"].as_str().ok_or("no \"id\" string")?.to_string();
    let board_text = v["board"].as_str().ok_or("no \"board\" string")?;
    let board = Board::from_line(board_text).map_err(|e| format!("board: {e}"))?;
    if board.size() != 15 {
        return Err(format!("board is {0}x{0}, not 15x15", board.size()));
    }
    let mut labels: [Vec<(Point, Foul)>; 2] = [Vec::new(), Vec::new()];
    for (i, conv) in Convention::ALL.into_iter().enumerate() {
        let obj = v[conv.name()]
            .as_object()
            .ok_or_else(|| format!("no \"{conv}\" object"))?;
        for (k, kind) in obj {
            let p: Point = k.parse().map_err(|e| format!("{conv} key '{k}': {e}"))?;
            let kind = kind
                .as_str()
                .ok_or_else(|| format!("{conv} {k}: kind is not a string"))?;
            let foul = Foul::from_name(kind).ok_or_else(|| format!("{conv} {k}: kind '{kind}'"))?;
            labels[i].push((p, foul));
        }
        labels[i].sort();
    }
    Ok(Case { id, board, labels })
}

/// Checks every line of `name` and returns the number of positions checked. Panics with every
/// malformed line and every disagreement when there is any.
fn check_file(name: &str) -> Option<usize> {
    let dir = shared()?;
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut positions = 0;
    let mut problems = Vec::new();
    let mut agree = [0usize; 2];
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            problems.push(format!("{name} line {}: blank line", n + 1));
            continue;
        }
        let case = match parse_case(line) {
            Ok(c) => c,
            Err(e) => {
                problems.push(format!("{name} line {}: malformed: {e}", n + 1));
                continue;
            }
        };
        positions += 1;
        let checker = FoulChecker::new(&case.board);
        // The incremental board reaches the same position stone by stone.
        let mut incremental = IncrementalBoard::new(15).expect("15 is a board side");
        for (p, c) in case.board.stones() {
            incremental.place(p, c).expect("a stone of a valid board");
        }
        for (ci, conv) in Convention::ALL.into_iter().enumerate() {
            let want = &case.labels[ci];
            let mut got = checker.forbidden_points(conv);
            got.sort();
            let mut got_inc = incremental.forbidden_points(conv);
            got_inc.sort();
            if &got == want && &got_inc == want {
                agree[ci] += 1;
            } else {
                problems.push(format!(
                    "{name} line {} {} ({conv}): labels {want:?}, FoulChecker {got:?}, \
                     IncrementalBoard {got_inc:?}\n{}",
                    n + 1,
                    case.id,
                    case.board
                ));
            }
        }
    }
    for (conv, ok) in Convention::ALL.iter().zip(agree) {
        println!(
            "{name} {conv}: {ok}/{positions} positions agree ({:.3} %)",
            100.0 * ok as f64 / positions.max(1) as f64
        );
    }
    assert!(
        problems.is_empty(),
        "{} problems in {name}:\n{}",
        problems.len(),
        problems.join("\n")
    );
    Some(positions)
}

#[test]
fn dev_set_agrees_under_both_conventions() {
    if let Some(n) = check_file("fouls-dev.jsonl") {
        assert_eq!(n, 20_000, "the dev set holds 20,000 labelled positions");
    }
}

#[test]
fn public_cases_agree_under_both_conventions() {
    if let Some(n) = check_file("fouls-public-cases.jsonl") {
        assert_eq!(n, 181, "the public set holds 181 labelled cases");
    }
}

/// The line reader names what is wrong instead of skipping.
#[test]
fn malformed_lines_are_reported() {
    let board = ".".repeat(225);
    let good = format!(r#"{{"id":"a","board":"{board}","lenient":{{}},"strict":{{}}}}"#);
    assert!(parse_case(&good).is_ok());
    let no_labels = format!(r#"{{"id":"a","board":"{board}"}}"#);
    assert_eq!(
        parse_case(&no_labels).err().as_deref(),
        Some("no \"lenient\" object")
    );
    let short = r#"{"id":"a","board":"...","lenient":{},"strict":{}}"#;
    assert!(parse_case(short).unwrap_err().starts_with("board: "));
    let bad_kind =
        format!(r#"{{"id":"a","board":"{board}","lenient":{{"h8":"3-3"}},"strict":{{}}}}"#);
    assert_eq!(
        parse_case(&bad_kind).err().as_deref(),
        Some("lenient h8: kind '3-3'")
    );
    assert!(parse_case("{").unwrap_err().starts_with("not JSON"));
}
