// ERROR: chlo_scan_outer.mlir:5:28: error: 'chlo.scan' body uses '%c', which it does not define (the body is isolated from above)
func.func @main(%x: tensor<3xi32>, %c: tensor<i32>) {
  %r:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%a: tensor<i32>, %acc: tensor<i32>):
    %s = stablehlo.add %a, %c : tensor<i32>
    stablehlo.return %s, %s : tensor<i32>, tensor<i32>
  } : (tensor<3xi32>, tensor<i32>) -> (tensor<3xi32>, tensor<i32>)
  func.return
}
