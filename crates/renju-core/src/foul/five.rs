//! Five overrides everything ([docs/rules.md](https://github.com/renju-kit/renju-kit/blob/main/docs/rules.md) section 3): a Black stone that makes an exact five on
//! any line wins, whatever else it makes (an overline on another line included). Six or more
//! is not a five for Black (the tables are built with exact fives).

use crate::shape::Packed;

/// Whether the stone makes an exact five on one of its four lines.
#[inline]
pub(super) fn makes_five(lines: &[Packed; 4]) -> bool {
    lines.iter().any(|k| k.five())
}
