// ARGS: --args '[dense<[1.0,2.0]> : tensor<2xf32>]'
// ERROR: shape assertion failed: need at least 3 elements, got 2
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %ok = stablehlo.compare GE, %n, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%ok, %n) {error_message = "need at least 3 elements, got {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  func.return %x : tensor<?xf32>
}
