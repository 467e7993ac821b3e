// ARGS: --args '[dense<[1.0,2.0,-1.5]> : tensor<3xf32>]'
// ERROR: ir-run lowers a quantized op on static shapes only
// a quantized op on a `?` dimension: refused at load (the lowering runs before refinement)
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %q = stablehlo.uniform_quantize %x : (tensor<?xf32>) -> tensor<?x!quant.uniform<i8:f32, 0.5:3>>
  %a = stablehlo.add %q, %q : tensor<?x!quant.uniform<i8:f32, 0.5:3>>
  %d = stablehlo.uniform_dequantize %a : (tensor<?x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<?xf32>
  func.return %d : tensor<?xf32>
}
