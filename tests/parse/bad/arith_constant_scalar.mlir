// ERROR: arith_constant_scalar.mlir:3:23: error: 'arith.constant' of a scalar has no semantics in ir-run (values are tensors: dense<...> : tensor<...>)
func.func @f() {
  %0 = arith.constant 1 : i32
  func.return
}
