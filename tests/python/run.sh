#!/bin/sh
# The Python package's tests (tests/python/test_irrun.py) with Debian's
# python3 and python3-numpy (tools/deps.sh installs them), or the python3 on
# PATH when there is no /usr/bin/python3; SKIP when NumPy is not importable.
# Also checks that `pip install ./python` works offline, where pip is there
# (nothing else is needed: the build backend is in python/backend). Needs
# IRRUN (the command) and IRRUN_LIBRARY.
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

if "$py" -m pip --version >/dev/null 2>&1; then
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
    # the documented install, offline (no index): from the tree itself, with
    # pip's build isolation (the in-tree backend needs nothing downloaded),
    # and nothing written into the tree (no build/, no *.egg-info)
    tree() { find python -name __pycache__ -prune -o -print | LC_ALL=C sort; }
    tree >"$dir/before"
    program='func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n'
    check_import() { # PYTHON PLACE: the installed package runs, from PLACE
        (cd "$dir" && "$1" -c 'import irrun, numpy, sys; (r,) = irrun.run("'"$program"'", [numpy.array([1.5, 2], numpy.float32)]); assert r.tolist() == [3.0, 4.0], r; assert irrun.__file__.startswith(sys.argv[1]), irrun.__file__' "$2")
    }
    PIP_NO_INDEX=1 "$py" -m pip install --quiet --no-deps --target "$dir/site" ./python >"$dir/pip.log" 2>&1 ||
        { cat "$dir/pip.log"; echo "python: pip install --target ./python (offline) failed"; exit 1; }
    PYTHONPATH="$dir/site" check_import "$py" "$dir/site/irrun" ||
        { echo "python: the pip-installed package does not run"; exit 1; }
    # in a virtual environment (Debian's own pip refuses to install outside
    # one), with its dependency numpy found among the system's packages
    if "$py" -m venv --system-site-packages "$dir/venv" >/dev/null 2>&1; then
        PIP_NO_INDEX=1 "$dir/venv/bin/python" -m pip install --quiet ./python >"$dir/pip.log" 2>&1 ||
            { cat "$dir/pip.log"; echo "python: pip install ./python (offline, in a venv) failed"; exit 1; }
        check_import "$dir/venv/bin/python" "$dir/venv/lib" ||
            { echo "python: the package pip installed in a venv does not run"; exit 1; }
        venv="and in a venv "
    else
        venv="(no venv module: the venv install not checked) "
    fi
    tree | diff "$dir/before" - >"$dir/diff" ||
        { cat "$dir/diff"; echo "python: pip install wrote into the tree"; exit 1; }
    echo "python: pip install ./python (offline, build isolation) ${venv}and import: ok; the tree unchanged"
else
    echo "python: pip install check SKIP: no pip for $py"
fi
