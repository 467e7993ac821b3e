// An attribute alias defined above its use stands for its value.
#cfg = {mode = "fast", level = 2 : i32}
#sh = #sdy.sharding<@mesh, [{"a"}]>
func.func @f(%a: tensor<2xf32> {sdy.sharding = #sh}) -> tensor<2xf32> {
  %0 = stablehlo.floor %a {backend_config = #cfg, both = [#cfg, #sh]} : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
