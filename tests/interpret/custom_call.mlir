// RUN: ir-run --interpret -split-input-file %s
// stablehlo.custom_call targets that run (docs/syntax.md, "Custom calls").
// Expected values worked out by hand, except where a comment names the
// source: Random123's known-answer vectors for Threefry-2x32, and
// tests/oracle/stdsort.py (libstdc++'s std::sort) for ties past 16 elements.

// Annotations return their operands: tensors, tuples, and none at all.
func.func @main() {
  %x = stablehlo.constant dense<[[1.5, -2.0, 3.0], [0.0, 4.0, -0.5]]> : tensor<2x3xf32>
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{replicated}"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.custom_call @annotate_device_placement(%0) {has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.custom_call @MoveToHost(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.custom_call @MoveToDevice(%2) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = stablehlo.custom_call @SPMDFullToShardShape(%3) {mhlo.sharding = "{manual}"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = stablehlo.custom_call @SPMDShardToFullShape(%4) {mhlo.sharding = "{replicated}"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %i = stablehlo.constant dense<[7, 8]> : tensor<2xi32>
  %t = stablehlo.tuple %5, %i : tuple<tensor<2x3xf32>, tensor<2xi32>>
  %6 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%t) {has_side_effect = true} : (tuple<tensor<2x3xf32>, tensor<2xi32>>) -> tuple<tensor<2x3xf32>, tensor<2xi32>>
  stablehlo.custom_call @xla.sdy.ShardingGroup(%x) {has_side_effect = true} : (tensor<2x3xf32>) -> ()
  %7:2 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%5, %i) : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<2x3xf32>, tensor<2xi32>)
  %a = stablehlo.get_tuple_element %6[0] : (tuple<tensor<2x3xf32>, tensor<2xi32>>) -> tensor<2x3xf32>
  %b = stablehlo.get_tuple_element %6[1] : (tuple<tensor<2x3xf32>, tensor<2xi32>>) -> tensor<2xi32>
  check.expect_eq_const %a, dense<[[1.5, -2.0, 3.0], [0.0, 4.0, -0.5]]> : tensor<2x3xf32>
  check.expect_eq_const %b, dense<[7, 8]> : tensor<2xi32>
  check.expect_eq_const %7#0, dense<[[1.5, -2.0, 3.0], [0.0, 4.0, -0.5]]> : tensor<2x3xf32>
  check.expect_eq_const %7#1, dense<[7, 8]> : tensor<2xi32>
  func.return
}

// -----

// Threefry-2x32, 20 rounds: Random123's known-answer vectors (kat_vectors,
// threefry2x32_20): key (0, 0) counter (0, 0) -> 0x6b200159 0x99ba4efe; all
// 0xffffffff -> 0x1cb996fc 0xbb002be7; key (0x13198a2e, 0x03707344) counter
// (0x243f6a88, 0x85a308d3) -> 0xc4923a9c 0x483df7a0 (in decimal below).
func.func @main() {
  %k0 = stablehlo.constant dense<[0, 4294967295, 320440878]> : tensor<3xui32>
  %k1 = stablehlo.constant dense<[0, 4294967295, 57701188]> : tensor<3xui32>
  %x0 = stablehlo.constant dense<[0, 4294967295, 608135816]> : tensor<3xui32>
  %x1 = stablehlo.constant dense<[0, 4294967295, 2242054355]> : tensor<3xui32>
  %0:2 = stablehlo.custom_call @cu_threefry2x32_ffi(%k0, %k1, %x0, %x1) {mhlo.backend_config = {}} : (tensor<3xui32>, tensor<3xui32>, tensor<3xui32>, tensor<3xui32>) -> (tensor<3xui32>, tensor<3xui32>)
  check.expect_eq_const %0#0, dense<[1797259609, 481924860, 3297917596]> : tensor<3xui32>
  check.expect_eq_const %0#1, dense<[2579123966, 3137350631, 1212020640]> : tensor<3xui32>
  %1:2 = stablehlo.custom_call @hip_threefry2x32_ffi(%k0, %k1, %x0, %x1) {mhlo.backend_config = {}} : (tensor<3xui32>, tensor<3xui32>, tensor<3xui32>, tensor<3xui32>) -> (tensor<3xui32>, tensor<3xui32>)
  check.expect_eq_const %1#0, dense<[1797259609, 481924860, 3297917596]> : tensor<3xui32>
  %2:2 = stablehlo.custom_call @cu_threefry2x32(%k0, %k1, %x0, %x1) : (tensor<3xui32>, tensor<3xui32>, tensor<3xui32>, tensor<3xui32>) -> (tensor<3xui32>, tensor<3xui32>)
  check.expect_eq_const %2#1, dense<[2579123966, 3137350631, 1212020640]> : tensor<3xui32>
  func.return
}

