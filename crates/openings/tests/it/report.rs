//! The text printed by `corpus-tool openings identify ...` and `corpus-tool openings table`.

use renju_openings::{IdentifyError, NotAnOpeningError, catalogue, identify_report, table_text};

#[test]
fn identify_report_names_the_opening_and_shows_both_orientations() {
    // 浦月 (7I) reflected top-bottom: white 2 on i7, black 3 on i9.
    let text = identify_report(&["H8", "i7", "i9"]).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("7I 浦月 (浦月, Hogetsu), indirect opening (斜指)")
    );
    assert_eq!(
        lines.next(),
        Some("given h8 i7 i9; flip-v maps it to the standard orientation h8 i9 i7")
    );
    let diagram: Vec<&str> = text.lines().skip(4).collect();
    assert_eq!(
        diagram,
        [
            "as given        standard",
            "10 . . . . .    10 . . . . .",
            " 9 . . . X .     9 . . . O .",
            " 8 . . X . .     8 . . X . .",
            " 7 . . . O .     7 . . . X .",
            " 6 . . . . .     6 . . . . .",
            "   f g h i j       f g h i j",
        ]
    );
}

#[test]
fn identify_report_errors_name_the_move() {
    match identify_report(&["h8", "h9", "q1"]) {
        Err(IdentifyError::BadPoint { index: 3, text, .. }) => assert_eq!(text, "q1"),
        other => panic!("{other:?}"),
    }
    let e = identify_report(&["h8", "j10", "h9"]).unwrap_err();
    assert!(matches!(
        e,
        IdentifyError::NotAnOpening(NotAnOpeningError::SecondNotAdjacent { .. })
    ));
    assert!(e.to_string().contains("move 2 is at j10"), "{e}");
    assert!(matches!(
        identify_report(&[]),
        Err(IdentifyError::NotAnOpening(
            NotAnOpeningError::TooFewStones { given: 0 }
        ))
    ));
}

#[test]
fn table_text_lists_all_26() {
    let text = table_text();
    let rows: Vec<&str> = text.lines().skip(2).collect();
    assert_eq!(rows.len(), 26);
    for (row, o) in rows.iter().zip(catalogue()) {
        assert!(
            row.starts_with(&format!("{:<4} {}/", o.code(), o.name_ja())),
            "{row}"
        );
        let m = o.moves();
        assert!(
            row.contains(&format!("{} {} {}", m[0], m[1], m[2])),
            "{row}"
        );
        assert!(row.ends_with(o.symmetry().name()), "{row}");
    }
}
