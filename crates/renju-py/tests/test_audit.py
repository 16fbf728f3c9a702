"""The audit: ``audit`` and ``audit_batch`` against ``corpus-tool validate`` on the same inputs,
and against what the hand-written games show (corpus/games/README.md, reasoned from RULES.md)."""

from __future__ import annotations

import csv
import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import renju_kit
from renju_kit import Game, audit, audit_batch, read

from conftest import REPO, corpus, shared

pa = pytest.importorskip("pyarrow")

COLUMNS = ["file", "index", "id", "moves", "declared", "end", "end_move", "continues", "verdict", "detail", "findings", "opening"]


def csv_text(column: str, value: Any) -> str:
    """A value of the table as the CSV report writes it."""
    if value is None:
        return ""
    if column == "continues":
        return "true" if value else "false"
    if column == "findings":
        return ";".join(value)
    return str(value)


def table_as_csv(table: Any) -> List[List[str]]:
    cols = [table.column(c).to_pylist() for c in COLUMNS]
    return [[csv_text(c, v) for c, v in zip(COLUMNS, row)] for row in zip(*cols)]


def validate(tool: str, paths: List[str], tmp: Path, *args: str) -> Tuple[List[List[str]], Dict[str, Any], int]:
    """``corpus-tool validate --report --json`` on ``paths``: the CSV rows (header checked),
    the JSON summary and the exit status."""
    report, summary = tmp / "report.csv", tmp / "summary.json"
    out = subprocess.run(
        [tool, "validate", "-q", "--report", str(report), "--json", str(summary), *args, *paths],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        check=False,
    )
    assert out.returncode in (0, 1, 2), out.stderr.decode()
    with open(report, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == COLUMNS
    return rows[1:], json.loads(summary.read_text(encoding="utf-8")), out.returncode


def without_time(summary: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "seconds"}


def test_the_table_has_the_reports_columns_typed() -> None:
    t = audit_batch(["h8 h9 i8 i9 j8 j9 k8 k9 l8"], ["black"])
    assert t.schema.names == COLUMNS
    types = {f.name: str(f.type) for f in t.schema}
    assert types["index"] == types["moves"] == types["end_move"] == "uint64"
    assert types["continues"] == "bool" and types["findings"] == "list<item: string>"
    row = t.to_pylist()[0]
    # black-five: h8..l8 is an exact five at move 9, the record declares Black
    assert (row["moves"], row["end"], row["end_move"], row["verdict"], row["findings"]) == (9, "black-five", 9, "ok", [])


def test_hand_written_games_are_judged_as_reasoned(tmp_path: Path) -> None:
    games = corpus("games")
    a = audit(games, jobs=2)
    rows = {Path(r["file"]).stem: r for r in a.table.to_pylist()}
    # corpus/games/README.md, from RULES.md
    assert rows["black-five"]["end"] == "black-five" and rows["black-five"]["end_move"] == 9
    assert rows["white-five"]["end"] == "white-five" and rows["white-five"]["end_move"] == 10
    assert rows["double-three-claimed"]["end"] == "foul-double-three"
    assert rows["double-four-claimed"]["end"] == "foul-double-four"
    assert rows["overline-claimed"]["end"] == "foul-overline"
    assert "lapsed-foul" in rows["double-three-lapsed"]["findings"]
    assert rows["result-mismatch"]["verdict"] == "result-mismatch"
    assert rows["moves-after-end"]["continues"] is True
    for name in ("occupied", "off-board", "unreadable-move"):
        assert rows[name]["verdict"] == "illegal", name
    assert rows["draw-full-board"]["end"] == "draw-full-board"
    assert a.summary["records"] == len(rows) == a.table.num_rows
    assert a.status == 1 and "findings" in str(a)


def test_a_folder_of_every_format_equals_validate(corpus_tool: str, tmp_path: Path) -> None:
    folder = str(REPO / "corpus")
    rows, summary, status = validate(corpus_tool, [folder], tmp_path, "--jobs", "2")
    a = audit(folder, jobs=2)
    assert table_as_csv(a.table) == rows
    assert without_time(a.summary) == without_time(summary)
    assert a.status == status
    assert any(r[8] == "unreadable" for r in rows) and any(r[8] == "ok" for r in rows)
    # the same games read first, then audited: the same report and counts (the games of a
    # file that holds none are its file problem)
    games = list(read(folder))
    b = audit(games, jobs=2)
    assert table_as_csv(b.table) == rows
    assert {k: v for k, v in without_time(b.summary).items() if k not in ("skipped_files", "skipped")} == {
        k: v for k, v in without_time(summary).items() if k not in ("skipped_files", "skipped")
    }


@pytest.mark.parametrize("options", [[], ["--strict", "--claim", "foul-loses"], ["--rules", "freestyle"]])
def test_settings_are_the_commands(corpus_tool: str, tmp_path: Path, options: List[str]) -> None:
    folder = str(REPO / "corpus" / "games")
    rows, summary, _ = validate(corpus_tool, [folder], tmp_path, "--jobs", "1", *options)
    kw: Dict[str, Any] = {}
    if "--strict" in options:
        kw.update(convention="strict", claim="foul-loses")
    if "--rules" in options:
        kw.update(rules="freestyle")
    a = audit([folder], jobs=1, **kw)
    assert table_as_csv(a.table) == rows
    assert without_time(a.summary) == without_time(summary)


def test_the_archive_equals_validate_value_for_value(corpus_tool: str, tmp_path: Path) -> None:
    archive = str(shared("corpora/dasimagin-renju/train-2.renju"))
    rows, summary, status = validate(corpus_tool, [archive], tmp_path, "--jobs", "2")
    a = audit(archive, jobs=2)
    assert a.table.num_rows == len(rows) == summary["records"] > 140_000
    assert table_as_csv(a.table) == rows
    assert without_time(a.summary) == without_time(summary)
    assert a.status == status
    assert summary["findings"], "findings were compared"


def renju_file(tmp: Path, moves: List[str], declared: List[Optional[str]]) -> str:
    p = tmp / "batch.renju"
    p.write_text("".join(f"{d or 'unknown'} {m}\n" for m, d in zip(moves, declared)), encoding="utf-8")
    return str(p)


POINTS = [f"{c}{r}" for c in "fghij" for r in range(6, 11)]
TOKEN = st.one_of(st.sampled_from(POINTS), st.sampled_from(["--", "zz", "p3", "h0", "h8"]))
GAME = st.lists(TOKEN, min_size=0, max_size=30).map(" ".join)
DECLARED = st.sampled_from(["black", "white", "draw", "unknown", None])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(GAME, DECLARED), min_size=1, max_size=25))
def test_audit_batch_is_the_lines_of_a_renju_file_and_one_by_one(tmp_path_factory: Any, games: List[Tuple[str, Optional[str]]]) -> None:
    moves = [m for m, _ in games]
    declared = [d for _, d in games]
    tmp = tmp_path_factory.mktemp("batch")
    path = renju_file(tmp, moves, declared)
    batch = audit_batch(pa.array(moves), pa.array(declared, pa.string()), source=path, jobs=2)
    assert batch.schema.names == COLUMNS
    assert batch.to_pylist() == audit(path, jobs=1).table.to_pylist()
    assert audit_batch(moves, declared, source=path, jobs=1).to_pylist() == batch.to_pylist()
    # one by one: the same rows, each numbered 1 in a batch of its own
    for i, (m, d) in enumerate(games):
        one = audit_batch([m], [d], source=path).to_pylist()[0]
        row = batch.to_pylist()[i]
        assert one["index"] == 1 and row["index"] == i + 1
        if row["verdict"] == "unreadable":
            one["detail"] = one["detail"].replace("record 1, line 1,", f"record {i + 1}, line {i + 1},")
        assert {**one, "index": i + 1} == row


