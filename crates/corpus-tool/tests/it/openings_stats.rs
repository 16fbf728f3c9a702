//! `corpus-tool openings stats` on hand-made archives whose counts are known by construction:
//! every game below is written with the row, declared result, board end and number of moves
//! it must land in, and the expected table is tallied from those notes, never from the code.
//!
//! Ported from the independent implementation of issue 17 on branch `stats` onto main's
//! (`corpus_tool::openings_stats::count`, `renju_analyzer::stats`): only the API names, the stdout
//! layout (main draws its own bar) and the second table (main's is per rule, opening and 5th
//! move with the mean number of offers) are adapted; the counts, the CSV contract and the
//! rounding of `mean_moves` (exact quotient, half up: 7.25 is 7.3) are the stats branch's.

use crate::common;

use common::Scratch;
use corpus_tool::openings_stats::{StatsRun, count};
use corpus_tool::validate::Options;
use renju_analyzer::End;
use renju_analyzer::stats::OpeningRow;
use renju_core::Foul;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

/// The 26 openings as RULES.md lists them: code, white 2, black 3 (black 1 on h8), written
/// here independently of the `openings` crate's catalogue.
const OPENINGS: [(&str, &str, &str); 26] = [
    ("1D", "h9", "h10"),
    ("2D", "h9", "i10"),
    ("3D", "h9", "j10"),
    ("4D", "h9", "i9"),
    ("5D", "h9", "j9"),
    ("6D", "h9", "i8"),
    ("7D", "h9", "j8"),
    ("8D", "h9", "h7"),
    ("9D", "h9", "i7"),
    ("10D", "h9", "j7"),
    ("11D", "h9", "h6"),
    ("12D", "h9", "i6"),
    ("13D", "h9", "j6"),
    ("1I", "i9", "j10"),
    ("2I", "i9", "j9"),
    ("3I", "i9", "j8"),
    ("4I", "i9", "j7"),
    ("5I", "i9", "j6"),
    ("6I", "i9", "i8"),
    ("7I", "i9", "i7"),
    ("8I", "i9", "i6"),
    ("9I", "i9", "h7"),
    ("10I", "i9", "h6"),
    ("11I", "i9", "g7"),
    ("12I", "i9", "g6"),
    ("13I", "i9", "f6"),
];

/// The 8 symmetries of the board about h8, on a point written `h8` (or `--`, a pass).
fn sym(j: usize, p: &str) -> String {
    if p == "--" {
        return p.to_string();
    }
    let col = i32::from(p.as_bytes()[0] - b'a') - 7;
    let row: i32 = p[1..].parse::<i32>().unwrap() - 8;
    let (x, y) = match j {
        0 => (col, row),
        1 => (-row, col),
        2 => (-col, -row),
        3 => (row, -col),
        4 => (-col, row),
        5 => (col, -row),
        6 => (row, col),
        _ => (-row, -col),
    };
    format!(
        "{}{}",
        char::from(b'a' + u8::try_from(x + 7).unwrap()),
        y + 8
    )
}

