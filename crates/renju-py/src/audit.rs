//! The archive audit from Python: `audit` (files, folders or games, as `corpus-tool validate`
//! audits them: the report as a `pyarrow.Table`, the `--json` summary as a dict) and
//! `audit_batch` (move strings, as the lines of a `.renju` file, the report as a
//! `pyarrow.RecordBatch`).
//!
//! Nothing of the audit is done here: the rows are corpus-tool's [`Row`]s (made by
//! `validate`'s own [`audit_entries`] for paths, and by its [`audit_record`] on the same
//! [`Engine`] for games), the summary is its [`Summary`] serialised as `--json` writes it.
//! This module only lays the rows out as Arrow columns ([`ReportColumns`]) and releases the
//! GIL around the run.

use crate::errors::value_error;
use crate::records::{AuditInput, PyGame, read_options};
use arrow_array::builder::{
    ArrayBuilder as _, BooleanBuilder, ListBuilder, StringBuilder, UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_pyarrow::{FromPyArrow, IntoPyArrow, Table, ToPyArrow};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use corpus_tool::engine::{Engine, Jobs, Stop};
use corpus_tool::validate::{
    Audited, CSV_HEADER, FileProblem, Options, Row, RunSettings, Summary, audit_entries,
    audit_record,
};
use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView, PyString};
use renju_analyzer::{ClaimPolicy, Settings};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// Rows per record batch of the table (its string columns stay far from Arrow's 2 GiB
/// offsets limit whatever the archive's size).
const BATCH_ROWS: usize = 1 << 16;

/// The report's Arrow schema: `CSV_HEADER`'s 12 columns, in order, typed (integers as
/// unsigned integers, `continues` as a boolean, `findings` as a list of kinds, `end_move` and
/// `opening` null where the CSV has an empty field).
pub fn report_schema() -> SchemaRef {
    static SCHEMA: OnceLock<SchemaRef> = OnceLock::new();
    SCHEMA
        .get_or_init(|| {
            let types = [
                DataType::Utf8,
                DataType::UInt64,
                DataType::Utf8,
                DataType::UInt64,
                DataType::Utf8,
                DataType::Utf8,
                DataType::UInt64,
                DataType::Boolean,
                DataType::Utf8,
                DataType::Utf8,
                DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
                DataType::Utf8,
            ];
            let nullable = |name: &str| matches!(name, "end_move" | "opening");
            Arc::new(Schema::new(
                CSV_HEADER
                    .iter()
                    .zip(types)
                    .map(|(name, t)| Field::new(*name, t, nullable(name)))
                    .collect::<Vec<_>>(),
            ))
        })
        .clone()
}

/// The report's columns being built, one [`Row`] at a time, cut into record batches of
/// [`BATCH_ROWS`]. The values are the CSV's: each column is the `Display` text (or number) of
/// the row's field that `validate --report` serialises.
pub struct ReportColumns {
    file: StringBuilder,
    index: UInt64Builder,
    id: StringBuilder,
    moves: UInt64Builder,
    declared: StringBuilder,
    end: StringBuilder,
    end_move: UInt64Builder,
    continues: BooleanBuilder,
    verdict: StringBuilder,
    detail: StringBuilder,
    findings: ListBuilder<StringBuilder>,
    opening: StringBuilder,
    rows: usize,
    batch_rows: usize,
    done: Vec<RecordBatch>,
    text: String,
}

impl Default for ReportColumns {
    fn default() -> Self {
        ReportColumns::cut_every(BATCH_ROWS)
    }
}

impl ReportColumns {
    /// Columns cut into a record batch every `rows` rows.
    fn cut_every(rows: usize) -> Self {
        ReportColumns {
            file: StringBuilder::new(),
            index: UInt64Builder::new(),
            id: StringBuilder::new(),
            moves: UInt64Builder::new(),
            declared: StringBuilder::new(),
            end: StringBuilder::new(),
            end_move: UInt64Builder::new(),
            continues: BooleanBuilder::new(),
            verdict: StringBuilder::new(),
            detail: StringBuilder::new(),
            findings: ListBuilder::new(StringBuilder::new()),
            opening: StringBuilder::new(),
            rows: 0,
            batch_rows: rows,
            done: Vec::new(),
            text: String::new(),
        }
    }
}

