"""The archive audit on Apache Spark: ``renju_kit.spark.audit(spark, paths, **settings)``.

The files under ``paths`` (listed on the driver as ``corpus-tool validate`` walks them:
``renju_kit.files``) are spread over Spark tasks, ``files_per_task`` files a task; each task
audits its files with ``renju_kit.audit`` (the same engine, reader and rows as the command)
and hands its report rows on as Arrow record batches (``DataFrame.mapInArrow``). The answer
is a DataFrame with the report's 12 columns; ``.write.parquet(out)`` writes it.
``renju_kit.spark.write_report(spark, paths, out)`` audits the same way and writes the report
from the tasks themselves (pyarrow's Parquet writer, one part a task), which spares the JVM
turning every row into its own; ``spark.read.parquet(out)`` reads the same rows back.

Nothing is lost and no file fails the job: a record that cannot be read is an
``unreadable`` row, a file that cannot be read (or holds no record) is a file problem, as in
the command (no row in the report; in ``--json``'s ``file_problems``). File problems reach the
driver through ``problems=FileProblems(spark)`` (a Spark accumulator: after the action,
``.value`` is the list of ``{"file", "reason", "kind"}`` that ``validate --json`` gives) and
are printed on the task's standard error too (``renju_kit.spark: FILE: REASON``, in the
executor's log). A path that an executor cannot find at all fails its task: the cluster does
not see the data.

Memory: a task holds one file's report at a time (``renju_kit.audit`` of that file) and hands
it to the JVM in Arrow batches of at most ``spark.sql.execution.arrow.maxRecordsPerBatch`` rows
(10,000 by default).

Spark has no unsigned integers: ``index``, ``moves`` and ``end_move`` are ``long`` here
(``uint64`` in ``renju_kit.audit(...).table``); the values are the same.

>>> from pyspark.sql import SparkSession                     # doctest: +SKIP
>>> spark = SparkSession.builder.master("local[2]").getOrCreate()  # doctest: +SKIP
>>> problems = renju_kit.spark.FileProblems(spark)                 # doctest: +SKIP
>>> renju_kit.spark.audit(spark, ["games/"], problems=problems).write.parquet("report.parquet")  # doctest: +SKIP
>>> problems.value                                                 # doctest: +SKIP
[{'file': 'games/empty.renju', 'reason': 'no record in this file (read as renju)', 'kind': 'no-records'}]
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Dict, FrozenSet, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

import renju_kit

# pyarrow and pyspark are imported where they are used, not here: `import renju_kit.spark`
# works without them, and the type checkers of users without them see `Any`.
RecordBatch = Any
"""A ``pyarrow.RecordBatch``."""

__all__ = [
    "ARROW_JAVA_OPTIONS",
    "REPORT_DDL",
    "FileProblems",
    "Written",
    "audit",
    "audit_files",
    "local_session",
    "report_schema",
    "write_report",
]

REPORT_DDL = (
    "file string, index long, id string, moves long, declared string, end string, "
    "end_move long, continues boolean, verdict string, detail string, "
    "findings array<string>, opening string"
)
"""The report's 12 columns as a Spark DDL schema (the CSV report's columns, in order)."""

PathLike = Union[str, "os.PathLike[str]"]

ARROW_JAVA_OPTIONS = "-Darrow.enable_unsafe_memory_access=true"
"""The JVM option ``local_session`` starts Spark with (``spark.driver.extraJavaOptions``; on a
cluster, give it as ``spark.executor.extraJavaOptions``): Arrow's Java library reads the
report's batches without checking the bounds of each value (about a twentieth of the JVM's
samples in a profile of the job went to those checks). Arrow's switch for data from a trusted
writer: the batches are this module's own, made whole by pyarrow."""


def report_schema() -> Any:
    """The Arrow schema of the rows a task yields: ``Audit.table``'s, unsigned integers as
    ``int64`` (Spark's ``long``)."""
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    return pa.schema(
        [
            pa.field("file", pa.string(), False),
            pa.field("index", pa.int64(), False),
            pa.field("id", pa.string(), False),
            pa.field("moves", pa.int64(), False),
            pa.field("declared", pa.string(), False),
            pa.field("end", pa.string(), False),
            pa.field("end_move", pa.int64(), True),
            pa.field("continues", pa.bool_(), False),
            pa.field("verdict", pa.string(), False),
            pa.field("detail", pa.string(), False),
            pa.field("findings", pa.list_(pa.field("item", pa.string(), True)), False),
            pa.field("opening", pa.string(), True),
        ]
    )


Problem = Tuple[str, str, str]
"""A file problem as the accumulator holds it: ``(file, reason, kind)``."""


