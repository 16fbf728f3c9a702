"""Type stubs of the native module (the Rust binding); import from ``renju_kit``."""

from __future__ import annotations

import os
from types import TracebackType
from typing import Any, Dict, Iterable, Iterator, List, Literal, Mapping, Optional, Sequence, Tuple, Type, Union, final, overload

Point = Union[str, Tuple[int, int]]
"""A point: a name such as ``"h8"`` or a 0-based ``(col, row)`` tuple (row 0 at the bottom)."""
MoveLike = Union[Point, None]
"""A move: a point, or ``None`` / ``"--"`` / ``"pass"`` for a pass."""
Color = Literal["black", "white"]
FoulName = Literal["double-three", "double-four", "overline"]
Convention = Literal["lenient", "strict"]
Rules = Literal["renju", "freestyle", "standard"]
ErrorMode = Literal["raise", "null"]
Position = Union["Board", str]
PathLike = Union[str, "os.PathLike[str]"]

__all__ = [
    "Audit",
    "Book",
    "Board",
    "FORMATS",
    "FOULS",
    "Game",
    "IncrementalBoard",
    "RecordError",
    "Records",
    "SearchLimitError",
    "__version__",
    "_panic_for_tests",
    "audit",
    "audit_batch",
    "files",
    "forbidden_points_batch",
    "identify_opening",
    "read",
    "to_bytes",
    "vcf",
    "vcf_batch",
    "vct",
    "write",
]
__version__: str
FOULS: List[str]
FORMATS: List[str]

class RecordError(ValueError):
    """A record that cannot be read (``read(..., strict=True)``)."""

    file: str
    record: int
    reason: str

class SearchLimitError(RuntimeError):
    """A search ran out of its node budget before it could tell."""

@final
class Board:
    """A renju position and the moves played on it since it was set up."""

    def __new__(cls, size: int = 15) -> Board: ...
    @staticmethod
    def from_moves(moves: Union[str, Iterable[MoveLike]], size: int = 15) -> Board: ...
    @staticmethod
    def from_grid(text: str) -> Board: ...
    @property
    def size(self) -> int: ...
    @property
    def to_move(self) -> Color: ...
    @property
    def moves(self) -> List[str]: ...
    def stones(self) -> Dict[str, Color]: ...
    def __getitem__(self, point: Point, /) -> Optional[Color]: ...
    def __len__(self) -> int: ...
    def play(self, point: MoveLike, *, check_fouls: bool = False, convention: Convention = "lenient") -> None: ...
    def undo(self) -> str: ...
    def forbidden_points(self, convention: Convention = "lenient") -> Dict[str, FoulName]: ...
    def is_forbidden(self, point: Point, convention: Convention = "lenient") -> bool: ...
    def foul(self, point: Point, convention: Convention = "lenient") -> Optional[FoulName]: ...
    @overload
    def explain(self, point: Point, convention: Convention = "lenient", *, text: Literal[False] = False) -> Dict[str, Any]: ...
    @overload
    def explain(self, point: Point, convention: Convention = "lenient", *, text: Literal[True]) -> str: ...
    def to_grid(self) -> str: ...
    def copy(self) -> Board: ...
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: Any) -> Board: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class IncrementalBoard:
    """renju-core's incremental board, for engines."""

    def __new__(cls, size: int = 15, board: Optional[Board] = None) -> IncrementalBoard:
        """An empty board of side ``size`` (5 to 20, as ``Board``), or the position of
        ``board`` (any of those sides). ``ValueError`` names ``size`` when it is no side, or
        when it is given with a ``board`` of another side."""
    @property
    def size(self) -> int: ...
    def place(self, point: Point, color: Optional[Color] = None) -> None: ...
    def undo(self) -> Tuple[str, Color]: ...
    def history(self) -> List[Tuple[str, Color]]: ...
    def forbidden_points(self, convention: Convention = "lenient") -> Dict[str, FoulName]: ...
    def is_forbidden(self, point: Point, convention: Convention = "lenient") -> bool: ...
    def foul(self, point: Point, convention: Convention = "lenient") -> Optional[FoulName]: ...
    @overload
    def explain(self, point: Point, convention: Convention = "lenient", *, text: Literal[False] = False) -> Dict[str, Any]: ...
    @overload
    def explain(self, point: Point, convention: Convention = "lenient", *, text: Literal[True]) -> str: ...
    def to_board(self) -> Board: ...
    def __len__(self) -> int: ...