// -----

// ApproxTopK, aggregate_to_topk: each row ordered by the comparator (here
// GT on the values) and cut to top_k, the iota operand carried along; along
// dimension 1 and along dimension 0.
func.func @gt(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func @main() {
  %x = stablehlo.constant dense<[[3.0, 1.0, 4.0, 1.5, 5.0], [9.0, 2.0, 6.0, 5.0, 3.0]]> : tensor<2x5xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %i1 = stablehlo.iota dim = 1 : tensor<2x5xi32>
  %0:2 = stablehlo.custom_call @ApproxTopK(%x, %i1, %ninf, %m1) {called_computations = [@gt], mhlo.backend_config = {aggregate_to_topk = true, is_fallback = true, recall_target = 0.95 : f32, reduction_dim = 1 : i64, reduction_input_size_override = -1 : i64, top_k = 2 : i64}} : (tensor<2x5xf32>, tensor<2x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  check.expect_eq_const %0#0, dense<[[5.0, 4.0], [9.0, 6.0]]> : tensor<2x2xf32>
  check.expect_eq_const %0#1, dense<[[4, 2], [0, 2]]> : tensor<2x2xi32>
  %i0 = stablehlo.iota dim = 0 : tensor<2x5xi32>
  %1:2 = stablehlo.custom_call @ApproxTopK(%x, %i0, %ninf, %m1) {called_computations = [@gt], backend_config = {aggregate_to_topk = true, recall_target = 0.95 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64, top_k = 1 : i64}} : (tensor<2x5xf32>, tensor<2x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<1x5xf32>, tensor<1x5xi32>)
  check.expect_eq_const %1#0, dense<[[9.0, 2.0, 6.0, 5.0, 5.0]]> : tensor<1x5xf32>
  check.expect_eq_const %1#1, dense<[[1, 1, 1, 1, 0]]> : tensor<1x5xi32>
  func.return
}

// -----

// Ties. top_k 1 is XLA's reduce: acc := comparator(acc, x) ? acc : x from
// the initial values in index order, so the last of equal maxima wins
// (index 2 of [2, 7, 7, 1]). Otherwise a sort and a slice, which XLA CPU
// runs two ways. The f32 form JAX writes (compare GT of the values, an iota
// of positions) becomes its TopK call: the total order of the bits, greater
// first (+NaN > +Inf > 1 > +0 > -0 > -NaN), equal values by position. Any
// other is the unstable sort (libstdc++ std::sort): insertion sort up to 16
// elements, so ties keep their order ([5, 3, 5, 1] in f64 -> indices 0, 2);
// past 16 the order of tests/oracle/stdsort.py (std_sort with less(p, q) =
// v[p] > v[q]: 4, 9, 0, 14, 2, 18), where the TopK call gives the positions
// of the 3s, then of the first 2s: 0, 4, 9, 14, 2, 5.
func.func @gt(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func @gt64(%a: tensor<f64>, %b: tensor<f64>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f64>, tensor<f64>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func @main() {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %ninf64 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %a = stablehlo.constant dense<[2.0, 7.0, 7.0, 1.0]> : tensor<4xf32>
  %ia = stablehlo.iota dim = 0 : tensor<4xi32>
  %0:2 = stablehlo.custom_call @ApproxTopK(%a, %ia, %ninf, %m1) {called_computations = [@gt], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.95 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64, top_k = 1 : i64}} : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<1xf32>, tensor<1xi32>)
  check.expect_eq_const %0#0, dense<[7.0]> : tensor<1xf32>
  check.expect_eq_const %0#1, dense<[2]> : tensor<1xi32>
  %b = stablehlo.constant dense<[5.0, 3.0, 5.0, 1.0]> : tensor<4xf64>
  %1:2 = stablehlo.custom_call @ApproxTopK(%b, %ia, %ninf64, %m1) {called_computations = [@gt64], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.95 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64, top_k = 2 : i64}} : (tensor<4xf64>, tensor<4xi32>, tensor<f64>, tensor<i32>) -> (tensor<2xf64>, tensor<2xi32>)
  check.expect_eq_const %1#0, dense<[5.0, 5.0]> : tensor<2xf64>
  check.expect_eq_const %1#1, dense<[0, 2]> : tensor<2xi32>
  %c = stablehlo.constant dense<[3.0, 1.0, 2.0, 1.0, 3.0, 2.0, 1.0, 0.0, 2.0, 3.0, 1.0, 2.0, 0.0, 1.0, 3.0, 2.0, 1.0, 0.0, 2.0, 1.0]> : tensor<20xf64>
  %ic = stablehlo.iota dim = 0 : tensor<20xi32>
  %2:2 = stablehlo.custom_call @ApproxTopK(%c, %ic, %ninf64, %m1) {called_computations = [@gt64], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.95 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64, top_k = 6 : i64}} : (tensor<20xf64>, tensor<20xi32>, tensor<f64>, tensor<i32>) -> (tensor<6xf64>, tensor<6xi32>)
  check.expect_eq_const %2#0, dense<[3.0, 3.0, 3.0, 3.0, 2.0, 2.0]> : tensor<6xf64>
  check.expect_eq_const %2#1, dense<[4, 9, 0, 14, 2, 18]> : tensor<6xi32>
  %c32 = stablehlo.convert %c : (tensor<20xf64>) -> tensor<20xf32>
  %3:2 = stablehlo.custom_call @ApproxTopK(%c32, %ic, %ninf, %m1) {called_computations = [@gt], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.95 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64, top_k = 6 : i64}} : (tensor<20xf32>, tensor<20xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)
  check.expect_eq_const %3#0, dense<[3.0, 3.0, 3.0, 3.0, 2.0, 2.0]> : tensor<6xf32>
  check.expect_eq_const %3#1, dense<[0, 4, 9, 14, 2, 5]> : tensor<6xi32>
  %d = stablehlo.constant dense<[-0.0, 0.0, 0x7FC00000, 1.0, 0xFFC00000, 0x7F800000]> : tensor<6xf32>
  %id = stablehlo.iota dim = 0 : tensor<6xi32>
  %4:2 = stablehlo.custom_call @ApproxTopK(%d, %id, %ninf, %m1) {called_computations = [@gt], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.95 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64, top_k = 5 : i64}} : (tensor<6xf32>, tensor<6xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
  check.expect_eq_const %4#1, dense<[2, 5, 3, 1, 0]> : tensor<5xi32>
  func.return
}

