// adversarial review N2: 3 + INT64_MIN + INT64_MAX = 2 matches the result type,
// but the amounts are far beyond what the static pad allows (2^40)
func.func @main() -> tensor<2xi8> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi8>
  %v = stablehlo.constant dense<9> : tensor<i8>
  %lo = stablehlo.constant dense<-9223372036854775808> : tensor<1xi64>
  %hi = stablehlo.constant dense<9223372036854775807> : tensor<1xi64>
  %in = stablehlo.constant dense<0> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<3xi8>, tensor<i8>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi8>
  func.return %r : tensor<2xi8>
}
