#!/bin/sh
# examples/lit with LLVM's lit and FileCheck (Debian's llvm-19-tools), as a
# StableHLO interpret suite runs: every test passes, a wrong CHECK line
# fails, shards split the suite and JUnit is written. Skipped, saying so,
# when lit or FileCheck is not installed.
here=$(cd "$(dirname "$0")/.." && pwd)
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$here/$IRRUN ;; esac
if command -v lit >/dev/null 2>&1; then
    lit="lit"
elif [ -f /usr/lib/llvm-19/build/utils/lit/lit.py ] && command -v python3 >/dev/null 2>&1; then
    lit="python3 /usr/lib/llvm-19/build/utils/lit/lit.py"
else
    echo "lit: SKIP: lit not found (apt-get install llvm-19-tools)"
    exit 0
fi
if ! command -v FileCheck >/dev/null 2>&1 && [ ! -x /usr/lib/llvm-19/bin/FileCheck ]; then
    echo "lit: SKIP: FileCheck not found (apt-get install llvm-19-tools)"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# shellcheck disable=SC2086
$lit -q "$here/examples/lit" --param irrun="$IRRUN" --param exec_root="$tmp/exec" >"$tmp/out" 2>&1 || { bad "examples/lit"; cat "$tmp/out"; }
# a wrong expectation must fail
mkdir "$tmp/wrong"
cp "$here/examples/lit/lit.cfg.py" "$tmp/wrong/"
sed 's/{1.600000e+01}/{1.700000e+01}/' "$here/examples/lit/dot_accumulation.mlir" >"$tmp/wrong/dot_accumulation.mlir"
# shellcheck disable=SC2086
$lit -q "$tmp/wrong" --param irrun="$IRRUN" --param exec_root="$tmp/exec" >"$tmp/out" 2>&1 && bad "a wrong CHECK line passed"
# two shards run every test once (--order=lexical: the partition must not
# depend on the timings the first shard records); JUnit names them
for k in 1 2; do
    # shellcheck disable=SC2086
    $lit -q "$here/examples/lit" --param irrun="$IRRUN" --param exec_root="$tmp/exec" --order=lexical --num-shards 2 --run-shard $k \
        --xunit-xml-output "$tmp/shard$k.xml" >"$tmp/out" 2>&1 || { bad "shard $k"; cat "$tmp/out"; }
done
n=$(cat "$tmp/shard1.xml" "$tmp/shard2.xml" | grep -c '<testcase ')
[ "$n" = 3 ] || bad "the shards ran $n tests, not 3"
grep -q 'name="check_failure.mlir"' "$tmp/shard1.xml" "$tmp/shard2.xml" || bad "JUnit lacks check_failure.mlir"
# lit.cfg.py copied beside one's own suite (docs/lit.md), two levels down
# in a directory that is not ir-run's tree: ir-run comes from PATH, no
# --param is needed, and lit's scratch files go to the temporary directory,
# not into or above the suite
mkdir -p "$tmp/own/a/b/suite" "$tmp/own/bin" "$tmp/own/tmp"
cp "$here/examples/lit/lit.cfg.py" "$here/examples/lit/add.mlir" "$tmp/own/a/b/suite/"
ln -s "$IRRUN" "$tmp/own/bin/ir-run"
# shellcheck disable=SC2086
(cd "$tmp/own" && PATH="$tmp/own/bin:$PATH" TMPDIR="$tmp/own/tmp" $lit -q a/b/suite) >"$tmp/out" 2>&1 ||
    { bad "a copied lit.cfg.py without --param"; cat "$tmp/out"; }
left=$(cd "$tmp/own" && find a ! -path a/b/suite/lit.cfg.py ! -path a/b/suite/add.mlir ! -path a ! -path a/b ! -path a/b/suite)
[ -z "$left" ] || bad "a copied lit.cfg.py wrote into or above its suite: $left"
ls -d "$tmp/own/tmp"/ir-run-lit-*/*/Output >/dev/null 2>&1 || bad "a copied lit.cfg.py kept no Output/ in TMPDIR"
[ "$fail" = 0 ] && echo "lit: examples/lit passed, a wrong CHECK failed, shards and JUnit ok, a copied lit.cfg.py ran"
[ "$fail" = 0 ]
