// ERROR: util_global_in_module.mlir:3:3: error: op 'util.global' of dialect 'util' has no semantics in ir-run
module @m {
  util.global private @w = dense<1.0> : tensor<4xf32>
  func.func @main() -> tensor<4xf32> {
    %0 = stablehlo.constant dense<2.0> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
