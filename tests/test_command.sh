#!/bin/sh
# `ir-run test` beyond the manifest format: unusable manifests counted and
# in JUnit, failing check ops named, --junit checked before any case runs,
# --filter, --update, --quiet, -j N (same output as -j 1).
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tests/lib/expect.sh"
cd "$tmp" || exit 2
cp "$here"/examples/golden/* .
cp "$here/tests/golden/bad_manifest.yaml" bad.yaml
printf 'func.func @main() {\n  %%0 = stablehlo.constant dense<[1, 2]> : tensor<2xi8>\n  check.expect_eq_const %%0, dense<[1, 3]> : tensor<2xi8>\n  func.return\n}\n' >checks.mlir
printf 'cases:\n  - name: failing_check\n    program: checks.mlir\n' >checks.yaml

# an unusable manifest: an error in the counts and in the JUnit report
expect_rc 2 "$IRRUN" test suite.yaml bad.yaml --junit j.xml
expect_in out "5 passed, 0 failed, 1 manifest unusable"
expect_in j.xml 'errors="1"'
expect_in j.xml '<testcase classname="bad.yaml" name="manifest"'
expect_in j.xml '<error message="bad.yaml:'
# JUnit keeps the manifests' order: the unusable one between the others
expect_rc 2 "$IRRUN" test suite.yaml bad.yaml checks.yaml --junit order.xml
sed -n 's/^  <testsuite name="\([^"]*\)".*/\1/p' order.xml | tr '\n' ' ' >order.txt
[ "$(cat order.txt)" = "suite.yaml bad.yaml checks.yaml " ] && ok || bad "JUnit suites out of order: $(cat order.txt)"
# an unknown key with a near one: "did you mean"
printf 'cases:\n  - name: typo\n    progam: checks.mlir\n' >typo.yaml
expect_rc 2 "$IRRUN" test typo.yaml
expect_in err "unknown key 'progam' in a case; did you mean 'program'?"
# one output: "1 output", not "1 outputs"
printf 'func.func @main() {\n  func.return\n}\n' >none.mlir
printf 'cases:\n  - name: counts\n    program: none.mlir\n    outputs:\n      - values: [1]\n' >counts.yaml
expect_rc 1 "$IRRUN" test counts.yaml
expect_in out "FAIL counts: @main returned 0 values, the case lists 1 output"
grep -q "1 outputs" out && bad "plural for one output: $(cat out)" || ok
# a failing check op is named, with its place
expect_rc 1 "$IRRUN" test checks.yaml
expect_in out "FAIL failing_check: 1 check failed in the program: check.expect_eq_const at checks.mlir:3:3"
# an unwritable --junit is reported before any case runs
expect_rc 2 "$IRRUN" test suite.yaml --junit no_such_dir/j.xml
expect_in err "--junit"
[ -s out ] && bad "cases ran although --junit cannot be written: $(cat out)" || ok
# --filter: a part of the name, or a wildcard pattern
expect_rc 0 "$IRRUN" test suite.yaml --filter matmul
expect_in out "2 passed, 0 failed"
expect_rc 0 "$IRRUN" test suite.yaml --filter='add_*_values'
expect_in out "PASS add_inline_values"
expect_in out "1 passed, 0 failed"
expect_rc 0 "$IRRUN" test suite.yaml --filter nothing_like_this
expect_in err "selects no case"
# --quiet: failures and the summary only
expect_rc 1 "$IRRUN" test suite.yaml checks.yaml --quiet
grep -q '^PASS' out && bad "--quiet printed PASS lines" || ok
expect_in out "FAIL failing_check"
expect_in out "5 passed, 1 failed"
# --update rewrites a golden file that differs, and only file: outputs
cp "$here/examples/validation/backend_out.npy" reference_out.npy
expect_rc 1 "$IRRUN" test suite.yaml --filter matmul_npy_files
expect_rc 0 "$IRRUN" test suite.yaml --filter matmul_npy_files --update
expect_in out "UPDATED matmul_npy_files: output 0 -> reference_out.npy"
expect_in out "0 passed, 0 failed, 1 updated"
cmp -s reference_out.npy "$here/examples/golden/reference_out.npy" && ok || bad "--update wrote other bytes than the reference's file"
expect_rc 0 "$IRRUN" test suite.yaml --filter matmul_npy_files
rm reference_out.npy
expect_rc 0 "$IRRUN" test suite.yaml --filter matmul_npy_files --update
[ -f reference_out.npy ] && ok || bad "--update did not write a missing golden file"
sed 's/448, -4.5/448, -4.0/' suite.yaml >inline.yaml
expect_rc 2 "$IRRUN" test inline.yaml --filter add_inline_values --update
expect_in out "only file: outputs are updated"
# -j: the same output, in the same order, as one case at a time
"$IRRUN" test suite.yaml checks.yaml "$here/tests/golden/failing.yaml" suite.yaml >seq.out 2>seq.err
seq_rc=$?
"$IRRUN" test -j 3 suite.yaml checks.yaml "$here/tests/golden/failing.yaml" suite.yaml >par.out 2>par.err
par_rc=$?
[ "$seq_rc" = "$par_rc" ] && ok || bad "-j 3 exit $par_rc, -j 1 exit $seq_rc"
cmp -s seq.out par.out && ok || { bad "-j 3 stdout differs from -j 1"; diff seq.out par.out | head; }
cmp -s seq.err par.err && ok || { bad "-j 3 stderr differs from -j 1"; diff seq.err par.err | head; }
"$IRRUN" test -j3 suite.yaml checks.yaml --junit pj.xml >/dev/null 2>&1
"$IRRUN" test suite.yaml checks.yaml --junit sj.xml >/dev/null 2>&1
sed 's/time="[0-9.]*"//g' pj.xml >pj.txt
sed 's/time="[0-9.]*"//g' sj.xml >sj.txt
cmp -s pj.txt sj.txt && ok || bad "-j JUnit differs from -j 1"
expect_rc 2 "$IRRUN" test -j 0 suite.yaml
expect_rc 2 "$IRRUN" test -j suite.yaml
expect_rc 2 "$IRRUN" test --jobs=x suite.yaml

