// uniform_quantize f32 -> quantized runs by its native kernel
// (docs/quantization.md, "Native uniform_quantize"): tests/run_cli.sh runs
// this with and without IRRUN_QUANT=decompose (the same stdout, worked out
// by hand there) and checks that --emit=ir prints the lowered ops.
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<2x3x!quant.uniform<ui8:f32:1, {5.000000e-01, 2.000000e+00:255, 2.500000e-01:10}>>) {
  %q = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %p = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<ui8:f32:1, {5.000000e-01, 2.000000e+00:255, 2.500000e-01:10}>>
  func.return %q, %p : tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<2x3x!quant.uniform<ui8:f32:1, {5.000000e-01, 2.000000e+00:255, 2.500000e-01:10}>>
}
