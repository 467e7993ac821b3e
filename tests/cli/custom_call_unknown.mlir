// A custom call without reference semantics: --emit=ir prints the program
// with a warning; running it is a located error with the same words. The
// shard-shape annotation that changes a shape is an error when it runs.
func.func @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.custom_call @lapack_sgetrf_ffi(%x) {mhlo.backend_config = {}, api_version = 4 : i32} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @shard(%x: tensor<2x4xf32>) -> tensor<1x4xf32> {
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%x) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}
