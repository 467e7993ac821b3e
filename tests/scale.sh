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

echo "scale: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
