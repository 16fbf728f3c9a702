//! SGF `GM[4]` / `GM[5]` collections, variations included.
#![no_main]

use libfuzzer_sys::fuzz_target;
use renju_notation::{Format, Orientation, read_all, write};

fuzz_target!(|data: &[u8]| {
    let games: Vec<_> = read_all(Format::Sgf, data, "f.sgf", Orientation::RowOneAtTop)
        .take(10_000)
        .filter_map(Result::ok)
        .collect();
    let (bytes, _) = write(Format::Sgf, &games, Orientation::RowOneAtTop);
    let again = read_all(Format::Sgf, &bytes, "again.sgf", Orientation::RowOneAtTop).count();
    assert!(again >= games.len().min(1));
});
