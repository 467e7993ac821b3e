// ERROR: dialect_attr_unterminated.mlir:3:41: error: unterminated '<...>' of attribute '#foo.sharding' (brackets balanced to a depth of 4, strings closed)
func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.abs %a {foo.sharding = #foo.sharding<@mesh, [{"a"}]} : tensor<f32>
  func.return %0 : tensor<f32>
}
