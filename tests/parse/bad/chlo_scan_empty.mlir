// ERROR: chlo_scan_empty.mlir:3:10: error: 'chlo.scan' scan dimension has length 0 (the decomposition's dynamic_slice of size 1 there would be invalid)
func.func @main(%x: tensor<2x0xf16>, %c: tensor<2xf16>) {
  %r:2 = chlo.scan(%x) inits(%c) dimension=1 {
  ^bb0(%a: tensor<2xf16>, %acc: tensor<2xf16>):
    %s = stablehlo.add %a, %acc : tensor<2xf16>
    stablehlo.return %s, %s : tensor<2xf16>, tensor<2xf16>
  } : (tensor<2x0xf16>, tensor<2xf16>) -> (tensor<2x0xf16>, tensor<2xf16>)
  func.return
}
