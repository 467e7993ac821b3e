// --emit=ir in the forms MLIR (stablehlo-opt) reads back as the same module
// (docs/syntax.md, "Read back by MLIR"): a custom call's attributes as
// written, visibility as written (public included), functional types where
// MLIR has no single-type form, select's `pred, type` form, a channel
// handle's type, optional attributes written with their default values kept
// (and not added where absent), arith.constant as written.
func.func public @main(%x: tensor<2x2xf32>, %p: tensor<2x2xi1>, %b: tensor<2x2xi1>) -> tensor<2x2xf32> {
  %0 = stablehlo.custom_call @lapack_sgetrf_ffi(%x) {api_version = 2 : i32, backend_config = "cfg", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], mhlo.sharding = "{replicated}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %3 = stablehlo.reshape %2 : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %4 = stablehlo.bitcast_convert %3 : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %5 = stablehlo.select %p, %x, %4 : (tensor<2x2xi1>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %6 = stablehlo.select %p, %b, %b : tensor<2x2xi1>, tensor<2x2xi1>
  %7 = stablehlo.reverse %5, dims = [0] : tensor<2x2xf32>
  %8 = "stablehlo.collective_permute"(%7) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %9 = "stablehlo.collective_permute"(%8) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %z = arith.constant dense<0.0> : tensor<f32>
  %10 = "stablehlo.reduce_window"(%9, %z) ({
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %s = stablehlo.add %a, %c : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2>, base_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x1xf32>
  %11 = "stablehlo.reduce_window"(%9, %z) ({
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %s = stablehlo.add %a, %c : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x1xf32>
  %12 = "stablehlo.sort"(%9) ({
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %q = stablehlo.compare LT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %q : tensor<i1>
  }) {dimension = 0 : i64, is_stable = false} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<1x1x1x2xf32>
  %in = stablehlo.reshape %12 : (tensor<2x2xf32>) -> tensor<1x2x2x1xf32>
  %13 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x2x1xf32>, tensor<1x1x1x2xf32>) -> tensor<1x2x2x2xf32>
  func.return %12 : tensor<2x2xf32>
}
func.func nested @n() {
  func.return
}
