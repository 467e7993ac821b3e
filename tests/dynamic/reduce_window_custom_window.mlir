// ARGS: --args '[dense<[1.0,2.0,3.0,4.0,5.0]> : tensor<5xf32>]'
// The five window operands in their order: window_dimensions [2],
// window_strides [3], base_dilations [b - 4] (= 1), window_dilations [2],
// padding [[1, 1]]. By hand: padded x = [0,1,2,3,4,5,0] (7), a window of 2
// dilated by 2 spans 3, so starts 0 and 3: {0,2} -> 0 + 2 = 2 and
// {3,5} -> 3 + 5 = 8. (With the strides and dilations in other places the
// result would have another size.)
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %four = stablehlo.constant dense<4> : tensor<1xi32>
  %bd = stablehlo.subtract %n1, %four : tensor<1xi32>
  %wd = stablehlo.constant dense<2> : tensor<1xi64>
  %ws = stablehlo.constant dense<3> : tensor<1xi64>
  %wdl = stablehlo.constant dense<2> : tensor<1xi64>
  %pad = stablehlo.constant dense<1> : tensor<1x2xi64>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %init, %wd, %ws, %bd, %wdl, %pad) {called_computations = [@sum]} : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi32>, tensor<1xi64>, tensor<1x2xi64>) -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
func.func private @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  func.return %s : tensor<f32>
}
