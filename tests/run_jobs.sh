#!/bin/sh
# ir-run -j N FILES...: files in parallel processes, every output (stdout,
# stderr, -o, --output-dir names, --report-file) as with -j 1, in argument
# order, never interleaved.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tests/lib/expect.sh"
cd "$tmp" || exit 2
D="$here/tests/cli"
V="$here/examples/validation"
cp "$D/two_chunks.mlir" "$D/decisions.mlir" "$V/matmul_f8.mlir" "$V/lhs.npy" "$V/rhs.npy" "$V/backend_out.npy" .
same() { # what: compares the -j 1 run (a.*) with the -j 3 run (b.*)
    cmp -s a.out b.out && ok || { bad "$1: stdout differs"; diff a.out b.out | head -5; }
    cmp -s a.err b.err && ok || { bad "$1: stderr differs"; diff a.err b.err | head -5; }
    [ "$a_rc" = "$b_rc" ] && ok || bad "$1: exit $b_rc with -j 3, $a_rc with -j 1"
}
# (an unreadable file first: the separators between outputs stay those of -j 1)
files="missing.mlir two_chunks.mlir decisions.mlir missing.mlir two_chunks.mlir decisions.mlir"
# shellcheck disable=SC2086
"$IRRUN" -split-input-file $files >a.out 2>a.err; a_rc=$?
# shellcheck disable=SC2086
"$IRRUN" -j 3 -split-input-file $files >b.out 2>b.err; b_rc=$?
same "-split-input-file"
[ "$b_rc" = 2 ] && ok || bad "a chunk that does not parse must make the exit status 2"
# -o and --output-dir: the same bytes and the same chunk<K> names
# shellcheck disable=SC2086
"$IRRUN" -split-input-file $files -o a.res --output-dir a_dir >a.out 2>a.err; a_rc=$?
# shellcheck disable=SC2086
"$IRRUN" -j3 -split-input-file $files -o b.res --output-dir b_dir >b.out 2>b.err; b_rc=$?
sed 's/b\.res/a.res/g; s/b_dir/a_dir/g' b.err >b.err2 && mv b.err2 b.err
same "-o and --output-dir"
cmp -s a.res b.res && ok || bad "-o file differs under -j"
(cd a_dir && ls) >a.list
(cd b_dir && ls) >b.list
cmp -s a.list b.list && ok || { bad "--output-dir names differ under -j"; diff a.list b.list; }
for f in $(cat a.list); do cmp -s "a_dir/$f" "b_dir/$f" || bad "--output-dir $f differs under -j"; done
# --expect reports into --report-file, in file order
"$IRRUN" matmul_f8.mlir matmul_f8.mlir matmul_f8.mlir --input 0=lhs.npy --input 1=rhs.npy \
    --expect 0=backend_out.npy --report json --report-file a.json >a.out 2>a.err; a_rc=$?
"$IRRUN" -j 2 matmul_f8.mlir matmul_f8.mlir matmul_f8.mlir --input 0=lhs.npy --input 1=rhs.npy \
    --expect 0=backend_out.npy --report json --report-file b.json >b.out 2>b.err; b_rc=$?
same "--report-file"
cmp -s a.json b.json && ok || bad "--report-file differs under -j"
[ "$(grep -c '"differing": 2' b.json)" = 3 ] && ok || bad "three reports expected in b.json: $(cat b.json)"
# what -j cannot share is refused
expect_rc 2 "$IRRUN" -j 2 - two_chunks.mlir
expect_in err "stdin"
expect_rc 2 "$IRRUN" -j 2 --probe-output-dir p two_chunks.mlir decisions.mlir
expect_rc 2 "$IRRUN" -j 0 two_chunks.mlir
expect_rc 2 "$IRRUN" -j x two_chunks.mlir
expect_rc 2 "$IRRUN" two_chunks.mlir -j
# workers die with their parent (N8): a CI timeout that signals only the
# top process, or a reader closing the pipe, must not leave them running.
# A program that never ends; a worker counts as dead when its pid is gone
# or a zombie (the container's pid 1 may not reap it)
cp "$D/forever.mlir" .
printf 'cases:\n  - name: a\n    program: forever.mlir\n    outputs: []\n  - name: b\n    program: forever.mlir\n    outputs: []\n' >forever.yaml
alive() { # pid: running (not gone, not a zombie)
    [ -r "/proc/$1/stat" ] && [ "$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)" != Z ]
}
workers_of() { # parent pid: its children once both workers run (at most 10 s)
    n=0
    while [ $n -lt 100 ]; do
        kids=$(pgrep -P "$1" | tr '\n' ' ')
        # shellcheck disable=SC2086
        [ "$(echo $kids | wc -w)" -ge 2 ] && { echo "$kids"; return; }
        sleep 0.1
        n=$((n + 1))
    done
}
for how in TERM HUP; do
    for cmd in run test; do
        if [ $cmd = run ]; then
            "$IRRUN" -j 2 forever.mlir forever.mlir >/dev/null 2>&1 &
        else
            "$IRRUN" test -j 2 forever.yaml >/dev/null 2>&1 &
        fi
        parent=$!
        kids=$(workers_of $parent)
        [ -n "$kids" ] || bad "-j 2 ($cmd): no two workers seen"
        kill -$how $parent
        wait $parent
        st=$?
        [ $st -gt 128 ] && ok || bad "-j parent ($cmd) killed by SIG$how: exit $st, want the signal's"
        left=
        for k in $kids; do
            n=0
            while alive "$k" && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
            alive "$k" && left="$left $k"
        done
        [ -z "$left" ] && ok || bad "ir-run $cmd -j 2: workers$left still run 5 s after SIG$how killed their parent"
        for k in $left; do kill -KILL "$k"; done
    done
done
# a worker killed by a signal: the message names it
"$IRRUN" -j 2 two_chunks.mlir forever.mlir >b.out 2>b.err &
parent=$!
# once the first file's output is out, the worker left is the endless one
n=0
while [ ! -s b.out ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
sleep 0.3
for k in $(pgrep -P $parent); do kill -KILL "$k"; done
wait $parent
b_rc=$?
[ "$b_rc" = 2 ] && ok || bad "a killed worker: exit $b_rc, want 2"
expect_in b.err "forever.mlir: its process was killed by signal 9 (Killed)"
echo "run_jobs: $pass passed, $fail failed"
[ "$fail" = 0 ]
