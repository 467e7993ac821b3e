#loc = loc("a.py":1:2)
module @m attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf32> {mhlo.sharding = ""}) -> (tensor<2xf32> {jax.result_info = ""}) {
    %0:2 = call @in() : () -> (tensor<2xf32>, tensor<2xi4>)
    %1 = stablehlo.add %0#0, %arg0 : tensor<2xf32> loc(#loc)
    %c = stablehlo.constant dense<[(1.5, -2.0e-3), (0x7FC00000, 1.)]> : tensor<2xcomplex<f32>>
    %2 = "stablehlo.reduce"(%1, %z) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %3 = stablehlo.dot_general %1, %1, contracting_dims = [0] x [0], precision = [DEFAULT, HIGH] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
    %4 = stablehlo.slice %0#1 [0:2:1] : (tensor<2xi4>) -> tensor<2xi4>
    stablehlo.custom_call @check.expect_close(%1, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    check.expect_almost_eq_const %1, dense<"0x0000803F00000040"> : tensor<2xf32> {tolerance = 1.0e-01 : f64}
    return %1 : tensor<2xf32>
  }
  func.func private @in() -> (tensor<2xf32>, tensor<2xi4>) {
    %0 = stablehlo.constant dense<[1.0, -0x1]> : tensor<2xf32>
    %1 = stablehlo.iota dim = 0 : tensor<2xi4>
    return %0, %1 : tensor<2xf32>, tensor<2xi4>
  }
}