def test_audit_batch_refuses_what_is_not_one_game_a_string() -> None:
    with pytest.raises(ValueError, match=r"moves\[1\] is null"):
        audit_batch(["h8", None])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="line break"):
        audit_batch(["h8\nh9"])
    with pytest.raises(ValueError, match=r"declared\[0\]"):
        audit_batch(["h8"], ["purple"])
    with pytest.raises(ValueError, match="2 declared results for 1 games"):
        audit_batch(["h8"], ["black", "white"])
    with pytest.raises(TypeError):
        audit_batch("h8 h9")
    with pytest.raises(TypeError):
        audit_batch(pa.array([1, 2]))
    assert audit_batch([]).num_rows == 0


def test_bad_arguments_raise_with_the_commands_words(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="cannot read"):
        audit(tmp_path / "missing.renju")
    with pytest.raises(ValueError, match="jobs=0"):
        audit(corpus("games"), jobs=0)
    with pytest.raises(ValueError):
        audit(corpus("games"), rules="chess")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        audit(corpus("games"), claim="maybe")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="mixes"):
        audit([Game("h8"), str(corpus("games"))])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="audit_batch"):
        audit(b"black h8\n")  # type: ignore[arg-type]


def test_unreadable_files_and_records_are_reported_not_raised(tmp_path: Path) -> None:
    (tmp_path / "good.renju").write_text("black h8 h9 i8 i9 j8 j9 k8 k9 l8\n")
    (tmp_path / "bad.renju").write_bytes(b"purple h8\nblack h8 \xff\xfe zz\n")
    (tmp_path / "empty.renju").write_text("# nothing here\n")
    a = audit(tmp_path, jobs=2)
    t = a.table.to_pylist()
    assert [(Path(r["file"]).name, r["index"], r["verdict"]) for r in t] == [
        ("bad.renju", 1, "unreadable"),
        ("bad.renju", 2, "illegal"),
        ("good.renju", 1, "ok"),
    ]
    assert "record 1" in t[0]["detail"]
    problems = a.summary["file_problems"]
    assert [Path(p["file"]).name for p in problems] == ["empty.renju"]
    assert a.status == 1


