// ERROR: attr_i64_range.mlir:3:45: error: 'stablehlo.iota' attribute 'iota_dimension' is out of range of i64
func.func @main() -> tensor<4xi32> {
  %0 = "stablehlo.iota"() {iota_dimension = 99999999999999999999 : i64} : () -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}
