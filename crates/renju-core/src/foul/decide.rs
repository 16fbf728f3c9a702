//! The order of the rules: five, then overline, then double four, then double three (the only
//! one that needs to look beyond the four line shapes of the point).

use super::{Foul, Verdict, double_four, five, overline};
use crate::shape::{Lines, Packed};
use crate::{Color, Direction, Point};

/// What a Black stone on `p` makes along each of the four lines (exact fives).
#[inline]
pub(super) fn four_dirs(lines: &Lines, p: Point) -> [Packed; 4] {
    Direction::ALL.map(|d| lines.packed(p, d, Color::Black, true))
}

/// The verdict from the four line shapes alone, or `Err(())` when the stone makes two or more
/// threes (and nothing that decides first): then only the recursive check of
/// [`super::double_three`] can tell whether two of them are open.
#[inline]
pub(super) fn quick(ks: &[Packed; 4]) -> Result<Verdict, ()> {
    if ks.iter().all(|k| k.is_nothing()) {
        return Ok(Verdict::Legal);
    }
    if five::makes_five(ks) {
        return Ok(Verdict::Five);
    }
    if overline::is_overline(ks) {
        return Ok(Verdict::Forbidden(Foul::Overline));
    }
    if double_four::is_double_four(ks) {
        return Ok(Verdict::Forbidden(Foul::DoubleFour));
    }
    if threes(ks) < 2 {
        return Ok(Verdict::Legal);
    }
    Err(())
}

/// How many lines hold a three through the stone (open or not).
#[inline]
pub(super) fn threes(ks: &[Packed; 4]) -> usize {
    ks.iter().filter(|k| k.three_mask() != 0).count()
}
