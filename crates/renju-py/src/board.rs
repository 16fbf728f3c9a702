//! `Board` (a position with the moves played on it) and `IncrementalBoard` (renju-core's
//! engine board), both over renju-core's checker.

use crate::args;
use crate::errors::value_error;
use crate::explain;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use renju_core::{Color, Convention, Foul, FoulChecker, Move, Point};

/// The foul names by point, in board reading order (row 1 first, `a` to `o`), as a dict.
pub fn fouls_dict<'py>(py: Python<'py>, fouls: &[(Point, Foul)]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (p, f) in fouls {
        d.set_item(point_name(py, *p), f.name())?;
    }
    Ok(d)
}

/// A point's name as a Python string, made once per point and process.
pub fn point_name(py: Python<'_>, p: Point) -> Bound<'_, PyString> {
    use pyo3::sync::PyOnceLock;
    static NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
    let size = usize::from(renju_core::MAX_SIZE);
    let names = NAMES.get_or_init(py, || {
        (0..size * size)
            .map(|i| {
                let p =
                    Point::new((i % size) as u8, (i / size) as u8).expect("on the largest board");
                PyString::new(py, &p.to_string()).unbind()
            })
            .collect()
    });
    names[usize::from(p.row()) * size + usize::from(p.col())]
        .bind(py)
        .clone()
}

/// A colour's name.
pub fn color_name(c: Color) -> &'static str {
    c.name()
}

/// A renju position and the moves played on it since it was set up.
///
/// ``Board(size=15)`` is the empty board; ``Board.from_moves("h8 h9 i10")`` plays moves from
/// Black; ``Board.from_grid(text)`` reads a 225-character grid (row 15 first, ``.``/``x``/``o``)
/// or a multi-line diagram. Points are names such as ``"h8"`` (column letter ``a``..., row
/// number from 1 at the bottom) or 0-based ``(col, row)`` tuples (``(7, 7)`` is ``h8``).
///
/// The foul checker is renju-core's: ``forbidden_points()`` gives the same answer as
/// ``corpus-tool fouls`` on the same position.
#[pyclass(name = "Board", module = "renju_kit", eq, from_py_object)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyBoard {
    pub(crate) board: renju_core::Board,
    moves: Vec<Move>,
    /// The side to move before the first move of `moves`.
    first: Color,
}

impl PyBoard {
    /// A board set up as `board`, nothing played yet.
    pub fn of(board: renju_core::Board) -> PyBoard {
        let first = corpus_tool::position::side_to_move(&board);
        PyBoard {
            board,
            moves: Vec::new(),
            first,
        }
    }

    fn to_move_color(&self) -> Color {
        if self.moves.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    fn play_move(&mut self, mv: Move, n: usize, token: &str) -> PyResult<()> {
        if let Move::Stone(p) = mv {
            self.board
                .place(p, self.to_move_color())
                .map_err(|e| value_error(format!("move {n} '{token}': {e}")))?;
        }
        self.moves.push(mv);
        Ok(())
    }

    /// An empty board of side `size` (`ValueError` for a side renju-core has no board of).
    fn empty(size: usize) -> PyResult<PyBoard> {
        renju_core::Board::new(size)
            .map(PyBoard::of)
            .map_err(value_error)
    }

    /// `moves` played from Black on an empty board of side `size`.
    pub fn from_move_vec(size: usize, moves: &[Move]) -> PyResult<PyBoard> {
        let mut b = PyBoard::empty(size)?;
        for (i, mv) in moves.iter().enumerate() {
            b.play_move(*mv, i + 1, &mv.to_string())?;
        }
        Ok(b)
    }

    /// The board of `obj`: a `Board`, or text as `from_moves` / `from_grid` read it (what
    /// `corpus-tool fouls` reads on one line).
    pub fn extract_position(obj: &Bound<'_, PyAny>) -> PyResult<renju_core::Board> {
        if let Ok(b) = obj.cast::<PyBoard>() {
            return Ok(b.borrow().board.clone());
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return corpus_tool::position::board_of_line(s.to_cow()?.as_bytes(), &mut Vec::new())
                .map_err(value_error);
        }
        Err(PyTypeError::new_err(format!(
            "a position is a Board or a str (moves or a 225-character grid), not {}",
            obj.get_type().name()?
        )))
    }
}

#[pymethods]
impl PyBoard {
    /// An empty board of side ``size`` (5 to 20; 15 for renju; another int raises
    /// ``ValueError`` naming ``size``).
    #[new]
    #[pyo3(signature = (size = None), text_signature = "(size=15)")]
    fn new(size: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
        PyBoard::empty(args::side(size, "size")?.unwrap_or(usize::from(renju_core::RENJU_SIZE)))
    }

