#!/bin/sh
# What ir-run does with files, as a careful user expects: readers give the
# same data in a fresh process with nothing run before them, outputs never
# clobber an input and never leave a partial file, only regular files are
# read (and only up to a cap), and a write error is never an exit 0.
# Every ir-run below is its own process, so each reader starts cold.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tests/lib/expect.sh"
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

# ---- outputs never clobber an input ------------------------------------------------
cp "$here/examples/quickstart.mlir" prog.mlir
cp prog.mlir prog.orig
expect_rc 2 "$IRRUN" prog.mlir -o prog.mlir
expect_in err "refusing to overwrite an input"
cmp -s prog.mlir prog.orig && ok || bad "-o over the program changed it"
ln -s prog.mlir link.mlir
expect_rc 2 "$IRRUN" prog.mlir -o link.mlir
cmp -s prog.mlir prog.orig && ok || bad "-o through a link changed the program"
ln prog.mlir hard.mlir
expect_rc 2 "$IRRUN" hard.mlir -o prog.mlir
cmp -s prog.mlir prog.orig && ok || bad "-o over a hard link of the program changed it"
echo '[dense<[1.5, 100.0]> : tensor<2xf8E4M3FN>]' >args.txt
cp args.txt args.orig
printf 'func.func @main(%%x: tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN> {\n  func.return %%x : tensor<2xf8E4M3FN>\n}\n' >arg.mlir
expect_rc 2 "$IRRUN" arg.mlir --args=@args.txt -o args.txt
cmp -s args.txt args.orig && ok || bad "-o over the --args file changed it"
# -o through a link writes the file it names, and keeps the link
ln -s real_out.txt out_link.txt
expect_rc 0 "$IRRUN" prog.mlir -o out_link.txt
[ -L out_link.txt ] && ok || bad "-o replaced a symbolic link"
expect_in real_out.txt "tensor<f8E4M3>"
# --output-dir D --expect 0=D/result0.npy: the backend's file is kept and compared
mkdir D
cp "$here/examples/validation/matmul_f8.mlir" "$here/examples/validation/lhs.npy" \
    "$here/examples/validation/rhs.npy" .
cp "$here/examples/validation/backend_out.npy" D/result0.npy
cp D/result0.npy backend.orig
expect_rc 2 "$IRRUN" matmul_f8.mlir --input 0=lhs.npy --input 1=rhs.npy --output-dir D --expect 0=D/result0.npy
expect_in err "refusing to overwrite an input"
cmp -s D/result0.npy backend.orig && ok || bad "--output-dir overwrote the --expect file"
expect_in err "differing" # the comparison still ran, against the backend's data
expect_rc 2 "$IRRUN" matmul_f8.mlir --input 0=lhs.npy --input 1=D/result0.npy --output-dir D
cmp -s D/result0.npy backend.orig && ok || bad "--output-dir overwrote an --input file"
# the JUnit report may not replace the manifest
cp "$here/examples/golden/"* .
cp suite.yaml suite.orig
expect_rc 2 "$IRRUN" test suite.yaml --junit suite.yaml
cmp -s suite.yaml suite.orig && ok || bad "--junit overwrote the manifest"
expect_rc 0 "$IRRUN" test suite.yaml --junit j.xml
expect_in j.xml "<testsuites"

# -o /dev/stdout appends to what stdout is, it does not replace the file
echo "log line" >log.txt
"$IRRUN" prog.mlir -o /dev/stdout >>log.txt 2>err
expect_in log.txt "log line"
expect_in log.txt "tensor<f8E4M3>"
"$IRRUN" prog.mlir -o - >dash_out.txt 2>err
expect_in dash_out.txt "tensor<f8E4M3>"
[ -e ./- ] && bad "-o - created a file named '-'" || ok

# ---- no partial files: a failed write leaves nothing (or the old file) behind ---------
if [ -w /dev/full ]; then
    expect_rc 2 "$IRRUN" prog.mlir -o /dev/full
    expect_in err "error writing the results to /dev/full: No space left on device"
fi
mkdir ro
echo old >ro/result0.npy
chmod 555 ro
if ! touch ro/probe 2>/dev/null; then # not when root ignores the mode
    expect_rc 2 "$IRRUN" matmul_f8.mlir --input 0=lhs.npy --input 1=rhs.npy --output-dir ro
    expect_in ro/result0.npy old
fi
chmod 755 ro
ls ro D . | grep -q 'tmp-' && bad "a temporary file was left behind: $(ls ro D .)" || ok
# a file size limit makes the write of the npy fail half way: no partial result
if (ulimit -f 1) 2>/dev/null; then
    mkdir big
    printf 'func.func @main() -> tensor<4096xf32> {\n  %%0 = stablehlo.iota dim = 0 : tensor<4096xf32>\n  func.return %%0 : tensor<4096xf32>\n}\n' >big.mlir
    (ulimit -f 4; trap '' XFSZ; "$IRRUN" big.mlir --output-dir big >out 2>err)
    rc=$?
    [ "$rc" = 2 ] && ok || bad "write beyond the file size limit: exit $rc"
    [ -e big/result0.npy ] && bad "a truncated result0.npy was left" || ok
    ls big | grep -q 'tmp-' && bad "temporary left behind: $(ls big)" || ok