fn sym_game(j: usize, moves: &str) -> String {
    moves
        .split(' ')
        .map(|m| sym(j, m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a row must hold, tallied from the notes of the games written.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Expect {
    games: u64,
    black: u64,
    white: u64,
    draw: u64,
    unknown: u64,
    black_five: u64,
    white_five: u64,
    foul: u64,
    moves: u64,
}

#[derive(Clone, Copy)]
enum EndNote {
    Nothing,
    BlackFive,
    WhiteFive,
    Foul,
}

struct Archive {
    lines: Vec<String>,
    expect: BTreeMap<&'static str, Expect>,
    unreadable: usize,
}

impl Archive {
    fn new() -> Archive {
        Archive {
            lines: Vec::new(),
            expect: BTreeMap::new(),
            unreadable: 0,
        }
    }

    fn game(&mut self, code: &'static str, result: &str, moves: &str, end: EndNote) {
        self.lines.push(format!("{result} {moves}"));
        let e = self.expect.entry(code).or_default();
        e.games += 1;
        match result {
            "black" => e.black += 1,
            "white" => e.white += 1,
            "draw" => e.draw += 1,
            _ => e.unknown += 1,
        }
        match end {
            EndNote::Nothing => {}
            EndNote::BlackFive => e.black_five += 1,
            EndNote::WhiteFive => e.white_five += 1,
            EndNote::Foul => e.foul += 1,
        }
        e.moves += moves.split(' ').filter(|m| !m.is_empty()).count() as u64;
    }

    fn broken(&mut self, line: &str) {
        self.lines.push(line.to_string());
        self.unreadable += 1;
    }
}

const RESULTS: [&str; 4] = ["black", "white", "draw", "unknown"];

/// Every opening under all 8 symmetries (3 stones, results cycling), three finished games
/// under all 8 symmetries, the `none` cases and two unreadable records.
fn archive() -> Archive {
    let mut a = Archive::new();
    for (k, (code, w2, b3)) in OPENINGS.iter().enumerate() {
        for j in 0..8 {
            let moves = format!("h8 {} {}", sym(j, w2), sym(j, b3));
            a.game(code, RESULTS[(k + j) % 4], &moves, EndNote::Nothing);
        }
    }
    // 6D (h8 h9 i8), Black five h8..l8 at move 9.
    let black_five = "h8 h9 i8 a1 j8 a2 k8 a3 l8";
    // 1D (h8 h9 h10), White five g9..k9 at move 10.
    let white_five = "h8 h9 h10 i9 a1 j9 a2 g9 a3 k9";
    // 6D, Black's j8 is a double three (h8 i8 j8, j8 j9 j10), the last move: claimed.
    let foul = "h8 h9 i8 b2 j9 b14 j10 n14 j8";
    // 2D with White passing at move 4: 5 moves, passes counted.
    let pass = "h8 h9 i10 -- a1";
    for j in 0..8 {
        a.game("6D", "black", &sym_game(j, black_five), EndNote::BlackFive);
        a.game("1D", "white", &sym_game(j, white_five), EndNote::WhiteFive);
        a.game("6D", "white", &sym_game(j, foul), EndNote::Foul);
        a.game("2D", "draw", &sym_game(j, pass), EndNote::Nothing);
    }
    // none: fewer than three moves, a pass among the first three, three stones that are not
    // an opening (black 3 outside the 5x5, white 2 not touching h8, black 1 off the centre).
    a.game("none", "unknown", "h8 h9", EndNote::Nothing);
    a.game("none", "black", "h8", EndNote::Nothing);
    a.game("none", "white", "h8 -- i8 a1", EndNote::Nothing);
    a.game("none", "draw", "h8 h9 --", EndNote::Nothing);
    a.game("none", "unknown", "-- h8 i8", EndNote::Nothing);
    a.game("none", "black", "h8 h9 l8 i8", EndNote::Nothing);
    a.game("none", "white", "h8 h10 i9", EndNote::Nothing);
    a.game("none", "black", "g7 h9 i8", EndNote::Nothing);
    // a Black five off the openings: g7 is black 1, the five g7..k7 at move 9.
    a.game(
        "none",
        "black",
        "g7 a1 h7 a2 i7 a3 j7 a4 k7",
        EndNote::BlackFive,
    );
    a.broken("winner h8 h9 i10");
    a.broken("black h8 h9 i");
    a
}

fn write_archive(dir: &Scratch, a: &Archive) -> PathBuf {
    let path = dir.path("archive.renju");
    let mut text = a.lines.join("\n");
    text.push('\n');
    std::fs::write(&path, text).unwrap();
    path
}

/// The row of `code` (`1D`..`13I`, `none`).
fn row<'a>(run: &'a StatsRun, code: &str) -> &'a OpeningRow {
    run.stats
        .rows()
        .iter()
        .find(|r| r.code == code)
        .unwrap_or_else(|| panic!("no row {code}"))
}

fn as_expect(r: &OpeningRow) -> Expect {
    let n = |x: usize| x as u64;
    Expect {
        games: n(r.games),
        black: n(r.black),
        white: n(r.white),
        draw: n(r.draw),
        unknown: n(r.unknown),
        black_five: n(r.black_five),
        white_five: n(r.white_five),
        foul: n(r.foul),
        moves: n(r.moves),
    }
}

fn codes() -> Vec<String> {
    let mut want: Vec<String> = (1..=13).map(|n| format!("{n}D")).collect();
    want.extend((1..=13).map(|n| format!("{n}I")));
    want.push("none".into());
    want
}

fn assert_rows(run: &StatsRun, a: &Archive) {
    let got: Vec<&str> = run.stats.rows().iter().map(|r| r.code).collect();
    assert_eq!(got, codes(), "rows in the order 1D..13D, 1I..13I, none");
    for r in run.stats.rows() {
        let want = a.expect.get(r.code).cloned().unwrap_or_default();
        assert_eq!(as_expect(r), want, "row {}", r.code);
    }
}

#[test]
fn hand_made_archive_counts_every_row() {
    let dir = Scratch::new("stats");
    let a = archive();
    let path = write_archive(&dir, &a);
    let run = count(&[path], &Options::default(), &crate::common::engine(2)).unwrap();
    assert_rows(&run, &a);
    // every opening is seen 8 times (once per symmetry), more for the finished games
    for (code, ..) in OPENINGS {
        assert!(row(&run, code).games >= 8, "{code}");
    }
    assert_eq!(row(&run, "6D").games, 8 + 16, "6D");
    assert_eq!(row(&run, "none").games, 9);
    assert_eq!(run.unreadable.len(), a.unreadable);
    assert_eq!(run.unreadable.len(), 2);
    assert_eq!(run.summary.unreadable, 2);
    assert_eq!(
        run.stats.games() + run.unreadable.len(),
        run.summary.records,
        "the rows and the unreadable records add up to the records read"
    );
    assert_eq!(run.summary.records, a.lines.len());
    // the last line is unreadable, and named with its record number
    let last = a.lines.len();
    assert!(
        run.unreadable[1].contains(&format!("record {last}")),
        "{:?}",
        run.unreadable
    );
}

#[test]
fn ends_are_those_validate_finds_with_the_same_options() {
    // Under foul-loses the lapsed double three of this game still ends it; under claim it
    // does not (the foul is followed by a1).
    let dir = Scratch::new("policy");
    let path = dir.path("lapsed.renju");
    std::fs::write(&path, "white h8 h9 i8 b2 j9 b14 j10 n14 j8 a1\n").unwrap();
    let claim = count(
        std::slice::from_ref(&path),
        &Options::default(),
        &crate::common::engine(2),
    )
    .unwrap();
    assert_eq!(row(&claim, "6D").foul, 0);
    assert_eq!(claim.summary.ends.get(renju_analyzer::End::None), 1);
    let mut options = Options::default();
    options.settings.claim = renju_analyzer::ClaimPolicy::FoulLoses;
    let loses = count(&[path], &options, &crate::common::engine(2)).unwrap();
    assert_eq!(row(&loses, "6D").foul, 1);
    assert_eq!(row(&loses, "6D").games, 1);
}

#[test]
fn freestyle_still_names_the_openings_of_15x15_records() {
    let dir = Scratch::new("freestyle");
    let path = dir.path("g.renju");
    std::fs::write(&path, "black h8 i9 j10\nblack h8 h9 h8\n").unwrap();
    let mut options = Options::default();
    options.settings.rules = renju_core::RuleSet::FreeStyle;
    let run = count(&[path], &options, &crate::common::engine(2)).unwrap();
    assert_eq!(row(&run, "1I").games, 1, "1I");
    assert_eq!(run.stats.games(), 2);
}

const RIF: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<database><rules><rule id="1" name="RIF"/><rule id="2" name="Made-up rule"/></rules>
<games>
<game id="1" rule="1" bresult="1" alt="j9 g11" swap="R"><move>h8 h9 h10 i9 j9 g9</move></game>
<game id="2" rule="1" bresult="0" alt="f9 i11" swap="-"><move>h8 h9 h10 g9 f9 i9</move></game>
<game id="3" rule="1" bresult="0.5" alt="f9 i11"><move>h8 h9 h10 g9 i11 a1</move></game>
<game id="4" rule="2" bresult=""><move>h8 h9 i10 a1</move></game>
<game id="5" rule="1" bresult="1"><move>h8 h10 i9</move></game>
<game id="6" bresult="1"><move>h8 h9 i10</move></game>
</games></database>
"#;

/// Game 1 of [`RIF`] again, in SGF's renju dialect (letters count rows from the top: h8 is
/// `hh`, j9 `jg`, g11 `ge`).
const SGF: &str =
    "(;GM[4]SZ[15]RU[RIF]RE[B+Resign]5A[jg][ge]SW[YES];B[hh];W[hg];B[hf];W[ig];B[jg];W[gg])\n";

/// Main's second table (per rule, opening and 5th move in the standard orientation) on the
/// same games: game 1's 5th j9 is game 2's f9 mirrored in the h column (1D is symmetric), so
/// both land in the row of f9 (the smaller); game 3's i11 is g11 mirrored, and main keys a 5th move of a symmetric opening by its smallest image; game 4 has no 5th move, game 5
/// is not an opening, game 6 names no rule. The SGF copy of game 1 lands in game 1's row.
#[test]
fn fifth_moves_per_rule_in_the_standard_orientation() {
    let dir = Scratch::new("fifth");
    let (rif, sgf) = (dir.path("db.rif"), dir.path("g.sgf"));
    std::fs::write(&rif, RIF).unwrap();
    std::fs::write(&sgf, SGF).unwrap();
    let alone = count(
        std::slice::from_ref(&rif),
        &Options::default(),
        &crate::common::engine(2),
    )
    .unwrap();
    assert_eq!(alone.summary.records, 6);
    let rows = |run: &StatsRun| -> Vec<String> {
        run.fifth
            .rows()
            .map(|(rule, code, fifth, r)| {
                format!(
                    "{rule} {code} {fifth} games {} offers {}/{} swapped {} b{} w{} d{} u{}",
                    r.games,
                    r.offers,
                    r.offers_recorded,
                    r.swapped,
                    r.black,
                    r.white,
                    r.draw,
                    r.unknown
                )
            })
            .collect()
    };
    assert_eq!(
        rows(&alone),
        [
            "RIF 1D f9 games 2 offers 4/2 swapped 1 b1 w1 d0 u0",
            "RIF 1D g11 games 1 offers 2/1 swapped 0 b0 w0 d1 u0",
        ]
    );
    let both = count(&[rif, sgf], &Options::default(), &crate::common::engine(2)).unwrap();
    assert_eq!(both.summary.records, 7);
    assert_eq!(
        rows(&both),
        [
            "RIF 1D f9 games 3 offers 6/3 swapped 2 b2 w1 d0 u0",
            "RIF 1D g11 games 1 offers 2/1 swapped 0 b0 w0 d1 u0",
        ]
    );
}

fn corpus_tool() -> Command {
    Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
}

#[test]
fn cli_writes_the_exact_header_and_row_order() {
    let dir = Scratch::new("cli");
    let a = archive();
    let path = write_archive(&dir, &a);
    let (csv, json, md, svg) = (
        dir.path("s.csv"),
        dir.path("s.json"),
        dir.path("s.md"),
        dir.path("s.svg"),
    );
    let out = corpus_tool()
        .args(["openings", "stats", "--report"])
        .arg(&csv)
        .arg("--json")
        .arg(&json)
        .arg("--markdown")
        .arg(&md)
        .arg("--svg")
        .arg(&svg)
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "two unreadable records");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.starts_with("unreadable: "))
            .count(),
        2,
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let records = a.lines.len();
    assert!(
        stdout.contains(&format!(
            "records: {records} read, {} counted, 2 unreadable (not counted)",
            records - 2
        )),
        "{stdout}"
    );
    // 1D: 2 Black and 10 White wins of 16 games: 13% and 63% on stdout
    let line_1d = stdout.lines().find(|l| l.starts_with("1D ")).unwrap();
    assert!(
        line_1d.contains(" 13% ") && line_1d.contains(" 63% "),
        "{line_1d}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with(
            "code,name,games,black,white,draw,unknown,black_five,white_five,foul,mean_moves"
        ),
        "{}",
        lines[0]
    );
    assert_eq!(lines.len(), 1 + 27);
    let got: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(got, codes());
    // fields of rows counted by hand: 6D = 8 three-stone games (results cycling from
    // index 5: white, draw, unknown, black, ...) + 8 Black fives (black, 9 moves) + 8 fouls
    // (white, 9 moves); mean (8*3 + 16*9) / 24 = 7.0
    let row = |code: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("{code},")))
            .unwrap()
            .split(',')
            .take(11)
            .collect::<Vec<_>>()
            .join(",")
    };
    assert_eq!(row("6D"), "6D,Ugetsu,24,10,10,2,2,8,0,8,7.0");
    // 1D: 8 (results from index 0) + 8 White fives of 10 moves: (24 + 80) / 16 = 6.5
    assert_eq!(row("1D"), "1D,Kansei,16,2,10,2,2,0,8,0,6.5");
    // 2D: 8 + 8 drawn games of 5 moves with a pass: (24 + 40) / 16 = 4.0
    assert_eq!(row("2D"), "2D,Keigetsu,16,2,2,10,2,0,0,0,4.0");
    // none: 2+1+4+3+3+4+3+3+9 = 32 moves in 9 games = 3.6
    assert_eq!(row("none"), "none,not one of the 26,9,4,2,1,2,1,0,0,3.6");
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let j = j.as_array().unwrap();
    assert_eq!(j.len(), 27);
    assert_eq!(j[5]["code"], "6D");
    assert_eq!(j[5]["mean_moves"], 7.0);
    assert!(j[1]["mean_moves"].is_number());
    let md = std::fs::read_to_string(&md).unwrap();
    // header + 27 rows
    assert_eq!(md.lines().filter(|l| l.starts_with("| ")).count(), 28);
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
}

