// ERROR: dense_resource_hex.mlir:7:6: error: resource blob 'r' has an invalid hex digit at offset 10
func.func @f() {
  %0 = stablehlo.constant dense_resource<r> : tensor<i8>
  func.return
}
{-# dialect_resources: { builtin: {
  r: "0x01000000zz"
} } #-}
