// ARGS: --args '[dense<[1.0]> : tensor<1xf32>]'
// ERROR: 'chlo.erf' result #0 is written tensor<3xf32>, but its operands make dimension 0 1, not 3
// a static result dimension of a kept chlo op that the input contradicts
func.func @main(%x: tensor<?xf32>) -> tensor<3xf32> {
  %y = "chlo.erf"(%x) : (tensor<?xf32>) -> tensor<3xf32>
  func.return %y : tensor<3xf32>
}
