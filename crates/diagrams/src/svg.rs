//! SVG drawings of boards, with no external renderer: a wooden board, the grid with its star
//! points, coordinates on the four edges (`a`.. left to right, row 1 at the bottom), round
//! stones with an outline, move numbers on stones (white on black, black on white), red `×`
//! on forbidden points and letter marks.
//!
//! [`render_svg`] draws a [`Diagram`]; [`render_position`] draws a board with optional move
//! numbers and a list of forbidden points (what a `show` command needs). The output is a
//! complete, deterministic SVG 1.1 document using only basic shapes and text, so any browser
//! or converter shows it the same way.
//!
//! This module only draws; it neither reads SVG nor decides fouls.
//!
//! ```
//! use renju_diagrams::diagram::Diagram;
//! use renju_diagrams::svg::{SvgOptions, render_svg};
//! use renju_core::{Convention, Move};
//! let moves: Vec<Move> = ["h8", "h9", "i8"].iter().map(|m| m.parse().unwrap()).collect();
//! let mut d = Diagram::from_moves(15, &moves).unwrap();
//! d.mark_fouls(Convention::Lenient);
//! let svg = render_svg(&d, &SvgOptions::default());
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"stone black\"").count(), 2);
//! assert!(svg.contains(">2</text>"));
//! ```

use crate::diagram::{Diagram, Mark, is_star_point};
use quick_xml::escape::escape;
use renju_core::{Board, Color, Point};
use std::fmt::Write as _;

/// How to draw. Start from [`SvgOptions::default`] and change what you need (the `with_`
/// methods, or the fields): options may be added, so the struct cannot be written out whole.
///
/// ```
/// use renju_diagrams::svg::SvgOptions;
/// let options = SvgOptions::default().with_title("Double three at h8").with_cell(24);
/// assert_eq!((options.cell, options.title.as_deref()), (24, Some("Double three at h8")));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SvgOptions {
    /// Distance between two grid lines, in pixels (at least 12).
    pub cell: u32,
    /// Whether to write the coordinates on the edges.
    pub coordinates: bool,
    /// A caption above the board (wrapped onto as many lines as it needs).
    pub title: Option<String>,
    /// Lines of explanation under the board (each wrapped to the board's width): what the
    /// marks mean, which convention, what the letters are.
    pub legend: Vec<String>,
    /// Points that carry a letter and are also forbidden: the letter is kept, drawn in red
    /// inside a red ring (a `×` would hide it).
    pub forbidden_letters: Vec<Point>,
}

impl Default for SvgOptions {
    /// 36-pixel cells, coordinates, no caption, no legend.
    fn default() -> Self {
        SvgOptions {
            cell: 36,
            coordinates: true,
            title: None,
            legend: Vec::new(),
            forbidden_letters: Vec::new(),
        }
    }
}

impl SvgOptions {
    /// With this distance between grid lines (at least 12 pixels are drawn).
    #[must_use]
    pub fn with_cell(mut self, cell: u32) -> Self {
        self.cell = cell;
        self
    }

    /// With or without the coordinates on the edges.
    #[must_use]
    pub fn with_coordinates(mut self, coordinates: bool) -> Self {
        self.coordinates = coordinates;
        self
    }

    /// With a caption above the board.
    #[must_use]
    pub fn with_title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// With these lines of explanation under the board.
    #[must_use]
    pub fn with_legend(mut self, legend: Vec<String>) -> Self {
        self.legend = legend;
        self
    }

    /// With these letter marks drawn as forbidden (red, in a red ring).
    #[must_use]
    pub fn with_forbidden_letters(mut self, points: Vec<Point>) -> Self {
        self.forbidden_letters = points;
        self
    }
}

const BOARD_FILL: &str = "#dcb35c";
const LINE: &str = "#3b2a10";
const RED: &str = "#d01010";

