// ERROR: case_no_region.mlir:4:3: error: 'stablehlo.case' requires at least 1 region
func.func @f() {
  %i = stablehlo.constant dense<0> : tensor<i32>
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  func.return
}
