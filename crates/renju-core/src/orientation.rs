//! Where row 1 is, in a text board or in a format's own coordinates.

/// Where row 1 is in a text board or in a record format's coordinates. Row numbers and
/// [`Point`](crate::Point) rows always count from row 1; this says whether row 1 is drawn (or
/// stored) at the bottom or at the top.
///
/// ```
/// use renju_core::Orientation;
/// assert_eq!(Orientation::default(), Orientation::RowOneAtBottom);
/// assert_eq!(Orientation::RowOneAtTop.name(), "top");
/// assert_eq!("Bottom".parse::<Orientation>(), Ok(Orientation::RowOneAtBottom));
/// // The text lines of a 15-row board, top line first, hold these rows (0 = row 1):
/// assert_eq!(Orientation::RowOneAtBottom.row_of_line(0, 15), 14);
/// assert_eq!(Orientation::RowOneAtTop.row_of_line(0, 15), 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Orientation {
    /// Row 1 at the bottom: the usual way (RIF, RenLib's display, `.renju`, move strings, rule
    /// books).
    #[default]
    RowOneAtBottom,
    /// Row 1 at the top (Piskvork `.psq`, SGF letters, Gomocup "pos" strings).
    RowOneAtTop,
}

impl Orientation {
    /// The 0-based board row shown on the 0-based text line `line` of a board of side `size`
    /// (lines counted from the top); the same map turns a row back into its line.
    ///
    /// ```
    /// use renju_core::Orientation;
    /// for o in Orientation::ALL {
    ///     assert_eq!(o.row_of_line(o.row_of_line(3, 15), 15), 3);
    /// }
    /// ```
    #[must_use]
    pub const fn row_of_line(self, line: u8, size: u8) -> u8 {
        match self {
            Orientation::RowOneAtBottom => size - 1 - line,
            Orientation::RowOneAtTop => line,
        }
    }
}

crate::names! {
    /// `bottom` or `top` (also `Display`; `FromStr` reads it back, in any ASCII case).
    ///
    /// ```
    /// use renju_core::Orientation;
    /// assert_eq!(Orientation::RowOneAtBottom.to_string(), "bottom");
    /// assert_eq!("TOP".parse::<Orientation>(), Ok(Orientation::RowOneAtTop));
    /// ```
    Orientation: "orientation" {
        RowOneAtBottom => "bottom",
        RowOneAtTop => "top",
    }
}
