"""`vct`: against the independent labels of ../shared/data/vct and against `corpus-tool vct`."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

from renju_kit import Board, SearchLimitError, vct

from conftest import run_tool, shared


def labelled() -> List[Dict[str, Any]]:
    with open(shared("data/vct/vct-dev.jsonl"), encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_vct_answers_match_the_independent_labels() -> None:
    rows = labelled()
    assert any(r["has_vct"] for r in rows) and not all(r["has_vct"] for r in rows)
    for r in rows:
        got = vct(
            r["board"],
            side=r["to_move"],
            max_depth=r["limit"],
            threat_depth=r["threat_limit"],
        )
        assert (got is not None) == r["has_vct"], r["id"]
        if got is None:
            continue
        moves = got["moves"]
        # attacker and defender alternating, attacker first, ending with the attacker's
        # winning move: at most `limit` attacker moves, every point empty when played
        assert len(moves) % 2 == 1 and (len(moves) + 1) // 2 <= r["limit"], r["id"]
        board = Board.from_grid(r["board"])
        assert all(board[p] is None for p in moves) and len(set(moves)) == len(moves), r["id"]
        end = got["end"]
        assert end["type"] in ("two-fives", "forbidden-block", "five"), r["id"]
        assert len(end["points"]) == (2 if end["type"] == "two-fives" else 1), r["id"]
        if end["type"] == "forbidden-block":
            # only White wins by a four whose block is forbidden for Black
            assert r["to_move"] == "white", r["id"]


def test_vct_equals_the_command(corpus_tool: str) -> None:
    rows = labelled()[:300]
    boards = [r["board"] for r in rows]
    expected = run_tool(corpus_tool, ["vct"], "\n".join(boards) + "\n")
    assert len(expected) == len(boards)
    got = [" ".join(a["moves"]) if (a := vct(b)) else "" for b in boards]
    assert got == expected
    assert sum(1 for e in expected if e) > 50, "positions with a VCT were compared"


def test_vct_limits_and_bad_input_are_said() -> None:
    # Black's open three on an otherwise empty board: a four-three is not a threat at threat
    # depth 1, but the open three makes an open four next: a VCT of two attacker moves
    won = vct("h8 a1 i8 a2 j8 a3", side="black")
    assert won is not None and won["end"]["type"] == "two-fives"
    assert won["moves"][0] in ("g8", "k8") and len(won["moves"]) <= 3
    # fours only (threat depth 0) is a VCF: the open three's four is a four
    assert vct("h8 a1 i8 a2 j8 a3", side="black", threat_depth=0) is not None
    assert vct("h8", side="white") is None
    with pytest.raises(ValueError, match="max_depth"):
        vct("h8", max_depth=61)
    with pytest.raises(ValueError, match="threat_depth"):
        vct("h8", threat_depth=21)
    with pytest.raises(ValueError, match="max_nodes"):
        vct("h8", max_nodes=0)
    with pytest.raises(ValueError, match="max_depth"):
        vct("h8", max_depth=-1)
    with pytest.raises(ValueError):
        vct("h8 a1 i8 a2 j8 a3 k8 a4 l8")  # Black has five: the game is over
    with pytest.raises(SearchLimitError, match="max_nodes"):
        vct(labelled()[0]["board"], side="white", max_nodes=1)
