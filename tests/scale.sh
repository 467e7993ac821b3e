#!/bin/sh
# Large inputs cost linear (or n log n) work: programs with 150,000
# functions, 100,000 arguments returned at once, 100,000 undefined values,
# and YAML nested 200,000 deep. The quadratic code these guard against took
# minutes on them; the fixed code takes well under a second (a few in the
# sanitizer build). A CPU-time limit far above both turns a regression into
# a failure instead of a hang; nothing here measures speed.
set -u
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$(pwd)/$IRRUN ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
LIMIT=${SCALE_CPU_LIMIT:-40}
fail=0
pass=0
# limited WANT_STATUS NAME ARGS...: runs ir-run under the CPU limit
limited() {
    want=$1
    name=$2
    shift 2
    (ulimit -t "$LIMIT"; exec "$IRRUN" "$@") >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" = "$want" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $name: exit $got (want $want; 152 or 137 is the CPU limit of ${LIMIT}s)"
        tail -3 "$tmp/err"
    fi
}

# function names: the duplicate scan and call resolution
awk 'BEGIN { for (i = 0; i < 150000; i++) printf "func.func private @f%d() {\n  func.return\n}\n", i
             print "func.func @main() {"; for (i = 0; i < 150000; i += 7) printf "  func.call @f%d() : () -> ()\n", i
             print "  func.return\n}" }' >"$tmp/funcs.mlir"
limited 0 "150k functions" "$tmp/funcs.mlir"
printf 'func.func @f1() {\n  func.return\n}\n' >>"$tmp/funcs.mlir"
limited 2 "150k functions, one defined twice" --emit=ir "$tmp/funcs.mlir"
grep -q "redefinition of function '@f1' (first defined at line 4)" "$tmp/err" || { fail=$((fail + 1)); echo "FAIL: duplicate not reported"; }

# values: 100k arguments bound, looked up and returned (value table, dead lists)
awk 'BEGIN { n = 100000
  printf "func.func @main("; for (i = 0; i < n; i++) printf "%s%%a%d: tensor<i1>", (i ? ", " : ""), i
  printf ") -> ("; for (i = 0; i < n; i++) printf "%stensor<i1>", (i ? ", " : "")
  printf ") {\n  func.return "; for (i = 0; i < n; i++) printf "%s%%a%d", (i ? ", " : ""), i
  printf " : "; for (i = 0; i < n; i++) printf "%stensor<i1>", (i ? ", " : ""); print "\n}" }' >"$tmp/args.mlir"
limited 0 "100k arguments returned" --emit=ir "$tmp/args.mlir"

# errors: the checker stops after 100 instead of searching for each of 100k
awk 'BEGIN { print "func.func @main() -> tensor<i32> {"; print "  %v0 = stablehlo.constant dense<1> : tensor<i32>"
  for (i = 1; i < 100000; i++) printf "  %%v%d = stablehlo.add %%u%d, %%u%d : tensor<i32>\n", i, i, i
  print "  func.return %v99999 : tensor<i32>\n}" }' >"$tmp/undef.mlir"
limited 2 "100k undefined values" --emit=ir "$tmp/undef.mlir"
[ "$(grep -c 'error: use of undefined value' "$tmp/err")" = 100 ] && grep -q 'note: stopping after 100 errors' "$tmp/err" ||
    { fail=$((fail + 1)); echo "FAIL: error cap: $(grep -c error: "$tmp/err") errors"; }

# YAML: nesting is bounded before libyaml sees it (tensor files and manifests)
awk 'BEGIN { printf "values: "; for (i = 0; i < 200000; i++) printf "["; printf "1"; for (i = 0; i < 200000; i++) printf "]"; print "" }' >"$tmp/deep.yaml"
limited 2 "YAML 200k deep" compare --type f32 "$tmp/deep.yaml" "$tmp/deep.yaml"
grep -q 'deep.yaml:1:1009: error: YAML nesting deeper than 1000 levels' "$tmp/err" || { fail=$((fail + 1)); echo "FAIL: deep YAML message: $(cat "$tmp/err")"; }
awk 'BEGIN { printf "cases:\n  - "; for (i = 0; i < 200000; i++) printf "{a: "; for (i = 0; i < 200000; i++) printf "}"; print "" }' >"$tmp/deep_manifest.yaml"
limited 2 "YAML manifest 200k deep" test "$tmp/deep_manifest.yaml"
# legitimate nesting, brackets in quotes and comments do not count
{ printf 'values: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] # [[[[ not nesting\n'; printf 'type: "f32"\n'; } >"$tmp/ok.yaml"
limited 0 "normal YAML" compare --type f32 --shape 2x2x2 "$tmp/ok.yaml" "$tmp/ok.yaml"

