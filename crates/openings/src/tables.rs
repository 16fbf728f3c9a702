//! The reference tables under `docs/tables/`, generated from this crate's data and code (as
//! text: writing them, and checking the checked-in ones, is `cargo xtask tables`'s job).

use crate::catalogue::{Opening, catalogue};
use crate::lianhuan::{Pattern, continuous_swap_patterns};
use crate::protocol::Player;
use crate::rule::{ALL_RULES, OpeningRule};
use renju_core::{Color, Point};
use serde_json::{Value, json};
use std::fmt;
use std::fmt::Write as _;

/// One generated file. This crate makes the contents and writes nothing: `cargo xtask tables`
/// writes the files and checks that the checked-in ones are current.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    /// Path relative to `docs/tables/`.
    pub path: String,
    /// The full contents.
    pub contents: String,
    /// True when the contents come from the shared reference data (seed 002's star ratings);
    /// such a file cannot be regenerated or checked without it.
    pub needs_shared: bool,
}

/// One row of seed 002's star ratings (`rule-ratings.json`).
#[derive(Debug, Clone, PartialEq)]
pub struct RuleRating {
    /// The rule's name in the seed (traditional characters).
    pub zh: String,
    /// The English name given with it.
    pub en: String,
    /// The opening rule it names, if it is one (the two-game match is not).
    pub rule: Option<OpeningRule>,
    /// Whether fouls apply, as the seed says (`yes`, `no` or `either`).
    pub fouls: String,
    /// Variety, events, simplicity, history, fairness: 1..5 stars, halves allowed; `None` =
    /// not rated.
    pub stars: [Option<f64>; 5],
}

/// Seed 002's star ratings, read from the shared `rule-ratings.json`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RuleRatings {
    /// The rows in the file's order.
    pub rows: Vec<RuleRating>,
}

/// The five rating axes, in column order.
const AXES: [(&str, &str); 5] = [
    ("variety", "technical variety"),
    ("events", "events"),
    ("simplicity", "simplicity"),
    ("history", "history"),
    ("fairness", "fairness"),
];

/// Why a `rule-ratings.json` text could not be read ([`RuleRatings::from_json`]).
#[derive(Debug)]
#[non_exhaustive]
pub enum RatingsError {
    /// The text is not JSON.
    NotJson(serde_json::Error),
    /// There is no top-level `rules` array.
    NoRules,
    /// A rule lacks a text field (`zh`, `en`).
    MissingText {
        /// The rule's 1-based place in the array.
        rule: usize,
        /// The field.
        key: &'static str,
    },
    /// A rating that is neither a number nor `null`.
    NotANumber {
        /// The rule's 1-based place in the array.
        rule: usize,
        /// Its name in the seed.
        zh: String,
        /// The rating axis (`variety`, `events`, ...).
        axis: &'static str,
    },
    /// A rule without its `fouls` field (`true`, `false` or a word).
    NoFouls {
        /// The rule's 1-based place in the array.
        rule: usize,
        /// Its name in the seed.
        zh: String,
    },
}

impl fmt::Display for RatingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingsError::NotJson(e) => write!(f, "not JSON: {e}"),
            RatingsError::NoRules => f.write_str("no 'rules' array"),
            RatingsError::MissingText { rule, key } => write!(f, "rule {rule}: no '{key}' text"),
            RatingsError::NotANumber { rule, zh, axis } => {
                write!(f, "rule {rule} ({zh}): '{axis}' is not a number")
            }
            RatingsError::NoFouls { rule, zh } => write!(f, "rule {rule} ({zh}): no 'fouls'"),
        }
    }
}

impl std::error::Error for RatingsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RatingsError::NotJson(e) => Some(e),
            _ => None,
        }
    }
}

