//! Opening rules on records (issue 21): hand-made RenjuNet (`.rif`) and SGF games, each rule
//! correct and broken in every way a record can show, read through the real readers, in all 8
//! orientations. Expected verdicts are reasoned from the rule texts (`RULES.md` section 6,
//! `data/opening-rules.md`), written beside each case.

use crate::common;
use common::pts;

use renju_analyzer::opening::{ProtocolProblem, RuleName, check_opening};
use renju_analyzer::{Finding, GameAudit, Settings, audit};
use renju_core::{Point, RENJU_SIZE, Symmetry};
use renju_notation::{Format, GameRecord, Orientation, read_all};

/// One hand-made game: rule name as written, moves, RIF `alt` and `swap` attributes (`None`:
/// the attribute is absent).
#[derive(Clone, Copy)]
struct Game {
    rule: &'static str,
    moves: &'static str,
    alt: Option<&'static str>,
    swap: Option<&'static str>,
}

const fn game(
    rule: &'static str,
    moves: &'static str,
    alt: Option<&'static str>,
    swap: Option<&'static str>,
) -> Game {
    Game {
        rule,
        moves,
        alt,
        swap,
    }
}

fn image(s: &str, sym: Symmetry) -> String {
    pts(s)
        .into_iter()
        .map(|p| sym.apply(p, RENJU_SIZE).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn rif_text(g: &Game, sym: Symmetry) -> String {
    let mut attrs = String::new();
    if let Some(a) = g.alt {
        // A list of points is mapped with the game; anything else is kept as written.
        let a = if a.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
            image(a, sym)
        } else {
            a.to_string()
        };
        attrs.push_str(&format!(" alt=\"{a}\""));
    }
    if let Some(s) = g.swap {
        attrs.push_str(&format!(" swap=\"{s}\""));
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database>\n<rules><rule id=\"4\" name=\"{}\"/></rules>\n\
         <games>\n<game id=\"1\" rule=\"4\" bresult=\"1\"{attrs}><move>{}</move></game>\n</games>\n</database>\n",
        g.rule,
        image(g.moves, sym)
    )
}

fn sgf_point(p: Point) -> String {
    let col = (b'a' + p.col()) as char;
    let row = (b'a' + (RENJU_SIZE - 1 - p.row())) as char;
    format!("{col}{row}")
}

fn sgf_text(g: &Game, sym: Symmetry) -> String {
    let mut root = format!("(;GM[4]FF[4]SZ[15]RU[{}]RE[B+Resign]", g.rule);
    if let Some(a) = g.alt {
        root.push_str("5A");
        for p in pts(a) {
            root.push_str(&format!("[{}]", sgf_point(sym.apply(p, RENJU_SIZE))));
        }
    }
    if let Some(s) = g.swap.filter(|s| !s.is_empty()) {
        root.push_str("SW");
        for c in s.chars() {
            root.push_str(if c == 'R' { "[YES]" } else { "[NO]" });
        }
    }
    for (i, p) in pts(g.moves).into_iter().enumerate() {
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        root.push_str(&format!(
            ";{colour}[{}]",
            sgf_point(sym.apply(p, RENJU_SIZE))
        ));
    }
    root.push(')');
    root
}

fn read(format: Format, text: &str) -> GameRecord {
    let mut all: Vec<GameRecord> = read_all(format, text.as_bytes(), "t", Orientation::default())
        .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{text}")))
        .collect();
    assert_eq!(all.len(), 1, "{text}");
    all.remove(0)
}

/// The protocol findings (by violation name), the other findings (by kind) and the notes.
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    protocol: Vec<String>,
    findings: Vec<&'static str>,
    notes: Vec<String>,
}

fn variant<T: std::fmt::Debug>(v: &T) -> String {
    let d = format!("{v:?}");
    d.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_string()
}

fn outcome(a: &GameAudit) -> Outcome {
    let mut protocol = Vec::new();
    let mut findings = Vec::new();
    for f in &a.findings {
        match f {
            Finding::OpeningProtocol(ProtocolProblem::Recorded { violation, .. }) => {
                protocol.push(variant(violation));
            }
            Finding::OpeningProtocol(p) => protocol.push(variant(p)),
            other => findings.push(other.kind().name()),
        }
    }
    let notes =
        a.notes
            .iter()
            .map(|n| match n {
                renju_analyzer::Note::Opening(
                    renju_analyzer::opening::OpeningNote::NotCheckable { what, .. },
                ) => variant(what),
                other => other.kind().to_string(),
            })
            .collect();
    Outcome {
        protocol,
        findings,
        notes,
    }
}