# reduce_window never builds its padded input (adversarial review N12): a
# padding of 2^30 around 4 elements costs the 5 results, not 4 GB. Under a
# 512 MB address-space limit (skipped when even a trivial run cannot start
# under it, as in a sanitizer build, which reserves terabytes); values by
# hand: result r folds 2^30 - r padding positions (init) and x[0..r).
rwin() { # type init body W x -> a reduce_window of x (4 elements) padded low W under a window of W
    printf 'func.func @main() -> tensor<5x%s> {\n  %%x = stablehlo.constant dense<%s> : tensor<4x%s>\n' "$1" "$5" "$1"
    printf '  %%z = stablehlo.constant dense<%s> : tensor<%s>\n' "$2" "$1"
    printf '  %%r = "stablehlo.reduce_window"(%%x, %%z) ({\n  ^bb0(%%a: tensor<%s>, %%b: tensor<%s>):\n%s\n' "$1" "$1" "$3"
    printf '    stablehlo.return %%s : tensor<%s>\n  }) {window_dimensions = array<i64: %s>, padding = dense<[[%s, 0]]> : tensor<1x2xi64>}' "$1" "$4" "$4"
    printf ' : (tensor<4x%s>, tensor<%s>) -> tensor<5x%s>\n  func.return %%r : tensor<5x%s>\n}\n' "$1" "$1" "$1" "$1"
}
vlimited() { # like limited, with the address-space limit as well
    want=$1
    name=$2
    shift 2
    (ulimit -t "$LIMIT"; ulimit -v 524288; exec "$IRRUN" "$@") >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" = "$want" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $name: exit $got (want $want)"
        tail -3 "$tmp/err"
    fi
}
if (ulimit -v 524288; "$IRRUN" --version; exit $?) >/dev/null 2>&1; then
    add='    %s = stablehlo.add %a, %b : tensor<f32>'
    rwin f32 0.0 "$add" 1073741824 '[1.0, 2.0, 3.0, 4.0]' >"$tmp/rw_add.mlir"
    vlimited 0 "reduce_window padded by 2^30 (one-op body)" --print-format=decimal "$tmp/rw_add.mlir"
    grep -q '\[0, 1, 3, 6, 10\]' "$tmp/out" || { fail=$((fail + 1)); echo "FAIL: reduce_window 2^30 add: $(cat "$tmp/out")"; }
    two='    %m = stablehlo.maximum %a, %b : tensor<f32>
    %s = stablehlo.add %m, %b : tensor<f32>'
    rwin f32 0.0 "$two" 1073741824 '[1.0, 2.0, 3.0, 4.0]' >"$tmp/rw_two.mlir"
    vlimited 0 "reduce_window padded by 2^30 (body in lanes)" --print-format=decimal "$tmp/rw_two.mlir"
    # max(acc, x) + x from 0: 0; 2; 2 then 4; 4 then 7; 7 then 11
    grep -q '\[0, 2, 4, 7, 11\]' "$tmp/out" || { fail=$((fail + 1)); echo "FAIL: reduce_window 2^30 two ops: $(cat "$tmp/out")"; }
    # an init that is no identity: each of the 2^20 - r padding steps adds 1
    rwin i32 1 '    %s = stablehlo.add %a, %b : tensor<i32>' 1048576 '[1, 2, 3, 4]' >"$tmp/rw_one.mlir"
    vlimited 0 "reduce_window padded by 2^20, init 1" "$tmp/rw_one.mlir"
    grep -q '\[1048577, 1048577, 1048578, 1048580, 1048583\]' "$tmp/out" || { fail=$((fail + 1)); echo "FAIL: reduce_window init 1: $(cat "$tmp/out")"; }
else
    echo "scale: reduce_window memory cases skipped: $IRRUN does not start under ulimit -v (a sanitizer build)"
fi

echo "scale: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
