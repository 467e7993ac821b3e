// Other dialects' attributes and types, kept as written (brackets balanced,
// strings and `->` inside respected).
func.func @f(%a: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {}]>}) -> tensor<4xf32> {
  %0 = stablehlo.exponential %a {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>, mhlo.sharding = "{devices=[2]<=[2]}", odd = #foo<"a > b" : [1, (2)]>, deep = #foo.bar<<<<x>>>>, unknown_hlo = #stablehlo.type_extensions<bounds = [?, 4]>, ty = !foo.bar<i32, "}">, bare_ty = !foo.baz, acc = #stablehlo.result_accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>, dir = #stablehlo<comparison_direction LT>} : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
