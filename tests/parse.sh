#!/bin/sh
# Front-end tests (run by `make check` with IRRUN set):
#  1. every tests/parse/ok/*.mlir parses and checks (--emit=ir, exit 0);
#  2. every tests/parse/bad/*.mlir fails with exit 2 and its first error
#     line equals the `// ERROR: ...` comment on the file's first line;
#  3. round trip on every .mlir under tests/: print, re-parse, print again,
#     byte-identical (files that do not parse are skipped: they are error
#     tests of their own suites);
#  4. truncated alias values (trunc_aliases.mlir cut at every byte after its
#     function) are refused unless the cut ends an alias line;
#  5. robustness: truncation at every byte of a seed file, garbage bytes,
#     deep nesting and absurd shapes exit with status 0 or 2, never crash.
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$(pwd)/$IRRUN ;; esac
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fails=0
passes=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

for f in "$here"/parse/ok/*.mlir; do
    if "$IRRUN" --emit=ir --split-input-file "$f" >"$tmp/out" 2>"$tmp/err"; then
        passes=$((passes + 1))
    else
        fail "$f did not parse"
        head -5 "$tmp/err"
    fi
done

cd "$here/parse/bad" || exit 2
for f in *.mlir; do
    want=$(head -1 "$f" | sed 's|^// ERROR: ||')
    "$IRRUN" --emit=ir "$f" >/dev/null 2>"$tmp/err"
    rc=$?
    got=$(grep -a -m1 'error:' "$tmp/err")
    if [ "$rc" -ne 2 ] || [ "$got" != "$want" ]; then
        fail "$f: exit $rc"
        echo "  want: $want"
        echo "  got:  $got"
    else
        passes=$((passes + 1))
    fi
done
cd "$here" || exit 2

# round trip (chunks re-joined with the split marker so they re-split)
find "$here" -name '*.mlir' ! -path '*/parse/bad/*' | sort >"$tmp/all"
while read -r f; do
    "$IRRUN" --emit=ir --split-input-file --output-split-marker='// -----' "$f" >"$tmp/p1" 2>/dev/null || continue
    if ! "$IRRUN" --emit=ir --split-input-file --output-split-marker='// -----' "$tmp/p1" >"$tmp/p2" 2>"$tmp/err"; then
        fail "round trip: printed form of $f does not parse"
        head -3 "$tmp/err"
    elif ! cmp -s "$tmp/p1" "$tmp/p2"; then
        fail "round trip: $f prints differently after re-parsing"
        diff "$tmp/p1" "$tmp/p2" | head -5
    else
        passes=$((passes + 1))
    fi
done <"$tmp/all"

# robustness: only exit statuses 0 and 2 are acceptable (>= 128 = crash)
robust() { # file description
    "$IRRUN" --emit=ir --split-input-file "$1" >/dev/null 2>&1
    rc=$?
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ]; then
        fail "$2: exit status $rc"
        cp "$1" "${TMPDIR:-/tmp}/irrun-crash-$(basename "$1")" 2>/dev/null
    fi
}
# every truncation of the seed, checked in batches (one process per batch;
# a crash of any file shows as the batch's exit status)
seed="$here/parse/fuzz_seed.mlir"
size=$(wc -c <"$seed")
mkdir "$tmp/trunc"
i=0
while [ "$i" -lt "$size" ]; do
    head -c "$i" "$seed" >"$tmp/trunc/t$i.mlir"
    i=$((i + 1))
done
for batch in 0 1 2 3 4 5 6 7 8 9; do
    ls "$tmp"/trunc/t*"$batch".mlir >"$tmp/list" 2>/dev/null || continue
    xargs "$IRRUN" --emit=ir --split-input-file <"$tmp/list" >/dev/null 2>&1
    rc=$?
    # xargs reports 123 when a command exited 1-125, 124/125/126/127 or
    # >= 128 for signals and other failures
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 123 ]; then
        fail "truncations of fuzz_seed.mlir ending in $batch: xargs status $rc (crash?)"
    fi
done
passes=$((passes + 1))

# every truncation of trunc_aliases.mlir after its function: refused (a
# located error) unless the cut falls at the end of an alias line; one run
# over all the files, then the files named in errors against the expected set
seed="$here/parse/trunc_aliases.mlir"
size=$(wc -c <"$seed")
from=$(grep -b -m1 '^#loc1 = ' "$seed" | cut -d: -f1)
mkdir "$tmp/alias"
: >"$tmp/alias_want"
i=$from
while [ "$i" -lt "$size" ]; do
    head -c "$i" "$seed" >"$tmp/alias/a$i.mlir"
    # complete: the cut is at a line's start or just before its newline
    prev=$(head -c "$i" "$seed" | tail -c 1 | od -An -c | tr -d ' ')
    next=$(head -c "$((i + 1))" "$seed" | tail -c 1 | od -An -c | tr -d ' ')
    [ "$prev" = '\n' ] || [ "$next" = '\n' ] || echo "a$i.mlir" >>"$tmp/alias_want"
    i=$((i + 1))
done
(cd "$tmp/alias" && "$IRRUN" --emit=ir a*.mlir >/dev/null 2>"$tmp/alias_err")
grep -o '^a[0-9]*\.mlir:[0-9]*:[0-9]*: error: ' "$tmp/alias_err" | cut -d: -f1 | sort -u >"$tmp/alias_got"
sort "$tmp/alias_want" >"$tmp/alias_want_s"
if cmp -s "$tmp/alias_want_s" "$tmp/alias_got"; then
    passes=$((passes + 1))
else
    fail "truncated alias values: refused (>) or accepted (<) wrongly:"
    diff "$tmp/alias_want_s" "$tmp/alias_got" | head -10
fi

awk 'BEGIN { srand(7); for (i = 0; i < 4000; i++) printf "%c", int(rand() * 256) }' >"$tmp/garbage.mlir" 2>/dev/null
robust "$tmp/garbage.mlir" "binary garbage"
for open in '[' '(' '{' '<'; do
    awk -v c="$open" 'BEGIN { printf "func.func @f() {\n %%0 = stablehlo.constant dense<"; for (i = 0; i < 100000; i++) printf "%s", c; print "> : tensor<f32>\n}" }' >"$tmp/deep.mlir"
    robust "$tmp/deep.mlir" "100k-deep '$open' in a literal"
    awk -v c="$open" 'BEGIN { printf "func.func @f() {\n %%0 = \"stablehlo.add\"() {a = "; for (i = 0; i < 100000; i++) printf "%s", c; print "\n}" }' >"$tmp/deep.mlir"
    robust "$tmp/deep.mlir" "100k-deep '$open' in an op"
done
awk 'BEGIN { printf "func.func @f() {\n %%0 = stablehlo.add "; for (i = 0; i < 100000; i++) printf "loc("; print "\n}" }' >"$tmp/deep.mlir"
robust "$tmp/deep.mlir" "100k-deep loc("
printf 'func.func @f() {\n  %%0 = stablehlo.constant dense<1.0> : tensor<99999999999x99999999999xf32>\n  func.return\n}\n' >"$tmp/huge.mlir"
robust "$tmp/huge.mlir" "absurd shape"
passes=$((passes + 1))

echo "parse.sh: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
