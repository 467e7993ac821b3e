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
echo "run_jobs: $pass passed, $fail failed"
[ "$fail" = 0 ]
