// ERROR: chlo_scan_carry.mlir:3:10: error: 'chlo.scan' body result (carry) #1 has type tensor<f32>, should be tensor<i32>
func.func @main(%x: tensor<3xi32>, %c: tensor<i32>) {
  %r:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%a: tensor<i32>, %acc: tensor<i32>):
    %f = stablehlo.convert %a : (tensor<i32>) -> tensor<f32>
    stablehlo.return %a, %f : tensor<i32>, tensor<f32>
  } : (tensor<3xi32>, tensor<i32>) -> (tensor<3xi32>, tensor<f32>)
  func.return
}
