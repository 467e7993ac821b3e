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
    '"elements": [{"flat_index": 1, "index": [0, 1], "expected": "0x40", "actual": "0x41", "expected_value": 2, "actual_value": 2.25, "expected_text": "2.000000e+00", "actual_text": "2.250000e+00", "ulp": 1}' \
    '"max_abs_error": {"value": 1.5, "flat_index": 2, "index": [0, 2], "expected": "0x48", "actual": "0x4B", "expected_value": 4, "actual_value": 5.5' \
    '"max_rel_error": {"value": 0.375, "flat_index": 2,'; do
    expect_in "$tmp/out" "$key"
done
# NaN and -0 treatment
npy "$tmp/n.npy" '|u1' '(2, 3)' '\070\100\110\377\000\070'
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/n.npy"
expect_in "$tmp/out" "NaN 1, Inf 0, -0 1"
expect_rc 0 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/n.npy" --nan any --signed-zero equal
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/n.npy" --max-ulp 1 --nan exact
# a NaN against a number has no ULP distance: the maximum is over the
# elements that have one, the NaN mismatches counted beside it; never 2^64-1
npy "$tmp/nn.npy" '|u1' '(2, 3)' '\070\100\111\070\200\070'
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/nn.npy" --report json
expect_in "$tmp/out" '"max_ulp": 1, "max_abs_error": {"value": 0.5, "flat_index": 2,'
expect_in "$tmp/out" '"nan_mismatches": 1,'
expect_in "$tmp/out" '{"flat_index": 3, "index": [1, 0], "expected": "0x7F", "actual": "0x38", "expected_value": "nan", "actual_value": 1, "expected_text": "0x7F", "actual_text": "1.000000e+00", "ulp": null, "ulp_reason": "NaN against a value that is not NaN"}'
if grep -q 18446744073709551615 "$tmp/out"; then bad "2^64-1 in a JSON report"; else ok; fi
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e.npy" "$tmp/nn.npy"
expect_in "$tmp/out" "  max ULP distance: 1, NaN mismatches 1
  max absolute error: 0.5 at [0, 2] (expected 4.000000e+00, actual 4.500000e+00)
  max relative error: 0.125 at [0, 2] (expected 4.000000e+00, actual 4.500000e+00)"
