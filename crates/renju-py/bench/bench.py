"""Speed of renju_kit from Python, as ratios to yardsticks measured in the same run.

    cargo xtask python --bench          # builds, installs, installs `renju`, runs this

or, with the wheel and `renju` installed in the venv:

    target/py-venv/bin/python crates/renju-py/bench/bench.py [--positions 3000] [--repeat 5]

1. ``Board.forbidden_points`` called once per board, from Python, on the first N positions of
   ``../shared/data/fouls/fouls-dev.jsonl``, against the referee of the ``renju`` package
   (PyPI ``renju`` 0.1.0, ``renju.check_forbid.get_foul_type`` asked about every empty point:
   what its ``RenjuBoard`` does to judge a move) on the same positions. Their answers are
   compared too.
2. ``forbidden_points_batch`` (a pyarrow string array in, a MapArray out) against
   ``corpus-tool fouls`` (the command, one process, the same boards as lines) on all 20,000
   positions of the file.
3. ``IncrementalBoard``: ``place`` and ``undo`` from Python (the moves of the positions of
   part 1 replayed), and ``forbidden_points`` after each move.
4. ``audit`` of the 147k archive (``../shared/corpora/dasimagin-renju/train-2.renju``: the
   report as a ``pyarrow.Table`` and the summary) against ``corpus-tool validate --report``
   (the command writing its CSV report to a file) with the same ``--jobs``, taking turns.

Times are the best of ``--repeat`` runs (the yardstick ``renju`` once: it takes minutes); in
part 2 the batch and the command take turns, so that both meet the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Dict, List, Tuple

ROOT = Path(__file__).resolve().parents[3]
COLS = "abcdefghijklmno"


def best(f: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def renju_referee(grids: List[str]) -> Tuple[float, List[Dict[str, str]]]:
    from renju.check_forbid import get_foul_type

    kinds = {1: "double-three", 2: "double-four", 3: "overline"}
    # The package's board is board[x][y], x the column, y the row (0 = row 1).
    boards = []
    for g in grids:
        b = [[0] * 15 for _ in range(15)]
        for k, ch in enumerate(g):
            col, row = k % 15, 14 - k // 15
            b[col][row] = 1 if ch == "x" else 2 if ch == "o" else 0
        boards.append(b)
    out: List[Dict[str, str]] = []
    t = time.perf_counter()
    for b in boards:
        fouls = {}
        for row in range(15):
            for col in range(15):
                if b[col][row] == 0:
                    kind = get_foul_type(b, col, row)
                    if kind:
                        fouls[f"{COLS[col]}{row + 1}"] = kinds[kind]
        out.append(fouls)
    return time.perf_counter() - t, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "fouls" / "fouls-dev.jsonl"))
    ap.add_argument("--archive", default=str(ROOT.parent / "shared" / "corpora" / "dasimagin-renju" / "train-2.renju"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--audit-repeat", type=int, default=5)
    ap.add_argument("--only-audit", action="store_true", help="run part 4 only")
    args = ap.parse_args()
    if args.only_audit:
        audit_part(args)
        return

    import pyarrow as pa

    import renju_kit
    from renju_kit import Board, forbidden_points_batch

    with open(args.data, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    grids = [r["board"] for r in rows]
    few = grids[: args.positions]
    print(f"renju_kit {renju_kit.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"positions: {len(few)} (part 1), {len(grids)} (part 2) from {args.data}")

    # 1. one call per board, from Python
    boards = [Board.from_grid(g) for g in few]

    def ours() -> None:
        for b in boards:
            b.forbidden_points()

    t_ours = best(ours, args.repeat)
    ours_answers = [b.forbidden_points() for b in boards]
    assert ours_answers == [r["lenient"] for r in rows[: args.positions]], "labels"
    t_renju, renju_answers = renju_referee(few)
    differ = sum(1 for a, b in zip(ours_answers, renju_answers) if a != b)
    print()
    print("1. Board.forbidden_points, one call per board")
    print(f"   renju_kit  {t_ours:9.4f} s  {len(few) / t_ours:12,.0f} boards/s")
    print(f"   renju      {t_renju:9.4f} s  {len(few) / t_renju:12,.1f} boards/s  (get_foul_type on every empty point)")
    print(f"   ratio      {t_renju / t_ours:12,.0f}x   (boards where the answers differ: {differ} of {len(few)})")

    # 2. the batch against the command, taking turns
    arr = pa.array(grids)
    tool = os.environ.get("RENJU_KIT_CORPUS_TOOL", str(ROOT / "target" / "release" / "corpus-tool"))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(grids) + "\n")
        lines = f.name
    t_batch = t_list = t_cmd = cpu_batch = cpu_cmd = float("inf")

    def children_cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    try:
        for _ in range(args.repeat):
            t, c = time.perf_counter(), time.process_time()
            forbidden_points_batch(arr)
            t_batch = min(t_batch, time.perf_counter() - t)
            cpu_batch = min(cpu_batch, time.process_time() - c)
            t, c = time.perf_counter(), children_cpu()
            subprocess.run([tool, "fouls", lines], stdout=subprocess.DEVNULL, check=True)
            t_cmd = min(t_cmd, time.perf_counter() - t)
            cpu_cmd = min(cpu_cmd, children_cpu() - c)
            t = time.perf_counter()
            forbidden_points_batch(grids)
            t_list = min(t_list, time.perf_counter() - t)
        out = subprocess.run([tool, "fouls", lines], stdout=subprocess.PIPE, check=True).stdout.decode().splitlines()
    finally:
        os.unlink(lines)
    batch = [dict(m) for m in forbidden_points_batch(arr).to_pylist()]
    assert [" ".join(f"{p}={k}" for p, k in d.items()) for d in batch] == out, "batch == command"
    n = len(grids)
    print()
    threads = os.environ.get("RAYON_NUM_THREADS", str(os.cpu_count()))
    print(f"2. forbidden_points_batch ({threads} threads) vs corpus-tool fouls (1 thread), {n} boards")
    print(f"   batch (pyarrow in, MapArray out)  {t_batch:8.4f} s  {n / t_batch:12,.0f} boards/s")
    print(f"   batch (list in, list of dicts)    {t_list:8.4f} s  {n / t_list:12,.0f} boards/s")
    print(f"   corpus-tool fouls FILE            {t_cmd:8.4f} s  {n / t_cmd:12,.0f} boards/s")
    print(f"   command time / batch time         {t_cmd / t_batch:8.2f}   (>= 0.67: within 1.5x)")
    print(f"   CPU seconds: batch {cpu_batch:.4f} (all threads), command {cpu_cmd:.4f}; command/batch {cpu_cmd / cpu_batch:.2f}")
    print(f"   load average while measured: {os.getloadavg()[0]:.1f} (on {os.cpu_count()} cores)")

    # 3. the engine board from Python
    from renju_kit import IncrementalBoard

    games = []
    for b in boards:
        stones = b.stones()
        black = [p for p, c in stones.items() if c == "black"]
        white = [p for p, c in stones.items() if c == "white"]
        moves = []
        for i in range(max(len(black), len(white))):
            moves += [(p, "black") for p in black[i : i + 1]] + [(p, "white") for p in white[i : i + 1]]
        games.append(moves)
    total = sum(len(g) for g in games)

    def place_undo() -> None:
        ib = IncrementalBoard()
        for g in games:
            for p, c in g:
                ib.place(p, c)
            for _ in g:
                ib.undo()

    def place_scan() -> None:
        ib = IncrementalBoard()
        for g in games:
            for p, c in g:
                ib.place(p, c)
                ib.forbidden_points()
            for _ in g:
                ib.undo()

    t_pu = best(place_undo, args.repeat)
    t_ps = best(place_scan, args.repeat)
    print()
    print(f"3. IncrementalBoard from Python, {total} stones placed and taken back")
    print(f"   place + undo                      {t_pu:8.4f} s  {2 * total / t_pu:12,.0f} calls/s")
    print(f"   place + forbidden_points + undo   {t_ps:8.4f} s  {total / t_ps:12,.0f} moves/s")
    audit_part(args)


def audit_part(args: argparse.Namespace) -> None:
    """4. the archive audit against the command, taking turns."""
    from renju_kit import audit

    tool = os.environ.get("RENJU_KIT_CORPUS_TOOL", str(ROOT / "target" / "release" / "corpus-tool"))
    t_audit = t_validate = float("inf")
    records = 0
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.csv")
        for _ in range(args.audit_repeat):
            t = time.perf_counter()
            a = audit(args.archive, jobs=args.jobs)
            t_audit = min(t_audit, time.perf_counter() - t)
            records = a.table.num_rows
            del a
            t = time.perf_counter()
            subprocess.run(
                [tool, "validate", "-q", "--jobs", str(args.jobs), "--report", report, args.archive],
                stdout=subprocess.DEVNULL,
                check=False,
            )
            t_validate = min(t_validate, time.perf_counter() - t)
    print()
    print(f"4. audit vs corpus-tool validate --report, {records} records of {args.archive}, {args.jobs} jobs")
    print(f"   audit (pyarrow.Table + summary)   {t_audit:8.4f} s  {records / t_audit:12,.0f} games/s")
    print(f"   corpus-tool validate --report     {t_validate:8.4f} s  {records / t_validate:12,.0f} games/s")
    print(f"   audit time / command time         {t_audit / t_validate:8.2f}   (goal: at most 1.3)")
    print(f"   load average while measured: {os.getloadavg()[0]:.1f} (on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
