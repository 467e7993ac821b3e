// ARGS: --args '[dense<[[0.0,1.0,2.0,3.0],[4.0,5.0,6.0,7.0],[8.0,9.0,10.0,11.0]]> : tensor<3x4xf32>, dense<[[100,101,102,103],[104,105,106,107],[108,109,110,111]]> : tensor<3x4xi32>]'
// ARGS: --args '[dense<[[0.0,1.0,2.0,3.0],[4.0,5.0,6.0,7.0]]> : tensor<2x4xf32>, dense<[[100,101,102,103],[104,105,106,107]]> : tensor<2x4xi32>]'
// custom_call @stablehlo.dynamic_reduce_window with two inputs (JAX's
// variadic reduce_window on `?` shapes): window [2, b] for b = the first
// dimension, inits 1.0 and 2, body (acc_x + x, acc_y - y), so each window
// gives 1 + sum(x) and 2 - sum(y) (init once per window, SPEC 9.4.5).
// By hand: b = 3: windows of 2x3 at columns 0 and 1 ->
// [[19,25],[43,49]], [[-616,-622],[-640,-646]];
// b = 2: 2x2 windows at columns 0, 1, 2 -> [[11,15,19]], [[-408,-412,-416]].
func.func @main(%x: tensor<?x4xf32>, %y: tensor<?x4xi32>) -> (tensor<?x?xf32>, tensor<?x?xi32>) {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %wd = stablehlo.concatenate %two, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %ones = stablehlo.constant dense<1> : tensor<2xi32>
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  %ix = stablehlo.constant dense<1.0> : tensor<f32>
  %iy = stablehlo.constant dense<2> : tensor<i32>
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %y, %ix, %iy, %wd, %ones, %ones, %ones, %pad) {api_version = 2 : i32, called_computations = [@body]} : (tensor<?x4xf32>, tensor<?x4xi32>, tensor<f32>, tensor<i32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi64>) -> (tensor<?x?xf32>, tensor<?x?xi32>)
  func.return %r#0, %r#1 : tensor<?x?xf32>, tensor<?x?xi32>
}
func.func @body(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %s = stablehlo.add %a, %c : tensor<f32>
  %t = stablehlo.subtract %b, %d : tensor<i32>
  func.return %s, %t : tensor<f32>, tensor<i32>
}
