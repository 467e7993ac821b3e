// ERROR: composite_arg_type.mlir:7:36: error: 'stablehlo.composite' argument #0 has type tensor<i32> but '@impl' expects tensor<f32>
func.func private @impl(%x: tensor<f32>) -> tensor<f32> {
  func.return %x : tensor<f32>
}
func.func @main() {
  %a = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.composite "my.op" %a {decomposition = @impl} : (tensor<i32>) -> tensor<f32>
  func.return
}
