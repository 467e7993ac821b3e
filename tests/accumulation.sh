#!/bin/sh
# Golden tests of the accumulate-in-type modes (make check runs this with
# IRRUN=path/to/ir-run): every tests/accumulation/MODE/*.mlir must run with
# exit status 0 under
#   $IRRUN --interpret --dot-accumulation=MODE -split-input-file FILE
# and must fail (exit 1) without the option, so each file shows its mode
# matters. Expected values come from tests/oracle (gen_conv.py).
IRRUN=${IRRUN:-build/ir-run}
dir=$(dirname "$0")/accumulation
tmp=${TMPDIR:-/tmp}/irrun-accumulation.$$
trap 'rm -f "$tmp"' EXIT INT TERM
total=0
failed=0
for f in "$dir"/*/*.mlir; do
    [ -f "$f" ] || continue
    mode=$(basename "$(dirname "$f")")
    total=$((total + 1))
    "$IRRUN" --interpret --dot-accumulation="$mode" -split-input-file "$f" >/dev/null 2>"$tmp"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "FAIL: $f with --dot-accumulation=$mode (exit status $rc, want 0)"
        grep -v 'warning:' "$tmp" | head -n 30
        failed=$((failed + 1))
        continue
    fi
    "$IRRUN" --interpret -split-input-file "$f" >/dev/null 2>"$tmp"
    rc=$?
    if [ "$rc" -ne 1 ]; then
        echo "FAIL: $f without --dot-accumulation (exit status $rc, want 1: REF gives other results)"
        failed=$((failed + 1))
    fi
done
# `algorithm` honours only a dot_general's algorithm attribute: convolution
# has none, so its REF golden files hold under that mode too
for f in "$(dirname "$0")"/interpret/convolution*.mlir; do
    [ -f "$f" ] || continue
    total=$((total + 1))
    if ! "$IRRUN" --interpret --dot-accumulation=algorithm -split-input-file "$f" >/dev/null 2>"$tmp"; then
        echo "FAIL: $f with --dot-accumulation=algorithm (REF accumulation expected)"
        failed=$((failed + 1))
    fi
done
echo "accumulation: $total files, $failed failed"
[ "$failed" -eq 0 ]
