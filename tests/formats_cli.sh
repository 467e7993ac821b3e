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