#[test]
fn cli_empty_rows_have_an_empty_mean_and_ties_round_half_up() {
    let dir = Scratch::new("empty");
    let path = dir.path("one.renju");
    std::fs::write(&path, "black h8 h9 h10\n").unwrap();
    let csv = dir.path("s.csv");
    let out = corpus_tool()
        .args(["openings", "stats", "--report"])
        .arg(&csv)
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.contains("\n1D,Kansei,1,1,0,0,0,0,0,0,3.0\n"), "{text}");
    assert!(text.contains("\n2D,Keigetsu,0,0,0,0,0,0,0,0,\n"), "{text}");
    // 3 + 3 + 3 + 20 = 29 moves in 4 games: 7.25, written 7.3 (half up)
    let long = "h8 h9 h10 a1 o1 a3 o3 a5 o5 a7 o7 a9 o9 a11 o11 a13 o13 a15 o15 c1";
    assert_eq!(long.split(' ').count(), 20);
    std::fs::write(
        &path,
        format!("black h8 h9 h10\nblack h8 h9 h10\nwhite h8 h9 h10\nblack {long}\n"),
    )
    .unwrap();
    let json = dir.path("s.json");
    let out = corpus_tool()
        .args(["openings", "stats", "--report"])
        .arg(&csv)
        .arg("--json")
        .arg(&json)
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.contains("\n1D,Kansei,4,3,1,0,0,0,0,0,7.3\n"), "{text}");
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(j[0]["mean_moves"], 7.3);
    assert!(j[1]["mean_moves"].is_null());
}

