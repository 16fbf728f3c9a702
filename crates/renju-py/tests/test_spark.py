"""``renju_kit.spark.audit`` on Spark in local mode (two workers) against ``corpus-tool
validate`` on the same files: the 147k archive split into 16 ``.renju`` files, one of them
corrupt, and the same as 16 Parquet game files (``corpus-tool convert``), one of them damaged;
the file problems gathered on the driver (``FileProblems``) against ``validate --json``'s; and
``renju_kit.spark.write_report`` (the tasks writing the report's parts) against the same. Run by ``cargo xtask python --spark`` (PySpark from PyPI in the test venv; Java 17
or later on the machine: without it the test fails under CI and is skipped otherwise)."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any, Iterator, List

import pytest

from conftest import _absent, shared
from test_audit import COLUMNS, csv_text, validate

pytestmark = pytest.mark.spark

FILES = 16


def java_ok() -> bool:
    java = shutil.which("java")
    if java is None:
        return False
    out = subprocess.run([java, "-version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    text = out.stdout.decode(errors="replace")
    # `openjdk version "17.0.15" ...`; Spark 4 needs 17 or later
    try:
        major = int(text.split('"')[1].split(".")[0])
    except (IndexError, ValueError):
        return False
    return out.returncode == 0 and major >= 17


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    try:
        import pyspark  # noqa: F401
    except ImportError:
        _absent("PySpark (pip install pyspark; cargo xtask python --spark installs it)")
    if not java_ok():
        _absent("Java 17 or later (apt-get install openjdk-17-jre-headless)")
    import renju_kit.spark

    session = renju_kit.spark.local_session(
        2,
        app_name="renju-kit-test",
        conf={"spark.sql.shuffle.partitions": "2", "spark.driver.memory": "1g"},
    )
    yield session
    session.stop()


def split_archive(archive: Path, folder: Path) -> List[Path]:
    """The archive's lines in 16 files of consecutive lines; the 7th made corrupt: bytes
    overwritten in some lines (they become unreadable records), and cut in the middle of a line."""
    lines = archive.read_bytes().splitlines(keepends=True)
    per = -(-len(lines) // FILES)
    paths = []
    rng = random.Random(31)
    for i in range(FILES):
        part = lines[i * per : (i + 1) * per]
        if i == 6:
            for k in rng.sample(range(len(part)), 200):
                b = bytearray(part[k])
                at = rng.randrange(0, max(1, len(b) - 1))
                b[at : at + 6] = b"\xff\x00#%\xfe\x07"
                part[k] = bytes(b)
            cut = b"".join(part)
            part = [cut[: len(cut) - 37]]
        p = folder / f"part-{i:02d}.renju"
        p.write_bytes(b"".join(part))
        paths.append(p)
    return paths


def test_the_local_session_starts_the_jvm_with_the_arrow_option(spark: Any) -> None:
    # the option must reach the JVM itself (it is read when the JVM starts, not from the
    # session's settings later)
    import renju_kit.spark

    jvm = spark.sparkContext._jvm
    assert renju_kit.spark.ARROW_JAVA_OPTIONS == "-Darrow.enable_unsafe_memory_access=true"
    assert jvm.java.lang.System.getProperty("arrow.enable_unsafe_memory_access") == "true"
    assert renju_kit.spark.ARROW_JAVA_OPTIONS in spark.sparkContext.getConf().get("spark.driver.extraJavaOptions")


def test_spark_audit_equals_validate_row_for_row(spark: Any, corpus_tool: str, tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    import renju_kit.spark

    archive = shared("corpora/dasimagin-renju/train-2.renju")
    games = tmp_path / "games"
    games.mkdir()
    split_archive(archive, games)
    expected, summary, _ = validate(corpus_tool, [str(games)], tmp_path, "--jobs", "2")
    assert summary["records"] > 140_000

    out = tmp_path / "report.parquet"
    df = renju_kit.spark.audit(spark, [str(games)])
    assert df.columns == COLUMNS
    df.write.parquet(str(out))
    table = pq.read_table(str(out))
    cols = [table.column(c).to_pylist() for c in COLUMNS]
    got = [[csv_text(c, v) for c, v in zip(COLUMNS, row)] for row in zip(*cols)]
    key = lambda r: (r[0], int(r[1]))  # noqa: E731
    assert sorted(got, key=key) == sorted(expected, key=key)
    corrupt = [r for r in got if r[0].endswith("part-06.renju")]
    assert sum(1 for r in corrupt if r[8] in ("unreadable", "illegal")) >= 150, "the corrupt file's records are reported"
    assert len({r[0] for r in got}) == FILES


def parquet_parts(tool: str, renju: List[Path], folder: Path) -> List[Path]:
    """Each ``.renju`` part converted to a Parquet game file; the 7th (already holding broken
    lines, which become unreadable rows) then damaged: 64 bytes in the middle of its data
    overwritten, so that its row group cannot be decoded as written."""
    out = []
    for r in renju:
        p = folder / (r.stem + ".parquet")
        done = subprocess.run([tool, "convert", "-q", str(r), str(p)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
        # exit 1: the corrupt part's unreadable records were written as rows, and said so
        assert done.returncode in (0, 1), done.stderr.decode()
        out.append(p)
    bad = out[6]
    data = bytearray(bad.read_bytes())
    at = len(data) // 2
    data[at : at + 64] = bytes((i * 37 + 11) % 256 for i in range(64))
    bad.write_bytes(bytes(data))
    return out


def test_spark_audit_of_parquet_game_files_equals_validate(spark: Any, corpus_tool: str, tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    import renju_kit.spark

    archive = shared("corpora/dasimagin-renju/train-2.renju")
    text = tmp_path / "text"
    text.mkdir()
    games = tmp_path / "games"
    games.mkdir()
    parts = parquet_parts(corpus_tool, split_archive(archive, text), games)
    # and a Parquet file cut short (its footer gone): a file problem, no row
    whole = parts[3].read_bytes()
    (games / "part-16-cut.parquet").write_bytes(whole[: len(whole) // 2])
    expected, summary, _ = validate(corpus_tool, [str(games)], tmp_path, "--jobs", "2")
    assert summary["records"] > 130_000
    assert [p["file"] for p in summary["file_problems"]] == [str(games / "part-16-cut.parquet")]

    out = tmp_path / "report.parquet"
    problems = renju_kit.spark.FileProblems(spark)
    df = renju_kit.spark.audit(spark, [str(games)], problems=problems)
    df.write.parquet(str(out))
    table = pq.read_table(str(out))
    cols = [table.column(c).to_pylist() for c in COLUMNS]
    got = [[csv_text(c, v) for c, v in zip(COLUMNS, row)] for row in zip(*cols)]
    key = lambda r: (r[0], int(r[1]))  # noqa: E731
    assert sorted(got, key=key) == sorted(expected, key=key)
    assert problems.value == summary["file_problems"]
    # nothing else lost: every line of the 15 sound parts is a row of its file
    for i, p in enumerate(parts):
        rows = [r for r in got if r[0] == str(p)]
        if i == 6:
            assert any(r[8] == "unreadable" for r in rows), "the damaged file's loss is reported"
        else:
            lines = (text / (p.stem + ".renju")).read_bytes().count(b"\n")
            assert len(rows) == lines, p

    # the same audit, each task writing its own part: the same rows, read back by Spark
    folder = tmp_path / "report-parts"
    problems = renju_kit.spark.FileProblems(spark)
    written = renju_kit.spark.write_report(spark, [str(games)], folder, files_per_task=3, problems=problems)
    assert written.rows == len(expected)
    assert written.parts == [f"part-{i:05d}.parquet" for i in range(6)], "17 files, 3 a task: 6 tasks"
    assert sorted(os.listdir(folder)) == ["_SUCCESS", *written.parts], "no temporary file left"
    back = spark.read.parquet(str(folder))
    assert back.columns == COLUMNS
    assert back.schema == df.schema, "the DataFrame's types"
    table = pq.read_table(str(folder))
    cols = [table.column(c).to_pylist() for c in COLUMNS]
    again = [[csv_text(c, v) for c, v in zip(COLUMNS, row)] for row in zip(*cols)]
    assert sorted(again, key=key) == sorted(expected, key=key)
    assert problems.value == summary["file_problems"]
    # an existing folder is refused unless overwritten, as Spark's writer does
    with pytest.raises(FileExistsError):
        renju_kit.spark.write_report(spark, [str(parts[0])], folder)
    assert sorted(os.listdir(folder)) == ["_SUCCESS", *written.parts], "the refused call changed nothing"
    one = renju_kit.spark.write_report(spark, [str(parts[0])], folder, mode="overwrite", compression="zstd")
    assert one.parts == ["part-00000.parquet"] and one.rows == sum(1 for r in expected if r[0] == str(parts[0]))
    assert sorted(os.listdir(folder)) == ["_SUCCESS", "part-00000.parquet"]
    with pytest.raises(ValueError):
        renju_kit.spark.write_report(spark, [str(parts[0])], folder, mode="append")


def test_a_file_that_cannot_be_read_fails_no_task(spark: Any, corpus_tool: str, tmp_path: Path) -> None:
    import renju_kit.spark

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.renju").write_text("black h8 h9 i8 i9 j8 j9 k8 k9 l8\n")
    (folder / "empty.renju").write_text("")
    (folder / "binary.renju").write_bytes(bytes(range(256)) * 40)
    (folder / "cut.parquet").write_bytes(b"PAR1" + bytes(100))
    problems = renju_kit.spark.FileProblems(spark)
    df = renju_kit.spark.audit(spark, folder, files_per_task=2, claim="foul-loses", problems=problems)
    assert problems.value == [], "nothing runs before an action"
    rows = df.collect()
    by_file = {}
    for r in rows:
        by_file.setdefault(os.path.basename(r["file"]), []).append(r["verdict"])
    assert by_file["good.renju"] == ["ok"]
    assert not {"empty.renju", "cut.parquet", "binary.renju"} & set(by_file)
    # the file problems reach the driver, as `validate --json` lists them (binary data under a
    # text format's name is one problem of its file)
    _, summary, _ = validate(corpus_tool, [str(folder)], tmp_path, "--claim", "foul-loses")
    assert problems.value == summary["file_problems"]
    names = [os.path.basename(p["file"]) for p in problems.value]
    assert names == ["binary.renju", "cut.parquet", "empty.renju"]
    assert "it is not text" in problems.value[0]["reason"]
    # a second action runs the tasks again: each problem is kept once
    df.count()
    assert len(problems.value) == 3
    with pytest.raises(ValueError):
        renju_kit.spark.audit(spark, folder, claim="sometimes")


def test_a_report_whose_job_fails_leaves_no_folder(spark: Any, tmp_path: Path) -> None:
    import renju_kit.spark

    folder = tmp_path / "in"
    folder.mkdir()
    for i in range(4):
        (folder / f"good-{i}.renju").write_text("black h8 h9 i8 i9 j8 j9 k8 k9 l8\n")
    (folder / "empty.renju").write_text("")

    class Failing(renju_kit.spark.FileProblems):
        # a class made here is pickled by value: the task that meets the empty file fails
        def _add(self, problems: Any) -> None:
            raise RuntimeError("a task that fails")

    out = tmp_path / "report"
    with pytest.raises(Exception, match="a task that fails"):
        renju_kit.spark.write_report(spark, folder, out, problems=Failing(spark))
    assert not out.exists(), "the failed job's folder (and its committed parts) removed"
    # and the same call without the failing part writes every good file
    written = renju_kit.spark.write_report(spark, folder, out, files_per_task=2)
    assert written.rows == 4 and len(written.parts) == 3
