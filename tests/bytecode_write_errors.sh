#!/bin/sh
# --emit=bytecode's refusals and options (docs/bytecode.md "Writing"): what a
# target cannot express is a located error naming it and the first VHLO
# version that has it; bad targets and option combinations are usage errors;
# -o never clobbers an input and leaves nothing behind on failure; the
# producer string names the target. Programs in tests/bytecode/.
IRRUN=${IRRUN:-build/ir-run}
D=$(dirname "$0")/bytecode
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
bad() { echo "FAIL: $*"; fail=1; }
# expect STATUS TEXT ARGS...: the exit status, and TEXT (fixed) on stderr
expect() {
    want=$1 text=$2
    shift 2
    "$IRRUN" "$@" >"$tmp/out" 2>"$tmp/err"
    st=$?
    [ "$st" -eq "$want" ] || bad "ir-run $* exit $st, want $want: $(head -n 2 "$tmp/err")"
    grep -F -q -- "$text" "$tmp/err" || bad "ir-run $*: stderr lacks '$text': $(head -n 2 "$tmp/err")"
}
o="-o $tmp/a.mlirbc"
# an op, an attribute, an element type newer than the target: located, named, with the version that has it
expect 2 "tan.mlir:4:8: error: 'stablehlo.tan' needs VHLO 1.4.0 or newer (vhlo.tan_v1); the target is 1.3.0" \
    --emit=bytecode --target=1.3.0 $o "$D/tan.mlir"
expect 2 "gather_batching.mlir:5:8: error: 'stablehlo.gather' with attribute 'operand_batching_dims' needs VHLO 1.1.0 or newer (vhlo.gather_v2); the target is 1.0.0" \
    --emit=bytecode --target=1.0.0 $o "$D/gather_batching.mlir"
expect 2 "needs VHLO 1.6.0 or newer (vhlo.dot_general_v2); the target is 1.5.0" \
    --emit=bytecode --target=1.5.0 $o "$D/dot_algorithm.mlir"
expect 2 "f8e4m3.mlir:2:11: error: f8E4M3 needs VHLO 1.7.0 or newer; the target is 1.6.0" \
    --emit=bytecode --target=1.6.0 $o "$D/f8e4m3.mlir"
[ -e "$tmp/a.mlirbc" ] && bad "a refused program left $tmp/a.mlirbc"
ls "$tmp" | grep -q 'tmp-' && bad "a refused program left a temporary file: $(ls "$tmp")"
# each at the first version that has it: written, read back, the same results
for c in tan:1.4.0 gather_batching:1.1.0 dot_algorithm:1.6.0 f8e4m3:1.7.0; do
    n=${c%%:*} t=${c##*:}
    "$IRRUN" --emit=bytecode --target="$t" -o "$tmp/$n.mlirbc" "$D/$n.mlir" 2>"$tmp/err" ||
        bad "$n at $t: $(head -n 1 "$tmp/err")"
    "$IRRUN" "$D/$n.mlir" >"$tmp/want" 2>&1
    "$IRRUN" "$tmp/$n.mlirbc" >"$tmp/got" 2>&1
    cmp -s "$tmp/want" "$tmp/got" || bad "$n at $t: the artifact runs differently"
    head -c 40 "$tmp/$n.mlirbc" | grep -a -q "StableHLO_v$t" || bad "$n at $t: no producer StableHLO_v$t"
done
# the targets: a version, current, minimum; anything else is a usage error
"$IRRUN" --emit=bytecode --target=current -o "$tmp/c.mlirbc" "$D/tan.mlir" || bad "--target=current"
head -c 40 "$tmp/c.mlirbc" | grep -a -q 'StableHLO_v1\.20\.0' || bad "current is not 1.20.0"
"$IRRUN" --emit=bytecode -o "$tmp/d.mlirbc" "$D/tan.mlir" || bad "no --target"
cmp -s "$tmp/c.mlirbc" "$tmp/d.mlirbc" || bad "no --target differs from --target=current"
"$IRRUN" --emit=bytecode --target minimum -o "$tmp/m.mlirbc" "$D/f8e4m3.mlir" 2>"$tmp/err"
grep -F -q "the target is 0.9.0" "$tmp/err" || bad "--target minimum is not 0.9.0: $(cat "$tmp/err")"
expect 2 "newer than 1.20.0" --emit=bytecode --target=2.0.0 $o "$D/tan.mlir"
expect 2 "older than 0.9.0" --emit=bytecode --target=0.8.0 $o "$D/tan.mlir"
expect 2 "not a version" --emit=bytecode --target=1.x $o "$D/tan.mlir"
expect 2 "--target names the version --emit=bytecode writes" --target=1.0.0 "$D/tan.mlir"
expect 2 "unknown --emit value 'bc'" --emit=bc "$D/tan.mlir"
expect 2 "--emit=bytecode writes one module: not with --split-input-file" --emit=bytecode --split-input-file $o "$D/tan.mlir"
expect 2 "--emit=bytecode writes one module: not with more than one file" --emit=bytecode $o "$D/tan.mlir" "$D/f8e4m3.mlir"
# -o never writes over an input
cp "$D/tan.mlir" "$tmp/in.mlir"
expect 2 "in.mlir" --emit=bytecode -o "$tmp/in.mlir" "$tmp/in.mlir"
cmp -s "$D/tan.mlir" "$tmp/in.mlir" || bad "-o overwrote its input"
[ "$fail" -eq 0 ] && echo "bytecode_write_errors: all passed"
exit $fail