fn count(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

impl ReportColumns {
    /// Appends one row.
    pub fn push(&mut self, row: &Row) {
        use std::fmt::Write as _;
        self.file.append_value(&row.file);
        self.index.append_value(count(row.index));
        self.id.append_value(&row.id);
        self.moves.append_value(count(row.moves));
        // the names the `Display` of these three writes, without the formatting machinery
        self.declared.append_value(row.declared.name());
        self.end.append_value(row.end.name());
        self.end_move.append_option(row.end_move.map(count));
        self.continues.append_value(row.continues);
        self.verdict.append_value(row.verdict.name());
        self.detail.append_value(&row.detail);
        for k in &row.findings.0 {
            self.findings.values().append_value(k.name());
        }
        self.findings.append(true);
        match &row.opening {
            Some(o) => {
                self.text.clear();
                let _ = write!(self.text, "{o}");
                self.opening.append_value(&self.text);
            }
            None => self.opening.append_null(),
        }
        self.rows += 1;
        if self.rows == self.batch_rows {
            self.cut(true);
        }
    }

    /// Closes the batch being built; with `more` (rows to come), sizes the builders of the
    /// next batch like this one (a builder's buffers are handed to its batch; without room
    /// made, the next batch's would grow by doubling, copying what they hold each time).
    fn cut(&mut self, more: bool) {
        let rows = if more { self.rows } else { 0 };
        let text = |b: &StringBuilder| if more { b.values_slice().len() } else { 0 };
        let sized = |b: &StringBuilder| StringBuilder::with_capacity(rows, text(b));
        let next = [
            sized(&self.file),
            sized(&self.id),
            sized(&self.declared),
            sized(&self.end),
            sized(&self.verdict),
            sized(&self.detail),
            sized(&self.opening),
        ];
        let kinds = self.findings.values_ref();
        let next_findings = ListBuilder::with_capacity(
            StringBuilder::with_capacity(if more { kinds.len() } else { 0 }, text(kinds)),
            rows,
        );
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.file.finish()),
            Arc::new(self.index.finish()),
            Arc::new(self.id.finish()),
            Arc::new(self.moves.finish()),
            Arc::new(self.declared.finish()),
            Arc::new(self.end.finish()),
            Arc::new(self.end_move.finish()),
            Arc::new(self.continues.finish()),
            Arc::new(self.verdict.finish()),
            Arc::new(self.detail.finish()),
            Arc::new(self.findings.finish()),
            Arc::new(self.opening.finish()),
        ];
        // The columns are built to the schema, one value each a row: this cannot fail.
        let batch = RecordBatch::try_new(report_schema(), columns)
            .expect("the report's columns match its schema");
        self.done.push(batch);
        self.rows = 0;
        [
            self.file,
            self.id,
            self.declared,
            self.end,
            self.verdict,
            self.detail,
            self.opening,
        ] = next;
        self.findings = next_findings;
        self.index = UInt64Builder::with_capacity(rows);
        self.moves = UInt64Builder::with_capacity(rows);
        self.end_move = UInt64Builder::with_capacity(rows);
        self.continues = BooleanBuilder::with_capacity(rows);
    }

    /// The record batches (at least one, empty for no rows).
    pub fn finish(mut self) -> Vec<RecordBatch> {
        if self.rows > 0 || self.done.is_empty() {
            self.cut(false);
        }
        self.done
    }
}

/// How an audit judges and reads, and with how many jobs: `validate`'s options.
pub struct AuditSettings {
    /// `validate`'s options.
    pub options: Options,
    /// Worker threads.
    pub jobs: Jobs,
}

/// The ``missed_wins``, ``max_depth`` and ``threat_depth`` arguments of ``audit`` and
/// ``audit_batch``: ``validate``'s `--missed-wins[=vcf|vct] --max-depth N --threat-depth T`.
pub struct MissedWins {
    /// `False`/`None`, `True` or `"vcf"`, `"vct"`, as given.
    pub pass: Option<corpus_tool::validate::missed_args::MissedPass>,
    /// `--max-depth`: the VCF's fours (default 20), or with `"vct"` the VCT's attacker moves
    /// (default 5; the VCF pass keeps its 20).
    pub max_depth: Option<u32>,
    /// `--threat-depth` (`"vct"` only; default 1).
    pub threat_depth: Option<u32>,
}

