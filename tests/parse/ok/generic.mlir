// Generic op forms with properties, attribute dictionaries and regions.
func.func @generic(%arg0: tensor<2x3xi64>) -> tensor<2xi64> {
  %c = "stablehlo.constant"() {value = dense<7> : tensor<i4>} : () -> tensor<i4>
  %s = "stablehlo.add"(%c, %c) : (tensor<i4>, tensor<i4>) -> tensor<i4>
  %m = "stablehlo.constant"() <{value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf16>}> : () -> tensor<2x3xf16>
  %t = "stablehlo.transpose"(%m) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf16>) -> tensor<3x2xf16>
  %t2 = "stablehlo.transpose"(%m) {permutation = dense<[1, 0]> : tensor<2xi64>} : (tensor<2x3xf16>) -> tensor<3x2xf16>
  %i = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4xui8>
  %cmp = "stablehlo.compare"(%i, %i) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type UNSIGNED>} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %zero = "stablehlo.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %r = "stablehlo.reduce"(%arg0, %zero) ({
    ^bb0(%acc: tensor<i64>, %e: tensor<i64>):
      %sum = stablehlo.add %acc, %e : tensor<i64>
      "stablehlo.return"(%sum) : (tensor<i64>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xi64>, tensor<i64>) -> tensor<2xi64>
  %sl = "stablehlo.slice"(%arg0) {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 1>} : (tensor<2x3xi64>) -> tensor<2x2xi64>
  %a = "stablehlo.constant"() {value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %d = "stablehlo.dot_general"(%a, %a) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  %d2 = "stablehlo.dot_general"(%a, %a) <{algorithm = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 6, allow_imprecise_accumulation = false>, dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  %call = "func.call"(%arg0) <{callee = @helper}> : (tensor<2x3xi64>) -> tensor<2x3xi64>
  "check.expect_eq_const"(%c) {value = dense<7> : tensor<i4>} : (tensor<i4>) -> ()
  "check.expect_close"(%a, %a) {max_ulp_difference = 3 : ui64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  "check.expect_eq"(%cmp, %cmp) : (tensor<4xi1>, tensor<4xi1>) -> ()
  %pd = "stablehlo.pad"(%arg0, %zero) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x4xi64>
  %bd = "stablehlo.broadcast_in_dim"(%zero) {broadcast_dimensions = array<i64>} : (tensor<i64>) -> tensor<2xi64>
  %cc = "stablehlo.concatenate"(%bd, %bd) {dimension = 0 : i64} : (tensor<2xi64>, tensor<2xi64>) -> tensor<4xi64>
  %ab = "stablehlo.abs"(%cc) : (tensor<4xi64>) -> tensor<4xi64>
  "func.return"(%r) : (tensor<2xi64>) -> ()
}
func.func private @helper(%x: tensor<2x3xi64>) -> tensor<2x3xi64> {
  return %x : tensor<2x3xi64>
}
