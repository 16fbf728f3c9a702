"""``renju_kit.spark.audit`` on Spark in local mode (two workers) against ``corpus-tool
validate`` on the same files: the 147k archive split into 16 ``.renju`` files, one of them
corrupt. Run by ``cargo xtask python --spark`` (PySpark from PyPI in the test venv; Java 17
or later on the machine: without it the test fails under CI and is skipped otherwise)."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
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
        from pyspark.sql import SparkSession
    except ImportError:
        _absent("PySpark (pip install pyspark; cargo xtask python --spark installs it)")
    if not java_ok():
        _absent("Java 17 or later (apt-get install openjdk-17-jre-headless)")
    # local mode on the loopback interface only; the workers run this venv's Python (where
    # renju_kit is installed)
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("renju-kit-test")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.pyspark.python", sys.executable)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
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


def test_a_file_that_cannot_be_read_fails_no_task(spark: Any, tmp_path: Path) -> None:
    import renju_kit.spark

    (tmp_path / "good.renju").write_text("black h8 h9 i8 i9 j8 j9 k8 k9 l8\n")
    (tmp_path / "empty.renju").write_text("")
    (tmp_path / "binary.renju").write_bytes(bytes(range(256)) * 40)
    rows = renju_kit.spark.audit(spark, tmp_path, files_per_task=2, claim="foul-loses").collect()
    by_file = {}
    for r in rows:
        by_file.setdefault(os.path.basename(r["file"]), []).append(r["verdict"])
    assert by_file["good.renju"] == ["ok"]
    assert "empty.renju" not in by_file
    with pytest.raises(ValueError):
        renju_kit.spark.audit(spark, tmp_path, claim="sometimes")
