// ARGS: --args '[dense<[1.0,2.0,-1.5]> : tensor<3xf32>, dense<[1.0,-1.5]> : tensor<2xf32>]'
// ARGS: --args '[dense<[1.0]> : tensor<1xf32>, dense<[1.0,-1.5]> : tensor<2xf32>]'
// quantized ops on static shapes in a shape-polymorphic program: lowered at load as in a static one
// (scale 0.5, zero point 3: y quantizes to [5, 0]; their sum (5-3)+(5-3)+3 = 7 and (0-3)+(0-3)+3 = -3
// dequantizes to (7-3)*0.5 = 2 and (-3-3)*0.5 = -3)
func.func @main(%x: tensor<?xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %q = stablehlo.uniform_quantize %y : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  %a = stablehlo.add %q, %q : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  %d = stablehlo.uniform_dequantize %a : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  func.return %d : tensor<2xf32>
}
