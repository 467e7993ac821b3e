#!/bin/sh
# `ir-run table`, `encode`, `decode` and `info` against the independent
# vectors, plus their error handling. Run by `make check` with IRRUN set.
set -u
IRRUN=${IRRUN:-build/ir-run}
VEC=${IRRUN_TESTDATA:-tests/vectors}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

small="f4E2M1FN f6E2M3FN f6E3M2FN f8E3M4 f8E4M3 f8E4M3FN f8E4M3FNUZ f8E4M3B11FNUZ f8E5M2 f8E5M2FNUZ f8E8M0FNU"

# every pattern of every small format: the value in %.17g
for f in $small; do
    "$IRRUN" table "$f" > "$tmp/table" || bad "table $f exit $?"
    cmp -s "$tmp/table" "$VEC/decode/$f.tsv" || { bad "table $f differs from decode/$f.tsv"; diff "$tmp/table" "$VEC/decode/$f.tsv" | head -5; }
done

# every decimal vector through encode (thousands of values), and every
# pattern through decode against the printing vectors
for f in $small bf16 f16 f32; do
    cut -f1 "$VEC/decimal/$f.tsv" > "$tmp/in"
    cut -f2 "$VEC/decimal/$f.tsv" > "$tmp/want"
    # one process for the whole list; `--` so negative values are values
    xargs "$IRRUN" encode "$f" -- < "$tmp/in" > "$tmp/got" || bad "encode $f exit status"
    cmp -s "$tmp/got" "$tmp/want" || { bad "encode $f"; paste "$tmp/in" "$tmp/want" "$tmp/got" | awk -F'\t' '$2 != $3' | head -5; }
done
for f in $small bf16 f16; do
    cut -f1 "$VEC/print/$f.tsv" > "$tmp/in"
    cut -f2 "$VEC/print/$f.tsv" > "$tmp/want"
    xargs "$IRRUN" decode "$f" < "$tmp/in" > "$tmp/got" || bad "decode $f exit status"
    cmp -s "$tmp/got" "$tmp/want" || { bad "decode $f"; paste "$tmp/in" "$tmp/want" "$tmp/got" | awk -F'\t' '$2 != $3' | head -5; }
done

# decode --exact: every pattern of every small format but f8E8M0FNU is a
# short dyadic fraction, which C's %.17g in the decode vectors writes
# exactly, in the same layout (a NaN with its sign bit is "-nan" here)
for f in $small; do
    [ "$f" = f8E8M0FNU ] && continue
    cut -f1 "$VEC/decode/$f.tsv" > "$tmp/in"
    cut -f2 "$VEC/decode/$f.tsv" > "$tmp/want"
    xargs "$IRRUN" decode --exact "$f" < "$tmp/in" | sed 's/^-nan$/nan/' > "$tmp/got" || bad "decode --exact $f exit status"
    cmp -s "$tmp/got" "$tmp/want" || { bad "decode --exact $f"; paste "$tmp/in" "$tmp/want" "$tmp/got" | awk -F'\t' '$2 != $3' | head -5; }
done

# rounding modes and widths (SPEC.md 3.5, 3.12)
expect() { # expected-output command...
    want=$1; shift
    got=$("$@" 2>&1 | tr '\n' ' ')
    [ "$got" = "$want" ] || bad "$* -> '$got', want '$want'"
}
expect "0x7E 0x7F 0xFF " "$IRRUN" encode f8E4M3FN -- 464 465 -1000
expect "0x7E 0x7E 0xFE " "$IRRUN" encode f8E4M3FN --mode saturate -- 464 465 -1000
expect "0x7E 0xFE 0x7F " "$IRRUN" encode f8E4M3FN --mode saturate -- inf -inf nan
expect "0x80 0x80 " "$IRRUN" encode f8E4M3FNUZ --mode saturate -- inf -inf
expect "0x07 0x0F 0x07 " "$IRRUN" encode f4E2M1FN --mode saturate -- inf -inf nan
expect "0x08 0x00 " "$IRRUN" encode f4E2M1FN -- nan -nan
expect "0x77 0x77 0x77 0x76 " "$IRRUN" encode f8E4M3 --mode truncate -- 247.9 1e9 2000 239.9
expect "0x3C00 0x7C00 " "$IRRUN" encode f16 1.0 65520.0
expect "0x3F800000 " "$IRRUN" encode f32 1
expect "0x3FF0000000000000 " "$IRRUN" encode f64 1
expect "0x39 " "$IRRUN" encode f8E4M3 1.06250000000000000001
a=$("$IRRUN" encode f8E4M3 --mode stochastic --seed 5 -- 1.03125 1.03125 1.03125 1.03125 1.03125 1.03125 1.03125 1.03125)
b=$("$IRRUN" encode f8E4M3 --mode stochastic --seed 5 -- 1.03125 1.03125 1.03125 1.03125 1.03125 1.03125 1.03125 1.03125)
[ "$a" = "$b" ] || bad "stochastic rounding is not deterministic for a seed"
echo "$a" | grep -qv '^0x3[89]$' && bad "stochastic result outside {0x38, 0x39}: $a"
expect "2.400000e+02 0x80 " "$IRRUN" decode f8E4M3FNUZ 0x7F 0x80
expect "-0.000000e+00 " "$IRRUN" decode f8E4M3FN 0x80

