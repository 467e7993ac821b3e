// ERROR: serialized_eq_iter_keyword.mlir:4:50: error: expected 'iter', got 'iteration'
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2xi32>
  check.expect_serialized_eq %a, probe_id = "p", iteration = 1 : tensor<2xi32>
  func.return
}
