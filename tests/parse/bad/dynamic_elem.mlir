// ERROR: dynamic_elem.mlir:3:8: error: 'stablehlo.and' does not accept element type f32 (expected boolean or integer elements)
func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c = stablehlo.and %a, %a : tensor<?xf32>
  func.return %c : tensor<?xf32>
}
