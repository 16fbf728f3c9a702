//! Round trips: record → write → read = record, for the fields each format holds; and the
//! conversion report names exactly the records that lost something.

use proptest::prelude::*;
use renju_core::{Move, Point};
use renju_notation::renlib::{read_tree, write_tree};
use renju_notation::{
    DeclaredResult, Format, GameRecord, Orientation, SwapDecision, read_all, write,
};
use std::collections::BTreeMap;

fn orientation() -> impl Strategy<Value = Orientation> {
    prop_oneof![
        Just(Orientation::RowOneAtBottom),
        Just(Orientation::RowOneAtTop)
    ]
}

fn name() -> impl Strategy<Value = String> {
    "[A-Za-z][A-Za-z0-9 é&<>.]{0,8}[a-z0-9]"
}

fn point(size: u8) -> impl Strategy<Value = Point> {
    (0..size, 0..size).prop_map(|(c, r)| Point::new(c, r).unwrap())
}

fn moves(size: u8, passes: bool, min: usize) -> impl Strategy<Value = Vec<Move>> {
    let pass_weight = if passes { 1 } else { 0 };
    prop::collection::vec(
        prop_oneof![9 => point(size).prop_map(Move::Stone), pass_weight => Just(Move::Pass)],
        min..40,
    )
}

fn result() -> impl Strategy<Value = DeclaredResult> {
    prop_oneof![
        Just(DeclaredResult::Black),
        Just(DeclaredResult::White),
        Just(DeclaredResult::Draw),
        Just(DeclaredResult::Unknown)
    ]
}

fn rule() -> impl Strategy<Value = Option<String>> {
    prop::option::of(prop_oneof![
        Just("RIF".to_string()),
        Just("Yamaguchi".to_string()),
        Just("Taraguchi-10".to_string()),
        Just("Soosyrv-8".to_string()),
        name(),
    ])
}

/// Tag keys: lower-case (RIF attributes) and upper-case (SGF properties), never one that a
/// format maps to a field.
fn tags() -> impl Strategy<Value = BTreeMap<String, String>> {
    const MAPPED: &[&str] = &[
        "alt",
        "swap",
        "id",
        "tournament",
        "round",
        "rule",
        "black",
        "white",
        "bresult",
        "opening",
        "GM",
        "FF",
        "SZ",
        "PB",
        "PW",
        "EV",
        "RO",
        "DT",
        "RU",
        "RE",
        "5A",
        "SW",
        "GN",
    ];
    prop::collection::btree_map(
        prop_oneof!["[a-z]{2,6}", "[A-Z]{2,3}", "[a-z]{1,3}:[a-z]{1,3}"]
            .prop_filter("mapped key", |k| !MAPPED.contains(&k.as_str())),
        name(),
        0..4,
    )
}

/// A record carrying every field.
fn full(size: u8, passes: bool) -> impl Strategy<Value = GameRecord> {
    (
        (
            moves(size, passes, 0),
            result(),
            rule(),
            prop::collection::vec(point(size), 0..3),
        ),
        (
            prop::option::of(name()),
            prop::option::of(name()),
            prop::option::of(name()),
            prop::option::of(name()),
            prop::option::of(name()),
            prop::option::of(name()),
            prop::option::of(name()),
        ),
        (
            prop::option::of(1u8..10),
            prop::collection::vec(any::<bool>(), 0..4),
            tags(),
        ),
    )
        .prop_map(
            move |(
                (moves, result, rule, offers),
                (id, black, white, event, round, date, opening),
                (declared, swaps, tags),
            )| {
                GameRecord {
                    board_size: size,
                    moves,
                    id,
                    black,
                    white,
                    event,
                    round,
                    date,
                    rule,
                    opening,
                    result,
                    fifth_offers: offers,
                    declared_offers: declared,
                    swaps: swaps
                        .into_iter()
                        .map(|swapped| SwapDecision {
                            after_move: None,
                            swapped,
                        })
                        .collect(),
                    tags,
                    ..GameRecord::default()
                }
            },
        )
}

/// What `format` keeps of `g`.
fn project(format: Format, g: &GameRecord) -> GameRecord {
    let mut p = GameRecord::new(g.board_size);
    p.moves = g.moves.clone();
    match format {
        Format::Renju => p.result = g.result,
        Format::Moves | Format::Pos | Format::Lib => {}
        Format::Rif => {
            p = g.clone();
            p.declared_offers = None;
            p.tags.retain(|k, _| renju_notation::rif::is_rif_tag(k));
        }
        Format::Sgf => {
            p = g.clone();
            p.id = None;
            p.opening = None;
            p.declared_offers = None;
            p.tags.retain(|k, _| renju_notation::sgf::is_sgf_tag(k));
        }
        Format::Psq => {
            if g.black.is_some() && g.white.is_some() {
                p.black.clone_from(&g.black);
                p.white.clone_from(&g.white);
                p.result = g.result;
                if g.result != DeclaredResult::Unknown {
                    p.event.clone_from(&g.event);
                }
            }
        }
        other => panic!("the round trip does not know what {other} keeps"),
    }
    p
}

