#!/bin/sh
# interpreter.print, interpreter.probe and check.expect_serialized_eq from
# the command line (SPEC.md 9.3.10-9.3.12, decisions 24, 27, 28, 31): the
# exact stdout of prints (expected texts written by hand from SPEC's naming
# rules), the exact bytes of probe files and index.csv (expected files built
# here from SPEC's description of REF's format, not by ir-run), and the
# errors around them.
set -u
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$(pwd)/$IRRUN ;; esac
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
passes=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
ok() { passes=$((passes + 1)); }
run() { # expected-status args...
    want=$1
    shift
    "$IRRUN" "$@" >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ "$st" -eq "$want" ]; then ok; else bad "ir-run $* exit $st, want $want: $(head -3 "$tmp/err")"; fi
}
same() { # file expected-file what
    if cmp -s "$1" "$2"; then ok; else bad "$3"; diff "$2" "$1" | head -20; fi
}
has() { # file fixed-text what
    if grep -F -q -- "$2" "$1"; then ok; else bad "$3: no '$2' in: $(head -5 "$1")"; fi
}

# ---- interpreter.print: MLIR's names, REF's tensor format, in order -------

run 0 "$here/cli/print_names.mlir"
cat >"$tmp/want" <<'EOF'
%0 = tensor<i32> {2}
%cst = tensor<f32> {2.500000e+00}
%c_0 = tensor<2xi32> {
  [1, 2]
}
%c_3 = tensor<i32> {1}
%7 = tensor<i32> {2}
<tensor<i32> {2}
%c_5 = tensor<i32> {7}
%9 = tensor<i32> {8}
%8 = tensor<i32> {8}
%c_3 = tensor<i32> {1}
%7 = tensor<i32> {3}
<tensor<i32> {2}
%c_5 = tensor<i32> {7}
%9 = tensor<i32> {8}
%8 = tensor<i32> {8}
%1:2 = tensor<i32> {2}
%c_2 = tensor<i32> {10}
<tensor<i32> {2}
%4 = tensor<i32> {13}
%5:2 = tensor<i32> {10}
%0 = tensor<i32> {65}
%c = tensor<i32> {5}
<tensor<i32> {13}
%6 = tensor<i32> {65}
tensor<i32> {13}
EOF
same "$tmp/out" "$tmp/want" "print_names.mlir: stdout"

run 0 --interpret -split-input-file "$here/interpret/print.mlir"
cat >"$tmp/want" <<'EOF'
<tensor<i32> {1}
%1 = tensor<i32> {11}
<tensor<i32> {2}
%1 = tensor<i32> {12}
%0 = tensor<2xi32> {
  [11, 12]
}

%1 = tensor<f32> {1.000000e+00}
%1 = tensor<f32> {3.000000e+00}
%1 = tensor<f32> {6.000000e+00}
%0 = tensor<f32> {6.000000e+00}

%1 = tensor<2xui8> {
  [10, 12]
}
%c_0 = tensor<2xui8> {
  [5, 6]
}
%0 = tensor<2xui8> {
  [10, 12]
}

%0 = tensor<2xi32> {
  [0, 1]
}

%cst = tensor<complex<f32>> {[1.500000e+00, -2.000000e+00]}
%0 = tensor<i1> {true}
EOF
same "$tmp/out" "$tmp/want" "interpret/print.mlir: stdout"

# REF's tensor format whatever --print-format says; prints land in -o's file
# before the chunk's results, in execution order
run 0 --print-format=dense -o "$tmp/o.txt" "$here/cli/print_names.mlir"
head -1 "$tmp/o.txt" >"$tmp/first"
printf '%%0 = tensor<i32> {2}\n' >"$tmp/want"
same "$tmp/first" "$tmp/want" "-o: the first print"
tail -1 "$tmp/o.txt" >"$tmp/last"
printf 'dense<13> : tensor<i32>\n' >"$tmp/want"
same "$tmp/last" "$tmp/want" "-o: the result after the prints"
[ -s "$tmp/out" ] && bad "-o: something went to stdout"

