//! Records that set stones up (SGF `AB`/`AW`/`AE`) are replayed on the board as set up: fouls
//! and fives are judged on the real board, a set-up point is occupied, `AE` clears a point;
//! the opening of a set-up position is neither named nor checked (a note, never a finding).
//! Also: a record whose opening rule is played under gomoku, audited under renju, gets a
//! `rules-differ` note. Expected verdicts are reasoned by hand from `RULES.md` (comments).

use crate::common;
use common::{pt, record};

use renju_analyzer::{End, GameVerdict, IllegalKind, Opening, Settings, audit};
use renju_core::{Color, Foul, Move, RuleSet};
use renju_notation::{DeclaredResult, Format, GameRecord, Orientation, SetupStone, read_all};

fn set(after_move: usize, points: &str, stone: Option<Color>) -> Vec<SetupStone> {
    points
        .split_whitespace()
        .map(|p| SetupStone {
            after_move,
            point: pt(p),
            stone,
        })
        .collect()
}

fn kinds(a: &renju_analyzer::GameAudit) -> Vec<&'static str> {
    a.notes.iter().map(|n| n.kind()).collect()
}

#[test]
fn a_foul_made_with_set_up_stones_is_judged_on_the_real_board() {
    // Set up: black f8 g8 (row 8) and h9 h10 (column h). Black's h8 makes f8-g8-h8 (open:
    // e8, i8, d8, j8 empty) and h8-h9-h10 (open: h7, h11, h6, h12 empty): a double three.
    // It is the record's last move, so White's claim ends the game (claim policy).
    let mut r = record(15, "h8", DeclaredResult::White);
    r.setup = set(0, "f8 g8 h9 h10", Some(Color::Black));
    let a = audit(&r, &Settings::default());
    assert_eq!(
        (a.end, a.end_move),
        (End::Foul(Foul::DoubleThree), Some(1)),
        "{a}"
    );
    assert_eq!(a.verdict(), GameVerdict::Ok, "{a}");
    assert_eq!(a.opening, Opening::SetUp);
    assert!(kinds(&a).contains(&"set-up-position"), "{a}");
    // Under free-style the same stone is just a move.
    let free = Settings {
        rules: RuleSet::FreeStyle,
        ..Settings::default()
    };
    assert_eq!(audit(&r, &free).end, End::None);
}

#[test]
fn fives_on_the_set_up_board() {
    // Black h8 i8 j8 k8 set up: Black's l8 is a five at move 1.
    let mut r = record(15, "l8", DeclaredResult::Black);
    r.setup = set(0, "h8 i8 j8 k8", Some(Color::Black));
    let a = audit(&r, &Settings::default());
    assert_eq!((a.end, a.end_move), (End::BlackFive, Some(1)), "{a}");
    assert_eq!(a.verdict(), GameVerdict::Ok, "{a}");
    // White to move first: the record holds a black pass, then White's l8 makes five.
    let mut r = GameRecord::new(15);
    r.result = DeclaredResult::White;
    r.moves = vec![Move::Pass, Move::Stone(pt("l8"))];
    r.setup = set(0, "h8 i8 j8 k8", Some(Color::White));
    let a = audit(&r, &Settings::default());
    assert_eq!((a.end, a.end_move), (End::WhiteFive, Some(2)), "{a}");
    // A black claim would now mismatch.
    r.result = DeclaredResult::Black;
    assert_eq!(
        audit(&r, &Settings::default()).verdict(),
        GameVerdict::ResultMismatch
    );
}

#[test]
fn set_up_points_are_occupied_and_ae_clears() {
    let mut r = record(15, "a1", DeclaredResult::Unknown);
    r.setup = set(0, "a1", Some(Color::White));
    let a = audit(&r, &Settings::default());
    assert_eq!(
        a.illegal.as_ref().map(|i| (i.number, i.kind.clone())),
        Some((
            1,
            IllegalKind::Occupied {
                point: pt("a1"),
                by: Color::White
            }
        )),
        "{a}"
    );
    // Black h8, White h9, then h8 is cleared (AE after move 2): Black may play h8 again.
    let mut r = record(15, "h8 h9 h8", DeclaredResult::Unknown);
    r.setup = set(2, "h8", None);
    let a = audit(&r, &Settings::default());
    assert!(a.illegal.is_none(), "{a}");
    let note = a
        .notes
        .iter()
        .find(|n| n.kind() == "set-up-position")
        .expect("a set-up note");
    assert!(
        note.to_string()
            .starts_with("stones are set up (not played) after move 2 (1 set-up point: 1 cleared)"),
        "{note}"
    );
    // An AB on a point holding a white stone replaces it: black h8 h9 then k8 l8... are not
    // needed; h9 set black after move 2 joins h8 in a column.
    let mut r = record(15, "h8 h9 h10 a1 h11 a2 h12", DeclaredResult::Black);
    r.setup = set(2, "h9", Some(Color::Black));
    let a = audit(&r, &Settings::default());
    // h8 h9 h10 h11 h12: five black stones in column h at move 7.
    assert_eq!((a.end, a.end_move), (End::BlackFive, Some(7)), "{a}");
}