fn read_back(format: Format, bytes: &[u8], o: Orientation) -> Vec<GameRecord> {
    read_all(format, bytes, "roundtrip", o)
        .map(|r| {
            let mut g = r.unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(bytes)));
            g.tags.remove("lib:line");
            g.encoding = None;
            g.remarks.clear();
            g
        })
        .collect()
}

fn check_many(format: Format, records: &[GameRecord], o: Orientation) -> Result<(), TestCaseError> {
    let (bytes, report) = write(format, records, o);
    prop_assert!(report.skipped.is_empty(), "{}", report);
    let back = read_back(format, &bytes, o);
    let expected: Vec<GameRecord> = records.iter().map(|g| project(format, g)).collect();
    prop_assert_eq!(&back, &expected);
    for (i, g) in records.iter().enumerate() {
        let lost = report.dropped.iter().any(|d| d.record == i + 1);
        prop_assert_eq!(
            lost,
            project(format, g) != *g,
            "record {}: {}",
            i + 1,
            report
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn renju_lines(records in prop::collection::vec(full(15, true), 0..5), o in orientation()) {
        check_many(Format::Renju, &records, o)?;
    }

    #[test]
    fn move_lines(records in prop::collection::vec(full(15, false), 0..5), o in orientation()) {
        // A record without moves is a blank line: not a record.
        let records: Vec<_> = records.into_iter().filter(|g| !g.moves.is_empty()).collect();
        check_many(Format::Moves, &records, o)?;
    }

    #[test]
    fn rif(records in prop::collection::vec(full(15, true), 0..5), o in orientation()) {
        check_many(Format::Rif, &records, o)?;
    }

    #[test]
    fn sgf(
        records in (5u8..=20).prop_flat_map(|s| prop::collection::vec(full(s, true), 0..4)),
        o in orientation(),
    ) {
        check_many(Format::Sgf, &records, o)?;
    }

    #[test]
    fn psq(g in (5u8..=20).prop_flat_map(|s| full(s, false)), o in orientation()) {
        check_many(Format::Psq, &[g], o)?;
    }

    #[test]
    fn pos(ms in moves(15, false, 1), o in orientation()) {
        let mut g = GameRecord::new(15);
        g.moves = ms;
        check_many(Format::Pos, &[g], o)?;
    }

    #[test]
    fn lib(lines in prop::collection::vec(moves(15, true, 1), 1..5), o in orientation()) {
        let records: Vec<GameRecord> = lines.iter().map(|m| {
            let mut g = GameRecord::new(15);
            g.moves = m.clone();
            g
        }).collect();
        let (bytes, report) = write(Format::Lib, &records, o);
        prop_assert!(report.skipped.is_empty());
        // read → write is byte-identical
        let lib = read_tree(&bytes, "x.lib", Orientation::RowOneAtTop, None).unwrap();
        prop_assert_eq!(write_tree(&lib, Orientation::RowOneAtTop).0, bytes.clone());
        // the lines read back are the records that are not a prefix of another
        let mut expected: Vec<Vec<Move>> = lines.clone();
        expected.sort_by_key(|m| format!("{m:?}"));
        expected.dedup();
        let all = expected.clone();
        expected.retain(|m| !all.iter().any(|n| n.len() > m.len() && n.starts_with(m)));
        let mut back: Vec<Vec<Move>> = read_back(Format::Lib, &bytes, o).into_iter().map(|g| g.moves).collect();
        back.sort_by_key(|m| format!("{m:?}"));
        prop_assert_eq!(back, expected);
    }

    #[test]
    fn orientation_flips_rows_only(p in point(15), size in 15u8..=20) {
        let top = renju_notation::moves::move_text(Move::Stone(p), size, Orientation::RowOneAtTop);
        let back = renju_notation::moves::parse_moves(&top, size, Orientation::RowOneAtTop).unwrap();
        prop_assert_eq!(back, vec![Move::Stone(p)]);
        let bottom = renju_notation::moves::parse_moves(&top, size, Orientation::RowOneAtBottom).unwrap();
        let q = bottom[0].point().unwrap();
        prop_assert_eq!((q.col(), u32::from(q.row()) + u32::from(p.row())), (p.col(), u32::from(size) - 1));
    }
}

#[test]
fn lib_comments_and_board_texts_round_trip_through_records() {
    let mut g = GameRecord::new(15);
    g.moves =
        renju_notation::moves::parse_moves("h8 h9 i8", 15, Orientation::RowOneAtBottom).unwrap();
    g.note_mut(0).comment = Some("root\nmore".into());
    g.note_mut(2).comment = Some("after h9".into());
    g.note_mut(3).board_text = Some("A".into());
    let (bytes, report) = write(Format::Lib, &[g.clone()], Orientation::RowOneAtTop);
    assert!(report.dropped.is_empty(), "{report}");
    assert_eq!(bytes[9], 4, "a root comment needs the 3.4 layout");
    let back = read_back(Format::Lib, &bytes, Orientation::RowOneAtTop);
    assert_eq!(back, vec![g]);
}