def test_games_made_in_python_are_numbered_in_order() -> None:
    # the second declares White, but Black made five (h8..l8): a result mismatch
    a = audit([Game("h8 h9 i8 i9 j8 j9 k8 k9 l8", "black"), Game("h8 h9 i8 i9 j8 j9 k8 k9 l8", "white")], jobs=1)
    t = a.table.to_pylist()
    assert [(r["file"], r["index"], r["verdict"]) for r in t] == [("<game>", 1, "ok"), ("<game>", 2, "result-mismatch")]
    assert a.summary["files"] == 0 and a.summary["records"] == 2


def test_the_gil_is_released_while_auditing() -> None:
    import threading
    import time

    ticks: List[float] = []
    stop = threading.Event()

    def tick() -> None:
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    th = threading.Thread(target=tick)
    th.start()
    try:
        moves = ["h8 h9 i8 i9 j8 j9 k8 k9 l8"] * 60_000
        t0 = time.perf_counter()
        audit_batch(moves, jobs=1)
        t1 = time.perf_counter()
    finally:
        stop.set()
        th.join()
    during = [t for t in ticks if t0 < t < t1]
    # the other thread ran while the batch ran (with the GIL held it could not tick at all)
    assert t1 - t0 < 0.05 or len(during) > 3


def test_pandas_and_repr() -> None:
    a = audit([Game("h8 h9 i8 i9 j8 j9 k8 k9 l8", "black")])
    assert repr(a) == "<Audit: 1 record, 0 findings, status 0>"
    assert isinstance(a.summary, dict) and a.summary["verdicts"] == {"ok": 1}
    assert renju_kit.Audit is type(a)


def test_files_lists_names_that_open_again(tmp_path: Path) -> None:
    # a file name that is not UTF-8 (Latin-1 'né'): the name listed is the one the system
    # gives (os.fsdecode), so that `audit` of it (what each Spark task runs) reads the file
    name = os.fsdecode(b"n\xe9.renju")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / name).write_text("black h8 h9 h10\n")
    (tmp_path / "a.renju").write_text("white h8 h9\n")
    listed = renju_kit.files(tmp_path)
    assert listed == [str(tmp_path / "a.renju"), str(tmp_path / "sub" / name)]
    assert all(isinstance(f, str) for f in listed)
    assert [audit(f).summary["records"] for f in listed] == [1, 1]


@pytest.mark.parametrize("odd", ["\x00a" * 600, "a\x00" * 600, "\x00" * 100])
def test_audit_batch_is_utf8_whatever_a_string_holds(odd: str) -> None:
    # NUL characters in a move string once made the whole batch look like UTF-16 text, or
    # like binary data: the call raised ("looks like UTF-16BE ... give --encoding", "it is not
    # text") for every game; each game is its own row, that one illegal (its move cannot be
    # read) or unreadable (alone, it is no text), the others audited
    rows = audit_batch([odd, "h8 h9", "h8 h9 i10"], ["black", "white", "draw"]).to_pylist()
    assert [r["index"] for r in rows] == [1, 2, 3]
    assert rows[0]["verdict"] in ("illegal", "unreadable")
    if rows[0]["verdict"] == "unreadable":
        assert rows[0]["detail"].startswith("<batch>: record 1: ") and "not text" in rows[0]["detail"]
    alone = [audit_batch([m], [d]).to_pylist()[0] for m, d in [("h8 h9", "white"), ("h8 h9 i10", "draw")]]
    for row, one in zip(rows[1:], alone):
        one["index"] = row["index"]
        assert row == one


def test_more_jobs_than_the_system_has_threads_is_no_panic() -> None:
    # the engine starts at most Jobs::MOST threads: asking for 2**40 raised PanicException
    # ("a worker thread starts: ... Resource temporarily unavailable"), or ended the process
    rows = audit_batch(["h8 h9"] * 10, jobs=2**40)
    assert rows.num_rows == 10
    assert audit(corpus("games"), jobs=2**40).summary["records"] == 22


@pytest.mark.parametrize(
    "arg, value",
    [("jobs", -1), ("jobs", 2**70), ("sample", -1), ("max_depth", -1), ("max_depth", 2**40), ("threat_depth", 2**40)],
)
def test_an_integer_out_of_range_is_a_value_error_naming_its_argument(arg: str, value: int) -> None:
    # it was an OverflowError ("can't convert negative int to unsigned") naming nothing
    kwargs: Dict[str, Any] = {arg: value}
    if arg in ("max_depth", "threat_depth"):
        kwargs["missed_wins"] = "vct"
    with pytest.raises(ValueError, match=f"^{arg}="):
        audit(corpus("games"), **kwargs)
    if arg != "sample":
        with pytest.raises(ValueError, match=f"^{arg}="):
            audit_batch(["h8"], **kwargs)
