//! The batch functions: many positions in one call, the GIL released, the work spread over
//! rayon's thread pool, answers in input order. Positions come as a pyarrow string array
//! (any object with `__arrow_c_array__`: the Arrow C data interface) or a Python sequence of
//! `Board`s and strings; the answer is an Arrow array for Arrow input, a list otherwise.

use crate::board::{PyBoard, fouls_dict, point_list};
use crate::errors::{SearchLimitError, value_error};
use crate::search::VcfSettings;
use arrow_array::builder::{ListBuilder, MapBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, make_array};
use arrow_data::ArrayData;
use arrow_pyarrow::{FromPyArrow, ToPyArrow};
use arrow_schema::DataType;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use rayon::prelude::*;
use renju_core::{Board, Convention, Foul, FoulChecker, Point};
use renju_vcf::{Answer, Line};

/// What to do with a position that cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OnError {
    /// Raise `ValueError` naming the first such position.
    Raise,
    /// Answer `None` (a null) for it.
    Null,
}

fn on_error(name: &str) -> PyResult<OnError> {
    match name {
        "raise" => Ok(OnError::Raise),
        "null" | "none" => Ok(OnError::Null),
        _ => Err(value_error(format!(
            "errors='{name}': expected 'raise' or 'null'"
        ))),
    }
}

/// One position as given: a board, or text the workers parse (`corpus-tool fouls`' reading
/// of a line), or nothing (an Arrow null).
enum Input {
    Board(Board),
    Text(String),
    Null,
}

/// The positions of a call.
enum Positions {
    /// From a Python sequence.
    Listed(Vec<Input>),
    /// An Arrow string array (utf8, large_utf8 or utf8_view).
    Arrow(ArrayRef),
}

impl Positions {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Positions> {
        if obj.hasattr("__arrow_c_array__")? {
            let data = ArrayData::from_pyarrow_bound(obj)?;
            return match data.data_type() {
                DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {
                    Ok(Positions::Arrow(make_array(data)))
                }
                other => Err(PyTypeError::new_err(format!(
                    "an Arrow array of positions holds strings, not {other}"
                ))),
            };
        }
        if obj.cast::<PyString>().is_ok() {
            return Err(PyTypeError::new_err(
                "positions are a sequence (a list of str or Board, or a pyarrow string array), not one str",
            ));
        }
        let mut out = Vec::with_capacity(obj.len().unwrap_or(0));
        for item in obj.try_iter()? {
            let item = item?;
            if item.is_none() {
                out.push(Input::Null);
            } else if let Ok(b) = item.cast::<PyBoard>() {
                out.push(Input::Board(b.borrow().board.clone()));
            } else if let Ok(s) = item.cast::<PyString>() {
                out.push(Input::Text(s.to_cow()?.into_owned()));
            } else {
                return Err(PyTypeError::new_err(format!(
                    "position {}: a Board or a str, not {}",
                    out.len(),
                    item.get_type().name()?
                )));
            }
        }
        Ok(Positions::Listed(out))
    }

    fn len(&self) -> usize {
        match self {
            Positions::Listed(v) => v.len(),
            Positions::Arrow(a) => a.len(),
        }
    }

    /// Position `i`: `None` for a null, else the board or why it cannot be read.
    fn board(&self, i: usize) -> Option<Result<Board, String>> {
        let text = match self {
            Positions::Listed(v) => match &v[i] {
                Input::Board(b) => return Some(Ok(b.clone())),
                Input::Text(t) => t.as_str(),
                Input::Null => return None,
            },
            Positions::Arrow(a) => {
                if a.is_null(i) {
                    return None;
                }
                match a.data_type() {
                    DataType::Utf8 => a.as_string::<i32>().value(i),
                    DataType::LargeUtf8 => a.as_string::<i64>().value(i),
                    _ => a.as_string_view().value(i),
                }
            }
        };
        Some(position(text))
    }

    /// Runs `f` on every position in parallel (the GIL released), answers in input order; a
    /// position where the game is over under `rules` is not asked about, as in the command.
    fn map<T: Send>(
        &self,
        py: Python<'_>,
        rules: renju_core::RuleSet,
        f: impl Fn(&Board) -> T + Sync + Send,
    ) -> Vec<Option<Result<T, String>>>
    where
        Self: Sync,
    {
        py.detach(|| {
            (0..self.len())
                .into_par_iter()
                .with_min_len(64)
                .map(|i| {
                    self.board(i).map(|r| {
                        r.and_then(|b| {
                            corpus_tool::position::answerable(&b, rules)
                                .map_err(|e| e.to_string())?;
                            Ok(f(&b))
                        })
                    })
                })
                .collect()
        })
    }
}

/// A position as `corpus-tool fouls` reads a line (`corpus_tool::position::board_of_line`: a
/// 225-cell grid straight from its bytes, anything else as a move list).
fn position(text: &str) -> Result<Board, String> {
    corpus_tool::position::board_of_line(text.as_bytes(), &mut Vec::new())
        .map_err(|e| e.to_string())
}

/// The first unreadable position, as `ValueError`, when `errors="raise"`.
fn check<T>(answers: &[Option<Result<T, String>>], mode: OnError) -> PyResult<()> {
    if mode == OnError::Raise
        && let Some((i, e)) = answers.iter().enumerate().find_map(|(i, a)| match a {
            Some(Err(e)) => Some((i, e)),
            _ => None,
        })
    {
        return Err(value_error(format!("position {i}: {e}")));
    }
    Ok(())
}

