#!/bin/sh
# The run command's behaviour as a drop-in for `stablehlo-translate
# --interpret`: exit statuses, what goes to stdout and stderr, chunking.
set -u
IRRUN=${IRRUN:-build/ir-run}
D=tests/cli
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
run() { # expected-status args...
    want=$1
    shift
    "$IRRUN" "$@" >"$tmp/out" 2>"$tmp/err"
    st=$?
    [ "$st" -eq "$want" ] || bad "ir-run $* exit $st, want $want: $(head -3 "$tmp/err")"
}

# all chunks run; a bad chunk and a failed check are both reported; 2 wins
run 2 --interpret -split-input-file $D/two_chunks.mlir
grep -q '^2 passed, 2 failed$' "$tmp/err" || bad "summary line: $(tail -1 "$tmp/err")"
grep -q 'two_chunks.mlir:13:3: error: check.expect_eq_const failed in function @bad_check' "$tmp/err" ||
    bad "check failure not located: $(cat "$tmp/err")"
grep -q '2.500000e+00' "$tmp/err" || bad "check failure shows no expected value"
grep -q 'two_chunks.mlir:20:' "$tmp/err" || bad "syntax error not at the original file's line 20"
# stdout holds exactly what REF prints: chunk outputs separated by a newline
printf '\n\n\ntensor<2xi1> {\n  [true, true]\n}\ntensor<f16> {1.500000e+00}\n' > "$tmp/want"
cmp -s "$tmp/out" "$tmp/want" || { bad "stdout differs from REF's layout"; diff "$tmp/out" "$tmp/want"; }
# --output-split-marker
run 2 -split-input-file --output-split-marker=XX $D/two_chunks.mlir
[ "$(grep -c '^XX$' "$tmp/out")" -eq 3 ] || bad "--output-split-marker not written between chunks"
# a check failure alone gives 1; REF's dense printing
printf 'func.func @main() -> tensor<3xf8E5M2> {\n  %%a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf8E5M2>\n  check.expect_eq_const %%a, dense<[1.0, 2.0, 4.0]> : tensor<3xf8E5M2>\n  func.return %%a : tensor<3xf8E5M2>\n}\n' > "$tmp/one.mlir"
run 1 "$tmp/one.mlir"
grep -q '^0 passed, 1 failed$' "$tmp/err" || bad "summary for a failed check"
run 1 --print-format=dense "$tmp/one.mlir"
grep -q '^dense<\[1.000000e+00, 2.000000e+00, 3.000000e+00\]> : tensor<3xf8E5M2>$' "$tmp/out" || bad "dense printing: $(cat "$tmp/out")"
run 1 --interpreter-print-dense "$tmp/one.mlir"
grep -q '^dense<' "$tmp/out" || bad "--interpreter-print-dense"
# tuple and token results (SPEC 9.3.7, decision 29): the tuple's frame on
# stdout, its elements on stderr; a token prints its type; no dense form
printf 'func.func @main() -> (tuple<tensor<2xi8>, tensor<f32>>, !stablehlo.token) {\n  %%a = stablehlo.constant dense<[1, -2]> : tensor<2xi8>\n  %%b = stablehlo.constant dense<0.5> : tensor<f32>\n  %%t = stablehlo.tuple %%a, %%b : tuple<tensor<2xi8>, tensor<f32>>\n  %%k = stablehlo.after_all : !stablehlo.token\n  func.return %%t, %%k : tuple<tensor<2xi8>, tensor<f32>>, !stablehlo.token\n}\n' > "$tmp/tuple.mlir"
run 0 "$tmp/tuple.mlir"
printf 'tuple<tensor<2xi8>, tensor<f32>> (\n,\n\n)\n!stablehlo.token\n' > "$tmp/want"
cmp -s "$tmp/out" "$tmp/want" || { bad "tuple result stdout"; diff "$tmp/out" "$tmp/want"; }
printf 'tensor<2xi8> {\n  [1, -2]\n}\ntensor<f32> {5.000000e-01}\n' > "$tmp/want"
head -4 "$tmp/err" | cmp -s - "$tmp/want" || { bad "tuple elements on stderr"; cat "$tmp/err"; }
run 2 --print-format=dense "$tmp/tuple.mlir"
grep -q 'only tensors can be printed as dense' "$tmp/err" || bad "dense printing of a tuple: $(cat "$tmp/err")"
# decision 48: no iteration limit unless --max-while-iterations gives one;
# both loop engines (scalar state, and state with a token) stop at it
for state in 'tensor<i64>' '!stablehlo.token'; do
    init='%%i0 = stablehlo.constant dense<0> : tensor<i64>'
    [ "$state" = '!stablehlo.token' ] && init='%%i0 = stablehlo.after_all : !stablehlo.token'
    printf "func.func @main() -> $state {\n  $init\n  %%r = stablehlo.while(%%i = %%i0) : $state\n  cond {\n    %%t = stablehlo.constant dense<true> : tensor<i1>\n    stablehlo.return %%t : tensor<i1>\n  } do {\n    stablehlo.return %%i : $state\n  }\n  func.return %%r : $state\n}\n" > "$tmp/forever.mlir"
    run 2 --max-while-iterations=1000 "$tmp/forever.mlir"
    grep -q "forever.mlir:3:8: error: 'stablehlo.while' would run more than 1000 iterations" "$tmp/err" ||
        bad "iteration limit ($state): $(cat "$tmp/err")"
