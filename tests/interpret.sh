#!/bin/sh
# Golden interpreter tests (make check runs this with IRRUN=path/to/ir-run).
# tests/interpret/*.mlir must run with exit status 0 under
#   $IRRUN --interpret -split-input-file --probe-output-dir DIR FILE
# (DIR an empty directory of its own, as REF's lit tests give one for
# interpreter.probe); tests/interpret/fail/*.mlir must exit with status 1
# and print, on stderr, every text given on a "// EXPECT-ERR: " line of the
# file (fixed strings).
IRRUN=${IRRUN:-build/ir-run}
dir=$(dirname "$0")/interpret
tmp=${TMPDIR:-/tmp}/irrun-interpret.$$
probes=$(mktemp -d) || exit 2
trap 'rm -f "$tmp"; rm -rf "$probes"' EXIT INT TERM
total=0
failed=0
for f in "$dir"/*.mlir; do
    [ -f "$f" ] || continue
    total=$((total + 1))
    "$IRRUN" --interpret -split-input-file --probe-output-dir "$probes" "$f" >/dev/null 2>"$tmp"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "FAIL: $f (exit status $rc, want 0)"
        head -n 30 "$tmp"
        failed=$((failed + 1))
    fi
done
for f in "$dir"/fail/*.mlir; do
    [ -f "$f" ] || continue
    total=$((total + 1))
    "$IRRUN" --interpret -split-input-file --probe-output-dir "$probes" "$f" >/dev/null 2>"$tmp"
    rc=$?
    ok=1
    if [ "$rc" -ne 1 ]; then
        echo "FAIL: $f (exit status $rc, want 1)"
        ok=0
    fi
    grep '^// EXPECT-ERR: ' "$f" | sed 's|^// EXPECT-ERR: ||' | while IFS= read -r want; do
        grep -F -q -- "$want" "$tmp" || { echo "FAIL: $f: stderr lacks: $want"; exit 1; }
    done || ok=0
    if [ "$ok" -ne 1 ]; then
        head -n 30 "$tmp"
        failed=$((failed + 1))
    fi
done
echo "interpret: $total files, $failed failed"
[ "$failed" -eq 0 ]
