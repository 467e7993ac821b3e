// ERROR: chlo_scan_lengths.mlir:3:10: error: 'chlo.scan' input #1 has another length along the scan dimension than input #0 (tensor<4xi32>)
func.func @main(%x: tensor<3xi32>, %y: tensor<4xi32>) {
  %r:2 = chlo.scan(%x, %y) inits() dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a, %b : tensor<i32>, tensor<i32>
  } : (tensor<3xi32>, tensor<4xi32>) -> (tensor<3xi32>, tensor<3xi32>)
  func.return
}
