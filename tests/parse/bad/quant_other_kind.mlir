// ERROR: quant_other_kind.mlir:4:68: error: unsupported element type '!quant.calibrated' (the quantized types are !quant.uniform<...>)
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2xf32>) -> tensor<2x!quant.calibrated<f32<-1.0:1.0>>>
  func.return %0 : tensor<2xf32>
}
