// ERROR: run_parallel_rows.mlir:12:74: error: 'interpreter.run_parallel' programs rows must all have 2 entries
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
    %r:3 = "interpreter.run_parallel"(%x, %x, %x) {programs = [[@f, @f], [@f]]} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    func.return
  }
}