done
# decisions 34 and 35: run-time shape operands that contradict the result
run 2 $D/dynamic_shape_mismatch.mlir
grep -q "dynamic_shape_mismatch.mlir:4:8: error: 'stablehlo.dynamic_reshape' shape operand is \[2, 3\] but the result type is tensor<3x2xi16>" "$tmp/err" ||
    bad "decision 34: $(cat "$tmp/err")"
run 2 $D/real_dynamic_slice_bad.mlir
grep -q "real_dynamic_slice_bad.mlir:6:8: error: 'stablehlo.real_dynamic_slice' dimension 0: start 3, limit 2, stride 1" "$tmp/err" ||
    bad "decision 35: $(cat "$tmp/err")"
run 2 $D/dynamic_conv_mismatch.mlir
grep -q "dynamic_conv_mismatch.mlir:5:8: error: 'stablehlo.dynamic_conv' padding \[0, 1\] gives 3 windows in spatial dimension 0 but the result type has 2" "$tmp/err" ||
    bad "decision 34 (dynamic_conv): $(cat "$tmp/err")"
run 2 $D/dynamic_conv_bad.mlir
grep -q "dynamic_conv_bad.mlir:5:8: error: 'stablehlo.dynamic_conv' padding \[0, 9223372036854775807\] leaves spatial dimension 1 without a valid size" "$tmp/err" ||
    bad "dynamic_conv overflowing padding: $(cat "$tmp/err")"
run 2 $D/dynamic_pad_overflow.mlir
grep -q "dynamic_pad_overflow.mlir:7:8: error: 'stablehlo.dynamic_pad' amounts 9223372036854775807, 1, 0 give dimension 0 a size out of range" "$tmp/err" ||
    bad "dynamic_pad overflowing amounts: $(cat "$tmp/err")"
# amounts whose sum fits but each beyond the static pad's limit of 2^40
run 2 $D/dynamic_pad_extreme.mlir
grep -q "dynamic_pad_extreme.mlir:9:8: error: 'stablehlo.dynamic_pad' amounts -9223372036854775808, 9223372036854775807, 0 give dimension 0 a size out of range" "$tmp/err" ||
    bad "dynamic_pad extreme amounts: $(cat "$tmp/err")"
# decisions: i1 blobs, compare_type warning
run 0 --interpret -split-input-file $D/decisions.mlir
grep -q 'warning' "$tmp/err" || bad "compare_type mismatch gives no warning"
# stdin, empty input, usage
printf '' | "$IRRUN" --interpret - >"$tmp/out" 2>"$tmp/err" || bad "empty stdin exit status"
[ -s "$tmp/out" ] && bad "empty input printed on stdout"
run 0 --help
run 0 --version
run 2 --no-such-option $D/decisions.mlir
run 2 --dot-accumulation=f16 $D/decisions.mlir
run 2 no/such/file.mlir
# --entry and --args; wrong argument count is an error, not a crash
printf 'func.func @twice(%%x: tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN> {\n  %%y = stablehlo.add %%x, %%x : tensor<2xf8E4M3FN>\n  func.return %%y : tensor<2xf8E4M3FN>\n}\nfunc.func @other() {\n  func.return\n}\n' > "$tmp/args.mlir"
run 2 "$tmp/args.mlir"
grep -q 'module must have entry func with name main' "$tmp/err" || bad "entry error text"
grep -q '^note: the module.s functions: @twice, @other; choose one with --entry NAME$' "$tmp/err" || bad "entry error lists no functions: $(cat "$tmp/err")"
run 2 --entry thrice "$tmp/args.mlir"
grep -q 'entry function @thrice not found' "$tmp/err" || bad "--entry error text"
grep -q '^note: the module.s functions: @twice, @other; choose one with --entry NAME$' "$tmp/err" || bad "--entry error lists no functions"
run 0 --entry twice --args='[dense<[1.5, 100.0]> : tensor<2xf8E4M3FN>]' "$tmp/args.mlir"
grep -q '\[3.000000e+00, 1.920000e+02\]' "$tmp/out" || bad "--entry/--args result: $(cat "$tmp/out")"
echo '[dense<[1.5, 300.0]> : tensor<2xf8E4M3FN>]' > "$tmp/args.txt"
run 0 --entry twice --args=@"$tmp/args.txt" "$tmp/args.mlir"
grep -q '\[3.000000e+00, 0x7F\]' "$tmp/out" || bad "--args=@FILE result: $(cat "$tmp/out")"
run 2 --entry twice "$tmp/args.mlir"
grep -q 'provided 0 inputs but function expected 1' "$tmp/err" || bad "argument count error"
# an empty list is zero arguments; anything else than exactly one list is a
# located error, never a crash
run 0 --entry other --args=[] "$tmp/args.mlir"
run 0 --entry other '--args=[ ]' "$tmp/args.mlir"
run 2 --entry twice --args=[] "$tmp/args.mlir"
grep -q 'provided 0 inputs but function expected 1' "$tmp/err" || bad "--args=[] for a one-argument function"
run 2 --entry other --args= "$tmp/args.mlir"
grep -q '^<--args>:1:1: error: expected an array of dense literals' "$tmp/err" || bad "blank --args: $(cat "$tmp/err")"
# --args errors end with what --args takes, in REF's words (upstream
# api_input_arguments.mlir FileChecks them), after our located message
run 2 --entry twice --args=not_array "$tmp/args.mlir"
grep -q '^<--args>:1:1: error: syntax error, unexpected identifier$' "$tmp/err" || bad "--args=not_array, located: $(cat "$tmp/err")"
grep -qF 'expectected array attribute string for args, i.e. --args=[dense<1> : tensor<2xi32>, ...]' "$tmp/err" ||
    bad "--args=not_array, REF's words: $(cat "$tmp/err")"
