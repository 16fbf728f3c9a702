//! Grid isometries (the 8 rotations/reflections, optionally combined with a translation) and
//! the rule that offered 5th moves must not be symmetric equivalents.

use renju_core::{Color, Point, Symmetry};
use std::fmt;

/// Which isometries count when deciding whether two offered 5th moves are equivalent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OfferSymmetry {
    /// RIF practice: a rotation or reflection combined with any translation (the distance to
    /// the edge is ignored). The default.
    #[default]
    WithTranslation,
    /// Only the 8 rotations/reflections about the board centre.
    BoardCentred,
}

/// A map of the grid: one of the 8 rotations/reflections about the origin, then a shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Isometry {
    /// The rotation or reflection (about the board centre when `shift` is that of the board).
    pub symmetry: Symmetry,
    /// Columns and rows added after the rotation/reflection about `a1`.
    pub shift: (i32, i32),
}

impl Isometry {
    /// True for the map that moves nothing.
    ///
    /// ```
    /// use renju_openings::Isometry;
    /// use renju_core::Symmetry;
    /// assert!(Isometry::board_centred(Symmetry::Identity, 15).is_identity());
    /// assert!(!Isometry::board_centred(Symmetry::Rotate90, 15).is_identity());
    /// ```
    #[must_use]
    pub fn is_identity(&self) -> bool {
        self.symmetry == Symmetry::Identity && self.shift == (0, 0)
    }

    /// The rotation/reflection `symmetry` about the centre of a board of side `size`.
    ///
    /// ```
    /// use renju_openings::Isometry;
    /// use renju_core::{Point, Symmetry};
    /// let g = Isometry::board_centred(Symmetry::Rotate180, 15);
    /// assert_eq!(g.apply(Point::CENTER), Some(Point::CENTER));
    /// assert_eq!(g.apply("a1".parse().unwrap()).unwrap().to_string(), "o15");
    /// ```
    #[must_use]
    pub const fn board_centred(symmetry: Symmetry, size: u8) -> Isometry {
        Isometry {
            symmetry,
            shift: symmetry.apply_coords(0, 0, size as i32),
        }
    }

    /// Maps 0-based coordinates (the result may lie off any board).
    ///
    /// ```
    /// use renju_openings::Isometry;
    /// use renju_core::Symmetry;
    /// // A mirror about the origin, then two columns to the right.
    /// let g = Isometry { symmetry: Symmetry::FlipHorizontal, shift: (2, 0) };
    /// assert_eq!(g.apply_coords(5, 3), (-3, 3)); // off any board: coordinates are kept
    /// ```
    #[must_use]
    pub const fn apply_coords(&self, col: i32, row: i32) -> (i32, i32) {
        let (c, r) = self.symmetry.apply_coords(col, row, 1);
        (c + self.shift.0, r + self.shift.1)
    }

    /// Maps a point, or `None` when the image leaves the 20x20 grid.
    ///
    /// ```
    /// use renju_openings::Isometry;
    /// use renju_core::Symmetry;
    /// let g = Isometry { symmetry: Symmetry::Identity, shift: (1, 1) };
    /// assert_eq!(g.apply("h8".parse().unwrap()).unwrap().to_string(), "i9");
    /// let back = Isometry { symmetry: Symmetry::Identity, shift: (-1, 0) };
    /// assert_eq!(back.apply("a1".parse().unwrap()), None);
    /// ```
    #[must_use]
    pub fn apply(&self, p: Point) -> Option<Point> {
        let (c, r) = self.apply_coords(i32::from(p.col()), i32::from(p.row()));
        Point::new(u8::try_from(c).ok()?, u8::try_from(r).ok()?)
    }
}

impl fmt::Display for Isometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} then shift ({:+}, {:+})",
            self.symmetry, self.shift.0, self.shift.1
        )
    }
}

fn coords(p: Point) -> (i32, i32) {
    (i32::from(p.col()), i32::from(p.row()))
}

/// Every isometry allowed by `mode` that maps the coloured stones onto themselves (the
/// identity included). `size` is the board side, used for [`OfferSymmetry::BoardCentred`].
///
/// ```
/// use renju_openings::{stabiliser, OfferSymmetry};
/// use renju_core::{Color, Point};
/// let p = |s: &str| s.parse::<Point>().unwrap();
/// // 花月 (4D): symmetric only once translation is allowed.
/// let stones = [(p("h8"), Color::Black), (p("h9"), Color::White), (p("i9"), Color::Black)];
/// assert_eq!(stabiliser(&stones, OfferSymmetry::WithTranslation, 15).len(), 2);
/// assert_eq!(stabiliser(&stones, OfferSymmetry::BoardCentred, 15).len(), 1);
/// ```
#[must_use]
pub fn stabiliser(stones: &[(Point, Color)], mode: OfferSymmetry, size: u8) -> Vec<Isometry> {
    let mut key: Vec<((i32, i32), Color)> = stones.iter().map(|&(p, c)| (coords(p), c)).collect();
    key.sort_unstable_by_key(|&(xy, c)| (xy, c == Color::White));
    key.dedup();
    let mut out = Vec::new();
    for symmetry in Symmetry::ALL {
        let linear = Isometry {
            symmetry,
            shift: (0, 0),
        };
        let shift = match mode {
            OfferSymmetry::BoardCentred => Isometry::board_centred(symmetry, size).shift,
            OfferSymmetry::WithTranslation => {
                let mapped_min = key
                    .iter()
                    .map(|&((c, r), _)| linear.apply_coords(c, r))
                    .min();
                match (key.first(), mapped_min) {
                    (Some(&(orig, _)), Some(m)) => (orig.0 - m.0, orig.1 - m.1),
                    _ => (0, 0),
                }
            }
        };
        let g = Isometry { symmetry, shift };
        let mut image: Vec<((i32, i32), Color)> = key
            .iter()
            .map(|&((c, r), colour)| (g.apply_coords(c, r), colour))
            .collect();
        image.sort_unstable_by_key(|&(xy, c)| (xy, c == Color::White));
        if image == key {
            out.push(g);
        }
    }
    out
}

