// ARGS: --args '[dense<[1]> : tensor<1xi32>]'
// ERROR: 'chlo.erf' does not take element type i32
// a chlo op with `?` types is kept at load, but its element types are checked there
func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {
  %y = "chlo.erf"(%x) : (tensor<?xi32>) -> tensor<?xi32>
  func.return %y : tensor<?xi32>
}
