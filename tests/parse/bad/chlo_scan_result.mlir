// ERROR: chlo_scan_result.mlir:3:10: error: 'chlo.scan' result #0 has type tensor<4xi32>, should be tensor<3xi32>
func.func @main(%x: tensor<3xi32>, %c: tensor<i32>) {
  %r:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%a: tensor<i32>, %acc: tensor<i32>):
    stablehlo.return %a, %acc : tensor<i32>, tensor<i32>
  } : (tensor<3xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  func.return
}
