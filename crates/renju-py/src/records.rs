//! Game records: `Game` (renju-notation's `GameRecord`, or an unreadable record with its
//! reason), `read` (the records of files, folders or bytes, read as `corpus-tool` reads
//! them, streamed from a reader thread) and `write` / `to_bytes` (renju-notation's writers,
//! files written atomically through corpus-tool's `AtomicFile`).

use crate::args;
use crate::board::{PyBoard, point_list, point_name};
use crate::errors::{record_error, value_error};
use corpus_tool::validate::{FileProblem, ReadOptions, RecordItem};
use pyo3::exceptions::{PyOSError, PyOverflowError, PyStopIteration, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyMemoryView, PyString};
use renju_core::Move;
use renju_notation::{DeclaredResult, Format, GameRecord, Orientation};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// A move that could not be read in a line format: the game is the moves before it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Unreadable {
    number: usize,
    text: String,
    reason: String,
}

/// One game record as a file holds it, or an unreadable record and why.
///
/// Read ones come from ``read``; ``Game(moves, result=..., ...)`` makes one to ``write``.
/// ``moves`` are as played, colours alternating from Black (``"--"`` a pass); ``result`` is
/// what the record declares (``"black"``, ``"white"``, ``"draw"``, ``"unknown"``), not what
/// happened on the board.
#[pyclass(name = "Game", module = "renju_kit", frozen, eq, from_py_object)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PyGame {
    record: GameRecord,
    /// The file as reports name it (`<bytes>`, and a name that is not UTF-8 shown with
    /// U+FFFD).
    file: Option<String>,
    /// The file's path as the system names it, for a file read from a path.
    path: Option<PathBuf>,
    index: usize,
    /// Why the record could not be read (nothing of it is kept).
    broken: Option<String>,
    unreadable: Option<Unreadable>,
    /// The file problem this "record" stands for (a file that could not be read at all, or
    /// that holds no record): `audit` counts it as the command does, not as a row.
    problem: Option<FileProblem>,
}

impl PyGame {
    fn of_item(file: &str, path: Option<&Path>, index: usize, item: RecordItem) -> PyGame {
        let (record, broken, unreadable) = match item {
            RecordItem::Game(g) => (g, None, None),
            RecordItem::GameWithUnreadable(g, u) => (
                g,
                None,
                Some(Unreadable {
                    number: u.number,
                    text: u.text,
                    reason: u.reason,
                }),
            ),
            RecordItem::Broken(why) => (
                GameRecord::new(renju_core::RENJU_SIZE),
                Some(why.to_string()),
                None,
            ),
        };
        PyGame {
            record,
            file: Some(file.to_string()),
            path: path.map(Path::to_path_buf),
            index,
            broken,
            unreadable,
            problem: None,
        }
    }

    /// A game made in Python (no file, no index).
    fn made(record: GameRecord) -> PyGame {
        PyGame {
            record,
            file: None,
            path: None,
            index: 0,
            broken: None,
            unreadable: None,
            problem: None,
        }
    }

    fn problem(p: &FileProblem) -> PyGame {
        PyGame {
            record: GameRecord::new(renju_core::RENJU_SIZE),
            file: Some(p.file.clone()),
            path: None,
            index: 0,
            broken: Some(format!("{}: {}", p.file, p.reason)),
            unreadable: None,
            problem: Some(p.clone()),
        }
    }

    /// What `audit` makes of the game: its file (`None` for a game made in Python), its index
    /// in the file, and the record as the stream hands it on (why not, when it could not be
    /// read), or the file problem it stands for.
    pub(crate) fn audit_input(&self) -> AuditInput {
        if let Some(p) = &self.problem {
            return AuditInput::Problem(p.clone());
        }
        let read = match (&self.broken, &self.unreadable) {
            (Some(why), _) => Err(why.clone()),
            (None, Some(u)) => Ok(corpus_tool::input::Read::Salvaged(
                self.record.clone(),
                renju_analyzer::UnreadableMove {
                    number: u.number,
                    text: u.text.clone(),
                    reason: u.reason.clone(),
                },
            )),
            (None, None) => Ok(corpus_tool::input::Read::Game(self.record.clone())),
        };
        AuditInput::Record {
            file: self.file.clone(),
            index: self.index,
            read,
        }
    }

    /// The error sentence, when the record is not whole.
    fn error_text(&self) -> Option<String> {
        if let Some(b) = &self.broken {
            return Some(b.clone());
        }
        self.unreadable.as_ref().map(|u| {
            format!(
                "{}: record {}: move {} '{}' cannot be read: {}; the moves before it ({}) are the game",
                self.file.as_deref().unwrap_or("<game>"),
                self.index,
                u.number,
                u.text,
                u.reason,
                self.record.moves.len()
            )
        })
    }
}

