#!/bin/sh
# --emit=bytecode round trips (docs/bytecode.md "Writing"; make check runs
# this with IRRUN=path/to/ir-run): every chunk of the given files (default
# tests/interpret/*.mlir) is written as a portable artifact at the current
# VHLO target and at the oldest target that can express it (found by
# starting at 0.9.0 and moving to the version each refusal names), read back
# by ir-run, and must print the same stdout and the same --emit=ir as the
# text chunk. A chunk ir-run does not write yet (the refusal says "not
# written") is counted apart, with its reason; any other difference fails.
# Files run BYTECODE_JOBS (default 2) at a time. BYTECODE_EVERY=N takes
# every N-th chunk of each file (from an offset its name picks, so that a
# run covers different chunks of different files): make check runs it
# with 10, which keeps it within the CI budget (all 5300 chunks take about
# 5 CPU-minutes); `make bytecode-write` runs every chunk.
# Default files: tests/interpret and the other programs tests/ and examples/
# run (tests/cli, tests/dynamic, tests/collective, tests/parse/ok).
# Usage: tests/bytecode_write.sh [FILE...]
IRRUN=${IRRUN:-build/ir-run}
dir=$(dirname "$0")
if [ "${1:-}" != --one ]; then
    [ $# -gt 0 ] || set -- "$dir"/interpret/*.mlir "$dir"/cli/*.mlir "$dir"/dynamic/*.mlir "$dir"/collective/*.mlir \
        "$dir"/parse/ok/*.mlir "$dir"/../examples/*.mlir
    out=$(mktemp) || exit 2
    trap 'rm -f "$out"' EXIT INT TERM
    printf '%s\n' "$@" | IRRUN=$IRRUN xargs -P "${BYTECODE_JOBS:-2}" -n 1 sh "$0" --one >"$out"
    grep -v '^COUNTS ' "$out"
    set -- $(awk '/^COUNTS / { p += $2; f += $3; s += $4 } END { print p + 0, f + 0, s + 0 }' "$out")
    echo "bytecode_write: $1 chunks round-trip at current and their oldest target, $2 fail, $3 not written yet"
    [ "$2" -eq 0 ]
    exit
fi
shift
every=${BYTECODE_EVERY:-10}
# Window and sort attributes written at their defaults, a channel_handle
# of handle 0 and the channel type of a collective that is not send/recv
# (VHLO keeps only its id) are dropped when an artifact is read, as
# StableHLO's VhloLegalizeToStablehlo drops them: removed on both sides.
defaults() {
    sed -e 's/, is_stable = false//g' \
        -e 's/channel_handle = #stablehlo.channel_handle<handle = 0, type = [0-9]*>, //g' \
        -e 's/, channel_handle = #stablehlo.channel_handle<handle = 0, type = [0-9]*>//g' \
        -e 's/ {channel_handle = #stablehlo.channel_handle<handle = 0, type = [0-9]*>}//g' \
        -e '/stablehlo\.\(send\|recv\)/!s/\(channel_handle<handle = [0-9]*, type = \)[0-9]*>/\10>/g' \
        -e 's/\(, \)\?\(stride\|lhs_dilate\|rhs_dilate\) = \[\(1\(, 1\)*\)\?\]//g' \
        -e 's/\(, \)\?reverse = \[\(false\(, false\)*\)\?\]//g' \
        -e 's/\(, \)\?pad = \[\(\[0, 0\]\(, \[0, 0\]\)*\)\?\]//g' \
        -e 's/window = {, /window = {/g' -e 's/, window = {}//g' -e 's/ window = {}//g' \
        -e 's/, \(window_strides\|base_dilations\|window_dilations\) = array<i64\(: 1\(, 1\)*\)\?>//g' \
        -e 's/, padding = dense<\(0\|\[\[0, 0\]\(, \[0, 0\]\)*\]\)\?> : tensor<[0-9]*x2xi64>//g' \
        -e 's/arith\.constant /stablehlo.constant /' -e 's/^\( *\)func\.func public @/\1func.func @/' |
        sorted_custom_call_attrs
}
# A custom call's attributes print in the order they were written, and in
# the artifact's order after a round trip: each such dictionary's
# top-level entries sorted on both sides.
sorted_custom_call_attrs() {
    awk '{
        i = index($0, "stablehlo.custom_call @")
        if (i == 0) { print; next }
        rest = substr($0, i); j = index(rest, ") {")
        if (j == 0) { print; next }
        start = i + j + 1; depth = 0; n = 0; cur = ""
        for (k = start; k <= length($0); k++) {
            ch = substr($0, k, 1)
            if (ch == "\"") { q = !q }
            if (!q && (ch == "{" || ch == "[" || ch == "(" || ch == "<")) depth++
            if (!q && (ch == "}" || ch == "]" || ch == ")" || ch == ">")) depth--
            if (depth == 0) break
            if (depth == 1 && !q && ch == ",") { e[++n] = cur; cur = ""; k++; continue }
            if (!(depth == 1 && ch == "{" && k == start)) cur = cur ch
        }
        e[++n] = cur
        for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++) if (e[b] < e[a]) { t = e[a]; e[a] = e[b]; e[b] = t }
        out = e[1]; for (a = 2; a <= n; a++) out = out ", " e[a]
        print substr($0, 1, start - 1) "{" out substr($0, k)
    }'
}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0
skip=0
for f in "$@"; do
    rm -f "$tmp"/chunk.*
    # cut at REF's chunk marker, as --split-input-file does
    awk -v out="$tmp/chunk." 'BEGIN { n = 0; f = out n }
        /^\/\/ -----/ { n++; f = out n; next } { print > f }' "$f"
    offset=$(( $(printf '%s' "$(basename "$f")" | cksum | cut -d' ' -f1) % every ))
    for c in "$tmp"/chunk.*; do
        [ -s "$c" ] || continue
        k=$(echo "$c" | sed 's/.*\.//')
        [ $(( (k + offset) % every )) -eq 0 ] || continue
        name="$(basename "$f"):$k"
        probes="$tmp/probes"
        rm -rf "$probes"; mkdir "$probes"
        # a program that runs for long (tests/cli/forever.mlir) is not compared
        timeout 60 "$IRRUN" --probe-output-dir "$probes" "$c" >"$tmp/want.out" 2>/dev/null
        want_rc=$?
        [ "$want_rc" -ne 124 ] || continue
        # an attribute written out with its default value is dropped when an
        # artifact is read, as StableHLO's VhloLegalizeToStablehlo drops it;
        # an integer's ` : i64` is MLIR's default type, written or not (both sides)
        "$IRRUN" --emit=ir "$c" 2>/dev/null | sed -e 's/, indices_are_sorted = false//g' -e 's/ : i64\([],}]\)/\1/g' \
            -e 's/, unique_indices = false//g' -e 's/ {\(in\|out\)feed_config = ""}//g' \
            -e 's/, precision_config = \[#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>\]//g' \
            -e 's/, precision = \[DEFAULT, DEFAULT\]//g' | defaults >"$tmp/want.ir"
        [ -s "$tmp/want.ir" ] || continue
        target=current
        ok=1
        for round in current oldest; do
            if [ "$round" = oldest ]; then
                target=0.9.0
                while :; do
                    "$IRRUN" --emit=bytecode --target=$target -o "$tmp/a.mlirbc" "$c" 2>"$tmp/err" && break
                    next=$(sed -n 's/.*needs VHLO \([0-9.]*\) or newer.*/\1/p' "$tmp/err" | head -n 1)
                    if [ -z "$next" ] || [ "$next" = "$target" ]; then
                        echo "FAIL: $name: no oldest target: $(head -n 1 "$tmp/err")"
                        ok=0
                        break
                    fi
                    target=$next
                done
                [ "$ok" -eq 1 ] || break
            elif ! "$IRRUN" --emit=bytecode --target=current -o "$tmp/a.mlirbc" "$c" 2>"$tmp/err"; then
                if grep -q "not written" "$tmp/err"; then
                    skip=$((skip + 1))
                    echo "SKIP: $name: $(head -n 1 "$tmp/err")"
                    ok=2
                    break
                fi
                echo "FAIL: $name: --emit=bytecode: $(head -n 1 "$tmp/err")"
                ok=0
                break
            fi
            rm -rf "$probes"; mkdir "$probes"
            timeout 120 "$IRRUN" --probe-output-dir "$probes" "$tmp/a.mlirbc" >"$tmp/got.out" 2>"$tmp/err"
            rc=$?
            # an artifact is always a module: the text's implicit one prints bare
            "$IRRUN" --emit=ir "$tmp/a.mlirbc" 2>>"$tmp/err" |
                if head -n 1 "$tmp/want.ir" | grep -q '^module'; then cat; else
                    sed -e '1{/^module {$/d;}' -e '${/^}$/d;}' -e 's/^  //'; fi |
                sed -e 's/ : i64\([],}]\)/\1/g' | defaults >"$tmp/got.ir"
            if [ "$rc" -ne "$want_rc" ] || ! cmp -s "$tmp/want.out" "$tmp/got.out"; then
                echo "FAIL: $name at $target: stdout or status differs ($rc, want $want_rc): $(head -n 1 "$tmp/err")"
                ok=0
            elif ! cmp -s "$tmp/want.ir" "$tmp/got.ir"; then
                echo "FAIL: $name at $target: --emit=ir differs"
                diff "$tmp/want.ir" "$tmp/got.ir" | head -n 6
                ok=0
            fi
            [ "$ok" -eq 1 ] || break
        done
        if [ "$ok" -eq 1 ]; then
            pass=$((pass + 1))
        elif [ "$ok" -eq 0 ]; then
            fail=$((fail + 1))
        fi
    done
done
echo "COUNTS $pass $fail $skip"