run 2 --entry twice '--args=[4.0 : f32]' "$tmp/args.mlir"
grep -qF '<--args>:1:2: error: expected dense elements attribute for args elements, i.e. --args=[dense<1> : tensor<2xi32>, ...]' "$tmp/err" ||
    bad "--args element not dense: $(cat "$tmp/err")"
run 2 --entry twice '--args=[dense<[1.5, 1.0]> : tensor<2xf8E4M3FN>] [dense<1> : tensor<i32>]' "$tmp/args.mlir"
grep -q '^<--args>:1:42: error: text after the argument list' "$tmp/err" || bad "second list: $(cat "$tmp/err")"
run 2 --entry twice '--args=[dense<[1.5, 1.0]> : tensor<2xf8E4M3FN>] junk' "$tmp/args.mlir"
grep -q '^<--args>:1:42: error:' "$tmp/err" || bad "trailing word: $(cat "$tmp/err")"
run 2 --entry twice '--args=[dense<[1.5, 1.0]> : tensor<2xf8E4M3FN>] #a = 1' "$tmp/args.mlir"
grep -q '^<--args>:1:42: error: text after the argument list' "$tmp/err" || bad "trailing alias: $(cat "$tmp/err")"
run 0 --entry twice '--args=[dense<[1.5, 1.0]> : tensor<2xf8E4M3FN>] // a comment' "$tmp/args.mlir"
printf '' > "$tmp/empty_args.txt"
run 2 --entry other --args=@"$tmp/empty_args.txt" "$tmp/args.mlir"
# a manifest literal that is empty fails its case; the other cases still run
cat > "$tmp/lit.yaml" <<EOF
cases:
  - name: empty_literal
    program: args.mlir
    entry: twice
    inputs: [{literal: ""}]
    outputs: []
  - name: two_literals
    program: args.mlir
    entry: twice
    inputs: [{literal: "dense<1.0> : tensor<2xf8E4M3FN>] [dense<1> : tensor<i32>"}]
    outputs: []
  - name: still_runs
    program: args.mlir
    entry: twice
    inputs: [{literal: "dense<1.0> : tensor<2xf8E4M3FN>"}]
    outputs: [{values: [2.0, 2.0]}]