# exact values worked out by hand (newcomer review F16: decimal prints 140,
# 0.3, 0.009 for the first three): 0x71 = 1.125 * 2^7, 0x2A = 1.25 * 2^-2,
# 0x05 = 5 * 2^-9; bf16 0x3DCD = 205 * 2^-11, f16 0x3555 = 1365 * 2^-12,
# f16 0x0001 = 2^-24, f32 0x3DCCCCCD = 13421773 * 2^-27; E8M0 0x00 = 2^-127
# and f64's largest, 2^1024 - 2^971, as Python's decimal module gives them
expect "144 0.3125 0.009765625 -0 -nan " "$IRRUN" decode --exact f8E4M3FN 0x71 0x2A 0x05 0x80 0xFF
expect "0.10009765625 " "$IRRUN" decode bf16 --exact 0x3DCD
expect "0.333251953125 65504 5.9604644775390625e-08 -inf " "$IRRUN" decode --exact f16 0x3555 0x7BFF 0x0001 0xFC00
expect "0.100000001490116119384765625 1.00000002004087734272e+20 " "$IRRUN" decode --exact f32 0x3DCCCCCD 0x60AD78EC
expect "5.8774717541114375398436826861112283890933277838604376075437585313920862972736358642578125e-39 1 2 " \
    "$IRRUN" decode --exact f8E8M0FNU 0x00 0x7F 0x80
expect "1.79769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368e+308 " \
    "$IRRUN" decode --exact f64 0x7FEFFFFFFFFFFFFF
# 2^-1074 = 5^1074 * 10^-1074: the 751 digits of 5^1074, the last ones
# ...265625 (as every power of 5 from 5^6 on ends in ...5625 or ...15625)
sub=$("$IRRUN" decode --exact f64 0x1)
case $sub in
4.9406564584124654417656879286822137236505980*447265625e-324) ;;
*) bad "decode --exact f64 0x1: $sub" ;;
esac
[ ${#sub} -eq 757 ] || bad "decode --exact f64 0x1 has ${#sub} characters, want 751 digits, '.', 'e-324'"

# info: the facts users look up
"$IRRUN" info f8E4M3FN > "$tmp/info" || bad "info exit status"
grep -q '^max  *448 (0x7E)$' "$tmp/info" || bad "info f8E4M3FN max"
grep -q '^min subnormal  *0.001953125 (0x01)$' "$tmp/info" || bad "info f8E4M3FN min subnormal"
grep -q '^nan  *yes: 0x7F, 0xFF$' "$tmp/info" || bad "info f8E4M3FN nan"
grep -q '^inf  *no$' "$tmp/info" || bad "info f8E4M3FN inf"
"$IRRUN" info f8E8M0FNU | grep -q '^epsilon  *1$' || bad "info f8E8M0FNU epsilon"

# bad arguments: one line on stderr, exit status 2
for args in "info" "info f9" "table f32" "encode f8E4M3" "encode f8E4M3 abc" "encode f8E4M3 --mode up 1" \
            "decode f8E4M3 0x100" "decode f4E2M1FN 0x10" "decode f8E4M3 zz" "encode f8E4M3 --seed x 1"; do
    # shellcheck disable=SC2086
    "$IRRUN" $args > "$tmp/out" 2> "$tmp/err"
    st=$?
    [ $st -eq 2 ] || bad "'$args' exit $st, want 2"
    [ "$(wc -l < "$tmp/err")" -eq 1 ] || bad "'$args' error is not one line: $(cat "$tmp/err")"
    [ -s "$tmp/out" ] && bad "'$args' printed on stdout"
done
# the checker itself can fail: a wrong expectation must be reported
( expect "0x00 " "$IRRUN" encode f8E4M3 1.0 ) | grep -q FAIL || bad "expect() cannot fail"

[ $fail -eq 0 ] && echo "formats_cli: all passed"
exit $fail
