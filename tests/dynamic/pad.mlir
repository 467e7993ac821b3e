// ARGS: --args '[dense<[1,2]> : tensor<2xi8>]'
// dynamic_pad with constant amounts: low 1, high 2, interior 1
func.func @main(%x: tensor<?xi8>) -> tensor<?xi8> {
  %z = stablehlo.constant dense<0> : tensor<i8>
  %lo = stablehlo.constant dense<[1]> : tensor<1xi32>
  %hi = stablehlo.constant dense<[2]> : tensor<1xi32>
  %in = stablehlo.constant dense<[1]> : tensor<1xi32>
  %y = stablehlo.dynamic_pad %x, %z, %lo, %hi, %in : (tensor<?xi8>, tensor<i8>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi8>
  func.return %y : tensor<?xi8>
}
