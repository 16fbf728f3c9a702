//! Piskvork / Gomocup `.psq`: a header `Piskvorky WxH, L1:L2, S`, one `x,y,t` line per move
//! (1-based, `y` counted from the top by default), then a trailer: Piskvork's `[brain1
//! brain2] errCode` or GomocupJudge's `name1 name2 -1 RESULT,TOURNAMENT`. CRLF or LF.
//!
//! A `.psq` file holds one game. It has no passes and no rule; only square boards of side
//! 5..20 are read into a [`GameRecord`].

use crate::error::{ErrorKind, Position, RecordError, excerpt};
use crate::moves::{point_from, point_to};
use crate::record::{DeclaredResult, GameRecord, Orientation};
use renju_core::{MAX_SIZE, MIN_SIZE, Move};

/// Tag: the header's `L1:L2` levels (absent when `0:0`).
pub const TAG_LEVELS: &str = "psq:levels";
/// Tag: which player moved first (`S`), when it is `1`.
pub const TAG_FIRST: &str = "psq:first";
/// Tag: the time of each move in ms, space-separated, `-` where a move line has no time
/// (absent when every time is 0).
pub const TAG_TIMES: &str = "psq:times";
/// Tag: the error code of the trailer (absent when it is the usual `0`, or `-1` before a
/// GomocupJudge result line).
pub const TAG_ERRCODE: &str = "psq:errcode";

/// Reads a `.psq` file (one game).
///
/// # Errors
/// A [`RecordError`] with the line and column of the first line that breaks the grammar.
///
/// ```
/// use renju_notation::{Orientation, psq::read_psq};
/// let g = read_psq("Piskvorky 15x15, 11:11, 0\n8,8,100\n9,7,200\n0\n", "a.psq", Orientation::RowOneAtTop).unwrap();
/// assert_eq!(g.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["h8", "i9"]);
/// ```
pub fn read_psq(
    text: &str,
    file: &str,
    orientation: Orientation,
) -> Result<GameRecord, RecordError> {
    let err = |(line, column, kind): Bad| {
        RecordError::new(file, 1, Position::Line { line, column }, kind)
    };
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r')).enumerate();
    let Some((_, header)) = lines.next() else {
        return Err(err((
            1,
            1,
            ErrorKind::Truncated {
                expected: "a 'Piskvorky WxH' header",
            },
        )));
    };
    let header = read_header(header).map_err(err)?;
    let mut g = GameRecord::new(header.size);
    if let Some(levels) = header.levels {
        g.tags.insert(TAG_LEVELS.into(), levels.to_string());
    }
    if header.white_first {
        g.tags.insert(TAG_FIRST.into(), "1".into());
    }
    let trailer = read_moves(lines, &mut g, orientation).map_err(err)?;
    read_trailer(&trailer, header.white_first, &mut g).map_err(err)?;
    Ok(g)
}

/// A problem found while reading: line, column (both from 1) and what is wrong.
type Bad = (usize, usize, ErrorKind);

/// What the header `Piskvorky WxH, L1:L2, S` says.
struct Header<'a> {
    /// The board side.
    size: u8,
    /// `L1:L2` when not `0:0`.
    levels: Option<&'a str>,
    /// `S` is `1`: the second player (White's name comes first) moved first.
    white_first: bool,
}

