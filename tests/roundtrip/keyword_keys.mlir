// Keywords as dictionary keys, in every dictionary.
module @m attributes {module = "a", func = 1 : i64} {
  func.func public @main(%a: tensor<f32> {return = 2 : i32, dense = true}) -> (tensor<f32> {loc = "r", attributes}) attributes {stablehlo.add = {func.func = unit, module}, "quoted key" = 1 : i64} {
    %0 = stablehlo.sqrt %a {func.return = "x", stablehlo.constant = {call = 0 : i64, custom_call = [1]}, stablehlo.while = 3 : i64} : tensor<f32>
    return %0 : tensor<f32>
  }
}
