"""renju-kit: the rules of renju, exactly, and every renju record format.

The forbidden points of a position (``Board.forbidden_points``), why a point is forbidden
(``Board.explain``), an incremental board for engines (``IncrementalBoard``), VCF
(``vcf``), VCT (``vct``), opening books
(``Book``: what was played from a position and how it went), the 26 openings (``identify_opening``), game records of every format the
field uses (``read``, ``write``, ``to_bytes``, ``Game``), the archive audit of
``corpus-tool validate`` (``audit``: the report as a ``pyarrow.Table`` and the summary), and
batch functions over lists or Arrow arrays that release the GIL (``forbidden_points_batch``,
``vcf_batch``, ``audit_batch``). ``renju_kit.spark`` runs the audit on Apache Spark.

Every answer comes from the renju-kit Rust crates, the same code as the ``corpus-tool``
command: the same positions give the same answers and the same error messages.

>>> from renju_kit import Board
>>> board = Board.from_moves("h8 a1 i8 a2 k10 a3 k11")
>>> board.forbidden_points()
{'k8': 'double-three'}
"""

from __future__ import annotations

from ._renju_kit import (
    FORMATS,
    Audit,
    Book,
    FOULS,
    Board,
    Game,
    IncrementalBoard,
    RecordError,
    Records,
    SearchLimitError,
    __version__,
    audit,
    audit_batch,
    files,
    forbidden_points_batch,
    identify_opening,
    read,
    to_bytes,
    vcf,
    vct,
    vcf_batch,
    write,
)

__all__ = [
    "FORMATS",
    "Audit",
    "Book",
    "FOULS",
    "Board",
    "Game",
    "IncrementalBoard",
    "RecordError",
    "Records",
    "SearchLimitError",
    "__version__",
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
