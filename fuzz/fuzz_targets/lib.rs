//! RenLib `.lib` trees: whatever reads writes back to a library with the same lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use renju_notation::renlib::{read_tree, write_tree};
use renju_notation::{Format, Orientation, read_all};

const TOP: Orientation = Orientation::RowOneAtTop;

fuzz_target!(|data: &[u8]| {
    if let Ok(lib) = read_tree(data, "f.lib", TOP, None) {
        let written = write_tree(&lib, TOP).0;
        let again = read_tree(&written, "again.lib", TOP, None).expect("written library reads");
        assert_eq!(again.lines(TOP), lib.lines(TOP));
    }
    for r in read_all(Format::Lib, data, "f.lib", Orientation::RowOneAtTop).take(10_000) {
        if let Err(e) = r {
            let _ = e.to_string();
        }
    }
});