/// A mapping argument (a `dict`, or any `Mapping`: the stubs' type) read as a map; `None` for
/// `None` or nothing given.
fn mapping<T: for<'a, 'py> FromPyObject<'a, 'py>>(
    obj: Option<&Bound<'_, PyAny>>,
    what: &str,
) -> PyResult<Option<T>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    // an int out of the range of the map's keys: a ValueError naming the argument (the
    // conversion's OverflowError named nothing)
    let named = |e: PyErr| {
        if e.is_instance_of::<PyOverflowError>(obj.py()) {
            value_error(format!("{what}: a key out of range ({e})"))
        } else {
            e
        }
    };
    if obj.cast::<PyDict>().is_ok() {
        return obj.extract::<T>().map(Some).map_err(|e| named(e.into()));
    }
    if !obj.hasattr("keys")? {
        return Err(PyTypeError::new_err(format!(
            "{what}: a mapping (such as a dict), not {}",
            obj.get_type().name()?
        )));
    }
    // `dict(obj)`: any Mapping, as the stubs type it
    let d = obj.py().get_type::<PyDict>().call1((obj,))?;
    d.extract::<T>().map(Some).map_err(|e| named(e.into()))
}

fn opt_str(d: &Bound<'_, PyDict>, key: &str) -> PyResult<Option<String>> {
    match d.get_item(key)? {
        Some(v) if !v.is_none() => Ok(Some(v.extract()?)),
        _ => Ok(None),
    }
}

