"""Rewrites a game file with pyarrow in every codec pyarrow writes, so that corpus-tool can be
checked reading files another writer compressed.

Usage: recompress.py GAMES.parquet OUTDIR

Writes OUTDIR/games-CODEC.parquet for CODEC in none, snappy, gzip, brotli, lz4 and zstd (the
same table and metadata, row groups of 1000 rows) and prints each path on a line.
"""

import sys

import pyarrow.parquet as pq

CODECS = ["none", "snappy", "gzip", "brotli", "lz4", "zstd"]


def main():
    games, out = sys.argv[1:3]
    table = pq.read_table(games)
    for codec in CODECS:
        path = f"{out}/games-{codec}.parquet"
        pq.write_table(table, path, compression=codec, row_group_size=1000)
        written = pq.ParquetFile(path).metadata
        used = {
            written.row_group(g).column(c).compression
            for g in range(written.num_row_groups)
            for c in range(written.num_columns)
        }
        want = "UNCOMPRESSED" if codec == "none" else codec.upper()
        if not any(u.startswith(want) for u in used):
            sys.exit(f"{path}: pyarrow wrote {sorted(used)}, not {want}")
        print(path)


if __name__ == "__main__":
    main()
