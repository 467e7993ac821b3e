// ERROR: slice_bounds.mlir:4:8: error: 'stablehlo.slice' dimension 0 needs 0 <= start 2 <= limit 5 <= size 4
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<4xf32>
  %0 = stablehlo.slice %a [2:5] : (tensor<4xf32>) -> tensor<3xf32>
  func.return
}
