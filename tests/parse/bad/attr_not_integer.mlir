// ERROR: attr_not_integer.mlir:3:45: error: 'stablehlo.iota' attribute 'iota_dimension' must be an integer
func.func @main() -> tensor<4xi32> {
  %0 = "stablehlo.iota"() {iota_dimension = "x"} : () -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}
