// ERROR: duplicate_attr.mlir:3:57: error: duplicate attribute 'iota_dimension' on 'stablehlo.iota'
func.func @f() {
  %0 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> {iota_dimension = 0 : i64} : () -> tensor<4xf32>
  func.return
}
