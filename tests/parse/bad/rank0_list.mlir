// ERROR: rank0_list.mlir:3:33: error: a rank-0 tensor takes a single element, not a list
func.func @f() {
  %0 = stablehlo.constant dense<[3]> : tensor<i32>
  func.return
}