fi

# ---- empty names, per-chunk output names ----------------------------------------------
expect_rc 2 "$IRRUN" prog.mlir --output-dir ''
expect_rc 2 "$IRRUN" prog.mlir --output-dir=
expect_rc 2 "$IRRUN" prog.mlir -o ''
expect_rc 2 "$IRRUN" test suite.yaml --junit=
printf 'func.func @main() -> tensor<i32> {\n  %%0 = stablehlo.constant dense<1> : tensor<i32>\n  func.return %%0 : tensor<i32>\n}\n// -----\nfunc.func @main() -> tensor<i32> {\n  %%0 = stablehlo.constant dense<2> : tensor<i32>\n  func.return %%0 : tensor<i32>\n}\n' >two.mlir
mkdir C
expect_rc 0 "$IRRUN" --split-input-file two.mlir --output-dir C --output-format yaml
expect_in C/chunk0.result0.yaml "values: 1"
expect_in C/chunk1.result0.yaml "values: 2"
[ -e C/result0.yaml ] && bad "split run wrote result0.yaml" || ok
mkdir M
expect_rc 0 "$IRRUN" prog.mlir prog.mlir --output-dir M
[ -e M/chunk0.result0.npy ] && [ -e M/chunk1.result0.npy ] && ok || bad "two files: $(ls M)"

# ---- stdout that cannot be written is an error -----------------------------------------
for cmd in "info f8E4M3FN" "table f4E2M1FN" "encode f8E5M2 1.0" "decode f8E5M2 0x3C" "--help" "--version" "prog.mlir"; do
    # shellcheck disable=SC2086
    "$IRRUN" $cmd >&- 2>err
    rc=$?
    [ "$rc" = 2 ] && ok || bad "ir-run $cmd with stdout closed: exit $rc"
    if [ -w /dev/full ]; then
        "$IRRUN" $cmd >/dev/full 2>err
        rc=$?
        [ "$rc" = 2 ] && ok || bad "ir-run $cmd > /dev/full: exit $rc"
    fi
done
# a closed stdout is not reused by the -o file
"$IRRUN" prog.mlir -o closed_out.txt >&- 2>err
expect_in closed_out.txt "tensor<f8E4M3>"

# ---- only regular files are read, up to a cap ------------------------------------------
expect_rc 2 timeout 60 "$IRRUN" /dev/zero
expect_in err "not a regular file"
mkfifo fifo.mlir
# (under timeout: a regression would block for ever waiting for a writer)
expect_rc 2 timeout 20 "$IRRUN" fifo.mlir
expect_rc 2 timeout 20 "$IRRUN" compare --type f32 fifo.mlir /dev/zero
expect_rc 2 "$IRRUN" .
expect_in err "is a directory"
printf 'cases:\n  - program: /dev/zero\n    outputs: []\n' >zero_prog.yaml
expect_rc 2 timeout 60 "$IRRUN" test zero_prog.yaml
expect_rc 2 timeout 20 "$IRRUN" prog.mlir --input 0=fifo.mlir
IRRUN_MAX_FILE_SIZE=100 "$IRRUN" prog.mlir >out 2>err
[ $? = 2 ] && ok || bad "IRRUN_MAX_FILE_SIZE=100 not enforced"
expect_in err "larger than the file size limit of 100 bytes"
size=$(wc -c <prog.mlir)
IRRUN_MAX_FILE_SIZE=$size "$IRRUN" prog.mlir >out 2>err && ok || bad "a file of exactly the limit refused"
IRRUN_MAX_FILE_SIZE=2k "$IRRUN" prog.mlir >out 2>err && ok || bad "IRRUN_MAX_FILE_SIZE=2k"
IRRUN_MAX_FILE_SIZE=1k "$IRRUN" prog.mlir >out 2>err
[ $? = 2 ] && ok || bad "IRRUN_MAX_FILE_SIZE=1k: a file of $size bytes accepted"
IRRUN_MAX_FILE_SIZE=lots "$IRRUN" prog.mlir >out 2>err
[ $? = 2 ] && ok || bad "a bad IRRUN_MAX_FILE_SIZE accepted"
head -c 200 /dev/zero | IRRUN_MAX_FILE_SIZE=100 "$IRRUN" - >out 2>err
[ $? = 2 ] && ok || bad "stdin beyond the cap accepted"
expect_in err "<stdin>: error: larger than the file size limit"