@final
class Game:
    """One game record, or an unreadable record and why."""

    def __new__(
        cls,
        moves: Union[str, Iterable[MoveLike], None] = None,
        result: Literal["black", "white", "draw", "unknown"] = "unknown",
        *,
        size: int = 15,
        id: Optional[str] = None,
        black: Optional[str] = None,
        white: Optional[str] = None,
        event: Optional[str] = None,
        round: Optional[str] = None,
        date: Optional[str] = None,
        rule: Optional[str] = None,
        opening: Optional[str] = None,
        tags: Optional[Mapping[str, str]] = None,
        comments: Optional[Mapping[int, str]] = None,
    ) -> Game: ...
    def replace(self, **changes: Any) -> Game: ...
    @property
    def file(self) -> Optional[str]: ...
    @property
    def index(self) -> int: ...
    @property
    def readable(self) -> bool: ...
    @property
    def error(self) -> Optional[str]: ...
    @property
    def unreadable_move(self) -> Optional[Tuple[int, str, str]]: ...
    @property
    def size(self) -> int: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def result(self) -> Literal["black", "white", "draw", "unknown"]: ...
    @property
    def id(self) -> Optional[str]: ...
    @property
    def black(self) -> Optional[str]: ...
    @property
    def white(self) -> Optional[str]: ...
    @property
    def event(self) -> Optional[str]: ...
    @property
    def round(self) -> Optional[str]: ...
    @property
    def date(self) -> Optional[str]: ...
    @property
    def rule(self) -> Optional[str]: ...
    @property
    def opening(self) -> Optional[str]: ...
    @property
    def tags(self) -> Dict[str, str]: ...
    @property
    def comments(self) -> Dict[int, str]: ...
    @property
    def notes(self) -> List[Dict[str, Any]]: ...
    @property
    def setup(self) -> List[Tuple[int, str, Optional[Color]]]: ...
    @property
    def fifth_offers(self) -> List[str]: ...
    @property
    def encoding(self) -> Optional[str]: ...
    @property
    def remarks(self) -> List[str]: ...
    def board(self, moves: Optional[int] = None) -> Board: ...
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Records(Iterator[Game]):
    """The iterator ``read`` returns, read ahead by a thread of its own.

    ``close()``, leaving a ``with`` block, or dropping it stops that thread at its next
    record (``close`` waits for it to end).
    """

    def __iter__(self) -> Records: ...
    def __next__(self) -> Game: ...
    @property
    def skipped(self) -> List[Tuple[str, str]]:
        """The entries of the folders read that were not read, ``(path, reason)``: files in
        no record format (``"in no record format"``), then hidden entries, links back to a
        folder being walked and what is not a regular file, each kind in walk order. Known
        once every record is taken (empty until then). A file that cannot be read, or holds no
        record, comes as a ``Game`` with ``readable == False`` instead."""
    def close(self) -> None: ...
    def __enter__(self) -> Records: ...
    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc_value: Optional[BaseException],
        traceback: Optional[TracebackType],
        /,
    ) -> None: ...

WriteReport = Dict[str, Any]
Claim = Literal["claim", "foul-loses", "refuse"]
MissedWins = Union[bool, Literal["vcf", "vct"]]
"""``missed_wins`` of ``audit``: ``False``; ``True`` or ``"vcf"`` (VCFs); ``"vct"`` (VCTs too)."""
Declared = Literal["black", "white", "draw", "unknown"]

@final
class Audit:
    """The audit of files, folders or games: the report and the summary."""

    @property
    def table(self) -> Any:
        """The report, a ``pyarrow.Table``: ``validate --report``'s 12 columns and values."""
    @property
    def summary(self) -> Dict[str, Any]:
        """The summary, equal to ``validate --json``'s."""
    @property
    def status(self) -> int:
        """The exit status the command would end with (0, 1 or 2)."""