class _ProblemSet:
    """Sets of problems, merged by union: a task run twice (a retry, a recomputed DataFrame)
    adds the same problems again, and the union keeps each once. (A Spark
    ``AccumulatorParam``: Spark calls ``zero`` and ``addInPlace``, the base class is not
    needed.)"""

    def zero(self, value: FrozenSet[Problem]) -> FrozenSet[Problem]:
        return frozenset()

    def addInPlace(self, a: FrozenSet[Problem], b: FrozenSet[Problem]) -> FrozenSet[Problem]:
        return frozenset(a) | frozenset(b)


class FileProblems:
    """The file problems of ``audit(..., problems=this)``, gathered on the driver (a Spark
    accumulator of the session's context). Read ``.value`` after an action on the DataFrame
    (before it, it is empty); one ``FileProblems`` may gather the problems of several audits."""

    def __init__(self, spark: Any) -> None:
        self._acc = spark.sparkContext.accumulator(frozenset(), _ProblemSet())

    @property
    def value(self) -> List[Dict[str, str]]:
        """The problems, sorted by file then reason: dicts with ``file``, ``reason`` and
        ``kind``, as in ``renju_kit.audit(...).summary["file_problems"]`` and ``corpus-tool
        validate --json``."""
        return [{"file": f, "reason": r, "kind": k} for f, r, k in sorted(self._acc.value)]

    def _add(self, problems: Sequence[Dict[str, Any]]) -> None:
        if problems:
            self._acc.add(frozenset((p["file"], p["reason"], p["kind"]) for p in problems))


def _file_table(path: str, settings: Dict[str, Any], problems: Optional[Callable[[List[Dict[str, Any]]], None]]) -> Any:
    """The report rows of one file (``renju_kit.audit(path, **settings)``) as a ``pyarrow.Table``
    of ``report_schema()``; its problems printed on standard error and handed to ``problems``."""
    a = renju_kit.audit(path, **settings)
    found = a.summary["file_problems"]
    for p in found:
        print(f"renju_kit.spark: {p['file']}: {p['reason']}", file=sys.stderr)
    if problems is not None and found:
        problems(found)
    return a.table.cast(report_schema())


def audit_files(
    paths: Sequence[str],
    settings: Dict[str, Any],
    batch_rows: int = 10_000,
    problems: Optional[Callable[[List[Dict[str, Any]]], None]] = None,
) -> Iterator[RecordBatch]:
    """The report rows of ``paths`` audited one file after the other with ``renju_kit.audit``
    (``settings`` its keyword arguments), as record batches of ``report_schema()`` of at most
    ``batch_rows`` rows; each file's problems are printed on standard error and handed to
    ``problems`` (when given). What each Spark task runs (usable without Spark: Dask, Ray, a
    process pool)."""
    for path in paths:
        yield from _file_table(path, settings, problems).to_batches(max_chunksize=batch_rows)


def local_session(
    workers: int = 2,
    *,
    app_name: str = "renju-kit",
    conf: Optional[Dict[str, str]] = None,
) -> Any:
    """A ``SparkSession`` in local mode for trying the audit on one machine: ``workers`` task
    slots (``local[N]``), on the loopback interface only, the Python workers running this
    interpreter (where ``renju_kit`` is installed), no web UI or console progress bar, log
    level ``ERROR``, the JVM started with ``ARROW_JAVA_OPTIONS`` (unless ``conf`` sets
    ``spark.driver.extraJavaOptions``); ``conf``: more Spark settings (``spark.driver.memory``,
    ``spark.executor.pyspark.memory``, ...). What the tests and the benchmark run on. On a
    cluster, make the session as the cluster wants instead (``spark-submit``, see
    docs/python.md).

    Sets ``SPARK_LOCAL_IP`` and ``PYSPARK_PYTHON`` in this process's environment (where
    Spark's launcher reads them) when they are not set.

    >>> spark = renju_kit.spark.local_session(conf={"spark.driver.memory": "1g"})  # doctest: +SKIP
    """
    if workers < 1:
        raise ValueError(f"workers={workers}: at least 1")
    from pyspark.sql import SparkSession  # type: ignore[import-not-found,unused-ignore]

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = (
        SparkSession.builder.master(f"local[{workers}]")
        .appName(app_name)
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.pyspark.python", sys.executable)
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
    )
    settings = dict(conf or {})
    # Arrow's Java library checks the bounds of every value it reads from a batch unless told
    # not to; the batches here are the Python workers' own, whole by construction
    settings.setdefault("spark.driver.extraJavaOptions", ARROW_JAVA_OPTIONS)
    for key, value in settings.items():
        builder = builder.config(key, value)
    session = builder.getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    return session


