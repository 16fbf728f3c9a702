"""Speed and memory of ``renju_kit.spark.audit`` in local mode, against ``corpus-tool
validate --jobs 2`` on the same games in the same run.

    cargo xtask python --bench --spark     # builds, installs PySpark, runs this

or, with the wheel and PySpark installed in the venv (``cargo xtask python --spark``):

    target/py-venv/bin/python crates/renju-py/bench/spark_bench.py [--games 2000000] [--files 16] [--files-per-task 1] [--conf KEY=VALUE]...

(``--conf`` adds a Spark setting to the session, e.g. ``spark.driver.extraJavaOptions=-XX:+UseParallelGC``;
the report lists the settings added.)

**The set.** The games of ``../shared/corpora/dasimagin-renju/train-2.renju`` (147,229 lines)
under the 8 symmetries of the board, twice (2,355,664 lines), shuffled (seed 32) and cut to
``--games`` (2,000,000): one ``.renju`` file for the yardstick, and the same lines in
``--files`` consecutive parts, each converted to a Parquet game file by ``corpus-tool
convert`` (the Spark job's input). The set is built once under ``target/spark-bench/`` and
reused while its recipe (the ``recipe`` file) is unchanged.

**The yardstick.** ``corpus-tool validate --jobs 2 --quiet GAMES.renju`` (the summary only)
and ``corpus-tool validate --jobs 2 --quiet --report report.csv GAMES.renju`` (the report
written too, the output the Spark job makes), each timed end to end, best of ``--repeat``.

**The Spark job.** ``SparkSession`` in ``local[2]`` (two task slots, the two cores that
``--jobs 2`` uses), made before the clock starts; then a first tiny action (a 9-game file
audited: the Python workers started and ``renju_kit`` imported in them), and ``--warmup``
untimed runs of the job itself (1 by default: the JVM's JIT compiles Spark's generated code,
its Arrow reader and the Parquet writer while the first run goes, which takes that run about
1.5 times as long; a job over a large set is past this in its first minutes; the warm-up's
time is printed apart). Timed: the action
``renju_kit.spark.audit(spark, PARQUET_FILES).write.parquet(out)``, from the call to the
written report (listing the files, the tasks, the audits, the report's Arrow batches into
the JVM, the Parquet report written). Best of ``--repeat`` (3); the report's row count is
checked against the set.

**The two Spark jobs.** ``renju_kit.spark.audit(...).write.parquet(out)`` (the DataFrame,
written by Spark: every row turned into a JVM row for Spark's Parquet writer) and
``renju_kit.spark.write_report(spark, files, out)`` (the same audit, each task writing its
part with pyarrow), taking turns with the yardstick; both reports' row counts are checked.

**Memory.** While the job runs, the processes under this one are sampled every 20 ms
(``/proc``), every 200 ms: the peak resident set (``VmHWM``) of the JVM (driver and executor in local mode)
and of each Python worker. The bounds set: ``spark.driver.memory`` (the JVM's heap, ``-Xmx``;
in local mode the executor lives in the driver's JVM, so ``spark.executor.memory`` does not
apply), ``spark.executor.pyspark.memory`` (each Python worker's address space, an
``RLIMIT_AS`` that PySpark sets: a worker past it fails with ``MemoryError`` rather than
growing), ``spark.sql.execution.arrow.maxRecordsPerBatch`` (the rows of each Arrow batch a
task hands to the JVM: ``renju_kit.spark`` cuts its batches to it).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[3]
COLS = "abcdefghijklmno"

# the bounds the job runs under (see the module's doc)
DRIVER_MEMORY = "1g"
PYSPARK_MEMORY = "1g"
BATCH_ROWS = 10_000


def symmetries(line: str) -> List[str]:
    """The line under the 8 symmetries of the board (the result word and passes kept)."""
    head, _, rest = line.partition(" ")
    moves = rest.split()
    pts: List[Optional[Tuple[int, int]]] = []
    for m in moves:
        if m == "--":
            pts.append(None)
        else:
            pts.append((COLS.index(m[0]), int(m[1:]) - 1))
    out = []
    for k in range(8):
        spelt = []
        for p in pts:
            if p is None:
                spelt.append("--")
                continue
            x, y = p
            if k & 1:
                x = 14 - x
            if k & 2:
                y = 14 - y
            if k & 4:
                x, y = y, x
            spelt.append(f"{COLS[x]}{y + 1}")
        out.append(" ".join([head, *spelt]))
    return out


def build_set(archive: Path, folder: Path, games: int, files: int, tool: str) -> Tuple[Path, List[Path]]:
    """The one ``.renju`` file and the Parquet parts (built when absent or of another recipe)."""
    recipe = f"{archive} symmetries=8 copies=2 seed=32 games={games} files={files}\n"
    one = folder / "games.renju"
    parts = [folder / "parquet" / f"part-{i:02d}.parquet" for i in range(files)]
    marker = folder / "recipe"
    if marker.exists() and marker.read_text() == recipe and one.exists() and all(p.exists() for p in parts):
        return one, parts
    print(f"building the set under {folder} ({recipe.strip()})", file=sys.stderr)
    (folder / "parquet").mkdir(parents=True, exist_ok=True)
    (folder / "renju").mkdir(parents=True, exist_ok=True)
    lines = [ln for ln in archive.read_text().splitlines() if ln.strip()]
    everything = [s for ln in lines for s in symmetries(ln)] * 2
    random.Random(32).shuffle(everything)
    chosen = everything[:games]
    if len(chosen) < games:
        sys.exit(f"the archive makes {len(chosen)} games, fewer than {games}")
    one.write_text("\n".join(chosen) + "\n")
    per = -(-games // files)
    for i, p in enumerate(parts):
        text = folder / "renju" / f"part-{i:02d}.renju"
        text.write_text("\n".join(chosen[i * per : (i + 1) * per]) + "\n")
        subprocess.run([tool, "convert", "-q", "--jobs", "2", str(text), str(p)], check=True)
    marker.write_text(recipe)
    return one, parts


def timed(argv: List[str]) -> Tuple[float, float]:
    """Wall and CPU seconds (user + system, all threads) of one run of the command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)} failed ({out.returncode}): {out.stderr.decode()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


class Sampler:
    """The peak resident sets (``VmHWM``, kB) of the processes under this one, by kind."""

    def __init__(self) -> None:
        self.jvm = 0
        self.workers: Dict[int, int] = {}
        self.ticks: Dict[int, int] = {}  # pid -> user + system CPU ticks, last seen
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def processes(self) -> Dict[int, Tuple[int, str]]:
        """The processes under this one: pid -> (parent pid, program name); their CPU ticks
        noted."""
        table: Dict[int, Tuple[int, str]] = {}
        ticks: Dict[int, int] = {}
        for d in os.listdir("/proc"):
            if not d.isdigit():
                continue
            try:
                with open(f"/proc/{d}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                ppid = int(fields[1])
                ticks[int(d)] = int(fields[11]) + int(fields[12])
                with open(f"/proc/{d}/cmdline", "rb") as f:
                    cmd = f.read().split(b"\0")
            except (OSError, IndexError, ValueError):
                continue
            table[int(d)] = (ppid, os.path.basename(cmd[0].decode(errors="replace")) if cmd and cmd[0] else "")
        mine: Dict[int, Tuple[int, str]] = {}
        todo = [os.getpid()]
        while todo:
            p = todo.pop()
            for c, (pp, exe) in table.items():
                if pp == p:
                    mine[c] = (pp, exe)
                    todo.append(c)
        with self.lock:
            for pid in mine:
                self.ticks[pid] = ticks[pid]
        return mine

    def cpu(self) -> Dict[int, int]:
        """The CPU ticks of every process seen so far (a process that ended: when last seen)."""
        self.sample()
        with self.lock:
            return dict(self.ticks)

    def sample(self) -> None:
        procs = self.processes()
        for pid, (ppid, exe) in procs.items():
            try:
                with open(f"/proc/{pid}/status") as f:
                    status = f.read()
            except OSError:
                continue
            hwm = next((int(ln.split()[1]) for ln in status.splitlines() if ln.startswith("VmHWM:")), 0)
            parent = procs.get(ppid, (0, ""))[1]
            if exe == "java":
                self.jvm = max(self.jvm, hwm)
            elif exe.startswith("python") and parent.startswith("python"):
                # forked by the PySpark daemon (itself a child of the JVM): a worker
                self.workers[pid] = max(self.workers.get(pid, 0), hwm)

    def run(self) -> None:
        while not self.stop.is_set():
            self.sample()
            time.sleep(0.2)

    def __enter__(self) -> "Sampler":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()
        self.sample()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--archive", default=str(ROOT.parent / "shared" / "corpora" / "dasimagin-renju" / "train-2.renju"))
    ap.add_argument("--games", type=int, default=2_000_000)
    ap.add_argument("--files", type=int, default=16)
    ap.add_argument("--files-per-task", type=int, default=1)
    ap.add_argument("--task-jobs", type=int, default=1, help="the audit threads of each task (jobs=)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1, help="untimed runs of the Spark job before the timed ones")
    ap.add_argument("--folder", default=str(ROOT / "target" / "spark-bench"))
    ap.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE", help="one more Spark setting of the session")
    args = ap.parse_args()
    tool = os.environ.get("RENJU_KIT_CORPUS_TOOL") or str(ROOT / "target" / "release" / "corpus-tool")
    archive = Path(args.archive)
    if not archive.exists():
        sys.exit(f"{archive} is absent: the benchmark needs it")
    folder = Path(args.folder)
    one, parts = build_set(archive, folder, args.games, args.files, tool)

    import renju_kit
    import renju_kit.spark

    conf = {
        "spark.driver.memory": DRIVER_MEMORY,
        "spark.executor.pyspark.memory": PYSPARK_MEMORY,
        "spark.sql.execution.arrow.maxRecordsPerBatch": str(BATCH_ROWS),
    }
    for kv in args.conf:
        key, _, value = kv.partition("=")
        conf[key] = value
    spark = renju_kit.spark.local_session(2, app_name="renju-kit-bench", conf=conf)
    tiny = folder / "tiny.renju"
    tiny.write_text("\n".join(one.read_text().splitlines()[:9]) + "\n")
    assert renju_kit.spark.audit(spark, [str(tiny)]).count() == 9

    n = args.games
    out = folder / "spark-report.parquet"
    parts_out = folder / "spark-report-parts"
    files = [str(p) for p in parts]
    hz = os.sysconf("SC_CLK_TCK")

    def through_the_jvm() -> None:
        df = renju_kit.spark.audit(spark, files, files_per_task=args.files_per_task, jobs=args.task_jobs)
        df.write.mode("overwrite").parquet(str(out))

    def by_the_tasks() -> None:
        w = renju_kit.spark.write_report(
            spark, files, parts_out, files_per_task=args.files_per_task, jobs=args.task_jobs, mode="overwrite"
        )
        if w.rows != n:
            sys.exit(f"write_report wrote {w.rows} rows, the set has {n} games")

    jobs = [("audit(...).write.parquet", through_the_jvm), ("write_report(...)", by_the_tasks)]
    # the warm-up: each job itself, untimed for the ratio (the JVM compiles Spark's generated
    # code, the Arrow reader and the Parquet writer as they run; a long job is past this in
    # its first minutes), timed apart as the cold run
    cold: Dict[str, List[float]] = {name: [] for name, _ in jobs}
    for _ in range(args.warmup):
        for name, job in jobs:
            t = time.perf_counter()
            job()
            cold[name].append(time.perf_counter() - t)
    plain: List[Tuple[float, float]] = []
    report: List[Tuple[float, float]] = []
    runs: Dict[str, List[Tuple[float, float, float]]] = {name: [] for name, _ in jobs}
    with Sampler() as mem:
        # they take turns, so that each meets the machine's load of the moment
        for _ in range(args.repeat):
            plain.append(timed([tool, "validate", "--quiet", "--jobs", "2", str(one)]))
            report.append(
                timed([tool, "validate", "--quiet", "--jobs", "2", "--report", str(folder / "validate-report.csv"), str(one)])
            )
            for name, job in jobs:
                before = mem.cpu()
                t = time.perf_counter()
                job()
                wall = time.perf_counter() - t
                after = mem.cpu()
                kinds = mem.processes()
                jvm = sum(v - before.get(p, 0) for p, v in after.items() if kinds.get(p, (0, ""))[1] == "java") / hz
                runs[name].append((wall, sum(v - before.get(p, 0) for p, v in after.items()) / hz, jvm))
    t_plain, c_plain = min(plain)
    t_report, c_report = min(report)
    for written in (out, parts_out):
        rows = spark.read.parquet(str(written)).count()
        if rows != n:
            sys.exit(f"the Spark report {written} has {rows} rows, the set {n} games")
    spark.stop()
    load = os.getloadavg()[0]
    tasks = -(-len(parts) // args.files_per_task)
    print(f"renju_kit {renju_kit.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load:.1f}")
    print(
        f"set: {n:,} games (train-2.renju under the 8 symmetries, twice, shuffled, cut), "
        f"{len(parts)} Parquet files, {tasks} tasks, local[2], jobs={args.task_jobs} a task"
    )
    if args.conf:
        print(f"Spark settings added (--conf): {', '.join(args.conf)}")
    print(f"best of {args.repeat}, taking turns; CPU: user + system seconds of every thread (Spark: the JVM and the Python workers)")
    if args.warmup:
        print(
            f"   warm-up before them: each Spark job run {args.warmup} time(s) untimed for the ratio ("
            + "; ".join(f"{name} {', '.join(f'{c:.3f} s' for c in cold[name])}" for name, _ in jobs)
            + "): the first run of a JVM, the JIT compiling as it goes"
        )
    print(f"   corpus-tool validate --jobs 2 (summary)        {t_plain:8.3f} s  {n / t_plain:12,.0f} games/s  CPU {c_plain:7.2f} s (the yardstick)")
    print(f"   corpus-tool validate --jobs 2 --report CSV     {t_report:8.3f} s  {n / t_report:12,.0f} games/s  CPU {c_report:7.2f} s")
    for name, what in [
        ("audit(...).write.parquet", "the JVM (Arrow batches in, the Parquet report written)"),
        ("write_report(...)", "the JVM (one row a task)"),
    ]:
        t_spark, c_spark, c_jvm = min(runs[name])
        print(f"   renju_kit.spark.{name:<29}{t_spark:8.3f} s  {n / t_spark:12,.0f} games/s  CPU {c_spark:7.2f} s")
        print(f"      of which {what} CPU {c_jvm:.2f} s, the Python workers {c_spark - c_jvm:.2f} s")
        print(
            f"      games/s / validate games/s              {t_plain / t_spark:8.2f}x wall (goal: at least 0.5x), "
            f"{c_plain / c_spark:.2f}x CPU; against validate --report {t_report / t_spark:.2f}x wall, {c_report / c_spark:.2f}x CPU"
        )
    workers = sorted(mem.workers.values())
    print(
        f"   peak RSS: JVM {mem.jvm / 1024:.0f} MB (spark.driver.memory={DRIVER_MEMORY}: the heap), "
        f"Python workers {', '.join(f'{w / 1024:.0f}' for w in workers)} MB "
        f"(spark.executor.pyspark.memory={PYSPARK_MEMORY} each; Arrow batches of {BATCH_ROWS:,} rows)"
    )
    print(f"   load average while measured: {load:.1f} (on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
