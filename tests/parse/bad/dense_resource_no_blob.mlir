// ERROR: dense_resource_no_blob.mlir:3:27: error: dense_resource<blob> has no blob (no 'blob' in the file's {-# dialect_resources: { builtin: {...} } #-} section)
func.func @f() {
  %0 = stablehlo.constant dense_resource<blob> : tensor<f32>
  func.return
}
