# Sourced by tools/chlo_testdata.sh and tools/quant_testdata.sh: their
# arguments (STABLEHLO_GIT_DIR REF_OUT_DIR [IRRUN]) and a temporary directory
# removed on exit.
set -u
git_dir=$1
ref_dir=$2
irrun=${3:-build/ir-run}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
