// ERROR: chlo_scan_return.mlir:3:10: error: 'chlo.scan' body must end in a stablehlo.return of 2 values (its outputs, then its carries)
func.func @main(%x: tensor<3xi32>, %c: tensor<i32>) {
  %r:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%a: tensor<i32>, %acc: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  } : (tensor<3xi32>, tensor<i32>) -> (tensor<3xi32>, tensor<i32>)
  func.return
}
