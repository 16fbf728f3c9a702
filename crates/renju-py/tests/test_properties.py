"""Property tests (hypothesis): symmetry invariance, batch == one by one, incremental ==
from scratch, record round trips."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from renju_kit import Board, Game, IncrementalBoard, forbidden_points_batch, read, to_bytes

COLS = "abcdefghijklmno"

# The 8 symmetries of the square, on 0-based (col, row) of a 15x15 board.
SYMMETRIES = [
    lambda c, r: (c, r),
    lambda c, r: (14 - r, c),
    lambda c, r: (14 - c, 14 - r),
    lambda c, r: (r, 14 - c),
    lambda c, r: (14 - c, r),
    lambda c, r: (c, 14 - r),
    lambda c, r: (r, c),
    lambda c, r: (14 - r, 14 - c),
]


def name(c: int, r: int) -> str:
    return f"{COLS[c]}{r + 1}"


def coords(p: str) -> Tuple[int, int]:
    return COLS.index(p[0]), int(p[1:]) - 1


# Dense positions near the centre, so that fouls are common.
positions = st.lists(
    st.tuples(st.integers(3, 11), st.integers(3, 11)), min_size=0, max_size=45, unique=True
)


def board_of(points: List[Tuple[int, int]]) -> Board:
    return Board.from_moves(points)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.integers(0, 7), st.sampled_from(["lenient", "strict"]))
def test_fouls_turn_with_the_board(points: List[Tuple[int, int]], s: int, conv: str) -> None:
    f = SYMMETRIES[s]
    b = board_of(points)
    turned = board_of([f(c, r) for c, r in points])
    expected: Dict[str, str] = {}
    try:
        fouls = b.forbidden_points(conv)  # type: ignore[arg-type]
    except ValueError:  # a five on the board: the game is over, turned or not
        with pytest.raises(ValueError, match="the game is already over"):
            turned.forbidden_points(conv)  # type: ignore[arg-type]
        return
    for p, k in fouls.items():
        expected[name(*f(*coords(p)))] = k
    assert turned.forbidden_points(conv) == expected  # type: ignore[arg-type]


@settings(max_examples=100, deadline=None)
@given(st.lists(positions, min_size=0, max_size=20))
def test_batch_equals_one_by_one(many: List[List[Tuple[int, int]]]) -> None:
    boards = [board_of(p) for p in many]
    texts = [" ".join(name(c, r) for c, r in p) for p in many]
    one_by_one: List[Optional[Dict[str, str]]] = []
    for b in boards:
        try:
            one_by_one.append(dict(b.forbidden_points()))
        except ValueError:  # the game is already over (a five on the board): not asked
            one_by_one.append(None)
    assert forbidden_points_batch(boards, errors="null") == one_by_one
    assert forbidden_points_batch(texts, errors="null") == one_by_one
    if any(a is None for a in one_by_one):
        with pytest.raises(ValueError, match="the game is already over"):
            forbidden_points_batch(boards)
    try:
        import pyarrow as pa
    except ImportError:
        return
    arrow = forbidden_points_batch(pa.array(texts, type=pa.large_string()), errors="null")
    assert [dict(m) if m is not None else None for m in arrow.to_pylist()] == one_by_one


@settings(max_examples=100, deadline=None)
@given(positions, st.data())
def test_incremental_board_equals_the_board_after_every_move_and_undo(
    points: List[Tuple[int, int]], data: st.DataObject
) -> None:
    ib = IncrementalBoard()
    b = Board()

    def same(conv: str) -> None:
        try:
            expected = b.forbidden_points(conv)  # type: ignore[arg-type]
        except ValueError as e:  # a five on the board: Board answers as the command, not asked
            assert "the game is already over" in str(e)
            return
        assert ib.forbidden_points(conv) == expected  # type: ignore[arg-type]

    for p in points:
        ib.place(p)
        b.play(p)
        same("lenient")
    undo = data.draw(st.integers(0, len(points)))
    for _ in range(undo):
        ib.undo()
        b.undo()
    same("strict")


# Games of one move or more: an empty game written as `moves` is an empty line, which
# reads back as no record (reported to renju-notation's owners).
nonempty = st.lists(st.tuples(st.integers(0, 14), st.integers(0, 14)), min_size=1, max_size=60, unique=True)


@settings(max_examples=100, deadline=None)
@given(
    nonempty,
    st.sampled_from(["black", "white", "draw", "unknown"]),
    st.sampled_from(["renju", "sgf", "rif", "psq", "lib", "pos", "moves"]),
)
def test_records_round_trip(points: List[Tuple[int, int]], result: str, fmt: str) -> None:
    g = Game(points, result)  # type: ignore[arg-type]
    data, report = to_bytes([g], fmt)
    if report["written"] == 0:
        assert report["skipped"], "a record not written is listed"
        return
    back = list(read(data, format=fmt))
    assert len(back) == 1 and back[0].readable, back[0].error
    assert back[0].moves == g.moves
    if "result" not in dict(report["dropped"]):
        assert back[0].result == result