    /// Plays ``moves`` from Black on an empty board, colours alternating: a string
    /// (``"h8 h9 i10"``, ``"h8h9i10"``, ``"H8,H9"``; ``--`` is a pass) or a list of points
    /// (names or ``(col, row)`` tuples; ``None`` or ``"--"`` is a pass).
    ///
    /// Raises ``ValueError`` naming the move that cannot be played (off the board, occupied),
    /// with the message ``corpus-tool fouls`` prints for the same line.
    #[staticmethod]
    #[pyo3(signature = (moves, size = None), text_signature = "(moves, size=15)")]
    fn from_moves(moves: &Bound<'_, PyAny>, size: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
        let size = args::side(size, "size")?.unwrap_or(usize::from(renju_core::RENJU_SIZE));
        let side = PyBoard::empty(size)?.board.size();
        if let Ok(s) = moves.cast::<PyString>() {
            let text = s.to_cow()?;
            let parsed = renju_notation::moves::parse_moves(
                &text,
                side,
                renju_notation::Orientation::RowOneAtBottom,
            )
            .map_err(|e| {
                // The command's message for a line it cannot read, when it has one.
                let command = (side == renju_core::RENJU_SIZE)
                    .then(|| {
                        corpus_tool::position::board_of_line(text.as_bytes(), &mut Vec::new())
                            .err()
                            .map(|e| e.to_string())
                    })
                    .flatten();
                value_error(command.unwrap_or_else(|| e.to_string()))
            })?;
            return PyBoard::from_move_vec(size, &parsed);
        }
        let mut parsed = Vec::new();
        for (i, item) in moves.try_iter()?.enumerate() {
            parsed.push(
                args::move_of(&item?, side)
                    .map_err(|e| value_error(format!("move {}: {e}", i + 1)))?,
            );
        }
        PyBoard::from_move_vec(size, &parsed)
    }

    /// Reads a position drawn as text: a one-line grid of side*side cells (225 for 15x15),
    /// row 15 first, ``.`` empty, ``x`` Black, ``o`` White (spaces ignored), or a multi-line
    /// diagram (ASCII or Unicode, with or without coordinates, either orientation), as
    /// ``Board.__str__`` writes it. The side to move is found from the stone counts.
    #[staticmethod]
    fn from_grid(text: &str) -> PyResult<PyBoard> {
        let t = text.trim();
        let board = if t.contains('\n') {
            renju_core::Board::from_diagram(t)
        } else {
            let compact: String = t.chars().filter(|c| !c.is_whitespace()).collect();
            renju_core::Board::from_line(&compact)
        }
        .map_err(value_error)?;
        Ok(PyBoard::of(board))
    }

    /// The side of the board.
    #[getter]
    fn size(&self) -> u8 {
        self.board.size()
    }

    /// ``"black"`` or ``"white"``: the side to move (after a grid, from the stone counts:
    /// White when Black has more stones).
    #[getter]
    fn to_move(&self) -> &'static str {
        color_name(self.to_move_color())
    }