impl MissedWins {
    /// Reads ``missed_wins`` (a bool, ``None``, ``"vcf"`` or ``"vct"``) and the limits.
    pub fn read(
        missed_wins: Option<&Bound<'_, PyAny>>,
        max_depth: Option<u32>,
        threat_depth: Option<u32>,
    ) -> PyResult<MissedWins> {
        use corpus_tool::validate::missed_args::MissedPass;
        let pass = match missed_wins {
            None => None,
            Some(v) if v.is_none() => None,
            Some(v) if v.is_instance_of::<pyo3::types::PyBool>() => {
                v.extract::<bool>()?.then_some(MissedPass::Vcf)
            }
            Some(v) => match v.extract::<String>().ok().as_deref() {
                Some("vcf") => Some(MissedPass::Vcf),
                Some("vct") => Some(MissedPass::Vct),
                _ => {
                    return Err(value_error(format!(
                        "missed_wins={}: expected False, True, \"vcf\" or \"vct\"",
                        v.repr()?
                    )));
                }
            },
        };
        if pass.is_none() && (max_depth.is_some() || threat_depth.is_some()) {
            let what = if max_depth.is_some() {
                "max_depth"
            } else {
                "threat_depth"
            };
            return Err(value_error(format!(
                "{what}: a limit of the missed-wins scan, which needs missed_wins"
            )));
        }
        Ok(MissedWins {
            pass,
            max_depth,
            threat_depth,
        })
    }

    /// The scan's limits, as `validate` reads its options (one reading of them).
    fn limits(&self) -> PyResult<Option<renju_analyzer::missed::ScanLimits>> {
        corpus_tool::validate::missed_args::MissedWinsArgs {
            missed_wins: self.pass,
            max_depth: self.max_depth,
            threat_depth: self.threat_depth,
        }
        .limits()
        .map_err(|(option, why)| {
            let name = option.trim_start_matches("--").replace('-', "_");
            value_error(format!("{name}: {why}"))
        })
    }
}

impl AuditSettings {
    /// Reads the keyword arguments of `audit` and `audit_batch` into `validate`'s options, with
    /// the Rust types' own error messages (`ValueError`).
    #[allow(clippy::too_many_arguments)]
    pub fn read(
        rules: &str,
        convention: &str,
        claim: &str,
        jobs: Option<usize>,
        sample: usize,
        missed: MissedWins,
        read: corpus_tool::validate::ReadOptions,
    ) -> PyResult<AuditSettings> {
        let rules = crate::args::rules(rules)?;
        let convention = crate::args::convention(convention)?;
        let claim = claim.parse::<ClaimPolicy>().map_err(value_error)?;
        let jobs = match jobs {
            None => Jobs::all_cores(),
            Some(n) => Jobs::new(n).ok_or_else(|| {
                value_error(format!("jobs={n}: at least 1 worker thread is needed"))
            })?,
        };
        Ok(AuditSettings {
            options: Options {
                settings: Settings::new(rules, convention, claim),
                format: read.format,
                orientation: read.orientation,
                sample,
                missed_wins: missed.limits()?,
                encoding: read.encoding,
            },
            jobs,
        })
    }
}

/// Python's signals, watched from the thread that runs an audit (with the GIL released): every
/// so often it takes the GIL for a moment and runs Python's signal handlers; an exception
/// (`KeyboardInterrupt` on Ctrl-C) stops the engine ([`Stop`]) and is raised when the audit
/// returns, instead of its partial answer.
struct Signals {
    stop: Stop,
    raised: Option<PyErr>,
    since: usize,
}

impl Signals {
    /// How many records between two looks.
    const EVERY: usize = 1024;

    fn new() -> Signals {
        Signals {
            stop: Stop::new(),
            raised: None,
            since: 0,
        }
    }

    /// The engine of an audit with `jobs` workers, stopped by this watcher.
    fn engine(&self, jobs: Jobs) -> Engine {
        Engine::new(jobs).stop_on(self.stop.clone())
    }

    /// Looks (the GIL taken for a moment).
    fn look(&mut self) {
        if self.raised.is_none()
            && let Err(e) = Python::attach(|py| py.check_signals())
        {
            self.raised = Some(e);
            // 2 (SIGINT): what the run's summary names
            self.stop.request(2);
        }
    }

