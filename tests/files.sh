#!/bin/sh
# What ir-run does with files, as a careful user expects: readers give the
# same data in a fresh process with nothing run before them, outputs never
# clobber an input and never leave a partial file, only regular files are
# read (and only up to a cap), and a write error is never an exit 0.
# Every ir-run below is its own process, so each reader starts cold.
set -u
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$(pwd)/$IRRUN ;; esac
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# expect_rc WANT CMD...: runs CMD, output to $tmp/out and $tmp/err
expect_rc() {
    want=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" = "$want" ]; then ok; else bad "exit $got (want $want): $*"; cat "$tmp/err"; fi
}
expect_in() {
    if grep -qF -- "$2" "$1"; then ok; else bad "'$2' not in $1:"; cat "$1"; fi
}
expect_not_in() {
    if grep -qF -- "$2" "$1"; then bad "'$2' in $1:"; cat "$1"; else ok; fi
}
cd "$tmp" || exit 2

# ---- YAML tensors in a cold process: hex patterns and NaN --------------------------
printf 'values: [nan, 0x7F, 1.0, -nan]\n' >nan.yaml
printf 'values: [0.0, 0x7F, 1.0, 0.0]\n' >zero.yaml
printf 'values: ["0x7F", 0x7F, 1.0, 0xFF]\n' >hex.yaml
# NaN read as 0 would make these equal
expect_rc 1 "$IRRUN" compare --type f8E4M3FN nan.yaml zero.yaml
expect_in out "2 differing"
expect_rc 0 "$IRRUN" compare --type f8E4M3FN nan.yaml hex.yaml
expect_rc 0 "$IRRUN" compare --type f8E4M3FN hex.yaml nan.yaml
# --input feeds the NaN itself: the bits come back out
printf 'func.func @main(%%x: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {\n  func.return %%x : tensor<4xf8E4M3FN>\n}\n' >id.mlir
expect_rc 0 "$IRRUN" id.mlir --input x=nan.yaml
expect_in out "[0x7F, 0x7F, 1.000000e+00, 0xFF]"

echo "files.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
