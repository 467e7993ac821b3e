// ERROR: func_return_in_reduce.mlir:7:5: error: a reduce body must end with 'stablehlo.return', not 'func.return'
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    func.return %a : tensor<f32>
  }
  func.return %1 : tensor<f32>
}
