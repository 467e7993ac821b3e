// ERROR: dynamic_incompatible.mlir:3:28: error: 'stablehlo.add' operand #1 has type tensor<?x5xf32>, incompatible with tensor<?x4xf32>
func.func @f(%a: tensor<?x4xf32>, %b: tensor<?x5xf32>) -> tensor<?x4xf32> {
  %c = "stablehlo.add"(%a, %b) : (tensor<?x4xf32>, tensor<?x5xf32>) -> tensor<?x4xf32>
  func.return %c : tensor<?x4xf32>
}
