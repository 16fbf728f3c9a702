//! Stone colours.

/// The colour of a stone or of the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black moves first and, in renju, is subject to fouls.
    Black,
    /// White moves second and has no forbidden moves.
    White,
}

impl Color {
    /// The other colour.
    ///
    /// ```
    /// use renju_core::Color;
    /// assert_eq!(Color::Black.opponent(), Color::White);
    /// ```
    #[must_use]
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The colour that plays the move with this 1-based number when colours
    /// alternate from Black (passes count as moves).
    ///
    /// ```
    /// use renju_core::Color;
    /// assert_eq!(Color::of_move_number(1), Color::Black);
    /// assert_eq!(Color::of_move_number(4), Color::White);
    /// ```
    #[must_use]
    #[inline]
    pub const fn of_move_number(n: usize) -> Color {
        if n % 2 == 1 {
            Color::Black
        } else {
            Color::White
        }
    }
}

crate::names! {
    /// Lower-case English name: `black` or `white` (also `Display`; `FromStr` reads it back,
    /// in any ASCII case).
    ///
    /// ```
    /// use renju_core::Color;
    /// assert_eq!(Color::White.name(), "white");
    /// assert_eq!(Color::Black.to_string(), "black");
    /// assert_eq!("White".parse::<Color>(), Ok(Color::White));
    /// ```
    Color: "colour" {
        Black => "black",
        White => "white",
    }
}