    /// Looks once every [`Signals::EVERY`] records.
    fn tick(&mut self) {
        self.since += 1;
        if self.since >= Self::EVERY {
            self.since = 0;
            self.look();
        }
    }

    /// The exception raised while the audit ran, if any.
    fn into_result<T>(self, value: T) -> PyResult<T> {
        match self.raised {
            Some(e) => Err(e),
            None => Ok(value),
        }
    }
}

/// What `audit` was given.
enum AuditSource {
    /// Files and folders, audited as `validate` audits them.
    Paths(Vec<PathBuf>),
    /// Games (from `read`, or made in Python), in order.
    Games(Vec<AuditInput>),
}

impl AuditSource {
    fn of(source: &Bound<'_, PyAny>) -> PyResult<AuditSource> {
        if source.cast::<PyString>().is_ok() || source.hasattr("__fspath__")? {
            return Ok(AuditSource::Paths(vec![source.extract::<PathBuf>()?]));
        }
        let bytes_like = source.cast::<PyBytes>().is_ok()
            || source.cast::<PyByteArray>().is_ok()
            || source.cast::<PyMemoryView>().is_ok();
        if bytes_like || source.hasattr("__arrow_c_array__")? {
            return Err(PyTypeError::new_err(
                "audit() takes paths or games; for move strings use audit_batch(), for a file's bytes audit(read(data))",
            ));
        }
        let mut paths = Vec::new();
        let mut games = Vec::new();
        for (i, item) in source.try_iter()?.enumerate() {
            let item = item?;
            if let Ok(g) = item.cast::<PyGame>() {
                games.push(g.get().audit_input());
            } else if let Ok(p) = item.extract::<PathBuf>() {
                paths.push(p);
            } else {
                return Err(PyTypeError::new_err(format!(
                    "audit(): item {i} is a {}, not a path or a Game",
                    item.get_type().name()?
                )));
            }
            if !paths.is_empty() && !games.is_empty() {
                return Err(PyTypeError::new_err(format!(
                    "audit(): item {i} mixes games and paths; give one or the other"
                )));
            }
        }
        Ok(if games.is_empty() {
            AuditSource::Paths(paths)
        } else {
            AuditSource::Games(games)
        })
    }
}

/// An audit's answer before it meets Python.
struct Done {
    batches: Vec<RecordBatch>,
    summary: Summary,
}

/// Audits the files under `paths`: `validate`'s own run ([`audit_entries`]), the rows laid
/// out as Arrow columns as they come.
fn audit_paths(
    paths: &[PathBuf],
    settings: &AuditSettings,
    signals: &mut Signals,
) -> Result<Done, FileProblem> {
    for p in paths {
        if p.as_os_str() != "-" {
            std::fs::metadata(p)
                .map_err(|e| FileProblem::unreadable(p.display().to_string(), e.to_string()))?;
        }
    }
    let entries = corpus_tool::input::walk_paths(paths)?;
    let engine = signals.engine(settings.jobs);
    let mut columns = ReportColumns::default();
    let summary = audit_entries(
        entries,
        &settings.options,
        &engine,
        &|_, _| (),
        &mut |a: Audited<'_, ()>| columns.push(a.row),
        &mut |_| signals.look(),
    );
    Ok(Done {
        batches: columns.finish(),
        summary,
    })
}

