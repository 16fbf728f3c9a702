"""vcf and identify_opening on positions reasoned by hand."""

from __future__ import annotations

import pytest

from renju_kit import Board, SearchLimitError, identify_opening, vcf


def test_open_three_wins_by_vcf_for_black() -> None:
    # Black h8 i8 j8 open, White stones far away: g8 or k8 makes an open four, then five.
    b = Board.from_moves("h8 a1 i8 a2 j8 a3")
    line = vcf(b)
    assert line is not None and len(line) == 3
    assert line[0] in ("g8", "k8") and line[2] in ("f8", "g8", "k8", "l8")
    assert vcf(b, side="white") is None


def test_no_vcf_on_an_empty_board_and_bad_input() -> None:
    assert vcf(Board()) is None
    with pytest.raises(ValueError):
        vcf("h8 h8")
    with pytest.raises(ValueError):
        vcf(Board(), side="red")  # type: ignore[arg-type]


def test_a_budget_that_runs_out_raises_never_answers_no() -> None:
    import json

    from conftest import shared

    with open(shared("data/vcf/vcf-dev.jsonl"), encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    deep = [r for r in rows if r["has_vcf"] and len(r["solution"]) >= 11][:40]
    assert deep
    raised = 0
    for r in deep:
        try:
            line = vcf(r["board"], side=r["to_move"], max_nodes=2)
            assert line is not None, "a VCF exists: a small budget may not say 'none'"
        except SearchLimitError as e:
            assert "node budget of 2 ran out" in str(e)
            raised += 1
    assert raised > 0


def test_identify_opening() -> None:
    # 2D (Kagetsu's neighbour Keigetsu, 渓月): h8, h9, then black on i10 in the standard view.
    o = identify_opening("h8 h9 i10")
    assert o["code"] == "2D" and o["kind"] == "direct" and o["name_ja"] == "渓月"
    assert o["symmetry"] == "identity"
    # turned a quarter: the same opening
    assert identify_opening(["h8", "g8", "f9"])["code"] == "2D"
    assert identify_opening("h8 i9 j10")["kind"] == "indirect"
    with pytest.raises(ValueError, match="not at the centre h8"):
        identify_opening("a1 h9 i10")
    with pytest.raises(ValueError, match="needs 3 stones"):
        identify_opening("h8 h9")
