// ERROR: run_parallel_operands.mlir:12:12: error: 'interpreter.run_parallel' has 1 operand but its programs take 2 arguments
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
    %r:2 = "interpreter.run_parallel"(%x) {programs = [[@f, @f]]} : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    func.return
  }
}
