// ERROR: case_branch_type.mlir:9:22: error: 'stablehlo.return' value #0 of a case branch must be tensor<i8>, got tensor<ui8>
func.func @f() {
  %i = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.constant dense<1> : tensor<i8>
    stablehlo.return %a : tensor<i8>
  }, {
    %b = stablehlo.constant dense<1> : tensor<ui8>
    stablehlo.return %b : tensor<ui8>
  }) : (tensor<i32>) -> tensor<i8>
  func.return
}
