// ARGS: --args '[dense<[1,2,3]> : tensor<3xi32>]'
// ERROR: 'stablehlo.dynamic_iota' result #0 is written tensor<4xi32>, but its operands make dimension 0 3, not 4
func.func @main(%x: tensor<?xi32>) -> tensor<4xi32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xi32>) -> tensor<i32>
  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %i = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<4xi32>
  func.return %i : tensor<4xi32>
}
