//! The figures of README.md that a check can keep current: the `validate` tour output (the
//! real output of `corpus-tool validate corpus/games/`, timing aside), the CSV column list
//! and count, and the size of the atlas.

use corpus_tool::validate::CSV_HEADER;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn readme() -> String {
    std::fs::read_to_string(repo().join("README.md")).expect("README.md")
}

#[test]
fn the_validate_tour_is_the_real_output() {
    let text = readme();
    let start = "$ corpus-tool validate corpus/games/\n";
    let block = &text[text.find(start).expect("the tour's validate block") + start.len()..];
    let block = &block[..block.find("\n```").expect("end of the block")];
    let shown: Vec<&str> = block.lines().collect();
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["validate", "corpus/games/"])
        .current_dir(repo())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "README says: 1 on findings");
    let real = String::from_utf8(out.stdout).unwrap();
    let real: Vec<&str> = real.lines().collect();
    assert!(shown.len() > 10 && real.len() >= shown.len());
    // the first line carries the timing: same words around the figures
    let words = |l: &str| -> Vec<String> {
        l.split_whitespace()
            .filter(|w| !w.starts_with(|c: char| c.is_ascii_digit() || c == '('))
            .map(String::from)
            .collect()
    };
    assert_eq!(words(shown[0]), words(real[0]));
    assert!(shown[0].starts_with("audited 22 records in 22 files in "));
    // then every line shown, in order, `...` standing for lines left out
    let mut at = 1;
    for line in &shown[1..] {
        if line.trim() == "..." {
            continue;
        }
        let found = real[at..].iter().position(|r| r == line);
        let Some(k) = found else {
            panic!(
                "README line not in the output (in order): {line}\n--- real:\n{}",
                real.join("\n")
            );
        };
        if !shown.iter().any(|l| l.trim() == "...") {
            assert_eq!(k, 0, "{line}");
        }
        at += k + 1;
    }
    assert_eq!(shown.last(), real.last(), "the last line is shown");
}

#[test]
fn the_csv_columns_are_the_ones_written() {
    let text = readme();
    let list = CSV_HEADER.join(",");
    assert!(text.contains(&format!("`{list}`")), "README lists {list}");
    assert!(text.contains(&format!("{} columns", CSV_HEADER.len())));
}

#[test]
fn the_atlas_size_is_the_number_of_diagrams() {
    let text = readme();
    let diagrams = std::fs::read_dir(repo().join("corpus/fouls"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .count();
    assert!(diagrams > 0);
    assert!(
        text.contains(&format!("The atlas of {diagrams} such diagrams")),
        "README must say the atlas has {diagrams} diagrams"
    );
}
