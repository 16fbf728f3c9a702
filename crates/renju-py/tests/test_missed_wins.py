"""``audit(missed_wins=...)``: the VCF scan (``True``/``"vcf"``) and the VCT pass (``"vct"``,
``max_depth``, ``threat_depth``) against ``corpus-tool validate --missed-wins[=vct]
--max-depth N --threat-depth T`` on the same games, row for row, and the limits' errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any, List

import pytest

from renju_kit import audit, audit_batch

from conftest import shared
from test_audit import table_as_csv, validate

pytest.importorskip("pyarrow")

GAMES = 300


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first 300 games of the 147k archive (the command finds missed VCFs and VCTs in
    them: checked below, so that the comparison is not one of empty findings)."""
    archive = shared("corpora/dasimagin-renju/train-2.renju")
    lines = archive.read_text().splitlines()[:GAMES]
    p = tmp_path_factory.mktemp("missed") / "first-300.renju"
    p.write_text("\n".join(lines) + "\n")
    return p


def kinds(rows: List[List[str]]) -> List[str]:
    return [k for r in rows for k in r[10].split(";") if k]


@pytest.mark.parametrize(
    "kwargs,args",
    [
        ({"missed_wins": True}, ["--missed-wins"]),
        ({"missed_wins": "vcf", "max_depth": 6}, ["--missed-wins=vcf", "--max-depth", "6"]),
        ({"missed_wins": "vct", "max_depth": 3}, ["--missed-wins=vct", "--max-depth", "3"]),
        ({"missed_wins": "vct", "max_depth": 3, "threat_depth": 2}, ["--missed-wins=vct", "--max-depth", "3", "--threat-depth", "2"]),
    ],
)
def test_the_scan_equals_validates(games: Path, corpus_tool: str, tmp_path: Path, kwargs: Any, args: List[str]) -> None:
    expected, summary, _ = validate(corpus_tool, [str(games)], tmp_path, "--jobs", "2", *args)
    a = audit(str(games), jobs=2, **kwargs)
    assert table_as_csv(a.table) == expected
    assert a.summary["findings"] == summary["findings"]
    assert a.summary["notes"] == summary["notes"]
    found = kinds(expected)
    assert found.count("missed-vcf") > 0, "the games hold missed VCFs: the comparison is not of empty findings"
    if kwargs["missed_wins"] == "vct":
        assert found.count("missed-vct") > 0, "the games hold missed VCTs"
    else:
        assert "missed-vct" not in found and "lost-with-vct" not in found


def test_vct_finds_more_than_vcf(games: Path) -> None:
    vcf = kinds(table_as_csv(audit(str(games), jobs=2, missed_wins="vcf").table))
    vct = kinds(table_as_csv(audit(str(games), jobs=2, missed_wins="vct", max_depth=3).table))
    # the VCF pass is the same in both (its own depth 20); VCT adds its kinds only
    assert [k for k in vct if not k.endswith("-vct")] == vcf
    assert len(vct) > len(vcf)


def test_a_missed_vct_in_a_hand_built_game() -> None:
    # White: d4 e4 (an open two on row 4) and f5 f6 (an open two on column f); Black's stones
    # lie apart (h8 l12 c12 m3 o15: no two in a line, no VCF and no VCT). White to move at
    # move 10: f4 makes two open threes (d4 e4 f4 and f4 f5 f6), which Black cannot both
    # stop: a VCT (White has no fouls). White has no VCF: no three in a line, so no four to
    # start one. White plays a1 instead: a missed VCT, and no missed VCF.
    game = "h8 d4 l12 e4 c12 f5 m3 f6 o15 a1"
    vct = audit_batch([game], ["unknown"], missed_wins="vct").to_pylist()[0]
    vcf = audit_batch([game], ["unknown"], missed_wins="vcf").to_pylist()[0]
    assert "missed-vct" in vct["findings"], vct
    assert "missed-vcf" not in vct["findings"] and "missed-vcf" not in vcf["findings"]
    assert "missed-vct" not in vcf["findings"]
    # the VCT's attacker moves: f4, the four, the five not counted; at depth 0 none is found
    shallow = audit_batch([game], ["unknown"], missed_wins="vct", max_depth=0).to_pylist()[0]
    assert "missed-vct" not in shallow["findings"]


@pytest.mark.parametrize(
    "kwargs,word",
    [
        ({"missed_wins": "vcx"}, "missed_wins"),
        ({"missed_wins": 3}, "missed_wins"),
        ({"max_depth": 5}, "max_depth"),
        ({"threat_depth": 1}, "threat_depth"),
        ({"missed_wins": "vcf", "threat_depth": 1}, "threat_depth"),
        ({"missed_wins": "vct", "max_depth": 61}, "max_depth"),
        ({"missed_wins": "vct", "threat_depth": 21}, "threat_depth"),
    ],
)
def test_bad_limits_raise_naming_the_argument(kwargs: Any, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        audit_batch(["h8 h9"], **kwargs)
