#!/bin/sh
# Runs StableHLO portable artifacts (MLIR bytecode of VHLO, docs/bytecode.md)
# with ir-run and compares standard output, whitespace-insensitively, with what
# REF printed for the same program: DIR holds NAME.current.mlirbc and
# NAME.0.9.0.mlirbc (the program serialized at the newest and the oldest VHLO
# target) beside NAME.out. Prints one line per artifact that differs and the
# counts per target. Not part of `make check`: the artifacts do not ship with
# ir-run (`make bytecode-testdata BYTECODE_DATA=DIR`).
# Usage: tools/bytecode_testdata.sh DIR [IRRUN]
set -u
dir=$1
irrun=${2:-build/ir-run}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0
for target in current 0.9.0; do
    pass=0
    fail=0
    for f in "$dir"/*."$target".mlirbc; do
        [ -f "$f" ] || continue
        n=$(basename "$f" ".$target.mlirbc")
        ref=$dir/$n.out
        [ -f "$ref" ] || continue
        timeout 120 "$irrun" "$f" 2>"$tmp/err" | tr -d ' \t\n' >"$tmp/out"
        if tr -d ' \t\n' <"$ref" | cmp -s - "$tmp/out"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "DIFF $n.$target.mlirbc: $(head -c 200 "$tmp/err" | tr '\n' ' ')"
        fi
    done
    echo "$target: $pass of $((pass + fail)) artifacts give REF's output"
    [ "$fail" -eq 0 ] || status=1
done
exit $status
