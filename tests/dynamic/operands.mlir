// ARGS: --args '[dense<1.0> : tensor<2xf32>, dense<1.0> : tensor<3xf32>]'
// ERROR: 'stablehlo.add' operand #1 refines to tensor<3xf32>, which contradicts operand #0's tensor<2xf32>
func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %z = stablehlo.add %x, %y : tensor<?xf32>
  func.return %z : tensor<?xf32>
}
