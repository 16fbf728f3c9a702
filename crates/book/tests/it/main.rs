//! The integration tests of `renju-book`, one binary: each module one subject.
//!
//! Run one module with `cargo test -p renju-book --test it MODULE::`; the 147k-archive tests
//! are ignored by default and run in release: `cargo test --release -p renju-book --test it
//! -- --ignored archive::`.

mod archive;
mod build;
mod export;
mod query;
mod reference;
mod sources;
mod sweep;

use renju_book::{AddOptions, AddOutcome, Book, BookSettings};
use renju_notation::GameRecord;
use std::path::{Path, PathBuf};

/// A `.renju` archive of `games` (one `<result> <moves>` line each).
pub fn renju_text(games: &[GameRecord]) -> String {
    let mut s = String::new();
    for g in games {
        s.push_str(g.result.name());
        for m in &g.moves {
            s.push(' ');
            s.push_str(&m.to_string());
        }
        s.push('\n');
    }
    s
}

/// Writes `text` to `dir/name` and returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// A new book at `dir/name` built from `files`.
pub fn build(dir: &Path, name: &str, settings: BookSettings, files: &[&Path]) -> PathBuf {
    let path = dir.join(name);
    let mut b = Book::create(&path, settings).unwrap();
    for f in files {
        let out = b.add_file(f, AddOptions::default()).unwrap();
        assert!(matches!(out, AddOutcome::Added(_)), "{out:?}");
    }
    path
}
