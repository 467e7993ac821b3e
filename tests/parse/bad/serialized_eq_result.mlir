// ERROR: serialized_eq_result.mlir:4:8: error: 'check.expect_serialized_eq' has 0 results, got 1
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2xi32>
  %b = "check.expect_serialized_eq"(%a) {probe_id = "p"} : (tensor<2xi32>) -> tensor<2xi32>
  func.return
}
