// ERROR: attr_missing_iota_dim.mlir:3:8: error: 'stablehlo.iota' requires the attribute 'iota_dimension'
func.func @main() -> tensor<4xi32> {
  %0 = "stablehlo.iota"() : () -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}
