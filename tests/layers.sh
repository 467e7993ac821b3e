#!/bin/sh
# The layers of src/ (docs/internals.md): every include and every symbol
# points down, no circles of files in the interpreter's folders, no folder
# too large (tools/layers.py). Then the same check on copies of src/ with
# an arrow pointing up, which it must refuse.
here=$(cd "$(dirname "$0")/.." && pwd)
obj=$(cd "${REPLAY_DIR:-$here/build/tests}/.." 2>/dev/null && pwd)/obj/src
command -v python3 >/dev/null || { echo "layers: python3 missing"; exit 1; }
[ -d "$obj" ] || obj=
python3 "$here/tools/layers.py" "$here/src" $obj || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$here/src" "$tmp/src"
printf '#include "exec/exec.h"\n' >>"$tmp/src/kernels/kern_splat.c"
if python3 "$here/tools/layers.py" "$tmp/src" >"$tmp/out"; then
    echo "layers: an include from kernels up to exec was not refused"; exit 1
fi
grep -q 'kern_splat.c includes exec/exec.h: an arrow from kernels up to exec' "$tmp/out" || {
    echo "layers: the refusal does not name the include:"; cat "$tmp/out"; exit 1; }
rm -rf "$tmp/src" && cp -r "$here/src" "$tmp/src" && mkdir "$tmp/src/unlisted" && : >"$tmp/src/unlisted/unlisted.c"
if python3 "$here/tools/layers.py" "$tmp/src" >"$tmp/out"; then
    echo "layers: a folder outside the list of layers was not refused"; exit 1
fi
echo "layers: an upward include and an unlisted folder are refused"
# a symbol arrow up: a kernel file that uses the executors' table
if [ -n "$obj" ]; then
    rm -rf "$tmp/src" && cp -r "$here/src" "$tmp/src" && mkdir "$tmp/obj"
    (cd "$obj" && find . -name '*.o' | while read -r o; do mkdir -p "$tmp/obj/$(dirname "$o")"; ln -s "$obj/$o" "$tmp/obj/$o"; done)
    printf 'extern const void *const exec_table[];\nconst void *kern_up(void) { return exec_table[0]; }\n' >"$tmp/src/kernels/kern_up.c"
    ${CC:-cc} -c -o "$tmp/obj/kernels/kern_up.o" "$tmp/src/kernels/kern_up.c" || exit 1
    if python3 "$here/tools/layers.py" "$tmp/src" "$tmp/obj" >"$tmp/out"; then
        echo "layers: a symbol used from kernels up in exec was not refused"; exit 1
    fi
    grep -q 'kernels/kern_up.c uses exec_table of exec/exec_table.c' "$tmp/out" || {
        echo "layers: the refusal does not name the symbol:"; cat "$tmp/out"; exit 1; }
    echo "layers: a symbol arrow up is refused"
fi
