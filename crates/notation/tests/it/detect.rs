//! Format detection of text files whose extension says little (`.txt`).

use renju_notation::{Format, detect};

#[test]
fn a_txt_file_is_a_move_list_only_when_it_starts_like_one() {
    assert_eq!(
        detect("games.txt", b"h8 h9 i8\nh8h9\n"),
        Some(Format::Moves)
    );
    assert_eq!(
        detect("games.txt", b"# games\n\nH8,H9,J10 ?\n"),
        Some(Format::Moves)
    );
    assert_eq!(detect("games.txt", b"-- h8\n"), Some(Format::Moves));
    // A foul-atlas file and prose are not records.
    assert_eq!(
        detect(
            "001-double-three.txt",
            b"title: Simple double three\nsource: RULES.md\nboard:\n"
        ),
        None
    );
    assert_eq!(
        detect("notes.txt", b"These games were played in 1998.\n"),
        None
    );
    // Content still wins over the extension.
    assert_eq!(detect("x.txt", b"black h8 h9\n"), Some(Format::Renju));
}
