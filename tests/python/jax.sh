#!/bin/sh
# make check-jax: irrun.jax (tests/python/test_jax.py) and examples/jax
# against XLA CPU, in a virtual environment of their own (JAX_ENV, default
# build/jax-env) into which pip installs jax[cpu] (with numpy and ml_dtypes)
# when it is not importable yet; the time the install took is printed. Not
# part of make check. Needs IRRUN (the command) and IRRUN_LIBRARY.
set -eu
base=/usr/bin/python3
[ -x "$base" ] || base=$(command -v python3)
env=${JAX_ENV:-build/jax-env}
mkdir -p "$(dirname "$env")"
env=$(cd "$(dirname "$env")" && pwd)/$(basename "$env")
[ -x "$env/bin/python" ] || "$base" -m venv "$env"
py=$env/bin/python
if ! "$py" -c 'import jax, ml_dtypes' 2>/dev/null; then
    echo "check-jax: pip install jax[cpu] into $env"
    start=$(date +%s)
    "$py" -m pip install --quiet 'jax[cpu]' ml_dtypes ||
        { echo "check-jax: pip install jax[cpu] failed (offline?)"; exit 1; }
    echo "check-jax: pip install jax[cpu] took $(($(date +%s) - start)) s"
fi
echo "check-jax: $("$py" -c 'import jax, jaxlib, ml_dtypes, numpy; print("jax", jax.__version__, "jaxlib", jaxlib.__version__, "ml_dtypes", ml_dtypes.__version__, "numpy", numpy.__version__)')"
export JAX_PLATFORMS=cpu
echo "== tests/python/test_jax.py"
PYTHONDONTWRITEBYTECODE=1 "$py" tests/python/test_jax.py
echo "== examples/jax/run.py"
PYTHONDONTWRITEBYTECODE=1 "$py" examples/jax/run.py --out "$(dirname "$env")/examples-jax"
