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

/// How to draw.
#[derive(Debug, Clone, PartialEq, Eq)]
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

/// Draws `diagram` as a standalone SVG document.
///
/// A forbidden mark or a letter on an empty point is drawn over the grid; a move number is
/// written on its stone. Numbers, letters and coordinates are centred on their point. The
/// title is wrapped above the board and the legend under it, so neither is clipped.
#[must_use]
pub fn render_svg(diagram: &Diagram, options: &SvgOptions) -> String {
    let board = diagram.board();
    let size = i64::from(board.size());
    let cell = i64::from(options.cell.max(12));
    // With coordinates, the labels sit outside the reach of edge stones (radius 0.46 cell).
    let margin = if options.coordinates {
        cell + cell / 2
    } else {
        cell / 2 + 2
    };
    let span = (size - 1) * cell;
    let width = span + 2 * margin;
    let f = |v: f64| format!("{v:.1}");
    let c = cell as f64;
    let title_fs = c * 0.45;
    let title_lines = options
        .title
        .as_ref()
        .map(|t| wrap(t, fits(width, title_fs)))
        .unwrap_or_default();
    let line_h = (title_fs * 1.3).ceil() as i64;
    let caption = if title_lines.is_empty() {
        0
    } else {
        line_h * title_lines.len() as i64 + cell / 3
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
    let height = width + caption + legend;
    let x = |p: Point| margin + i64::from(p.col()) * cell;
    let y = |p: Point| caption + margin + (size - 1 - i64::from(p.row())) * cell;

    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width}\" \
         height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
         font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">"
    );
    if caption + legend > 0 {
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
    for (i, line) in title_lines.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text class=\"title\" x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" \
             fill=\"#000\">{}</text>",
            width / 2,
            f(centred_baseline(
                (line_h * i as i64) as f64 + line_h as f64 / 2.0 + (cell / 6) as f64,
                title_fs
            )),
            f(title_fs),
            escape(line)
        );
    }
    // Grid.
    let top = caption + margin;
    let _ = writeln!(s, "<g class=\"grid\" stroke=\"{LINE}\" stroke-width=\"1\">");
    for i in 0..size {
        let at = margin + i * cell;
        let _ = writeln!(
            s,
            "<line x1=\"{at}\" y1=\"{top}\" x2=\"{at}\" y2=\"{}\"/>",
            top + span
        );
        let at = top + i * cell;
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
        let _ = writeln!(
            s,
            "<circle class=\"star\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{LINE}\"/>",
            x(p),
            y(p),
            f(c * 0.1)
        );
    }
    // Coordinates on the four edges.
    if options.coordinates {
        let fs = c * 0.36;
        let _ = writeln!(
            s,
            "<g class=\"coordinates\" font-size=\"{}\" fill=\"#000\" text-anchor=\"middle\">",
            f(fs)
        );
        for i in 0..size {
            let letter = char::from(b'a' + i as u8);
            let at = margin + i * cell;
            for yy in [top - cell * 9 / 10, top + span + cell * 9 / 10] {
                let _ = writeln!(
                    s,
                    "<text x=\"{at}\" y=\"{}\">{letter}</text>",
                    f(centred_baseline(yy as f64, fs))
                );
            }
            let row = size - i;
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
    // Stones, numbers and marks.
    for p in board.points() {
        let (px, py) = (x(p), y(p));
        match board.get(p) {
            Some(color) => {
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
                if let Some(n) = diagram.number(p) {
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
            None => match diagram.mark(p) {
                Some(Mark::Forbidden) => {
                    let d = c * 0.24;
                    let _ = writeln!(
                        s,
                        "<path class=\"forbidden\" d=\"M{} {}L{} {}M{} {}L{} {}\" \
                         stroke=\"{RED}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
                        f(px as f64 - d),
                        f(py as f64 - d),
                        f(px as f64 + d),
                        f(py as f64 + d),
                        f(px as f64 - d),
                        f(py as f64 + d),
                        f(px as f64 + d),
                        f(py as f64 - d),
                        f((c * 0.09).max(2.0))
                    );
                }
                Some(Mark::Letter(letter)) => {
                    let h = c * 0.3;
                    let forbidden = options.forbidden_letters.contains(&p);
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
                None => {}
            },
        }
    }
    // The legend under the board.
    let legend_top = caption + width + cell / 4;
    for (i, line) in legend_lines.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text class=\"legend\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#000\">{}</text>",
            cell / 4,
            f(centred_baseline(
                (legend_top + legend_h * i as i64) as f64 + legend_h as f64 / 2.0,
                legend_fs
            )),
            f(legend_fs),
            escape(line)
        );
    }
    s.push_str("</svg>\n");
    s
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