/// The baseline that centres a line of digits or capitals of `font_size` vertically on `y`
/// (their height is about 0.72 em), without relying on `dominant-baseline`, which some
/// renderers ignore.
fn centred_baseline(y: f64, font_size: f64) -> f64 {
    y + 0.36 * font_size
}

/// `text` cut into lines of at most `max` characters at spaces (a longer word stays whole).
fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in text.split_whitespace() {
        if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > max {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

/// How many characters of `font_size` fit in `width` pixels (an average glyph is taken as
/// 0.6 em wide, a little more than DejaVu Sans needs, so that nothing is clipped).
fn fits(width: i64, font_size: f64) -> usize {
    ((width as f64 - 8.0) / (font_size * 0.6)).floor().max(8.0) as usize
}

/// Where everything goes: the board's geometry and the wrapped caption and legend.
struct Layout {
    /// The board side.
    size: i64,
    /// Distance between grid lines.
    cell: i64,
    /// From the page edge to the first grid line (the coordinates sit in it).
    margin: i64,
    /// From the first grid line to the last.
    span: i64,
    /// The page width (the board is square: also its height).
    width: i64,
    /// The page height: caption, board, legend.
    height: i64,
    /// The caption's height above the board (0 without a title).
    caption: i64,
    /// The title, wrapped.
    title_lines: Vec<String>,
    /// The title's font size and line height.
    title_fs: f64,
    title_h: i64,
    /// The legend, wrapped.
    legend_lines: Vec<String>,
    /// The legend's font size and line height.
    legend_fs: f64,
    legend_h: i64,
}

impl Layout {
    fn new(size: u8, options: &SvgOptions) -> Layout {
        let size = i64::from(size);
        let cell = i64::from(options.cell.max(12));
        // With coordinates, the labels sit outside the reach of edge stones (radius 0.46 cell).
        let margin = if options.coordinates {
            cell + cell / 2
        } else {
            cell / 2 + 2
        };
        let span = (size - 1) * cell;
        let width = span + 2 * margin;
        let c = cell as f64;
        let title_fs = c * 0.45;
        let title_lines = options
            .title
            .as_ref()
            .map(|t| wrap(t, fits(width, title_fs)))
            .unwrap_or_default();
        let title_h = (title_fs * 1.3).ceil() as i64;
        let caption = if title_lines.is_empty() {
            0
        } else {
            title_h * title_lines.len() as i64 + cell / 3
        };
        let legend_fs = c * 0.36;
        let legend_lines: Vec<String> = options
            .legend
            .iter()
            .flat_map(|l| wrap(l, fits(width, legend_fs)))
            .collect();
        let legend_h = (legend_fs * 1.35).ceil() as i64;
        let legend = if legend_lines.is_empty() {
            0
        } else {
            legend_h * legend_lines.len() as i64 + cell / 2
        };
        Layout {
            size,
            cell,
            margin,
            span,
            width,
            height: width + caption + legend,
            caption,
            title_lines,
            title_fs,
            title_h,
            legend_lines,
            legend_fs,
            legend_h,
        }
    }

    /// The cell size as a float, for the sizes drawn in fractions of a cell.
    fn c(&self) -> f64 {
        self.cell as f64
    }

    /// The first grid line from the top of the page.
    fn top(&self) -> i64 {
        self.caption + self.margin
    }

    /// The centre of point `p` on the page.
    fn at(&self, p: Point) -> (i64, i64) {
        (
            self.margin + i64::from(p.col()) * self.cell,
            self.top() + (self.size - 1 - i64::from(p.row())) * self.cell,
        )
    }
}

/// A length with one decimal, as every fractional size is written.
fn f(v: f64) -> String {
    format!("{v:.1}")
}

/// Draws `diagram` as a standalone SVG document.
///
/// A forbidden mark or a letter on an empty point is drawn over the grid; a move number is
/// written on its stone. Numbers, letters and coordinates are centred on their point. The
/// title is wrapped above the board and the legend under it, so neither is clipped.
#[must_use]
pub fn render_svg(diagram: &Diagram, options: &SvgOptions) -> String {
    let board = diagram.board();
    let layout = Layout::new(board.size(), options);
    let mut s = String::new();
    write_page(&mut s, &layout);
    write_title(&mut s, &layout);
    write_grid(&mut s, &layout, board);
    if options.coordinates {
        write_coordinates(&mut s, &layout);
    }
    for p in board.points() {
        match board.get(p) {
            Some(color) => write_stone(&mut s, &layout, p, color, diagram.number(p)),
            None => match diagram.mark(p) {
                Some(Mark::Forbidden) => write_forbidden(&mut s, &layout, p),
                Some(Mark::Letter(letter)) => {
                    let forbidden = options.forbidden_letters.contains(&p);
                    write_letter(&mut s, &layout, p, letter, forbidden);
                }
                None => {}
            },
        }
    }
    write_legend(&mut s, &layout);
    s.push_str("</svg>\n");
    s
}

/// The `<svg>` element, the white page (when there is a caption or a legend) and the board.
fn write_page(s: &mut String, l: &Layout) {
    let (width, height, caption) = (l.width, l.height, l.caption);
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width}\" \
         height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
         font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">"
    );
    if height > width {
        let _ = writeln!(
            s,
            "<rect class=\"page\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
        );
    }
    let _ = writeln!(
        s,
        "<rect class=\"board\" x=\"0\" y=\"{caption}\" width=\"{width}\" height=\"{width}\" \
         fill=\"{BOARD_FILL}\" stroke=\"{LINE}\" stroke-width=\"1\"/>"
    );
}

