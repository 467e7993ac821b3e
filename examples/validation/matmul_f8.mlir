// A small FP8 matmul: (2x3) . (3x2) in f8E4M3FN. The reference rounds after
// every multiply and every add in f8E4M3FN (SPEC.md 4.41), so a backend that
// accumulates differently shows up as ULP differences.
func.func @main(%lhs: tensor<2x3xf8E4M3FN>, %rhs: tensor<3x2xf8E4M3FN>) -> tensor<2x2xf8E4M3FN> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xf8E4M3FN>, tensor<3x2xf8E4M3FN>) -> tensor<2x2xf8E4M3FN>
  return %0 : tensor<2x2xf8E4M3FN>
}
