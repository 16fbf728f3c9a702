"""The binding against the command: `corpus-tool fouls` and `corpus-tool vcf` on the same inputs."""

from __future__ import annotations

import json
import random
import re
from typing import List

import pytest

from renju_kit import Board, forbidden_points_batch, vcf, vcf_batch

from conftest import run_tool, shared


def command_line(fouls: dict) -> str:
    return " ".join(f"{p}={k}" for p, k in fouls.items())


def random_games(n: int, seed: int) -> List[str]:
    """Random move lists (legal placements, fouls not judged), as text lines."""
    rng = random.Random(seed)
    points = [f"{c}{r}" for c in "abcdefghijklmno" for r in range(1, 16)]
    near = [f"{c}{r}" for c in "efghijk" for r in range(5, 12)]
    lines = []
    for _ in range(n):
        k = rng.randrange(0, 40)
        chosen = rng.sample(near, min(k, len(near)))
        extra = rng.sample(points, rng.randrange(0, 6))
        seen: List[str] = []
        for p in chosen + extra:
            if p not in seen:
                seen.append(p)
        lines.append(" ".join(seen))
    return lines


@pytest.mark.parametrize("strict", [False, True])
def test_fouls_equal_the_command_on_labelled_and_random_positions(corpus_tool: str, strict: bool) -> None:
    with open(shared("data/fouls/fouls-dev.jsonl"), encoding="utf-8") as f:
        grids = [json.loads(line)["board"] for line in f][:2000]
    lines = grids + random_games(1500, seed=7)
    # and lines the command refuses: the same message
    lines += ["h8 h8", "h8 q3", "." * 224, "h8 i9 zz"]
    conv = "strict" if strict else "lenient"
    expected = run_tool(corpus_tool, ["fouls", *(["--strict"] if strict else [])], "\n".join(lines) + "\n")
    assert len(expected) == len(lines)
    # the command names the line ("error: line 7: ..."); the binding's message is the reason
    expected = [re.sub(r"^error: line [0-9]+: ", "error: ", e) for e in expected]
    got = []
    for line in lines:
        try:
            b = Board.from_grid(line) if len(line) == 225 else Board.from_moves(line)
            got.append(command_line(b.forbidden_points(conv)))  # type: ignore[arg-type]
        except ValueError as e:
            got.append(f"error: {e}")
    assert got == expected
    assert sum(1 for e in expected if "=" in e) > 100, "positions with fouls were compared"
    batch = forbidden_points_batch(lines, conv, errors="null")  # type: ignore[arg-type]
    assert [command_line(f) if f is not None else None for f in batch] == [
        None if e.startswith("error: ") else e for e in expected
    ]
    with pytest.raises(ValueError) as err:
        forbidden_points_batch(lines, conv)  # type: ignore[arg-type]
    first_bad = next(i for i, e in enumerate(expected) if e.startswith("error: "))
    assert str(err.value) == f"position {first_bad}: {expected[first_bad][len('error: '):]}"


def test_vcf_equals_the_command(corpus_tool: str) -> None:
    with open(shared("data/vcf/vcf-dev.jsonl"), encoding="utf-8") as f:
        rows = [json.loads(line) for line in f][:300]
    positions = [r["board"] for r in rows]
    expected = run_tool(corpus_tool, ["vcf"], "\n".join(positions) + "\n")
    assert len(expected) == len(positions)
    got = [" ".join(vcf(p) or []) for p in positions]
    assert got == expected
    assert sum(1 for e in expected if e) > 20, "positions with a VCF were compared"
    assert [" ".join(l) if l else "" for l in vcf_batch(positions)] == expected


def test_vcf_answers_match_the_independent_labels() -> None:
    with open(shared("data/vcf/vcf-dev.jsonl"), encoding="utf-8") as f:
        rows = [json.loads(line) for line in f][:400]
    assert any(r["has_vcf"] for r in rows) and not all(r["has_vcf"] for r in rows)
    for r in rows:
        line = vcf(r["board"], side=r["to_move"])
        assert (line is not None) == r["has_vcf"], r["id"]
        if line is not None:
            # a proof line: attacker, defender alternating, ending with the attacker's move,
            # every point empty when played
            assert len(line) % 2 == 1
            b = Board.from_grid(r["board"])
            assert all(b[p] is None for p in line) and len(set(line)) == len(line)


def test_explanations_equal_the_commands(corpus_tool: str) -> None:
    with open(shared("data/fouls/fouls-public-cases.jsonl"), encoding="utf-8") as f:
        grids = [json.loads(line)["board"] for line in f]
    expected = run_tool(corpus_tool, ["fouls", "--explain"], "\n".join(grids) + "\n")
    expected = [re.sub(r"^error: line [0-9]+: ", "error: ", e) for e in expected]
    got: List[str] = []
    for g in grids:
        b = Board.from_grid(g)
        try:
            fouls = b.forbidden_points()
        except ValueError as e:  # a board where the game is already over, as the command says
            got.append(f"error: {e}")
            continue
        got.append(command_line(fouls))
        for p in fouls:
            got.extend("    " + line for line in b.explain(p, text=True).splitlines())
    assert got == expected
    assert sum(1 for line in expected if line.startswith("    ")) > 100
