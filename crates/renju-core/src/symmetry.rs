//! The 8 symmetries of a square board (rotations and reflections).

use crate::{Board, Point};

/// One of the 8 isometries of a square board that keep it in place.
///
/// ```
/// use renju_core::{Point, Symmetry};
/// let p: Point = "i9".parse().unwrap();
/// assert_eq!(Symmetry::Rotate90.apply(p, 15).to_string(), "g9");
/// for s in Symmetry::ALL {
///     assert_eq!(s.inverse().apply(s.apply(p, 15), 15), p);
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leaves every point where it is.
    Identity,
    /// Quarter turn anticlockwise.
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn clockwise.
    Rotate270,
    /// Mirror left-right (columns reversed).
    FlipHorizontal,
    /// Mirror top-bottom (rows reversed).
    FlipVertical,
    /// Mirror in the a1-o15 diagonal (column and row exchanged).
    FlipDiagonal,
    /// Mirror in the a15-o1 diagonal.
    FlipAntiDiagonal,
}

impl Symmetry {
    /// Maps 0-based `(col, row)` on a board of side `size`; works for coordinates relative
    /// to any centre when `size` is 1 (the map is then about the origin).
    ///
    /// ```
    /// use renju_core::Symmetry;
    /// // On a 15x15 board (0-based): a1 = (0, 0) goes to o1 = (14, 0) under a quarter turn.
    /// assert_eq!(Symmetry::Rotate90.apply_coords(0, 0, 15), (14, 0));
    /// // With size 1 the map is about the origin: useful for offsets from a centre.
    /// assert_eq!(Symmetry::Rotate90.apply_coords(1, 0, 1), (0, 1));
    /// ```
    #[must_use]
    pub const fn apply_coords(self, col: i32, row: i32, size: i32) -> (i32, i32) {
        let m = size - 1;
        match self {
            Symmetry::Identity => (col, row),
            Symmetry::Rotate90 => (m - row, col),
            Symmetry::Rotate180 => (m - col, m - row),
            Symmetry::Rotate270 => (row, m - col),
            Symmetry::FlipHorizontal => (m - col, row),
            Symmetry::FlipVertical => (col, m - row),
            Symmetry::FlipDiagonal => (row, col),
            Symmetry::FlipAntiDiagonal => (m - row, m - col),
        }
    }

    /// Maps a point of a board of side `size` (the point must be on that board).
    ///
    /// ```
    /// use renju_core::{Point, Symmetry};
    /// let i9: Point = "i9".parse().unwrap();
    /// assert_eq!(Symmetry::FlipVertical.apply(i9, 15).to_string(), "i7");
    /// assert_eq!(Symmetry::Rotate180.apply(i9, 15).to_string(), "g7");
    /// ```
    #[must_use]
    pub fn apply(self, p: Point, size: u8) -> Point {
        let (c, r) = self.apply_coords(i32::from(p.col()), i32::from(p.row()), i32::from(size));
        Point::new(c as u8, r as u8).expect("a symmetry keeps points on the board")
    }

    /// Maps every stone of a board.
    ///
    /// ```
    /// use renju_core::{Board, Color, Symmetry};
    /// let mut b = Board::renju();
    /// b.place("a1".parse().unwrap(), Color::Black).unwrap();
    /// let flipped = Symmetry::FlipHorizontal.apply_board(&b);
    /// assert_eq!(flipped.get("o1".parse().unwrap()), Some(Color::Black));
    /// ```
    #[must_use]
    pub fn apply_board(self, board: &Board) -> Board {
        let mut out = Board::new(usize::from(board.size())).expect("same size");
        for (p, c) in board.stones() {
            out.set(self.apply(p, board.size()), Some(c))
                .expect("on board");
        }
        out
    }

    /// The symmetry that undoes this one.
    ///
    /// ```
    /// use renju_core::{Point, Symmetry};
    /// let p: Point = "c4".parse().unwrap();
    /// let s = Symmetry::Rotate90;
    /// assert_eq!(s.inverse(), Symmetry::Rotate270);
    /// assert_eq!(s.inverse().apply(s.apply(p, 15), 15), p);
    /// ```
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// `self` after `first`: `self.then_after(first).apply(p) == self.apply(first.apply(p))`.
    ///
    /// ```
    /// use renju_core::{Point, Symmetry};
    /// let p: Point = "c4".parse().unwrap();
    /// let both = Symmetry::FlipHorizontal.then_after(Symmetry::FlipVertical);
    /// assert_eq!(both, Symmetry::Rotate180);
    /// assert_eq!(both.apply(p, 15), Symmetry::FlipHorizontal.apply(Symmetry::FlipVertical.apply(p, 15), 15));
    /// ```
    #[must_use]
    pub fn then_after(self, first: Symmetry) -> Symmetry {
        let probe = |s: Symmetry| (s.apply_coords(1, 0, 5), s.apply_coords(0, 2, 5));
        let want = {
            let (a, b) = first.apply_coords(1, 0, 5);
            let (c, d) = first.apply_coords(0, 2, 5);
            (self.apply_coords(a, b, 5), self.apply_coords(c, d, 5))
        };
        Symmetry::ALL
            .into_iter()
            .find(|&s| probe(s) == want)
            .expect("the group is closed")
    }
}

crate::names! {
    /// A short name: `identity`, `rot90`, `rot180`, `rot270`, `flip-h`, `flip-v`, `flip-d`,
    /// `flip-a` (also `Display`; `FromStr` reads it back, in any ASCII case). `Symmetry::ALL`
    /// lists the 8, identity first.
    ///
    /// ```
    /// use renju_core::Symmetry;
    /// assert_eq!(Symmetry::Rotate270.name(), "rot270");
    /// assert_eq!(Symmetry::FlipDiagonal.to_string(), "flip-d");
    /// assert_eq!("flip-a".parse::<Symmetry>(), Ok(Symmetry::FlipAntiDiagonal));
    /// assert_eq!(Symmetry::ALL[0], Symmetry::Identity);
    /// ```
    Symmetry: "symmetry" {
        Identity => "identity",
        Rotate90 => "rot90",
        Rotate180 => "rot180",
        Rotate270 => "rot270",
        FlipHorizontal => "flip-h",
        FlipVertical => "flip-v",
        FlipDiagonal => "flip-d",
        FlipAntiDiagonal => "flip-a",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_laws() {
        for a in Symmetry::ALL {
            assert_eq!(a.then_after(a.inverse()), Symmetry::Identity);
            for b in Symmetry::ALL {
                let ab = a.then_after(b);
                for p in Board::renju().points() {
                    assert_eq!(ab.apply(p, 15), a.apply(b.apply(p, 15), 15));
                }
            }
        }
        let centre = Point::CENTER;
        assert!(Symmetry::ALL.iter().all(|s| s.apply(centre, 15) == centre));
    }
}
