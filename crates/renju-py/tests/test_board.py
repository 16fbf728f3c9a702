"""Board: positions drawn by hand, with verdicts reasoned from RULES.md, not from the code."""

from __future__ import annotations

import copy
from typing import Callable

import pytest

from renju_kit import Board, Game, IncrementalBoard, FOULS, vcf, vcf_batch


def test_empty_board_has_no_foul_and_black_to_move() -> None:
    b = Board()
    assert b.size == 15 and len(b) == 0 and b.to_move == "black"
    assert b.forbidden_points() == {}
    assert b.forbidden_points("strict") == {}


def test_two_threes_meeting_make_a_double_three() -> None:
    # Black h8 i8 (row 8) and k10 k11 (column k), White far away in the corner. A stone on
    # k8 makes the split three h8 i8 _ k8 (j8 gives the straight four g8..l8 open) and the
    # split three k8 _ k10 k11 (k9 gives the straight four): two open threes, double three.
    b = Board.from_moves("h8 a1 i8 a2 k10 a3 k11")
    assert b.forbidden_points() == {"k8": "double-three"}
    assert b.is_forbidden("k8") and b.foul("k8") == "double-three"
    assert not b.is_forbidden("j8")
    assert b.foul((10, 7)) == "double-three"  # (col, row) 0-based is k8


def test_double_four_and_overline() -> None:
    grid = """
    . . . . . . . . .
    . . . . x . . . .
    . . . . x . . . .
    . . . . x . . . .
    . . . . . . . . .
    x x x . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    """
    b = Board.from_grid(grid)
    # e4 (col e, row 4 from the bottom): row 4 a4 b4 c4 _ e4 -> a four (d4 makes five) and
    # column e4 _ e6 e7 e8 -> a four (e5 makes five): two fours = double four.
    assert b.size == 9
    assert b.foul("e4") == "double-four"
    # An overline: x x x _ x x on one row; the gap makes six.
    over = Board.from_grid("""
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    x x x . x x . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    """)
    assert over.foul("d5") == "overline"
    # ...and an exact five is never forbidden: x x . x x on a row with room.
    five = Board.from_grid("""
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . x x . x x . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    """)
    assert five.foul("d5") is None
    assert five.explain("d5")["verdict"] == "five"


def test_grid_and_moves_give_the_same_board() -> None:
    b = Board.from_moves("h8 h9 i10")
    grid = b.to_grid()
    assert len(grid) == 225
    g = Board.from_grid(grid)
    assert g.stones() == b.stones() == {"h8": "black", "h9": "white", "i10": "black"}
    assert g.to_move == "white" == b.to_move
    assert Board.from_grid(str(b)).stones() == b.stones()
    # the same moves as points and tuples
    assert Board.from_moves(["h8", (7, 8), "i10"]) == b
    assert Board.from_moves("h8h9i10") == b
    assert Board.from_moves("H8,H9,I10") == b


def test_play_undo_and_passes() -> None:
    b = Board()
    b.play("h8")
    b.play(None)  # white passes
    b.play("i9")
    assert b.moves == ["h8", "--", "i9"] and b.to_move == "white"
    assert b["i9"] == "black" and b["h9"] is None
    assert b.undo() == "i9"
    assert b.undo() == "--"
    assert b.to_move == "white"
    assert b.undo() == "h8"
    with pytest.raises(IndexError):
        b.undo()


def test_play_refuses_what_the_rules_refuse() -> None:
    b = Board.from_moves("h8 a1 i8 a2 k10 a3 k11 a4")
    with pytest.raises(ValueError, match="h8 is already occupied by black"):
        b.play("h8")
    with pytest.raises(ValueError, match="k8 is forbidden for Black \\(double-three\\)"):
        b.play("k8", check_fouls=True)
    b.play("k8")  # not judged by default, as records are replayed
    assert b["k8"] == "black"


