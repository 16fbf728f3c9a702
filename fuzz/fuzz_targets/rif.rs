//! RenjuNet `.rif` XML through the streaming reader.
#![no_main]

use libfuzzer_sys::fuzz_target;
use renju_notation::{Orientation, rif::RifReader};

fuzz_target!(|data: &[u8]| {
    for r in RifReader::new(data, "f.rif", Orientation::RowOneAtBottom).take(100_000) {
        match r {
            Ok(g) => assert_eq!(g.board_size, 15),
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
