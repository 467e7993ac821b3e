// arith.constant of a tensor runs as stablehlo.constant (pretty and generic) and prints as arith.constant.
func.func @main() -> (tensor<2xf32>, tensor<i64>) {
  %0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = "arith.constant"() <{value = dense<7> : tensor<i64>}> : () -> tensor<i64>
  func.return %0, %1 : tensor<2xf32>, tensor<i64>
}
