// ERROR: chlo_scan_word.mlir:3:24: error: expected 'inits', got 'init'
func.func @main(%x: tensor<3xi32>, %c: tensor<i32>) {
  %r:2 = chlo.scan(%x) init(%c) dimension=0 {
  ^bb0(%a: tensor<i32>, %acc: tensor<i32>):
    stablehlo.return %a, %acc : tensor<i32>, tensor<i32>
  } : (tensor<3xi32>, tensor<i32>) -> (tensor<3xi32>, tensor<i32>)
  func.return
}