/// Audits games on the engine: each as `validate` audits a record ([`audit_record`]), the
/// rows in input order; a game made in Python is named `<game>` and numbered by its place in
/// the input. The summary counts the rows, the files the games came from, and the file
/// problems `read` handed on.
fn audit_games(
    games: Vec<AuditInput>,
    settings: &AuditSettings,
    mut columns: ReportColumns,
    signals: &mut Signals,
) -> Done {
    let start = std::time::Instant::now();
    let engine = signals.engine(settings.jobs);
    let options = &settings.options;
    let mut summary = Summary {
        settings: RunSettings::of(options),
        jobs: engine.jobs().get(),
        ..Summary::default()
    };
    let mut files = BTreeSet::new();
    let mut position = 0usize;
    let ran = engine.run(
        |feed| {
            for g in games {
                if feed.push(g).is_err() {
                    break;
                }
            }
        },
        |g: AuditInput| -> Result<(Row, Option<renju_analyzer::GameAudit>), FileProblem> {
            match g {
                AuditInput::Problem(p) => Err(p),
                AuditInput::Record { file, index, read } => {
                    let name = file.as_deref().unwrap_or("<game>");
                    Ok(match read {
                        Ok(read) => {
                            let (mut row, _, audit) = audit_record(name, read, options);
                            row.index = index;
                            (row, Some(audit))
                        }
                        Err(why) => (Row::unreadable(name, index, why), None),
                    })
                }
            }
        },
        |done| match done {
            Err(p) => {
                signals.tick();
                summary.file_problems.push(p);
            }
            Ok((mut row, audit)) => {
                position += 1;
                if row.index == 0 {
                    row.index = position;
                } else {
                    files.insert(row.file.clone());
                }
                summary.add(&row, audit.as_ref());
                columns.push(&row);
                signals.tick();
            }
        },
    );
    debug_assert_eq!(
        ran.items,
        count(summary.records + summary.file_problems.len())
    );
    summary.files = files.len();
    summary.check();
    summary.seconds = start.elapsed().as_secs_f64();
    Done {
        batches: columns.finish(),
        summary,
    }
}

/// The audit of files, folders or games: ``.table`` (the report, a ``pyarrow.Table``),
/// ``.summary`` (the ``--json`` summary as a dict), ``.status`` (the command's exit status)
/// and ``str()`` (the summary as the command prints it).
#[pyclass(name = "Audit", module = "renju_kit", frozen)]
pub struct PyAudit {
    table: Py<PyAny>,
    summary: Py<PyAny>,
    text: String,
    status: u8,
    records: usize,
    findings: usize,
}

#[pymethods]
impl PyAudit {
    /// The report: one row per record, ``corpus-tool validate --report``'s 12 columns
    /// (``file, index, id, moves, declared, end, end_move, continues, verdict, detail,
    /// findings, opening``) with its values; ``index``, ``moves`` and ``end_move`` are
    /// integers, ``continues`` a boolean, ``findings`` a list of kinds, ``end_move`` and
    /// ``opening`` null where the CSV field is empty. ``.to_pandas()`` for a DataFrame.
    #[getter]
    fn table(&self, py: Python<'_>) -> Py<PyAny> {
        self.table.clone_ref(py)
    }

    /// The summary, equal to what ``corpus-tool validate --json`` writes (the counts, the
    /// findings with examples, the file problems, the settings, ``seconds`` and ``jobs``).
    #[getter]
    fn summary(&self, py: Python<'_>) -> Py<PyAny> {
        self.summary.clone_ref(py)
    }

    /// The exit status the command would end with: 0 every record ok, 1 findings (or a file
    /// holding no record), 2 a file that could not be read.
    #[getter]
    fn status(&self) -> u8 {
        self.status
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Audit: {}, {}, status {}>",
            corpus_tool::style::count(self.records, "record", "records"),
            corpus_tool::style::count(self.findings, "finding", "findings"),
            self.status
        )
    }
}

fn answer(py: Python<'_>, done: Done) -> PyResult<PyAudit> {
    let json = serde_json::to_string(&done.summary)
        .map_err(|e| value_error(format!("the summary cannot be written as JSON: {e}")))?;
    let summary = py.import("json")?.call_method1("loads", (json,))?;
    let table = Table::try_new(done.batches, report_schema())
        .map_err(|e| value_error(e.to_string()))?
        .into_pyarrow(py)?;
    Ok(PyAudit {
        table: table.unbind(),
        summary: summary.unbind(),
        text: done.summary.to_string(),
        status: done.summary.status(),
        records: done.summary.records,
        findings: done.summary.finding_total(),
    })
}

