//! RenLib binary `.pos` positions, and format detection on any bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use renju_notation::{Format, Orientation, detect, read_all};

fuzz_target!(|data: &[u8]| {
    let _ = detect("f.pos", data);
    let _ = detect("f", data);
    for o in [Orientation::RowOneAtBottom, Orientation::RowOneAtTop] {
        for r in read_all(Format::Pos, data, "f.pos", o) {
            if let Err(e) = r {
                let _ = e.to_string();
            }
        }
    }
});
