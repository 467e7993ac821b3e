// Custom calls as exporters write them: any target parses and checks (the
// ones without reference semantics with a warning), tuple and token results,
// the attributes XLA's custom calls carry.
func.func @cmp(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func @main(%x: tensor<2x3xf32>, %k: tensor<4xui32>) -> tensor<2x3xf32> {
  %0 = stablehlo.custom_call @lapack_sgetrf_ffi(%x) {mhlo.backend_config = {}, api_version = 4 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1:2 = stablehlo.custom_call @tpu_custom_call(%x, %k) {backend_config = "opaque", has_side_effect = false} : (tensor<2x3xf32>, tensor<4xui32>) -> (tensor<2x3xf32>, tensor<i32>)
  %2 = stablehlo.custom_call @some_target(%x) {api_version = 2 : i32, backend_config = "", called_computations = [@cmp]} : (tensor<2x3xf32>) -> tuple<tensor<2x3xf32>, tuple<tensor<i32>, !stablehlo.token>>
  %t = stablehlo.create_token : !stablehlo.token
  %3 = stablehlo.custom_call @AllocateBuffer(%t) {has_side_effect = true} : (!stablehlo.token) -> !stablehlo.token
  %4 = "stablehlo.custom_call"(%x) {call_target_name = "__gpu$xla.gpu.triton", api_version = 4 : i32, backend_config = {name = "k", num_warps = 4 : i32}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{replicated}", output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = stablehlo.custom_call @SPMDFullToShardShape(%5) {mhlo.sharding = "{manual}"} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  %7 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%2) {has_side_effect = true} : (tuple<tensor<2x3xf32>, tuple<tensor<i32>, !stablehlo.token>>) -> tuple<tensor<2x3xf32>, tuple<tensor<i32>, !stablehlo.token>>
  stablehlo.custom_call @xla.sdy.ShardingGroup(%x) {has_side_effect = true} : (tensor<2x3xf32>) -> ()
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %8:2 = stablehlo.custom_call @ApproxTopK(%x, %i, %ninf, %m1) {called_computations = [@cmp], backend_config = {aggregate_to_topk = true, is_fallback = true, recall_target = 0.95 : f32, reduction_dim = 1 : i64, reduction_input_size_override = -1 : i64, top_k = 2 : i64}} : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  %9:2 = stablehlo.custom_call @hip_threefry2x32_ffi(%k, %k, %k, %k) {mhlo.backend_config = {}} : (tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<4xui32>, tensor<4xui32>)
  func.return %0 : tensor<2x3xf32>
}
