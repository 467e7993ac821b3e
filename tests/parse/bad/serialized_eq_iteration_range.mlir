// ERROR: serialized_eq_iteration_range.mlir:4:65: error: 'check.expect_serialized_eq' attribute 'iteration' is out of range of ui32
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2xi32>
  "check.expect_serialized_eq"(%a) {probe_id = "p", iteration = 4294967296 : ui32} : (tensor<2xi32>) -> ()
  func.return
}