EOF
run 2 test "$tmp/lit.yaml"
grep -q '^FAIL empty_literal: .*lit.yaml:5:.*give exactly one dense literal' "$tmp/out" || bad "empty literal: $(cat "$tmp/out")"
grep -q '^FAIL two_literals:' "$tmp/out" || bad "two literals: $(cat "$tmp/out")"
grep -q '^PASS still_runs' "$tmp/out" || bad "a bad case stopped the others: $(cat "$tmp/out")"
# tensors without elements: REF's layout for small shapes, bounded work for
# huge ones (a regression would print 2^36 lines: the time limit catches it)
cat > "$tmp/empty.mlir" <<EOF
func.func @main() -> (tensor<68719476736x0xf32>, tensor<3x0x2xf32>, tensor<0x3xf32>, tensor<2x0xf8E5M2>) {
  %0 = stablehlo.constant dense<> : tensor<68719476736x0xf32>
  %1 = stablehlo.constant dense<> : tensor<3x0x2xf32>
  %2 = stablehlo.constant dense<> : tensor<0x3xf32>
  %3 = stablehlo.constant dense<> : tensor<2x0xf8E5M2>
  func.return %0, %1, %2, %3 : tensor<68719476736x0xf32>, tensor<3x0x2xf32>, tensor<0x3xf32>, tensor<2x0xf8E5M2>
}
EOF
( ulimit -t 10; "$IRRUN" "$tmp/empty.mlir" >"$tmp/out" 2>"$tmp/err" ) || bad "huge empty tensor: exit $?"
printf 'tensor<68719476736x0xf32> {}\ntensor<3x0x2xf32> {\n  [\n    [],\n    [],\n    []\n  ]\n}\ntensor<0x3xf32> {\n  []\n}\ntensor<2x0xf8E5M2> {\n  [\n    [],\n    []\n  ]\n}\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" || { bad "empty tensors printed differently"; diff "$tmp/out" "$tmp/want"; }
( ulimit -t 10; "$IRRUN" "$tmp/empty.mlir" --output-dir "$tmp/empty_out" --output-format yaml >"$tmp/out" 2>"$tmp/err" ) || bad "huge empty tensor to YAML: exit $?"
grep -q '^values: \[\]$' "$tmp/empty_out/result0.yaml" || bad "huge empty YAML: $(head -5 "$tmp/empty_out/result0.yaml")"
run 0 compare --type f32 --shape 68719476736x0 "$tmp/empty_out/result0.yaml" "$tmp/empty_out/result0.yaml"
run 0 compare --type f32 --shape 3x0x2 "$tmp/empty_out/result1.yaml" "$tmp/empty_out/result1.yaml"
( ulimit -t 10; "$IRRUN" --print-format=dense "$tmp/empty.mlir" >"$tmp/out" 2>"$tmp/err" ) || bad "huge empty tensor, dense: exit $?"
grep -q '^dense<> : tensor<68719476736x0xf32>$' "$tmp/out" || bad "dense form of a huge empty tensor"
# --emit=ir -split-input-file prints chunks separated by the split marker,
# so its output reads back chunk for chunk and prints the same again
"$IRRUN" --emit=ir -split-input-file "$D/two_chunks.mlir" >"$tmp/ir1.mlir" 2>/dev/null
[ "$(grep -c '^// -----$' "$tmp/ir1.mlir")" = 3 ] || bad "--emit=ir chunks not separated by the marker"
"$IRRUN" --emit=ir -split-input-file "$tmp/ir1.mlir" >"$tmp/ir2.mlir" 2>"$tmp/err"
cmp -s "$tmp/ir1.mlir" "$tmp/ir2.mlir" || bad "--emit=ir -split-input-file output does not read back: $(cat "$tmp/err")"
"$IRRUN" -split-input-file "$tmp/ir1.mlir" >/dev/null 2>"$tmp/err"
grep -q '2 passed, 1 failed' "$tmp/err" || bad "re-read chunks do not run as before: $(cat "$tmp/err")"
# --print-format=decimal: REF's layout, floats as shortest round-trip decimals
printf 'func.func @main() -> (tensor<6xf8E4M3FN>, tensor<3xf32>, tensor<complex<f32>>, tensor<2xi8>) {\n  %%0 = stablehlo.constant dense<[0.1, 448.0, -0.0, 0x7F, 1.5, -0.001953125]> : tensor<6xf8E4M3FN>\n  %%1 = stablehlo.constant dense<[0.1, 0xFF800000, 1.0e-7]> : tensor<3xf32>\n  %%2 = stablehlo.constant dense<(1.5, -0.0)> : tensor<complex<f32>>\n  %%3 = stablehlo.constant dense<[1, -2]> : tensor<2xi8>\n  func.return %%0, %%1, %%2, %%3 : tensor<6xf8E4M3FN>, tensor<3xf32>, tensor<complex<f32>>, tensor<2xi8>\n}\n' >"$tmp/dec.mlir"
run 0 --print-format=decimal "$tmp/dec.mlir"
printf 'tensor<6xf8E4M3FN> {\n  [0.1, 450, -0, nan, 1.5, -0.002]\n}\ntensor<3xf32> {\n  [0.1, -inf, 1e-07]\n}\ntensor<complex<f32>> {[1.5, -0]}\ntensor<2xi8> {\n  [1, -2]\n}\n' >"$tmp/dec.want"
cmp -s "$tmp/out" "$tmp/dec.want" || bad "--print-format=decimal: $(cat "$tmp/out")"
# --print-format=exact: the same layout, floats as their exact values
# (worked out by hand: 0.1 in f8E4M3FN is 0x1A = 1.625 * 2^-4, 0.1 in f32
# is 13421773 * 2^-27, 1.0e-7 in f32 is 0x33D6BF95 = 14073749 * 2^-47)
run 0 --print-format=exact "$tmp/dec.mlir"
printf 'tensor<6xf8E4M3FN> {\n  [0.1015625, 448, -0, nan, 1.5, -0.001953125]\n}\ntensor<3xf32> {\n  [0.100000001490116119384765625, -inf, 1.0000000116860974230803549289703369140625e-07]\n}\ntensor<complex<f32>> {[1.5, -0]}\ntensor<2xi8> {\n  [1, -2]\n}\n' >"$tmp/exact.want"
cmp -s "$tmp/out" "$tmp/exact.want" || bad "--print-format=exact: $(cat "$tmp/out")"
run 2 --print-format=exactly "$tmp/dec.mlir"
grep -q "unknown --print-format 'exactly' (tensor, dense, decimal or exact)" "$tmp/err" || bad "--print-format=exactly: $(cat "$tmp/err")"
# MLIR bytecode that is not an artifact: one located line, no binary echoed
# (the version varint 00 takes 8 more bytes: a version far past 6)
printf 'ML\357R\000\001\002binary\n' >"$tmp/prog.mlirbc"
run 2 "$tmp/prog.mlirbc"
grep -q 'prog.mlirbc: error: byte 4 (header section): bytecode version [0-9]* is newer than 6, the newest this reader knows' "$tmp/err" || bad "bytecode message: $(cat "$tmp/err")"
run 2 --split-input-file "$tmp/prog.mlirbc"
grep -q 'prog.mlirbc: error: byte 4 (header section)' "$tmp/err" || bad "bytecode with --split-input-file: $(cat "$tmp/err")"
# a VHLO artifact (the module tests/unit/test_bytecode.c writes byte by
# byte: main() returns [1, 2] + [3, 4] as f32) runs from a file of any name
# and from stdin, and --emit=ir prints the StableHLO it holds
printf 'ML\357R\015test\000\001\045\005\001\007\007\007\003\011\001\013\001\003\013\003\011\017\023\027\033\002Q\037\035\017#\005\003\001\035\021\037\003\021\000\000\200?\000\000\000@\037\003\021\000\000@@\000\000\200@\011)\003\011\001\021\001\003\003\003\045\017\007\001\003\007\003\015\013\013\013\013//\003\007\007\023\023\004[\005\001\020\001\007\004M\003\001\005\003P\001\001\007\0049\003\007\021\005B\001\003\003\003\005B\001\005\003\003\007\006\001\003\003\005\001\003\011\004\001\003\005\010\027\007\013\007\005\007\003\011\003\013\003\015\000\223\023\003\013\025\017\031\021\017\013\021builtin\000vhlo\000module\000func_v1\000constant_v1\000add_v1\000return_v1\000main\000\000' >"$tmp/add.bin"
run 0 "$tmp/add.bin"
printf 'tensor<2xf32> {\n  [4.000000e+00, 6.000000e+00]\n}\n' >"$tmp/add.want"
cmp -s "$tmp/out" "$tmp/add.want" || bad "artifact run: $(cat "$tmp/out" "$tmp/err")"
"$IRRUN" - <"$tmp/add.bin" >"$tmp/out" 2>"$tmp/err" || bad "artifact on stdin: exit $?"
cmp -s "$tmp/out" "$tmp/add.want" || bad "artifact on stdin: $(cat "$tmp/out" "$tmp/err")"
run 0 --emit=ir --split-input-file "$tmp/add.bin"
grep -q 'stablehlo.add %0, %1 : tensor<2xf32>' "$tmp/out" || bad "artifact --emit=ir: $(cat "$tmp/out" "$tmp/err")"
printf 'suite: bytecode\ncases:\n  - name: artifact\n    program: add.bin\n    outputs:\n      - values: [4.0, 6.0]\n' >"$tmp/add.yaml"
run 0 test "$tmp/add.yaml"
grep -q '^PASS artifact$' "$tmp/out" || bad "artifact in a manifest: $(cat "$tmp/out" "$tmp/err")"
head -c 100 "$tmp/add.bin" >"$tmp/cut.bin"
run 2 "$tmp/cut.bin"
grep -q 'cut.bin: error: byte [0-9]* (IR section): expected 45 bytes, only 6 remain' "$tmp/err" || bad "truncated artifact: $(cat "$tmp/err")"
grep -q 'binary' "$tmp/err" && bad "bytecode echoed"
# a large constant (tools/bc_big.py: 2000 f32 elements, element i is
# i mod 1024, the first four returned) goes beside the text as a blob
# (docs/bytecode.md): run, stdin, --emit=ir and a manifest read its bytes
if command -v python3 >/dev/null 2>&1; then
    python3 "$(dirname "$0")/../tools/bc_big.py" "$tmp/big.bin" 2000
    printf 'tensor<4xf32> {\n  [0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]\n}\n' >"$tmp/big.want"
    run 0 "$tmp/big.bin"
    cmp -s "$tmp/out" "$tmp/big.want" || bad "large artifact run: $(cat "$tmp/out" "$tmp/err")"
    "$IRRUN" - <"$tmp/big.bin" >"$tmp/out" 2>"$tmp/err" || bad "large artifact on stdin: exit $?"
    cmp -s "$tmp/out" "$tmp/big.want" || bad "large artifact on stdin: $(cat "$tmp/out" "$tmp/err")"
    run 0 --emit=ir "$tmp/big.bin"
    grep -q 'stablehlo.constant dense<"0x000000000000803F0000004000004040' "$tmp/out" ||
        bad "large artifact --emit=ir: $(head -c 300 "$tmp/out") $(cat "$tmp/err")"
    printf 'cases:\n  - name: big\n    program: big.bin\n    outputs:\n      - values: [0.0, 1.0, 2.0, 3.0]\n' >"$tmp/big.yaml"
    run 0 test "$tmp/big.yaml"
    grep -q '^PASS big$' "$tmp/out" || bad "large artifact in a manifest: $(cat "$tmp/out" "$tmp/err")"
    # one of 1.2 MB (300000 elements) is mapped, not read (1 MiB and more,
    # docs/bytecode.md "Large tensors"): the same results from the file,
    # stdin (read) and a manifest; its peak memory is the file and the
    # literal (the constant's elements used in place by the run, not
    # copied), not also a copy of the tensor or its text's hex
    python3 "$(dirname "$0")/../tools/bc_big.py" "$tmp/mapped.bin" 300000
    run 0 "$tmp/mapped.bin"
    cmp -s "$tmp/out" "$tmp/big.want" || bad "mapped artifact run: $(cat "$tmp/out" "$tmp/err")"
    "$IRRUN" - <"$tmp/mapped.bin" >"$tmp/out" 2>"$tmp/err" || bad "mapped-size artifact on stdin: exit $?"
    cmp -s "$tmp/out" "$tmp/big.want" || bad "mapped-size artifact on stdin: $(cat "$tmp/out" "$tmp/err")"
    sed 's/big.bin/mapped.bin/' "$tmp/big.yaml" >"$tmp/mapped.yaml"
    run 0 test "$tmp/mapped.yaml"
    grep -q '^PASS big$' "$tmp/out" || bad "mapped artifact in a manifest: $(cat "$tmp/out" "$tmp/err")"
    peak=$(IRRUN_ALLOC_REPORT=1 "$IRRUN" "$tmp/mapped.bin" 2>&1 >/dev/null | sed -n 's/^peak bytes: //p')
    size=$(wc -c <"$tmp/mapped.bin")
    [ -n "$peak" ] && [ "$peak" -le $((2 * size + 262144)) ] ||
        bad "mapped artifact: peak $peak bytes for a file of $size (at most the file and its tensor)"
