func.func @main() -> tensor<5xi8> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi8>
  %v = stablehlo.constant dense<0> : tensor<i8>
  %lo = stablehlo.constant dense<9223372036854775807> : tensor<1xi64>
  %hi = stablehlo.constant dense<1> : tensor<1xi64>
  %in = stablehlo.constant dense<0> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<3xi8>, tensor<i8>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xi8>
  func.return %r : tensor<5xi8>
}
