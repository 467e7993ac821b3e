// ERROR: chlo_scan_nothing.mlir:3:8: error: 'chlo.scan' needs inputs or outputs
func.func @main(%c: tensor<i32>) {
  %r = chlo.scan() inits(%c) dimension=0 {
  ^bb0(%acc: tensor<i32>):
    stablehlo.return %acc : tensor<i32>
  } : (tensor<i32>) -> (tensor<i32>)
  func.return
}
