#!/bin/sh
# Every option with good, bad and missing values: the cases are data, in
# tests/cli/options.txt (EXIT ARGS... per line; arguments split at blanks,
# so values hold none).
set -u
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$(pwd)/$IRRUN ;; esac
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
printf 'values: [1.0, 2.0]\n' >one.yaml
printf 'values: [1.0, 2.5]\n' >two.yaml
printf 'values: [1.0, 2.0]\n' >one.txt
printf 'type: f16\nvalues: [1.0, 2.0]\n' >one_f16.yaml
printf 'func.func @main() -> tensor<2xf32> {\n  %%0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n  func.return %%0 : tensor<2xf32>\n}\n' >prog.mlir
printf 'func.func @main(%%x: tensor<2xf32>) -> tensor<2xf32> {\n  func.return %%x : tensor<2xf32>\n}\n' >arg.mlir
cp "$top/examples/validation/reference_out.npy" ref.npy
pass=0
fail=0
while IFS= read -r line; do
    case $line in '#'* | '') continue ;; esac
    want=${line%% *}
    args=${line#"$want"}
    # shellcheck disable=SC2086
    set -f
    set -- $args
    set +f
    "$IRRUN" "$@" >out 2>err </dev/null
    got=$?
    [ -n "${OPTIONS_VERBOSE:-}" ] && echo "$got ir-run$args :: $(grep -m1 -v '^ ' err)"
    if [ "$got" = "$want" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: ir-run$args: exit $got, want $want"
        head -3 err
    fi
done <"$here/cli/options.txt"
echo "options: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
