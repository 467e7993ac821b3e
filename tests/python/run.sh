#!/bin/sh
# The Python package's tests (tests/python/test_irrun.py) in a virtual
# environment of their own (PYTHON_ENV, default build/python-env) made from
# /usr/bin/python3 (the python3 on PATH when there is none) with the
# system's packages visible; pip installs the package's dependencies, numpy
# and ml_dtypes, into it when they are not importable yet (nothing is
# downloaded when they are: offline-safe once installed). When pip cannot
# (offline, no venv module), the tests run with what the base python has,
# and SKIP when that has no NumPy. Also checks that `pip install ./python`
# works offline (nothing else is needed: the build backend is in
# python/backend). Needs IRRUN (the command) and IRRUN_LIBRARY.
set -eu
base=/usr/bin/python3
[ -x "$base" ] || base=$(command -v python3 || true)
[ -n "$base" ] || { echo "python: SKIP: no python3"; exit 0; }
env=${PYTHON_ENV:-build/python-env}
mkdir -p "$(dirname "$env")"
env=$(cd "$(dirname "$env")" && pwd)/$(basename "$env")
py=$base
if [ -x "$env/bin/python" ] || "$base" -m venv --system-site-packages "$env" >/dev/null 2>&1; then
    py=$env/bin/python
    if ! "$py" -c 'import numpy, ml_dtypes' 2>/dev/null; then
        echo "python: pip install numpy ml_dtypes into $env"
        "$py" -m pip install --quiet --timeout 30 --retries 1 numpy ml_dtypes >"$env/pip.log" 2>&1 ||
            echo "python: pip could not install numpy and ml_dtypes (offline?); see $env/pip.log"
    fi
else
    echo "python: no venv module for $base: the tests use its own packages"
fi
if ! "$py" -c 'import numpy' 2>/dev/null; then
    echo "python: SKIP: no numpy for $py (pip install numpy ml_dtypes, or apt-get install python3-numpy)"
    exit 0
fi
"$py" -c 'import ml_dtypes' 2>/dev/null ||
    echo "python: ml_dtypes is not importable: its tests are skipped, the raw-storage path is tested"
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
    # into the test environment itself, offline, without build isolation
    # (its dependencies numpy and ml_dtypes are there already), then out again
    if [ "$py" != "$base" ] && "$py" -c 'import ml_dtypes' 2>/dev/null; then
        PIP_NO_INDEX=1 "$py" -m pip install --quiet --no-build-isolation ./python >"$dir/pip.log" 2>&1 ||
            { cat "$dir/pip.log"; echo "python: pip install --no-build-isolation ./python (offline) failed"; exit 1; }
        check_import "$py" "$env/lib" ||
            { "$py" -m pip uninstall --quiet -y irrun; echo "python: the package pip installed in $env does not run"; exit 1; }
        "$py" -m pip uninstall --quiet -y irrun >/dev/null 2>&1
        venv="and into $env (no build isolation) "
    else
        venv="(no environment with ml_dtypes: the plain install not checked) "
    fi
    tree | diff "$dir/before" - >"$dir/diff" ||
        { cat "$dir/diff"; echo "python: pip install wrote into the tree"; exit 1; }
    echo "python: pip install ./python (offline, build isolation) ${venv}and import: ok; the tree unchanged"
else
    echo "python: pip install check SKIP: no pip for $py"
fi
