// ERROR: dense_resource.mlir:3:27: error: unsupported attribute 'dense_resource' (dialect resources are not supported)
func.func @f() {
  %0 = stablehlo.constant dense_resource<blob> : tensor<f32>
  func.return
}