fi
# the summary line (F21): REF prints nothing but results and errors, so a
# run without check ops prints none; -q drops it; an input that cannot be
# read is not a failed program; results come out before what follows them
printf 'func.func @main() -> tensor<2xi8> {\n  %%a = stablehlo.constant dense<[1, 2]> : tensor<2xi8>\n  func.return %%a : tensor<2xi8>\n}\n' >"$tmp/plain.mlir"
run 0 "$tmp/plain.mlir"
[ -s "$tmp/err" ] && bad "a run without checks wrote to stderr: $(cat "$tmp/err")"
run 1 -q "$tmp/one.mlir"
grep -q 'passed' "$tmp/err" && bad "-q printed the summary"
grep -q 'check.expect_eq_const failed' "$tmp/err" || bad "-q dropped the check failure: $(cat "$tmp/err")"
run 2 "$tmp/missing.mlir"
grep -q 'failed' "$tmp/err" && bad "an unreadable file counted as a failed program: $(cat "$tmp/err")"
run 2 "$tmp/plain.mlir" "$tmp/missing.mlir"
grep -q '^1 passed, 0 failed, 1 not run (unreadable input)$' "$tmp/err" || bad "summary with an unreadable file: $(tail -1 "$tmp/err")"
"$IRRUN" -split-input-file $D/two_chunks.mlir >"$tmp/both" 2>&1
tail -1 "$tmp/both" | grep -q '^2 passed, 2 failed$' || bad "summary not last with 2>&1: $(tail -1 "$tmp/both")"
# a chunk's result (stdout) comes before the next chunk's error (stderr)
{ cat "$tmp/plain.mlir"; printf '// -----\nfunc.func @main() {\n  %%a = stablehlo.constant dense<[1, 2> : tensor<2xi8>\n  func.return\n}\n'; } >"$tmp/order.mlir"
"$IRRUN" -split-input-file "$tmp/order.mlir" >"$tmp/both" 2>&1
r=$(grep -n '^  \[1, 2\]$' "$tmp/both" | cut -d: -f1)
e=$(grep -n 'order.mlir:7:.*error' "$tmp/both" | cut -d: -f1)
[ -n "$r" ] && [ -n "$e" ] && [ "$r" -lt "$e" ] || bad "stdout and stderr out of order with 2>&1: $(cat "$tmp/both")"
# no file: the program comes from standard input (F4)
"$IRRUN" <"$tmp/plain.mlir" >"$tmp/out" 2>"$tmp/err" || bad "no file with a program on stdin: exit $?: $(cat "$tmp/err")"
grep -q '^  \[1, 2\]$' "$tmp/out" || bad "no file did not run stdin: $(cat "$tmp/out")"
# option values (N16): a count is digits only, and one too large says so
run 2 --threads ' 2' "$tmp/plain.mlir"
run 2 '--max-while-iterations= 5' "$tmp/plain.mlir"
run 2 --max-while-iterations=99999999999999999999 "$tmp/plain.mlir"
grep -q 'is too large' "$tmp/err" || bad "a count too large: $(cat "$tmp/err")"
# IRRUN_THREADS that the thread pool ignores is warned about, never silently
for v in abc -1 0 ' 2'; do
    IRRUN_THREADS=$v run 0 "$tmp/plain.mlir"
    grep -q "warning: IRRUN_THREADS='$v' is not a positive integer; ignored" "$tmp/err" ||
        bad "IRRUN_THREADS='$v': $(cat "$tmp/err")"
    IRRUN_THREADS=$v run 0 test "$here/examples/golden/suite.yaml"
    grep -q "IRRUN_THREADS='$v' is not a positive integer" "$tmp/err" || bad "test with IRRUN_THREADS='$v'"
