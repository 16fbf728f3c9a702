"""The labelled positions of ../shared/data/fouls (labels made independently of this code)."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

from renju_kit import Board, IncrementalBoard, forbidden_points_batch

from conftest import shared


def load(name: str) -> List[Dict[str, Any]]:
    with open(shared(f"data/fouls/{name}"), encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    assert rows, name
    return rows


@pytest.mark.parametrize("convention", ["lenient", "strict"])
def test_every_dev_position_matches_its_label(convention: str) -> None:
    rows = load("fouls-dev.jsonl")
    assert len(rows) == 20000
    wrong = []
    fouls = 0
    for r in rows:
        got = Board.from_grid(r["board"]).forbidden_points(convention)  # type: ignore[arg-type]
        fouls += len(got)
        if got != r[convention]:
            wrong.append((r["id"], got, r[convention]))
    assert fouls > 1000, "the set has fouls to find"
    assert wrong == []


def test_public_cases_both_conventions_and_incremental() -> None:
    rows = load("fouls-public-cases.jsonl")
    assert len(rows) == 181
    for r in rows:
        b = Board.from_grid(r["board"])
        ib = IncrementalBoard(board=b)
        for conv in ("lenient", "strict"):
            assert b.forbidden_points(conv) == r[conv], r["id"]  # type: ignore[arg-type]
            assert ib.forbidden_points(conv) == r[conv], r["id"]  # type: ignore[arg-type]


def test_batch_on_labelled_positions_lists_and_arrow() -> None:
    rows = load("fouls-dev.jsonl")[:3000]
    grids = [r["board"] for r in rows]
    assert forbidden_points_batch(grids) == [r["lenient"] for r in rows]
    assert forbidden_points_batch(grids, "strict") == [r["strict"] for r in rows]
    pa = pytest.importorskip("pyarrow")
    out = forbidden_points_batch(pa.array(grids))
    assert isinstance(out, pa.MapArray)
    assert [dict(m) for m in out.to_pylist()] == [r["lenient"] for r in rows]
