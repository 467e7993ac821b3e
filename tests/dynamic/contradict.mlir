// ARGS: --args '[dense<1.0> : tensor<3x5xf32>]'
// ERROR: refinement dimension sizes must match for static dimensions in tensor<?x4xf32>->tensor<3x5xf32> (dimension 1 is 4, the input's is 5)
func.func @main(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  func.return %x : tensor<?x4xf32>
}
