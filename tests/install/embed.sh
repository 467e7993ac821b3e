#!/bin/sh
# Builds examples/embed against an installed ir-run (argument: the prefix)
# with pkg-config, as a user would, once with libirrun.so and once with
# libirrun.a, and runs it: it must pass on the reference's output and fail
# (status 1) on the deliberately wrong backend output of examples/validation.
set -eu
prefix=$1
CC=${CC:-cc}
EXTRA_CFLAGS=${EXTRA_CFLAGS:-}
for f in bin/ir-run lib/libirrun.a lib/libirrun.so lib/pkgconfig/irrun.pc include/irrun.h; do
    [ -e "$prefix/$f" ] || { echo "install: $prefix/$f is missing"; exit 1; }
done
soname=$(ls "$prefix"/lib/libirrun.so.? 2>/dev/null | head -1)
[ -n "$soname" ] || { echo "install: no libirrun.so.MAJOR"; exit 1; }
[ ! -f docs/ir-run.1 ] || [ -f "$prefix/share/man/man1/ir-run.1" ] || { echo "install: man page missing"; exit 1; }

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
out=$prefix/embed-test
mkdir -p "$out"
# shellcheck disable=SC2046 # pkg-config's words are separate arguments
$CC -std=c11 -Wall -Wextra -Werror $EXTRA_CFLAGS examples/embed/embed.c $(pkg-config --cflags --libs irrun) \
    -o "$out/embed_shared"
# shellcheck disable=SC2046
$CC -std=c11 -Wall -Wextra -Werror $EXTRA_CFLAGS examples/embed/embed.c $(pkg-config --cflags irrun) \
    "$prefix/lib/libirrun.a" $(pkg-config --static --libs irrun | sed 's/-lirrun//') -o "$out/embed_static"
readelf -d "$out/embed_shared" | grep -q "NEEDED.*$(basename "$soname")" ||
    { echo "install: embed_shared does not load $(basename "$soname")"; exit 1; }

v=examples/validation
for exe in embed_shared embed_static; do
    LD_LIBRARY_PATH="$prefix/lib" "$out/$exe" $v/matmul_f8.mlir $v/reference_out.npy $v/lhs.npy $v/rhs.npy \
        >"$out/pass.txt" || { echo "install: $exe failed on the reference output:"; cat "$out/pass.txt"; exit 1; }
    grep -q '^@main: (tensor<2x3xf8E4M3FN>, tensor<3x2xf8E4M3FN>) -> tensor<2x2xf8E4M3FN>$' "$out/pass.txt" ||
        { echo "install: $exe printed no signature"; cat "$out/pass.txt"; exit 1; }
    grep -q 'result: PASS' "$out/pass.txt" || { echo "install: $exe: no PASS"; exit 1; }
    st=0
    LD_LIBRARY_PATH="$prefix/lib" "$out/$exe" $v/matmul_f8.mlir $v/backend_out.npy $v/lhs.npy $v/rhs.npy \
        >"$out/fail.txt" || st=$?
    [ "$st" = 1 ] || { echo "install: $exe exited $st on the wrong backend output, not 1"; exit 1; }
    grep -q '4 compared, 2 differing' "$out/fail.txt" || { echo "install: $exe: wrong report"; cat "$out/fail.txt"; exit 1; }
done
# the README's lines (its "Embed it in C" block) as written, but for the
# prefix (this one, installed already), the compiler and where the program goes
sed -n '/^Embed it in C/,/^Or from Python/p' README.md | sed -n '/^```sh$/,/^```$/p' | grep -v '^```' |
    grep -v '^#' | grep -v '^make install ' >"$out/readme.sh"
grep -q 'examples/embed/embed.c' "$out/readme.sh" || { echo "install: the README's embed block builds no examples/embed/embed.c"; exit 1; }
sed -e "s|\$HOME/.local|$prefix|g" -e "s|^cc |$CC $EXTRA_CFLAGS |" -e "s| -o embed| -o $out/embed|" \
    -e "s| \./embed | $out/embed |" "$out/readme.sh" >"$out/readme_run.sh"
sh "$out/readme_run.sh" >"$out/readme.txt" 2>&1 || { echo "install: the README's embed lines failed:"; cat "$out/readme.txt"; exit 1; }
grep -q 'result: PASS' "$out/readme.txt" || { echo "install: the README's embed lines: no PASS"; cat "$out/readme.txt"; exit 1; }
rm -rf "$out"
echo "install: embed example built with pkg-config (shared and static) and run, also by the README's lines: ok"