/// The isometry (allowed by `mode`) that keeps the coloured `stones` in place and maps offer
/// `a` to offer `b`, if any: then `a` and `b` are equivalent 5th-move offers.
///
/// ```
/// use renju_openings::{equivalent_offers, OfferSymmetry};
/// use renju_core::{Color, Point};
/// let p = |s: &str| s.parse::<Point>().unwrap();
/// // 松月 (8D) with white 4 on h10: symmetric about column h.
/// let stones = [
///     (p("h8"), Color::Black), (p("h9"), Color::White),
///     (p("h7"), Color::Black), (p("h10"), Color::White),
/// ];
/// let mode = OfferSymmetry::WithTranslation;
/// assert!(equivalent_offers(&stones, p("g7"), p("i7"), mode, 15).is_some());
/// assert!(equivalent_offers(&stones, p("g7"), p("i6"), mode, 15).is_none());
/// ```
#[must_use]
pub fn equivalent_offers(
    stones: &[(Point, Color)],
    a: Point,
    b: Point,
    mode: OfferSymmetry,
    size: u8,
) -> Option<Isometry> {
    stabiliser(stones, mode, size)
        .into_iter()
        .find(|g| g.apply_coords(coords(a).0, coords(a).1) == coords(b))
}

/// The first pair `(i, j)`, `i < j`, of offers that are equivalent, with the isometry mapping
/// offer `i` to offer `j`.
///
/// ```
/// use renju_openings::{OfferSymmetry, first_equivalent_pair};
/// use renju_core::{Color, Point};
/// let p = |s: &str| s.parse::<Point>().unwrap();
/// // 1I 長星 with white 4 on k11: the diagonal h8-k11 is a mirror line.
/// let stones = [(p("h8"), Color::Black), (p("i9"), Color::White), (p("j10"), Color::Black),
///     (p("k11"), Color::White)];
/// let offers = [p("h10"), p("g9"), p("i7")];
/// let (i, j, _) = first_equivalent_pair(&stones, &offers, OfferSymmetry::default(), 15).unwrap();
/// assert_eq!((offers[i], offers[j]), (p("g9"), p("i7")));
/// ```
#[must_use]
pub fn first_equivalent_pair(
    stones: &[(Point, Color)],
    offers: &[Point],
    mode: OfferSymmetry,
    size: u8,
) -> Option<(usize, usize, Isometry)> {
    let group = stabiliser(stones, mode, size);
    for j in 0..offers.len() {
        for i in 0..j {
            let (a, b) = (coords(offers[i]), coords(offers[j]));
            if let Some(g) = group.iter().find(|g| g.apply_coords(a.0, a.1) == b) {
                return Some((i, j, *g));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    fn board_stones(diagram: &str) -> Vec<(Point, Color)> {
        renju_core::Board::from_diagram(diagram)
            .unwrap()
            .stones()
            .collect()
    }

    #[test]
    fn board_centred_isometries_fix_the_centre() {
        for s in Symmetry::ALL {
            let g = Isometry::board_centred(s, 15);
            assert_eq!(g.apply(Point::CENTER), Some(Point::CENTER));
            for q in renju_core::Board::renju().points() {
                assert_eq!(g.apply(q), Some(s.apply(q, 15)));
            }
        }
    }

    #[test]
    fn translation_makes_more_offers_equivalent() {
        // 花月 (4D) with white 4 far away on the anti-diagonal axis x+y=15 of the pattern:
        // the reflection exchanging h8 and i9 fixes h9 and g10.
        let stones = [
            (p("h8"), Color::Black),
            (p("h9"), Color::White),
            (p("i9"), Color::Black),
            (p("g10"), Color::White),
        ];
        let (a, b) = (p("h7"), p("j9"));
        let g = equivalent_offers(&stones, a, b, OfferSymmetry::WithTranslation, 15)
            .expect("mirror images across the pattern's own axis");
        assert_eq!(g.apply(a), Some(b));
        assert!(equivalent_offers(&stones, a, b, OfferSymmetry::BoardCentred, 15).is_none());
    }

    #[test]
    fn colours_are_kept() {
        // Swapping colours would make these symmetric; keeping colours they are not.
        let stones = board_stones(
            "
            . . . . .
            . . . . .
            . x . o .
            . . . . .
            . . . . .",
        );
        // Reflection across column c exchanges b3 and d3 but swaps colours: not allowed.
        let group = stabiliser(&stones, OfferSymmetry::WithTranslation, 5);
        assert!(group.iter().all(|g| g.symmetry != Symmetry::FlipHorizontal));
        // Reflection across row 3 keeps both stones.
        assert!(group.iter().any(|g| g.symmetry == Symmetry::FlipVertical));
        assert_eq!(group.len(), 2);
    }

    #[test]
    fn asymmetric_position_has_only_identity() {
        let stones = [
            (p("h8"), Color::Black),
            (p("h9"), Color::White),
            (p("i10"), Color::Black),
            (p("k12"), Color::White),
        ];
        for mode in [OfferSymmetry::WithTranslation, OfferSymmetry::BoardCentred] {
            let group = stabiliser(&stones, mode, 15);
            assert_eq!(group.len(), 1);
            assert!(group[0].is_identity());
            assert!(
                first_equivalent_pair(&stones, &[p("a1"), p("o15"), p("g6")], mode, 15).is_none()
            );
        }
    }
}