impl RuleRatings {
    /// Reads the JSON text of `rule-ratings.json`.
    ///
    /// # Errors
    /// A [`RatingsError`] naming what is missing or malformed, and in which rule.
    ///
    /// ```
    /// use renju_openings::{OpeningRule, RuleRatings};
    /// // The shape of the shared `rule-ratings.json` (these stars are made up).
    /// let text = r#"{"rules": [{"zh": "二次交換", "en": "Swap2", "fouls": false,
    ///     "variety": 4, "events": 3.5, "simplicity": null, "history": 2, "fairness": 5}]}"#;
    /// let ratings = RuleRatings::from_json(text).unwrap();
    /// let row = &ratings.rows[0];
    /// assert_eq!((row.rule, row.fouls.as_str()), (Some(OpeningRule::Swap2), "no"));
    /// assert_eq!(row.stars, [Some(4.0), Some(3.5), None, Some(2.0), Some(5.0)]);
    /// assert_eq!(RuleRatings::from_json("{}").unwrap_err().to_string(), "no 'rules' array");
    /// ```
    pub fn from_json(text: &str) -> Result<RuleRatings, RatingsError> {
        let v: Value = serde_json::from_str(text).map_err(RatingsError::NotJson)?;
        let rows = v
            .get("rules")
            .and_then(Value::as_array)
            .ok_or(RatingsError::NoRules)?;
        let mut out = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let text_field = |key: &'static str| {
                row.get(key)
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .ok_or(RatingsError::MissingText { rule: i + 1, key })
            };
            let zh = text_field("zh")?;
            let en = text_field("en")?;
            let mut stars = [None; 5];
            for (slot, (axis, _)) in stars.iter_mut().zip(AXES) {
                *slot = match row.get(axis) {
                    None | Some(Value::Null) => None,
                    Some(x) => Some(x.as_f64().ok_or_else(|| RatingsError::NotANumber {
                        rule: i + 1,
                        zh: zh.clone(),
                        axis,
                    })?),
                };
            }
            let rule = OpeningRule::from_name(&zh).ok();
            let fouls = match row.get("fouls") {
                Some(Value::Bool(true)) => "yes".to_string(),
                Some(Value::Bool(false)) => "no".to_string(),
                Some(Value::String(s)) => s.clone(),
                _ => return Err(RatingsError::NoFouls { rule: i + 1, zh }),
            };
            out.push(RuleRating {
                zh,
                en,
                rule,
                fouls,
                stars,
            });
        }
        Ok(RuleRatings { rows: out })
    }
}

fn stars(x: Option<f64>) -> String {
    match x {
        None => "unrated".into(),
        Some(v) => {
            let whole = v.floor() as usize;
            let half = v - v.floor() >= 0.5;
            format!("{}{}", "★".repeat(whole), if half { "½" } else { "" })
        }
    }
}

fn csv_text(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    // Writing to memory cannot fail; errors would only come from I/O.
    let _ = w.write_record(header);
    for r in rows {
        let _ = w.write_record(r);
    }
    let bytes = w.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

fn json_text(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}

/// A 5x5 diagram (`f6`..`j10`) of some stones: `X` black, `O` white, `.` empty.
#[must_use]
pub(crate) fn small_diagram(stones: &[(Point, Color)]) -> String {
    let mut out = String::new();
    for row in (5..=9u8).rev() {
        let _ = write!(out, "{:>2}", row + 1);
        for col in 5..=9u8 {
            let cell = Point::new(col, row)
                .and_then(|p| stones.iter().find(|(q, _)| *q == p))
                .map_or('.', |(_, c)| match c {
                    Color::Black => 'X',
                    Color::White => 'O',
                });
            out.push(' ');
            out.push(cell);
        }
        out.push('\n');
    }
    out.push_str("   f g h i j\n");
    out
}

fn moves_text(o: &Opening) -> String {
    let m = o.moves();
    format!("{} {} {}", m[0], m[1], m[2])
}

fn openings_md() -> String {
    let mut s = String::from(
        "# The 26 renju openings\n\n\
         Generated by `cargo xtask tables` from the `openings` crate; do not edit.\n\n\
         Standard orientation: black 1 on h8, white 2 on h9 (direct, 直指) or i9 (indirect, \
         斜指), black 3 within the 5x5 square f6..j10. Symmetry: *board* = a reflection fixing \
         h8 keeps the stones; *pattern* = only with a translation too; *none*.\n\n\
         | Code | 日本語 | 中文 | Romaji | Kind | Moves 1-2-3 | Symmetry |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for o in catalogue() {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} {} | {} | {} |",
            o.code(),
            o.name_ja(),
            o.name_zh(),
            o.romaji(),
            o.kind(),
            o.kind().name_zh(),
            moves_text(o),
            o.symmetry()
        );
    }
    s.push_str("\n## Diagrams\n\nX black, O white; black 1 is always h8.\n");
    for o in catalogue() {
        let _ = write!(
            s,
            "\n### {} {} ({})\n\n```text\n{}```\n",
            o.code(),
            o.name_ja(),
            o.romaji(),
            small_diagram(&o.stones())
        );
    }
    s
}