done
IRRUN_THREADS=2 run 0 "$tmp/plain.mlir"
[ -s "$tmp/err" ] && bad "IRRUN_THREADS=2 warned: $(cat "$tmp/err")"
# write errors (N16): one message with its reason, and no "passed" first
if [ -w /dev/full ]; then
    printf 'func.func @main() -> (tensor<4096xf32>, tensor<4096xf32>) {\n  %%a = stablehlo.constant dense<1.5> : tensor<4096xf32>\n  func.return %%a, %%a : tensor<4096xf32>, tensor<4096xf32>\n}\n' >"$tmp/big2.mlir"
    for o in '-o /dev/full' ''; do
        # shellcheck disable=SC2086
        "$IRRUN" "$tmp/big2.mlir" $o >/dev/full 2>"$tmp/err"
        st=$?
        [ $st = 2 ] || bad "results to /dev/full ($o): exit $st"
        [ "$(grep -c 'error' "$tmp/err")" = 1 ] || bad "results to /dev/full ($o): not one message: $(cat "$tmp/err")"
        grep -q 'No space left on device' "$tmp/err" || bad "results to /dev/full ($o): no reason: $(cat "$tmp/err")"
    done
    printf 'func.func @main() -> tensor<2xi8> {\n  %%a = stablehlo.constant dense<[1, 2]> : tensor<2xi8>\n  check.expect_eq_const %%a, dense<[1, 2]> : tensor<2xi8>\n  func.return %%a : tensor<2xi8>\n}\n' >"$tmp/small.mlir"
    "$IRRUN" "$tmp/small.mlir" >/dev/full 2>"$tmp/err"
    [ $? = 2 ] || bad "a small result to /dev/full: not exit 2"
    grep -q '1 passed' "$tmp/err" && bad "a result that could not be written passed: $(cat "$tmp/err")"
    [ "$(grep -c 'No space left on device' "$tmp/err")" = 1 ] || bad "a small result to /dev/full: $(cat "$tmp/err")"