# a print that cannot be written ends the run (exit 2), located at the op
if [ -w /dev/full ]; then
    "$IRRUN" "$here/interpret/print.mlir" --split-input-file >/dev/full 2>"$tmp/err"
    st=$?
    [ "$st" -eq 2 ] && ok || bad "print to /dev/full: exit $st, want 2"
    has "$tmp/err" "print.mlir:14:5: error: error writing the output of 'interpreter.print'" "print to /dev/full"
fi

# ---- probe files: REF's bytes ----------------------------------------------

# npy DESCR SHAPE DATA: NumPy 1.0, REF's header (`'shape' :`, every dimension
# followed by a comma, six spaces and a newline), DATA as printf escapes
npy() {
    h="{'descr': '$1', 'fortran_order': False, 'shape' : ($2), }      "
    len=$((${#h} + 1))
    printf '\223NUMPY\001\000'
    printf "\\$(printf %03o "$len")\\000"
    printf '%s\n' "$h"
    printf "$3"
}
d=$tmp/probes
mkdir "$d"
run 0 --probe-output-dir "$d" "$here/cli/probes.mlir"
# SPEC.md 9.A vector 22: tensor<3x1xi64> is written with descr '<u8'
npy '<u8' '3,1,' '\001\0\0\0\0\0\0\0\002\0\0\0\0\0\0\0\377\377\377\377\377\377\377\377' >"$tmp/w1"
same "$d/probe1.npy" "$tmp/w1" "probe1.npy (tensor<3x1xi64>)"
npy '<i1' '' '\001' >"$tmp/w2"
same "$d/probe2.npy" "$tmp/w2" "probe2.npy (tensor<i1>)"
npy '<u2' '2,' '\200\077\000\300' >"$tmp/w3"
same "$d/probe3.npy" "$tmp/w3" "probe3.npy (tensor<2xbf16>)"
npy '<f8' '' '\0\0\300\077\0\0\0\277' >"$tmp/w4"
same "$d/probe4.npy" "$tmp/w4" "probe4.npy (tensor<complex<f32>>)"
npy '<i8' '1,' '\377\377\377\377\377\377\377\377' >"$tmp/w5"
same "$d/probe5.npy" "$tmp/w5" "probe5.npy (tensor<1xui64>)"
npy '<i2' '2,1,' '\376\377\001\000' >"$tmp/w6"
same "$d/probe6.npy" "$tmp/w6" "probe6.npy (tensor<2x1xi16>)"
npy '<f8' '1,' '\0\0\0\0\0\0\360\077' >"$tmp/w7"
same "$d/probe7.npy" "$tmp/w7" "probe7.npy (tensor<1xf64>)"
cat >"$tmp/want" <<EOF
probe_si64,tensor<3x1xi64>,$d/probe1.npy
flag,tensor<i1>,$d/probe2.npy
bf,tensor<2xbf16>,$d/probe3.npy
cplx,tensor<complex<f32>>,$d/probe4.npy
u64,tensor<1xui64>,$d/probe5.npy
s16,tensor<2x1xi16>,$d/probe6.npy
f64,tensor<1xf64>,$d/probe7.npy
EOF
same "$d/index.csv" "$tmp/want" "index.csv"
ls "$d" | grep -q 'tmp-' && bad "a temporary file was left in $d"

# DIR/ is not doubled into DIR//; --probe-output-dir=DIR
run 0 --probe-output-dir="$d/" "$here/cli/probes.mlir"
has "$d/index.csv" "flag,tensor<i1>,$d/probe2.npy" "DIR/ given"

# per chunk: index.csv starts empty and K starts from 1 again
cat >"$tmp/chunks.mlir" <<'EOF'
func.func @first() {
  %a = stablehlo.constant dense<1> : tensor<i32>
  %p = interpreter.probe %a, probe_id = "a" : tensor<i32>
  %q = interpreter.probe %a, probe_id = "b" : tensor<i32>
  func.return
}
// -----
func.func @second() {
  %a = stablehlo.constant dense<2> : tensor<i8>
  %p = interpreter.probe %a, probe_id = "c" : tensor<i8>
  func.return
}
EOF
rm -f "$d"/*
run 0 --split-input-file --probe-output-dir "$d" "$tmp/chunks.mlir"
printf 'c,tensor<i8>,%s/probe1.npy\n' "$d" >"$tmp/want"
same "$d/index.csv" "$tmp/want" "index.csv after two chunks"
npy '<i1' '' '\002' >"$tmp/w1"
same "$d/probe1.npy" "$tmp/w1" "probe1.npy of the second chunk"

# ---- errors -----------------------------------------------------------------

# no --probe-output-dir: located, before anything is written
mkdir "$tmp/cwd"
(cd "$tmp/cwd" && "$IRRUN" "$here/cli/probes.mlir" >"$tmp/out" 2>"$tmp/err")
st=$?
[ "$st" -eq 2 ] || bad "probe without --probe-output-dir: exit $st, want 2"
has "$tmp/err" "probes.mlir:5:9: error: 'interpreter.probe' needs a directory for the probe files (--probe-output-dir)" \
    "probe without a directory"
[ -z "$(ls "$tmp/cwd")" ] && ok || bad "probe without a directory wrote $(ls "$tmp/cwd")"
printf 'func.func @main() {\n  %%a = stablehlo.constant dense<1> : tensor<i8>\n  check.expect_serialized_eq %%a, probe_id = "p" : tensor<i8>\n  func.return\n}\n' >"$tmp/lookup.mlir"
run 2 "$tmp/lookup.mlir"
has "$tmp/err" "lookup.mlir:3:3: error: 'check.expect_serialized_eq' needs a directory for the probe files" \
    "lookup without a directory"

# element types REF cannot write: a located error, no probe file
printf 'func.func @main() {\n  %%a = stablehlo.constant dense<1.0> : tensor<2xf8E4M3FN>\n  %%p = interpreter.probe %%a, probe_id = "f8" : tensor<2xf8E4M3FN>\n  func.return\n}\n' >"$tmp/f8.mlir"
rm -f "$d"/*
run 2 --probe-output-dir "$d" "$tmp/f8.mlir"
has "$tmp/err" "f8.mlir:3:8: error: 'interpreter.probe' (probe_id \"f8\"): element type f8E4M3FN cannot be written to a probe file" \
    "f8E4M3FN probe"
[ -e "$d/probe1.npy" ] && bad "f8E4M3FN probe wrote probe1.npy"
printf 'func.func @main() {\n  %%a = stablehlo.constant dense<1.0> : tensor<2xf8E4M3FN>\n  check.expect_serialized_eq %%a, probe_id = "f8" : tensor<2xf8E4M3FN>\n  func.return\n}\n' >"$tmp/f8_lookup.mlir"
run 2 --probe-output-dir "$d" "$tmp/f8_lookup.mlir"
has "$tmp/err" "element type f8E4M3FN cannot be written to a probe file" "f8E4M3FN lookup"

# a directory that does not exist
run 2 --probe-output-dir "$tmp/none" "$here/cli/probes.mlir"
has "$tmp/err" "--probe-output-dir $tmp/none: no such directory" "missing directory, before the run"

# a probe file never replaces an input of the run
rm -f "$d"/*
cp "$here/cli/probes.mlir" "$d/probe1.npy"
run 2 --probe-output-dir "$d" "$d/probe1.npy"
has "$tmp/err" "refusing to overwrite an input of this run" "probe over the program"
same "$d/probe1.npy" "$here/cli/probes.mlir" "the program survives"

# usage errors
run 2 --probe-output-dir= "$here/cli/probes.mlir"
run 2 "$here/cli/probes.mlir" --probe-output-dir
run 2 --probe-output-dir "$(printf 'a\nb')" "$here/cli/probes.mlir"
has "$tmp/err" "contains a line break" "a directory name with a newline"

echo "probe.sh: $passes passed, $fail failed"
[ "$fail" -eq 0 ]
