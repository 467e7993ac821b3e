#!/bin/sh
# Shape-polymorphic programs (docs/shape-polymorphism.md): each
# tests/dynamic/NAME.mlir runs once with the options of each of its
# `// ARGS:` lines (several: the same program at several input shapes); run
# K's stdout must equal NAME.K.out when there is one (K >= 2), else
# NAME.out (worked out by hand or by a model in tests/oracle), or, with an
# `// ERROR:` line, every run must fail (exit 2) with that text in a located
# message.
# Usage: IRRUN=build/ir-run sh tests/dynamic.sh
IRRUN=${IRRUN:-build/ir-run}
here=$(cd "$(dirname "$0")/.." && pwd)
fails=0
n=0
for f in "$here"/tests/dynamic/*.mlir; do
    n=$((n + 1))
    want_err=$(sed -n 's|^// ERROR: ||p' "$f")
    sed -n 's|^// ARGS: ||p' "$f" >/tmp/dynamic_args.$$
    [ -s /tmp/dynamic_args.$$ ] || echo >/tmp/dynamic_args.$$
    bad=0
    k=0
    while IFS= read -r args; do
        k=$((k + 1))
        want=${f%.mlir}.out
        [ $k -lt 2 ] || [ ! -f "${f%.mlir}.$k.out" ] || want=${f%.mlir}.$k.out
        eval "set -- $args"
        out=$("$IRRUN" "$f" "$@" 2>/tmp/dynamic_err.$$ </dev/null)
        rc=$?
        err=$(cat /tmp/dynamic_err.$$)
        if [ -n "$want_err" ]; then
            if [ $rc -ne 2 ] || ! printf '%s\n' "$err" | grep -F -q -- "$want_err" ||
                ! printf '%s\n' "$err" | grep -q ':[0-9]*:[0-9]*: error:'; then
                echo "FAIL $f: want exit 2 and '$want_err', got exit $rc:"; echo "$err"
                bad=1
            fi
        elif [ $rc -ne 0 ] || [ "$out" != "$(cat "$want")" ]; then
            echo "FAIL $f: exit $rc"; echo "$out"; echo "$err"
            bad=1
        fi
    done </tmp/dynamic_args.$$
    fails=$((fails + bad))
done
rm -f /tmp/dynamic_err.$$ /tmp/dynamic_args.$$
echo "dynamic: $((n - fails))/$n passed"
[ $fails -eq 0 ]
