//! Piskvork `.psq` files; whatever reads is written back and must read again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use renju_notation::{Format, Orientation, read_all, write};

fuzz_target!(|data: &[u8]| {
    for o in [Orientation::RowOneAtBottom, Orientation::RowOneAtTop] {
        for r in read_all(Format::Psq, data, "f.psq", o) {
            match r {
                Ok(g) => {
                    let (bytes, _) = write(Format::Psq, &[g], o);
                    for again in read_all(Format::Psq, &bytes, "again.psq", o) {
                        assert!(again.is_ok(), "{again:?}");
                    }
                }
                Err(e) => {
                    let _ = e.to_string();
                }
            }
        }
    }
});
