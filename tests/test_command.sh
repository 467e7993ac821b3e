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
echo "test_command: $pass passed, $fail failed"
[ "$fail" = 0 ]
