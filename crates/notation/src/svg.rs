//! SVG drawings of boards, with no external renderer. (Being written.)