# ---- nothing to run: stdout as REF (empty), a warning, an error on request -------------
printf '' >empty.mlir
printf '// just a comment\n' >comment.mlir
# /dev/null is a device: refused as any other (a clear error, not a silent pass)
expect_rc 2 "$IRRUN" /dev/null
expect_in err "not a regular file"
for f in empty.mlir comment.mlir; do
    expect_rc 0 "$IRRUN" "$f"
    [ -s out ] && bad "$f printed on stdout" || ok
    expect_in err "warning: $f: no function to run"
    # one program without checks: no summary line; two: counted apart
    grep -q passed err && bad "a summary for one file without checks" || ok
    expect_rc 0 "$IRRUN" "$f" "$f"
    expect_in err "0 passed, 0 failed, 2 without functions"
    expect_rc 2 "$IRRUN" --require-functions "$f"
    expect_in err "error: $f: no function to run"
done
printf '' | "$IRRUN" - >out 2>err
[ $? = 0 ] && ok || bad "empty stdin"
expect_in err "warning: <stdin>: no function to run"
printf 'cases:\n  - program: empty.mlir\n    outputs: []\n' >empty_case.yaml
expect_rc 2 "$IRRUN" test empty_case.yaml
expect_in out "FAIL case1: "
expect_in out "no function to run"

# ---- one YAML document per file -----------------------------------------------------
printf 'values: [1.0]\n---\nvalues: [2.0]\n' >two_docs.yaml
expect_rc 2 "$IRRUN" compare --type f32 two_docs.yaml two_docs.yaml
expect_in err "two_docs.yaml:2:1: error: a second YAML document"
printf 'values: [1.0]\n---\nvalues: [2.0\n' >bad_second.yaml
expect_rc 2 "$IRRUN" compare --type f32 bad_second.yaml bad_second.yaml
expect_in err "bad_second.yaml:4:1: error: YAML: did not find expected"
printf 'values: [1.0]\n...\n# only a comment after the end marker\n' >one_doc.yaml
expect_rc 0 "$IRRUN" compare --type f32 one_doc.yaml one_doc.yaml
printf 'cases: []\n---\ncases: []\n' >two_manifests.yaml
expect_rc 2 "$IRRUN" test two_manifests.yaml
expect_in err "two_manifests.yaml:2:1: error: a second YAML document"

# ---- numeric flags out of range: errors, never clamped ----------------------------------
expect_rc 2 "$IRRUN" --mlir-print-elementsattrs-with-hex-if-larger=99999999999999999999 prog.mlir
expect_rc 2 "$IRRUN" compare --type f32 --atol 1e-400 one_doc.yaml one_doc.yaml
expect_rc 2 "$IRRUN" compare --type f32 --rtol 1e400 one_doc.yaml one_doc.yaml
expect_rc 2 "$IRRUN" compare --type f32 --max-ulp 18446744073709551616 one_doc.yaml one_doc.yaml
expect_rc 2 "$IRRUN" encode f8E5M2 --mode stochastic --seed -1 1.0
expect_rc 2 "$IRRUN" encode f8E5M2 --mode stochastic --seed 0x10000000000000000 1.0
expect_rc 2 "$IRRUN" decode f8E5M2 0x100
printf 'cases:\n  - program: prog.mlir\n    outputs: []\n    rule: {atol: 1e-999}\n' >tiny_tol.yaml
expect_rc 2 "$IRRUN" test tiny_tol.yaml

# ---- bytes from a hostile .npy header are escaped in messages -----------------------------
hdr=$(printf "{'descr': '<f\351\233', 'fortran_order': False, 'shape': (1,), }")
{ printf '\223NUMPY\001\000'; printf "\\$(printf %03o $((${#hdr} + 1)))\\000"; printf '%s\n' "$hdr"; printf '\0\0\0\0'; } >esc.npy
expect_rc 2 "$IRRUN" compare --type f32 esc.npy esc.npy
expect_in err "header descr '<f\xE9\x9B' is not a known dtype"
if LC_ALL=C grep -q "$(printf '\351')" err; then bad "a raw non-ASCII byte reached the message"; else ok; fi

# ---- hostile case names: valid JUnit XML, nothing raw on the terminal ---------------------
printf 'cases:\n  - name: "esc \\e[31mred\\e[0m bell \\a nul-free \\x01 caf\\u00e9"\n    program: prog.mlir\n    outputs: [{values: 1.0}]\n  - name: "bad utf8 \\xff"\n    program: prog.mlir\n    outputs: []\n' >hostile.yaml
"$IRRUN" test hostile.yaml --junit hostile.xml >out 2>err
[ $? = 1 ] && ok || bad "hostile manifest: exit status $?"
if LC_ALL=C grep -q "$(printf '\033')" out; then bad "an ESC byte reached the terminal: $(od -c out | head)"; else ok; fi
expect_in out 'FAIL esc \x1B[31mred\x1B[0m bell \x07'
expect_in out "café" # well-formed UTF-8 passes as it is
if LC_ALL=C grep -q "$(printf '[\001-\010\013\014\016-\037]')" hostile.xml; then
    bad "hostile.xml holds characters XML 1.0 forbids"
else
    ok
fi
expect_in hostile.xml 'name="esc \x1B[31mred\x1B[0m bell \x07 nul-free \x01 café"'
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' hostile.xml && ok || bad "hostile.xml does not parse as XML"
fi

echo "files.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
