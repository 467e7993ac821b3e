// RUN: ir-run --interpret -split-input-file %s
// Lane-safe bodies run pinned (a full reduction, a sort comparator) with a
// constant inside the body: an op without operands among the ops that
// rt_region.c runs straight on their kernels. Worked by hand: 2 * (1 + 2 +
// 3 + 4 + 5) = 30; comparing negations sorts in descending order.
func.func @pinned_constants() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %k = stablehlo.constant dense<2.0> : tensor<f32>
    %m = stablehlo.multiply %b, %k : tensor<f32>
    %s = stablehlo.add %a, %m : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  %s = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %k = stablehlo.constant dense<0.0> : tensor<f32>
    %na = stablehlo.subtract %k, %a : tensor<f32>
    %nb = stablehlo.subtract %k, %b : tensor<f32>
    %p = stablehlo.compare LT, %na, %nb : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf32>) -> tensor<5xf32>
  check.expect_eq_const %r, dense<30.0> : tensor<f32>
  check.expect_eq_const %s, dense<[5.0, 4.0, 3.0, 2.0, 1.0]> : tensor<5xf32>
  func.return
}