/// Reads the header line.
fn read_header(header: &str) -> Result<Header<'_>, Bad> {
    let h = header.trim_start_matches('\u{feff}').trim();
    let Some(rest) = h.strip_prefix("Piskvorky") else {
        return Err((
            1,
            1,
            ErrorKind::Unexpected {
                found: excerpt(h),
                expected: "'Piskvorky WxH, L1:L2, S'",
            },
        ));
    };
    let rest = rest.trim_start();
    // `rest` is a slice of `header`: its offset is a char boundary.
    let rest_at = (rest.as_ptr() as usize).saturating_sub(header.as_ptr() as usize);
    let dims_col = header.get(..rest_at).map_or(1, |s| s.chars().count() + 1);
    let fields: Vec<&str> = rest.split(',').map(str::trim).collect();
    let dims = fields.first().copied().unwrap_or("");
    let (w, hgt) = dims
        .split_once(['x', 'X'])
        .and_then(|(a, b)| {
            let b = b.split_whitespace().next().unwrap_or("");
            Some((a.trim().parse::<u32>().ok()?, b.parse::<u32>().ok()?))
        })
        .ok_or_else(|| {
            (
                1,
                dims_col,
                ErrorKind::Unexpected {
                    found: excerpt(dims),
                    expected: "the board size 'WxH'",
                },
            )
        })?;
    if w != hgt || w < u32::from(MIN_SIZE) || w > u32::from(MAX_SIZE) {
        return Err((
            1,
            dims_col,
            ErrorKind::BadBoardSize {
                width: w,
                height: hgt,
            },
        ));
    }
    let levels = fields
        .get(1)
        .copied()
        .filter(|s| !s.is_empty() && *s != "0:0");
    let first = fields.get(2).copied().unwrap_or("0");
    if first != "0" && first != "1" && !first.is_empty() {
        return Err((
            1,
            1,
            ErrorKind::Unexpected {
                found: excerpt(first),
                expected: "first player 0 or 1",
            },
        ));
    }
    Ok(Header {
        size: w as u8,
        levels,
        white_first: first == "1",
    })
}

/// Reads the move lines `x,y[,t]` into `g` (times into [`TAG_TIMES`]) and returns the other
/// non-empty lines, the trailer, with their line numbers.
fn read_moves<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
    g: &mut GameRecord,
    orientation: Orientation,
) -> Result<Vec<(usize, &'a str)>, Bad> {
    let size = g.board_size;
    let mut times = Vec::new();
    let mut any_time = false;
    let mut trailer: Vec<(usize, &str)> = Vec::new();
    for (i, line) in lines {
        let t = line.trim();
        let parts: Vec<&str> = t.split(',').map(str::trim).collect();
        let nums: Option<Vec<i64>> = parts.iter().map(|p| p.parse::<i64>().ok()).collect();
        match nums {
            Some(n) if (n.len() == 2 || n.len() == 3) && trailer.is_empty() => {
                let (x, y) = (n[0], n[1]);
                let on_board = |v: i64| (1..=i64::from(size)).contains(&v);
                let p = if on_board(x) && on_board(y) {
                    point_from((x - 1) as u32, (y - 1) as u32, size, orientation)
                } else {
                    None
                };
                let Some(p) = p else {
                    return Err((
                        i + 1,
                        1,
                        ErrorKind::Unexpected {
                            found: excerpt(t),
                            expected: "a move 'x,y,t' with x and y in 1..board size",
                        },
                    ));
                };
                g.moves.push(Move::Stone(p));
                if let Some(&ms) = n.get(2) {
                    any_time |= ms != 0;
                    times.push(ms.to_string());
                } else {
                    times.push("-".into());
                }
            }
            _ if !t.is_empty() => trailer.push((i + 1, t)),
            _ => {}
        }
    }
    if any_time {
        g.tags.insert(TAG_TIMES.into(), times.join(" "));
    }
    Ok(trailer)
}

/// Reads the trailer: GomocupJudge's `n1 n2 -1 RESULT,NAME` or Piskvork's `[b1 b2] err`
/// (the names, the error code, the result and the tournament into `g`).
fn read_trailer(
    trailer: &[(usize, &str)],
    white_first: bool,
    g: &mut GameRecord,
) -> Result<(), Bad> {
    let mut err_code = |e: &str, usual: &str| {
        if e != usual {
            g.tags.insert(TAG_ERRCODE.into(), e.to_string());
        }
    };
    let names = match trailer {
        [] => None,
        [(ln, e)]
            if e.split(',')
                .next()
                .is_some_and(|x| x.trim().parse::<i64>().is_ok())
                && e.contains(',') =>
        {
            // `8,` or `8,7,`: a move cut short, not an error code
            return Err((
                *ln,
                1,
                ErrorKind::Truncated {
                    expected: "a whole move 'x,y,t'",
                },
            ));
        }
        [(_, e)] => {
            err_code(e, "0");
            None
        }
        [(_, a), (_, b), (_, e)] => {
            err_code(e, "0");
            Some((a, b))
        }
        [(_, a), (_, b), (_, e), (ln, r)] => {
            err_code(e, "-1");
            read_judge_result(*ln, r, white_first, g)?;
            Some((a, b))
        }
        [(ln, t), ..] => {
            return Err((
                *ln,
                1,
                ErrorKind::Unexpected {
                    found: excerpt(t),
                    expected: "a move 'x,y,t' or the trailer (engine names, error code)",
                },
            ));
        }
    };
    if let Some((a, b)) = names {
        let (black, white) = if white_first { (b, a) } else { (a, b) };
        g.black = Some((*black).to_string());
        g.white = Some((*white).to_string());
    }
    Ok(())
}

