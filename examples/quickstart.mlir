// The worked example of docs/dot-accumulation.md: an f8E4M3 dot product whose
// running sum is rounded to f8E4M3 after every multiply and every add, as the
// StableHLO reference interpreter computes it.
//   build/ir-run examples/quickstart.mlir
//   build/ir-run --dot-accumulation=f32 examples/quickstart.mlir
func.func @main() -> (tensor<f8E4M3>, tensor<f8E4M3>, tensor<8xf8E4M3>) {
  %x = stablehlo.iota dim = 0 : tensor<8xf8E4M3>
  %dot = stablehlo.dot_general %x, %x, contracting_dims = [0] x [0] : (tensor<8xf8E4M3>, tensor<8xf8E4M3>) -> tensor<f8E4M3>
  %ones = stablehlo.constant dense<1.0> : tensor<20xf8E4M3>
  %sum = stablehlo.dot_general %ones, %ones, contracting_dims = [0] x [0] : (tensor<20xf8E4M3>, tensor<20xf8E4M3>) -> tensor<f8E4M3>
  %big = stablehlo.constant dense<[0.1, 3.1415, 200.0, 240.0, -1.0e-3, 0.0, 16.0, 1.0e3]> : tensor<8xf8E4M3>
  %sq = stablehlo.multiply %big, %big : tensor<8xf8E4M3>
  check.expect_eq_const %dot, dense<144.0> : tensor<f8E4M3>
  return %dot, %sum, %sq : tensor<f8E4M3>, tensor<f8E4M3>, tensor<8xf8E4M3>
}
