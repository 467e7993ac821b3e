// ERROR: case_index_i64.mlir:4:25: error: 'stablehlo.case' index must be tensor<i32>, got tensor<i64>
func.func @f() {
  %i = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.constant dense<1> : tensor<i8>
    stablehlo.return %a : tensor<i8>
  }) : (tensor<i64>) -> tensor<i8>
  func.return
}