// -----

// aggregate_to_topk = false: XLA's output size (ApproxTopKReductionOutputSize).
// Up to the tiling (1024 for rank 1) it is the whole dimension, sorted. A
// 1x300 row (rank 2, tiling 128) with top_k 2 and recall 0.95: M = max((1 -
// 2) / ln 0.95 = 19.5, 128) = 128, log2_reduction = floor(log2(300 / 128))
// = 1, capped at ceil(log2(300 / 128 = 2)) = 1: ceil(ceil(300 / 128) / 2) *
// 128 = 256 elements, the 256 largest in descending order. A min-k (LT)
// comparator on integers.
func.func @lt(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func @gt(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func @main() {
  %a = stablehlo.constant dense<[4, -2, 9, 0]> : tensor<4xi32>
  %max = stablehlo.constant dense<2147483647> : tensor<i32>
  %0 = stablehlo.custom_call @ApproxTopK(%a, %max) {called_computations = [@lt], mhlo.backend_config = {aggregate_to_topk = false, recall_target = 0.9 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64, top_k = 2 : i64}} : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %0, dense<[-2, 0, 4, 9]> : tensor<4xi32>
  %i = stablehlo.iota dim = 1 : tensor<1x300xi32>
  %x = stablehlo.convert %i : (tensor<1x300xi32>) -> tensor<1x300xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %1 = stablehlo.custom_call @ApproxTopK(%x, %ninf) {called_computations = [@gt], mhlo.backend_config = {aggregate_to_topk = false, recall_target = 0.95 : f32, reduction_dim = 1 : i64, reduction_input_size_override = -1 : i64, top_k = 2 : i64}} : (tensor<1x300xf32>, tensor<f32>) -> tensor<1x256xf32>
  %j = stablehlo.iota dim = 1 : tensor<1x256xi32>
  %299 = stablehlo.constant dense<299> : tensor<1x256xi32>
  %want = stablehlo.subtract %299, %j : tensor<1x256xi32>
  %wantf = stablehlo.convert %want : (tensor<1x256xi32>) -> tensor<1x256xf32>
  check.expect_eq %1, %wantf : tensor<1x256xf32>
  func.return
}
