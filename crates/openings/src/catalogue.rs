//! The 26 canonical renju openings and [`identify`], which names the opening of any first
//! three stones in any of the 8 orientations.

use crate::isometry::{Isometry, OfferSymmetry, stabiliser};
use renju_core::{Color, Point, Symmetry};
use std::fmt;

/// Whether white 2 touches black 1 along a line (direct) or a diagonal (indirect).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OpeningKind {
    /// Direct opening (直指, 直接打ち): white 2 on `h9` in the standard orientation.
    Direct,
    /// Indirect opening (斜指, 間接打ち): white 2 on `i9` in the standard orientation.
    Indirect,
}

impl OpeningKind {
    /// The Chinese name: 直指 or 斜指.
    ///
    /// ```
    /// use renju_openings::OpeningKind;
    /// assert_eq!(OpeningKind::Indirect.name_zh(), "斜指");
    /// ```
    #[must_use]
    pub const fn name_zh(self) -> &'static str {
        match self {
            OpeningKind::Direct => "直指",
            OpeningKind::Indirect => "斜指",
        }
    }
}

/// How symmetric the three opening stones are (colours kept).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OpeningSymmetry {
    /// No rotation or reflection maps the three stones onto themselves.
    None,
    /// A reflection maps the stones onto themselves only when combined with a translation
    /// (the two black stones change places): 4D 花月 and 3I 恒星.
    Pattern,
    /// A reflection that fixes `h8` maps the stones onto themselves.
    Board,
}

renju_core::names! {
    /// `direct` or `indirect` (also `Display`; `FromStr` reads it back, in any ASCII case).
    ///
    /// ```
    /// use renju_openings::{OpeningKind, by_code};
    /// assert_eq!(by_code("2D").unwrap().kind().name(), "direct");
    /// assert_eq!(by_code("2I").unwrap().kind().to_string(), "indirect");
    /// assert_eq!("Direct".parse::<OpeningKind>(), Ok(OpeningKind::Direct));
    /// ```
    OpeningKind: "opening kind" {
        Direct => "direct",
        Indirect => "indirect",
    }
}

renju_core::names! {
    /// `none`, `pattern` or `board` (also `Display`; `FromStr` reads it back, in any ASCII
    /// case).
    ///
    /// ```
    /// use renju_openings::{OpeningSymmetry, by_code};
    /// assert_eq!(by_code("1D").unwrap().symmetry().name(), "board");
    /// assert_eq!(OpeningSymmetry::Pattern.to_string(), "pattern");
    /// ```
    OpeningSymmetry: "opening symmetry" {
        None => "none",
        Pattern => "pattern",
        Board => "board",
    }
}

/// One of the 26 openings: black 1 on `h8`, white 2 on `h9` or `i9`, black 3 within the 5x5.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Opening {
    code: &'static str,
    name_ja: &'static str,
    name_zh: &'static str,
    romaji: &'static str,
    kind: OpeningKind,
    moves: [Point; 3],
    symmetry: OpeningSymmetry,
}

