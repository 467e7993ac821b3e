// ERROR: dense_resource_odd.mlir:7:6: error: resource blob 'r' has an odd number of hex digits
func.func @f() {
  %0 = stablehlo.constant dense_resource<r> : tensor<i8>
  func.return
}
{-# dialect_resources: { builtin: {
  r: "0x010000000"
} } #-}
