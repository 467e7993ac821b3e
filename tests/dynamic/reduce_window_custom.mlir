// ARGS: --args '[dense<[[1.0,2.0,3.0],[4.0,5.0,6.0]]> : tensor<2x3xf32>]'
// ARGS: --args '[dense<[[1.0,1.0,1.0],[2.0,2.0,2.0],[3.0,3.0,3.0]]> : tensor<3x3xf32>]'
// custom_call @stablehlo.dynamic_reduce_window as JAX writes a cumulative sum
// over a `?` dimension b: window [b, 1], padding [[b - 1, 0], [0, 0]]. With b
// known it becomes reduce_window with @sum as its body. Expected: the running
// sums down each column (by hand): [[1,2,3],[5,7,9]]; [[1,1,1],[3,3,3],[6,6,6]].
func.func @main(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %wd = stablehlo.concatenate %n1, %one, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %ones = stablehlo.constant dense<1> : tensor<2xi32>
  %m = stablehlo.subtract %n1, %one : tensor<1xi32>
  %z = stablehlo.constant dense<0> : tensor<3xi32>
  %p = stablehlo.concatenate %m, %z, dim = 0 : (tensor<1xi32>, tensor<3xi32>) -> tensor<4xi32>
  %pad = stablehlo.reshape %p : (tensor<4xi32>) -> tensor<2x2xi32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %init, %wd, %ones, %ones, %ones, %pad) {api_version = 2 : i32, called_computations = [@sum]} : (tensor<?x3xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}
func.func private @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  func.return %s : tensor<f32>
}
