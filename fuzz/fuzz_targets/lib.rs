//! RenLib `.lib` trees: whatever reads writes back to a library with the same lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use notation::renlib::Library;
use notation::{Format, Orientation, read_all};

fuzz_target!(|data: &[u8]| {
    if let Ok(lib) = Library::read(data, "f.lib") {
        let again = Library::read(&lib.to_bytes(), "again.lib").expect("written library reads");
        assert_eq!(again.leaf_lines(), lib.leaf_lines());
    }
    for r in read_all(Format::Lib, data, "f.lib", Orientation::RowOneAtTop).take(10_000) {
        if let Err(e) = r {
            let _ = e.to_string();
        }
    }
});
