//! The foul atlas in `corpus/fouls/`: every diagram reads, every verdict it states is the
//! checker's under both conventions, the atlas covers what it must, its boards survive a round
//! trip through both text styles, and each diagram's report (board with every forbidden point
//! marked, legend, explanation trees under both conventions) matches its checked-in snapshot.
//!
//! The verdict test runs before and independently of the snapshots, so a snapshot can never
//! bless a wrong verdict. `cargo xtask snapshots` runs this file with `INSTA_UPDATE=no`.

use renju_core::{Color, Convention, Foul, FoulChecker, Symmetry, Verdict};
use renju_diagrams::atlas::{AtlasEntry, load_dir};
use renju_diagrams::diagram::Diagram;
use std::collections::BTreeSet;
use std::path::Path;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/fouls");

/// Verdicts the atlas states and the checker does not give, as `name point convention`.
///
/// Each entry is a suspected checker bug, reported with the board and the
/// reasoning; the expectation in the file stays as the rules give it. The test fails when an
/// entry here stops disagreeing (remove it) and when a new disagreement appears. Empty: the
/// checker agrees with every diagram.
const KNOWN_CHECKER_DISAGREEMENTS: &[&str] = &[];

fn atlas() -> Vec<AtlasEntry> {
    load_dir(Path::new(DIR)).unwrap_or_else(|e| panic!("the atlas does not read: {e}"))
}

#[test]
fn every_stated_verdict_is_the_checkers() {
    let mut found = BTreeSet::new();
    let mut messages = Vec::new();
    for entry in atlas() {
        for m in entry.check() {
            let key = format!("{} {} {}", m.name, m.expectation.point, m.convention);
            if !KNOWN_CHECKER_DISAGREEMENTS.contains(&key.as_str()) {
                messages.push(m.to_string());
            }
            found.insert(key);
        }
    }
    let fixed: Vec<&&str> = KNOWN_CHECKER_DISAGREEMENTS
        .iter()
        .filter(|k| !found.contains(**k))
        .collect();
    assert!(
        messages.is_empty(),
        "the checker disagrees with the atlas:\n{}",
        messages.join("\n")
    );
    assert!(
        fixed.is_empty(),
        "the checker now agrees with {fixed:?}: remove them from KNOWN_CHECKER_DISAGREEMENTS"
    );
}