#[test]
fn the_opening_of_a_set_up_position_is_not_checkable() {
    // Black 1 is on h8, White 2 on h9, Black 3 on i10 (2D) — but a stone is set up first:
    // nobody played the opening from the empty board.
    let mut r = record(15, "h8 h9 i10 a1 b1", DeclaredResult::Unknown);
    r.rule = Some("RIF".into());
    r.setup = set(0, "o15", Some(Color::White));
    let a = audit(&r, &Settings::default());
    assert_eq!(a.opening, Opening::SetUp, "{a}");
    assert!(a.findings.is_empty(), "{a}");
    assert_eq!(a.verdict(), GameVerdict::Ok);
    let texts: Vec<String> = a.notes.iter().map(ToString::to_string).collect();
    assert!(
        texts.iter().any(|t| t
            .starts_with("opening rule not checkable: the record starts from a set-up position")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t
                .starts_with("the record starts from a set-up position (1 set-up point: 1 white)")),
        "{texts:?}"
    );
    assert_eq!(kinds(&a), ["set-up-position", "opening-not-checkable"]);
    // Off the centre, no rule named: no first-move or not-an-opening finding either.
    let mut r = record(15, "a15 b15 c15", DeclaredResult::Unknown);
    r.setup = set(0, "o1", Some(Color::Black));
    let a = audit(&r, &Settings::default());
    assert!(a.findings.is_empty(), "{a}");
    // Without the set-up stone the same record is reported.
    r.setup.clear();
    assert_eq!(
        audit(&r, &Settings::default()).verdict(),
        GameVerdict::Warning
    );
    // Stones set up after move 10 leave the opening (stones 1-6) as played: it is named.
    let mut r = record(
        15,
        "h8 h9 i10 a1 b1 a2 b2 a3 b3 a4 c3",
        DeclaredResult::Unknown,
    );
    r.setup = set(10, "o15", Some(Color::White));
    let a = audit(&r, &Settings::default());
    assert!(
        matches!(
            a.opening,
            Opening::Identified {
                code: Some("2D"),
                ..
            }
        ),
        "{a}"
    );
    assert_eq!(kinds(&a), ["set-up-position"]);
}

#[test]
fn an_sgf_with_setup_properties_is_audited_on_its_board() {
    // SGF rows: `a` is the top row, so `fh` = f8, `gh` = g8, `hg` = h9, `hf` = h10, `hh` = h8.
    let sgf = b"(;GM[4]FF[4]SZ[15]RE[W+]AB[fh][gh][hg][hf];B[hh])";
    let recs: Vec<_> = read_all(Format::Sgf, sgf, "setup.sgf", Orientation::default()).collect();
    assert_eq!(recs.len(), 1);
    let r = recs[0].as_ref().expect("readable");
    assert_eq!(r.setup.len(), 4);
    let a = audit(r, &Settings::default());
    assert_eq!(
        (a.end, a.end_move),
        (End::Foul(Foul::DoubleThree), Some(1)),
        "{a}"
    );
    assert!(
        a.to_string()
            .contains("note: the record starts from a set-up position"),
        "{a}"
    );
}

#[test]
fn gomoku_opening_rules_audited_under_renju_get_a_note() {
    // Black's j8 makes h8-i8-j8 and j8-j9-j10: a double three; White played on, so under
    // renju it is a lapsed foul. Swap2 is a gomoku rule: the record is still audited under
    // renju as asked, with a note saying so.
    let mut r = record(
        15,
        "h8 h9 i8 b2 j9 b14 j10 n14 j8 a1",
        DeclaredResult::Unknown,
    );
    r.rule = Some("Swap2".into());
    let a = audit(&r, &Settings::default());
    assert!(
        a.findings
            .iter()
            .any(|f| f.kind() == renju_analyzer::FindingKind::LapsedFoul),
        "{a}"
    );
    let note = a
        .notes
        .iter()
        .find(|n| n.kind() == "rules-differ")
        .expect("a rules-differ note");
    assert_eq!(
        note.to_string(),
        "the record's opening rule Swap2 is played under gomoku rules (no fouls); audited under \
         renju as asked (--rules freestyle or --rules standard to audit it as gomoku)"
    );
    for name in ["Swap1", "swap", "SWAP2"] {
        r.rule = Some(name.into());
        let a = audit(&r, &Settings::default());
        assert_eq!(
            a.notes
                .iter()
                .filter(|n| n.kind() == "rules-differ")
                .count(),
            1,
            "{name}: {a}"
        );
    }
    // Under free-style: no note, no foul.
    r.rule = Some("Swap2".into());
    let free = Settings {
        rules: RuleSet::FreeStyle,
        ..Settings::default()
    };
    let a = audit(&r, &free);
    assert!(a.notes.iter().all(|n| n.kind() != "rules-differ"), "{a}");
    assert!(
        a.findings
            .iter()
            .all(|f| f.kind() != renju_analyzer::FindingKind::LapsedFoul),
        "{a}"
    );
    // A renju opening rule: no note.
    r.rule = Some("RIF".into());
    let a = audit(&r, &Settings::default());
    assert!(a.notes.iter().all(|n| n.kind() != "rules-differ"), "{a}");
}

