"""Never crash the interpreter: panics become exceptions; objects shared between threads."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import renju_kit
from renju_kit import Board, IncrementalBoard, forbidden_points_batch, read, vcf


@pytest.mark.parametrize("where", ["here", "detached", "pool", "engine", "reader"])
def test_a_panic_becomes_a_python_exception(where: str) -> None:
    with pytest.raises(BaseException) as e:
        renju_kit._renju_kit._panic_for_tests(where)
    assert type(e.value).__name__ == "PanicException"
    assert "renju_kit test panic" in str(e.value)
    # and the interpreter goes on
    assert Board.from_moves("h8 a1 i8 a2 k10 a3 k11").forbidden_points() == {"k8": "double-three"}


GARBAGE: List[object] = ["", " ", "--", "zz", "h0", "h16", "p1", "a" * 10000, "\x00", "h8 " * 300, "é", (15, 15), (-1, 0), (0, 2**70)]


def test_garbage_raises_value_or_type_errors_only() -> None:
    for g in GARBAGE:
        for call in (
            lambda: Board.from_moves(g),  # type: ignore[arg-type]
            lambda: Board.from_grid(g),  # type: ignore[arg-type]
            lambda: Board().foul(g),  # type: ignore[arg-type]
            lambda: forbidden_points_batch([g]),  # type: ignore[list-item]
            lambda: vcf(g, max_nodes=1000),  # type: ignore[arg-type]
        ):
            try:
                call()
            except (ValueError, TypeError, OverflowError, renju_kit.SearchLimitError):
                pass
    for data in [b"", b"\xff\xfe\x00", b"(;GM[4]" * 1000, b"<?xml", b"\xffRenLib" + bytes(200)]:
        try:
            for g in read(data):
                assert g.readable or g.error
        except ValueError as e:  # bytes in no format that can be told
            assert str(e).startswith("<bytes>: ")


def test_one_board_shared_by_threads() -> None:
    b = Board.from_moves("h8 a1 i8 a2 k10 a3 k11")
    expected = {"k8": "double-three"}

    def work(_: int) -> bool:
        return all(b.forbidden_points() == expected for _ in range(200))

    with ThreadPoolExecutor(8) as pool:
        assert all(pool.map(work, range(32)))


def test_incremental_boards_and_batches_in_threads() -> None:
    errors: List[BaseException] = []
    grids = [Board.from_moves("h8 a1 i8 a2 k10 a3 k11").to_grid()] * 500

    def engine() -> None:
        try:
            ib = IncrementalBoard()
            for _ in range(50):
                for p in ["f8", "g8", "h9", "h10"]:
                    ib.place(p, "black")
                assert ib.forbidden_points() == {"h8": "double-three"}
                for _ in range(4):
                    ib.undo()
            assert forbidden_points_batch(grids) == [{"k8": "double-three"}] * 500
        except BaseException as e:  # noqa: BLE001 - collected for the main thread
            errors.append(e)

    threads = [threading.Thread(target=engine) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_a_board_mutated_while_another_thread_reads_it() -> None:
    b = Board()
    stop = threading.Event()
    seen: List[BaseException] = []

    def reader() -> None:
        while not stop.is_set():
            try:
                b.forbidden_points()
            except RuntimeError as e:  # a borrow conflict is an exception, never a crash
                seen.append(e)

    t = threading.Thread(target=reader)
    t.start()
    for _ in range(200):
        b.play("h8")
        b.undo()
    stop.set()
    t.join()
    assert len(b) == 0


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_board_or_a_value_error(text: str) -> None:
    for make in (Board.from_moves, Board.from_grid):
        try:
            make(text)
        except ValueError:
            pass
    out = forbidden_points_batch([text], errors="null")
    assert len(out) == 1


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2000), st.sampled_from([None, *renju_kit.FORMATS]))
def test_any_bytes_read_as_records_or_a_value_error(data: bytes, fmt: object) -> None:
    try:
        games = list(read(data, format=fmt))  # type: ignore[arg-type]
    except ValueError as e:
        assert str(e).startswith("<bytes>: ")
        return
    for g in games:
        assert g.readable or (g.error or "").startswith("<bytes>")