impl Opening {
    /// The RIF code, `1D`..`13D` or `1I`..`13I`.
    ///
    /// ```
    /// let o = renju_openings::by_code("2i").unwrap(); // case-insensitive
    /// assert_eq!(o.code(), "2I");
    /// ```
    #[must_use]
    pub const fn code(&self) -> &'static str {
        self.code
    }
    /// The number within its kind, 1..=13.
    ///
    /// ```
    /// assert_eq!(renju_openings::by_code("13D").unwrap().number(), 13);
    /// ```
    #[must_use]
    pub fn number(&self) -> u8 {
        self.code[..self.code.len() - 1].parse().unwrap_or(0)
    }
    /// The Japanese name (e.g. 浦月).
    ///
    /// ```
    /// assert_eq!(renju_openings::by_code("2D").unwrap().name_ja(), "渓月");
    /// ```
    #[must_use]
    pub const fn name_ja(&self) -> &'static str {
        self.name_ja
    }
    /// The Chinese (simplified) name (e.g. 浦月, 溪月).
    ///
    /// ```
    /// assert_eq!(renju_openings::by_code("2D").unwrap().name_zh(), "溪月");
    /// ```
    #[must_use]
    pub const fn name_zh(&self) -> &'static str {
        self.name_zh
    }
    /// The romanised Japanese name used by RIF/RenjuNet (e.g. `Hogetsu`).
    ///
    /// ```
    /// assert_eq!(renju_openings::by_code("2D").unwrap().romaji(), "Keigetsu");
    /// ```
    #[must_use]
    pub const fn romaji(&self) -> &'static str {
        self.romaji
    }
    /// Direct or indirect.
    ///
    /// ```
    /// use renju_openings::{OpeningKind, by_code};
    /// assert_eq!(by_code("5I").unwrap().kind(), OpeningKind::Indirect);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> OpeningKind {
        self.kind
    }
    /// Black 1, white 2, black 3 in the standard orientation.
    ///
    /// ```
    /// let moves = renju_openings::by_code("2D").unwrap().moves();
    /// let text: Vec<String> = moves.iter().map(|p| p.to_string()).collect();
    /// assert_eq!(text, ["h8", "h9", "i10"]);
    /// ```
    #[must_use]
    pub const fn moves(&self) -> [Point; 3] {
        self.moves
    }
    /// How symmetric the three stones are.
    ///
    /// ```
    /// use renju_openings::{OpeningSymmetry, by_code};
    /// assert_eq!(by_code("2D").unwrap().symmetry(), OpeningSymmetry::None);
    /// assert_eq!(by_code("4D").unwrap().symmetry(), OpeningSymmetry::Pattern); // 花月
    /// ```
    #[must_use]
    pub const fn symmetry(&self) -> OpeningSymmetry {
        self.symmetry
    }
    /// True when some reflection (with or without translation) maps the stones onto themselves.
    ///
    /// ```
    /// use renju_openings::by_code;
    /// assert!(by_code("1D").unwrap().is_symmetric()); // 寒星: h8 h9 h10, one line
    /// assert!(!by_code("2D").unwrap().is_symmetric());
    /// ```
    #[must_use]
    pub fn is_symmetric(&self) -> bool {
        self.symmetry != OpeningSymmetry::None
    }
    /// The three stones with their colours.
    ///
    /// ```
    /// use renju_core::Color;
    /// let stones = renju_openings::by_code("1I").unwrap().stones();
    /// assert_eq!(stones.map(|(_, c)| c), [Color::Black, Color::White, Color::Black]);
    /// ```
    #[must_use]
    pub fn stones(&self) -> [(Point, Color); 3] {
        [
            (self.moves[0], Color::Black),
            (self.moves[1], Color::White),
            (self.moves[2], Color::Black),
        ]
    }
    /// The symmetry computed from the stones (used to check the catalogue).
    ///
    /// ```
    /// for o in renju_openings::catalogue() {
    ///     assert_eq!(o.computed_symmetry(), o.symmetry(), "{}", o.code());
    /// }
    /// ```
    #[must_use]
    pub fn computed_symmetry(&self) -> OpeningSymmetry {
        let stones = self.stones();
        let nontrivial = |mode| {
            stabiliser(&stones, mode, 15)
                .iter()
                .any(|g: &Isometry| !g.is_identity())
        };
        if nontrivial(OfferSymmetry::BoardCentred) {
            OpeningSymmetry::Board
        } else if nontrivial(OfferSymmetry::WithTranslation) {
            OpeningSymmetry::Pattern
        } else {
            OpeningSymmetry::None
        }
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} ({}, {})",
            self.code, self.name_ja, self.romaji, self.kind
        )
    }
}

const fn pt(text: &[u8]) -> Point {
    // Column letter then a one- or two-digit row; only used on the literals below.
    let col = text[0] - b'a';
    let row = if text.len() == 2 {
        text[1] - b'0'
    } else {
        (text[1] - b'0') * 10 + (text[2] - b'0')
    };
    match Point::new(col, row - 1) {
        Some(p) => p,
        None => panic!("bad catalogue point"),
    }
}

macro_rules! opening {
    ($code:literal, $ja:literal, $zh:literal, $romaji:literal, $kind:ident, $m3:literal, $sym:ident) => {
        Opening {
            code: $code,
            name_ja: $ja,
            name_zh: $zh,
            romaji: $romaji,
            kind: OpeningKind::$kind,
            moves: [
                pt(b"h8"),
                match OpeningKind::$kind {
                    OpeningKind::Direct => pt(b"h9"),
                    OpeningKind::Indirect => pt(b"i9"),
                },
                pt($m3),
            ],
            symmetry: OpeningSymmetry::$sym,
        }
    };
}

