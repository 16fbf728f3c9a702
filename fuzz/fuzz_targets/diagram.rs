//! Text diagrams (`renju_diagrams::diagram`): any text parses or gives an error, and a diagram that
//! parses is written in both styles and reads back to the same board; `Board::from_diagram`
//! (the same `renju_core::grid` reader, stones only) reads the same board or fails alike.
#![no_main]

use libfuzzer_sys::fuzz_target;
use renju_diagrams::diagram::Diagram;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let board = renju_core::Board::from_diagram(&text).ok();
    assert_eq!(board.as_ref(), Diagram::parse(&text).ok().as_ref().map(Diagram::board));
    match Diagram::parse(&text) {
        Ok(d) => {
            for written in [d.to_ascii(), d.to_unicode()] {
                let again = Diagram::parse(&written).expect("a written diagram reads back");
                assert_eq!(again.board(), d.board(), "{written}");
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
