// ERROR: chlo_scan_arg_type.mlir:3:10: error: 'chlo.scan' body argument #0 has type tensor<2xi32>, should be tensor<3xi32>
func.func @main(%x: tensor<3x2xi32>, %c: tensor<i32>) {
  %r:2 = chlo.scan(%x) inits(%c) dimension=1 {
  ^bb0(%a: tensor<2xi32>, %acc: tensor<i32>):
    stablehlo.return %acc, %acc : tensor<i32>, tensor<i32>
  } : (tensor<3x2xi32>, tensor<i32>) -> (tensor<2xi32>, tensor<i32>)
  func.return
}