/// The project's corpus (every format, broken records too): the statistics agree with
/// `validate`'s own report rows, grouped by their `opening` and `end` columns.
#[test]
fn rows_agree_with_validate_report_on_the_project_corpus() {
    use corpus_tool::validate::audit_paths;
    use renju_analyzer::End;
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    for claim in [
        renju_analyzer::ClaimPolicy::Claim,
        renju_analyzer::ClaimPolicy::FoulLoses,
    ] {
        let mut options = Options::default();
        options.settings.claim = claim;
        let mut by_code: BTreeMap<String, Expect> = BTreeMap::new();
        let mut unreadable = 0;
        audit_paths(
            std::slice::from_ref(&corpus),
            &options,
            &crate::common::engine(2),
            &mut |row| {
                let Some(opening) = row.opening else {
                    unreadable += 1;
                    return;
                };
                let code = match opening {
                    renju_analyzer::Opening::Identified {
                        code: Some(code), ..
                    } => code.to_string(),
                    _ => "none".to_string(),
                };
                let e = by_code.entry(code).or_default();
                e.games += 1;
                e.moves += row.moves as u64;
                match row.end {
                    End::BlackFive => e.black_five += 1,
                    End::WhiteFive => e.white_five += 1,
                    End::Foul(_) => e.foul += 1,
                    _ => {}
                }
                match row.declared.to_string().as_str() {
                    "black" => e.black += 1,
                    "white" => e.white += 1,
                    "draw" => e.draw += 1,
                    _ => e.unknown += 1,
                }
            },
            &mut |_| {},
        )
        .unwrap();
        let run = count(
            std::slice::from_ref(&corpus),
            &options,
            &crate::common::engine(2),
        )
        .unwrap();
        assert!(run.stats.games() >= 40, "the corpus has games");
        assert!(unreadable > 0, "and broken records");
        assert_eq!(run.unreadable.len(), unreadable);
        for r in run.stats.rows() {
            let want = by_code.get(r.code).cloned().unwrap_or_default();
            assert_eq!(as_expect(r), want, "{} under {claim:?}", r.code);
        }
    }
}