def audit(
    source: Union[PathLike, Iterable[PathLike], Iterable[Game]],
    rules: Rules = "renju",
    convention: Convention = "lenient",
    claim: Claim = "claim",
    jobs: Optional[int] = None,
    *,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    orientation: Optional[Literal["top", "bottom"]] = None,
    sample: int = 1,
    missed_wins: MissedWins = False,
    max_depth: Optional[int] = None,
    threat_depth: Optional[int] = None,
) -> Audit: ...
@final
class Book:
    """An opening book (``corpus-tool book build``'s SQLite file), opened for queries."""

    def __new__(cls, path: PathLike) -> Book: ...
    @property
    def path(self) -> PathLike: ...
    @property
    def settings(self) -> Dict[str, Any]: ...
    def query(
        self,
        position: Union[str, Iterable[MoveLike], None] = None,
        *,
        min_games: Optional[int] = None,
    ) -> Dict[str, Any]:
        """The ``--json`` answer of ``corpus-tool book query``."""

    def totals(self) -> Dict[str, int]: ...

def files(paths: Union[PathLike, Iterable[PathLike]]) -> List[str]: ...
def audit_batch(
    moves: Any,
    declared: Any = None,
    *,
    source: str = "<batch>",
    rules: Rules = "renju",
    convention: Convention = "lenient",
    claim: Claim = "claim",
    jobs: Optional[int] = None,
    missed_wins: MissedWins = False,
    max_depth: Optional[int] = None,
    threat_depth: Optional[int] = None,
) -> Any:
    """A ``pyarrow.RecordBatch`` with the 12 columns of ``Audit.table``."""

def read(
    source: Union[PathLike, bytes, bytearray, memoryview, Sequence[PathLike]],
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    *,
    strict: bool = False,
    orientation: Optional[Literal["top", "bottom"]] = None,
) -> Records: ...
def write(
    games: Iterable[Game],
    path: PathLike,
    format: Optional[str] = None,
    *,
    orientation: Optional[Literal["top", "bottom"]] = None,
) -> WriteReport: ...
def to_bytes(
    games: Iterable[Game],
    format: str,
    *,
    orientation: Optional[Literal["top", "bottom"]] = None,
) -> Tuple[bytes, WriteReport]: ...
def vcf(
    board: Position,
    side: Optional[Color] = None,
    max_depth: int = 20,
    *,
    max_nodes: int = 5000000,
    rules: Rules = "renju",
    convention: Convention = "lenient",
) -> Optional[List[str]]: ...
def vct(
    board: Position,
    side: Optional[Color] = None,
    max_depth: int = 5,
    *,
    threat_depth: int = 1,
    max_nodes: int = 10000000,
    rules: Rules = "renju",
    convention: Convention = "lenient",
) -> Optional[Dict[str, Any]]:
    """``None``, or ``{"moves": [...], "end": {"type": "two-fives" | "forbidden-block" | "five", "points": [...]}}``."""

def identify_opening(moves: Union[str, Sequence[Point]]) -> Dict[str, str]: ...
@overload
def forbidden_points_batch(
    positions: Sequence[Optional[Position]],
    convention: Convention = "lenient",
    *,
    errors: ErrorMode = "raise",
) -> List[Optional[Dict[str, FoulName]]]: ...
@overload
def forbidden_points_batch(
    positions: Any,
    convention: Convention = "lenient",
    *,
    errors: ErrorMode = "raise",
) -> Any:
    """For Arrow input (``__arrow_c_array__``): a ``pyarrow.MapArray`` (``map<string, string>``)."""

@overload
def vcf_batch(
    positions: Sequence[Optional[Position]],
    side: Optional[Color] = None,
    max_depth: int = 20,
    *,
    max_nodes: int = 5000000,
    rules: Rules = "renju",
    convention: Convention = "lenient",
    errors: ErrorMode = "raise",
) -> List[Optional[List[str]]]: ...
@overload
def vcf_batch(
    positions: Any,
    side: Optional[Color] = None,
    max_depth: int = 20,
    *,
    max_nodes: int = 5000000,
    rules: Rules = "renju",
    convention: Convention = "lenient",
    errors: ErrorMode = "raise",
) -> Any:
    """For Arrow input (``__arrow_c_array__``): a ``pyarrow.ListArray`` (``list<string>``)."""

def _panic_for_tests(where_: str) -> None: ...
