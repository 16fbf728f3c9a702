//! An independent review of opening rules on records (issue 21): RenjuNet `.rif` games (and some
//! SGF) written from the rule texts only (`RULES.md` section 6, `data/opening-rules.md`,
//! `data/formats.md`), never from the code's output. Each game is correct or broken in one way,
//! with the verdict reasoned beside it; each is read through the real notation reader and
//! audited through `renju_analyzer::audit`, in all 8 orientations about h8 (isometries about the
//! centre keep every area, offer count and symmetry).
//!
//! Verdicts: `ok` (no opening finding, no note), `note` (no finding; an "opening rule not
//! checkable" note), `bad` (an opening finding: `opening-protocol`, `first-move-off-centre` or
//! `not-an-opening`), `unknown` (a note naming an unrecognised rule).

use renju_analyzer::{Finding, GameAudit, GameVerdict, Settings, audit};
use renju_core::{Point, RENJU_SIZE, Symmetry};
use renju_notation::{Format, GameRecord, Orientation, read_all};

/// What a game must give, with a word the sentence must contain (lower case).
#[derive(Debug, Clone, Copy)]
enum Want {
    /// No opening finding and no note.
    Ok,
    /// No finding; an `opening-not-checkable` note containing the word.
    Note(&'static str),
    /// An opening finding containing the word.
    Bad(&'static str),
    /// No finding; an `unknown-opening-rule` note.
    Unknown,
    /// No finding; an `unsupported-opening-rule` note.
    Unsupported,
}

/// One hand-made game.
struct Case {
    rule: &'static str,
    moves: &'static str,
    alt: Option<&'static str>,
    swap: Option<&'static str>,
    want: Want,
    why: &'static str,
}

const fn case(
    rule: &'static str,
    moves: &'static str,
    alt: Option<&'static str>,
    swap: Option<&'static str>,
    want: Want,
    why: &'static str,
) -> Case {
    Case {
        rule,
        moves,
        alt,
        swap,
        want,
        why,
    }
}

fn point(s: &str) -> Point {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn map_points(s: &str, sym: Symmetry) -> String {
    s.split_whitespace()
        .map(|p| sym.apply(point(p), RENJU_SIZE).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A RenjuNet database of one game; the rule is resolved through the `<rules>` table, `alt`
/// is mapped with the game when it is a list of points.
fn rif(rule: &str, moves: &str, alt: Option<&str>, swap: Option<&str>, sym: Symmetry) -> String {
    let mut attrs = String::new();
    if let Some(a) = alt {
        let a = if a.starts_with(|c: char| c.is_ascii_lowercase()) {
            map_points(a, sym)
        } else {
            a.to_string()
        };
        attrs.push_str(&format!(" alt=\"{a}\""));
    }
    if let Some(s) = swap {
        attrs.push_str(&format!(" swap=\"{s}\""));
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database version=\"1.0\">\n\
         <rules><rule id=\"1\" name=\"Other\"/><rule id=\"17\" name=\"{rule}\" category=\"1\"/></rules>\n\
         <games>\n<game id=\"900\" tournament=\"3\" round=\"1\" rule=\"17\" black=\"1\" white=\"2\" \
         bresult=\"\"{attrs}>\n<move>{}</move>\n</game>\n</games>\n</database>\n",
        map_points(moves, sym)
    )
}

fn sgf_pt(p: Point) -> String {
    let col = char::from(b'a' + p.col());
    let row = char::from(b'a' + (RENJU_SIZE - 1 - p.row()));
    format!("{col}{row}")
}

/// The same game as ORC-style SGF: `RU`, `5A`, `SW`.
fn sgf(rule: &str, moves: &str, alt: Option<&str>, swap: Option<&str>, sym: Symmetry) -> String {
    let mut s = format!("(;GM[4]FF[4]SZ[15]RU[{rule}]");
    match alt {
        Some(a) if a.starts_with(|c: char| c.is_ascii_lowercase()) => {
            s.push_str("5A");
            for p in a.split_whitespace() {
                s.push_str(&format!("[{}]", sgf_pt(sym.apply(point(p), RENJU_SIZE))));
            }
        }
        // Not a list of points: written as it stands.
        Some(a) if !a.is_empty() => s.push_str(&format!("5A[{a}]")),
        _ => {}
    }
    if let Some(sw) = swap.filter(|x| !x.is_empty()) {
        s.push_str("SW");
        for c in sw.chars() {
            s.push_str(if c == 'R' { "[YES]" } else { "[NO]" });
        }
    }
    for (i, p) in moves.split_whitespace().enumerate() {
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(
            ";{c}[{}]",
            sgf_pt(sym.apply(point(p), RENJU_SIZE))
        ));
    }
    s.push(')');
    s
}

fn read_one(format: Format, text: &str) -> GameRecord {
    // SGF letters count rows from the top (formats.md section 0).
    let orientation = if format == Format::Sgf {
        Orientation::RowOneAtTop
    } else {
        Orientation::RowOneAtBottom
    };
    let mut v: Vec<GameRecord> = read_all(format, text.as_bytes(), "review", orientation)
        .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{text}")))
        .collect();
    assert_eq!(v.len(), 1, "{text}");
    v.remove(0)
}

fn opening_finding(f: &Finding) -> bool {
    use renju_analyzer::FindingKind as K;
    matches!(
        f.kind(),
        K::OpeningProtocol | K::FirstMoveOffCentre | K::NotAnOpening
    )
}

/// A word that is a point is mapped with the game.
fn word(w: &str, sym: Symmetry) -> String {
    match w.parse::<Point>() {
        Ok(p) if w.starts_with(|c: char| c.is_ascii_lowercase()) => {
            sym.apply(p, RENJU_SIZE).to_string()
        }
        _ => w.to_string(),
    }
}

fn judge(a: &GameAudit, want: Want, ctx: &str) {
    judge_in(a, want, Symmetry::Identity, ctx);
}

fn judge_in(a: &GameAudit, want: Want, sym: Symmetry, ctx: &str) {
    let findings: Vec<String> = a
        .findings
        .iter()
        .map(|f| {
            assert!(opening_finding(f), "unexpected finding {f}\n{ctx}\n{a}");
            f.to_string().to_lowercase()
        })
        .collect();
    type Noted<'a> = Vec<(&'a str, String)>;
    let (differ, notes): (Noted<'_>, Noted<'_>) = a
        .notes
        .iter()
        .map(|n| (n.kind(), n.to_string().to_lowercase()))
        .partition(|(k, _)| *k == "rules-differ");
    // Only the gomoku rules (Swap1, gomoku swap, Swap2) audited under renju get this note;
    // it is checked apart from the opening's notes (tests/opening_rules.rs, tests/setup.rs).
    for (_, t) in &differ {
        assert!(
            t.starts_with("the record's opening rule swap"),
            "{t}\n{ctx}"
        );
    }
    match want {
        Want::Ok => {
            assert!(findings.is_empty(), "{ctx}\n{a}");
            assert!(notes.is_empty(), "{ctx}\n{a}");
            assert_eq!(a.verdict(), GameVerdict::Ok, "{ctx}");
        }
        Want::Note(w) => {
            assert!(findings.is_empty(), "{ctx}\n{a}");
            assert!(
                notes
                    .iter()
                    .any(|(k, t)| *k == "opening-not-checkable" && t.contains(w)),
                "want a note with '{w}'\n{ctx}\n{a}"
            );
            assert!(
                notes.iter().all(|(k, t)| *k == "opening-not-checkable"
                    && t.starts_with("opening rule not checkable")),
                "{ctx}\n{a}"
            );
            // A note never changes the verdict.
            assert_eq!(a.verdict(), GameVerdict::Ok, "{ctx}");
        }
        Want::Bad(w) => {
            let w = word(w, sym);
            let w = w.as_str();
            assert!(
                findings.iter().any(|t| t.contains(w)),
                "want a finding with '{w}'\n{ctx}\n{a}"
            );
            assert_eq!(a.verdict(), GameVerdict::Warning, "{ctx}");
        }
        Want::Unknown | Want::Unsupported => {
            let kind = if matches!(want, Want::Unknown) {
                "unknown-opening-rule"
            } else {
                "unsupported-opening-rule"
            };
            assert!(findings.is_empty(), "{ctx}\n{a}");
            assert_eq!(notes.len(), 1, "{ctx}\n{a}");
            assert_eq!(notes[0].0, kind, "{ctx}\n{a}");
            assert!(
                notes[0].1.starts_with("opening rule not checkable"),
                "{ctx}"
            );
            assert_eq!(a.verdict(), GameVerdict::Ok, "{ctx}");
        }
    }
}

/// Runs every case as RIF in all 8 orientations (and as SGF when `sgf_too`); returns the
/// number of audits made.
fn run(cases: &[Case], sgf_too: bool) -> usize {
    let mut n = 0;
    for c in cases {
        for sym in Symmetry::ALL {
            let mut texts = vec![(Format::Rif, rif(c.rule, c.moves, c.alt, c.swap, sym))];
            if sgf_too {
                texts.push((Format::Sgf, sgf(c.rule, c.moves, c.alt, c.swap, sym)));
            }
            for (format, text) in texts {
                let r = read_one(format, &text);
                let a = audit(&r, &Settings::default());
                let ctx = format!("{} ({:?}, {format:?} {sym:?})\n{text}", c.why, c.want);
                judge_in(&a, c.want, sym, &ctx);
                n += 1;
            }
        }
    }
    n
}

// ---------------------------------------------------------------------------------------
// An independent reference for symmetric 5th-move offers (RULES.md section 6): an isometry of
// the grid (one of the 8 maps about h8, then a translation) that keeps the 4-stone position,
// colours kept, and maps one offer to the other.

type Xy = (i32, i32);

fn xy(p: &str) -> Xy {
    let p = point(p);
    (i32::from(p.col()), i32::from(p.row()))
}

fn d8(k: usize, (x, y): Xy) -> Xy {
    match k {
        0 => (x, y),
        1 => (-y, x),
        2 => (-x, -y),
        3 => (y, -x),
        4 => (-x, y),
        5 => (x, -y),
        6 => (y, x),
        _ => (-y, -x),
    }
}

/// Whether offers `a` and `b` are equivalent in the position (black: odd stones).
fn equivalent(stones: &[&str], a: &str, b: &str) -> bool {
    let s: Vec<(Xy, bool)> = stones
        .iter()
        .enumerate()
        .map(|(i, p)| (xy(p), i % 2 == 0))
        .collect();
    (0..8).any(|k| {
        // The translation must take the image of the first stone onto some stone of its colour.
        s.iter().filter(|(_, c)| *c == s[0].1).any(|&(t, _)| {
            let g0 = d8(k, s[0].0);
            let shift = (t.0 - g0.0, t.1 - g0.1);
            let map = |p: Xy| {
                let g = d8(k, p);
                (g.0 + shift.0, g.1 + shift.1)
            };
            s.iter().all(|&(p, c)| s.contains(&(map(p), c))) && map(xy(a)) == xy(b)
        })
    })
}

/// The reference agrees with what the cases below assume of their positions.
#[test]
fn the_positions_used_have_the_symmetries_assumed() {
    let asym = ["h8", "h9", "j10", "g11"];
    for (a, b) in [("i7", "k8"), ("i7", "c3"), ("k8", "c3")] {
        assert!(!equivalent(&asym, a, b), "{a} {b}");
    }
    let nine = "i7 k8 c3 d3 e3 f3 a2 b2 c2".split(' ').collect::<Vec<_>>();
    for i in 0..nine.len() {
        for j in 0..i {
            assert!(!equivalent(&asym, nine[i], nine[j]));
        }
    }
    // 1D with white 4 on h11: the column h is an axis.
    assert!(equivalent(&["h8", "h9", "h10", "h11"], "g8", "i8"));
    assert!(!equivalent(&["h8", "h9", "h10", "h11"], "g8", "i9"));
    // 6I with white 4 on h9: a 2x2 square whose axis runs between columns h and i, not
    // through h8 (translation needed).
    let sq = ["h8", "i9", "i8", "h9"];
    assert!(equivalent(&sq, "g7", "j7"));
    assert!(!equivalent(&sq, "g7", "k7"));
    // The Taraguchi positions.
    let tara = ["h8", "h9", "j10", "k11"];
    let ten = "a15 a14 a13 a12 a11 a10 a9 a8 a7 a6"
        .split(' ')
        .collect::<Vec<_>>();
    for i in 0..ten.len() {
        for j in 0..i {
            assert!(!equivalent(&tara, ten[i], ten[j]));
        }
    }
    let nine_sq = "g7 a1 a2 a3 a4 a5 a6 a15 a14 j7"
        .split(' ')
        .collect::<Vec<_>>();
    let pairs: usize = (0..10)
        .map(|i| {
            (0..i)
                .filter(|&j| equivalent(&sq, nine_sq[i], nine_sq[j]))
                .count()
        })
        .sum();
    assert_eq!(pairs, 1);
}

// RIF position: 3D 疎星 h8 h9 j10 (black 3 two lines off on the diagonal), white 4 on g11;
// no isometry keeps it. Black offers i7 and k8, White keeps i7, plays f4.
const RIF_GAME: &str = "h8 h9 j10 g11 i7 f4";

#[test]
fn rif_rule() {
    use Want::*;
    let cases = [
        case(
            "RIF",
            RIF_GAME,
            Some("i7 k8"),
            Some("-"),
            Ok,
            "two offers, no swap",
        ),
        case(
            "RIF",
            RIF_GAME,
            Some("k8 i7"),
            Some("R"),
            Ok,
            "two offers, swapped",
        ),
        case(
            "RIF",
            RIF_GAME,
            Some("i7 k8"),
            None,
            Ok,
            "swap not recorded: no swap check needed",
        ),
        case(
            "RIF",
            RIF_GAME,
            None,
            Some("R"),
            Note("not recorded"),
            "offers missing (swap present)",
        ),
        case(
            "RIF",
            RIF_GAME,
            None,
            None,
            Note("not recorded"),
            "offers missing (no swap)",
        ),
        case(
            "RIF",
            RIF_GAME,
            Some(""),
            Some("-"),
            Note("not recorded"),
            "empty alt",
        ),
        case(
            "RIF",
            RIF_GAME,
            Some("51"),
            Some("R"),
            Note("51"),
            "alt=\"51\" is not a list of points",
        ),
        case(
            "RIF",
            RIF_GAME,
            Some("i7"),
            None,
            Bad("1 fifth"),
            "one offer",
        ),
        case(
            "RIF",
            RIF_GAME,
            Some("i7 k8 c3"),
            None,
            Bad("3 fifth"),
            "three offers",
        ),
        case(
            "RIF",
            RIF_GAME,
            Some("i7 i7"),
            None,
            Bad("twice"),
            "the same offer twice",
        ),
        case(
            "RIF",
            RIF_GAME,
            Some("k8 c3"),
            Some("-"),
            Bad("not one of the offered"),
            "5th not offered",
        ),
        case(
            "RIF",
            RIF_GAME,
            Some("i7 h9"),
            None,
            Bad("occupied"),
            "offer on white 2",
        ),
        case(
            "RIF",
            "h8 h9 h10 h11 g8 a1",
            Some("g8 i8"),
            None,
            Bad("symmetric"),
            "g8 and i8 mirror in column h",
        ),
        case(
            "RIF",
            "h8 h9 h10 h11 g8 a1",
            Some("g8 i9"),
            None,
            Ok,
            "g8 and i9 differ",
        ),
        case(
            "RIF",
            "h8 i9 i8 h9 g7 a1",
            Some("g7 j7"),
            None,
            Bad("symmetric"),
            "mirror between columns h and i: translation allowed",
        ),
        case(
            "RIF",
            "h8 i9 i8 h9 g7 a1",
            Some("g7 k7"),
            None,
            Ok,
            "g7 and k7 differ",
        ),
        case(
            "RIF",
            RIF_GAME,
            Some("i7 k8"),
            Some("R-"),
            Bad("swap"),
            "two swap decisions, one chance",
        ),
        case(
            "RIF",
            "h8 h10 j10 g11 i7 f4",
            Some("i7 k8"),
            None,
            Bad("h10"),
            "white 2 outside 3x3",
        ),
        case(
            "RIF",
            "h8 h9 k11 g11 i7 f4",
            Some("i7 k8"),
            None,
            Bad("k11"),
            "black 3 outside 5x5",
        ),
        case(
            "RIF",
            "g8 h9 j10 g11 i7 f4",
            Some("i7 k8"),
            None,
            Bad("g8"),
            "black 1 off centre",
        ),
        case(
            "RIF",
            "h8 h9 j10 g11",
            None,
            Some("R"),
            Ok,
            "stops at move 4: no offers due yet",
        ),
        case(
            "rif",
            RIF_GAME,
            Some("i7 k8"),
            Some("-"),
            Ok,
            "lower-case spelling",
        ),
    ];
    let n = run(&cases, true);
    assert_eq!(n, cases.len() * 16);
}

#[test]
fn yamaguchi() {
    use Want::*;
    let cases = [
        case(
            "Yamaguchi",
            RIF_GAME,
            Some("i7 k8 c3"),
            Some("-"),
            Note("declared"),
            "three offers; N is not recorded, any N >= 1 is possible",
        ),
        case(
            "Yamaguchi",
            RIF_GAME,
            Some("i7"),
            Some("R"),
            Note("declared"),
            "N = 1",
        ),
        case(
            "Yamaguchi",
            RIF_GAME,
            None,
            Some("R"),
            Note("not recorded"),
            "offers missing",
        ),
        case(
            "Yamaguchi",
            "h8 h9 h10 h11 g8 a1",
            Some("g8 c3 i8"),
            None,
            Bad("symmetric"),
            "g8 and i8 equivalent",
        ),
        case(
            "Yamaguchi",
            RIF_GAME,
            Some("i7 k8 k8"),
            None,
            Bad("twice"),
            "a repeated offer",
        ),
        case(
            "Yamaguchi",
            RIF_GAME,
            Some("k8 c3 d3"),
            None,
            Bad("not one of the offered"),
            "5th not offered",
        ),
        case(
            "Yamaguchi",
            RIF_GAME,
            Some("i7 k8"),
            Some("RR"),
            Bad("swap"),
            "two swaps",
        ),
        case(
            "YAMAGUCHI",
            "h8 h10 j10 g11 i7 f4",
            Some("i7 k8"),
            None,
            Bad("h10"),
            "white 2 outside 3x3",
        ),
    ];
    assert_eq!(run(&cases, true), cases.len() * 16);
}

#[test]
fn soosorv() {
    use Want::*;
    let nine = "i7 k8 c3 d3 e3 f3 a2 b2 c2";
    let cases = [
        case(
            "Soosyrv-8",
            RIF_GAME,
            Some("i7 k8 c3 d3"),
            Some("R-"),
            Note("declared"),
            "4 offers, n not recorded (1..8)",
        ),
        case(
            "Soosyrv-8",
            RIF_GAME,
            Some("i7 k8"),
            Some("-R"),
            Note("declared"),
            "second swap",
        ),
        case(
            "Soosyrv-8",
            RIF_GAME,
            Some("i7"),
            Some("RR"),
            Note("declared"),
            "n = 1, two swaps",
        ),
        case(
            "Soosõrv-8",
            RIF_GAME,
            Some("i7 k8"),
            Some("--"),
            Note("declared"),
            "accented",
        ),
        case(
            "soosorv-8",
            RIF_GAME,
            Some("i7 k8"),
            None,
            Note("declared"),
            "plain spelling",
        ),
        case(
            "Soosyrv-8",
            RIF_GAME,
            Some("i7 k8"),
            Some("R-R"),
            Bad("swap"),
            "three swaps",
        ),
        case(
            "Soosyrv-8",
            RIF_GAME,
            Some(nine),
            None,
            Bad("9 fifth"),
            "9 offers > 8",
        ),
        case(
            "Soosyrv-8",
            RIF_GAME,
            None,
            Some("R-"),
            Note("not recorded"),
            "offers missing",
        ),
        case(
            "Soosyrv-8",
            "h8 i9 i8 h9 g7 a1",
            Some("g7 j7"),
            None,
            Bad("symmetric"),
            "translated mirror",
        ),
        case(
            "Soosyrv-8",
            RIF_GAME,
            Some("k8 c3"),
            None,
            Bad("not one of the offered"),
            "5th not offered",
        ),
        case(
            "Soosyrv-8",
            "h8 h9 k11 g11 i7 f4",
            Some("i7 k8"),
            None,
            Bad("k11"),
            "black 3 outside 5x5",
        ),
        case(
            "Soosyrv",
            RIF_GAME,
            Some("i7 k8"),
            Some("R-"),
            Note("declared"),
            "no number",
        ),
    ];
    assert_eq!(run(&cases, true), cases.len() * 16);
}

// Taraguchi: 1 h8 (1x1), 2 h9 (3x3), 3 j10 (5x5), 4 k11 (7x7: 3 lines), 5 l12 (9x9: 4 lines).
const TARA: &str = "h8 h9 j10 k11 l12 a1";
// Path 2: 10 offers anywhere; the 5th (a15) far outside 9x9.
const TARA_FAR: &str = "h8 h9 j10 k11 a15 o1";
const TEN: &str = "a15 a14 a13 a12 a11 a10 a9 a8 a7 a6";

#[test]
fn taraguchi() {
    use Want::*;
    let cases = [
        case(
            "Taraguchi-10",
            TARA,
            None,
            Some("R--R-"),
            Ok,
            "path 1, five swap chances",
        ),
        case(
            "Taraguchi-10",
            TARA,
            None,
            Some("-----"),
            Ok,
            "path 1, no swap",
        ),
        case(
            "Taraguchi-10",
            TARA,
            None,
            Some("---R"),
            Ok,
            "swap after 4: path 1",
        ),
        case(
            "Taraguchi-10",
            "h8 h9 j10 k11 m13 a1",
            None,
            Some("-----"),
            Bad("m13"),
            "path 1, stone 5 outside 9x9",
        ),
        case(
            "Taraguchi-10",
            "h8 h9 j10 k11 m13 a1",
            None,
            Some("---R"),
            Bad("m13"),
            "swap after 4, stone 5 outside 9x9",
        ),
        case(
            "Taraguchi-10",
            "h8 h9 j10 l12 k11 a1",
            None,
            Some("-----"),
            Bad("l12"),
            "stone 4 outside 7x7",
        ),
        case(
            "Taraguchi-10",
            "h8 h10 j10 k11 l12 a1",
            None,
            Some("-----"),
            Bad("h10"),
            "stone 2 outside 3x3",
        ),
        case(
            "Taraguchi-10",
            "h8 h9 k11 g11 l12 a1",
            None,
            Some("-----"),
            Bad("k11"),
            "stone 3 outside 5x5",
        ),
        case(
            "Taraguchi-10",
            "g8 h9 j10 k11 l12 a1",
            None,
            Some("-----"),
            Bad("g8"),
            "stone 1 off centre",
        ),
        case(
            "Taraguchi-10",
            TARA_FAR,
            Some(TEN),
            Some("R---"),
            Ok,
            "path 2",
        ),
        case(
            "Taraguchi-10",
            TARA_FAR,
            Some(TEN),
            Some("----"),
            Ok,
            "path 2, no swap",
        ),
        case(
            "Taraguchi-10",
            TARA_FAR,
            Some(TEN),
            Some("---R"),
            Bad("swap"),
            "offers after a swap after stone 4",
        ),
        case(
            "Taraguchi-10",
            TARA_FAR,
            Some(TEN),
            Some("----R"),
            Bad("swap"),
            "offers and a swap after stone 5",
        ),
        case(
            "Taraguchi-10",
            TARA_FAR,
            Some("a15 a14 a13 a12 a11 a10 a9 a8 a7"),
            Some("----"),
            Bad("9 fifth"),
            "9 offers",
        ),
        case(
            "Taraguchi-10",
            "h8 i9 i8 h9 g7 o1",
            Some("g7 a1 a2 a3 a4 a5 a6 a15 a14 j7"),
            Some("----"),
            Bad("symmetric"),
            "g7 and j7 equivalent",
        ),
        case(
            "Taraguchi-10",
            TARA_FAR,
            Some("a14 a13 a12 a11 a10 a9 a8 a7 a6 a5"),
            Some("----"),
            Bad("not one of the offered"),
            "5th not offered",
        ),
        case(
            "Taraguchi-10",
            TARA_FAR,
            Some(TEN),
            None,
            Note("stone 4"),
            "swap after 4 not recorded",
        ),
        case(
            "Taraguchi-10",
            TARA,
            None,
            None,
            Note("path"),
            "which path is unknown",
        ),
        case(
            "Taraguchi-10",
            TARA_FAR,
            None,
            Some("----"),
            Note("not recorded"),
            "5th outside 9x9: path 2, offers missing",
        ),
        case(
            "Taraguchi-10",
            TARA,
            None,
            Some("------"),
            Bad("swap"),
            "six swap decisions",
        ),
    ];
    assert_eq!(run(&cases, true), cases.len() * 16);
}

#[test]
fn tarannikov() {
    use Want::*;
    let cases = [
        case(
            "Tarannikov",
            TARA,
            None,
            Some("-R-R-"),
            Ok,
            "five swap chances",
        ),
        case(
            "Tarannikov",
            TARA,
            None,
            None,
            Ok,
            "nothing recorded, nothing missing",
        ),
        case(
            "Tarannikov",
            "h8 h9 j10 k11 m13 a1",
            None,
            None,
            Bad("m13"),
            "5 outside 9x9",
        ),
        case(
            "Tarannikov",
            "h8 h9 j10 l12 k11 a1",
            None,
            None,
            Bad("l12"),
            "4 outside 7x7",
        ),
        case(
            "Tarannikov",
            TARA,
            Some("l12 a1"),
            None,
            Bad("offer"),
            "offers under no-offer rule",
        ),
        case(
            "Tarannikov",
            TARA,
            None,
            Some("-R-R--"),
            Bad("swap"),
            "six decisions",
        ),
    ];
    assert_eq!(run(&cases, true), cases.len() * 16);
}

// Gomoku-style rules: stones anywhere (black 1 off h8 is fine).
const FREE6: &str = "a1 b5 c9 d4 e7 f2";

#[test]
fn swap1_swap2_gomoku_swap() {
    use Want::*;
    let cases = [
        case("Swap1", FREE6, None, Some("R"), Ok, "swap after black 1"),
        case("Swap1", FREE6, None, Some("-"), Ok, "no swap"),
        case(
            "Swap1",
            "h8 h9 j10 g11",
            None,
            Some("R"),
            Ok,
            "black 1 on h8 is fine too",
        ),
        case(
            "Swap1",
            FREE6,
            None,
            Some("R-"),
            Bad("swap"),
            "two decisions, one chance",
        ),
        case(
            "Swap1",
            FREE6,
            Some("e7 g1"),
            None,
            Bad("offer"),
            "offers under Swap1",
        ),
        case("Swap2", FREE6, None, Some("-"), Ok, "option a"),
        case("Swap2", FREE6, None, Some("R"), Ok, "option b"),
        case(
            "Swap2",
            FREE6,
            None,
            Some("-R"),
            Ok,
            "option c, P1 swaps after 5",
        ),
        case("Swap2", FREE6, None, Some("--"), Ok, "option c, P1 keeps"),
        case("Swap2", FREE6, None, None, Ok, "nothing recorded"),
        case(
            "Swap2",
            FREE6,
            None,
            Some("R-"),
            Bad("swap"),
            "a choice after 5 after option b",
        ),
        case(
            "Swap2",
            FREE6,
            None,
            Some("---"),
            Bad("swap"),
            "three decisions",
        ),
        case(
            "Swap2",
            FREE6,
            Some("e7 g1"),
            None,
            Bad("offer"),
            "offers under Swap2",
        ),
        case(
            "Swap",
            "o15 b5 c9 d4",
            None,
            Some("R"),
            Ok,
            "gomoku swap after 3",
        ),
        case(
            "Swap",
            "o15 b5 c9 d4",
            None,
            Some("RR"),
            Bad("swap"),
            "two decisions",
        ),
        case("5-move swap", FREE6, None, Some("R"), Ok, "5-move swap"),
    ];
    assert_eq!(run(&cases, true), cases.len() * 16);
}

#[test]
fn continuous_swap() {
    use Want::*;
    let cases = [
        case(
            "LinHuan",
            RIF_GAME,
            None,
            None,
            Note("couple"),
            "who placed what is not shown",
        ),
        case(
            "LinHuan",
            RIF_GAME,
            None,
            Some("R"),
            Note("couple"),
            "one couple, swapped",
        ),
        case(
            "LinHuan",
            RIF_GAME,
            None,
            Some("RR"),
            Note("couple"),
            "two swaps",
        ),
        case(
            "LinHuan",
            RIF_GAME,
            None,
            Some("R-R"),
            Note("couple"),
            "three couples, 2 swaps",
        ),
        case(
            "LinHuan",
            RIF_GAME,
            None,
            Some("-RR"),
            Note("couple"),
            "pattern 37",
        ),
        case(
            "LinHuan",
            RIF_GAME,
            None,
            Some("---"),
            Note("couple"),
            "three couples, none",
        ),
        case(
            "LinHuan",
            RIF_GAME,
            None,
            Some("RR-"),
            Bad("six"),
            "one player placed all six",
        ),
        case(
            "LinHuan",
            RIF_GAME,
            None,
            Some("RRR"),
            Bad("swap"),
            "three swaps",
        ),
        case(
            "LinHuan",
            RIF_GAME,
            None,
            Some("----"),
            Bad("couple"),
            "four couples",
        ),
        case(
            "LianHuan",
            RIF_GAME,
            Some("i7 k8"),
            None,
            Bad("offer"),
            "offers under LianHuan",
        ),
        case(
            "LinHuan",
            "h8 h10 j10 g11 i7 f4",
            None,
            None,
            Bad("h10"),
            "white 2 not adjacent",
        ),
    ];
    assert_eq!(run(&cases, true), cases.len() * 16);
}

#[test]
fn rule_names() {
    use Want::*;
    let cases = [
        case(
            "Chess",
            "a1 b5 c9 d4",
            None,
            None,
            Unknown,
            "an unrecognised name: noted",
        ),
        case(
            "Super Renju 3000",
            RIF_GAME,
            Some("i7"),
            Some("RR"),
            Unknown,
            "noted, not judged",
        ),
        case(
            "Renju",
            RIF_GAME,
            None,
            None,
            Ok,
            "the rule set, not an opening rule",
        ),
        case(
            "Jonsson",
            RIF_GAME,
            None,
            None,
            Unsupported,
            "recognised, text not established",
        ),
        case(
            "Sakata",
            RIF_GAME,
            None,
            None,
            Unsupported,
            "recognised, text not established",
        ),
        case(
            "Yamasyrv-8",
            RIF_GAME,
            None,
            None,
            Unsupported,
            "recognised",
        ),
    ];
    assert_eq!(run(&cases, true), cases.len() * 16);
    // Every RenjuNet spelling in formats.md is recognised (case and accents ignored).
    for name in [
        "RIF",
        "Yamaguchi",
        "Soosyrv",
        "Soosyrv-8",
        "Taraguchi",
        "Taraguchi-10",
        "Tarannikov",
        "LinHuan",
        "Swap",
        "Swap2",
        "swap1",
        "SOOSÕRV-8",
        "taraguchi 10",
        "linhuan",
    ] {
        assert!(
            matches!(
                renju_analyzer::opening::RuleName::of(Some(name)),
                renju_analyzer::opening::RuleName::Known(_)
            ),
            "{name}"
        );
    }
}

/// SGF naming its rule in `GN` (ORC: `... : RIF rule`) and a pass in the opening.
#[test]
fn sgf_specials() {
    let gn =
        "(;GM[4]FF[4]SZ[15]GN[A-B(B) : RIF rule]5A[hg][ji];B[hh];W[hg];B[hf];W[he];B[gh];W[aa])";
    // 1D with white 4 on h11 (SGF he), offers h9?? no: 5A hg is h9, occupied.
    let a = audit(&read_one(Format::Sgf, gn), &Settings::default());
    judge(&a, Want::Bad("5th move"), gn);
    let sym =
        "(;GM[4]FF[4]SZ[15]GN[A-B(B) : RIF rule]5A[gh][ih];B[hh];W[hg];B[hf];W[he];B[gh];W[aa])";
    let a = audit(&read_one(Format::Sgf, sym), &Settings::default());
    judge(&a, Want::Bad("symmetric"), sym);
    // A pass (B[tt]) as stone 3 breaks RIF.
    let pass = "(;GM[4]FF[4]SZ[15]RU[RIF];B[hh];W[hg];B[tt];W[ii];B[jj])";
    let a = audit(&read_one(Format::Sgf, pass), &Settings::default());
    assert_eq!(a.verdict(), GameVerdict::Warning, "{a}");
    // Under Swap2 black 1 off centre is no finding.
    let s2 = "(;GM[4]FF[4]SZ[15]RU[Swap2];B[aa];W[bb];B[cd])";
    let a = audit(&read_one(Format::Sgf, s2), &Settings::default());
    judge(&a, Want::Ok, s2);
}

/// The readers keep the sequence of decisions the record holds; the analyzer places them by
/// the rule (issue 21): Swap1's after black 1, Swap2's option (c) choice after stone 5,
/// Tarannikov's after each stone, RIF's after 3.
#[test]
fn swap_decisions_are_placed_by_the_rule() {
    let cases: [(&str, &str, &[usize]); 5] = [
        ("Swap1", "R", &[1]),
        ("Swap2", "-R", &[3, 5]),
        ("Tarannikov", "R--R-", &[1, 2, 3, 4, 5]),
        ("RIF", "R", &[3]),
        ("Soosyrv-8", "R-", &[3, 4]),
    ];
    for (rule, swap, want) in cases {
        for (format, text) in [
            (
                Format::Rif,
                rif(rule, FREE6, None, Some(swap), Symmetry::Identity),
            ),
            (
                Format::Sgf,
                sgf(rule, FREE6, None, Some(swap), Symmetry::Identity),
            ),
        ] {
            let r = read_one(format, &text);
            assert!(
                r.swaps.iter().all(|s| s.after_move.is_none()),
                "{rule} {format:?}"
            );
            let got: Vec<usize> = renju_analyzer::opening::swap_moves(&r)
                .into_iter()
                .map(|m| m.expect("placed by the rule"))
                .collect();
            assert_eq!(got, want, "{rule} {format:?}");
            let swapped: String = r
                .swaps
                .iter()
                .map(|s| if s.swapped { 'R' } else { '-' })
                .collect();
            assert_eq!(swapped, swap);
        }
    }
}