def _tasks(
    spark: Any,
    paths: Union[PathLike, Sequence[PathLike]],
    files_per_task: int,
    jobs: Optional[int],
    settings: Dict[str, Any],
) -> Tuple[Any, Dict[str, Any]]:
    """The DataFrame of the files to audit, ``files_per_task`` a partition (a task), and the
    keyword arguments of each file's ``renju_kit.audit``, checked on the driver."""
    if files_per_task < 1:
        raise ValueError(f"files_per_task={files_per_task}: at least 1")
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    files = renju_kit.files([os.fspath(p) for p in paths])
    if jobs is None:
        jobs = int(spark.conf.get("spark.task.cpus", "1") or "1")
    options = dict(settings, jobs=jobs)
    # validate the settings on the driver, before any task starts
    renju_kit.audit([], **options)
    # parallelize cuts the list into equal slices, in order: one partition (a task) per
    # `files_per_task` files
    tasks = spark.createDataFrame(
        spark.sparkContext.parallelize([(f,) for f in files], numSlices=max(1, -(-len(files) // files_per_task))),
        "path string",
    )
    return tasks, options


def _paths_of(batches: Iterator[RecordBatch]) -> List[str]:
    """The file paths a task was given: the ``path`` column of its batches of ``_tasks``."""
    return [p for b in batches for p in b.column("path").to_pylist()]


def audit(
    spark: Any,
    paths: Union[PathLike, Sequence[PathLike]],
    *,
    files_per_task: int = 1,
    jobs: Optional[int] = None,
    problems: Optional[FileProblems] = None,
    **settings: Any,
) -> Any:
    """Audits every file under ``paths`` on Spark (``spark``: a ``SparkSession``); a
    ``pyspark.sql.DataFrame`` of the report's 12 columns
    (``REPORT_DDL``), the rows of ``corpus-tool validate --report`` for the same files.

    ``paths``: files and folders that every executor can read at the same path (a shared or
    network file system). ``files_per_task``: how many files each task audits (the files are
    listed on the driver with ``renju_kit.files``). ``jobs``: the worker threads of each
    task's audit (default ``spark.task.cpus``, 1 unless configured). ``settings``: the other
    keyword arguments of ``renju_kit.audit`` (``rules``, ``convention``, ``claim``,
    ``format``, ``encoding``, ``orientation``, ``sample``, ``missed_wins``, ``max_depth``).
    ``problems``: a ``FileProblems`` that gathers the files' problems for the driver.

    The DataFrame is lazy (nothing runs before an action such as ``.write.parquet(out)``);
    its rows come in file order, then record order, partition by partition.
    """
    tasks, options = _tasks(spark, paths, files_per_task, jobs, settings)

    batch_rows = int(spark.conf.get("spark.sql.execution.arrow.maxRecordsPerBatch", "10000") or "10000")
    if batch_rows <= 0:
        batch_rows = 1 << 62
    add = problems._add if problems is not None else None

    def run(batches: Iterator[RecordBatch]) -> Iterator[RecordBatch]:
        yield from audit_files(_paths_of(batches), options, batch_rows, add)

    return tasks.mapInArrow(run, REPORT_DDL)


class Written(NamedTuple):
    """What ``write_report`` wrote."""

    rows: int
    """The report's rows, all parts together."""
    parts: List[str]
    """The part files written in the folder, by name (``part-00000.parquet``, ...), one a task."""


def _filesystem(out: str) -> Tuple[Any, str]:
    """The ``pyarrow.fs`` file system of ``out`` and the path in it: a URI that
    ``pyarrow.fs.FileSystem.from_uri`` opens, or a local path (made absolute)."""
    import pyarrow.fs as pafs  # type: ignore[import-untyped,unused-ignore]

    if "://" in out:
        fs, path = pafs.FileSystem.from_uri(out)
        return fs, str(path)
    return pafs.LocalFileSystem(), os.path.abspath(out)


def _refuse_over_inputs(out: str, paths: Union[PathLike, Sequence[PathLike]]) -> None:
    """Raises ``ValueError`` when deleting ``out`` (a local path) would delete a path given as
    input: ``out`` is one of them or a folder holding one (as ``corpus-tool`` never writes an
    output over an input of its run)."""
    if "://" in out and not out.startswith("file://"):
        return
    local = out[len("file://") :] if out.startswith("file://") else out
    target = os.path.realpath(local)
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    for p in paths:
        given = os.path.realpath(os.fspath(p))
        if given == target or given.startswith(target.rstrip(os.sep) + os.sep):
            raise ValueError(
                f"{out}: holds an input of this audit ({os.fspath(p)}); mode='overwrite' would delete it"
            )


def write_report(
    spark: Any,
    paths: Union[PathLike, Sequence[PathLike]],
    out: PathLike,
    *,
    files_per_task: int = 1,
    jobs: Optional[int] = None,
    problems: Optional[FileProblems] = None,
    mode: str = "error",
    compression: str = "snappy",
    **settings: Any,
) -> Written:
    """Audits every file under ``paths`` on Spark, as ``audit`` does, and writes the report as
    a folder of Parquet files, each task writing its own part with pyarrow's Parquet writer:
    the rows never pass through the JVM. ``spark.read.parquet(out)`` then reads the same rows
    as ``audit(spark, paths, ...)`` gives (the same 12 columns and types).

    Spark's ``audit(...).write.parquet(out)`` turns every row into a JVM row before its
    Parquet writer takes it: for this report that costs the JVM about as much CPU as the audit
    itself. Here each task writes the Arrow columns it has, and the JVM carries one row a task
    (its part's name and row count).

    ``out``: a folder path that every executor reaches at the same path (a shared or network
    file system, as for ``paths``), or a URI that ``pyarrow.fs.FileSystem.from_uri`` opens.
    ``mode``: ``"error"`` (the default, as Spark's writer) refuses an ``out`` that exists,
    ``"overwrite"`` deletes it first (``ValueError`` when ``out`` is one of ``paths`` or a
    folder holding one: the archive is never deleted for its report). ``compression``: the parts' Parquet compression
    (``"snappy"``, as Spark's default; ``"zstd"``, ``"none"``, ...).

    Each task writes its part in ``_temporary/ATTEMPT/`` and, when it is whole, renames it
    ``_temporary/part-NNNNN.parquet`` (``NNNNN`` its partition: a retried task replaces its
    own); when every task is done, the driver moves the parts into the folder, removes
    ``_temporary`` and writes ``_SUCCESS``, as Spark's own writer commits a job. A job that
    fails removes the folder it made, so no part of it is ever read as a report. Memory: a
    task holds one file's report at a time, as with ``audit``. The other arguments are
    ``audit``'s.
    """
    if mode not in ("error", "overwrite"):
        raise ValueError(f"mode={mode!r}: 'error' or 'overwrite'")
    import pyarrow.fs as pafs  # type: ignore[import-untyped,unused-ignore]

    tasks, options = _tasks(spark, paths, files_per_task, jobs, settings)
    where = os.fspath(out)
    fs, root = _filesystem(where)
    found = fs.get_file_info(root)
    if found.type != pafs.FileType.NotFound:
        if mode == "error":
            raise FileExistsError(f"{where}: already exists (mode='overwrite' replaces it)")
        _refuse_over_inputs(where, paths)
        if found.type == pafs.FileType.Directory:
            fs.delete_dir(root)
        else:
            fs.delete_file(root)
    fs.create_dir(f"{root}/_temporary", recursive=True)
    target = where if "://" in where else root
    add = problems._add if problems is not None else None

    def run(batches: Iterator[RecordBatch]) -> Iterator[RecordBatch]:
        import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]
        from pyspark import TaskContext  # type: ignore[import-not-found,unused-ignore]

        mine = _paths_of(batches)
        ctx = TaskContext.get()
        if ctx is None:
            raise RuntimeError("write_report's task body runs in a Spark task only")
        name = f"part-{ctx.partitionId():05d}.parquet"
        task_fs, task_root = _filesystem(target)
        attempt = f"{task_root}/_temporary/{ctx.taskAttemptId()}"
        task_fs.create_dir(attempt, recursive=True)
        rows = 0
        with task_fs.open_output_stream(f"{attempt}/{name}") as stream:
            with pq.ParquetWriter(stream, report_schema(), compression=compression) as writer:
                for path in mine:
                    table = _file_table(path, options, add)
                    writer.write_table(table)
                    rows += table.num_rows
        # the task's commit: its part, whole, under the part's name in _temporary (a retried
        # or speculative attempt of the same task replaces it with the same rows)
        task_fs.move(f"{attempt}/{name}", f"{task_root}/_temporary/{name}")
        task_fs.delete_dir(attempt)
        yield pa.RecordBatch.from_pydict(
            {"part": [name], "rows": [rows]}, schema=pa.schema([("part", pa.string()), ("rows", pa.int64())])
        )

    try:
        done = tasks.mapInArrow(run, "part string, rows long").collect()
        parts = sorted(str(r["part"]) for r in done)
        # the job's commit: every part moved into the folder, then _SUCCESS
        for name in parts:
            fs.move(f"{root}/_temporary/{name}", f"{root}/{name}")
        fs.delete_dir(f"{root}/_temporary")
        with fs.open_output_stream(f"{root}/_SUCCESS"):
            pass
    except BaseException:
        # a job that fails leaves no folder behind: no part of it is ever read as a report
        try:
            fs.delete_dir(root)
        except OSError:
            pass
        raise
    return Written(rows=sum(int(r["rows"]) for r in done), parts=parts)