#[pymethods]
impl PyGame {
    /// A record to write: ``moves`` (a string such as ``"h8 h9 i10"`` or a list of points),
    /// the declared ``result``, the game information, ``tags`` (format-specific keys, kept
    /// as given) and ``comments`` (``{moves played: text}``; 0 is before the first move).
    #[new]
    #[pyo3(
        signature = (moves = None, result = "unknown", *, size = None, id = None, black = None, white = None, event = None, round = None, date = None, rule = None, opening = None, tags = None, comments = None),
        text_signature = "(moves=None, result='unknown', *, size=15, id=None, black=None, white=None, event=None, round=None, date=None, rule=None, opening=None, tags=None, comments=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        moves: Option<&Bound<'_, PyAny>>,
        result: &str,
        size: Option<&Bound<'_, PyAny>>,
        id: Option<String>,
        black: Option<String>,
        white: Option<String>,
        event: Option<String>,
        round: Option<String>,
        date: Option<String>,
        rule: Option<String>,
        opening: Option<String>,
        tags: Option<&Bound<'_, PyAny>>,
        comments: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let size = args::side(size, "size")?.unwrap_or(usize::from(renju_core::RENJU_SIZE));
        let board = renju_core::Board::new(size).map_err(value_error)?;
        let mut record = GameRecord::new(board.size());
        if let Some(m) = moves {
            if let Ok(s) = m.cast::<PyString>() {
                record.moves = renju_notation::moves::parse_moves(
                    &s.to_cow()?,
                    board.size(),
                    Orientation::RowOneAtBottom,
                )
                .map_err(value_error)?;
            } else {
                for (i, item) in m.try_iter()?.enumerate() {
                    record.moves.push(
                        args::move_of(&item?, board.size())
                            .map_err(|e| value_error(format!("move {}: {e}", i + 1)))?,
                    );
                }
            }
        }
        record.result = result.parse::<DeclaredResult>().map_err(value_error)?;
        (record.id, record.black, record.white, record.event) = (id, black, white, event);
        (record.round, record.date, record.rule, record.opening) = (round, date, rule, opening);
        record.tags = mapping(tags, "tags")?.unwrap_or_default();
        let comments: Option<std::collections::BTreeMap<i64, String>> =
            mapping(comments, "comments")?;
        for (after, text) in comments.unwrap_or_default() {
            let moves = record.moves.len();
            let Some(after) = usize::try_from(after).ok().filter(|a| *a <= moves) else {
                return Err(value_error(if after < 0 {
                    format!(
                        "comments: a comment after move {after}: its key is the number of moves \
                         played, 0 to {moves}"
                    )
                } else {
                    format!("a comment after move {after}, but the game has {moves} moves")
                }));
            };
            record.note_mut(after).comment = Some(text);
        }
        Ok(PyGame::made(record))
    }

    /// The same record with some fields changed: the game information of ``Game``'s keyword
    /// arguments (``id``, ``black``, ``white``, ``event``, ``round``, ``date``, ``rule``,
    /// ``opening``: ``None`` clears one), ``result`` and ``tags`` (``None``: none). The moves,
    /// the board size and the comments are not changed here: make a ``Game`` for other moves.
    #[pyo3(signature = (**changes))]
    fn replace(&self, changes: Option<&Bound<'_, PyDict>>) -> PyResult<PyGame> {
        let mut g = self.clone();
        let Some(d) = changes else { return Ok(g) };
        for (k, v) in d.iter() {
            let key: String = k.extract()?;
            let text = || -> PyResult<Option<String>> { opt_str(d, &key) };
            match key.as_str() {
                "id" => g.record.id = text()?,
                "black" => g.record.black = text()?,
                "white" => g.record.white = text()?,
                "event" => g.record.event = text()?,
                "round" => g.record.round = text()?,
                "date" => g.record.date = text()?,
                "rule" => g.record.rule = text()?,
                "opening" => g.record.opening = text()?,
                "result" => {
                    g.record.result = v.extract::<String>()?.parse().map_err(value_error)?;
                }
                "tags" => g.record.tags = mapping(Some(&v), "tags")?.unwrap_or_default(),
                _ => {
                    return Err(PyTypeError::new_err(format!(
                        "replace() got an unexpected keyword argument '{key}' (it changes id, \
                         black, white, event, round, date, rule, opening, result and tags)"
                    )));
                }
            }
        }
        Ok(g)
    }

    /// The file the record was read from (``None`` for a game made in Python; ``"<bytes>"``
    /// for bytes): the path as the system names it (``os.fsdecode``: a name that is not UTF-8
    /// opens again), where ``error`` and the audit's report show it as text.
    #[getter]
    fn file(&self) -> Option<std::ffi::OsString> {
        match &self.path {
            Some(p) => Some(p.clone().into_os_string()),
            None => self.file.clone().map(Into::into),
        }
    }

    /// The 1-based index of the record in its file, as the report numbers it (0 for a file
    /// that could not be read at all, and for a game made in Python).
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// Whether the record was read (``False``: nothing of it could be read, see ``error``).
    #[getter]
    fn readable(&self) -> bool {
        self.broken.is_none()
    }

    /// Why the record is not whole: the sentence the command reports (naming the file, the
    /// record and the place), or ``None``. A record with a move that cannot be read keeps the
    /// moves before it (``unreadable_move`` says which).
    #[getter]
    fn error(&self) -> Option<String> {
        self.error_text()
    }

    /// ``(number, text, reason)`` of a move that could not be read (line formats), or ``None``.
    #[getter]
    fn unreadable_move(&self) -> Option<(usize, String, String)> {
        self.unreadable
            .as_ref()
            .map(|u| (u.number, u.text.clone(), u.reason.clone()))
    }

    /// The side of the board (15 for renju).
    #[getter]
    fn size(&self) -> u8 {
        self.record.board_size
    }

    /// The moves, ``"h8"``-style names, ``"--"`` for a pass.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(
            py,
            self.record.moves.iter().map(|m| match m {
                Move::Stone(p) => point_name(py, *p),
                Move::Pass => PyString::new(py, "--"),
            }),
        )
    }

    /// The declared result: ``"black"``, ``"white"``, ``"draw"`` or ``"unknown"``.
    #[getter]
    fn result(&self) -> &'static str {
        self.record.result.name()
    }

    /// The record's own id (RIF game id), if any.
    #[getter]
    fn id(&self) -> Option<&str> {
        self.record.id.as_deref()
    }

    /// Black's name.
    #[getter]
    fn black(&self) -> Option<&str> {
        self.record.black.as_deref()
    }

    /// White's name.
    #[getter]
    fn white(&self) -> Option<&str> {
        self.record.white.as_deref()
    }

    /// The event.
    #[getter]
    fn event(&self) -> Option<&str> {
        self.record.event.as_deref()
    }

    /// The round, as written.
    #[getter]
    fn round(&self) -> Option<&str> {
        self.record.round.as_deref()
    }

    /// The date, as written.
    #[getter]
    fn date(&self) -> Option<&str> {
        self.record.date.as_deref()
    }

    /// The rule (or opening rule) name, as written.
    #[getter]
    fn rule(&self) -> Option<&str> {
        self.record.rule.as_deref()
    }

    /// The opening as the record names it (``"2I"``, ``"Kagetsu"``...); see
    /// ``identify_opening(game.moves)`` for the opening the stones make.
    #[getter]
    fn opening(&self) -> Option<&str> {
        self.record.opening.as_deref()
    }

    /// Everything else the format carries, by its own key (RIF attributes, SGF root
    /// properties, ``lib:line``...).
    #[getter]
    fn tags(&self) -> std::collections::BTreeMap<String, String> {
        self.record.tags.clone()
    }

    /// The comments by the number of moves played when written (0: before the first move).
    #[getter]
    fn comments(&self) -> std::collections::BTreeMap<usize, String> {
        self.record
            .notes
            .iter()
            .filter_map(|n| n.comment.clone().map(|c| (n.after_move, c)))
            .collect()
    }

    /// Every note of the line: ``[{"after_move", "comment", "board_text", "labels":
    /// {point: text}, "marks": {point: "TR"|"SQ"|"CR"|"MA"}}]`` in line order.
    #[getter]
    fn notes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for n in &self.record.notes {
            let d = PyDict::new(py);
            d.set_item("after_move", n.after_move)?;
            d.set_item("comment", n.comment.as_deref())?;
            d.set_item("board_text", n.board_text.as_deref())?;
            let labels = PyDict::new(py);
            for l in &n.labels {
                labels.set_item(l.point.to_string(), &l.text)?;
            }
            d.set_item("labels", labels)?;
            let marks = PyDict::new(py);
            for m in &n.marks {
                marks.set_item(m.point.to_string(), m.shape.name())?;
            }
            d.set_item("marks", marks)?;
            out.append(d)?;
        }
        Ok(out)
    }

    /// Stones set up rather than played (SGF ``AB``/``AW``/``AE``): ``(after_move, point,
    /// color or None for a cleared point)``.
    #[getter]
    fn setup(&self) -> Vec<(usize, String, Option<&'static str>)> {
        self.record
            .setup
            .iter()
            .map(|s| (s.after_move, s.point.to_string(), s.stone.map(|c| c.name())))
            .collect()
    }

    /// The 5th-move offers, in the order offered.
    #[getter]
    fn fifth_offers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        point_list(py, &self.record.fifth_offers)
    }

    /// The encoding the record's texts were decoded with (``"GBK"``, ``"UTF-8"``...), for
    /// formats that declare or need one; ``None`` for plain UTF-8 line formats.
    #[getter]
    fn encoding(&self) -> Option<&'static str> {
        self.record.encoding.as_ref().map(|e| e.name)
    }

    /// What the reader decided to read the record (``"line 2 of 3 of a tree"``...).
    #[getter]
    fn remarks(&self) -> Vec<String> {
        self.record
            .remarks
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// The position after the first ``moves`` moves (all by default), fouls not judged.
    /// Raises ``ValueError`` for a record whose moves cannot be replayed (an occupied
    /// point) or that sets stones up.
    #[pyo3(signature = (moves = None))]
    fn board(&self, moves: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
        let moves: Option<usize> = args::whole(moves, "moves")?;
        if !self.record.setup.is_empty() {
            return Err(value_error(
                "the record sets stones up (setup); its board is not a replay from the empty board",
            ));
        }
        let n = moves
            .unwrap_or(self.record.moves.len())
            .min(self.record.moves.len());
        PyBoard::from_move_vec(usize::from(self.record.board_size), &self.record.moves[..n])
    }

    fn __len__(&self) -> usize {
        self.record.moves.len()
    }

    fn __repr__(&self) -> String {
        let place = match &self.file {
            Some(f) => format!("{f} record {}", self.index),
            None => "game".to_string(),
        };
        match self.error_text() {
            Some(_) if self.broken.is_some() => format!("<Game {place}: unreadable>"),
            _ => format!(
                "<Game {place}: {} moves, result {}>",
                self.record.moves.len(),
                self.record.result.name()
            ),
        }
    }
}

