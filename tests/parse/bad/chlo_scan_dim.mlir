// ERROR: chlo_scan_dim.mlir:3:10: error: 'chlo.scan' dimension is out of bounds for input #0 of type tensor<3xi32>
func.func @main(%x: tensor<3xi32>, %c: tensor<i32>) {
  %r:2 = chlo.scan(%x) inits(%c) dimension=1 {
  ^bb0(%a: tensor<i32>, %acc: tensor<i32>):
    stablehlo.return %a, %acc : tensor<i32>, tensor<i32>
  } : (tensor<3xi32>, tensor<i32>) -> (tensor<3xi32>, tensor<i32>)
  func.return
}