/// Reads GomocupJudge's result line `RESULT,TOURNAMENT` (line `ln`): 0 a draw, 1 the first
/// player won, 2 the second.
fn read_judge_result(ln: usize, r: &str, white_first: bool, g: &mut GameRecord) -> Result<(), Bad> {
    let (code, tour) = r.split_once(',').unwrap_or((r, ""));
    let first_won = match code.trim() {
        "0" => None,
        "1" => Some(true),
        "2" => Some(false),
        other => {
            return Err((
                ln,
                1,
                ErrorKind::BadResult {
                    found: excerpt(other),
                    expected: "0, 1 or 2 (GomocupJudge result)",
                },
            ));
        }
    };
    g.result = match first_won {
        None => DeclaredResult::Draw,
        Some(w) if w != white_first => DeclaredResult::Black,
        Some(_) => DeclaredResult::White,
    };
    if !tour.trim().is_empty() {
        g.event = Some(tour.trim().to_string());
    }
    Ok(())
}

/// Writes a record as a `.psq` file (CRLF, as Piskvork does). Passes cannot be written; the
/// caller ([`crate::write`](fn@crate::write)) skips records that have them. Without player names the trailer
/// is the error code alone; with names and a known result or event it is GomocupJudge's.
#[must_use]
pub fn write_psq(g: &GameRecord, orientation: Orientation) -> String {
    let size = g.board_size.clamp(MIN_SIZE, MAX_SIZE);
    let first = g
        .tags
        .get(TAG_FIRST)
        .map_or("0", |s| if s == "1" { "1" } else { "0" });
    let levels = g.tags.get(TAG_LEVELS).map_or("0:0", String::as_str);
    let mut out = format!("Piskvorky {size}x{size}, {levels}, {first}\r\n");
    let times: Vec<&str> = g
        .tags
        .get(TAG_TIMES)
        .map(|t| t.split(' ').collect())
        .unwrap_or_default();
    for (i, mv) in g.moves.iter().enumerate() {
        if let Move::Stone(p) = mv {
            let (c, r) = point_to(*p, size, orientation);
            match times.get(i) {
                Some(&"-") => out.push_str(&format!("{},{}\r\n", c + 1, r + 1)),
                Some(t) => out.push_str(&format!("{},{},{t}\r\n", c + 1, r + 1)),
                None => out.push_str(&format!("{},{},0\r\n", c + 1, r + 1)),
            }
        }
    }
    let err_code = g.tags.get(TAG_ERRCODE).map_or("0", String::as_str);
    if let (Some(b), Some(w)) = (&g.black, &g.white) {
        let (n1, n2) = if first == "1" { (w, b) } else { (b, w) };
        out.push_str(&format!("{}\r\n{}\r\n", one_line(n1), one_line(n2)));
        if g.result != DeclaredResult::Unknown {
            let black_is_first = first != "1";
            let code = match g.result {
                DeclaredResult::Draw | DeclaredResult::Unknown => "0",
                DeclaredResult::Black => {
                    if black_is_first {
                        "1"
                    } else {
                        "2"
                    }
                }
                DeclaredResult::White => {
                    if black_is_first {
                        "2"
                    } else {
                        "1"
                    }
                }
            };
            out.push_str(&format!(
                "-1\r\n{code},{}\r\n",
                g.event.as_deref().map(one_line).unwrap_or_default()
            ));
            return out;
        }
    }
    out.push_str(err_code);
    out.push_str("\r\n");
    out
}

fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ").trim().to_string()
}