/// A game as `audit` takes it (nearly every one a `Record`: boxing it would only add an
/// allocation a game).
#[allow(clippy::large_enum_variant)]
pub(crate) enum AuditInput {
    /// A record (`file` `None` for a game made in Python): the record as read, or why it
    /// could not be.
    Record {
        file: Option<String>,
        index: usize,
        read: Result<corpus_tool::input::Read, String>,
    },
    /// A file that could not be read, or that holds no record.
    Problem(FileProblem),
}

/// What the reader thread sends.
enum Msg {
    Games(Vec<PyGame>),
    /// A path given that cannot be examined (`OSError`), or bytes in no format that can be
    /// told (`ValueError`): raised.
    Fatal(FileProblem, bool),
    /// The entries of folders not read, `(path, reason)`: sent last.
    Skipped(Vec<(String, String)>),
}

/// Where records come from: what `read` takes (and what `audit` will take besides games).
pub(crate) enum Source {
    /// Files and folders, walked as `validate` walks them.
    Paths(Vec<PathBuf>),
    /// One file's contents.
    Bytes(Vec<u8>),
}

impl Source {
    /// A path, a list of paths, or bytes (`bytes`, `bytearray`, `memoryview`). Any other
    /// iterable is a list of paths: an empty list is no path (not the contents of an empty
    /// file), and a list of numbers is no bytes.
    pub(crate) fn of(source: &Bound<'_, PyAny>) -> PyResult<Source> {
        if let Ok(b) = source.cast::<PyBytes>() {
            return Ok(Source::Bytes(b.as_bytes().to_vec()));
        }
        if source.cast::<PyString>().is_ok() || source.hasattr("__fspath__")? {
            return Ok(Source::Paths(vec![source.extract::<PathBuf>()?]));
        }
        if source.cast::<PyByteArray>().is_ok() || source.cast::<PyMemoryView>().is_ok() {
            // `bytes(source)`: a memoryview's bytes whatever the format of its items
            let bytes = source.py().get_type::<PyBytes>().call1((source,))?;
            return Ok(Source::Bytes(bytes.cast::<PyBytes>()?.as_bytes().to_vec()));
        }
        let mut paths = Vec::new();
        for p in source.try_iter()? {
            paths.push(p?.extract::<PathBuf>()?);
        }
        Ok(Source::Paths(paths))
    }
}