def test_messages_are_the_commands() -> None:
    with pytest.raises(ValueError) as e:
        Board.from_moves("h8 h8")
    assert str(e.value) == "move 2 'h8': h8 is already occupied by black"
    with pytest.raises(ValueError) as e:
        Board.from_moves("h8 q3")
    assert str(e.value).startswith("move 2 'q3'")
    with pytest.raises(ValueError):
        Board.from_grid("." * 224)
    with pytest.raises(ValueError):
        Board(size=30)
    with pytest.raises(ValueError):
        Board().foul("z99")
    with pytest.raises(ValueError):
        Board().foul((15, 0))
    with pytest.raises(TypeError):
        Board().foul(3.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Board().forbidden_points("sloppy")  # type: ignore[arg-type]


def test_explain_tree_as_dicts_and_text() -> None:
    b = Board.from_moves("h8 a1 i8 a2 k10 a3 k11")
    e = b.explain("k8")
    assert e["point"] == "k8" and e["verdict"] == "double-three" and e["convention"] == "lenient"
    shapes = {(l["direction"], l["shape"]) for l in e["lines"]}
    assert shapes == {("horizontal", "open-three"), ("vertical", "open-three")}
    horizontal = next(l for l in e["lines"] if l["direction"] == "horizontal")
    assert horizontal["stones"] == ["h8", "i8", "k8"]
    assert [eye["point"] for eye in horizontal["eyes"]] == ["j8"]
    assert horizontal["eyes"][0]["usable"] is True
    text = b.explain("k8", text=True)
    assert text == e["text"]
    assert text.startswith("k8 (lenient): forbidden: double-three\n")
    with pytest.raises(ValueError):
        b.explain("h8")  # occupied


def test_copies_are_independent() -> None:
    b = Board.from_moves("h8 h9")
    c = b.copy()
    d = copy.deepcopy(b)
    c.play("i9")
    assert len(b) == 2 and len(c) == 3 and d == b


def test_incremental_board_follows_place_and_undo() -> None:
    ib = IncrementalBoard()
    for p in ["f8", "g8", "h9", "h10"]:
        ib.place(p, "black")
    assert ib.forbidden_points() == {"h8": "double-three"}
    assert ib.is_forbidden("h8")
    assert ib.undo() == ("h10", "black")
    assert ib.forbidden_points() == {}
    assert ib.history() == [("f8", "black"), ("g8", "black"), ("h9", "black")]
    ib2 = IncrementalBoard(board=Board.from_moves("h8 a1 i8 a2 k10 a3 k11"))
    assert ib2.forbidden_points() == {"k8": "double-three"}
    assert ib2.to_board().stones() == Board.from_moves("h8 a1 i8 a2 k10 a3 k11").stones()
    with pytest.raises(ValueError):
        ib2.place("h8")
    with pytest.raises(IndexError):
        IncrementalBoard().undo()


def test_foul_names() -> None:
    assert FOULS == ["double-three", "double-four", "overline"]


# the README's double three (h8 i8 k10 k11, k8 forbidden) moved up and right by 6: k8 is then
# (16, 13), off a 15x15 board
FAR = [(13, 13), (0, 0), (14, 13), (0, 1), (16, 15), (0, 2), (16, 16)]


def test_incremental_board_honours_its_size() -> None:
    ib = IncrementalBoard(size=19)
    assert ib.size == 19
    for i, p in enumerate(FAR):
        ib.place(p, "black" if i % 2 == 0 else "white")
    board = Board.from_moves(FAR, size=19)
    assert ib.forbidden_points() == board.forbidden_points() != {}
    assert IncrementalBoard(board=board).forbidden_points() == board.forbidden_points()
    assert IncrementalBoard(size=19, board=board).size == 19


def test_incremental_board_says_why_it_refuses_a_size() -> None:
    # it took the board's side without a word: IncrementalBoard(size=19, board=Board()) was 15x15
    with pytest.raises(ValueError, match=r"^size=19, but board is 15x15"):
        IncrementalBoard(size=19, board=Board())
    with pytest.raises(ValueError, match=r"^size=15, but board is 19x19"):
        IncrementalBoard(15, Board(19))
    for bad in (4, 21, 0, -1, 2**70):
        with pytest.raises(ValueError, match=rf"^size={bad}: the side of a board is 5 to 20"):
            IncrementalBoard(size=bad)
        with pytest.raises(ValueError, match=rf"^size={bad}: the side of a board is 5 to 20"):
            IncrementalBoard(size=bad, board=Board())
    with pytest.raises(TypeError, match="size"):
        IncrementalBoard(size="19")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call, arg",
    [
        (lambda: Board(size=-1), "size"),
        (lambda: Board(size=2**70), "size"),
        (lambda: Board(size=30), "size"),
        (lambda: Board.from_moves("h8", size=-1), "size"),
        (lambda: Board.from_moves("h8", size=2**64), "size"),
        (lambda: Game("h8", size=-1), "size"),
        (lambda: Game("h8", size=2**70), "size"),
        (lambda: Game("h8").board(moves=-1), "moves"),
        (lambda: Game("h8").board(2**70), "moves"),
        (lambda: Game("h8", comments={-1: "x"}), "comments"),
        (lambda: Game("h8", comments={2**70: "x"}), "comments"),
        (lambda: vcf(Board(), max_depth=-1), "max_depth"),
        (lambda: vcf(Board(), max_depth=2**40), "max_depth"),
        (lambda: vcf(Board(), max_nodes=-1), "max_nodes"),
        (lambda: vcf(Board(), max_nodes=2**70), "max_nodes"),
        (lambda: vcf_batch(["h8"], max_depth=-1), "max_depth"),
        (lambda: vcf_batch(["h8"], max_nodes=2**70), "max_nodes"),
    ],
)
def test_an_integer_out_of_range_is_a_value_error_naming_its_argument(call: Callable[[], object], arg: str) -> None:
    # it was an OverflowError ("can't convert negative int to unsigned", "int too big to
    # convert") naming nothing
    with pytest.raises(ValueError, match=f"^{arg}"):
        call()


def test_a_point_far_off_the_board_is_a_value_error() -> None:
    for p in [(2**70, 0), (0, -(2**70))]:
        with pytest.raises(ValueError, match="off the 15x15 board"):
            Board().play(p)
        with pytest.raises(ValueError, match="off the 15x15 board"):
            Board().foul(p)


def test_defaults_and_named_integers_still_work() -> None:
    assert Board().size == 15 and Board(19).size == 19 and Board.from_moves("h8", 19).size == 19
    assert Game("h8 h9", size=15).board(moves=1).moves == ["h8"]
    assert vcf(Board.from_moves("h8 a1 i8 a2 j8 a3"), max_depth=5, max_nodes=1000) is not None
    assert vcf_batch(["h8 a1 i8 a2 j8 a3"], max_depth=5, max_nodes=1000)[0] is not None
