// ERROR: case_index_ui32.mlir:4:25: error: 'stablehlo.case' index must be tensor<i32>, got tensor<ui32>
func.func @f() {
  %i = stablehlo.constant dense<0> : tensor<ui32>
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.constant dense<1> : tensor<i8>
    stablehlo.return %a : tensor<i8>
  }) : (tensor<ui32>) -> tensor<i8>
  func.return
}
