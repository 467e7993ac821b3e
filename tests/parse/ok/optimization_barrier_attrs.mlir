// optimization_barrier with attributes in both places: MLIR's (before the
// operands, also for the empty barrier) and after them (older ir-run output).
func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.optimization_barrier %a {note = "b"} : tensor<4xi32>
  stablehlo.optimization_barrier {n = 1} ()
  %t = stablehlo.create_token {n = 2} : !stablehlo.token
  %u = stablehlo.create_token : !stablehlo.token
  func.return %0 : tensor<4xi32>
}