static CATALOGUE: [Opening; 26] = [
    opening!("1D", "寒星", "寒星", "Kansei", Direct, b"h10", Board),
    opening!("2D", "渓月", "溪月", "Keigetsu", Direct, b"i10", None),
    opening!("3D", "疎星", "疏星", "Sosei", Direct, b"j10", None),
    opening!("4D", "花月", "花月", "Kagetsu", Direct, b"i9", Pattern),
    opening!("5D", "残月", "残月", "Zangetsu", Direct, b"j9", None),
    opening!("6D", "雨月", "雨月", "Ugetsu", Direct, b"i8", None),
    opening!("7D", "金星", "金星", "Kinsei", Direct, b"j8", None),
    opening!("8D", "松月", "松月", "Shogetsu", Direct, b"h7", Board),
    opening!("9D", "丘月", "丘月", "Kyugetsu", Direct, b"i7", None),
    opening!("10D", "新月", "新月", "Shingetsu", Direct, b"j7", None),
    opening!("11D", "瑞星", "瑞星", "Zuisei", Direct, b"h6", Board),
    opening!("12D", "山月", "山月", "Sangetsu", Direct, b"i6", None),
    opening!("13D", "遊星", "游星", "Yusei", Direct, b"j6", None),
    opening!("1I", "長星", "长星", "Chosei", Indirect, b"j10", Board),
    opening!("2I", "峡月", "峡月", "Kyogetsu", Indirect, b"j9", None),
    opening!("3I", "恒星", "恒星", "Kosei", Indirect, b"j8", Pattern),
    opening!("4I", "水月", "水月", "Suigetsu", Indirect, b"j7", None),
    opening!("5I", "流星", "流星", "Ryusei", Indirect, b"j6", None),
    opening!("6I", "雲月", "云月", "Ungetsu", Indirect, b"i8", None),
    opening!("7I", "浦月", "浦月", "Hogetsu", Indirect, b"i7", None),
    opening!("8I", "嵐月", "岚月", "Rangetsu", Indirect, b"i6", None),
    opening!("9I", "銀月", "银月", "Gingetsu", Indirect, b"h7", None),
    opening!("10I", "明星", "明星", "Myojo", Indirect, b"h6", None),
    opening!("11I", "斜月", "斜月", "Shagetsu", Indirect, b"g7", Board),
    opening!("12I", "名月", "名月", "Meigetsu", Indirect, b"g6", None),
    opening!("13I", "彗星", "彗星", "Suisei", Indirect, b"f6", Board),
];

/// The 26 openings, 1D..13D then 1I..13I.
///
/// ```
/// let all = renju_openings::catalogue();
/// assert_eq!(all.len(), 26);
/// assert_eq!(all[0].code(), "1D");
/// assert_eq!(all[25].name_ja(), "彗星");
/// ```
#[must_use]
pub fn catalogue() -> &'static [Opening] {
    &CATALOGUE
}

/// The opening with this code (`2I`, `2i`, `I2`, `d8` and `D8` are all accepted), or by
/// Japanese, Chinese or romanised name (`浦月`, `Hogetsu`).
///
/// ```
/// let o = renju_openings::by_code("2I").unwrap();
/// assert_eq!(o.romaji(), "Kyogetsu");
/// assert_eq!(renju_openings::by_code("i2"), Some(o));
/// assert_eq!(renju_openings::by_code("hogetsu").unwrap().code(), "7I");
/// assert!(renju_openings::by_code("14D").is_none());
/// ```
#[must_use]
pub fn by_code(code: &str) -> Option<&'static Opening> {
    let text = code.trim();
    let upper = text.to_ascii_uppercase();
    let normal = match upper.chars().next() {
        Some(c @ ('D' | 'I')) => format!("{}{c}", &upper[1..]),
        _ => upper.clone(),
    };
    CATALOGUE.iter().find(|o| {
        o.code == normal
            || o.name_ja == text
            || o.name_zh == text
            || o.romaji.eq_ignore_ascii_case(text)
    })
}

