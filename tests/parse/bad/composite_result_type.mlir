// ERROR: composite_result_type.mlir:7:8: error: 'stablehlo.composite' result #0 has type tensor<f16> but '@impl' returns tensor<f32>
func.func private @impl(%x: tensor<f32>) -> tensor<f32> {
  func.return %x : tensor<f32>
}
func.func @main() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %r = stablehlo.composite "my.op" %a {decomposition = @impl} : (tensor<f32>) -> tensor<f16>
  func.return
}
