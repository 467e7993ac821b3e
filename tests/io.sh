#!/bin/sh
# Tensor files, `ir-run compare` and `ir-run test` from the command line:
# exit codes, report keys, the example walkthroughs. Run by `make check` with
# IRRUN set to the ir-run binary.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tests/lib/expect.sh"

if ! "$IRRUN" compare --help >/dev/null 2>&1; then
    echo "io.sh: SKIP: 'ir-run compare' is not registered in src/cli/main.c yet"
    exit 0
fi

# A .npy file by hand: npy FILE DESCR SHAPE OCTAL_BYTES (version 1.0)
npy() {
    hdr="{'descr': '$2', 'fortran_order': False, 'shape': $3, }"
    len=$((${#hdr} + 1))
    {
        printf '\223NUMPY\001\000'
        printf "\\$(printf %03o $((len % 256)))\\$(printf %03o $((len / 256)))"
        printf '%s\n' "$hdr"
        printf "$4"
    } >"$1"
}

# ---- compare: exit codes, every spelling, reports ----------------------------
# expected: 1.0 2.0 4.0 0x7F(NaN) -0 1.0 ; actual differs by 1 ULP at [1], 3 at [2]
npy "$tmp/e.npy" '<V1' '(2, 3)' '\070\100\110\177\200\070'
for d in '<V1' '|V1' '<f1' '|u1' '<u1' '|i1' 'float8_e4m3fn'; do
    npy "$tmp/same.npy" "$d" '(2, 3)' '\070\100\110\177\200\070'
    expect_rc 0 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/same.npy"
done
npy "$tmp/a.npy" 'float8_e4m3fn' '(2, 3)' '\070\101\113\177\200\070'
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/a.npy"
expect_in "$tmp/out" "2 differing"
expect_in "$tmp/out" "[0, 1]: expected 2.000000e+00 (0x40), actual 2.250000e+00 (0x41), ULP 1"
expect_in "$tmp/out" "[0, 2]: expected 4.000000e+00 (0x48), actual 5.500000e+00 (0x4B), ULP 3"
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/a.npy" --max-ulp 2
expect_rc 0 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/a.npy" --max-ulp 3
expect_rc 0 "$IRRUN" compare --type f8E4M3FN --shape 2x3 "$tmp/e.npy" "$tmp/a.npy" --atol=1.5
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/a.npy" --report json
for key in '"compared": 6' '"differing": 2' '"max_ulp": 3' '"histogram": {"0": 4, "1": 1, "2": 0, "3-4": 1, "5-8": 0, ">8": 0}' \
    '"nan_mismatches": 0' '"inf_mismatches": 0' '"negzero_mismatches": 0' \
    '"first": [{"flat_index": 1, "index": [0, 1], "expected": "0x40", "actual": "0x41", "expected_value": "2.000000e+00", "actual_value": "2.250000e+00", "ulp": 1}'; do
    expect_in "$tmp/out" "$key"
done
# NaN and -0 treatment
npy "$tmp/n.npy" '|u1' '(2, 3)' '\070\100\110\377\000\070'
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/n.npy"
expect_in "$tmp/out" "NaN 1, Inf 0, -0 1"
expect_rc 0 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/n.npy" --nan any --signed-zero equal
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/n.npy" --max-ulp 1 --nan exact
# a NaN against a number has no ULP distance: null with the reason, not 2^64-1
npy "$tmp/nn.npy" '|u1' '(2, 3)' '\070\100\110\070\200\070'
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/nn.npy" --report json
expect_in "$tmp/out" '"max_ulp": null, "max_ulp_reason": "NaN against a value that is not NaN"'
expect_in "$tmp/out" '{"flat_index": 3, "index": [1, 0], "expected": "0x7F", "actual": "0x38", "expected_value": "0x7F", "actual_value": "1.000000e+00", "ulp": null, "ulp_reason": "NaN against a value that is not NaN"}'
if grep -q 18446744073709551615 "$tmp/out"; then bad "2^64-1 in a JSON report"; else ok; fi
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/nn.npy"
expect_in "$tmp/out" "max ULP distance: none (NaN against a value that is not NaN)"
# unusable input: exit 2 with both sides named
expect_rc 2 "$IRRUN" compare --type f8E5M2 "$tmp/e.npy" "$tmp/a.npy"
expect_in "$tmp/err" "names f8E4M3FN but the expected element type is f8E5M2"
expect_rc 2 "$IRRUN" compare --type f8E4M3FN --shape 3x2 "$tmp/e.npy" "$tmp/a.npy"
expect_in "$tmp/err" "tensor<3x2xf8E4M3FN>"
expect_rc 2 "$IRRUN" compare --type bf16 "$tmp/e.npy" "$tmp/a.npy"
expect_rc 2 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/missing.npy"
expect_rc 2 "$IRRUN" compare --type nosuch "$tmp/e.npy" "$tmp/a.npy"
expect_rc 2 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy"
expect_rc 2 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/a.npy" --max-ulp -1
npy "$tmp/f.npy" '<V1' '(2, 3)' '\070\100'
expect_rc 2 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/f.npy"

# .bin (nibble packed f4E2M1FN) and .yaml against each other
printf '\062\144\001' >"$tmp/f4.bin" # 1.0 1.5 | 2.0 4.0 | 0.5 (low nibble first)
cat >"$tmp/f4.yaml" <<'Y'
type: f4E2M1FN
values: [[1.0, 1.5], [2, 4], [0.5, 0]]
Y
expect_rc 0 "$IRRUN" compare --type f4E2M1FN --shape 3x2 "$tmp/f4.yaml" "$tmp/f4.bin"
printf '\062\144\002' >"$tmp/f4b.bin"
expect_rc 1 "$IRRUN" compare --type f4E2M1FN --shape 3x2 "$tmp/f4.yaml" "$tmp/f4b.bin"
expect_in "$tmp/out" "[2, 0]: expected 5.000000e-01 (0x01), actual 1.000000e+00 (0x02), ULP 1"
printf '\062\164' >"$tmp/short.bin"
expect_rc 2 "$IRRUN" compare --type f4E2M1FN --shape 3x2 "$tmp/f4.yaml" "$tmp/short.bin"
printf 'values: [1, 2\n' >"$tmp/broken.yaml"
expect_rc 2 "$IRRUN" compare --type f16 "$tmp/broken.yaml" "$tmp/broken.yaml"
expect_in "$tmp/err" "broken.yaml:2:1: error: YAML: did not find expected"

# every refusal of the YAML reader, located (tests/cli/yaml_errors.txt)
while IFS='|' read -r type content message; do
    case $type in '#'* | '') continue ;; esac
    printf '%b' "$content" >"$tmp/bad.yaml"
    expect_rc 2 "$IRRUN" compare --type "$type" "$tmp/bad.yaml" "$tmp/bad.yaml"
    got=$(grep -m1 'error:' "$tmp/err")
    [ "$got" = "$tmp/bad.yaml:$message" ] && ok || bad "YAML refusal: want '$message', got '$got'"
done <"$here/tests/cli/yaml_errors.txt"

# ---- test: golden suites --------------------------------------------------------
expect_rc 0 "$IRRUN" test "$here/examples/golden/suite.yaml" --junit "$tmp/j.xml"
expect_in "$tmp/out" "PASS matmul_npy_files"
expect_in "$tmp/out" "5 passed, 0 failed"
expect_in "$tmp/j.xml" '<testsuite name="'
expect_rc 1 "$IRRUN" test "$here/tests/golden/failing.yaml" --junit "$tmp/f.xml"
expect_in "$tmp/out" "FAIL off_by_one_ulp: output 0 (exact): 1 of 4 elements differ (max ULP 1), first at [2]"
expect_in "$tmp/out" "FAIL nan_vs_number:"
expect_in "$tmp/out" "PASS passes"
expect_in "$tmp/out" "1 passed, 2 failed"
expect_in "$tmp/f.xml" '<failure message="output 0 (exact)'
expect_rc 2 "$IRRUN" test "$here/tests/golden/bad_manifest.yaml"
expect_in "$tmp/err" "bad_manifest.yaml:4:5: error: unknown key 'inputz'"
expect_rc 2 "$IRRUN" test "$here/tests/golden/bad_rules.yaml"
expect_in "$tmp/err" "bad_rules.yaml:4:13: error: ulp must be a non-negative integer"
expect_in "$tmp/err" "error: atol must be a non-negative number within binary64's range"
expect_in "$tmp/err" "error: rtol must be a non-negative number within binary64's range"
expect_in "$tmp/err" "error: nan must be any or exact"
expect_in "$tmp/err" "error: signed_zero must be equal or distinct"
expect_in "$tmp/err" "error: inf must be exact or saturate"
expect_rc 2 "$IRRUN" test "$here/tests/golden/bad_yaml.yaml"
expect_in "$tmp/err" "bad_yaml.yaml:3:1: error: YAML"
expect_rc 2 "$IRRUN" test "$tmp/nonexistent.yaml"
expect_rc 2 "$IRRUN" test

# ---- the validation walkthrough (examples/validation/README.md) -------------------
cd "$here/examples/validation" || exit 1
expect_rc 1 "$IRRUN" compare --type f8E4M3FN reference_out.npy backend_out.npy
if cmp -s "$tmp/out" report.txt; then ok; else bad "walkthrough report changed:"; diff report.txt "$tmp/out"; fi
expect_rc 0 "$IRRUN" compare --type f8E4M3FN reference_out.npy backend_out.npy --max-ulp 2
# with the run command's tensor options, when they are wired in
if "$IRRUN" matmul_f8.mlir --input lhs=lhs.npy --input 1=rhs.npy >/dev/null 2>&1; then
    expect_rc 1 "$IRRUN" matmul_f8.mlir --input lhs=lhs.npy --input 1=rhs.npy --expect 0=backend_out.npy
    expect_in "$tmp/err" "[1, 1]: expected -7.000000e+00 (0xCE), actual -6.000000e+00 (0xCC), ULP 2"
    # reports never mix with the results: stderr, or --report-file, never -o
    if grep -q "ULP" "$tmp/out"; then bad "--expect report on stdout"; else ok; fi
    expect_rc 1 "$IRRUN" matmul_f8.mlir --input lhs=lhs.npy --input 1=rhs.npy --expect 0=backend_out.npy \
        --report json --report-file "$tmp/rep.json" -o "$tmp/res.txt"
    expect_in "$tmp/rep.json" '"differing": 2'
    expect_in "$tmp/res.txt" 'tensor<2x2xf8E4M3FN>'
    if grep -q '"differing"' "$tmp/res.txt" "$tmp/out" "$tmp/err"; then bad "JSON report outside --report-file"; else ok; fi
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/rep.json" && ok || bad "--report-file is not JSON"
    fi
    expect_rc 2 "$IRRUN" matmul_f8.mlir --input lhs=lhs.npy --input 1=rhs.npy --expect 0=backend_out.npy \
        --report-file "$tmp/same" -o "$tmp/same"
    expect_rc 2 "$IRRUN" matmul_f8.mlir --input lhs=lhs.npy --input 1=rhs.npy --expect 0=backend_out.npy \
        --report-file lhs.npy
    expect_in "$tmp/err" "--report-file"
    expect_rc 0 "$IRRUN" matmul_f8.mlir --input lhs=lhs.npy --input 1=rhs.npy --expect 0=backend_out.npy --max-ulp 2
    expect_rc 0 "$IRRUN" matmul_f8.mlir --input lhs=lhs.npy --input 1=rhs.npy --output-dir "$tmp/o"
    expect_rc 0 "$IRRUN" compare --type f8E4M3FN "$tmp/o/result0.npy" reference_out.npy
    expect_rc 0 "$IRRUN" matmul_f8.mlir --input 0=lhs.npy --input 1=rhs.npy --output-dir "$tmp/y" --output-format yaml
    expect_rc 0 "$IRRUN" compare --type f8E4M3FN "$tmp/y/result0.yaml" reference_out.npy
else
    echo "io.sh: note: run command has no --input yet; --expect walkthrough skipped"
fi

# ---- interrupted and failed writes (N9) --------------------------------------
# a signal that ends a run removes its temporaries and keeps the signal in
# the exit status: -o and --report-file are open for the whole run
cd "$tmp" || exit 1
cat >forever.mlir <<'EOF'
func.func @main() -> tensor<i64> {
  %i0 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.while(%i = %i0) : tensor<i64>
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %i : tensor<i64>
  }
  func.return %r : tensor<i64>
}
EOF
mkdir sig
for sig in TERM:15 HUP:1 INT:2; do
    how=${sig%:*}
    num=${sig#*:}
    # a background job's SIGINT is ignored by sh; env gives it back
    env --default-signal=INT "$IRRUN" forever.mlir -o sig/out.txt >/dev/null 2>&1 &
    p=$!
    n=0
    while ! ls sig | grep -q 'tmp-' && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
    ls sig | grep -q 'tmp-' && ok || bad "-o: no temporary file seen"
    kill -$how $p
    wait $p
    st=$?
    [ "$st" = $((128 + num)) ] && ok || bad "SIG$how: exit $st, want $((128 + num))"
    left=$(ls sig)
    [ -z "$left" ] && ok || { bad "SIG$how left $left"; rm -f sig/*; }
done
# --output-dir: the results of a chunk are a set, all written or none, and
# a failure stops later chunks writing theirs. A file-size limit makes the
# large second result fail (SIGXFSZ ignored: the write gets EFBIG)
cat >two.mlir <<'EOF'
func.func @main() -> (tensor<2xf32>, tensor<65536xf32>) {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<1.5> : tensor<65536xf32>
  func.return %a, %b : tensor<2xf32>, tensor<65536xf32>
}
// -----
func.func @main() -> tensor<2xf32> {
  %a = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  func.return %a : tensor<2xf32>
}
EOF
sed '/^\/\/ -----/,$d' two.mlir >big.mlir
(trap '' XFSZ; ulimit -f 64; "$IRRUN" big.mlir --output-dir set >out 2>err)
st=$?
[ "$st" = 2 ] && ok || bad "--output-dir past the file-size limit: exit $st, want 2"
expect_in err "result1.npy"
expect_in err "File too large"
[ -z "$(ls set)" ] && ok || bad "a failed result set left $(ls set)"
(trap '' XFSZ; ulimit -f 64; "$IRRUN" -split-input-file two.mlir --output-dir set2 >out 2>err)
[ -z "$(ls set2)" ] && ok || bad "chunks after a failed set wrote $(ls set2)"
expect_in err "none of later ones"
"$IRRUN" -split-input-file two.mlir --output-dir set3 >out 2>err
[ "$(ls set3 | tr '\n' ' ')" = "chunk0.result0.npy chunk0.result1.npy chunk1.result0.npy " ] && ok ||
    bad "--output-dir names: $(ls set3)"

# ---- outputs checked before the run (F14), standard input as an input (N17) --
cp "$here/examples/quickstart.mlir" q.mlir
# --output-dir is created with its missing parents, before the run
expect_rc 0 "$IRRUN" q.mlir --output-dir new/sub/dir
[ -f new/sub/dir/result0.npy ] && ok || bad "--output-dir new/sub/dir: no result0.npy"
# one that cannot be made is an error before anything runs (no output)
: >afile
expect_rc 2 "$IRRUN" q.mlir --output-dir afile/sub
expect_in err "--output-dir afile/sub: cannot create or write into it"
[ -s out ] && bad "the program ran although --output-dir was unusable" || ok
expect_rc 2 "$IRRUN" q.mlir --output-dir afile
expect_in err "not a directory"
# the probe directory must exist before the run
expect_rc 2 "$IRRUN" q.mlir --probe-output-dir no_such_dir
expect_in err "--probe-output-dir no_such_dir: no such directory"
[ -s out ] && bad "the program ran although --probe-output-dir does not exist" || ok
# -o writes text: a tensor file's name is refused, with what to use instead
for name in o.npy o.bin o.yaml; do
    expect_rc 2 "$IRRUN" q.mlir -o $name
    expect_in err "use --output-dir DIR --output-format"
    [ -e $name ] && bad "-o $name written" || ok
done
# a program read from standard input is an input: -o /dev/stdin refused
cp q.mlir prog.mlir
"$IRRUN" - -o /dev/stdin <prog.mlir >out 2>err
st=$?
[ "$st" = 2 ] && ok || bad "-o /dev/stdin on the program: exit $st, want 2"
expect_in err "refusing to overwrite an input of this run (standard input)"
cmp -s prog.mlir q.mlir && ok || bad "the program read from stdin was written to"
"$IRRUN" -o "$tmp/prog.mlir" <prog.mlir >out 2>err
[ $? = 2 ] && ok || bad "-o naming the file behind stdin (no FILE) was not refused"
cmp -s prog.mlir q.mlir && ok || bad "the program read from stdin (no FILE) was written to"
cd "$here" || exit 1

echo "io.sh: $pass passed, $fail failed"
[ "$fail" = 0 ]
