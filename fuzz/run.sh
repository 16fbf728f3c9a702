#!/bin/sh
# Seeds each target's corpus from the project's fixtures and (when present) copies of
# ../../shared/corpora made at run time, then runs the targets one at a time.
#   fuzz/run.sh [RUNS] [TARGET...]      (default: 1000000 runs, every target)
# Inputs are capped at 4 KB (-max_len): the reader limits themselves are tested on stable
# (crates/notation/tests/limits.rs) with generated inputs of many megabytes.
# Needs a nightly toolchain and cargo-fuzz. Seeds and findings stay out of git
# (fuzz/corpus, fuzz/artifacts are ignored).
set -eu
cd "$(dirname "$0")"
RUNS=${1:-1000000}
[ $# -gt 0 ] && shift
TARGETS=${*:-"moves renju rif psq sgf lib pos"}
ROOT=..
SHARED=$ROOT/../shared/corpora
seed() { # target, then files
    t=$1; shift
    mkdir -p corpus/$t
    for f in "$@"; do
        [ -f "$f" ] || continue
        # big archives: the first few kilobytes are plenty as seeds
        head -c 4096 "$f" > "corpus/$t/$(echo "$f" | tr '/' '_')"
    done
}
seed moves $ROOT/corpus/games/*.renju $SHARED/*/*.txt
seed renju $ROOT/corpus/games/*.renju $ROOT/corpus/records/*.renju $SHARED/*/*.renju
seed rif $ROOT/corpus/records/*.rif $SHARED/*/*.rif
seed psq $ROOT/corpus/records/*.psq $SHARED/*/*.psq
seed sgf $ROOT/corpus/records/*.sgf $SHARED/*/*.sgf
seed lib $ROOT/corpus/records/*.lib $SHARED/*/*.lib
seed pos $SHARED/*/*.pos
seed diagram $ROOT/corpus/diagrams/* $ROOT/crates/notation/tests/snapshots/*
for t in $TARGETS; do
    start=$(date +%s)
    features=""
    [ "$t" = diagram ] && features="--features diagram"
    cargo +nightly fuzz run $features "$t" -- -runs="$RUNS" -max_len=4096 -rss_limit_mb=1024 \
        > "fuzz-$t.log" 2>&1 && status=ok || status=FAILED
    end=$(date +%s)
    done_runs=$(grep -o 'Done [0-9]* runs' "fuzz-$t.log" | tail -1)
    echo "$t: $status, ${done_runs:-no count}, $((end - start)) s"
done
