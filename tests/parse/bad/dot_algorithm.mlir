// ERROR: dot_algorithm.mlir:4:8: error: 'stablehlo.dot_general' algorithm (f32, f32, accumulation f16, 1 primitive operation) is not a known dot algorithm
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f16, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}