fn openings_csv() -> String {
    let rows: Vec<Vec<String>> = catalogue()
        .iter()
        .map(|o| {
            let m = o.moves();
            vec![
                o.code().into(),
                o.name_ja().into(),
                o.name_zh().into(),
                o.romaji().into(),
                o.kind().name().into(),
                m[0].to_string(),
                m[1].to_string(),
                m[2].to_string(),
                o.symmetry().name().into(),
            ]
        })
        .collect();
    csv_text(
        &[
            "code", "name_ja", "name_zh", "romaji", "kind", "move1", "move2", "move3", "symmetry",
        ],
        &rows,
    )
}

fn openings_json() -> String {
    let v: Vec<Value> = catalogue()
        .iter()
        .map(|o| {
            json!({
                "code": o.code(),
                "name_ja": o.name_ja(),
                "name_zh": o.name_zh(),
                "romaji": o.romaji(),
                "kind": o.kind().name(),
                "moves": o.moves().iter().map(ToString::to_string).collect::<Vec<_>>(),
                "symmetry": o.symmetry().name(),
            })
        })
        .collect();
    json_text(&Value::Array(v))
}

fn pattern_row(p: &Pattern) -> Vec<String> {
    vec![
        p.number.map_or("x".into(), |n| n.to_string()),
        p.sequence(),
        p.placers.iter().map(|x| x.name_zh()).collect(),
        p.stones_of(Player::P1),
        p.stones_of(Player::P2),
        p.after_six.mark().into(),
        p.black_from_move7.name_zh().into(),
        p.couples().to_string(),
        p.swaps().to_string(),
    ]
}

fn patterns_md() -> String {
    let mut s = String::from(
        "# Continuous swap (连换): the 41 patterns\n\n\
         Generated by `cargo xtask tables` from the `openings` crate, which enumerates them \
         from the protocol; do not edit.\n\n\
         甲 is the tentative first player, 乙 the other; ①③⑤ are black stones, 2 4 6 white. \
         `甲:3-4→换(S)` means 甲 placed the 3-4 couple and 乙 swapped (declined to move, so 甲 \
         places the next stone); `不换(N)` means 乙 placed the next stone. After 6: `R` = the \
         5-6 couple was followed by a swap, `-` = by no swap, empty = stone 6 was a single \
         stone. Whoever places stone 7 plays Black.\n\n\
         | # | Sequence | Stones 1-6 by | 甲 stones | 乙 stones | After 6 | Black from 7 | Couples | Swaps |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    let all = continuous_swap_patterns(true);
    for p in all.iter().filter(|p| !p.excluded) {
        let _ = writeln!(s, "| {} |", pattern_row(p).join(" | "));
    }
    s.push_str(
        "\n## The two excluded sequences\n\n\
         Counting every sequence gives 43. In these two, one player places all six stones, \
         which the rule excludes (docs/rules.md section 8):\n\n\
         | # | Sequence | Stones 1-6 by | 甲 stones | 乙 stones | After 6 | Black from 7 | Couples | Swaps |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for p in all.iter().filter(|p| p.excluded) {
        let _ = writeln!(s, "| {} |", pattern_row(p).join(" | "));
    }
    s
}

fn patterns_csv() -> String {
    let rows: Vec<Vec<String>> = continuous_swap_patterns(false)
        .iter()
        .map(|p| {
            let mut r = pattern_row(p);
            r[2] = p.placer_letters();
            r
        })
        .collect();
    csv_text(
        &[
            "number",
            "sequence",
            "placers",
            "jia_stones",
            "yi_stones",
            "after_6",
            "black_from_move7",
            "couples",
            "swaps",
        ],
        &rows,
    )
}

fn patterns_json() -> String {
    let v: Vec<Value> = continuous_swap_patterns(false)
        .iter()
        .map(|p| {
            json!({
                "number": p.number,
                "sequence": p.sequence(),
                "placers": p.placers.iter().map(|x| x.name_zh()).collect::<Vec<_>>(),
                "after_6": p.after_six.mark(),
                "black_from_move7": p.black_from_move7.name_zh(),
                "couples": p.couples(),
                "swaps": p.swaps(),
            })
        })
        .collect();
    json_text(&Value::Array(v))
}

fn rule_row(r: &OpeningRule) -> Vec<String> {
    vec![
        r.name(),
        r.name_zh(),
        r.steps(),
        r.fouls().name().into(),
        r.swap_points().into(),
        r.fifth_offers(),
    ]
}

const RULE_HEADER: [&str; 6] = [
    "name",
    "name_zh",
    "steps",
    "fouls",
    "swap_points",
    "fifth_move_offers",
];

fn rules_md() -> String {
    let mut s = String::from(
        "# Opening rules\n\n\
         Generated by `cargo xtask tables` from the `openings` crate; do not edit. Each rule is \
         checked as a protocol by `renju_openings::check`. Numbered rules are shown with their usual \
         number (Soosõrv-8, Taraguchi-10, 五手3打); any number is accepted. Seed 002's star \
         ratings are in `rule-ratings.md`.\n\n\
         | Rule | 中文 | Steps | Fouls | Swap points | 5th-move offers |\n\
         |---|---|---|---|---|---|\n",
    );
    for r in ALL_RULES {
        let _ = writeln!(s, "| {} |", rule_row(&r).join(" | "));
    }
    s
}

fn rules_csv() -> String {
    let rows: Vec<Vec<String>> = ALL_RULES.iter().map(rule_row).collect();
    csv_text(&RULE_HEADER, &rows)
}

fn rules_json() -> String {
    let v: Vec<Value> = ALL_RULES
        .iter()
        .map(|r| {
            let row = rule_row(r);
            Value::Object(
                RULE_HEADER
                    .iter()
                    .zip(row)
                    .map(|(k, v)| ((*k).to_string(), Value::String(v)))
                    .collect(),
            )
        })
        .collect();
    json_text(&Value::Array(v))
}

fn ratings_md(ratings: &RuleRatings) -> String {
    let mut s = String::from(
        "# Opening rules: seed 002's star ratings\n\n\
         Generated by `cargo xtask tables` from the shared `rule-ratings.json` (one author's \
         ratings in seed 002, 五子棋規則綜述); do not edit. Stars 1-5, ½ = half a star. \
         Variety = amount of opening theory to master; events = how many tournaments use it; \
         simplicity = how simple the rule is to state; history = how long it has existed; \
         fairness = between the sides.\n\n\
         | Rule (seed) | Rule here | Fouls | Variety | Events | Simplicity | History | Fairness |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for r in &ratings.rows {
        let here = r.rule.map_or("not an opening rule".into(), |x| x.name());
        let _ = write!(s, "| {} ({}) | {} | {} |", r.zh, r.en, here, r.fouls);
        for x in r.stars {
            let _ = write!(s, " {} |", stars(x));
        }
        s.push('\n');
    }
    s
}

fn ratings_csv(ratings: &RuleRatings) -> String {
    let rows: Vec<Vec<String>> = ratings
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![
                r.zh.clone(),
                r.en.clone(),
                r.rule.map_or(String::new(), |x| x.name()),
            ];
            row.extend(
                r.stars
                    .iter()
                    .map(|x| x.map_or(String::new(), |v| v.to_string())),
            );
            row
        })
        .collect();
    csv_text(
        &[
            "seed_name",
            "seed_name_en",
            "rule",
            "variety",
            "events",
            "simplicity",
            "history",
            "fairness",
        ],
        &rows,
    )
}