/// The title's lines, centred above the board.
fn write_title(s: &mut String, l: &Layout) {
    for (i, line) in l.title_lines.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text class=\"title\" x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" \
             fill=\"#000\">{}</text>",
            l.width / 2,
            f(centred_baseline(
                (l.title_h * i as i64) as f64 + l.title_h as f64 / 2.0 + (l.cell / 6) as f64,
                l.title_fs
            )),
            f(l.title_fs),
            escape(line)
        );
    }
}

/// The grid lines, the thicker frame and the star points.
fn write_grid(s: &mut String, l: &Layout, board: &Board) {
    let (margin, span, top) = (l.margin, l.span, l.top());
    let _ = writeln!(s, "<g class=\"grid\" stroke=\"{LINE}\" stroke-width=\"1\">");
    for i in 0..l.size {
        let at = margin + i * l.cell;
        let _ = writeln!(
            s,
            "<line x1=\"{at}\" y1=\"{top}\" x2=\"{at}\" y2=\"{}\"/>",
            top + span
        );
        let at = top + i * l.cell;
        let _ = writeln!(
            s,
            "<line x1=\"{margin}\" y1=\"{at}\" x2=\"{}\" y2=\"{at}\"/>",
            margin + span
        );
    }
    let _ = writeln!(
        s,
        "<rect x=\"{margin}\" y=\"{top}\" width=\"{span}\" height=\"{span}\" fill=\"none\" \
         stroke-width=\"2\"/>"
    );
    s.push_str("</g>\n");
    for p in board.points().filter(|p| is_star_point(board.size(), *p)) {
        let (x, y) = l.at(p);
        let _ = writeln!(
            s,
            "<circle class=\"star\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{LINE}\"/>",
            f(l.c() * 0.1)
        );
    }
}

/// The column letters above and below the board, the row numbers left and right.
fn write_coordinates(s: &mut String, l: &Layout) {
    let (margin, span, top, cell) = (l.margin, l.span, l.top(), l.cell);
    let fs = l.c() * 0.36;
    let _ = writeln!(
        s,
        "<g class=\"coordinates\" font-size=\"{}\" fill=\"#000\" text-anchor=\"middle\">",
        f(fs)
    );
    for i in 0..l.size {
        let letter = char::from(b'a' + i as u8);
        let at = margin + i * cell;
        for yy in [top - cell * 9 / 10, top + span + cell * 9 / 10] {
            let _ = writeln!(
                s,
                "<text x=\"{at}\" y=\"{}\">{letter}</text>",
                f(centred_baseline(yy as f64, fs))
            );
        }
        let row = l.size - i;
        let at = top + i * cell;
        for xx in [margin - cell * 9 / 10, margin + span + cell * 9 / 10] {
            let _ = writeln!(
                s,
                "<text x=\"{xx}\" y=\"{}\">{row}</text>",
                f(centred_baseline(at as f64, fs))
            );
        }
    }
    s.push_str("</g>\n");
}

