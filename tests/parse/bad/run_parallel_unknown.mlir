// ERROR: run_parallel_unknown.mlir:12:10: error: 'interpreter.run_parallel' program '@nope' is not a function of the module
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
    %r = "interpreter.run_parallel"(%x) {programs = [[@nope]]} : (tensor<2xf32>) -> tensor<2xf32>
    func.return
  }
}
