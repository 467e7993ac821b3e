// ARGS: --args '[dense<[[1,2,3],[4,5,6]]> : tensor<2x3xi32>]'
// dynamic_reshape to (rows * cols), the sizes folded from get_dimension_size
func.func @main(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %r = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x?xi32>) -> tensor<i32>
  %c = stablehlo.get_dimension_size %x, dim = 1 : (tensor<?x?xi32>) -> tensor<i32>
  %n = stablehlo.multiply %r, %c : tensor<i32>
  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %y = stablehlo.dynamic_reshape %x, %s : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?xi32>
  func.return %y : tensor<?xi32>
}
