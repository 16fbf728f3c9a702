//! `Book`: an opening book built by `corpus-tool book build` (renju-book's SQLite file),
//! opened for queries.

use crate::args;
use crate::errors::value_error;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use renju_book::{Book, BookError, Counts};
use renju_core::Move;
use std::path::PathBuf;
use std::sync::Mutex;

/// An opening book (``corpus-tool book build``'s SQLite file), opened for queries: what was
/// played from a position and how it went, the position taken under the 8 symmetries. The
/// file is read, never written. ``query`` answers as ``corpus-tool book query --json`` does;
/// the GIL is released while it reads.
#[pyclass(name = "Book", module = "renju_kit", frozen)]
pub struct PyBook {
    book: Mutex<Book>,
    path: PathBuf,
    /// The path as the caller gave it.
    given: Py<PyAny>,
}

/// A book's error as a Python exception: a file that cannot be opened an ``OSError``
/// (``FileNotFoundError`` when absent), anything else (not a book, another version, a
/// position that cannot be played or is deeper than the book) a ``ValueError``; the
/// message is the command's.
fn book_error(e: BookError) -> PyErr {
    match &e {
        BookError::Io { error, .. } if error.kind() == std::io::ErrorKind::NotFound => {
            PyFileNotFoundError::new_err(e.to_string())
        }
        BookError::Io { .. } | BookError::Sqlite { .. } => PyOSError::new_err(e.to_string()),
        _ => value_error(e),
    }
}

/// The counts as ``games``, ``black``, ``white``, ``draw``, ``unknown`` in `d`.
fn put_counts(d: &Bound<'_, PyDict>, c: &Counts) -> PyResult<()> {
    d.set_item("games", c.games)?;
    d.set_item("black", c.black)?;
    d.set_item("white", c.white)?;
    d.set_item("draw", c.draw)?;
    d.set_item("unknown", c.unknown)
}

impl PyBook {
    fn lock(&self) -> std::sync::MutexGuard<'_, Book> {
        // a panic while the lock was held leaves the book as SQLite left it: still usable
        self.book
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[pymethods]
impl PyBook {
    /// Opens the book at ``path`` (a file ``corpus-tool book build`` made). Raises
    /// ``FileNotFoundError`` when it is absent, ``ValueError`` when it is not a book of this
    /// version.
    #[new]
    fn new(py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<PyBook> {
        let given = path.clone().unbind();
        let path: PathBuf = path.extract()?;
        let book = py.detach(|| Book::open(&path)).map_err(book_error)?;
        Ok(PyBook {
            book: Mutex::new(book),
            path,
            given,
        })
    }

    /// The book's path, as given (a ``str`` or a path-like object).
    #[getter]
    fn path(&self, py: Python<'_>) -> Py<PyAny> {
        self.given.clone_ref(py)
    }

    /// The settings the book was built with: ``{"max_moves", "board_size", "rules",
    /// "convention", "claim"}``.
    #[getter]
    fn settings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = *self.lock().settings();
        let d = PyDict::new(py);
        d.set_item("max_moves", s.max_moves)?;
        d.set_item("board_size", s.board_size)?;
        d.set_item("rules", s.rules.rules.name())?;
        d.set_item("convention", s.rules.convention.name())?;
        d.set_item("claim", s.rules.claim.name())?;
        Ok(d)
    }

    /// The position after ``position`` (moves as text, ``"h8 h9 i10"``, or a list of points,
    /// ``None`` or ``"pass"`` for a pass; colours alternate from Black): ``{"position":
    /// [moves as given], "games", "black", "white", "draw", "unknown", "next": [{"move",
    /// "games", "black", "white", "draw", "unknown"}, ...]}``, the ``--json`` answer of
    /// ``corpus-tool book query`` (next moves in the orientation given, most played first,
    /// then in the order a1, b1, ..., o1, a2, ...; moves a symmetry of the position maps onto
    /// each other one row, named by the first). ``min_games`` leaves out the next moves
    /// played fewer times. A position the book does not hold has counts 0 and no next move.
    /// Raises ``ValueError`` for a move that cannot be played or a position deeper than the
    /// book.
    #[pyo3(signature = (position = None, *, min_games = None))]
    fn query<'py>(
        &self,
        py: Python<'py>,
        position: Option<&Bound<'py, PyAny>>,
        min_games: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let min_games = args::whole::<u64>(min_games, "min_games")?.unwrap_or(0);
        let size = self.lock().settings().board_size;
        let moves: Vec<Move> = match position {
            None => Vec::new(),
            Some(p) => {
                if let Ok(s) = p.cast::<PyString>() {
                    renju_notation::moves::parse_moves(
                        &s.to_cow()?,
                        size,
                        renju_notation::Orientation::RowOneAtBottom,
                    )
                    .map_err(value_error)?
                } else {
                    let mut out = Vec::new();
                    for (i, item) in p.try_iter()?.enumerate() {
                        out.push(
                            args::move_of(&item?, size)
                                .map_err(|e| value_error(format!("move {}: {e}", i + 1)))?,
                        );
                    }
                    out
                }
            }
        };
        let answer = py
            .detach(|| self.lock().query(&moves))
            .map_err(book_error)?;
        let d = PyDict::new(py);
        let typed = PyList::empty(py);
        for m in &answer.position {
            typed.append(m.to_string())?;
        }
        d.set_item("position", typed)?;
        put_counts(&d, &answer.counts)?;
        let next = PyList::empty(py);
        for n in answer.next.iter().filter(|n| n.counts.games >= min_games) {
            let e = PyDict::new(py);
            e.set_item("move", n.mv.to_string())?;
            put_counts(&e, &n.counts)?;
            next.append(e)?;
        }
        d.set_item("next", next)?;
        Ok(d)
    }

    /// The book's totals: ``{"games", "black", "white", "draw", "unknown"}`` over every game
    /// added.
    fn totals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let t = py.detach(|| self.lock().totals()).map_err(book_error)?;
        let d = PyDict::new(py);
        put_counts(&d, &t)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("Book({:?})", self.path.display().to_string())
    }
}