/// The forbidden points of many positions at once: for each, what
/// ``Board.forbidden_points`` answers (``{point: foul}``, reading order).
///
/// ``positions``: a pyarrow string array (moves such as ``"h8 h9 i10"`` or 225-character
/// grids, one position per element, as ``corpus-tool fouls`` reads lines) or a list of those
/// strings and ``Board`` objects. Returns a ``pyarrow.MapArray`` (``map<string, string>``) for
/// Arrow input, else a list of dicts. A null stays null. A position that cannot be read
/// raises ``ValueError`` (``position 3: move 2 'h8': h8 is already occupied by black``), or
/// with ``errors="null"`` answers null. The GIL is released and rayon's threads share the work.
#[pyfunction]
#[pyo3(signature = (positions, convention = "lenient", *, errors = "raise"))]
pub fn forbidden_points_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    convention: &str,
    errors: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let conv: Convention = crate::args::convention(convention)?;
    let mode = on_error(errors)?;
    let input = Positions::read(positions)?;
    let answers = input.map(py, renju_core::RuleSet::Renju, |b| {
        FoulChecker::new(b).forbidden_points(conv)
    });
    check(&answers, mode)?;
    match input {
        Positions::Listed(_) => {
            let out = PyList::empty(py);
            for a in &answers {
                match a {
                    Some(Ok(f)) => out.append(fouls_dict(py, f)?)?,
                    _ => out.append(py.None())?,
                }
            }
            Ok(out.into_any())
        }
        Positions::Arrow(_) => {
            let array = py.detach(|| fouls_map(&answers));
            array.to_data().to_pyarrow(py)
        }
    }
}

/// The answer of one position: `None` for a null, else its fouls or why it cannot be read.
type FoulsAnswer = Option<Result<Vec<(Point, Foul)>, String>>;

fn fouls_map(answers: &[FoulsAnswer]) -> arrow_array::MapArray {
    let mut b = MapBuilder::new(None, StringBuilder::new(), StringBuilder::new());
    let mut name = String::with_capacity(4);
    for a in answers {
        match a {
            Some(Ok(fouls)) => {
                for (p, f) in fouls {
                    use std::fmt::Write as _;
                    name.clear();
                    let _ = write!(name, "{p}");
                    b.keys().append_value(&name);
                    b.values().append_value(f.name());
                }
                // Appending an entry can only fail when keys and values differ in length.
                let _ = b.append(true);
            }
            _ => {
                let _ = b.append(false);
            }
        }
    }
    b.finish()
}

/// VCF of many positions at once: for each, what ``vcf`` answers (the line as a list of
/// points, or ``None`` when there is none within ``max_depth``).
///
/// ``positions`` as for ``forbidden_points_batch``. Returns a ``pyarrow.ListArray``
/// (``list<string>``, null for no VCF) for Arrow input, else a list. Raises
/// ``SearchLimitError`` naming the positions whose search ran out of ``max_nodes`` (never
/// answered as "no VCF"), and ``ValueError`` for a position that cannot be read (or null
/// with ``errors="null"``). The GIL is released and rayon's threads share the work.
#[pyfunction]
#[pyo3(
    signature = (positions, side = None, max_depth = None, *, max_nodes = None, rules = "renju", convention = "lenient", errors = "raise"),
    text_signature = "(positions, side=None, max_depth=20, *, max_nodes=5000000, rules='renju', convention='lenient', errors='raise')"
)]
#[allow(clippy::too_many_arguments)]
pub fn vcf_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    side: Option<&str>,
    max_depth: Option<&Bound<'py, PyAny>>,
    max_nodes: Option<&Bound<'py, PyAny>>,
    rules: &str,
    convention: &str,
    errors: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let settings = VcfSettings::read(side, max_depth, max_nodes, rules, convention)?;
    let mode = on_error(errors)?;
    let input = Positions::read(positions)?;
    let answers = input.map(py, settings.rules, |b| {
        settings.solver(b).solve(settings.attacker(b))
    });
    check(&answers, mode)?;
    let unsettled: Vec<usize> = answers
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, Some(Ok(Answer::OutOfNodes))))
        .map(|(i, _)| i)
        .collect();
    if !unsettled.is_empty() {
        let shown: Vec<String> = unsettled.iter().take(10).map(ToString::to_string).collect();
        return Err(SearchLimitError::new_err(format!(
            "{} position(s) ({}{}): {}",
            unsettled.len(),
            shown.join(", "),
            if unsettled.len() > 10 { ", ..." } else { "" },
            settings.out_of_nodes()
        )));
    }
    let line = |a: &Option<Result<Answer, String>>| -> Option<Line> {
        match a {
            Some(Ok(Answer::Found(l))) => Some(l.clone()),
            _ => None,
        }
    };
    match input {
        Positions::Listed(_) => {
            let out = PyList::empty(py);
            for a in &answers {
                match line(a) {
                    Some(l) => out.append(point_list(py, l.moves())?)?,
                    None => out.append(py.None())?,
                }
            }
            Ok(out.into_any())
        }
        Positions::Arrow(_) => {
            let mut b = ListBuilder::new(StringBuilder::new());
            for a in &answers {
                match line(a) {
                    Some(l) => {
                        for p in l.moves() {
                            b.values().append_value(p.to_string());
                        }
                        b.append(true);
                    }
                    None => b.append(false),
                }
            }
            b.finish().to_data().to_pyarrow(py)
        }
    }
}