/// The iterator ``read`` returns: records in input order, read ahead by a thread of its own
/// (bounded: a few thousand records at most wait to be taken). ``close()`` (or leaving a
/// ``with`` block, or dropping the iterator) stops the thread at its next record.
#[pyclass(name = "Records", module = "renju_kit")]
pub struct PyRecords {
    /// `None` once closed: the reader's next send fails, and it stops.
    rx: Mutex<Option<Receiver<Msg>>>,
    buffer: Mutex<VecDeque<PyGame>>,
    strict: bool,
    done: bool,
    /// The entries of folders not read, as the reader sent them at its end.
    skipped: Vec<(String, String)>,
    /// What the reader thread shares with this iterator.
    state: Arc<ReaderState>,
    /// The reader thread, joined when it has nothing more to send: a panic there is raised
    /// (`PanicException`), never taken for the end of the records.
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What a reader thread shares with its `Records`.
#[derive(Debug, Default)]
struct ReaderState {
    /// Set by `close` and when the `Records` is dropped: the reader stops at its next record.
    stop: AtomicBool,
    /// The records the reader has read (taken from Python or not).
    read: AtomicUsize,
    /// Whether the reader thread has ended (at the end of its input, stopped, or panicked).
    finished: AtomicBool,
}

/// Sets `finished` when the reader thread's body ends, however it ends.
struct Finished<'a>(&'a ReaderState);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.finished.store(true, Ordering::Release);
    }
}

/// The payload a reader thread unwinds with when it is told to stop: corpus-tool's record
/// readers hand each record to a sink that cannot say "no more", so the sink leaves them by
/// `resume_unwind` (which runs no panic hook: nothing is printed), and the thread's body
/// catches this payload alone (any other is a panic, handed on to `join`).
struct Stopped;

/// Leaves the reader (see [`Stopped`]).
fn stop_reading() -> ! {
    std::panic::resume_unwind(Box::new(Stopped))
}

impl Drop for PyRecords {
    fn drop(&mut self) {
        // the receiver, dropped next, fails the reader's next send; the flag stops it at its
        // next record
        self.state.stop.store(true, Ordering::Relaxed);
    }
}

/// A test hook (``Records._reader_probe()``): what the reader thread of a ``Records`` has done,
/// readable after the ``Records`` is gone.
#[pyclass(name = "_ReaderProbe", module = "renju_kit", frozen)]
pub struct PyReaderProbe {
    state: Arc<ReaderState>,
}

#[pymethods]
impl PyReaderProbe {
    /// The records the reader thread has read.
    #[getter]
    fn records_read(&self) -> usize {
        self.state.read.load(Ordering::Relaxed)
    }

    /// Whether the reader thread has ended.
    #[getter]
    fn finished(&self) -> bool {
        self.state.finished.load(Ordering::Acquire)
    }
}

const BATCH: usize = 256;

/// The records of `source`, sent in batches; the entries of folders not read sent last. Stops
/// (unwinding with [`Stopped`]) at the first record after `state.stop` is set or a send fails.
fn reader(source: Source, read: ReadOptions, tx: SyncSender<Msg>, state: &ReaderState) {
    let mut batch = Vec::with_capacity(BATCH);
    let sink = |batch: &mut Vec<PyGame>, game: PyGame| {
        if state.stop.load(Ordering::Relaxed) {
            stop_reading();
        }
        state.read.fetch_add(1, Ordering::Relaxed);
        batch.push(game);
        if batch.len() >= BATCH && tx.send(Msg::Games(std::mem::take(batch))).is_err() {
            // the `Records` is gone
            stop_reading();
        }
    };
    let mut skipped = Vec::new();
    match source {
        Source::Bytes(bytes) => {
            let name = "<bytes>";
            let r = corpus_tool::validate::each_record_in_bytes(
                name,
                true,
                &bytes,
                read,
                &mut |i, item| {
                    sink(&mut batch, PyGame::of_item(name, None, i, item));
                },
            );
            match r {
                Ok(r) => {
                    if let Some(p) = r.problem(name) {
                        sink(&mut batch, PyGame::problem(&p));
                    }
                }
                Err(p) => {
                    let _ = tx.send(Msg::Fatal(p, false));
                    return;
                }
            }
        }
        Source::Paths(paths) => {
            let r = corpus_tool::validate::for_each_file_record(
                &paths,
                read,
                &mut |f, name: &str, i, item| {
                    let path = (!f.is_stdin()).then_some(f.path.as_path());
                    sink(&mut batch, PyGame::of_item(name, path, i, item));
                },
            );
            match r {
                Ok(found) => {
                    for p in &found.problems {
                        sink(&mut batch, PyGame::problem(p));
                    }
                    skipped = skipped_entries(&found);
                }
                Err(p) => {
                    let _ = tx.send(Msg::Fatal(p, true));
                    return;
                }
            }
        }
    }
    if !batch.is_empty() {
        let _ = tx.send(Msg::Games(batch));
    }
    if !skipped.is_empty() {
        let _ = tx.send(Msg::Skipped(skipped));
    }
}

