// ARGS: --args '[dense<[1.0]> : tensor<1xf32>]'
// ERROR: 'chlo.erf' result type tensor<?xf16> should be tensor<?xf32>
// the result type of a kept chlo op is checked at load
func.func @main(%x: tensor<?xf32>) -> tensor<?xf16> {
  %y = "chlo.erf"(%x) : (tensor<?xf32>) -> tensor<?xf16>
  func.return %y : tensor<?xf16>
}
