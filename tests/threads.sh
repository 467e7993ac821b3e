#!/bin/sh
# Output bits do not depend on the thread count or the vector path
# (docs/threads.md). Every golden file (tests/interpret/*.mlir, and
# tests/accumulation/MODE/*.mlir with its mode) runs three ways:
#   --threads 1                                  the reference run
#   --threads 3 with IRRUN_TEST_TINY_PARTS=1     every kernel that can split
#                                                does, in parts of a few
#                                                elements or rows
#   --threads 1 with IRRUN_ISA=generic           the portable loops
# Each must exit 0 (the files' own checks pass) and print exactly what the
# reference run printed. make check runs this with IRRUN=path/to/ir-run.
IRRUN=${IRRUN:-build/ir-run}
root=$(dirname "$0")
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
total=0
failed=0

# run NAME MODE FILE [ENV=VALUE...] -- OPTIONS: stdout to $work/NAME.out
run() {
    name=$1 mode=$2 file=$3
    shift 3
    rm -rf "$work/probes" && mkdir "$work/probes"
    env "$@" "$IRRUN" --interpret -split-input-file --dot-accumulation="$mode" \
        --probe-output-dir "$work/probes" "$file" >"$work/$name.out" 2>"$work/$name.err"
}

check() {
    mode=$1 file=$2
    total=$((total + 1))
    run ref "$mode" "$file" IRRUN_THREADS=1
    rc_ref=$?
    run threads "$mode" "$file" IRRUN_THREADS=3 IRRUN_TEST_TINY_PARTS=1
    rc_threads=$?
    run generic "$mode" "$file" IRRUN_THREADS=1 IRRUN_ISA=generic
    rc_generic=$?
    if [ "$rc_ref" -ne 0 ] || [ "$rc_threads" -ne 0 ] || [ "$rc_generic" -ne 0 ]; then
        echo "FAIL: $file ($mode): exit statuses ref $rc_ref, 3 threads $rc_threads, generic $rc_generic (want 0)"
        head -n 20 "$work/threads.err" "$work/generic.err"
        failed=$((failed + 1))
    elif ! cmp -s "$work/ref.out" "$work/threads.out" || ! cmp -s "$work/ref.out" "$work/generic.out"; then
        echo "FAIL: $file ($mode): the output depends on the threads or the vector path"
        failed=$((failed + 1))
    fi
}

for f in "$root"/interpret/*.mlir; do
    [ -f "$f" ] && check ref "$f"
done
for f in "$root"/accumulation/*/*.mlir; do
    [ -f "$f" ] && check "$(basename "$(dirname "$f")")" "$f"
done
echo "threads: $total files, $failed failed"
[ "$failed" -eq 0 ]