/// Audits game records as ``corpus-tool validate`` does, and returns an ``Audit``: the
/// report as ``.table`` (a ``pyarrow.Table``: the CSV report's 12 columns and values) and
/// the ``--json`` summary as ``.summary`` (a dict).
///
/// ``source``: a path or a list of paths (files, and folders walked as ``validate`` walks
/// them), or games (``Game`` objects, such as ``read()`` gives: a game that could not be read
/// is an ``unreadable`` row, a file ``read`` could not read is a file problem of the
/// summary; a game made in Python is named ``<game>`` and numbered by its place in the
/// input). ``rules`` (``renju``, ``freestyle``, ``standard``), ``convention`` (``lenient``,
/// ``strict``), ``claim`` (``claim``, ``foul-loses``, ``refuse``), ``jobs`` (worker threads;
/// default: every core, as the command), and as the command's options: ``format``,
/// ``encoding``, ``orientation``, ``sample`` (every N-th record of each file; paths only),
/// ``missed_wins`` (``False``; ``True`` or ``"vcf"``: `--missed-wins`, the VCF scan of every
/// position; ``"vct"``: `--missed-wins=vct`, VCTs too where there is no VCF), ``max_depth``
/// (`--max-depth`: the VCF's fours, default 20; with ``"vct"`` the VCT's attacker moves,
/// default 5, the VCF pass keeping its 20) and ``threat_depth`` (`--threat-depth`, ``"vct"``
/// only, default 1). A limit without ``missed_wins``, or out of range, raises ``ValueError``.
///
/// A file that cannot be read is a file problem in the summary and the audit goes on; a path
/// given that does not exist raises ``OSError``. The GIL is released while the audit runs;
/// Ctrl-C (``KeyboardInterrupt``, or any exception a signal handler raises) stops it and is
/// raised. Needs pyarrow.
#[pyfunction]
#[pyo3(
    signature = (source, rules = "renju", convention = "lenient", claim = "claim", jobs = None, *, format = None, encoding = None, orientation = None, sample = None, missed_wins = None, max_depth = None, threat_depth = None),
    text_signature = "(source, rules='renju', convention='lenient', claim='claim', jobs=None, *, format=None, encoding=None, orientation=None, sample=1, missed_wins=False, max_depth=None, threat_depth=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn audit(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    rules: &str,
    convention: &str,
    claim: &str,
    jobs: Option<&Bound<'_, PyAny>>,
    format: Option<&str>,
    encoding: Option<&str>,
    orientation: Option<&str>,
    sample: Option<&Bound<'_, PyAny>>,
    missed_wins: Option<&Bound<'_, PyAny>>,
    max_depth: Option<&Bound<'_, PyAny>>,
    threat_depth: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyAudit> {
    let read = read_options(format, encoding, orientation)?;
    let sample = crate::args::whole(sample, "sample")?.unwrap_or(1);
    let settings = AuditSettings::read(
        rules,
        convention,
        claim,
        crate::args::whole(jobs, "jobs")?,
        sample,
        MissedWins::read(
            missed_wins,
            crate::args::whole(max_depth, "max_depth")?,
            crate::args::whole(threat_depth, "threat_depth")?,
        )?,
        read,
    )?;
    py.import("pyarrow")?;
    let mut signals = Signals::new();
    let done = match AuditSource::of(source)? {
        AuditSource::Paths(paths) => py
            .detach(|| audit_paths(&paths, &settings, &mut signals))
            .map_err(|p| PyOSError::new_err(format!("cannot read {}: {}", p.file, p.reason)))?,
        AuditSource::Games(games) => {
            if sample > 1 {
                return Err(value_error(
                    "sample: every N-th record of each file is for paths; select the games in Python",
                ));
            }
            py.detach(|| audit_games(games, &settings, ReportColumns::default(), &mut signals))
        }
    };
    let done = signals.into_result(done)?;
    answer(py, done)
}