/// A rule its database calls gomoku (RenjuNet category 2), whatever its name: audited under
/// renju as asked, with one `rules-differ` note; none under free-style, none for category 1.
#[test]
fn a_rule_of_gomoku_category_audited_under_renju_gets_a_note() {
    let mut r = record(
        15,
        "h8 h9 i8 b2 j9 b14 j10 n14 j8 a1",
        DeclaredResult::Unknown,
    );
    let tag = renju_notation::rif::RULE_CATEGORY_TAG;
    r.rule = Some("Gomoku free".into());
    r.tags.insert(tag.into(), "2".into());
    let a = audit(&r, &Settings::default());
    // still judged under renju: the double three at j8 is a lapsed foul
    assert!(
        a.findings
            .iter()
            .any(|f| f.kind() == renju_analyzer::FindingKind::LapsedFoul),
        "{a}"
    );
    let notes: Vec<String> = a
        .notes
        .iter()
        .filter(|n| n.kind() == "rules-differ")
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        notes,
        [
            "the record's rule Gomoku free is a gomoku rule in its database (category 2: no \
          fouls); audited under renju as asked (--rules freestyle or --rules standard to audit \
          it as gomoku)"
        ]
    );
    // a gomoku opening rule by name too: one note, the one of the name
    r.rule = Some("Swap2".into());
    let a = audit(&r, &Settings::default());
    let kinds: Vec<String> = a
        .notes
        .iter()
        .filter(|n| n.kind() == "rules-differ")
        .map(ToString::to_string)
        .collect();
    assert_eq!(kinds.len(), 1, "{a}");
    assert!(
        kinds[0].starts_with("the record's opening rule Swap2"),
        "{a}"
    );
    // under free-style: no note
    r.rule = Some("Gomoku free".into());
    let free = Settings {
        rules: RuleSet::FreeStyle,
        ..Settings::default()
    };
    let a = audit(&r, &free);
    assert!(a.notes.iter().all(|n| n.kind() != "rules-differ"), "{a}");
    // category 1 (renju), or none: no note
    for category in [Some("1"), None] {
        match category {
            Some(c) => r.tags.insert(tag.into(), c.into()),
            None => r.tags.remove(tag),
        };
        let a = audit(&r, &Settings::default());
        assert!(
            a.notes.iter().all(|n| n.kind() != "rules-differ"),
            "{category:?}: {a}"
        );
    }
}

#[test]
fn opening_statistics_count_a_set_up_position_under_none() {
    use renju_analyzer::stats::OpeningStats;
    // h8 h9 i8 is 6D when played from the empty board.
    let mut r = record(15, "h8 h9 i8", DeclaredResult::Unknown);
    let mut s = OpeningStats::new();
    s.add(&r, &audit(&r, &Settings::default()));
    r.setup = set(0, "a1", Some(Color::White));
    s.add(&r, &audit(&r, &Settings::default()));
    let games = |code: &str| s.rows().iter().find(|x| x.code == code).unwrap().games;
    assert_eq!((games("6D"), games("none")), (1, 1));
}

#[test]
fn fifth_move_statistics_leave_set_up_positions_out() {
    use renju_analyzer::fifth_stats::FifthMoveStats;
    let mut r = record(15, "h8 h9 i10 a1 j10", DeclaredResult::Unknown);
    r.rule = Some("RIF".into());
    let mut s = FifthMoveStats::new();
    assert!(s.add(&r));
    r.setup = set(0, "o15", Some(Color::White));
    assert!(!s.add(&r));
}

#[test]
fn annotations_and_explanations_see_the_set_up_stones() {
    // The double three of the first test, move 1 on the set-up board.
    let mut r = record(15, "h8", DeclaredResult::White);
    r.setup = set(0, "f8 g8 h9 h10", Some(Color::Black));
    let notes = renju_analyzer::annotate(&r, &Settings::default());
    assert_eq!(notes.len(), 1);
    assert_eq!(
        notes[0].foul.as_ref().map(|f| f.foul),
        Some(Foul::DoubleThree)
    );
    assert!(renju_analyzer::explain_move(&r, &Settings::default(), 1).is_some());
    r.setup.clear();
    assert!(
        renju_analyzer::annotate(&r, &Settings::default())[0]
            .foul
            .is_none()
    );
    assert!(renju_analyzer::explain_move(&r, &Settings::default(), 1).is_none());
}