# ---- dot accumulation and the while limit, per manifest and per case (F5) ----
# f16 [2048, 1, 1] . [1, 1, 1]: REF rounds every sum to f16, and 2048 + 1 is
# a tie between 2048 and 2050 that goes to the even 2048, twice: 2048.
# Accumulating in f32 gives 2050 exactly, an f16 value: the golden 2050
# holds only with f32 (or f64) accumulation.
cat >dot16.mlir <<'M'
func.func @main(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<f16> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<3xf16>, tensor<3xf16>) -> tensor<f16>
  func.return %0 : tensor<f16>
}
M
dot_case() { # NAME [EXTRA KEY LINE]
    printf '  - name: %s\n    program: dot16.mlir\n%s    inputs:\n      - values: [2048, 1, 1]\n      - values: [1, 1, 1]\n    outputs:\n      - values: 2050\n' "$1" "${2:-}"
}
{ echo 'cases:'; dot_case plain; dot_case f32_case "    dot_accumulation: f32
"; dot_case ref_case "    dot_accumulation: ref
"; } >acc.yaml
expect_rc 1 "$IRRUN" test acc.yaml
expect_in out "FAIL plain: output 0 (exact): 1 of 1 elements differ (max ULP 1), first at []: expected 2.050000e+03 (0x6801), actual 2.048000e+03 (0x6800), ULP 1"
expect_in out "PASS f32_case"
expect_in out "FAIL ref_case"
# the command line is the default of every case; the manifest's key and
# then the case's replace it (the nearest wins)
expect_rc 1 "$IRRUN" test --dot-accumulation=f32 acc.yaml
expect_in out "PASS plain"
expect_in out "PASS f32_case"
expect_in out "FAIL ref_case"
{ echo 'dot_accumulation: f64'; echo 'cases:'; dot_case plain; dot_case ref_case "    dot_accumulation: ref
"; } >acc_default.yaml
expect_rc 1 "$IRRUN" test --dot-accumulation ref acc_default.yaml
expect_in out "PASS plain"
expect_in out "FAIL ref_case"
printf 'cases:\n  - name: x\n    program: dot16.mlir\n    dot_accumulation: f16\n' >acc_bad.yaml
expect_rc 2 "$IRRUN" test acc_bad.yaml
expect_in err "acc_bad.yaml:4:23: error: dot_accumulation must be ref, algorithm, f32 or f64"
expect_rc 2 "$IRRUN" test --dot-accumulation=f16 acc.yaml
expect_in err "bad value 'f16' for --dot-accumulation"
# a loop of 10 iterations: fine without a limit, a run-time error above 5
cat >loop.mlir <<'M'
func.func @main() -> tensor<i64> {
  %i0 = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %n = stablehlo.constant dense<10> : tensor<i64>
  %r = stablehlo.while(%i = %i0) : tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %j = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %j : tensor<i64>
  }
  func.return %r : tensor<i64>
}
M
printf 'cases:\n  - name: unlimited\n    program: loop.mlir\n    outputs:\n      - values: 10\n  - name: limited\n    program: loop.mlir\n    max_while_iterations: 5\n    outputs:\n      - values: 10\n  - name: enough\n    program: loop.mlir\n    max_while_iterations: 10\n    outputs:\n      - values: 10\n' >loop.yaml
expect_rc 1 "$IRRUN" test loop.yaml
expect_in out "PASS unlimited"
expect_in out "FAIL limited: runtime error (see above)"
expect_in out "PASS enough"
expect_rc 1 "$IRRUN" test --max-while-iterations=9 loop.yaml
expect_in out "FAIL unlimited: runtime error"
expect_in out "PASS enough"
printf 'max_while_iterations: 9\ncases:\n  - name: manifest_default\n    program: loop.mlir\n    outputs:\n      - values: 10\n' >loop_default.yaml
expect_rc 1 "$IRRUN" test loop_default.yaml
expect_in out "FAIL manifest_default: runtime error"
printf 'cases:\n  - name: x\n    program: loop.mlir\n    max_while_iterations: 0\n' >loop_bad.yaml
expect_rc 2 "$IRRUN" test loop_bad.yaml
expect_in err "loop_bad.yaml:4:27: error: max_while_iterations must be a positive integer"
expect_rc 2 "$IRRUN" test --max-while-iterations=-1 loop.yaml
# too large: the message gives the limit (as the run command's does)
printf 'cases:\n  - name: x\n    program: loop.mlir\n    max_while_iterations: 18446744073709551616\n' >loop_big.yaml
expect_rc 2 "$IRRUN" test loop_big.yaml
expect_in err "loop_big.yaml:4:27: error: max_while_iterations must be a positive integer, at most 18446744073709551615"
expect_rc 2 "$IRRUN" test --max-while-iterations=18446744073709551616 loop.yaml
expect_in err "bad value '18446744073709551616' for --max-while-iterations (expected a positive integer, at most 18446744073709551615)"

# ---- the failing outputs' reports: --show, --sort, JUnit (F7, F8, F15) ---------
# nan_and_ulp: golden [[5.5, -2.5], [4.5, NaN]] against the result
# [[4.5, -2.5], [4.5, -7]] (examples/validation): 5.5 vs 4.5 is 2 ULP
# (spacing 0.5 in [4, 8)), |4.5 - 5.5| = 1 the largest absolute error and
# 1/5.5 = 2/11 the largest relative one; the NaN has no distance
cat >nan.yaml <<'M'
cases:
  - name: nan_and_ulp
    program: matmul_f8.mlir
    inputs:
      - file: lhs.npy
      - file: rhs.npy
    outputs:
      - values: [[5.5, -2.5], [4.5, 0x7F]]
        ulp: 1
        atol: 0.5
M
cp "$here"/examples/validation/lhs.npy "$here"/examples/validation/rhs.npy .
expect_rc 1 "$IRRUN" test nan.yaml --junit nan.xml
want='FAIL nan_and_ulp: output 0 (ulp <= 1, atol 0.5): 2 of 4 elements differ (max ULP 2, NaN mismatches 1, max abs error 1, max rel error 0.18181818181818182), first at [0, 0]: expected 5.500000e+00 (0x4B), actual 4.500000e+00 (0x49), ULP 2'
expect_in out "$want"
grep -q 18446744073709551615 out nan.xml && bad "2^64-1 in ir-run test's report" || ok
# without --show no report under the line; JUnit has it (10 elements)
grep -q 'output 0: tensor' out && bad "a report under the FAIL line without --show" || ok
expect_in nan.xml '<failure message="output 0 (ulp &lt;= 1, atol 0.5): 2 of 4 elements differ (max ULP 2, NaN mismatches 1, max abs error 1, max rel error 0.18181818181818182)'
expect_in nan.xml '&#10;output 0: tensor&lt;2x2xf8E4M3FN&gt; (rule: ulp &lt;= 1, atol 0.5): 4 compared, 2 differing&#10;  max ULP distance: 2, NaN mismatches 1&#10;  max absolute error: 1 at [0, 0] (expected 5.500000e+00, actual 4.500000e+00)&#10;  max relative error: 0.18181818181818182 at [0, 0]'
expect_in nan.xml '    [1, 1]: expected 0x7F (0x7F), actual -7.000000e+00 (0xCE), ULP none (NaN against a value that is not NaN)&#10;'
# --sort worst: the NaN first, in the line and in the report
expect_rc 1 "$IRRUN" test nan.yaml --sort worst --show 1
expect_in out "), worst at [1, 1]: expected 0x7F (0x7F), actual -7.000000e+00 (0xCE), ULP none (NaN against a value that is not NaN)"
expect_in out "  worst differing elements (worst 1 of 2):
    [1, 1]: expected 0x7F"
grep -q '^    \[0, 0\]' out && bad "--show 1 listed a second element" || ok
expect_rc 1 "$IRRUN" test nan.yaml --show all
expect_in out "  first differing elements:
    [0, 0]: expected 5.500000e+00 (0x4B), actual 4.500000e+00 (0x49), ULP 2
    [1, 1]: expected 0x7F"
expect_rc 2 "$IRRUN" test nan.yaml --show -1
expect_rc 2 "$IRRUN" test nan.yaml --sort best
# -j: the reports in the same order
"$IRRUN" test --show all nan.yaml "$here/tests/golden/failing.yaml" nan.yaml >seq.out 2>&1
"$IRRUN" test -j 3 --show all nan.yaml "$here/tests/golden/failing.yaml" nan.yaml >par.out 2>&1
cmp -s seq.out par.out && ok || { bad "-j 3 reports differ from -j 1"; diff seq.out par.out | head; }

# ---- --shard K/N: the K-th of every N selected cases, in manifest order -----
# five cases c1..c5 (none.mlir returns nothing; no outputs: each passes)
{ echo 'cases:'; for c in c1 c2 c3 c4 c5; do printf '  - name: %s\n    program: none.mlir\n' $c; done; } >five.yaml
shard() { # WANT ARGS...: the PASS lines of `ir-run test ARGS five.yaml`, joined
    wanted=$1
    shift
    expect_rc 0 "$IRRUN" test "$@" five.yaml
    got=$(sed -n 's/^PASS //p' out | tr '\n' ' ')
    [ "$got" = "$wanted" ] && ok || bad "test $* five.yaml ran '$got', not '$wanted'"
}
shard "c1 c3 c5 " --shard 1/2
shard "c2 c4 " --shard=2/2
shard "c1 c2 c3 c4 c5 " --shard 1/1
shard "c3 " --shard 3/4
expect_in out "1 passed, 0 failed"
# counted after --filter: c2..c5 split in two
shard "c2 c4 " --filter 'c[2-5]' --shard 1/2
shard "c3 c5 " --filter 'c[2-5]' --shard 2/2
# across manifests, one numbering: five.yaml then five.yaml again
expect_rc 0 "$IRRUN" test --shard 2/3 five.yaml five.yaml
[ "$(sed -n 's/^PASS //p' out | tr '\n' ' ')" = "c2 c5 c3 " ] && ok || bad "--shard 2/3 over two manifests: $(cat out)"
# more shards than cases: an empty shard says so and passes
shard "" --shard 7/9
expect_in err "shard 7/9 has no case"
for v in 0/2 3/2 1/0 x 1/ /2 1/2x -1/2; do
    expect_rc 2 "$IRRUN" test --shard "$v" five.yaml
    expect_in err "bad value '$v' for --shard (expected K/N with 1 <= K <= N)"
done
expect_rc 2 "$IRRUN" test five.yaml --shard

echo "test_command: $pass passed, $fail failed"
[ "$fail" = 0 ]