expect_in "$tmp/out" "[1, 0]: expected 0x7F (0x7F), actual 1.000000e+00 (0x38), ULP none (NaN against a value that is not NaN)"
# --show and --sort: 12 elements, 11 differing by 1 ULP (1.0 vs 1.125), and
# a NaN last (at [11]); the default lists the first 10 by index, --sort worst
# the NaN first, --show all every one
npy "$tmp/e12.npy" '|u1' '(12,)' '\070\070\070\070\070\070\070\070\070\070\070\177'
npy "$tmp/a12.npy" '|u1' '(12,)' '\071\071\071\071\071\071\071\071\071\071\071\070'
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e12.npy" "$tmp/a12.npy"
expect_in "$tmp/out" "  first differing elements (first 10 of 12):"
if grep -q '\[1[01]\]:' "$tmp/out"; then bad "the default listed more than the first 10"; else ok; fi
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e12.npy" "$tmp/a12.npy" --sort worst --show 2
expect_in "$tmp/out" "  worst differing elements (worst 2 of 12):
    [11]: expected 0x7F (0x7F), actual 1.000000e+00 (0x38), ULP none (NaN against a value that is not NaN)
    [0]: expected 1.000000e+00 (0x38), actual 1.125000e+00 (0x39), ULP 1
  result: FAIL"
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e12.npy" "$tmp/a12.npy" --show=all
expect_in "$tmp/out" "  first differing elements:"
expect_in "$tmp/out" "    [10]: expected 1.000000e+00 (0x38), actual 1.125000e+00 (0x39), ULP 1
    [11]: expected 0x7F"
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e12.npy" "$tmp/a12.npy" --show 0 --report json
expect_in "$tmp/out" '"order": "index", "elements": []}'
expect_rc 1 "$IRRUN" compare --type f8E4M3FN "$tmp/e12.npy" "$tmp/a12.npy" --show 1 --sort worst --report json
expect_in "$tmp/out" '"order": "worst", "elements": [{"flat_index": 11,'
expect_rc 2 "$IRRUN" compare --type f8E4M3FN "$tmp/e12.npy" "$tmp/a12.npy" --show some
expect_in "$tmp/err" "bad value 'some' for --show (expected a number of elements or all)"
expect_rc 2 "$IRRUN" compare --type f8E4M3FN "$tmp/e12.npy" "$tmp/a12.npy" --sort=size
# exact values as JSON numbers, each the shortest decimal that reads back as
# the same binary64: f32 0.1 (0x3DCCCCCD) is 0.100000001490116119384765625,
# whose shortest is 0.10000000149011612 (the next binary64 up is 1.4e-17
# away: 17 digits are needed); f32 -inf and a NaN are strings
npy "$tmp/fe.npy" '<f4' '(3,)' '\315\314\314\075\000\000\200\377\000\000\300\177'
npy "$tmp/fa.npy" '<f4' '(3,)' '\316\314\314\075\000\000\200\177\000\000\200\077'
expect_rc 1 "$IRRUN" compare --type f32 "$tmp/fe.npy" "$tmp/fa.npy" --report json
expect_in "$tmp/out" '"expected_value": 0.10000000149011612, "actual_value": 0.10000000894069672,'
expect_in "$tmp/out" '"expected_value": "-inf", "actual_value": "inf",'
expect_in "$tmp/out" '"expected_value": "nan", "actual_value": 1,'
# the errors: only [0] has finite values on both sides; 0.1 lies in
# [2^-4, 2^-3), where one f32 ULP is 2^-4 * 2^-23 = 2^-27
expect_in "$tmp/out" '"max_ulp": 1, "max_abs_error": {"value": 7.450580596923828e-09, "flat_index": 0,'
expect_in "$tmp/out" '"nan_mismatches": 1, "inf_mismatches": 1,'
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json,sys; j = json.load(open(sys.argv[1])); assert j["elements"][0]["expected_value"] == 0.100000001490116119384765625 and j["max_abs_error"]["value"] == 2.0 ** -27' "$tmp/out" && ok || bad "compare --report json is not JSON, or its numbers do not read back exactly"
fi
# the text gives the same figures: 2^-27, and 2^-27 / 0.100000001490116119384765625
# = 7.450580485901527e-08 (shortest decimals)
expect_rc 1 "$IRRUN" compare --type f32 "$tmp/fe.npy" "$tmp/fa.npy"
expect_in "$tmp/out" "  max ULP distance: 1, NaN mismatches 1, Inf mismatches 1
  max absolute error: 7.450580596923828e-09 at [0] (expected 1.000000e-01,"
expect_in "$tmp/out" "  max relative error: 7.450580485901527e-08 at [0] (expected 1.000000e-01,"
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
cp "$here/tests/cli/forever.mlir" .
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
# ... and when standard input is a pipe: writing a large result into the
# pipe this run reads from would block for ever
printf 'func.func @main() -> tensor<100000xf32> {\n  %%c = stablehlo.constant dense<1.5> : tensor<100000xf32>\n  func.return %%c : tensor<100000xf32>\n}\n' >bigres.mlir
cat bigres.mlir | timeout 20 "$IRRUN" -o /dev/stdin >out 2>err
st=$?
[ "$st" = 2 ] && ok || bad "-o /dev/stdin on a program piped in: exit $st, want 2"
expect_in err "refusing to overwrite an input of this run (standard input)"
"$IRRUN" -o "$tmp/prog.mlir" <prog.mlir >out 2>err
[ $? = 2 ] && ok || bad "-o naming the file behind stdin (no FILE) was not refused"
cmp -s prog.mlir q.mlir && ok || bad "the program read from stdin (no FILE) was written to"
cd "$here" || exit 1

# ---- several --expect: a rule each, one JSON document (F6, F11) ---------------
cd "$tmp" || exit 1
cat >two.mlir <<'M'
func.func @main() -> (tensor<2xf32>, tensor<2xf32>) {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[4.0, 8.0]> : tensor<2xf32>
  func.return %a, %b : tensor<2xf32>, tensor<2xf32>
}
M
cp two.mlir two_b.mlir
# be0: 1.0 + 1 ULP (0x3F800001), 2.0; be1: 4.0 + 3 ULP (0x40800003), 8.0
npy be0.npy '<f4' '(2,)' '\001\000\200\077\000\000\000\100'
npy be1.npy '<f4' '(2,)' '\003\000\200\100\000\000\000\101'
expect_rc 0 "$IRRUN" two.mlir --expect 0=be0.npy --max-ulp 1 --expect 1=be1.npy --max-ulp 3
expect_in "$tmp/err" "two.mlir: result 0 vs be0.npy: tensor<2xf32> (rule: ulp <= 1): 2 compared, 0 differing"
expect_in "$tmp/err" "two.mlir: result 1 vs be1.npy: tensor<2xf32> (rule: ulp <= 3): 2 compared, 0 differing"
# the same result against two files, in two programs: each report says
# which program (chunk), result and file, as the JSON entries do
expect_rc 1 "$IRRUN" two.mlir two_b.mlir --expect 0=be0.npy --expect 0=be1.npy
expect_in "$tmp/err" "two.mlir, chunk 0: result 0 vs be0.npy: tensor<2xf32> (rule: exact): 2 compared, 1 differing"
expect_in "$tmp/err" "two.mlir, chunk 0: result 0 vs be1.npy: tensor<2xf32> (rule: exact): 2 compared, 2 differing"
expect_in "$tmp/err" "two_b.mlir, chunk 1: result 0 vs be1.npy: tensor<2xf32> (rule: exact): 2 compared, 2 differing"
# each --expect's own options replace the default's of the same name only
expect_rc 1 "$IRRUN" two.mlir --max-ulp 3 --nan any --expect 0=be0.npy --expect 1=be1.npy --max-ulp 2
expect_in "$tmp/err" "two.mlir: result 0 vs be0.npy: tensor<2xf32> (rule: ulp <= 3, nan any): 2 compared, 0 differing"
expect_in "$tmp/err" "two.mlir: result 1 vs be1.npy: tensor<2xf32> (rule: ulp <= 2, nan any): 2 compared, 1 differing"
expect_rc 2 "$IRRUN" two.mlir --expect 0=be0.npy --max-ulp 1 --max-ulp 2
expect_in "$tmp/err" "ir-run: --max-ulp is given twice for --expect 0=be0.npy"
expect_rc 2 "$IRRUN" two.mlir --atol 1 --atol 2 --expect 0=be0.npy
expect_in "$tmp/err" "ir-run: --atol is given twice before the first --expect"
expect_rc 2 "$IRRUN" two.mlir --show 3
expect_in "$tmp/err" "--show and --sort does nothing without --expect"
# one JSON document: every entry with its program, result index and file
expect_rc 0 "$IRRUN" two.mlir --expect 0=be0.npy --max-ulp 1 --expect 1=be1.npy --max-ulp 3 \
    --report json --report-file r.json
expect_in r.json '{"reports": [
{"program": "two.mlir", "result": 0, "file": "be0.npy", "type": "tensor<2xf32>", "rule": "ulp <= 1", "passed": true'
expect_in r.json '},
{"program": "two.mlir", "result": 1, "file": "be1.npy", "type": "tensor<2xf32>", "rule": "ulp <= 3", "passed": true'
# |4.0000004768... - 4| = 3 * 2^-21 = 1.430511474609375e-06, relative 3 * 2^-23
expect_in r.json '"max_abs_error": {"value": 1.430511474609375e-06, "flat_index": 0,'
expect_in r.json '"max_rel_error": {"value": 3.5762786865234375e-07, "flat_index": 0,'
tail -c 4 r.json | od -c | grep -q ']   }  \\n' && ok || bad "r.json does not end in ]}"
# several files (and chunks) under -j: still one document, as with -j 1
"$IRRUN" two.mlir two_b.mlir --expect 1=be1.npy --report json --report-file seq.json >/dev/null 2>&1
"$IRRUN" -j 2 two.mlir two_b.mlir --expect 1=be1.npy --report json --report-file par.json >/dev/null 2>&1
cmp -s seq.json par.json && ok || { bad "-j 2 JSON differs from -j 1"; diff seq.json par.json; }
expect_in seq.json '{"program": "two_b.mlir", "chunk": 1, "result": 1, "file": "be1.npy",'
if command -v python3 >/dev/null 2>&1; then
    python3 - r.json seq.json <<'P' && ok || bad "the JSON reports do not read back as one document each"
import json, sys
r = json.load(open(sys.argv[1]))["reports"]
assert [(e["result"], e["file"]) for e in r] == [(0, "be0.npy"), (1, "be1.npy")], r
assert r[1]["elements"] == [] and r[1]["max_ulp"] == 3
assert r[1]["max_abs_error"]["actual_value"] == 4 + 3 * 2.0 ** -21
s = json.load(open(sys.argv[2]))["reports"]
assert [(e["program"], e["chunk"]) for e in s] == [("two.mlir", 0), ("two_b.mlir", 1)], s
P
fi

# ---- wider dumps: --convert-exact and --reshape (F13) ---------------------------
cp "$here"/examples/validation/matmul_f8.mlir "$here"/examples/validation/lhs.npy "$here"/examples/validation/rhs.npy .
# the f8E4M3FN result [[4.5, -2.5], [4.5, -7]] dumped as float32, flat:
# 4.5 = 0x40900000, -2.5 = 0xC0200000, -7 = 0xC0E00000
npy f32flat.npy '<f4' '(4,)' '\000\000\220\100\000\000\040\300\000\000\220\100\000\000\340\300'
npy f32.npy '<f4' '(2, 2)' '\000\000\220\100\000\000\040\300\000\000\220\100\000\000\340\300'
run="$IRRUN matmul_f8.mlir --input lhs=lhs.npy --input 1=rhs.npy"
expect_rc 2 $run --expect 0=f32.npy
expect_in "$tmp/err" "header descr '<f4' contradicts the expected element type f8E4M3FN"
expect_rc 0 $run --expect 0=f32.npy --convert-exact
expect_rc 2 $run --expect 0=f32flat.npy --convert-exact
expect_in "$tmp/err" "header shape (4,) contradicts the expected type tensor<2x2xf8E4M3FN>"
expect_rc 0 $run --expect 0=f32flat.npy --convert-exact --reshape
expect_in "$tmp/err" "4 compared, 0 differing"
# 4.6 (0x40933333) is no f8E4M3FN value: refused, naming the element
npy f32bad.npy '<f4' '(2, 2)' '\000\000\220\100\000\000\040\300\063\063\223\100\000\000\340\300'
expect_rc 2 $run --expect 0=f32bad.npy --convert-exact
expect_in "$tmp/err" "f32bad.npy: error: element [1, 0] (4.600000e+00) is not exactly a value of f8E4M3FN, so --convert-exact does not convert the file's f32"
# a float32 NaN is an f8E4M3FN NaN; an infinity is not an f8E4M3FN value
npy f32nan.npy '<f4' '(2, 2)' '\000\000\300\177\000\000\040\300\000\000\220\100\000\000\340\300'
expect_rc 1 $run --expect 0=f32nan.npy --convert-exact
expect_in "$tmp/err" "NaN 1, Inf 0, -0 0"
npy f32inf.npy '<f4' '(2, 2)' '\000\000\200\177\000\000\040\300\000\000\220\100\000\000\340\300'
expect_rc 2 $run --expect 0=f32inf.npy --convert-exact
expect_in "$tmp/err" "element [0, 0] (0x7F800000) is not exactly a value of f8E4M3FN"
# a float64 bias for an f32 argument: 0.5, 0.25 convert; 0.1 does not (an
# element is named by its place in the expected shape)
printf 'func.func @main(%%x: tensor<2xf32>) -> tensor<2xf32> {\n  func.return %%x : tensor<2xf32>\n}\n' >idf32.mlir
npy f64.npy '<f8' '(2,)' '\000\000\000\000\000\000\340\077\000\000\000\000\000\000\320\077'
npy f64bad.npy '<f8' '(1, 2)' '\000\000\000\000\000\000\340\077\232\231\231\231\231\231\271\077'
expect_rc 2 "$IRRUN" idf32.mlir --input 0=f64.npy
expect_rc 0 "$IRRUN" idf32.mlir --input 0=f64.npy --convert-exact
expect_in "$tmp/out" "[5.000000e-01, 2.500000e-01]"
expect_rc 2 "$IRRUN" idf32.mlir --input 0=f64bad.npy --convert-exact --reshape
expect_in "$tmp/err" "element [1] (1.000000e-01) is not exactly a value of f32, so --convert-exact does not convert the file's f64"
# the reshape alone: a flat file as large, and only as large
expect_rc 2 "$IRRUN" idf32.mlir --input 0=f64bad.npy --convert-exact
expect_in "$tmp/err" "header shape (1, 2) contradicts the expected type tensor<2xf32>"
npy f32_3.npy '<f4' '(3,)' '\000\000\200\077\000\000\200\077\000\000\200\077'
expect_rc 2 "$IRRUN" idf32.mlir --input 0=f32_3.npy --reshape
expect_in "$tmp/err" "header shape (3,) contradicts the expected type tensor<2xf32>"
# compare: both files
expect_rc 0 "$IRRUN" compare --type f8E4M3FN --shape 2x2 "$here/examples/validation/reference_out.npy" f32flat.npy --convert-exact --reshape
expect_rc 2 "$IRRUN" compare --type f8E4M3FN --shape 2x2 "$here/examples/validation/reference_out.npy" f32flat.npy --convert-exact
# an option that would do nothing
expect_rc 2 "$IRRUN" idf32.mlir --args='[dense<[1.0, 2.0]> : tensor<2xf32>]' --reshape
expect_in "$tmp/err" "--convert-exact and --reshape does nothing without --input or --expect"

echo "io.sh: $pass passed, $fail failed"
[ "$fail" = 0 ]
