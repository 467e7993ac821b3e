// `?` dimensions and #stablehlo.bounds: read, checked for their structure, printed back (docs/shape-polymorphism.md)
module @dyn attributes {jax.uses_shape_polymorphism = true} {
  func.func public @main(%arg0: tensor<?x4xf32>, %arg1: tensor<?xi32, #stablehlo.bounds<8>>) -> (tensor<?x4xf32> {jax.result_info = "[0]"}, tensor<i32>) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %1 = stablehlo.add %arg0, %arg0 : tensor<?x4xf32>
    %2 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %3 = stablehlo.dynamic_iota %2, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
    func.return %1, %0 : tensor<?x4xf32>, tensor<i32>
  }
}
