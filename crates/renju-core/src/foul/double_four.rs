//! Double four (四四禁手, [docs/rules.md](https://github.com/renju-kit/renju-kit/blob/main/docs/rules.md) section 3): a Black stone that makes no five and no
//! overline but two or more fours, counted over all four lines, is forbidden. Two fours on one
//! line (`X X X _ X _ X X X` with the stone in the middle, or `X _ X X X _ X`) count two; a
//! straight four counts one (the tables count distinct sets of four stones).

use crate::shape::Packed;

/// How many fours the stone makes over its four lines.
#[inline]
pub(super) fn fours(lines: &[Packed; 4]) -> u32 {
    lines.iter().map(|k| k.fours()).sum()
}

/// Whether the stone makes two or more fours.
#[inline]
pub(super) fn is_double_four(lines: &[Packed; 4]) -> bool {
    fours(lines) >= 2
}
