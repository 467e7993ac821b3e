func.func @main() -> tensor<2xi32> {
  %x = stablehlo.constant dense<[10, 11, 12, 13]> : tensor<4xi32>
  %s = stablehlo.constant dense<[3]> : tensor<1xi64>
  %l = stablehlo.constant dense<[2]> : tensor<1xi64>
  %k = stablehlo.constant dense<[1]> : tensor<1xi64>
  %r = stablehlo.real_dynamic_slice %x, %s, %l, %k : (tensor<4xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi32>
  func.return %r : tensor<2xi32>
}