fi
# the split marker anywhere on a line, as REF splits (SPEC 2.1): four chunks,
# each printing its number; text after a marker is the next chunk's, at its
# own line and column (`// ------` leaves a stray `-`, as in REF)
run 0 -split-input-file $D/split_anywhere.mlir
printf 'tensor<i32> {1}\n\ntensor<i32> {2}\n\ntensor<i32> {3}\n\ntensor<i32> {4}\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" || bad "markers inside lines: $(cat "$tmp/out" "$tmp/err")"
grep -q '^4 passed, 0 failed$' "$tmp/err" || bad "markers inside lines, summary: $(cat "$tmp/err")"
printf 'func.func @main() {\n  func.return\n}\n// ------\nfunc.func @main() {\n  func.return\n}\n' >"$tmp/stray.mlir"
run 2 -split-input-file "$tmp/stray.mlir"
grep -q 'stray.mlir:4:9: error: ' "$tmp/err" || bad "text after a marker not located at its column: $(cat "$tmp/err")"
printf 'func.func @main() {\n  func.return\n}\n' >"$tmp/two.mlir"
printf 'x // -----\n' >>"$tmp/two.mlir"
cat "$tmp/two.mlir" "$tmp/two.mlir" >"$tmp/two2.mlir"
run 2 -split-input-file "$tmp/two2.mlir"
grep -q 'two2.mlir:4:1: error: ' "$tmp/err" || bad "text before a marker not in its chunk: $(cat "$tmp/err")"
# --input by the names JAX gives through loc("name"); an unknown name lists
# the names there are: (1 + 10) * 2 + 0.5, (2 + 20) * 3 + 0.5
printf 'values: [1.0, 2.0]\n' >"$tmp/x.yaml"
printf 'values: [10.0, 20.0]\n' >"$tmp/y.yaml"
printf 'values: [2.0, 3.0]\n' >"$tmp/z.yaml"
printf 'values: [0.5, 0.5]\n' >"$tmp/h.yaml"
run 0 $D/jax_names.mlir --input x="$tmp/x.yaml" --input y="$tmp/y.yaml" --input z="$tmp/z.yaml" --input arg3="$tmp/h.yaml"
printf 'tensor<2xf32> {\n  [2.250000e+01, 6.650000e+01]\n}\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" || bad "--input by loc names: $(cat "$tmp/out" "$tmp/err")"
run 2 $D/jax_names.mlir --input w="$tmp/x.yaml"
grep -qF 'ir-run: --input w: @main has no such argument; give an index or a name: 0 = %arg0 or x, 1 = %arg1 or y, 2 = %arg2 or z, 3 = %arg3' "$tmp/err" ||
    bad "unknown --input name: $(cat "$tmp/err")"
# a location name two arguments share names neither: an error, never the
# first of them
printf 'func.func @main(%%arg0: tensor<2xf32> loc("x"), %%arg1: tensor<2xf32> loc("x")) -> tensor<2xf32> {\n  func.return %%arg1 : tensor<2xf32>\n}\n' >"$tmp/twice_x.mlir"
run 2 "$tmp/twice_x.mlir" --input x="$tmp/x.yaml" --input 1="$tmp/y.yaml"
grep -qF 'ir-run: --input x: the name of several arguments of @main (0, 1), through their locations; give an index' "$tmp/err" ||
    bad "--input by a shared loc name: $(cat "$tmp/out" "$tmp/err")"
# custom calls (docs/syntax.md, "Custom calls"): a target without reference
# semantics checks and prints (its attributes as written) with a located
# warning (exit 0), and running
# it is a located error in the same words; a shard shape that changes is an
# error when it runs
run 0 --emit=ir $D/custom_call_unknown.mlir
grep -qF 'stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {mhlo.backend_config = {}, api_version = 4 : i32} : (tensor<2x4xf32>) -> tensor<2x4xf32>' "$tmp/out" ||
    bad "--emit=ir of an unknown custom call target: $(cat "$tmp/out")"
grep -qF "custom_call_unknown.mlir:5:8: warning: custom call target '@lapack_sgetrf_ffi': no reference semantics exist for it (running it is an error)" "$tmp/err" ||
    bad "no located warning for an unknown custom call target: $(cat "$tmp/err")"