    /// The moves played since the board was made (``"--"`` for a pass).
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.moves.iter().map(ToString::to_string).collect()
    }

    /// The stones on the board: ``{point: "black" | "white"}`` in reading order (row 1 first).
    fn stones<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (p, c) in self.board.stones() {
            d.set_item(point_name(py, p), color_name(c))?;
        }
        Ok(d)
    }

    /// The stone on ``point``: ``"black"``, ``"white"`` or ``None``.
    fn __getitem__(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        let p = args::point(point, self.board.size())?;
        Ok(self.board.get(p).map(color_name))
    }

    /// The number of stones on the board.
    fn __len__(&self) -> usize {
        self.board.stone_count()
    }

    /// Plays ``point`` for the side to move (``None`` or ``"--"``: a pass). With
    /// ``check_fouls=True`` a forbidden Black move is refused (``ValueError``: ``h8 is
    /// forbidden for Black (double-three)``); by default fouls are not judged, as records are
    /// replayed. Raises ``ValueError`` for a point off the board or occupied.
    #[pyo3(signature = (point, *, check_fouls = false, convention = "lenient"))]
    fn play(
        &mut self,
        point: &Bound<'_, PyAny>,
        check_fouls: bool,
        convention: &str,
    ) -> PyResult<()> {
        let mv = args::move_of(point, self.board.size())?;
        let conv = args::convention(convention)?;
        if check_fouls
            && self.to_move_color() == Color::Black
            && let Move::Stone(p) = mv
            && self.board.is_empty_at(p)
            && let Some(f) = renju_core::is_forbidden(&self.board, p, conv)
        {
            return Err(value_error(format!("{p} is forbidden for Black ({f})")));
        }
        match mv {
            Move::Stone(p) => self
                .board
                .place(p, self.to_move_color())
                .map_err(value_error)?,
            Move::Pass => {}
        }
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move played and returns it (``"--"`` for a pass). Raises
    /// ``IndexError`` when no move was played since the board was made.
    fn undo(&mut self) -> PyResult<String> {
        let mv = self
            .moves
            .pop()
            .ok_or_else(|| PyIndexError::new_err("no move to undo"))?;
        if let Move::Stone(p) = mv {
            self.board.remove(p);
        }
        Ok(mv.to_string())
    }

    /// The forbidden points for Black: ``{point: foul}`` with the foul names
    /// ``double-three``, ``double-four``, ``overline`` (as ``corpus-tool fouls`` prints them),
    /// in reading order. Raises ``ValueError`` when the game is already over (a five on the
    /// board), as the command does. ``convention``: ``"lenient"`` (default) or ``"strict"`` (a
    /// straight-four point that also makes a five keeps the three open).
    #[pyo3(signature = (convention = "lenient"))]
    fn forbidden_points<'py>(
        &self,
        py: Python<'py>,
        convention: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let conv = args::convention(convention)?;
        // no next move where the game is over: said as `corpus-tool fouls` says it
        corpus_tool::position::answerable(&self.board, renju_core::RuleSet::Renju)
            .map_err(value_error)?;
        fouls_dict(py, &FoulChecker::new(&self.board).forbidden_points(conv))
    }

    /// Whether a Black stone on ``point`` (empty) would be forbidden.
    #[pyo3(signature = (point, convention = "lenient"))]
    fn is_forbidden(&self, point: &Bound<'_, PyAny>, convention: &str) -> PyResult<bool> {
        self.foul(point, convention).map(|f| f.is_some())
    }

    /// The foul a Black stone on ``point`` would be (``"double-three"``, ``"double-four"``,
    /// ``"overline"``), or ``None`` (legal, a five, or an occupied point).
    #[pyo3(signature = (point, convention = "lenient"))]
    fn foul(&self, point: &Bound<'_, PyAny>, convention: &str) -> PyResult<Option<&'static str>> {
        let p = args::point(point, self.board.size())?;
        let conv = args::convention(convention)?;
        if !self.board.is_empty_at(p) {
            return Ok(None);
        }
        Ok(renju_core::is_forbidden(&self.board, p, conv).map(Foul::name))
    }

    /// Why a Black stone on ``point`` is what it is: the explanation tree as nested dicts
    /// (``verdict``, ``lines`` with their ``shape`` and ``stones``, the ``eyes`` of each three
    /// with the nested ``explanation`` of the points that are themselves fouls), and under
    /// ``"text"`` the tree as ``corpus-tool fouls --explain`` prints it. With ``text=True``
    /// only that text is returned.
    #[pyo3(signature = (point, convention = "lenient", *, text = false))]
    fn explain<'py>(
        &self,
        py: Python<'py>,
        point: &Bound<'_, PyAny>,
        convention: &str,
        text: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = args::point(point, self.board.size())?;
        let conv = args::convention(convention)?;
        if !self.board.is_empty_at(p) {
            return Err(value_error(format!("{p} is not empty")));
        }
        let e = renju_core::explain(&self.board, p, conv);
        if text {
            Ok(PyString::new(py, &e.to_tree()).into_any())
        } else {
            Ok(explain::to_dict(py, &e, true)?.into_any())
        }
    }

    /// The one-line grid: side*side cells, row 15 first, ``.``/``x``/``o`` (what
    /// ``from_grid`` and ``corpus-tool fouls`` read).
    fn to_grid(&self) -> String {
        self.board.to_line()
    }

    /// A copy (moves included).
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// The text diagram: rows numbered from the top (row 15) down, ``X`` Black, ``O`` White,
    /// ``.`` empty, column letters below.
    fn __str__(&self) -> String {
        self.board.to_diagram()
    }

    fn __repr__(&self) -> String {
        format!(
            "Board.from_grid('{}')  # {} stones, {} to move",
            self.board.to_line(),
            self.board.stone_count(),
            self.to_move()
        )
    }
}

/// renju-core's ``IncrementalBoard``, for engines: the line shapes of every point kept
/// current as stones are placed and taken back (40 table look-ups a move), so
/// ``forbidden_points`` and ``is_forbidden`` answer from that state. Same verdicts as
/// ``Board``.
#[pyclass(name = "IncrementalBoard", module = "renju_kit", from_py_object)]
#[derive(Clone)]
pub struct PyIncrementalBoard {
    inner: renju_core::IncrementalBoard,
}

