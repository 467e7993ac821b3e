// ERROR: sdy_return_in_reduce.mlir:9:7: error: a reduce body must end with 'stablehlo.return'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<f32> {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
     reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %s = stablehlo.add %a, %b : tensor<f32>
      sdy.return %s : tensor<f32>
    }
    return %0 : tensor<f32>
  }
}
