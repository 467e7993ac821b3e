#!/bin/sh
# Runs the StableHLO repository's chlo test data (stablehlo/testdata/*_chlo.mlir)
# with ir-run and compares its standard output, whitespace-insensitively, with
# what legalization + REF printed for the same file (docs/chlo.md); then its
# interpret-style chlo suites (stablehlo/tests/interpret/chlo/*.mlir: mulhi,
# ragged_dot, scan) with `ir-run --split-input-file`, counting the files and
# chunks that pass. Not part of `make check`: neither the repository nor REF's
# outputs ship with ir-run. (`make chlo-upstream` runs it.)
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

files=0
bad=0
chunks=0
chunks_ok=0
for f in $(git -C "$git_dir" ls-tree --name-only HEAD stablehlo/tests/interpret/chlo/ | grep '\.mlir$'); do
    files=$((files + 1))
    git -C "$git_dir" show "HEAD:$f" >"$tmp/in.mlir"
    "$irrun" --split-input-file "$tmp/in.mlir" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    # "N passed, M failed", the summary of a split run
    line=$(cat "$tmp/out" "$tmp/err" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    p=$(echo "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
    q=$(echo "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
    chunks=$((chunks + ${p:-0} + ${q:-0}))
    chunks_ok=$((chunks_ok + ${p:-0}))
    if [ "$rc" -ne 0 ] || [ -z "$line" ]; then
        bad=$((bad + 1))
        echo "FAIL $(basename "$f"): $(head -n 1 "$tmp/err")"
    fi
done
echo "chlo interpret suites: $((files - bad)) of $files files pass, $chunks_ok of $chunks chunks"
[ "$fail" -eq 0 ] && [ "$bad" -eq 0 ]
