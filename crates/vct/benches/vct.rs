//! The VCT benchmark (written below).
fn main() {}
