// ERROR: sort_comparator_count.mlir:5:10: error: 'stablehlo.sort' comparator must take 4 arguments (two per operand), got 2
func.func @f() {
  %k = stablehlo.constant dense<1> : tensor<5xi32>
  %v = stablehlo.constant dense<1.0> : tensor<5xf32>
  %r:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%k0: tensor<i32>, %k1: tensor<i32>):
    %c = stablehlo.compare LT, %k0, %k1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<5xi32>, tensor<5xf32>) -> (tensor<5xi32>, tensor<5xf32>)
  func.return
}
