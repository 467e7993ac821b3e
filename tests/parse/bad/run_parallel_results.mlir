// ERROR: run_parallel_results.mlir:12:10: error: 'interpreter.run_parallel' has 1 result but its programs return 2 values
module @m {
  func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
  func.func @q() -> (tensor<2xf32>, tensor<2xf32>) {
    %c = stablehlo.constant dense<1.0> : tensor<2xf32>
    return %c, %c : tensor<2xf32>, tensor<2xf32>
  }
  func.func private @ext(%x: tensor<2xf32>) -> tensor<2xf32>
  func.func @main(%x: tensor<2xf32>, %i: tensor<2xi32>) {
    %r = "interpreter.run_parallel"(%x, %x) {programs = [[@f], [@f]]} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    func.return
  }
}