# a manual computation over 2 devices under --partitions 2: the grid runs
# the global program on each process and does not split the body (issue 32)
run 2 tests/collective/fail/sdy_manual_two_devices.mlir --partitions 2
grep -qF "sdy_manual_two_devices.mlir:11:10: error: 'sdy.manual_computation' runs its body on 2 devices (the product of the sizes of its manual axes); the --replicas/--partitions grid runs the whole program on each process and ir-run does not split a manual computation over it (SPMD partitioning is not implemented)" "$tmp/err" ||
    bad "manual computation under --partitions: $(cat "$tmp/err")"
run 2 $D/custom_call_unknown.mlir --args='[dense<1.0> : tensor<2x4xf32>]'
grep -qF "custom_call_unknown.mlir:5:8: error: custom call target '@lapack_sgetrf_ffi': no reference semantics exist for it" "$tmp/err" ||
    bad "running an unknown custom call target: $(cat "$tmp/err")"
run 2 $D/custom_call_unknown.mlir --entry shard --args='[dense<1.0> : tensor<2x4xf32>]'
grep -qF "custom_call_unknown.mlir:9:8: error: '@SPMDFullToShardShape' changes the shape of operand #0 (tensor<2x4xf32> to tensor<1x4xf32>)" "$tmp/err" ||
    bad "a shard shape that changes: $(cat "$tmp/err")"
# ops kept for a native kernel: FILE run on ARGS gives $tmp/want, and so
# does it with ENV=decompose (every op lowered) and the program --emit=ir
# prints (left in $tmp/out for the caller's checks)
native_and_lowered() { # ENV FILE ARGS
    run 0 "$2" --args="$3"
    cmp -s "$tmp/out" "$tmp/want" || bad "$2 native: $(diff "$tmp/out" "$tmp/want")"
    env "$1=decompose" "$IRRUN" "$2" --args="$3" >"$tmp/out" 2>"$tmp/err" || bad "$1=decompose run: $(cat "$tmp/err")"
    cmp -s "$tmp/out" "$tmp/want" || bad "$2 with $1=decompose: $(diff "$tmp/out" "$tmp/want")"
    run 0 --emit=ir "$2"
    cp "$tmp/out" "$tmp/emitted.mlir"
    run 0 "$tmp/emitted.mlir" --args="$3"
    cmp -s "$tmp/out" "$tmp/want" || bad "the emitted program of $2 runs to other values: $(diff "$tmp/out" "$tmp/want")"
    cp "$tmp/emitted.mlir" "$tmp/out"
}
# chlo ops run natively (docs/chlo.md "Native kernels"): the same stdout
# as their decomposition (IRRUN_CHLO=decompose); --emit=ir prints the
# decomposition, which runs to the same stdout too
chlo_args='[dense<[[0.5, -1.5, 3.0, 0x7FC00001], [-0.0, 2.0, 2.0, -4.25]]> : tensor<2x4xf32>, dense<[1.0, -2.0, 0.25, 8.0]> : tensor<4xf32>]'
"$IRRUN" $D/chlo_native.mlir --args="$chlo_args" >"$tmp/want" 2>"$tmp/err" || bad "chlo native run: $(cat "$tmp/err")"
native_and_lowered IRRUN_CHLO $D/chlo_native.mlir "$chlo_args"
grep -q 'chlo\.' "$tmp/out" && bad "--emit=ir keeps a chlo op: $(grep 'chlo\.' "$tmp/out")"
grep -q 'stablehlo.sort' "$tmp/out" || bad "--emit=ir does not print top_k's sort"
# uniform_quantize runs natively (docs/quantization.md "Native
# uniform_quantize"): the values worked out by hand (1/0.5 - 3 = -1,
# 0.25/0.5 - 3 = -2.5 -> -2 and 0.75/0.5 - 3 = -1.5 -> -2 to even, NaN -> 0,
# 197 -> 127, -203 -> -128; per channel 1/0.5 = 2, 0.125 + 255 -> 255,
# 3 + 10 = 13, 50 + 255 -> 255, -400 + 10 -> 0), also by the lowered ops
# (IRRUN_QUANT=decompose) and the lowering --emit=ir prints
printf 'tensor<2x3xi8> {\n  [\n    [-1, -2, -2],\n    [0, 127, -128]\n  ]\n}\ntensor<2x3xui8> {\n  [\n    [2, 255, 13],\n    [0, 255, 0]\n  ]\n}\n' >"$tmp/want"
native_and_lowered IRRUN_QUANT $D/quant_native.mlir '[dense<[[1.0, 0.25, 0.75], [0x7FC00000, 100.0, -100.0]]> : tensor<2x3xf32>]'
grep -q 'uniform_quantize' "$tmp/out" && bad "--emit=ir keeps a uniform_quantize: $(grep uniform_quantize "$tmp/out")"
grep -q 'stablehlo.round_nearest_even' "$tmp/out" || bad "--emit=ir does not print the lowered quantize"
# the checker of this script can fail
( run 0 --no-such-option ) | grep -q FAIL || bad "run() cannot fail"
[ $fail -eq 0 ] && echo "run_cli: all passed"
exit $fail
