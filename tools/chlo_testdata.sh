#!/bin/sh
# Runs the StableHLO repository's chlo test data (stablehlo/testdata/*_chlo.mlir)
# with ir-run and compares its standard output, whitespace-insensitively, with
# what legalization + REF printed for the same file (docs/chlo.md). Not part of
# `make check`: neither the repository nor REF's outputs ship with ir-run.
# Usage: tools/chlo_testdata.sh STABLEHLO_GIT_DIR REF_OUT_DIR [IRRUN]
#   STABLEHLO_GIT_DIR  a clone of openxla/stablehlo (its git directory)
#   REF_OUT_DIR        NAME.out (or NAME.large.out) per file: REF's stdout
. "$(dirname "$0")/testdata_args.sh"
pass=0
fail=0
skip=0
for f in $(git -C "$git_dir" ls-tree --name-only HEAD stablehlo/testdata/ | grep '_chlo'); do
    n=$(basename "$f" .mlir)
    ref=$ref_dir/$n.out
    [ -f "$ref" ] || ref=$ref_dir/$(echo "$n" | sed 's/\.large$//').large.out
    [ -f "$ref" ] || ref=$ref_dir/$n.large.out
    if [ ! -f "$ref" ]; then
        skip=$((skip + 1))
        continue
    fi
    git -C "$git_dir" show "HEAD:$f" >"$tmp/in.mlir"
    "$irrun" "$tmp/in.mlir" 2>"$tmp/err" | tr -d ' \t\n' >"$tmp/out"
    if tr -d ' \t\n' <"$ref" | cmp -s - "$tmp/out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $n: $(head -n 1 "$tmp/err")"
    fi
done
echo "chlo testdata: $pass identical, $fail differ, $skip without a REF output"
[ "$fail" -eq 0 ]
