#!/bin/sh
# The checker's element-type rules (SPEC.md 4.0 sets, per op in 4.4-4.31 and 9.5.1):
# every element-wise op x every one of the 30 element types is either
# accepted (checks, exit 0) or rejected with "does not accept element type"
# (exit 2). The expected sets are written out here from SPEC, not derived
# from ir-run. Run by `make check` with IRRUN set.
IRRUN=${IRRUN:-build/ir-run}
tmp=${TMPDIR:-/tmp}/irrun-elemtypes.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM

FLOAT="f4E2M1FN f6E2M3FN f6E3M2FN f8E3M4 f8E4M3 f8E4M3FN f8E4M3FNUZ f8E4M3B11FNUZ f8E5M2 f8E5M2FNUZ f8E8M0FNU bf16 f16 f32 f64"
SINT="i2 i4 i8 i16 i32 i64"
UINT="ui2 ui4 ui8 ui16 ui32 ui64"
BOOL="i1"
CPLX="complex<f32> complex<f64>"
ALL="$FLOAT $BOOL $SINT $UINT $CPLX"

# op arity accepted-set
RULES="
add 2 $ALL
multiply 2 $ALL
maximum 2 $ALL
minimum 2 $ALL
subtract 2 $SINT $UINT $FLOAT $CPLX
divide 2 $SINT $UINT $FLOAT $CPLX
remainder 2 $SINT $UINT $FLOAT
and 2 $BOOL $SINT $UINT
or 2 $BOOL $SINT $UINT
xor 2 $BOOL $SINT $UINT
shift_left 2 $SINT $UINT
shift_right_arithmetic 2 $SINT $UINT
shift_right_logical 2 $SINT $UINT
not 1 $BOOL $SINT $UINT
popcnt 1 $SINT $UINT
count_leading_zeros 1 $SINT $UINT
negate 1 $SINT $UINT $FLOAT $CPLX
abs 1 $SINT $FLOAT $CPLX
sign 1 $SINT $FLOAT $CPLX
sqrt 1 $FLOAT $CPLX
rsqrt 1 $FLOAT $CPLX
exponential 1 $FLOAT $CPLX
log 1 $FLOAT $CPLX
tanh 1 $FLOAT $CPLX
logistic 1 $FLOAT $CPLX
sine 1 $FLOAT $CPLX
cosine 1 $FLOAT $CPLX
power 2 $SINT $UINT $FLOAT $CPLX
atan2 2 $FLOAT $CPLX
tan 1 $FLOAT $CPLX
cbrt 1 $FLOAT $CPLX
exponential_minus_one 1 $FLOAT $CPLX
log_plus_one 1 $FLOAT $CPLX
floor 1 $FLOAT
ceil 1 $FLOAT
round_nearest_even 1 $FLOAT
round_nearest_afz 1 $FLOAT
"

fails=0
cases=0
echo "$RULES" | while read -r op arity accepted; do
    [ -n "$op" ] || continue
    for t in $ALL; do
        case " $accepted " in *" $t "*) want=0 ;; *) want=2 ;; esac
        T="tensor<2x$t>"
        R=$T
        sig=$T
        if [ "$op" = abs ]; then # complex abs returns the component type
            case $t in complex*) c=${t#complex<}; R="tensor<2x${c%>}>"; sig="($T) -> $R" ;; esac
        fi
        if [ "$arity" = 2 ]; then operands="%x, %x"; else operands="%x"; fi
        f="$tmp/case.mlir"
        printf 'func.func @main(%%x: %s) -> %s {\n  %%r = stablehlo.%s %s : %s\n  func.return %%r : %s\n}\n' \
            "$T" "$R" "$op" "$operands" "$sig" "$R" >"$f"
        "$IRRUN" --emit=ir "$f" >/dev/null 2>"$tmp/err"
        rc=$?
        cases=$((cases + 1))
        if [ "$rc" -ne "$want" ]; then
            echo "FAIL: stablehlo.$op on $t: exit $rc, want $want"
            head -3 "$tmp/err"
            fails=$((fails + 1))
        elif [ "$want" = 2 ] && ! grep -q "does not accept element type $t" "$tmp/err"; then
            echo "FAIL: stablehlo.$op on $t: wrong error"
            head -3 "$tmp/err"
            fails=$((fails + 1))
        fi
    done
    echo "$cases $fails" >"$tmp/count"
done
read -r cases fails <"$tmp/count"
echo "elem_types: $cases op x type cases, $fails failed"
[ "$fails" -eq 0 ]
