// ERROR: dense_resource_short.mlir:7:6: error: resource blob 'r' has 4 bytes of data (after 4 of alignment) but i32 of 2 elements needs 8
func.func @f() {
  %0 = stablehlo.constant dense_resource<r> : tensor<2xi32>
  func.return
}
{-# dialect_resources: { builtin: {
  r: "0x0400000001000000"
} } #-}