/// Every point the checker marks forbidden in a diagram is one its `expect:` lines state, with
/// the same kind, and every stated forbidden point is marked, under each convention: a snapshot
/// (which shows all the marks) never blesses a verdict nobody reasoned in the file's notes.
#[test]
fn every_marked_point_is_stated() {
    let mut problems = Vec::new();
    let mut marks = 0;
    for e in atlas() {
        for c in Convention::ALL {
            let (_, marked) = e.marked(c);
            marks += marked.len();
            let marked: BTreeSet<String> = marked.iter().map(|(p, f)| format!("{p} {f}")).collect();
            let stated: BTreeSet<String> = e
                .expectations
                .iter()
                .filter(|x| x.after.is_empty())
                .filter_map(|x| match x.verdict(c) {
                    Verdict::Forbidden(f) => Some(format!("{} {f}", x.point)),
                    _ => None,
                })
                .collect();
            for m in marked.difference(&stated) {
                problems.push(format!(
                    "{} ({c}): {m} is marked but no expect: line states it",
                    e.name
                ));
            }
            for s in stated.difference(&marked) {
                problems.push(format!("{} ({c}): {s} is stated but not marked", e.name));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Both conventions over the atlas: the marks are many (a test that could pass on nothing
    // would not be one).
    assert!(marks >= 250, "only {marks} marks");
}

#[test]
fn the_atlas_covers_what_it_must() {
    let entries = atlas();
    assert!(entries.len() >= 60, "only {} diagrams", entries.len());
    // One number per diagram.
    let mut numbers = BTreeSet::new();
    for e in &entries {
        let (num, rest) = e.name.split_at(3.min(e.name.len()));
        assert!(
            num.chars().all(|c| c.is_ascii_digit()) && rest.starts_with('-'),
            "{}: names are NNN-words",
            e.name
        );
        assert!(
            numbers.insert(num.to_string()),
            "{}: number used twice",
            e.name
        );
        assert!(!e.notes.is_empty(), "{}: no reasoning in the notes", e.name);
    }
    let all: Vec<_> = entries.iter().flat_map(|e| e.expectations.iter()).collect();
    let disagree = entries
        .iter()
        .filter(|e| e.expectations.iter().any(|x| x.lenient != x.strict))
        .count();
    assert!(
        disagree >= 5,
        "only {disagree} diagrams where the conventions disagree"
    );
    for foul in [Foul::DoubleThree, Foul::DoubleFour, Foul::Overline] {
        let n = all
            .iter()
            .filter(|x| x.lenient == Verdict::Forbidden(foul))
            .count();
        assert!(n >= 5, "only {n} points forbidden as {foul}");
    }
    assert!(all.iter().filter(|x| x.lenient == Verdict::Five).count() >= 5);
    assert!(all.iter().filter(|x| x.lenient == Verdict::Legal).count() >= 20);
    // Points on the edge of the board.
    let edge = all
        .iter()
        .filter(|x| x.point.col() == 0 || x.point.row() == 0)
        .count();
    assert!(edge >= 4, "only {edge} expectations on the edge");
}

/// The rules do not see orientation: each diagram turned or mirrored (8 ways) keeps every
/// stated verdict at the image of its point, the added stones of `after` included.
#[test]
fn verdicts_survive_the_eight_symmetries() {
    let mut failures = Vec::new();
    for e in atlas() {
        let size = e.diagram.size();
        for s in Symmetry::ALL {
            for x in &e.expectations {
                let mut board = s.apply_board(e.diagram.board());
                for (p, _) in &x.after {
                    board.place(s.apply(*p, size), Color::Black).unwrap();
                }
                let checker = FoulChecker::new(&board);
                for c in Convention::ALL {
                    let got = checker.verdict(s.apply(x.point, size), c);
                    if got != x.verdict(c) {
                        failures.push(format!("{} {} {s} {c}: {got:?}", e.name, x.label()));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn boards_read_back_in_both_styles() {
    for e in atlas() {
        let d = &e.diagram;
        assert_eq!(&Diagram::parse(&d.to_ascii()).unwrap(), d, "{}", e.name);
        assert_eq!(&Diagram::parse(&d.to_unicode()).unwrap(), d, "{}", e.name);
    }
}

#[test]
fn reports_match_the_snapshots() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for e in atlas() {
            insta::assert_snapshot!(e.name.clone(), e.report());
        }
    });
}

/// The two text styles and both orientations of one numbered game with its forbidden points
/// marked, as `corpus-tool show` would print them.
#[test]
fn text_styles_snapshot() {
    use renju_diagrams::diagram::TextStyle;
    use renju_notation::Orientation;
    let moves: Vec<renju_core::Move> = "h8 h9 i8 o15 g10 n15 g11 m14 l12 k11"
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    let mut d = Diagram::from_moves(15, &moves).unwrap();
    let fouls: Vec<String> = d
        .mark_fouls(Convention::Lenient)
        .iter()
        .map(|(p, f)| format!("{p} {f}"))
        .collect();
    assert_eq!(fouls, ["g8 double-three"]);
    let mut out = format!("forbidden (lenient): {}\n\n", fouls.join(", "));
    for (style, orientation) in [
        (TextStyle::Ascii, Orientation::RowOneAtBottom),
        (TextStyle::Unicode, Orientation::RowOneAtBottom),
        (TextStyle::Unicode, Orientation::RowOneAtTop),
    ] {
        let text = d.write(style, orientation);
        assert_eq!(Diagram::parse(&text).unwrap(), d);
        out.push_str(&format!("{style:?}, {}:\n{text}\n", orientation.name()));
    }
    insta::with_settings!({prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("text-styles", out);
    });
}