#[pymethods]
impl PyIncrementalBoard {
    /// An empty board of side ``size`` (5 to 20, as ``Board``; 15 for renju), or the position
    /// of ``board`` (a ``Board``, of any of those sides). ``ValueError`` names ``size`` when it
    /// is no side, or when it is given with a ``board`` of another side.
    #[new]
    #[pyo3(signature = (size = None, board = None), text_signature = "(size=15, board=None)")]
    fn new(
        size: Option<&Bound<'_, PyAny>>,
        board: Option<PyRef<'_, PyBoard>>,
    ) -> PyResult<PyIncrementalBoard> {
        let side = args::side(size, "size")?;
        let inner = match board {
            Some(b) => {
                let theirs = b.board.size();
                if let Some(s) = side
                    && s != usize::from(theirs)
                {
                    return Err(value_error(format!(
                        "size={s}, but board is {theirs}x{theirs}: give size={theirs}, or no size \
                         (the board's side is taken)"
                    )));
                }
                renju_core::IncrementalBoard::from_board(&b.board)
            }
            None => renju_core::IncrementalBoard::new(
                side.unwrap_or(usize::from(renju_core::RENJU_SIZE)),
            )
            .map_err(value_error)?,
        };
        Ok(PyIncrementalBoard { inner })
    }

    /// The side of the board.
    #[getter]
    fn size(&self) -> u8 {
        self.inner.board().size()
    }

    /// Places a stone of ``color`` (``"black"``/``"white"``; default: Black when the number
    /// of stones placed so far is even, else White) on ``point``. Raises ``ValueError`` when
    /// the point is off the board or occupied.
    #[pyo3(signature = (point, color = None))]
    fn place(&mut self, point: &Bound<'_, PyAny>, color: Option<&str>) -> PyResult<()> {
        let p = args::point(point, self.inner.board().size())?;
        let c = match color {
            Some(name) => args::color(name)?,
            None => Color::of_move_number(self.inner.history().len() + 1),
        };
        self.inner.place(p, c).map_err(value_error)
    }

    /// Takes back the last stone placed; returns ``(point, color)``. Raises ``IndexError``
    /// when none was placed.
    fn undo(&mut self) -> PyResult<(String, &'static str)> {
        self.inner
            .undo()
            .map(|(p, c)| (p.to_string(), color_name(c)))
            .ok_or_else(|| PyIndexError::new_err("no stone to undo"))
    }

    /// The stones placed, oldest first, as ``(point, color)``.
    fn history(&self) -> Vec<(String, &'static str)> {
        self.inner
            .history()
            .iter()
            .map(|(p, c)| (p.to_string(), color_name(*c)))
            .collect()
    }

    /// The forbidden points for Black, ``{point: foul}`` in reading order.
    #[pyo3(signature = (convention = "lenient"))]
    fn forbidden_points<'py>(
        &self,
        py: Python<'py>,
        convention: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let conv = args::convention(convention)?;
        fouls_dict(py, &self.inner.forbidden_points(conv))
    }

    /// Whether a Black stone on ``point`` would be forbidden (``False`` when occupied).
    #[pyo3(signature = (point, convention = "lenient"))]
    fn is_forbidden(&self, point: &Bound<'_, PyAny>, convention: &str) -> PyResult<bool> {
        self.foul(point, convention).map(|f| f.is_some())
    }

    /// The foul a Black stone on ``point`` would be, or ``None``.
    #[pyo3(signature = (point, convention = "lenient"))]
    fn foul(&self, point: &Bound<'_, PyAny>, convention: &str) -> PyResult<Option<&'static str>> {
        let p = args::point(point, self.inner.board().size())?;
        let conv: Convention = args::convention(convention)?;
        if !self.inner.board().is_empty_at(p) {
            return Ok(None);
        }
        Ok(self.inner.is_forbidden(p, conv).map(Foul::name))
    }

    /// The explanation tree of ``point`` (as ``Board.explain``).
    #[pyo3(signature = (point, convention = "lenient", *, text = false))]
    fn explain<'py>(
        &self,
        py: Python<'py>,
        point: &Bound<'_, PyAny>,
        convention: &str,
        text: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.to_board().explain(py, point, convention, text)
    }

    /// The position as a ``Board`` (no moves played on it).
    fn to_board(&self) -> PyBoard {
        PyBoard::of(self.inner.board().clone())
    }

    fn __len__(&self) -> usize {
        self.inner.history().len()
    }

    fn __str__(&self) -> String {
        self.inner.board().to_diagram()
    }

    fn __repr__(&self) -> String {
        format!(
            "<IncrementalBoard {}x{}, {} stones>",
            self.size(),
            self.size(),
            self.inner.history().len()
        )
    }
}

/// The names of `points`, as a Python list.
pub fn point_list<'py>(py: Python<'py>, points: &[Point]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, points.iter().map(|p| point_name(py, *p)))
}