/// Why three stones are not one of the 26 openings.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotAnOpeningError {
    /// Fewer than three stones were given.
    TooFewStones {
        /// How many were given.
        given: usize,
    },
    /// Black 1 is not on the centre `h8`.
    FirstNotCentre {
        /// Where black 1 is.
        at: Point,
    },
    /// White 2 does not touch black 1 (it must be one of the 8 neighbours of `h8`).
    SecondNotAdjacent {
        /// Where white 2 is.
        at: Point,
    },
    /// Black 3 lies outside the 5x5 square around `h8` (`f6`..`j10`).
    ThirdOutside5x5 {
        /// Where black 3 is.
        at: Point,
    },
    /// Two of the first three stones are on the same point.
    Repeated {
        /// The point played twice.
        at: Point,
    },
}

impl fmt::Display for NotAnOpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotAnOpeningError::TooFewStones { given } => {
                write!(f, "an opening needs 3 stones, {given} given")
            }
            NotAnOpeningError::FirstNotCentre { at } => {
                write!(f, "move 1 is at {at}, not at the centre h8")
            }
            NotAnOpeningError::SecondNotAdjacent { at } => write!(
                f,
                "move 2 is at {at}, not adjacent to h8 (it must be one of g7..i9)"
            ),
            NotAnOpeningError::ThirdOutside5x5 { at } => write!(
                f,
                "move 3 is at {at}, outside the 5x5 square f6..j10 around h8"
            ),
            NotAnOpeningError::Repeated { at } => write!(f, "{at} is played twice"),
        }
    }
}

impl std::error::Error for NotAnOpeningError {}

/// An opening recognised by [`identify`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identified {
    /// The opening.
    pub opening: &'static Opening,
    /// The symmetry (about `h8`) that maps the given stones to the standard orientation.
    pub symmetry: Symmetry,
}

/// Names the opening of the first three stones (black, white, black) in any of the 8
/// orientations. Further stones are ignored.
///
/// # Errors
/// [`NotAnOpeningError`] saying which stone breaks the rule.
///
/// ```
/// use renju_openings::{identify, NotAnOpeningError};
/// use renju_core::Point;
/// let p = |s: &str| s.parse::<Point>().unwrap();
/// // 渓月 (2D) turned a quarter: white 2 on g8, black 3 on f9.
/// let found = identify(&[p("h8"), p("g8"), p("f9")]).unwrap();
/// assert_eq!(found.opening.code(), "2D");
/// assert_eq!(found.symmetry.apply(p("f9"), 15), p("i10"));
/// assert!(matches!(
///     identify(&[p("h8"), p("h10"), p("i9")]),
///     Err(NotAnOpeningError::SecondNotAdjacent { .. })
/// ));
/// ```
pub fn identify(moves: &[Point]) -> Result<Identified, NotAnOpeningError> {
    let [b1, w2, b3] = match moves {
        [a, b, c, ..] => [*a, *b, *c],
        _ => return Err(NotAnOpeningError::TooFewStones { given: moves.len() }),
    };
    if b1 != Point::CENTER {
        return Err(NotAnOpeningError::FirstNotCentre { at: b1 });
    }
    if w2 == b1 {
        return Err(NotAnOpeningError::Repeated { at: w2 });
    }
    if w2.distance(b1) != 1 {
        return Err(NotAnOpeningError::SecondNotAdjacent { at: w2 });
    }
    if b3 == b1 || b3 == w2 {
        return Err(NotAnOpeningError::Repeated { at: b3 });
    }
    if b3.distance(b1) > 2 {
        return Err(NotAnOpeningError::ThirdOutside5x5 { at: b3 });
    }
    for s in Symmetry::ALL {
        let (w, b) = (s.apply(w2, 15), s.apply(b3, 15));
        if let Some(opening) = CATALOGUE
            .iter()
            .find(|o| o.moves[1] == w && o.moves[2] == b)
        {
            return Ok(Identified {
                opening,
                symmetry: s,
            });
        }
    }
    // Every black 3 in the 5x5 is one of the 26 (a test checks it); kept total anyway.
    Err(NotAnOpeningError::ThirdOutside5x5 { at: b3 })
}
