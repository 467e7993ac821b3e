#!/bin/sh
# Runs the StableHLO repository's interpret-style chlo suites
# (stablehlo/tests/interpret/chlo/*.mlir at the repository's HEAD: mulhi,
# ragged_dot, scan; docs/chlo.md) straight from its git directory with
# `ir-run --split-input-file` and counts the files and chunks that pass.
# Not part of `make check`: the repository does not ship with ir-run.
# Usage: tools/chlo_interpret_suites.sh STABLEHLO_GIT_DIR [IRRUN]
set -u
git_dir=$1
irrun=${2:-build/ir-run}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
files=0
bad=0
chunks=0
chunks_ok=0
for f in $(git -C "$git_dir" ls-tree --name-only HEAD stablehlo/tests/interpret/chlo/ | grep '\.mlir$'); do
    files=$((files + 1))
    git -C "$git_dir" show "HEAD:$f" >"$tmp/in.mlir"
    "$irrun" --split-input-file "$tmp/in.mlir" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    # "N passed, M failed" (the last line of a split run)
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$tmp/out" "$tmp/err" | tail -n 1 | sed 's/^[^:]*://')
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
[ "$bad" -eq 0 ]
