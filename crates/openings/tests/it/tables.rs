//! The continuous-swap patterns against the shared list and the ratings reader. (That
//! `docs/tables/` is current is checked by `cargo xtask tables --check` and xtask's tests.)

use crate::common;
use common::shared;

use renju_openings::{OpeningRule, Player, RuleRatings, continuous_swap_patterns};

#[test]
fn patterns_agree_with_shared_continuous_swap_43() {
    let Some(text) = shared("data/continuous-swap-43.json") else {
        return;
    };
    let rows: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rows = rows.as_array().unwrap();
    let mine = continuous_swap_patterns(true);
    assert_eq!(rows.len(), mine.len());
    // Same set of sequences; compare each by its sequence text.
    for row in rows {
        let seq = row["seq"].as_str().unwrap();
        let p = mine
            .iter()
            .find(|p| p.sequence() == seq)
            .unwrap_or_else(|| panic!("{seq} is not enumerated"));
        assert_eq!(
            row["placers"].as_str().unwrap(),
            p.placer_letters(),
            "{seq}"
        );
        assert_eq!(
            row["jia"].as_str().unwrap(),
            p.stones_of(Player::P1),
            "{seq}"
        );
        assert_eq!(
            row["yi"].as_str().unwrap(),
            p.stones_of(Player::P2),
            "{seq}"
        );
        assert_eq!(
            row["black_from_move7"].as_str().unwrap(),
            p.black_from_move7.name_zh(),
            "{seq}"
        );
        assert_eq!(
            row["swap_after_6"].as_str().unwrap(),
            p.after_six.mark(),
            "{seq}"
        );
        assert_eq!(
            row["n_couples"].as_u64().unwrap() as usize,
            p.couples(),
            "{seq}"
        );
        assert_eq!(
            row["n_swaps"].as_u64().unwrap() as usize,
            p.swaps(),
            "{seq}"
        );
        assert_eq!(row["excluded"].as_bool().unwrap(), p.excluded, "{seq}");
    }
}

#[test]
fn ratings_name_the_project_rules_and_agree_on_fouls() {
    let Some(text) = shared("data/rule-ratings.json") else {
        return;
    };
    let ratings = RuleRatings::from_json(&text).unwrap();
    assert_eq!(ratings.rows.len(), 10);
    let unmatched: Vec<&str> = ratings
        .rows
        .iter()
        .filter(|r| r.rule.is_none())
        .map(|r| r.zh.as_str())
        .collect();
    // Only the two-game match, a match format, is not an opening rule.
    assert_eq!(unmatched, ["無禁雙盤制"]);
    for r in ratings.rows.iter().filter(|r| r.rule.is_some()) {
        let rule = r.rule.unwrap();
        assert_eq!(rule.fouls().name(), r.fouls, "{}", r.zh);
    }
    assert!(
        ratings
            .rows
            .iter()
            .any(|r| r.rule == Some(OpeningRule::Soosorv(8)))
    );
}

#[test]
fn ratings_reader_reports_bad_input() {
    let text = |json: &str| RuleRatings::from_json(json).unwrap_err().to_string();
    assert!(text("{").starts_with("not JSON: "));
    assert_eq!(text("{}"), "no 'rules' array");
    let bad = r#"{"rules":[{"zh":"二次交換","en":"Swap2","fouls":false,"variety":"many"}]}"#;
    assert_eq!(text(bad), "rule 1 (二次交換): 'variety' is not a number");
    let no_fouls = r#"{"rules":[{"zh":"二次交換","en":"Swap2"}]}"#;
    assert_eq!(text(no_fouls), "rule 1 (二次交換): no 'fouls'");
    assert_eq!(
        text(r#"{"rules":[{"en":"Swap2"}]}"#),
        "rule 1: no 'zh' text"
    );
}