/// Every file of `docs/tables/`, path relative to that folder. Pass seed 002's star ratings
/// (read from the shared `rule-ratings.json`) to include the ratings table; without them the
/// ratings files are left out and the other files are the same.
///
/// ```
/// let files = renju_openings::generate_tables(None);
/// assert!(files.iter().any(|f| f.path == "openings26.md"));
/// assert!(files.iter().all(|f| !f.needs_shared));
/// let md = &files.iter().find(|f| f.path == "continuous-swap-41.md").unwrap().contents;
/// assert!(md.contains("| 41 |"));
/// ```
#[must_use]
pub fn generate_tables(ratings: Option<&RuleRatings>) -> Vec<GeneratedFile> {
    let file = |path: &str, contents: String| GeneratedFile {
        path: path.into(),
        contents,
        needs_shared: false,
    };
    let mut out = vec![
        file("openings26.md", openings_md()),
        file("openings26.csv", openings_csv()),
        file("openings26.json", openings_json()),
        file("continuous-swap-41.md", patterns_md()),
        file("continuous-swap-41.csv", patterns_csv()),
        file("continuous-swap-41.json", patterns_json()),
        file("opening-rules.md", rules_md()),
        file("opening-rules.csv", rules_csv()),
        file("opening-rules.json", rules_json()),
    ];
    if let Some(r) = ratings {
        out.push(GeneratedFile {
            path: "rule-ratings.md".into(),
            contents: ratings_md(r),
            needs_shared: true,
        });
        out.push(GeneratedFile {
            path: "rule-ratings.csv".into(),
            contents: ratings_csv(r),
            needs_shared: true,
        });
    }
    out
}
