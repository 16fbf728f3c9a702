//! `.renju` lines: the in-memory reader and the streaming reader must agree on how many
//! records a file holds, and neither may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use renju_notation::{Orientation, renju_line::{RenjuBufReader, RenjuReader}};

fuzz_target!(|data: &[u8]| {
    let a: Vec<_> = RenjuReader::new(data, "f.renju", Orientation::RowOneAtBottom).collect();
    let b: Vec<_> = RenjuBufReader::new(data, "f.renju", Orientation::RowOneAtBottom).collect();
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.is_ok(), y.is_ok());
        if let Err(e) = x {
            let _ = e.to_string();
        }
    }
});
