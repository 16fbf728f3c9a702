"""Reads corpus-tool's Parquet files with pyarrow (an independent reader) and checks them
against the CSV report of the same inputs.

Usage: check.py GAMES.parquet AUDIT.csv AUDIT.parquet [MIN_ROW_GROUPS [REPORT CSV PARQUET]...]

- GAMES.parquet (corpus-tool convert INPUTS... GAMES.parquet): the game schema version 1
  (metadata key, column names and types), one row per CSV row with the same (source, index),
  declared result, and for every readable row as many moves as the CSV counts; unreadable
  records are rows whose `unreadable` says why.
- AUDIT.parquet (corpus-tool validate --report AUDIT.parquet INPUTS...): the CSV's 12 columns
  with types (integers as integers, continues a bool, findings a list of strings), and the
  same rows with the same values.
- each REPORT CSV PARQUET (REPORT: dedupe, search or openings-stats; the command run with
  --report CSV, then --report PARQUET): named REPORT in the file metadata, the CSV's columns
  with their types (integers as integers, mean_moves a double), the same number of rows, every
  value equal to the CSV's, and null exactly where a nullable column's CSV field is empty.

Prints one line per check and `N passed, 0 failed`; exits 1 at the first mismatch.
"""

import csv
import sys

import pyarrow as pa
import pyarrow.parquet as pq

GAME_COLUMNS = [
    ("source", pa.string()),
    ("index", pa.uint64()),
    ("id", pa.string()),
    ("line", pa.string()),
    ("rules", pa.string()),
    ("opening_rule", pa.string()),
    ("black", pa.string()),
    ("white", pa.string()),
    ("event", pa.string()),
    ("date", pa.string()),
    ("declared", pa.string()),
    ("moves", pa.string()),
    ("tags", pa.map_(pa.string(), pa.string())),
    ("encoding", pa.string()),
    ("unreadable", pa.string()),
]

REPORT_TYPES = {
    "file": pa.string(),
    "index": pa.uint64(),
    "id": pa.string(),
    "moves": pa.uint64(),
    "declared": pa.string(),
    "end": pa.string(),
    "end_move": pa.uint64(),
    "continues": pa.bool_(),
    "verdict": pa.string(),
    "detail": pa.string(),
    "findings": pa.list_(pa.string()),
    "opening": pa.string(),
}

# the typed columns of each report (every other column a string)
TYPED = {
    "validate": REPORT_TYPES,
    "dedupe": {"group": pa.uint64(), "index": pa.uint64(), "moves": pa.uint64()},
    "search": {"index": pa.uint64(), "move": pa.uint64()},
    "openings-stats": {
        **{
            c: pa.uint64()
            for c in [
                "games",
                "black",
                "white",
                "draw",
                "unknown",
                "black_five",
                "white_five",
                "foul",
            ]
        },
        "mean_moves": pa.float64(),
    },
}

passed = 0


def check(ok, what):
    global passed
    if not ok:
        print(f"FAILED: {what}")
        print(f"{passed} passed, 1 failed")
        sys.exit(1)
    passed += 1
    print(f"ok: {what}")