/// A stone with its move number, if any (white ink on black, black on white).
fn write_stone(s: &mut String, l: &Layout, p: Point, color: Color, number: Option<u32>) {
    let (px, py) = l.at(p);
    let c = l.c();
    let (class, fill, ink) = match color {
        Color::Black => ("black", "#111111", "#ffffff"),
        Color::White => ("white", "#fafafa", "#000000"),
    };
    let _ = writeln!(
        s,
        "<circle class=\"stone {class}\" cx=\"{px}\" cy=\"{py}\" r=\"{}\" \
         fill=\"{fill}\" stroke=\"#000\" stroke-width=\"{}\"/>",
        f(c * 0.46),
        f((c * 0.04).max(1.0))
    );
    if let Some(n) = number {
        let digits = n.to_string();
        let scale = match digits.len() {
            1 | 2 => 0.46,
            3 => 0.36,
            _ => 0.28,
        };
        let _ = writeln!(
            s,
            "<text class=\"number\" x=\"{px}\" y=\"{}\" font-size=\"{}\" \
             font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{digits}</text>",
            f(centred_baseline(py as f64, c * scale)),
            f(c * scale)
        );
    }
}

/// A red `×` on a forbidden empty point.
fn write_forbidden(s: &mut String, l: &Layout, p: Point) {
    let (px, py) = l.at(p);
    let (px, py) = (px as f64, py as f64);
    let c = l.c();
    let d = c * 0.24;
    let _ = writeln!(
        s,
        "<path class=\"forbidden\" d=\"M{} {}L{} {}M{} {}L{} {}\" \
         stroke=\"{RED}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
        f(px - d),
        f(py - d),
        f(px + d),
        f(py + d),
        f(px - d),
        f(py + d),
        f(px + d),
        f(py - d),
        f((c * 0.09).max(2.0))
    );
}

/// A letter on an empty point, over a patch of board that hides the grid; a forbidden one is
/// red inside a red ring.
fn write_letter(s: &mut String, l: &Layout, p: Point, letter: char, forbidden: bool) {
    let (px, py) = l.at(p);
    let c = l.c();
    let h = c * 0.3;
    let _ = writeln!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{BOARD_FILL}\"/>",
        f(px as f64 - h),
        f(py as f64 - h),
        f(2.0 * h),
        f(2.0 * h)
    );
    if forbidden {
        let _ = writeln!(
            s,
            "<circle class=\"forbidden-letter\" cx=\"{px}\" cy=\"{py}\" r=\"{}\" \
             fill=\"none\" stroke=\"{RED}\" stroke-width=\"{}\"/>",
            f(c * 0.4),
            f((c * 0.07).max(2.0))
        );
    }
    let _ = writeln!(
        s,
        "<text class=\"letter\" x=\"{px}\" y=\"{}\" font-size=\"{}\" \
         font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{letter}</text>",
        f(centred_baseline(py as f64, c * 0.5)),
        f(c * 0.5),
        if forbidden { RED } else { "#0a2a8a" }
    );
}

/// The legend's lines under the board.
fn write_legend(s: &mut String, l: &Layout) {
    let legend_top = l.caption + l.width + l.cell / 4;
    for (i, line) in l.legend_lines.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text class=\"legend\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#000\">{}</text>",
            l.cell / 4,
            f(centred_baseline(
                (legend_top + l.legend_h * i as i64) as f64 + l.legend_h as f64 / 2.0,
                l.legend_fs
            )),
            f(l.legend_fs),
            escape(line)
        );
    }
}

