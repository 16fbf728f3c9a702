//! Filter conditions on hand-made records, and the opening identified as the auditor does.

use proptest::prelude::*;
use renju_analyzer::{End, GameVerdict, Settings, audit};
use renju_archive::filter::{Conditions, FindingKind, opening_code, parse_opening, parse_verdict};
use renju_core::{Move, Point, RuleSet};
use renju_notation::{DeclaredResult, GameRecord};

fn game(moves: &str) -> GameRecord {
    let mut g = GameRecord::new(15);
    g.moves = moves
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    g
}

#[test]
fn openings_by_code_and_by_name_in_every_language() {
    for (text, code) in [
        ("2D", "2D"),
        ("d2", "2D"),
        ("Keigetsu", "2D"),
        ("keigetsu", "2D"),
        ("渓月", "2D"),
        ("溪月", "2D"),
        ("11i", "11I"),
    ] {
        assert_eq!(parse_opening(text).unwrap().code(), code, "{text}");
    }
    assert!(parse_opening("").is_err());
    assert!(parse_opening("14I").is_err());
    // 2D turned a quarter is still 2D; a game of another board side has no opening
    let c = Conditions {
        openings: vec![parse_opening("2D").unwrap(), parse_opening("1D").unwrap()],
        ..Conditions::default()
    };
    assert!(c.matches(&game("h8 g8 f9 a1")));
    assert!(c.matches(&game("h8 h9 h10")));
    assert!(!c.matches(&game("h8 i9 j10")));
    let mut big = game("h8 h9 i10");
    big.board_size = 20;
    assert!(!c.matches(&big));
    // under free-style rules validate names no opening either
    let free = Conditions {
        settings: Settings {
            rules: RuleSet::FreeStyle,
            ..Settings::default()
        },
        ..c
    };
    assert!(!free.matches(&game("h8 h9 i10")));
}

#[test]
fn texts_lengths_results_and_audit_conditions() {
    let mut g = game("h8 h9 i10 a1 j10 a2 k10 a3 l10 a4 m10");
    g.black = Some("Ana Ivanova".into());
    g.white = Some("Bo Li".into());
    g.event = Some("World Cup 2025".into());
    g.rule = Some("RIF".into());
    g.result = DeclaredResult::Black;
    let all = Conditions::default();
    assert!(all.matches(&g) && !all.needs_audit());
    let with = |f: &dyn Fn(&mut Conditions)| {
        let mut c = Conditions::default();
        f(&mut c);
        c.matches(&g)
    };
    assert!(with(&|c| c.player = Some("ivanova".into())));
    assert!(with(&|c| c.player = Some("BO".into())));
    assert!(!with(&|c| c.player = Some("Carl".into())));
    assert!(with(&|c| c.event = Some("cup".into())));
    assert!(!with(&|c| c.event = Some("open".into())));
    assert!(with(&|c| c.rule = Some("rif".into())));
    assert!(with(&|c| c.min_moves = Some(11)));
    assert!(!with(&|c| c.min_moves = Some(12)));
    assert!(with(&|c| c.max_moves = Some(11)));
    assert!(!with(&|c| c.max_moves = Some(10)));
    assert!(with(&|c| c.declared = Some(DeclaredResult::Black)));
    assert!(!with(&|c| c.declared = Some(DeclaredResult::Unknown)));
    assert!(with(&|c| c.end = Some(End::BlackFive)));
    assert!(!with(&|c| c.end = Some(End::None)));
    assert!(with(&|c| c.verdict = Some(parse_verdict("ok").unwrap())));
    assert!(!with(&|c| c.verdict = Some(GameVerdict::Warning)));
    // a field the record lacks never matches a text
    let mut bare = g.clone();
    bare.event = None;
    let c = Conditions {
        event: Some("cup".into()),
        ..Conditions::default()
    };
    assert!(!c.matches(&bare));
    // findings: moves after the five, and a declared result the board contradicts
    let mut after = g.clone();
    after.moves.push("b2".parse().unwrap());
    let finding = |k: &str| Conditions {
        finding: Some(k.parse::<FindingKind>().unwrap()),
        ..Conditions::default()
    };
    assert!(finding("moves-after-end").matches(&after));
    assert!(!finding("moves-after-end").matches(&g));
    let mut wrong = g.clone();
    wrong.result = DeclaredResult::White;
    assert!(finding("result-mismatch").matches(&wrong));
    assert!(finding("illegal").matches(&game("h8 h8")));
    assert!("no-such-kind".parse::<FindingKind>().is_err());
    assert!(parse_verdict("unreadable").is_err());
}

/// `--finding` takes every kind the auditor reports (issue 26 item 4, issue 28): the missed
/// wins and the opening-protocol findings of a rule that wants the 26 included.
#[test]
fn every_finding_kind_is_a_condition() {
    use renju_archive::filter::parse_finding;
    for k in FindingKind::ALL {
        assert_eq!(parse_finding(k.name()), Ok(k));
        assert_eq!(parse_finding(&k.name().to_uppercase()), Ok(k));
    }
    let e = parse_finding("vcf").unwrap_err().to_string();
    for k in [
        "missed-vcf",
        "lost-with-vcf",
        "unreadable",
        "opening-protocol",
    ] {
        assert!(e.contains(k), "{e}");
    }
    let finding = |k: FindingKind| Conditions {
        finding: Some(k),
        ..Conditions::default()
    };
    // Black's open three h8 i8 j8; White a4 leaves it, Black plays b14 instead of the VCF
    // (g8 or k8), and the record stops declared a White win: both missed-wins kinds.
    let mut missed = game("h8 a1 i8 a2 j8 a4 b14 a6");
    missed.result = DeclaredResult::White;
    assert!(finding(FindingKind::MissedVcf).matches(&missed));
    assert!(finding(FindingKind::LostWithVcf).matches(&missed));
    let mut won = game("h8 a1 i8 a2 j8 a4 k8 a6");
    won.result = DeclaredResult::White;
    assert!(!finding(FindingKind::MissedVcf).matches(&won));
    // black 1 off the centre under RIF: first-move-off-centre and opening-protocol
    let mut rif = game("g7 h9 i10 a1");
    rif.rule = Some("RIF".into());
    assert!(finding(FindingKind::FirstMoveOffCentre).matches(&rif));
    assert!(finding(FindingKind::OpeningProtocol).matches(&rif));
    rif.rule = None;
    assert!(!finding(FindingKind::OpeningProtocol).matches(&rif));
    // a record read is never unreadable
    assert!(!finding(FindingKind::Unreadable).matches(&game("h8 h9")));
}

fn arb_game() -> impl Strategy<Value = GameRecord> {
    proptest::collection::vec((4u8..11, 4u8..11, 0u8..20), 0..6).prop_map(|v| {
        let mut g = GameRecord::new(15);
        g.moves = v
            .into_iter()
            .map(|(c, r, p)| {
                if p == 0 {
                    Move::Pass
                } else {
                    Move::Stone(Point::new(c, r).unwrap())
                }
            })
            .collect();
        if g.moves.len() > 1 && g.moves.len().is_multiple_of(2) {
            g.moves[0] = Move::Stone(Point::CENTER);
        }
        g
    })
}

proptest! {
    #[test]
    fn opening_is_the_auditors(g in arb_game()) {
        let a = audit(&g, &Settings::default());
        let theirs = match a.opening {
            renju_analyzer::Opening::Identified { code, .. } => code,
            _ => None,
        };
        prop_assert_eq!(opening_code(&g, &Settings::default()), theirs);
    }
}
