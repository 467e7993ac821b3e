// ERROR: chlo_scan_segments.mlir:3:10: error: 'chlo.scan' has 2 operands and 2 results, which its segments (inputs and inits; outputs and carries, as many as inits) do not split
func.func @main(%x: tensor<3xi32>, %c: tensor<i32>) {
  %r:2 = "chlo.scan"(%x, %c) <{dimension = 0 : i64, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 2, 0>}> ({
  ^bb0(%a: tensor<i32>, %acc: tensor<i32>):
    stablehlo.return %a, %a : tensor<i32>, tensor<i32>
  }) : (tensor<3xi32>, tensor<i32>) -> (tensor<3xi32>, tensor<i32>)
  func.return
}
