"""`Book`: a book `corpus-tool book build` made, queried from Python, against counts made by hand
under the 8 symmetries and against `corpus-tool book query --json`."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from renju_kit import Book


@pytest.fixture()
def book(tmp_path: Path, corpus_tool: str) -> Path:
    archive = tmp_path / "a.renju"
    # three games from h8; h7 is h9's image (the mirror in row 8), g7 is i9's (the position
    # of h8 alone is its own image under all 8 symmetries)
    archive.write_text("black h8 h9 i8\nwhite h8 h7 i6\ndraw h8 i9 j10\n", encoding="utf-8")
    out = tmp_path / "b.sqlite"
    subprocess.run([corpus_tool, "book", "build", str(archive), "-o", str(out), "-q", "--max-moves", "3"], check=True)
    return out


def test_counts_are_the_games_under_the_8_symmetries(book: Path) -> None:
    b = Book(book)
    assert b.totals() == {"games": 3, "black": 1, "white": 1, "draw": 1, "unknown": 0}
    start = b.query()
    assert start["position"] == [] and start["games"] == 3
    assert [(n["move"], n["games"]) for n in start["next"]] == [("h8", 3)]
    h8 = b.query("h8")
    assert (h8["games"], h8["black"], h8["white"], h8["draw"]) == (3, 1, 1, 1)
    assert h8["next"] == [
        {"move": "h7", "games": 2, "black": 1, "white": 1, "draw": 0, "unknown": 0},
        {"move": "g7", "games": 1, "black": 0, "white": 0, "draw": 1, "unknown": 0},
    ]
    # the next moves in the orientation asked: after h8 h9, the White game (h8 h7 i6) is
    # mirrored (i6 -> i10), and the position's own mirror (columns) names i8/g8 and i10/g10
    # by the first in the order a1, b1, ...
    h9 = b.query(["h8", "h9"])
    assert h9["position"] == ["h8", "h9"]
    assert [(n["move"], n["games"], n["black"], n["white"]) for n in h9["next"]] == [
        ("g8", 1, 1, 0),
        ("g10", 1, 0, 1),
    ]
    assert b.query("h8 h7")["games"] == 2 == b.query(((7, 7), (7, 6)))["games"]
    assert b.query("h8", min_games=2)["next"] == [h8["next"][0]]
    none = b.query("a1")
    assert none["games"] == 0 and none["next"] == []
    assert b.settings == {"max_moves": 3, "board_size": 15, "rules": "renju", "convention": "lenient", "claim": "claim"}
    assert str(b.path) == str(book) and "Book(" in repr(b)


def test_answers_equal_the_commands(book: Path, corpus_tool: str) -> None:
    b = Book(book)
    for position in ["", "h8", "h8 h9", "h8 i9", "h8 h7 i6", "a1"]:
        out = subprocess.run(
            [corpus_tool, "book", "query", str(book), "--json", "--position", position],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        assert b.query(position) == json.loads(out), position


def test_what_cannot_be_asked_is_said(book: Path, tmp_path: Path) -> None:
    b = Book(book)
    with pytest.raises(ValueError, match="taken"):
        b.query("h8 h8")
    with pytest.raises(ValueError, match="3"):
        b.query("h8 h9 i8 i9")  # 4 stones, a book of at most 3
    with pytest.raises(ValueError, match="min_games"):
        b.query("h8", min_games=-1)
    with pytest.raises(FileNotFoundError):
        Book(tmp_path / "absent.sqlite")
    text = tmp_path / "not-a-book.sqlite"
    text.write_text("h8 h9\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not-a-book.sqlite"):
        Book(text)
