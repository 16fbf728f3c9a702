//! Move strings: `parse_moves` on any text, every board size and orientation, and the
//! move-list file format through `read_all` and the streaming line reader.
#![no_main]

use libfuzzer_sys::fuzz_target;
use renju_notation::{Format, Orientation, moves::parse_moves, read_all};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for size in [5u8, 15, 20] {
        for o in [Orientation::RowOneAtBottom, Orientation::RowOneAtTop] {
            if let Err(e) = parse_moves(&text, size, o) {
                assert!(e.offset <= text.len());
                let _ = e.to_string();
            }
        }
    }
    for r in read_all(Format::Moves, data, "f.txt", Orientation::RowOneAtBottom) {
        if let Err(e) = r {
            let _ = e.to_string();
        }
    }
});