/// The reason `Records.skipped` gives for a file found in a folder that is in no record
/// format (the words of `validate`'s summary line).
const NO_RECORD_FORMAT: &str = "in no record format";

/// The entries of folders a walk did not read, `(path, reason)`: the files in no record
/// format, then the entries not opened (hidden, links back up, what is not a regular file),
/// each in walk order, the paths as the command prints them.
fn skipped_entries(found: &corpus_tool::input::Streamed) -> Vec<(String, String)> {
    found
        .not_records
        .iter()
        .map(|name| (name.clone(), NO_RECORD_FORMAT.to_string()))
        .chain(
            found
                .skipped
                .iter()
                .map(|s| (s.path.clone(), s.reason.to_string())),
        )
        .collect()
}

#[pymethods]
impl PyRecords {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<PyGame> {
        loop {
            if let Some(g) = self.buffer.get_mut().map_err(poisoned)?.pop_front() {
                if self.strict
                    && let Some(e) = g.error_text()
                {
                    return Err(record_error(
                        py,
                        g.file.as_deref().unwrap_or(""),
                        g.index,
                        &e,
                    ));
                }
                return Ok(g);
            }
            if self.done {
                return Err(PyStopIteration::new_err(()));
            }
            let Some(rx) = self.rx.get_mut().map_err(poisoned)?.as_mut() else {
                self.done = true;
                continue;
            };
            match py.detach(move || rx.recv()) {
                Ok(Msg::Games(games)) => self.buffer.get_mut().map_err(poisoned)?.extend(games),
                Ok(Msg::Skipped(skipped)) => self.skipped.extend(skipped),
                Ok(Msg::Fatal(p, path)) => {
                    self.done = true;
                    let text = format!("{}: {}", p.file, p.reason);
                    return Err(if path {
                        PyOSError::new_err(text)
                    } else {
                        value_error(text)
                    });
                }
                Err(_) => {
                    // nothing more will come: the thread has returned, or panicked
                    self.done = true;
                    self.join(py);
                }
            }
        }
    }

    /// The entries of the folders read that were not read, as ``(path, reason)``, the path as
    /// the command prints it: the files in no record format (``"in no record format"``: a
    /// README, say), then the entries not opened (``"hidden (the name starts with a dot)"``,
    /// ``"a link back to a folder being walked"``, ``"not a regular file"``: a pipe, a
    /// device), each kind in walk order; ``validate`` lists the same entries. Known once
    /// every record is taken (the iterator has raised ``StopIteration``); empty until then,
    /// and for bytes. A file that cannot be read, or that holds no record, is not here: it
    /// comes as a ``Game`` with ``readable == False`` and its ``error``.
    #[getter]
    fn skipped(&self) -> Vec<(String, String)> {
        self.skipped.clone()
    }

    /// Stops the reader thread (at its next record) and waits for it to end; the records not
    /// taken are dropped and the iterator ends. Closing again does nothing. Leaving a ``with``
    /// block closes it; dropping it stops the thread without waiting.
    fn close(&mut self, py: Python<'_>) -> PyResult<()> {
        self.state.stop.store(true, Ordering::Relaxed);
        self.done = true;
        // a reader waiting to send is woken: its send fails
        drop(self.rx.get_mut().map_err(poisoned)?.take());
        self.buffer.get_mut().map_err(poisoned)?.clear();
        self.join(py);
        Ok(())
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &mut self,
        py: Python<'_>,
        _exc_type: &Bound<'_, PyAny>,
        _exc_value: &Bound<'_, PyAny>,
        _traceback: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        self.close(py)
    }

    /// A test hook: the reader thread's counts, which outlive this iterator.
    fn _reader_probe(&self) -> PyReaderProbe {
        PyReaderProbe {
            state: Arc::clone(&self.state),
        }
    }
}

