//! The VCF benchmark (written below).
fn main() {}