/// The checked-in archive table agrees with the archive's totals that docs/auditing.md
/// documents for `validate` (pinned by tests/archive.rs): records, and each board end.
#[test]
fn the_archive_table_adds_up_to_the_documented_validate_totals() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let csv = std::fs::read_to_string(repo.join("docs/tables/opening-stats.csv")).unwrap();
    let doc = std::fs::read_to_string(repo.join("docs/auditing.md")).unwrap();
    let documented = |label: &str| -> u64 {
        let line = doc
            .lines()
            .find(|l| l.starts_with(&format!("| {label} |")))
            .unwrap_or_else(|| panic!("docs/auditing.md has no row {label}"));
        // the lenient column; "147,229 / 0" is records / unreadable
        let cell = line.split('|').nth(2).unwrap();
        cell.split('/')
            .next()
            .unwrap()
            .trim()
            .replace(',', "")
            .parse()
            .unwrap()
    };
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 27);
    let sum = |name: &str| -> u64 {
        rows.iter()
            .map(|r| r[col(name)].parse::<u64>().unwrap())
            .sum()
    };
    let records = documented("records read / unreadable");
    assert_eq!(sum("games"), records);
    assert_eq!(sum("black_five"), documented("end `black-five`"));
    assert_eq!(sum("white_five"), documented("end `white-five`"));
    assert_eq!(
        sum("foul"),
        documented("end `foul-double-three`")
            + documented("end `foul-double-four`")
            + documented("end `foul-overline`")
    );
    assert_eq!(
        sum("black") + sum("white") + sum("draw") + sum("unknown"),
        records
    );
}