/// Reads one column of strings (a pyarrow string array or a list of ``str``), nulls as
/// `None`.
fn strings(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Option<String>>> {
    if obj.hasattr("__arrow_c_array__")? {
        use arrow_array::Array;
        use arrow_array::cast::AsArray;
        let data = arrow_data::ArrayData::from_pyarrow_bound(obj)?;
        let a = arrow_array::make_array(data);
        let get = |i: usize| -> Option<String> {
            if a.is_null(i) {
                return None;
            }
            Some(match a.data_type() {
                DataType::Utf8 => a.as_string::<i32>().value(i).to_string(),
                DataType::LargeUtf8 => a.as_string::<i64>().value(i).to_string(),
                _ => a.as_string_view().value(i).to_string(),
            })
        };
        return match a.data_type() {
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {
                Ok((0..a.len()).map(get).collect())
            }
            other => Err(PyTypeError::new_err(format!(
                "an Arrow array of {what} holds strings, not {other}"
            ))),
        };
    }
    if obj.cast::<PyString>().is_ok() {
        return Err(PyTypeError::new_err(format!(
            "{what} are a sequence (a list of str, or a pyarrow string array), not one str"
        )));
    }
    let list = obj.try_iter()?;
    let mut out = Vec::new();
    for (i, item) in list.enumerate() {
        let item = item?;
        if i % 4096 == 4095 {
            item.py().check_signals()?;
        }
        if item.is_none() {
            out.push(None);
        } else {
            let text = match item.cast::<PyString>() {
                Ok(s) => s.to_cow()?.into_owned(),
                Err(_) => {
                    return Err(PyTypeError::new_err(format!(
                        "{what}[{i}]: a str, not {}",
                        item.get_type().name()?
                    )));
                }
            };
            out.push(Some(text));
        }
    }
    Ok(out)
}

/// The `.renju` text of a batch: line `i + 1` is `<declared> <moves>`, so that the records
/// are read by the `.renju` reader, record `i + 1` at line `i + 1`.
fn renju_text(moves: &[Option<String>], declared: &[Option<String>]) -> PyResult<Vec<u8>> {
    let mut text = Vec::with_capacity(
        moves
            .iter()
            .map(|m| m.as_ref().map_or(0, String::len) + 9)
            .sum(),
    );
    for (i, m) in moves.iter().enumerate() {
        let m = m.as_deref().ok_or_else(|| {
            value_error(format!("moves[{i}] is null: a game with no moves is ''"))
        })?;
        let d = match declared.get(i) {
            Some(Some(d)) => d.as_str(),
            Some(None) | None => "unknown",
        };
        let word = d
            .parse::<renju_notation::DeclaredResult>()
            .map_err(|e| value_error(format!("declared[{i}]: {e}")))?;
        if m.contains(['\n', '\r']) {
            return Err(value_error(format!(
                "moves[{i}] holds a line break: one game a string"
            )));
        }
        text.extend_from_slice(word.name().as_bytes());
        text.push(b' ');
        text.extend_from_slice(m.as_bytes());
        text.push(b'\n');
    }
    Ok(text)
}

/// Audits many games given as move strings at once, and returns the report's columns as a
/// ``pyarrow.RecordBatch`` (the 12 columns of ``Audit.table``, one row per game, in order).
///
/// ``moves``: a pyarrow string array or a list of ``str``, one game each in the ``.renju``
/// spelling (``"h8 h9 i10"``, ``--`` a pass; no result word). ``declared``: the declared
/// results (``black``, ``white``, ``draw``, ``unknown``; null or absent: ``unknown``), as
/// many as ``moves``. Each game is read as line ``i + 1`` of a ``.renju`` file named
/// ``source`` would be (``index`` is ``i + 1``; a move that cannot be read keeps the moves
/// before it and is judged illegal there, as the command does) and audited with the settings
/// of ``audit``; a string full of control characters, which the reader takes for binary data,
/// is an ``unreadable`` row of its own. A null in ``moves``, or a line break in one, raises
/// ``ValueError``. The GIL
/// is released and the engine's ``jobs`` threads share the work.
#[pyfunction]
#[pyo3(
    signature = (moves, declared = None, *, source = "<batch>", rules = "renju", convention = "lenient", claim = "claim", jobs = None, missed_wins = None, max_depth = None, threat_depth = None),
    text_signature = "(moves, declared=None, *, source='<batch>', rules='renju', convention='lenient', claim='claim', jobs=None, missed_wins=False, max_depth=None, threat_depth=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn audit_batch<'py>(
    py: Python<'py>,
    moves: &Bound<'py, PyAny>,
    declared: Option<&Bound<'py, PyAny>>,
    source: &str,
    rules: &str,
    convention: &str,
    claim: &str,
    jobs: Option<&Bound<'py, PyAny>>,
    missed_wins: Option<&Bound<'py, PyAny>>,
    max_depth: Option<&Bound<'py, PyAny>>,
    threat_depth: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    // the text is made here, in UTF-8: never told from its bytes (a move string holding NUL
    // characters made the batch look like UTF-16)
    let read = corpus_tool::validate::ReadOptions {
        format: Some(renju_notation::Format::Renju),
        encoding: renju_notation::encoding::Encoding::for_label(b"utf-8"),
        ..Default::default()
    };
    let settings = AuditSettings::read(
        rules,
        convention,
        claim,
        crate::args::whole(jobs, "jobs")?,
        1,
        MissedWins::read(
            missed_wins,
            crate::args::whole(max_depth, "max_depth")?,
            crate::args::whole(threat_depth, "threat_depth")?,
        )?,
        read,
    )?;
    let moves = strings(moves, "moves")?;
    let declared = match declared {
        Some(d) => {
            let d = strings(d, "declared")?;
            if d.len() != moves.len() {
                return Err(value_error(format!(
                    "{} declared results for {} games",
                    d.len(),
                    moves.len()
                )));
            }
            d
        }
        None => Vec::new(),
    };
    let text = renju_text(&moves, &declared)?;
    drop(moves);
    let mut signals = Signals::new();
    let done = py.detach(|| {
        let mut games = Vec::new();
        let push = |games: &mut Vec<AuditInput>, index, item: corpus_tool::validate::RecordItem| {
            games.push(AuditInput::Record {
                file: Some(source.to_string()),
                index,
                read: item.into_read().map_err(|e| e.to_string()),
            });
        };
        let whole = corpus_tool::validate::each_record_in_bytes(
            source,
            true,
            &text,
            read,
            &mut |index, item| {
                push(&mut games, index, item);
                signals.tick();
            },
        );
        if whole.is_err() {
            // The batch as a whole was refused (its head taken for binary data: move strings
            // full of control characters): each game is read alone, and one refused on its
            // own is an unreadable row; the others are audited.
            games.clear();
            for (i, line) in text.split_inclusive(|b| *b == b'\n').enumerate() {
                let index = i + 1;
                let alone = corpus_tool::validate::each_record_in_bytes(
                    source,
                    true,
                    line,
                    read,
                    &mut |_, item| push(&mut games, index, item),
                );
                if let Err(p) = alone {
                    games.push(AuditInput::Record {
                        file: Some(source.to_string()),
                        index,
                        read: Err(format!("{}: record {index}: {}", p.file, p.reason)),
                    });
                }
                signals.tick();
            }
        }
        if signals.raised.is_some() {
            games.clear();
        }
        audit_games(
            games,
            &settings,
            ReportColumns::cut_every(usize::MAX),
            &mut signals,
        )
    });
    let done = signals.into_result(done)?;
    match <[RecordBatch; 1]>::try_from(done.batches) {
        Ok([batch]) => batch.to_pyarrow(py),
        Err(_) => unreachable!("audit_batch builds one record batch"),
    }
}

