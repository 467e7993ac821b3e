#!/bin/sh
# The MLIR syntax real exporters write (docs/syntax.md, "Attributes kept as
# written"): every tests/roundtrip/X.mlir prints with --emit=ir exactly as
# its hand-written X.expected says (what stablehlo-opt would read back: kept
# attributes in MLIR's dictionary syntax, strings escaped as MLIR escapes
# them), and parse -> print -> parse -> print gives the same text.
IRRUN=${IRRUN:-build/ir-run}
dir=$(dirname "$0")/roundtrip
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passes=0
fails=0
for f in "$dir"/*.mlir; do
    name=$(basename "$f" .mlir)
    if ! "$IRRUN" --emit=ir "$f" >"$tmp/p1" 2>"$tmp/err"; then
        echo "FAIL: $f does not parse"
        head -3 "$tmp/err"
        fails=$((fails + 1))
        continue
    fi
    if ! cmp -s "$dir/$name.expected" "$tmp/p1"; then
        echo "FAIL: $f prints differently from $name.expected"
        diff "$dir/$name.expected" "$tmp/p1" | head -10
        fails=$((fails + 1))
        continue
    fi
    if ! "$IRRUN" --emit=ir "$tmp/p1" >"$tmp/p2" 2>"$tmp/err" || ! cmp -s "$tmp/p1" "$tmp/p2"; then
        echo "FAIL: the printed form of $f does not print back the same"
        head -3 "$tmp/err"
        diff "$tmp/p1" "$tmp/p2" | head -5
        fails=$((fails + 1))
        continue
    fi
    passes=$((passes + 1))
done
echo "roundtrip.sh: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
