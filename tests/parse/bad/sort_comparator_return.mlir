// ERROR: sort_comparator_return.mlir:7:22: error: 'stablehlo.return' value #0 of a sort comparator must be tensor<i1>, got tensor<i32>
func.func @f() {
  %k = stablehlo.constant dense<1> : tensor<5xi32>
  %r = "stablehlo.sort"(%k) ({
  ^bb0(%k0: tensor<i32>, %k1: tensor<i32>):
    %d = stablehlo.subtract %k0, %k1 : tensor<i32>
    stablehlo.return %d : tensor<i32>
  }) : (tensor<5xi32>) -> tensor<5xi32>
  func.return
}
