#!/bin/sh
# docs/ops.md is generated from the op table (tools/ops_doc.c): this fails
# when a row was added, changed or removed without `make ops-doc`.
here=$(cd "$(dirname "$0")/.." && pwd)
gen=${REPLAY_DIR:-build/tests}/ops_doc
case $gen in /*) ;; *) gen=$here/$gen ;; esac
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$gen" >"$tmp" || { echo "ops_doc: the generator failed"; exit 1; }
if ! cmp -s "$tmp" "$here/docs/ops.md"; then
    echo "ops_doc: docs/ops.md is stale: run make ops-doc"
    diff "$here/docs/ops.md" "$tmp" | head -10
    exit 1
fi
# the page lists every row: as many op lines as OP( rows in the table
rows=$(grep -c '^OP(' "$here/src/ir/ops.def")
lines=$(grep -c '^| `' "$here/docs/ops.md")
[ "$rows" = "$lines" ] || { echo "ops_doc: $rows ops in the table, $lines in docs/ops.md"; exit 1; }
echo "ops_doc: docs/ops.md lists all $rows ops"
