// ARGS: --args '[dense<[5,6,7,8,9]> : tensor<5xi32>]'
// real_dynamic_slice from 1 to size - 1, stride 2
func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xi32>) -> tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %m = stablehlo.subtract %n, %one : tensor<i32>
  %l = stablehlo.reshape %m : (tensor<i32>) -> tensor<1xi32>
  %s = stablehlo.constant dense<[1]> : tensor<1xi32>
  %t = stablehlo.constant dense<[2]> : tensor<1xi32>
  %y = stablehlo.real_dynamic_slice %x, %s, %l, %t : (tensor<?xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
  func.return %y : tensor<?xi32>
}