/// Audits the game as RIF and as SGF in all 8 orientations; every one must give `want`.
fn expect(g: Game, protocol: &[&str], findings: &[&'static str], notes: &[&str]) {
    let mut want = Outcome {
        protocol: protocol.iter().map(|s| s.to_string()).collect(),
        findings: findings.to_vec(),
        notes: notes.iter().map(|s| s.to_string()).collect(),
    };
    // Swap1, gomoku swap and Swap2 are gomoku rules (data/opening-rules.md, formats.md): the
    // audit under renju says so in a note.
    if matches!(
        g.rule.to_ascii_lowercase().as_str(),
        "swap1" | "swap" | "swap2"
    ) {
        want.notes.push("rules-differ".into());
    }
    let mut runs = 0;
    for sym in Symmetry::ALL {
        for (format, text) in [
            (Format::Rif, rif_text(&g, sym)),
            (Format::Sgf, sgf_text(&g, sym)),
        ] {
            let record = read(format, &text);
            let a = audit(&record, &Settings::default());
            assert_eq!(outcome(&a), want, "{format:?} {sym:?}\n{text}\n{a}");
            // Notes never change the verdict: they are not findings.
            assert_eq!(
                a.verdict() == renju_analyzer::GameVerdict::Ok,
                protocol.is_empty() && findings.is_empty(),
                "{text}"
            );
            runs += 1;
        }
    }
    assert_eq!(runs, 16);
}

// 1I 長星 h8 i9 j10 with white 4 on k11: the four stones lie on one diagonal, B W B W, and the
// only isometry keeping them is the reflection in that diagonal (g9 <-> i7, j8 <-> h10; g7
// and points on the diagonal are fixed). Any other isometry would have to map the black pair
// {h8, j10} and the white pair {i9, k11} onto themselves, which reverses the colour order.
const RIF_MOVES: &str = "h8 i9 j10 k11 g9 a1";

#[test]
fn rif_correct_and_every_violation() {
    // Correct: two non-equivalent offers, g9 kept; with or without swap, swapped or not.
    for swap in [None, Some("R"), Some("-")] {
        expect(game("RIF", RIF_MOVES, Some("g9 j8"), swap), &[], &[], &[]);
    }
    // Offers not recorded: a note, whatever the swap attribute says (issue 21).
    for swap in [None, Some("R"), Some("-"), Some("")] {
        expect(
            game("RIF", RIF_MOVES, None, swap),
            &[],
            &[],
            &["OffersNotRecorded"],
        );
    }
    // Mirror images about the diagonal.
    expect(
        game("RIF", RIF_MOVES, Some("g9 i7"), Some("-")),
        &["EquivalentOffers"],
        &[],
        &[],
    );
    // One and three offers where RIF asks for two.
    expect(
        game("RIF", RIF_MOVES, Some("g9"), None),
        &["OfferCount"],
        &[],
        &[],
    );
    expect(
        game("RIF", RIF_MOVES, Some("g9 j8 g7"), None),
        &["OfferCount"],
        &[],
        &[],
    );
    // The same point twice.
    expect(
        game("RIF", RIF_MOVES, Some("g9 g9"), None),
        &["RepeatedOffer"],
        &[],
        &[],
    );
    // The 5th move played is not offered.
    expect(
        game("RIF", RIF_MOVES, Some("j8 g7"), None),
        &["FifthNotOffered"],
        &[],
        &[],
    );
    // An offer on white 2.
    expect(
        game("RIF", RIF_MOVES, Some("i9 g9"), None),
        &["OfferOnStone"],
        &[],
        &[],
    );
    // Two swap decisions: RIF has one swap chance (after 3).
    expect(
        game("RIF", RIF_MOVES, Some("g9 j8"), Some("R-")),
        &["SwapWithoutRight"],
        &[],
        &[],
    );
    // Stones 1-3 not one of the 26: the opening findings, and RIF is broken too (issue 26
    // item 6): an opening-protocol finding naming the stone outside its area.
    expect(
        game("RIF", "h8 h10 j10 k11 g9 a1", Some("g9 j8"), None),
        &["OutsideArea"],
        &["not-an-opening"],
        &[],
    );
    expect(
        game("RIF", "a1 i9 j10 k11 g9 b1", Some("g9 j8"), None),
        &["OutsideArea"],
        &["first-move-off-centre"],
        &[],
    );
    expect(
        game("RIF", "h8 i9 l12 k11 g9 a1", Some("g9 j8"), None),
        &["OutsideArea"],
        &["not-an-opening"],
        &[],
    );
    // A game that ends before move 5 needs no offers.
    expect(game("RIF", "h8 i9 j10 k11", None, Some("R")), &[], &[], &[]);
}

#[test]
fn unreadable_alt_is_kept_and_noted() {
    // RenjuNet has been quoted with alt="51": not points, so the offers are not checkable.
    let g = game("RIF", RIF_MOVES, Some("51"), Some("-"));
    let record = read(Format::Rif, &rif_text(&g, Symmetry::ALL[0]));
    assert_eq!(record.tags.get("alt").map(String::as_str), Some("51"));
    let a = audit(&record, &Settings::default());
    assert_eq!(outcome(&a).notes, ["OffersUnreadable"]);
    assert!(a.findings.is_empty());
    assert!(a.notes[0].to_string().contains("'51'"), "{}", a.notes[0]);
    // Written back, the attribute is unchanged.
    let (bytes, _) = renju_notation::write(
        Format::Rif,
        std::slice::from_ref(&record),
        Orientation::default(),
    );
    let out = String::from_utf8_lossy(&bytes);
    assert!(out.contains("alt=\"51\""), "{out}");
}

#[test]
fn yamaguchi_and_soosorv() {
    // Yamaguchi: N declared by P1, not in RIF/SGF records: any count >= 1 of pairwise
    // non-equivalent offers passes, with a note that the count is not checked against N.
    expect(
        game("Yamaguchi", RIF_MOVES, Some("g9 j8 g7"), Some("-")),
        &[],
        &[],
        &["DeclarationNotRecorded"],
    );
    expect(
        game("Yamaguchi", RIF_MOVES, None, Some("-")),
        &[],
        &[],
        &["OffersNotRecorded"],
    );
    expect(
        game("Yamaguchi", RIF_MOVES, Some("g9 j8 i7"), None),
        &["EquivalentOffers"],
        &[],
        &["DeclarationNotRecorded"],
    );
    // Soosõrv-8 (RenjuNet: Soosyrv-8): swaps after 3 and after 4, 1..=8 offers.
    for swap in [None, Some("R"), Some("RR"), Some("-R")] {
        expect(
            game("Soosyrv-8", RIF_MOVES, Some("g9 j8"), swap),
            &[],
            &[],
            &["DeclarationNotRecorded"],
        );
    }
    expect(
        game("Soosyrv-8", RIF_MOVES, Some("g9 j8"), Some("R-R")),
        &["SwapWithoutRight"],
        &[],
        &["DeclarationNotRecorded"],
    );
    // Nine offers where at most 8 may be declared (no two of these are mirror images: the
    // ones off the diagonal are all on one side of it).
    expect(
        game(
            "Soosyrv-8",
            "h8 i9 j10 k11 a2 a1",
            Some("a2 a3 a4 a5 a6 a7 a8 a9 a10"),
            None,
        ),
        &["OfferCount"],
        &[],
        &["DeclarationNotRecorded"],
    );
    expect(
        game("Soosyrv", RIF_MOVES, None, Some("--")),
        &[],
        &[],
        &["OffersNotRecorded"],
    );
}

// Taraguchi / Tarannikov stones: 1 h8 (1x1), 2 h9 (3x3), 3 j10 (5x5), 4 k6 (7x7), 5 g12
// (9x9). The 4-stone position h8 j10 (black), h9 k6 (white) keeps no isometry but the
// identity (black pair and white pair are not parallel and not of equal length), so any
// distinct offers are non-equivalent.
const TARA: &str = "h8 h9 j10 k6 g12 a1";
const TARA_OFFERS: &str = "a2 b1 c1 d1 e1 f1 g1 h1 i1 j1";
const TARA_FAR: &str = "h8 h9 j10 k6 a2 a1";

#[test]
fn taraguchi_both_paths() {
    // Path 1: no offers, a swap chance after each of stones 1..5.
    expect(
        game("Taraguchi-10", TARA, None, Some("-R--R")),
        &[],
        &[],
        &[],
    );
    // Path 1 with black 5 outside the 9x9.
    expect(
        game("Taraguchi-10", TARA_FAR, None, Some("-----")),
        &["OutsideArea"],
        &[],
        &[],
    );
    // Stone 4 outside the 7x7 (a 5th swap decision makes it path 1).
    expect(
        game("Taraguchi-10", "h8 h9 j10 l6 g12 a1", None, Some("-----")),
        &["OutsideArea"],
        &[],
        &[],
    );
    // Path 2: ten offers anywhere, four decisions, no swap after 4.
    expect(
        game("Taraguchi-10", TARA_FAR, Some(TARA_OFFERS), Some("R---")),
        &[],
        &[],
        &[],
    );
    expect(
        game("Taraguchi-10", TARA_FAR, Some(TARA_OFFERS), Some("---R")),
        &["OffersAfterSwap"],
        &[],
        &[],
    );
    expect(
        game("Taraguchi-10", TARA_FAR, Some(TARA_OFFERS), Some("-----")),
        &["OffersAndFifthSwap"],
        &[],
        &[],
    );
    expect(
        game("Taraguchi-10", TARA_FAR, Some("a2 b1 c1"), Some("----")),
        &["OfferCount"],
        &[],
        &[],
    );
    // Missing data: offers without swap decisions; 5th far away without offers; 5th inside
    // the 9x9 with neither offers nor a 5th decision.
    expect(
        game("Taraguchi-10", TARA_FAR, Some(TARA_OFFERS), None),
        &[],
        &[],
        &["SwapAfterFourNotRecorded"],
    );
    expect(
        game("Taraguchi-10", TARA_FAR, None, Some("----")),
        &[],
        &[],
        &["OffersNotRecorded"],
    );
    expect(
        game("Taraguchi-10", TARA, None, Some("----")),
        &[],
        &[],
        &["TaraguchiPathNotRecorded"],
    );
    // RenjuNet's alt="51" under Taraguchi: not points, noted.
    let g = game("Taraguchi-10", TARA, Some("51"), Some("R--R-"));
    let a = audit(
        &read(Format::Rif, &rif_text(&g, Symmetry::ALL[0])),
        &Settings::default(),
    );
    assert_eq!(outcome(&a).notes, ["OffersUnreadable"]);
    assert!(a.findings.is_empty(), "{a}");
}

#[test]
fn tarannikov_and_five_times_swap() {
    expect(game("Tarannikov", TARA, None, Some("-R-R-")), &[], &[], &[]);
    expect(
        game("Tarannikov", TARA_FAR, None, None),
        &["OutsideArea"],
        &[],
        &[],
    );
    expect(
        game("Tarannikov", TARA, None, Some("------")),
        &["SwapWithoutRight"],
        &[],
        &[],
    );
    expect(
        game("Tarannikov", TARA, Some("g12 a5"), None),
        &["OffersNotAllowed"],
        &[],
        &[],
    );
    // Stone 3 outside the 5x5: the opening finding, and Tarannikov's protocol broken.
    expect(
        game("Tarannikov", "h8 h9 k11 k6 g12 a1", None, None),
        &["OutsideArea"],
        &["not-an-opening"],
        &[],
    );
}

#[test]
fn swap1_swap2_and_gomoku_swap_let_black_1_stand_anywhere() {
    // Swap1: P1 places black 1 (anywhere), P2 chooses: one decision, after move 1.
    for swap in [None, Some("R"), Some("-")] {
        expect(game("Swap1", "a1 b5 c9 d4", None, swap), &[], &[], &[]);
    }
    expect(
        game("Swap1", "a1 b5 c9 d4", None, Some("R-")),
        &["SwapWithoutRight"],
        &[],
        &[],
    );
    // Swap2: (a)/(b) one decision after 3; (c) P2 places 4 and 5, P1 chooses after 5.
    for swap in ["-", "R", "-R", "--"] {
        expect(
            game("Swap2", "a1 b5 c9 d4 e7 f2", None, Some(swap)),
            &[],
            &[],
            &[],
        );
    }
    expect(
        game("Swap2", "a1 b5 c9 d4 e7 f2", None, Some("R-")),
        &["Swap2ChoiceAfterSwap"],
        &[],
        &[],
    );
    expect(
        game("Swap2", "a1 b5 c9 d4 e7 f2", None, Some("-R-")),
        &["SwapWithoutRight"],
        &[],
        &[],
    );
    expect(
        game("Swap2", "a1 b5 c9 d4 e7 f2", Some("e7 g1"), None),
        &["OffersNotAllowed"],
        &[],
        &[],
    );
    // Gomoku swap: P1 places three stones anywhere, P2 chooses.
    expect(game("swap", "o15 b5 c9 d4", None, Some("R")), &[], &[], &[]);
    expect(
        game("5-move swap", "o15 b5 c9 d4 e7 f2", None, Some("R")),
        &[],
        &[],
        &[],
    );
}

#[test]
fn continuous_swap_on_records() {
    // LianHuan (RenjuNet: LinHuan): one of the 26, a decision after each couple, at most two
    // swaps, at most three couples, and not the two excluded patterns (甲 1-2 S, 甲 3-4 S,
    // 甲 5-6): three couples with the first two swapped. Couples are never recorded: a note.
    let m = RIF_MOVES;
    for swap in [None, Some("R"), Some("R-R"), Some("-RR"), Some("--")] {
        expect(
            game("LinHuan", m, None, swap),
            &[],
            &[],
            &["CouplesNotRecorded"],
        );
    }
    expect(
        game("LinHuan", m, None, Some("RR-")),
        &["OnePlayerPlacedAll"],
        &[],
        &["CouplesNotRecorded"],
    );
    expect(
        game("LinHuan", m, None, Some("RRR")),
        &["TooManySwaps"],
        &[],
        &["CouplesNotRecorded"],
    );
    expect(
        game("LinHuan", m, None, Some("-R--")),
        &["CoupleBeyondSix"],
        &[],
        &["CouplesNotRecorded"],
    );
    expect(
        game("LianHuan", m, Some("g9 j8"), None),
        &["OffersNotAllowed"],
        &[],
        &["CouplesNotRecorded"],
    );
    expect(
        game("LinHuan", "h8 h10 j10 k11 g9 a1", None, None),
        &["OutsideArea"],
        &["not-an-opening"],
        &["CouplesNotRecorded"],
    );
}

#[test]
fn unknown_and_unsupported_rules_are_noted_not_skipped() {
    expect(
        game("Chess", "a1 b5 c9 d4", None, None),
        &[],
        &[],
        &["unknown-opening-rule"],
    );
    expect(
        game("Jonsson", "a1 b5 c9 d4", None, None),
        &[],
        &[],
        &["unsupported-opening-rule"],
    );
    // Sakata starts with one of the 26 in every source: the shape is still judged.
    expect(
        game("Sakata", "a1 i9 j10 k11", None, None),
        &[],
        &["first-move-off-centre"],
        &["unsupported-opening-rule"],
    );
    // Free play / a rule-set name: no protocol to judge swaps or offers against, black 1 free.
    expect(game("Gomoku", "a1 b5 c9 d4", None, None), &[], &[], &[]);
    expect(
        game("Gomoku", "a1 b5 c9 d4 e7", Some("e7 g1"), Some("R")),
        &[],
        &[],
        &["NoProtocol"],
    );
    // RU[Renju] names the rule set, not an opening rule: a renju game, no note.
    expect(game("Renju", RIF_MOVES, None, None), &[], &[], &[]);
}

#[test]
fn every_renjunet_spelling_is_recognised() {
    use renju_openings::OpeningRule as R;
    let known = [
        ("RIF", R::Rif),
        ("rif", R::Rif),
        ("RIF rule", R::Rif),
        ("Yamaguchi", R::Yamaguchi),
        ("YAMAGUCHI", R::Yamaguchi),
        ("Soosyrv", R::Soosorv(4)),
        ("Soosyrv-8", R::Soosorv(8)),
        ("soosyrv-8", R::Soosorv(8)),
        ("Soosõrv-8", R::Soosorv(8)),
        ("SOOSÕRV-8", R::Soosorv(8)),
        ("Soosorv-8", R::Soosorv(8)),
        ("Taraguchi", R::Taraguchi(5)),
        ("Taraguchi-10", R::Taraguchi(10)),
        ("Tarannikov", R::Tarannikov),
        ("LinHuan", R::ContinuousSwap),
        ("LianHuan", R::ContinuousSwap),
        ("linhuan", R::ContinuousSwap),
        ("swap", R::Swap3),
        ("Swap2", R::Swap2),
        ("SWAP2", R::Swap2),
        ("Swap1", R::Swap1),
    ];
    for (name, rule) in known {
        assert_eq!(RuleName::of(Some(name)), RuleName::Known(rule), "{name}");
    }
    for name in [
        "Sakata",
        "Yamasyrv",
        "Yamasyrv-8",
        "Jonsson",
        "Super Sakata",
    ] {
        assert!(
            matches!(RuleName::of(Some(name)), RuleName::Unsupported { .. }),
            "{name}"
        );
    }
    assert_eq!(RuleName::of(Some("Renju")), RuleName::None);
    assert!(matches!(RuleName::of(Some("Go")), RuleName::Unknown(_)));
    // Each is noted or checked, never skipped without a word: a record naming any of them
    // under which the offers cannot be judged carries a note.
    let mut noted = 0;
    for (name, _) in known {
        let mut r = GameRecord::new(15);
        r.rule = Some(name.into());
        r.moves = RIF_MOVES
            .split(' ')
            .map(|m| m.parse().unwrap_or_else(|e| panic!("{e}")))
            .collect();
        r.tags.insert("alt".into(), "51".into());
        let c = check_opening(&r);
        noted += usize::from(!c.notes.is_empty());
    }
    assert_eq!(noted, known.len());
}

/// Issue 26 item 6: under each rule that starts from one of the 26 openings, black 1 off the
/// centre, white 2 not touching it and black 3 outside the 5x5 each break the rule: an
/// `opening-protocol` finding naming the rule and the stone, besides the shape findings; a
/// record naming no rule (or a rule with black 1 free) gets the shape findings only.
#[test]
fn a_shape_outside_the_26_breaks_the_rule_that_wants_them() {
    use renju_core::Move;
    let cases = [
        (
            "g7 h9 i10 a1",
            "first-move-off-centre",
            "stone 1 at g7 is outside the 1x1 (the centre) area",
        ),
        (
            "h8 h10 i10 a1",
            "not-an-opening",
            "stone 2 at h10 is outside the 3x3 area",
        ),
        (
            "h8 h9 l12 a1",
            "not-an-opening",
            "stone 3 at l12 is outside the 5x5 area",
        ),
    ];
    for (rule, shown) in [
        ("RIF", "RIF"),
        ("Yamaguchi", "Yamaguchi"),
        ("Soosyrv-8", "Soosorv-8"),
        ("Taraguchi-10", "Taraguchi-10"),
        ("Tarannikov", "Tarannikov"),
        ("LianHuan", "Continuous swap"),
    ] {
        for (moves, shape, step) in cases {
            let mut r = GameRecord::new(15);
            r.moves = moves
                .split(' ')
                .map(|m| m.parse::<Move>().unwrap())
                .collect();
            r.rule = Some(rule.into());
            let a = audit(&r, &Settings::default());
            let found: Vec<(&str, String)> = a
                .findings
                .iter()
                .map(|f| (f.kind().name(), f.to_string()))
                .collect();
            assert_eq!(found.len(), 2, "{rule} {moves}: {found:?}");
            assert_eq!(found[0].0, shape, "{rule} {moves}");
            assert_eq!(found[1].0, "opening-protocol", "{rule} {moves}");
            let rule_name = renju_analyzer::opening::RuleName::of(Some(rule));
            let renju_analyzer::opening::RuleName::Known(known) = rule_name else {
                panic!("{rule} is a known rule");
            };
            assert_eq!(
                found[1].1,
                format!("opening rule not followed: {}: {step}", known.name()),
                "{rule} {moves}"
            );
            assert_eq!(known.name(), shown);
            assert_eq!(
                a.findings[1].move_number(),
                Some(moves.split(' ').position(|m| step.contains(m)).unwrap() + 1)
            );
        }
    }
    // no rule named: a renju game, the shape findings only; Swap2 lets black 1 stand anywhere
    for (rule, want) in [(None, 1), (Some("Swap2"), 0)] {
        let mut r = GameRecord::new(15);
        r.moves = "g7 h9 i10 a1"
            .split(' ')
            .map(|m| m.parse::<Move>().unwrap())
            .collect();
        r.rule = rule.map(Into::into);
        let a = audit(&r, &Settings::default());
        assert_eq!(a.findings.len(), want, "{rule:?}: {a}");
        assert!(
            a.findings
                .iter()
                .all(|f| f.kind().name() != "opening-protocol"),
            "{rule:?}"
        );
    }
}
