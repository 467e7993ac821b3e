// ERROR: dense_resource_no_hex.mlir:7:6: error: resource blob 'r' must be a hex string "0x..."
func.func @f() {
  %0 = stablehlo.constant dense_resource<r> : tensor<i8>
  func.return
}
{-# dialect_resources: { builtin: {
  r: "01000000"
} } #-}
