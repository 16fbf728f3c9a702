//! Python arguments read into the Rust types: points, conventions, colours, rule sets.
//! Every error is a `ValueError` with the Rust type's own message.

use crate::errors::value_error;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use renju_core::{Color, Convention, Move, Point, RuleSet};

/// A point: a name such as `"h8"` or a 0-based `(col, row)` tuple (row 0 is row 1, at the
/// bottom), on a board of side `size`.
pub fn point(obj: &Bound<'_, PyAny>, size: u8) -> PyResult<Point> {
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        return Point::parse_sized(text.trim(), size).map_err(value_error);
    }
    if let Ok(t) = obj.cast::<PyTuple>()
        && t.len() == 2
    {
        {
            let col: i64 = t.get_item(0)?.extract()?;
            let row: i64 = t.get_item(1)?.extract()?;
            let on = |v: i64| u8::try_from(v).ok().filter(|v| *v < size);
            return match (on(col), on(row)) {
                (Some(c), Some(r)) => Point::new(c, r)
                    .ok_or_else(|| value_error(format!("({col}, {row}) is off the board"))),
                _ => Err(value_error(format!(
                    "({col}, {row}) is off the {size}x{size} board (columns and rows 0..{})",
                    size - 1
                ))),
            };
        }
    }
    Err(PyTypeError::new_err(format!(
        "a point is a name like 'h8' or a (col, row) tuple, not {}",
        obj.get_type().name()?
    )))
}

/// A move: a point, or `"--"` / `"pass"` / `None` for a pass.
pub fn move_of(obj: &Bound<'_, PyAny>, size: u8) -> PyResult<Move> {
    if obj.is_none() {
        return Ok(Move::Pass);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        let t = text.trim();
        if t == "--" || t.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
    }
    point(obj, size).map(Move::Stone)
}

/// `"lenient"` or `"strict"`.
pub fn convention(name: &str) -> PyResult<Convention> {
    name.parse::<Convention>().map_err(value_error)
}

/// `"renju"`, `"freestyle"` or `"standard"` (and the other spellings `RuleSet` reads).
pub fn rules(name: &str) -> PyResult<RuleSet> {
    name.parse::<RuleSet>().map_err(value_error)
}

/// `"black"` or `"white"` (also `b`/`x`, `w`/`o`, as the command's `--side`).
pub fn color(name: &str) -> PyResult<Color> {
    match name.to_ascii_lowercase().as_str() {
        "black" | "b" | "x" => Ok(Color::Black),
        "white" | "w" | "o" => Ok(Color::White),
        _ => Err(value_error(format!(
            "'{name}' is not a side (expected black or white)"
        ))),
    }
}
