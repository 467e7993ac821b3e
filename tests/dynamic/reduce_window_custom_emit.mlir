// ARGS: --args '[dense<[1,2,3]> : tensor<3xi32>]' --emit=ir --refine
// the refined program prints the custom call as reduce_window, its body a
// copy of @max (renumbered as every region is)
func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {
  %w = stablehlo.constant dense<2> : tensor<1xi32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %pad = stablehlo.constant dense<0> : tensor<1x2xi32>
  %init = stablehlo.constant dense<-5> : tensor<i32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %init, %w, %one, %one, %one, %pad) {called_computations = [@max]} : (tensor<?xi32>, tensor<i32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<?xi32>
  func.return %r : tensor<?xi32>
}
func.func private @max(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %m = stablehlo.maximum %a, %b : tensor<i32>
  func.return %m : tensor<i32>
}
