"""A typed example, checked with `mypy --strict` against the shipped stubs (cargo xtask python).

Also run by pytest (`test_typed_usage`): what it says is true at run time too.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import renju_kit
from renju_kit import Board, Game, IncrementalBoard, RecordError, forbidden_points_batch, identify_opening, read, to_bytes, vcf


def fouls_of(moves: str) -> Dict[str, str]:
    board: Board = Board.from_moves(moves)
    found: Dict[str, str] = dict(board.forbidden_points("lenient"))
    return found


def engine_walk() -> int:
    ib = IncrementalBoard(size=15)
    ib.place((7, 7), "black")
    ib.place("h9")
    point, color = ib.undo()
    assert (point, color) == ("h9", "white")
    return len(ib)


def why(board: Board, point: str) -> str:
    tree = board.explain(point)
    text: str = board.explain(point, text=True)
    verdict: str = tree["verdict"]
    return f"{verdict}: {text.splitlines()[0]}"


def records() -> List[str]:
    out: List[str] = []
    data, report = to_bytes([Game("h8 h9 i8", "black", black="A")], "sgf")
    written: int = report["written"]
    assert written == 1
    for g in read(data):
        if g.readable:
            out.extend(g.moves)
        else:
            err: Optional[str] = g.error
            assert err is not None
    try:
        for _ in read(b"black h8 zz\n", format="renju", strict=True):
            pass
    except RecordError as e:
        out.append(f"{e.file}:{e.record}")
    with read(data) as games:
        for g in games:
            break
    left = read(data)
    list(left)
    skipped: List[Tuple[str, str]] = left.skipped
    assert skipped == []
    left.close()
    return out


def solve() -> Optional[List[str]]:
    line = vcf(Board.from_moves("h8 a1 i8 a2 j8 a3"), side="black", max_depth=5)
    return line


def threats() -> Optional[List[str]]:
    won = renju_kit.vct("h8 a1 i8 a2 j8 a3", side="black", max_depth=3, threat_depth=1, max_nodes=100000)
    if won is None:
        return None
    moves: List[str] = won["moves"]
    return moves


def book_counts(path: str) -> List[Tuple[str, int]]:
    book = renju_kit.Book(path)
    answer = book.query("h8 h9", min_games=2)
    games: int = book.totals()["games"]
    return [(n["move"], n["games"]) for n in answer["next"]] + [("total", games)]


def audited() -> Tuple[int, int]:
    a: renju_kit.Audit = renju_kit.audit([Game("h8 h9 i8 i9 j8 j9 k8 k9 l8", "black")], claim="foul-loses", jobs=1)
    records: int = a.summary["records"]
    status: int = a.status
    batch = renju_kit.audit_batch(["h8 h8"], ["white"], source="typed")
    vct = renju_kit.audit_batch(["h8 h9"], missed_wins="vct", max_depth=3, threat_depth=1)
    assert vct.num_rows == 1
    names: List[str] = renju_kit.files([])
    assert batch.num_rows == 1 and names == []
    return records, status


def main() -> None:
    assert fouls_of("h8 a1 i8 a2 k10 a3 k11") == {"k8": "double-three"}
    assert engine_walk() == 1
    assert why(Board.from_moves("h8 a1 i8 a2 k10 a3 k11"), "k8").startswith("double-three")
    assert records()[:3] == ["h8", "h9", "i8"]
    line = solve()
    assert line is not None and len(line) == 3
    assert identify_opening("h8 h9 i10")["code"] == "2D"
    assert forbidden_points_batch(["h8 a1 i8 a2 k10 a3 k11"]) == [{"k8": "double-three"}]
    assert audited() == (1, 0)
    assert renju_kit.__version__


if __name__ == "__main__":
    main()
