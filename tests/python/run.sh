#!/bin/sh
# The Python package's tests (tests/python/test_irrun.py) with Debian's
# python3 and python3-numpy (tools/deps.sh installs them), or the python3 on
# PATH when there is no /usr/bin/python3; SKIP when NumPy is not importable.
# Also checks that `pip install ./python` works offline, where pip and
# setuptools are there. Needs IRRUN (the command) and IRRUN_LIBRARY.
set -eu
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3 || true)
if [ -z "$py" ] || ! "$py" -c 'import numpy' 2>/dev/null; then
    echo "python: SKIP: no python3 with numpy (apt-get install python3-numpy)"
    exit 0
fi
if [ -n "${SAN:-}" ]; then
    # a sanitized libirrun.so needs its runtimes loaded first; Python's own
    # allocations are not ours to check
    CC=${CC:-cc}
    LD_PRELOAD="$($CC -print-file-name=libasan.so) $($CC -print-file-name=libubsan.so)"
    ASAN_OPTIONS=detect_leaks=0
    export LD_PRELOAD ASAN_OPTIONS
    for lib in $LD_PRELOAD; do
        [ -f "$lib" ] || { echo "python: SKIP: sanitizer runtime $lib not found for $CC"; exit 0; }
    done
fi
PYTHONDONTWRITEBYTECODE=1 "$py" tests/python/test_irrun.py

if "$py" -m pip --version >/dev/null 2>&1 && "$py" -c 'import setuptools' 2>/dev/null; then
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
    # from a copy (a build leaves build/ and *.egg-info beside the sources);
    # offline: no index, no build isolation (which would fetch setuptools)
    cp -R python "$dir/src"
    rm -rf "$dir/src/irrun/__pycache__"
    "$py" -m pip install --quiet --no-index --no-build-isolation --no-deps --target "$dir/site" "$dir/src" \
        >"$dir/pip.log" 2>&1 || { cat "$dir/pip.log"; echo "python: pip install ./python failed"; exit 1; }
    (cd "$dir" && PYTHONPATH="$dir/site" "$py" -c 'import irrun, numpy; (r,) = irrun.run("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n", [numpy.array([1.5, 2], numpy.float32)]); assert r.tolist() == [3.0, 4.0], r; assert irrun.__file__.startswith("'"$dir"'/site"), irrun.__file__') ||
        { echo "python: the pip-installed package does not run"; exit 1; }
    echo "python: pip install ./python (offline) and import: ok"
else
    echo "python: pip install check SKIP: no pip or setuptools for $py"
fi