/// One 2D game (not symmetric) under the 8 symmetries: the 5th move comes back to the standard
/// orientation, so the 8 games make one row of the second table and 8 games of 2D.
#[test]
fn fifth_moves_of_every_orientation_share_the_standard_rows() {
    use renju_analyzer::fifth_stats::FifthMoveStats;
    use renju_analyzer::stats::OpeningStats;
    use renju_analyzer::{Settings, audit};
    use renju_notation::{DeclaredResult, GameRecord};
    let mut stats = OpeningStats::new();
    let mut fifth = FifthMoveStats::new();
    for j in 0..8 {
        let mut r = GameRecord::new(15);
        r.moves = sym_game(j, "h8 h9 i10 j11 g7 a1")
            .split(' ')
            .map(|m| m.parse().unwrap())
            .collect();
        r.fifth_offers = ["g7", "k10"].map(|p| sym(j, p).parse().unwrap()).to_vec();
        r.rule = Some("rif".into());
        r.result = DeclaredResult::White;
        stats.add(&r, &audit(&r, &Settings::default()));
        assert!(fifth.add(&r));
    }
    let rows: Vec<String> = fifth
        .rows()
        .map(|(rule, code, p, c)| format!("{rule} {code} {p} {} {} {}", c.games, c.offers, c.white))
        .collect();
    assert_eq!(rows, ["RIF 2D g7 8 16 8"]);
    assert_eq!(stats.rows()[1].code, "2D");
    assert_eq!(stats.rows()[1].games, 8);
}

