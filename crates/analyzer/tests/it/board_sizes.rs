//! Records of other board sizes (issue 13 item 4): under renju rules, which are played on 15x15
//! only, they are reported (verdict `illegal`, kind `bad-board-size`, with a sentence saying
//! why and what to do); under free-style and standard gomoku they are audited on their board.

use crate::common;
use common::record;

use renju_analyzer::{End, GameVerdict, Settings, audit};
use renju_core::RuleSet;
use renju_notation::{DeclaredResult, GameRecord, Orientation, read_all};

fn under(rules: RuleSet) -> Settings {
    Settings {
        rules,
        ..Settings::default()
    }
}

#[test]
fn a_19x19_five_beyond_the_15x15_corner() {
    // Black s15..s19 (columns and rows beyond o15): a five that exists only on 19x19.
    let r = record(19, "s15 a1 s16 a2 s17 a3 s18 a4 s19", DeclaredResult::Black);
    for rules in [RuleSet::FreeStyle, RuleSet::StandardGomoku] {
        let a = audit(&r, &under(rules));
        assert_eq!((a.end, a.end_move), (End::BlackFive, Some(9)), "{rules:?}");
        assert_eq!(a.verdict(), GameVerdict::Ok, "{rules:?}: {a}");
        assert!(a.findings.is_empty(), "{a}");
    }
    let a = audit(&r, &Settings::default());
    assert_eq!(a.verdict(), GameVerdict::Illegal, "{a}");
    assert_eq!(
        a.illegal.as_ref().map(|i| (i.number, i.kind.name())),
        Some((0, "bad-board-size"))
    );
    assert_eq!(
        a.detail(),
        "a 19x19 board under renju rules, which are played on 15x15 only (audit it under \
         free-style or standard gomoku)"
    );
}

#[test]
fn a_20x20_psq_game_is_read_and_audited_on_its_board() {
    // Piskvork psq: header with the board size, then x,y,time lines (1-based, row 1 on top).
    // Black (first) plays column 20 from the corner down: a five at move 9.
    let psq = "Piskvorky 20x20, 11:11, 0\n20,20,0\n1,1,0\n20,19,0\n1,2,0\n20,18,0\n1,3,0\n\
               20,17,0\n1,4,0\n20,16,0\n-1\n";
    let games: Vec<GameRecord> = read_all(
        renju_notation::Format::Psq,
        psq.as_bytes(),
        "t.psq",
        Orientation::RowOneAtTop,
    )
    .map(|g| g.unwrap_or_else(|e| panic!("{e}")))
    .collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].board_size, 20);
    let a = audit(&games[0], &under(RuleSet::FreeStyle));
    assert_eq!((a.end, a.end_move), (End::BlackFive, Some(9)), "{a}");
    assert!(a.findings.is_empty(), "{a}");
    let a = audit(&games[0], &Settings::default());
    assert_eq!(a.verdict(), GameVerdict::Illegal, "{a}");
    assert!(
        a.detail().starts_with("a 20x20 board under renju rules"),
        "{a}"
    );
}

#[test]
fn fifteen_is_not_reported_and_a_bad_size_stays_illegal() {
    let r = record(15, "h8 h9 i8", DeclaredResult::Unknown);
    assert!(audit(&r, &Settings::default()).findings.is_empty());
    for rules in [RuleSet::Renju, RuleSet::FreeStyle] {
        let a = audit(&GameRecord::new(25), &under(rules));
        assert_eq!(a.verdict(), GameVerdict::Illegal);
        assert_eq!(a.detail(), "board side 25 is not supported (sides 5 to 20)");
    }
}
