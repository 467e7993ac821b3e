// ARGS: --args '[dense<[[3,1,2,7],[0,5,4,4]]> : tensor<2x4xi32>]'
// ARGS: --args '[dense<[[3,1,2,7]]> : tensor<1x4xi32>]'
// a composite on `?` types (jax.export writes top_k so): refined through its decomposition, as a call is
// (rows sorted descending, k = 2, equal values in their order: [7, 3] at [3, 0]; [5, 4] at [1, 2])
func.func @main(%x: tensor<?x4xi32>) -> (tensor<?x2xi32>, tensor<?x2xi32>) {
  %r:2 = stablehlo.composite "chlo.top_k" %x {composite_attributes = {k = 2 : i64}, decomposition = @top_k_impl, version = 1 : i32} : (tensor<?x4xi32>) -> (tensor<?x2xi32>, tensor<?x2xi32>)
  func.return %r#0, %r#1 : tensor<?x2xi32>, tensor<?x2xi32>
}
func.func private @top_k_impl(%x: tensor<?x4xi32>) -> (tensor<?x2xi32>, tensor<?x2xi32>) {
  %r:2 = chlo.top_k(%x, k = 2) : tensor<?x4xi32> -> (tensor<?x2xi32>, tensor<?x2xi32>)
  func.return %r#0, %r#1 : tensor<?x2xi32>, tensor<?x2xi32>
}
