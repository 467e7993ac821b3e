#!/bin/sh
# Two builds of ir-run, the same behaviour: runs OLD and NEW on every .mlir
# under tests/ and examples/, once with --emit=ir and once as a plain run
# (--threads 1 and --threads 2), and compares stdout, stderr and the exit
# status byte for byte. For changes that must not change behaviour (a
# refactoring, a move of files): `sh tools/same_output.sh OLD NEW`.
# Prints each difference and a summary; exits 1 when any output differs.
set -u
old=$1 new=$2
[ -x "$old" ] && [ -x "$new" ] || { echo "usage: same_output.sh OLD-IR-RUN NEW-IR-RUN" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
runs=0 differ=0
# one invocation of both binaries, the outputs compared; the file name is
# replaced by a fixed one so that paths in messages match
compare() {
    what=$1; shift
    (cd "$tmp" && timeout 120 "$old" "$@" >o.out 2>o.err; echo $? >o.rc)
    (cd "$tmp" && timeout 120 "$new" "$@" >n.out 2>n.err; echo $? >n.rc)
    runs=$((runs + 1))
    if ! cmp -s "$tmp/o.out" "$tmp/n.out" || ! cmp -s "$tmp/o.err" "$tmp/n.err" || ! cmp -s "$tmp/o.rc" "$tmp/n.rc"; then
        differ=$((differ + 1))
        echo "DIFFERS: $what $*"
    fi
}
for f in $(find tests examples -name '*.mlir' | sort); do
    cp "$f" "$tmp/prog.mlir"
    compare "$f" --emit=ir prog.mlir
    compare "$f" --threads 1 prog.mlir
    compare "$f" --threads 2 prog.mlir
done
echo "same_output: $runs runs of $(find tests examples -name '*.mlir' | wc -l) files, $differ differ"
[ "$differ" -eq 0 ]
