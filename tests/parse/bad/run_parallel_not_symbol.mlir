// ERROR: run_parallel_not_symbol.mlir:12:55: error: 'interpreter.run_parallel' attribute 'programs' must hold function symbols like @f
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
    %r = "interpreter.run_parallel"(%x) {programs = [["f"]]} : (tensor<2xf32>) -> tensor<2xf32>
    func.return
  }
}
