#!/bin/sh
# Runs each libFuzzer harness for SECONDS: run.sh BUILD_DIR SECONDS HARNESS...
# Corpora start from the test inputs of the tree (tests/fuzz/seeds.sh) and
# grow in BUILD_DIR/corpus/<harness>; a crash, leak or timeout leaves its
# input as BUILD_DIR/crash-<harness>-* and fails the run. Copy such an input
# to tests/fuzz/regressions/<harness>/ (make check replays them).
set -u
build=$1
seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
status=0
for h in "$@"; do
    corpus=$build/corpus/$h
    mkdir -p "$corpus"
    sh "$here/seeds.sh" "$h" "$corpus"
    echo "== fuzz $h for ${seconds}s"
    "$build/$h" -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=2048 \
        -close_fd_mask=3 -print_final_stats=1 -artifact_prefix="$build/crash-$h-" "$corpus" \
        >"$build/$h.log" 2>&1
    rc=$?
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^#[0-9]+.*DONE' "$build/$h.log" | tail -3
    if [ "$rc" -ne 0 ]; then
        echo "FAIL: fuzz $h found a problem (exit $rc); see $build/$h.log"
        grep -E 'ERROR|SUMMARY|Test unit written' "$build/$h.log" | head -5
        status=1
    fi
done
exit $status