fn poisoned<T>(_: std::sync::PoisonError<T>) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err("a reader thread failed")
}

/// The reading options of `read` (and of `audit`).
pub(crate) fn read_options(
    format: Option<&str>,
    encoding: Option<&str>,
    orientation: Option<&str>,
) -> PyResult<ReadOptions> {
    Ok(ReadOptions {
        format: format
            .map(|f| f.parse::<Format>().map_err(value_error))
            .transpose()?,
        orientation: orientation
            .map(|o| o.parse::<Orientation>().map_err(value_error))
            .transpose()?,
        encoding: encoding
            .map(|e| renju_notation::encoding::encoding_for(e).map_err(value_error))
            .transpose()?,
    })
}

/// The game records of ``source``, in order, as ``corpus-tool`` reads them: a path (a file,
/// or a folder walked as ``validate`` walks it), a list of paths, or ``bytes`` (one file's
/// contents). ``format`` (``renju``, ``moves``, ``rif``, ``psq``, ``sgf``, ``lib``, ``pos``;
/// default: detected per file from its content and name), ``encoding`` (force the text
/// encoding of SGF, ``.lib``, ``.rif`` and ``.psq``: ``gbk``, ``utf-8``...; default: declared or
/// detected), ``orientation`` (``"top"``/``"bottom"``: where row 1 is; default: the format's).
///
/// Every line of a move tree (SGF variations, ``.lib``) is a game of its own. A record that
/// cannot be read raises nothing: it comes as a ``Game`` with ``readable == False`` and its
/// ``error`` (the command's sentence, naming the file, the record and the place), and
/// reading goes on; a file in a folder that holds no record comes as such a ``Game`` too,
/// with ``index == 0``. With ``strict=True`` the first such record raises ``RecordError``.
/// A path that does not exist raises ``OSError``. What a folder holds that is not read (a file
/// in no record format, a hidden entry, a pipe) is listed in the iterator's ``skipped``; its
/// ``close()`` (or a ``with`` block) stops the reading before the end.
#[pyfunction]
#[pyo3(signature = (source, format = None, encoding = None, *, strict = false, orientation = None))]
pub fn read(
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    encoding: Option<&str>,
    strict: bool,
    orientation: Option<&str>,
) -> PyResult<PyRecords> {
    let options = read_options(format, encoding, orientation)?;
    let src = Source::of(source)?;
    PyRecords::spawn(strict, move |tx, state| reader(src, options, tx, state))
}

impl PyRecords {
    /// The records `body` sends, read on a thread of its own (`body` stops by unwinding with
    /// [`Stopped`] when told to).
    fn spawn(
        strict: bool,
        body: impl FnOnce(SyncSender<Msg>, &ReaderState) + Send + 'static,
    ) -> PyResult<PyRecords> {
        let (tx, rx) = sync_channel(16);
        let state = Arc::new(ReaderState::default());
        let shared = Arc::clone(&state);
        let thread = std::thread::Builder::new()
            .name("renju_kit.read".into())
            .spawn(move || {
                let _finished = Finished(&shared);
                let run = std::panic::AssertUnwindSafe(|| body(tx, &shared));
                if let Err(payload) = std::panic::catch_unwind(run)
                    && !payload.is::<Stopped>()
                {
                    std::panic::resume_unwind(payload);
                }
            })
            .map_err(|e| PyOSError::new_err(format!("cannot start the reader thread: {e}")))?;
        Ok(PyRecords {
            rx: Mutex::new(Some(rx)),
            buffer: Mutex::new(VecDeque::new()),
            strict,
            done: false,
            skipped: Vec::new(),
            state,
            thread: Some(thread),
        })
    }

    /// Waits for the reader thread to end (the GIL released), once; a panic there is raised
    /// (`PanicException`, by the binding, as any panic).
    fn join(&mut self, py: Python<'_>) {
        if let Some(thread) = self.thread.take()
            && let Err(panic) = py.detach(|| thread.join())
        {
            std::panic::resume_unwind(panic);
        }
    }

    /// For `_panic_for_tests("reader")`: a reader thread that hands on one game and panics;
    /// every record taken, as a `for` loop takes them.
    pub(crate) fn panic_for_tests(py: Python<'_>) -> PyResult<()> {
        let mut records = PyRecords::spawn(false, |tx, _| {
            let game = PyGame::made(GameRecord::new(renju_core::RENJU_SIZE));
            let _ = tx.send(Msg::Games(vec![game]));
            panic!("renju_kit test panic (reader thread)");
        })?;
        loop {
            match records.__next__(py) {
                Ok(_) => {}
                Err(e) if e.is_instance_of::<PyStopIteration>(py) => return Ok(()),
                Err(e) => return Err(e),
            }
        }
    }
}

/// The report's list of records not written (or not whole): `(1-based record, reason)`.
type SkippedList = Vec<(usize, String)>;

