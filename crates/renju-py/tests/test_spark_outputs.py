"""``renju_kit.spark.write_report``'s checks made on the driver before any task runs, with a
stand-in for the session (no PySpark, no Java needed): what the tasks would do is never
reached."""

from __future__ import annotations

from pathlib import Path
from typing import Any, List

import pytest

import renju_kit.spark


class _NoJob(RuntimeError):
    pass


class _Session:
    """Enough of a ``SparkSession`` for the driver's side of ``write_report``; the job itself
    fails (as a task that cannot read its files would)."""

    class conf:  # noqa: N801 - as the session's attribute
        @staticmethod
        def get(key: str, default: str) -> str:
            return default

    class sparkContext:  # noqa: N801 - as the session's attribute
        @staticmethod
        def parallelize(rows: List[Any], numSlices: int) -> List[Any]:  # noqa: N803 - Spark's name
            return rows

    def createDataFrame(self, rows: Any, schema: str) -> Any:  # noqa: N802 - Spark's name
        class Frame:
            def mapInArrow(self, f: Any, schema: str) -> Any:  # noqa: N802 - Spark's name
                raise _NoJob("the job fails")

        return Frame()


@pytest.mark.parametrize("where", ["same", "parent"])
def test_overwrite_never_deletes_the_archive_it_reads(tmp_path: Path, where: str) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "a.renju").write_text("black h8 h9\n")
    out = games if where == "same" else tmp_path
    with pytest.raises(ValueError, match="holds an input"):
        renju_kit.spark.write_report(_Session(), [games], out, mode="overwrite")
    assert (games / "a.renju").read_text() == "black h8 h9\n"


def test_overwrite_of_another_folder_still_replaces_it(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "a.renju").write_text("black h8 h9\n")
    out = tmp_path / "report"
    out.mkdir()
    (out / "old.parquet").write_text("old")
    with pytest.raises(_NoJob):
        renju_kit.spark.write_report(_Session(), [games], out, mode="overwrite")
    # the old report was replaced, the failed job left no folder, the archive is whole
    assert not out.exists()
    assert (games / "a.renju").read_text() == "black h8 h9\n"