#[test]
fn cli_failures_exit_2_and_leave_no_partial_file() {
    let dir = Scratch::new("fail");
    let out = corpus_tool()
        .args(["openings", "stats"])
        .arg(dir.path("absent.renju"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("absent.renju"), "{stderr}");
    // a report that cannot be written (its folder is missing): exit 2, nothing left behind
    let games = dir.path("g.renju");
    std::fs::write(&games, "black h8 h9 h10\n").unwrap();
    let report = dir.path("missing/s.csv");
    let json = dir.path("s.json");
    let out = corpus_tool()
        .args(["openings", "stats", "--json"])
        .arg(&json)
        .arg("--report")
        .arg(&report)
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("s.csv"));
    assert!(!report.exists());
    let left: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// The ends counted per opening add up to the ends `validate`'s summary counts on the
/// project's hand-made games (every kind of end is among them).
#[test]
fn ends_agree_with_validate_on_the_project_games() {
    let games = renju_testdata::repo("corpus/games");
    let run = count(&[games], &Options::default(), &crate::common::engine(2))
        .expect("corpus/games is readable");
    let rows = run.stats.rows();
    let sum =
        |f: fn(&renju_analyzer::stats::OpeningRow) -> usize| rows.iter().map(f).sum::<usize>();
    let s = &run.summary;
    assert!(s.records >= 20, "{} records", s.records);
    assert_eq!(run.stats.games(), s.records - s.unreadable);
    assert_eq!(sum(|r| r.black_five), s.ends.get(End::BlackFive));
    assert_eq!(sum(|r| r.white_five), s.ends.get(End::WhiteFive));
    let fouls: usize = [Foul::DoubleThree, Foul::DoubleFour, Foul::Overline]
        .into_iter()
        .map(|f| s.ends.get(End::Foul(f)))
        .sum();
    assert!(fouls > 0);
    assert_eq!(sum(|r| r.foul), fouls);
    let declared = sum(|r| r.black + r.white + r.draw + r.unknown);
    assert_eq!(declared, run.stats.games());
}