def as_csv_text(value):
    """A typed value as the CSV writes it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ";".join(value)
    return str(value)


def check_report(name, csv_path, parquet_path, rows=None):
    """Checks the Parquet report against its CSV; returns its rows as dicts."""
    if rows is None:
        with open(csv_path, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        check(len(rows) > 0, f"{name}: the CSV report has rows ({len(rows)})")
    with open(csv_path, newline="", encoding="utf-8") as f:
        header = next(csv.reader(f))
    report = pq.ParquetFile(parquet_path)
    check(
        (report.metadata.metadata or {}).get(b"renju-kit.report") == name.encode(),
        f"{name}: report named {name} in the file metadata",
    )
    schema = report.schema_arrow
    types = {f.name: f.type for f in schema}
    check(list(types) == header, f"{name}: report columns are the CSV's: {list(types)}")
    want = TYPED[name]
    check(
        all(t == want.get(k, pa.string()) for k, t in types.items()),
        f"{name}: report types: {({k: str(t) for k, t in types.items()})}",
    )
    typed = report.read().to_pylist()
    check(len(typed) == len(rows), f"{name}: {len(typed)} report rows, {len(rows)} CSV rows")
    mismatches = [
        (i, k, a[k], r[k])
        for i, (a, r) in enumerate(zip(typed, rows))
        for k in r
        if as_csv_text(a[k]) != r[k]
    ]
    check(not mismatches, f"{name}: every value equals the CSV's (first mismatches: {mismatches[:3]})")
    nullable = [f.name for f in schema if f.nullable]
    wrong_nulls = [
        (i, k, a[k], r[k])
        for i, (a, r) in enumerate(zip(typed, rows))
        for k in r
        if (a[k] is None) != (k in nullable and r[k] == "")
    ]
    check(
        not wrong_nulls,
        f"{name}: null exactly where a nullable column ({nullable}) is empty in the CSV "
        f"(first mismatches: {wrong_nulls[:3]})",
    )
    return typed


def main():
    games_path, csv_path, audit_path = sys.argv[1:4]
    min_groups = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    with open(csv_path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    check(len(rows) > 0, f"the CSV report has rows ({len(rows)})")

    # the game file
    games_file = pq.ParquetFile(games_path)
    meta = games_file.metadata.metadata or {}
    check(meta.get(b"renju-kit.games.schema") == b"1", "game schema version 1 in the file metadata")
    schema = games_file.schema_arrow
    def same(t, want):
        if pa.types.is_map(want):
            return pa.types.is_map(t) and t.key_type == want.key_type and t.item_type == want.item_type
        return t == want

    check(
        [f.name for f in schema] == [n for n, _ in GAME_COLUMNS]
        and all(same(f.type, t) for f, (_, t) in zip(schema, GAME_COLUMNS)),
        f"game columns and types: {[(f.name, str(f.type)) for f in schema]}",
    )
    check(
        games_file.metadata.num_row_groups >= min_groups,
        f"{games_file.metadata.num_row_groups} row groups (at least {min_groups})",
    )
    games = games_file.read().to_pylist()
    check(len(games) == len(rows), f"{len(games)} game rows, {len(rows)} CSV rows")
    keys_match = all(g["source"] == r["file"] and str(g["index"]) == r["index"] for g, r in zip(games, rows))
    check(keys_match, "every game row has the (source, index) of its CSV row, in order")
    check(all(g["declared"] == r["declared"] for g, r in zip(games, rows)), "declared results match")
    readable = [(g, r) for g, r in zip(games, rows) if g["unreadable"] is None]
    check(
        all(len(g["moves"].split()) == int(r["moves"]) for g, r in readable),
        f"moves of the {len(readable)} readable rows: as many as the CSV counts",
    )
    check(
        all(r["verdict"] != "unreadable" for _, r in readable),
        "no readable row is unreadable in the CSV",
    )
    broken = [(g, r) for g, r in zip(games, rows) if r["verdict"] == "unreadable"]
    check(
        all(g["unreadable"] and g["moves"] == "" for g, _ in broken),
        f"the {len(broken)} unreadable records are rows with their reason and no moves",
    )
    check(
        all(g["id"] == (r["id"] or None) for g, r in zip(games, rows)),
        "record ids match",
    )

    # the typed reports
    audit = check_report("validate", csv_path, audit_path, rows)
    findings = sum(len(a["findings"]) for a in audit)
    check(
        findings == sum(len([k for k in r["findings"].split(";") if k]) for r in rows),
        f"{findings} findings, as many as the CSV lists",
    )
    rest = sys.argv[5:]
    check(len(rest) % 3 == 0, f"reports given as REPORT CSV PARQUET triples ({len(rest)} arguments)")
    for k in range(0, len(rest), 3):
        name, report_csv, report_parquet = rest[k : k + 3]
        check_report(name, report_csv, report_parquet)
    print(f"{passed} passed, 0 failed")


if __name__ == "__main__":
    main()