/// The files ``corpus-tool validate`` opens under ``paths`` (files as given, folders walked:
/// links followed, hidden entries left out), in its order, named as its report names them (a
/// name that is not UTF-8 as ``os.fsdecode`` gives it, which opens again).
/// What ``renju_kit.spark.audit`` spreads over its tasks. A file in no record format (a
/// README) is listed too: ``validate`` of the folder skips it, ``audit`` of the file names
/// it as a file problem; neither makes a row of it. A path given that does not exist raises
/// ``OSError``; an entry of a folder that cannot be examined is left out (``audit`` of the
/// folder lists it as a file problem).
#[pyfunction]
pub fn files(py: Python<'_>, paths: &Bound<'_, PyAny>) -> PyResult<Vec<std::ffi::OsString>> {
    let paths: Vec<PathBuf> = match AuditSource::of(paths)? {
        AuditSource::Paths(p) => p,
        AuditSource::Games(_) => {
            return Err(PyTypeError::new_err("files() takes paths, not games"));
        }
    };
    py.detach(|| -> Result<Vec<std::ffi::OsString>, String> {
        for p in &paths {
            std::fs::metadata(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
        }
        let walk = corpus_tool::input::walk_paths(&paths)
            .map_err(|p| format!("cannot read {}: {}", p.file, p.reason))?;
        Ok(walk
            .filter_map(|e| match e {
                // the path itself (a `str` by `os.fsdecode`), not its display: a name that
                // is not UTF-8 opens again
                corpus_tool::input::Entry::File(f) => Some(f.path.into_os_string()),
                _ => None,
            })
            .collect())
    })
    .map_err(PyOSError::new_err)
}
