//! The hand-written games of `corpus/games/`, audited under every setting that matters.
//!
//! Each expectation below was worked out from the rules (`RULES.md` sections 3-5) and the
//! position, written next to it; the failure message shows the final board as a diagram.

use renju_analyzer::{
    ClaimPolicy, Consistency, End, GameAudit, GameVerdict, IllegalKind, Settings, UnreadableMove,
    audit, audit_with_unreadable,
};
use renju_core::{Board, Color, Convention, Foul, MAX_SIZE, Move, RuleSet};
use renju_notation::GameRecord;

/// Reads a `.renju` line (`<result> <moves...>`) the simple way: points are read on the
/// largest board so that an off-board point reaches the analyzer; a text that is no point at
/// all stops the reading and is returned as the unreadable move.
fn load(name: &str) -> (GameRecord, Option<UnreadableMove>) {
    let path = renju_testdata::repo("corpus/games").join(format!("{name}.renju"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let path = path.display();
    let mut words = text.split_whitespace();
    let mut record = GameRecord::new(15);
    record.result = words
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{path}: no result word"));
    for (i, w) in words.enumerate() {
        match Move::parse_sized(w, MAX_SIZE) {
            Ok(m) => record.moves.push(m),
            Err(e) => {
                let u = UnreadableMove {
                    number: i + 1,
                    text: w.to_string(),
                    reason: e.to_string(),
                };
                return (record, Some(u));
            }
        }
    }
    (record, None)
}

fn run(name: &str, settings: Settings) -> (GameAudit, String) {
    let (record, unreadable) = load(name);
    let a = match &unreadable {
        Some(u) => audit_with_unreadable(&record, &settings, u),
        None => audit(&record, &settings),
    };
    (a, diagram(&record))
}

/// The board after every move that can be played (as far as the replay goes).
fn diagram(record: &GameRecord) -> String {
    let mut b = Board::renju();
    for (i, m) in record.moves.iter().enumerate() {
        if let Move::Stone(p) = m
            && b.place(*p, Color::of_move_number(i + 1)).is_err()
        {
            break;
        }
    }
    b.to_diagram()
}

fn s(rules: RuleSet, convention: Convention, claim: ClaimPolicy) -> Settings {
    Settings::new(rules, convention, claim)
}

const RENJU: Settings = Settings::new(RuleSet::Renju, Convention::Lenient, ClaimPolicy::Claim);

struct Expect {
    end: End,
    end_move: Option<usize>,
    continues: bool,
    verdict: GameVerdict,
    findings: &'static [&'static str],
}

fn expect(name: &str, settings: Settings, e: Expect) -> GameAudit {
    let (a, board) = run(name, settings);
    let kinds: Vec<&str> = a.findings.iter().map(|f| f.kind().name()).collect();
    let got = (a.end, a.end_move, a.continues, a.verdict(), kinds.clone());
    let want = (
        e.end,
        e.end_move,
        e.continues,
        e.verdict,
        e.findings.to_vec(),
    );
    assert_eq!(
        got,
        want,
        "\n{name} under {settings}\n{board}\ndetail: {}\n{a:#?}",
        a.detail()
    );
    a
}

#[test]
fn black_five_ends_the_game() {
    // h8 i8 j8 k8 l8: an exact five at move 9 (g8 and m8 empty).
    let a = expect(
        "black-five",
        RENJU,
        Expect {
            end: End::BlackFive,
            end_move: Some(9),
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
    assert_eq!(a.consistency.name(), "ok");
    assert!(
        a.detail().contains("black five at move 9"),
        "{}",
        a.detail()
    );
}

#[test]
fn white_five_ends_the_game() {
    // h9 i9 j9 k9 l9 at move 10.
    expect(
        "white-five",
        RENJU,
        Expect {
            end: End::WhiteFive,
            end_move: Some(10),
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
}

#[test]
fn white_overline_wins_except_in_standard_gomoku() {
    // k9 joins h9 i9 j9 and l9 m9: six white stones. Renju and free-style: a win for White.
    for rules in [RuleSet::Renju, RuleSet::FreeStyle] {
        expect(
            "white-overline",
            s(rules, Convention::Lenient, ClaimPolicy::Claim),
            Expect {
                end: End::WhiteFive,
                end_move: Some(12),
                continues: false,
                verdict: GameVerdict::Ok,
                findings: &[],
            },
        );
    }
    // Standard gomoku: exactly five wins, six is nothing; the declared White win is then a
    // resignation.
    let a = expect(
        "white-overline",
        s(
            RuleSet::StandardGomoku,
            Convention::Lenient,
            ClaimPolicy::Claim,
        ),
        Expect {
            end: End::None,
            end_move: None,
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
    assert!(a.consistency_reason().contains("resignation"));
}

#[test]
fn double_three_claimed_at_once() {
    // j8 makes h8 i8 j8 (row) and j8 j9 j10 (column), both open: a 3-3, and the record ends.
    let a = expect(
        "double-three-claimed",
        RENJU,
        Expect {
            end: End::Foul(Foul::DoubleThree),
            end_move: Some(9),
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
    assert_eq!(a.end.name(), "foul-double-three");
}

#[test]
fn double_three_lapsed_under_claim_decides_under_foul_loses_refused_under_refuse() {
    // Same 3-3 at move 9, but White played a1: under claim the foul lapsed.
    let a = expect(
        "double-three-lapsed",
        RENJU,
        Expect {
            end: End::None,
            end_move: None,
            continues: false,
            verdict: GameVerdict::Warning,
            findings: &["lapsed-foul"],
        },
    );
    assert_eq!(a.findings[0].move_number(), Some(9));
    // The declared Black win stands as a resignation.
    assert!(matches!(a.consistency, Consistency::Ok(_)));
    // Foul loses: White won at move 9, so the declared Black win contradicts the board.
    expect(
        "double-three-lapsed",
        s(RuleSet::Renju, Convention::Lenient, ClaimPolicy::FoulLoses),
        Expect {
            end: End::Foul(Foul::DoubleThree),
            end_move: Some(9),
            continues: true,
            verdict: GameVerdict::ResultMismatch,
            findings: &["moves-after-end"],
        },
    );
    // Refuse: j8 cannot be played at all.
    let (a, board) = run(
        "double-three-lapsed",
        s(RuleSet::Renju, Convention::Lenient, ClaimPolicy::Refuse),
    );
    let ill = a
        .illegal
        .clone()
        .unwrap_or_else(|| panic!("{board}\n{a:#?}"));
    assert_eq!(ill.number, 9, "{board}");
    assert!(matches!(
        ill.kind,
        IllegalKind::Forbidden {
            foul: Foul::DoubleThree,
            ..
        }
    ));
    assert_eq!(a.verdict(), GameVerdict::Illegal);
    // Free-style has no fouls: nothing happens at j8.
    expect(
        "double-three-lapsed",
        s(RuleSet::FreeStyle, Convention::Lenient, ClaimPolicy::Refuse),
        Expect {
            end: End::None,
            end_move: None,
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
}

#[test]
fn double_four_claimed() {
    // k8 makes h8 i8 j8 k8 and k8 k9 k10 k11: two fours, no five.
    expect(
        "double-four-claimed",
        RENJU,
        Expect {
            end: End::Foul(Foul::DoubleFour),
            end_move: Some(13),
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
}

#[test]
fn overline_claimed() {
    // k8 fills h8 i8 j8 _ l8 m8: six in a row.
    expect(
        "overline-claimed",
        RENJU,
        Expect {
            end: End::Foul(Foul::Overline),
            end_move: Some(11),
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
}

#[test]
fn overline_stays_claimable_until_black_wins() {
    // Three more moves after the overline and no five: White may still claim it.
    expect(
        "overline-claimed-late",
        RENJU,
        Expect {
            end: End::Foul(Foul::Overline),
            end_move: Some(11),
            continues: true,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
    let (a, _) = run("overline-claimed-late", RENJU);
    assert_eq!(
        a.detail(),
        "declared white agrees with the board: black overline foul at move 11, \
         still claimable when the record stops at move 14"
    );
    let (a, _) = run("overline-then-black-five", RENJU);
    let text = a.to_string();
    for line in [
        "settings: rules renju, convention lenient, claim policy claim",
        "moves: 19, declared: black",
        "end: black-five at move 19",
        "consistency: ok: declared black agrees with the board: black five at move 19",
        "opening: opening 6D",
        "finding: overline foul at move 11 (k8) was never claimed",
        "verdict: warning",
    ] {
        assert!(text.contains(line), "{line:?} missing from\n{text}");
    }
    // Black then makes h4..h8 (h9 white) at move 19: Black won, the overline was never claimed.
    expect(
        "overline-then-black-five",
        RENJU,
        Expect {
            end: End::BlackFive,
            end_move: Some(19),
            continues: false,
            verdict: GameVerdict::Warning,
            findings: &["unclaimed-overline"],
        },
    );
}

#[test]
fn overline_under_other_policies_and_rule_sets() {
    let name = "overline-then-black-five";
    // Foul loses: White won at move 11; the record says Black.
    expect(
        name,
        s(RuleSet::Renju, Convention::Lenient, ClaimPolicy::FoulLoses),
        Expect {
            end: End::Foul(Foul::Overline),
            end_move: Some(11),
            continues: true,
            verdict: GameVerdict::ResultMismatch,
            findings: &["moves-after-end"],
        },
    );
    // Free-style: six wins for Black at move 11.
    expect(
        name,
        s(RuleSet::FreeStyle, Convention::Lenient, ClaimPolicy::Claim),
        Expect {
            end: End::BlackFive,
            end_move: Some(11),
            continues: true,
            verdict: GameVerdict::Warning,
            findings: &["moves-after-end"],
        },
    );
    // Standard: six is nothing; the later exact five wins.
    expect(
        name,
        s(
            RuleSet::StandardGomoku,
            Convention::Lenient,
            ClaimPolicy::Claim,
        ),
        Expect {
            end: End::BlackFive,
            end_move: Some(19),
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
}

#[test]
fn full_board_is_a_draw() {
    // The stones follow the pattern "two black, two white" along rows, shifted by two each
    // row: no line ever holds three black or three white stones within four points, so there
    // is no five, no three and no foul, and the 225th move fills the board.
    let a = expect(
        "draw-full-board",
        RENJU,
        Expect {
            end: End::DrawFullBoard,
            end_move: Some(225),
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
    assert_eq!(a.moves, 225);
    for rules in RuleSet::ALL {
        let (a, board) = run(
            "draw-full-board",
            s(rules, Convention::Strict, ClaimPolicy::Refuse),
        );
        assert_eq!(a.end, End::DrawFullBoard, "{rules}\n{board}");
    }
}

#[test]
fn no_decisive_event() {
    let a = expect(
        "resignation",
        RENJU,
        Expect {
            end: End::None,
            end_move: None,
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
    assert!(a.detail().contains("resignation"), "{}", a.detail());
    let a = expect(
        "draw-agreed",
        RENJU,
        Expect {
            end: End::None,
            end_move: None,
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
    assert!(a.detail().contains("agreement"), "{}", a.detail());
}

#[test]
fn result_mismatch() {
    // Black made five at move 9, the record declares White.
    let a = expect(
        "result-mismatch",
        RENJU,
        Expect {
            end: End::BlackFive,
            end_move: Some(9),
            continues: false,
            verdict: GameVerdict::ResultMismatch,
            findings: &[],
        },
    );
    assert_eq!(
        a.detail(),
        "declared white but the board shows black five at move 9"
    );
}

#[test]
fn moves_after_the_end() {
    let a = expect(
        "moves-after-end",
        RENJU,
        Expect {
            end: End::BlackFive,
            end_move: Some(9),
            continues: true,
            verdict: GameVerdict::Warning,
            findings: &["moves-after-end"],
        },
    );
    assert_eq!(a.moves, 11);
    assert!(
        a.detail().starts_with("2 moves after the end at move 9"),
        "{}",
        a.detail()
    );
}

#[test]
fn illegal_moves_stop_the_replay() {
    let (a, board) = run("occupied", RENJU);
    let ill = a.illegal.clone().unwrap_or_else(|| panic!("{board}"));
    assert_eq!(ill.number, 4);
    assert_eq!(ill.kind.name(), "occupied");
    assert_eq!(
        a.detail(),
        "move 4 (h8) is on a point already holding black"
    );
    assert_eq!(a.verdict(), GameVerdict::Illegal);
    assert_eq!(
        a.consistency,
        Consistency::Unknown(renju_analyzer::Undecided::ReplayStopped)
    );

    let (a, board) = run("off-board", RENJU);
    let ill = a.illegal.clone().unwrap_or_else(|| panic!("{board}"));
    assert_eq!((ill.number, ill.kind.name()), (4, "off-board"));
    assert!(
        a.detail().contains("p16 is off") || a.detail().contains("(p16) is off"),
        "{}",
        a.detail()
    );

    let (a, board) = run("unreadable-move", RENJU);
    let ill = a.illegal.clone().unwrap_or_else(|| panic!("{board}"));
    assert_eq!((ill.number, ill.kind.name()), (4, "unreadable-move"));
    assert_eq!(a.moves, 4);
    assert!(a.detail().contains("'hh'"), "{}", a.detail());
}

#[test]
fn first_move_off_centre_and_openings() {
    let a = expect(
        "first-move-off-centre",
        RENJU,
        Expect {
            end: End::None,
            end_move: None,
            continues: false,
            verdict: GameVerdict::Warning,
            findings: &["first-move-off-centre"],
        },
    );
    assert_eq!(a.consistency.name(), "unknown");
    // Free-style is not held to the renju opening.
    expect(
        "first-move-off-centre",
        s(RuleSet::FreeStyle, Convention::Lenient, ClaimPolicy::Claim),
        Expect {
            end: End::None,
            end_move: None,
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
    // Black 3 on l8, four lines from h8: outside the 5x5 area.
    expect(
        "not-an-opening",
        RENJU,
        Expect {
            end: End::None,
            end_move: None,
            continues: false,
            verdict: GameVerdict::Warning,
            findings: &["not-an-opening"],
        },
    );
}

#[test]
fn a_pass_uses_a_turn() {
    // White passes four times: h8 i8 j8 k8 l8 are all black, five at move 9.
    expect(
        "passes",
        RENJU,
        Expect {
            end: End::BlackFive,
            end_move: Some(9),
            continues: false,
            verdict: GameVerdict::Warning,
            findings: &["not-an-opening"],
        },
    );
}

/// The position of `eye-makes-five` before Black's j8 (move 17). j8 makes two threes:
/// row h8 i8 j8 (g8 leads to a closed four because of white f8, so its only straight-four
/// point is k8) and column j8 j9 j10 (straight-four points j7 and j11, both legal). k8 also
/// completes k8 k9 k10 k11 k12, an exact five (k7 empty, k13 white).
/// Lenient: k8 is a five, not a straight four, so the row three is not open; one open three;
/// j8 is legal. Strict: k8 is a legal winning move, so the row three is open; j8 is a 3-3.
#[test]
fn the_two_conventions_give_different_ends() {
    let (record, _) = load("eye-makes-five");
    let before = {
        let mut r = record.clone();
        r.moves.pop();
        diagram(&r)
    };
    let expected_before = Board::from_diagram(
        "
        15 . . . . . . . . . . . . . . .
        14 . o . . . . . . . . . . . o .
        13 . . . . . . . . . . o . . . .
        12 . . . . . . . . . . x . . . .
        11 . . . . . . . . . . x . . . .
        10 . . . . . . . . . x x . . . .
         9 . . . . . . o . . x x . . . .
         8 o . . . . o . x x . . . . . .
         7 . . . . . . . . . . . . . . .
         6 . . . . . . . . . . . . . . .
         5 . . . . . . . . . . . . . . .
         4 . . . . . . . . . . . . . . .
         3 . . . . . . . . . . . . . . .
         2 . o . . . . . . . . . . . o .
         1 . . . . . . . . . . . . . . .
            a b c d e f g h i j k l m n o",
    )
    .map(|b| b.to_diagram());
    assert_eq!(
        expected_before.as_deref(),
        Ok(before.as_str()),
        "\n{before}"
    );

    let lenient = expect(
        "eye-makes-five",
        RENJU,
        Expect {
            end: End::None,
            end_move: None,
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
    assert!(matches!(lenient.consistency, Consistency::Ok(_)));
    expect(
        "eye-makes-five",
        s(RuleSet::Renju, Convention::Strict, ClaimPolicy::Claim),
        Expect {
            end: End::Foul(Foul::DoubleThree),
            end_move: Some(17),
            continues: false,
            verdict: GameVerdict::Ok,
            findings: &[],
        },
    );
}

#[test]
fn conventions_and_claim_policies_together() {
    // White a15, then Black k8: the five k8..k12 at move 19.
    let name = "eye-makes-five-then-five";
    for claim in ClaimPolicy::ALL {
        expect(
            name,
            s(RuleSet::Renju, Convention::Lenient, claim),
            Expect {
                end: End::BlackFive,
                end_move: Some(19),
                continues: false,
                verdict: GameVerdict::Ok,
                findings: &[],
            },
        );
    }
    let strict = |claim| s(RuleSet::Renju, Convention::Strict, claim);
    expect(
        name,
        strict(ClaimPolicy::Claim),
        Expect {
            end: End::BlackFive,
            end_move: Some(19),
            continues: false,
            verdict: GameVerdict::Warning,
            findings: &["lapsed-foul"],
        },
    );
    expect(
        name,
        strict(ClaimPolicy::FoulLoses),
        Expect {
            end: End::Foul(Foul::DoubleThree),
            end_move: Some(17),
            continues: true,
            verdict: GameVerdict::ResultMismatch,
            findings: &["moves-after-end"],
        },
    );
    let (a, board) = run(name, strict(ClaimPolicy::Refuse));
    assert_eq!(
        a.illegal.as_ref().map(|i| (i.number, i.kind.name())),
        Some((17, "forbidden")),
        "\n{board}"
    );
}

#[test]
fn every_game_is_audited_without_panic_under_every_setting() {
    let dir = renju_testdata::repo("corpus/games");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("corpus/games").flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("renju") {
            continue;
        }
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        for rules in RuleSet::ALL {
            for convention in Convention::ALL {
                for claim in ClaimPolicy::ALL {
                    let (a, board) = run(&name, s(rules, convention, claim));
                    // Invariants: end_move within the record, continues exactly when moves
                    // follow it, none without a move, declared result carried through.
                    assert_eq!(a.end_move.is_none(), a.end == End::None, "{name}\n{board}");
                    if let Some(e) = a.end_move {
                        assert!(e >= 1 && e <= a.moves, "{name}\n{board}");
                        assert_eq!(a.continues, e < a.moves, "{name}\n{board}");
                    }
                    assert!(!a.detail().is_empty());
                    assert_eq!(a.declared, load(&name).0.result);
                }
            }
        }
        n += 1;
    }
    assert!(n >= 20, "only {n} games in {}", dir.display());
}

#[test]
fn a_pass_after_a_foul_is_not_a_claim() {
    // White passes instead of claiming the 3-3 at move 9: a turn taken, the foul lapsed.
    let (mut record, _) = load("double-three-claimed");
    record.moves.push(Move::Pass);
    let board = diagram(&record);
    let a = audit(&record, &RENJU);
    assert_eq!(
        (a.end, a.findings.first().map(|f| f.kind().name())),
        (End::None, Some("lapsed-foul")),
        "\n{board}\n{a}"
    );
    let a = audit(
        &record,
        &s(RuleSet::Renju, Convention::Lenient, ClaimPolicy::FoulLoses),
    );
    assert_eq!(
        (a.end_move, a.continues, a.moves),
        (Some(9), true, 10),
        "\n{board}\n{a}"
    );
    assert_eq!(
        a.detail(),
        "1 move after the end at move 9; black double-three foul at move 9"
    );
}

#[test]
fn an_illegal_move_after_the_end_is_still_reported() {
    // Black's five at move 9, then White plays on h8, which holds a black stone.
    let (mut record, _) = load("black-five");
    record.moves.push(Move::Stone(renju_core::Point::CENTER));
    let board = diagram(&record);
    let a = audit(&record, &RENJU);
    assert_eq!(
        (a.end, a.end_move, a.continues),
        (End::BlackFive, Some(9), true),
        "\n{board}"
    );
    assert_eq!(a.illegal.as_ref().map(|i| i.number), Some(10), "\n{board}");
    assert_eq!(a.verdict(), GameVerdict::Illegal);
    // The declared result still agrees with the part that was played.
    assert!(matches!(a.consistency, Consistency::Ok(_)), "\n{a}");
}
