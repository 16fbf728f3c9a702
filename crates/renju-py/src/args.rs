//! Python arguments read into the Rust types: points, conventions, colours, rule sets.
//! Every error is a `ValueError` with the Rust type's own message.

use crate::errors::value_error;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
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
            let off = || -> PyResult<PyErr> {
                Ok(value_error(format!(
                    "{} is off the {size}x{size} board (columns and rows 0..{})",
                    t.repr()?,
                    size - 1
                )))
            };
            // an int beyond i64 is off the board too (its conversion's OverflowError named
            // nothing)
            let coordinate = |i: usize| -> PyResult<i64> {
                match t.get_item(i)?.extract::<i64>() {
                    Ok(v) => Ok(v),
                    Err(e) if e.is_instance_of::<PyOverflowError>(t.py()) => Err(off()?),
                    Err(e) => Err(e),
                }
            };
            let col = coordinate(0)?;
            let row = coordinate(1)?;
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

/// A whole-number argument `name` (`None`: not given): an int out of `T`'s range is a
/// `ValueError` naming the argument (the conversion's `OverflowError` named nothing), and what
/// is no int a `TypeError` naming it.
pub fn whole<T>(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<T>>
where
    T: TryFrom<u64> + std::fmt::Display + Bounded,
{
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let out_of_range = || -> PyResult<PyErr> {
        Ok(value_error(format!(
            "{name}={}: out of range (0 to {})",
            obj.repr()?,
            T::MOST
        )))
    };
    match obj.extract::<u64>() {
        Ok(v) => match T::try_from(v) {
            Ok(v) => Ok(Some(v)),
            Err(_) => Err(out_of_range()?),
        },
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Err(out_of_range()?),
        Err(_) => Err(PyTypeError::new_err(format!(
            "argument '{name}': an int, not {}",
            obj.get_type().name()?
        ))),
    }
}

/// The side of a board given as argument `name` (`None`: not given): an int from
/// renju-core's `MIN_SIZE` to `MAX_SIZE` (5 to 20), else a `ValueError` naming the argument and
/// the sides there are (for any int: a negative or huge one too).
pub fn side(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<usize>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let range = usize::from(renju_core::MIN_SIZE)..=usize::from(renju_core::MAX_SIZE);
    let fits = match whole::<usize>(Some(obj), name) {
        Ok(v) => v.filter(|v| range.contains(v)),
        // beyond an unsigned integer's range: no side either
        Err(e) if e.is_instance_of::<PyValueError>(obj.py()) => None,
        Err(e) => return Err(e),
    };
    match fits {
        Some(v) => Ok(Some(v)),
        None => Err(value_error(format!(
            "{name}={}: the side of a board is {} to {} (15 for renju)",
            obj.repr()?,
            range.start(),
            range.end()
        ))),
    }
}

/// The largest value of an unsigned integer type, for [`whole`]'s message.
pub trait Bounded {
    /// The largest value.
    const MOST: Self;
}

impl Bounded for u32 {
    const MOST: u32 = u32::MAX;
}

impl Bounded for u64 {
    const MOST: u64 = u64::MAX;
}

impl Bounded for usize {
    const MOST: usize = usize::MAX;
}
