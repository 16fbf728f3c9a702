"""The archive audit on Apache Spark: ``renju_kit.spark.audit(spark, paths, **settings)``.

The files under ``paths`` (listed on the driver as ``corpus-tool validate`` walks them:
``renju_kit.files``) are spread over Spark tasks, ``files_per_task`` files a task; each task
audits its files with ``renju_kit.audit`` (the same engine, reader and rows as the command)
and hands its report rows on as Arrow record batches (``DataFrame.mapInArrow``). The answer
is a DataFrame with the report's 12 columns; ``.write.parquet(out)`` writes it.

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
from typing import Any, Callable, Dict, FrozenSet, Iterator, List, Optional, Sequence, Tuple, Union

import renju_kit

# pyarrow and pyspark are imported where they are used, not here: `import renju_kit.spark`
# works without them, and the type checkers of users without them see `Any`.
RecordBatch = Any
"""A ``pyarrow.RecordBatch``."""

__all__ = ["REPORT_DDL", "FileProblems", "audit", "audit_files", "local_session", "report_schema"]

REPORT_DDL = (
    "file string, index long, id string, moves long, declared string, end string, "
    "end_move long, continues boolean, verdict string, detail string, "
    "findings array<string>, opening string"
)
"""The report's 12 columns as a Spark DDL schema (the CSV report's columns, in order)."""

PathLike = Union[str, "os.PathLike[str]"]


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
    schema = report_schema()
    for path in paths:
        a = renju_kit.audit(path, **settings)
        found = a.summary["file_problems"]
        for p in found:
            print(f"renju_kit.spark: {p['file']}: {p['reason']}", file=sys.stderr)
        if problems is not None and found:
            problems(found)
        for batch in a.table.cast(schema).to_batches(max_chunksize=batch_rows):
            yield batch


def local_session(
    workers: int = 2,
    *,
    app_name: str = "renju-kit",
    conf: Optional[Dict[str, str]] = None,
) -> Any:
    """A ``SparkSession`` in local mode for trying the audit on one machine: ``workers`` task
    slots (``local[N]``), on the loopback interface only, the Python workers running this
    interpreter (where ``renju_kit`` is installed), no web UI or console progress bar, log
    level ``ERROR``; ``conf``: more Spark settings (``spark.driver.memory``,
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
    for key, value in (conf or {}).items():
        builder = builder.config(key, value)
    session = builder.getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    return session


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

    batch_rows = int(spark.conf.get("spark.sql.execution.arrow.maxRecordsPerBatch", "10000") or "10000")
    if batch_rows <= 0:
        batch_rows = 1 << 62
    add = problems._add if problems is not None else None

    def run(batches: Iterator[RecordBatch]) -> Iterator[RecordBatch]:
        mine: List[str] = []
        for b in batches:
            mine.extend(b.column("path").to_pylist())
        yield from audit_files(mine, options, batch_rows, add)

    return tasks.mapInArrow(run, REPORT_DDL)
