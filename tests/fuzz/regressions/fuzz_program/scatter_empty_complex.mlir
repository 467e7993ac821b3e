func.func @main() -> tensor<0xcomplex<f64>> {
  %x = stablehlo.constant dense<> : tensor<0xcomplex<f64>>
  %i = stablehlo.constant dense<> : tensor<1x0xi64>
  %u = stablehlo.constant dense<[(1.0e300, -1.0e300)]> : tensor<1xcomplex<f64>>
  %s = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<complex<f64>>, %b: tensor<complex<f64>>):
    stablehlo.return %b : tensor<complex<f64>>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [], index_vector_dim = 1>} : (tensor<0xcomplex<f64>>, tensor<1x0xi64>, tensor<1xcomplex<f64>>) -> tensor<0xcomplex<f64>>
  return %s : tensor<0xcomplex<f64>>
}