/// Draws `board` with move numbers on the stones listed in `numbers` and a red `×` on each of
/// `forbidden` (points that hold a stone or lie off the board are skipped).
///
/// ```
/// use renju_diagrams::svg::{SvgOptions, render_position};
/// use renju_core::{Board, Convention, forbidden_points};
/// let board = Board::from_diagram("
///  . . . . . . .
///  . . . x . . .
///  . . . x . . .
///  . . . . . . .
///  . x x . . . .
///  . . . . . . .
///  . . . . . . .").unwrap();
/// let fouls: Vec<_> = forbidden_points(&board, Convention::Lenient).into_iter().map(|(p, _)| p).collect();
/// let svg = render_position(&board, &[], &fouls, &SvgOptions::default());
/// assert_eq!(svg.matches("class=\"forbidden\"").count(), 1);
/// ```
#[must_use]
pub fn render_position(
    board: &Board,
    numbers: &[(Point, u32)],
    forbidden: &[Point],
    options: &SvgOptions,
) -> String {
    let mut d = Diagram::new(board.clone());
    for &(p, n) in numbers {
        let _ = d.set_number(p, n);
    }
    d.mark_forbidden(forbidden.iter().copied());
    render_svg(&d, options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::Diagram;

    #[test]
    fn draws_every_element() {
        let d = Diagram::parse(
            "
 7 . . . . . . .
 6 . . . X12 . . .
 5 . . . X1 . . .
 4 . . . + A . .
 3 . O2 X . # . .
 2 . . . . . . .
 1 . . . . . . .",
        )
        .unwrap();
        let opts = SvgOptions {
            title: Some("a <title> & \"Black's\" more".into()),
            ..SvgOptions::default()
        };
        let svg = render_svg(&d, &opts);
        assert_eq!(svg.matches("class=\"stone black\"").count(), 3);
        assert_eq!(svg.matches("class=\"stone white\"").count(), 1);
        assert_eq!(svg.matches("class=\"forbidden\"").count(), 1);
        assert_eq!(svg.matches("class=\"letter\"").count(), 1);
        assert_eq!(svg.matches("class=\"star\"").count(), 1);
        // Numbers: white ink on black stones, black ink on white ones.
        assert!(svg.contains("fill=\"#ffffff\">12</text>"));
        assert!(svg.contains("fill=\"#000000\">2</text>"));
        assert!(svg.contains("a &lt;title&gt; &amp; &quot;Black&apos;s&quot; more"));
        // Coordinates on both sides: 7 letters twice, 7 numbers twice.
        assert_eq!(svg.matches("\">a</text>").count(), 2);
        assert_eq!(svg.matches("\">7</text>").count(), 2);
        // Row 7 is at the top: its label is centred on the first grid line (caption of one
        // line, 22 + 12 px, then the margin of 1.5 cells; baseline 0.36 em = 4.7 px lower).
        let top = 22 + 12 + 54;
        let baseline = f64::from(top) + 0.36 * 36.0 * 0.36;
        assert!(
            svg.contains(&format!("y=\"{baseline:.1}\">7</text>")),
            "{svg}"
        );
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn position_entry_skips_bad_points() {
        let mut b = Board::renju();
        let h8: Point = "h8".parse().unwrap();
        b.place(h8, Color::Black).unwrap();
        let svg = render_position(
            &b,
            &[(h8, 1), ("a1".parse().unwrap(), 2)],
            &[h8, "b2".parse().unwrap()],
            &SvgOptions {
                coordinates: false,
                ..SvgOptions::default()
            },
        );
        assert_eq!(svg.matches("class=\"forbidden\"").count(), 1);
        assert_eq!(svg.matches("class=\"number\"").count(), 1);
        assert!(!svg.contains("class=\"coordinates\""));
        assert_eq!(svg.matches("class=\"star\"").count(), 5);
    }
}
