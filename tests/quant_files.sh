#!/bin/sh
# Quantized entry arguments and results in tensor files (docs/quantization.md,
# "Tensor files"): read and written as their storage type; --expect compares
# storage values. Run by `make check` with IRRUN set to the ir-run binary.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tests/lib/expect.sh"

# (1 - -3) * 0.5 = 2 -> 2 / 0.25 + 1 = 9; (100 - -3) * 0.5 = 51.5 -> 207 -> 127 (i8's bound)
cat >"$tmp/q.mlir" <<'M'
func.func @main(%x: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:1>> {
  %r = stablehlo.uniform_quantize %x : (tensor<2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:1>>
  func.return %r : tensor<2x!quant.uniform<i8:f32, 0.25:1>>
}
M
# the storage tensors, as plain i8 results written to .npy files
for v in '1, 100' '9, 127' '9, 126'; do
    n=$(echo "$v" | tr -d ' ,')
    printf 'func.func @main() -> tensor<2xi8> {\n  %%c = stablehlo.constant dense<[%s]> : tensor<2xi8>\n  func.return %%c : tensor<2xi8>\n}\n' "$v" >"$tmp/c$n.mlir"
    expect_rc 0 "$IRRUN" --output-dir "$tmp/d$n" "$tmp/c$n.mlir"
done
expect_rc 0 "$IRRUN" --input 0="$tmp/d1100/result0.npy" --output-dir "$tmp/res" "$tmp/q.mlir"
expect_in "$tmp/out" "[9, 127]"
cmp -s "$tmp/res/result0.npy" "$tmp/d9127/result0.npy" && ok || bad "the quantized result is not written as its i8 storage"
expect_rc 0 "$IRRUN" --input 0="$tmp/d1100/result0.npy" --expect 0="$tmp/d9127/result0.npy" "$tmp/q.mlir"
expect_rc 1 "$IRRUN" --input 0="$tmp/d1100/result0.npy" --expect 0="$tmp/d9126/result0.npy" "$tmp/q.mlir"
expect_rc 0 "$IRRUN" --input 0="$tmp/d1100/result0.npy" --expect 0="$tmp/d9126/result0.npy" --max-ulp 1 "$tmp/q.mlir"
echo "quant_files.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
