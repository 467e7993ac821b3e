// ERROR: all_reduce_no_operand.mlir:3:3: error: 'stablehlo.all_reduce' needs at least one operand
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  "stablehlo.all_reduce"() ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : () -> ()
  func.return
}
