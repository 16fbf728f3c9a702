//! Overline (长连禁手, [docs/rules.md](https://github.com/renju-kit/renju-kit/blob/main/docs/rules.md) section 3): a Black stone that makes no five but six or more
//! in an unbroken row on some line is forbidden.

use crate::shape::Packed;

/// Whether the stone makes six or more in a row on one of its four lines (asked only once
/// [`super::five::makes_five`] said no).
#[inline]
pub(super) fn is_overline(lines: &[Packed; 4]) -> bool {
    lines.iter().any(|k| k.overline())
}