/// The records of `games` that can be written, each with its 1-based place in `games`; the
/// report's skipped entries for the rest; and the records written without their unreadable
/// move (a salvaged record: the moves before it), each said as `corpus-tool filter` says it.
struct Writable {
    records: Vec<GameRecord>,
    places: Vec<usize>,
    skipped: SkippedList,
    truncated: SkippedList,
}

fn writable(games: &Bound<'_, PyAny>) -> PyResult<Writable> {
    let mut w = Writable {
        records: Vec::new(),
        places: Vec::new(),
        skipped: Vec::new(),
        truncated: Vec::new(),
    };
    for (i, g) in games.try_iter()?.enumerate() {
        let g = g?;
        let g = g
            .cast::<PyGame>()
            .map_err(|_| PyTypeError::new_err(format!("games[{i}] is not a Game")))?;
        let g = g.get();
        if g.broken.is_some() {
            w.skipped.push((
                i + 1,
                format!("unreadable: {}", g.error_text().unwrap_or_default()),
            ));
            continue;
        }
        if let Some(u) = &g.unreadable {
            w.truncated.push((
                i + 1,
                format!(
                    "{} record {}: move {} '{}' cannot be read, so it cannot be written; the \
                     record is written with the moves before it ({})",
                    g.file.as_deref().unwrap_or("<game>"),
                    g.index,
                    u.number,
                    u.text,
                    g.record.moves.len()
                ),
            ));
        }
        w.records.push(g.record.clone());
        w.places.push(i + 1);
    }
    Ok(w)
}

fn encode<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    format: Format,
    orientation: Option<&str>,
) -> PyResult<(Vec<u8>, Bound<'py, PyDict>)> {
    let Writable {
        records,
        places,
        mut skipped,
        mut truncated,
    } = writable(games)?;
    let orientation = match orientation {
        Some(o) => o.parse::<Orientation>().map_err(value_error)?,
        None => format.default_orientation(),
    };
    let (bytes, report) = py.detach(|| renju_notation::write(format, &records, orientation));
    // the writer numbers the records it was given: each is numbered by its place in `games`
    let not_written: std::collections::BTreeMap<usize, String> = report
        .skipped
        .iter()
        .map(|s| {
            let place = s.record.checked_sub(1).and_then(|i| places.get(i));
            (place.copied().unwrap_or(s.record), s.reason.clone())
        })
        .collect();
    // a record the writer skipped is listed there only
    truncated.retain(|(place, _)| !not_written.contains_key(place));
    skipped.extend(not_written);
    skipped.sort_by_key(|(place, _)| *place);
    let d = PyDict::new(py);
    d.set_item("format", format.name())?;
    d.set_item("written", report.written)?;
    d.set_item("dropped", report.dropped_summary())?;
    d.set_item("skipped", skipped)?;
    d.set_item("truncated", truncated)?;
    Ok((bytes, d))
}

/// Writes ``games`` (``Game`` objects) to ``path`` in ``format`` (default: from the
/// extension), atomically: the file is complete or not written at all (a pipe or a device is
/// written directly). Returns the report ``{"format", "written", "dropped": [(field,
/// count)], "skipped": [(record, reason)], "truncated": [(record, reason)]}`` (``record``:
/// the 1-based place of the game in ``games``): what the format could not hold is listed,
/// never lost silently. Unreadable records are skipped and listed; a record read with a move
/// that cannot be read (``unreadable_move``) is written with the moves before it, as
/// ``corpus-tool filter`` writes it, and listed under ``truncated``.
#[pyfunction]
#[pyo3(signature = (games, path, format = None, *, orientation = None))]
pub fn write<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    path: PathBuf,
    format: Option<&str>,
    orientation: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let format = match format {
        Some(f) => f.parse::<Format>().map_err(value_error)?,
        None => {
            let ext = path
                .extension()
                .and_then(|e| e.to_str())
                .unwrap_or_default();
            Format::from_extension(ext).ok_or_else(|| {
                value_error(format!(
                    "{}: no format given and the extension does not name one (format='sgf', ...)",
                    path.display()
                ))
            })?
        }
    };
    let (bytes, report) = encode(py, games, format, orientation)?;
    py.detach(|| corpus_tool::output::AtomicFile::write(&path, &bytes))
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    Ok(report)
}

/// ``games`` in ``format`` as bytes, with the report ``write`` returns.
#[pyfunction]
#[pyo3(signature = (games, format, *, orientation = None))]
pub fn to_bytes<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    format: &str,
    orientation: Option<&str>,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyDict>)> {
    let format = format.parse::<Format>().map_err(value_error)?;
    let (bytes, report) = encode(py, games, format, orientation)?;
    Ok((PyBytes::new(py, &bytes), report))
}
