#!/bin/sh
# Replays what the fuzzers (tests/fuzz/) once found, through the command
# line, so it runs without clang: every input must end with status 0, 1 or
# 2 within a CPU limit, never a crash or a hang; then through the harnesses
# themselves.
set -u
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$(pwd)/$IRRUN ;; esac
here=$(cd "$(dirname "$0")" && pwd)/fuzz/regressions
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
runs=0
# limited MAX_STATUS WHAT CMD...: runs CMD under a CPU limit; an exit status
# above MAX_STATUS (a crash, a signal, the limit) fails
limited() {
    max=$1
    what=$2
    shift 2
    (ulimit -t 30; exec "$@") >/dev/null 2>"$tmp/err"
    st=$?
    runs=$((runs + 1))
    if [ "$st" -gt "$max" ]; then
        echo "FAIL: $what: exit status $st"
        tail -3 "$tmp/err"
        fail=1
    fi
}
replay() { # what, then the ir-run arguments: 0, 1 or 2 is fine
    what=$1
    shift
    limited 2 "$what" "$IRRUN" "$@"
}
printf 'func.func @main() {\n  func.return\n}\n' >"$tmp/noargs.mlir"
for f in "$here"/fuzz_program/*; do
    [ -f "$f" ] || continue
    replay "$f (--emit=ir)" --emit=ir "$f"
    replay "$f" "$f"
done
for f in "$here"/fuzz_args/*; do
    [ -f "$f" ] || continue
    replay "$f" --args=@"$f" "$tmp/noargs.mlir"
done
for f in "$here"/fuzz_manifest/*; do
    [ -f "$f" ] || continue
    replay "$f" test "$f"
done
# the same inputs through the harnesses themselves (built by make check with
# an ordinary main: tests/fuzz/replay_main.c)
replay_dir=${REPLAY_DIR:-build/tests}
for h in fuzz_program fuzz_args fuzz_manifest fuzz_tensor_files fuzz_bytecode; do
    bin=$replay_dir/replay_$h
    [ -x "$bin" ] || { echo "FAIL: $bin missing (make check builds it)"; fail=1; continue; }
    for f in "$here/$h"/*; do
        [ -f "$f" ] || continue
        limited 0 "$h on $f" "$bin" "$f"
    done
done
[ "$fail" -eq 0 ] && echo "fuzz_regressions: $runs inputs, no crash"
exit $fail
