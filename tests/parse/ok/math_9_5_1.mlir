// The ops of SPEC 9.5.1 (power, atan2, tan, cbrt, exponential_minus_one,
// log_plus_one, round_nearest_afz) in their pretty and generic forms.
func.func @math(%x: tensor<3xf32>, %c: tensor<2xcomplex<f64>>, %i: tensor<4xui16>) -> (tensor<3xf32>, tensor<2xcomplex<f64>>, tensor<4xui16>) {
  %pw = stablehlo.power %x, %x : tensor<3xf32>
  %at = stablehlo.atan2 %pw, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %tn = stablehlo.tan %at : tensor<3xf32>
  %cb = stablehlo.cbrt %tn {result_accuracy = #stablehlo.result_accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 1, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : tensor<3xf32>
  %em = stablehlo.exponential_minus_one %cb : tensor<3xf32>
  %lp = "stablehlo.log_plus_one"(%em) : (tensor<3xf32>) -> tensor<3xf32>
  %ra = stablehlo.round_nearest_afz %lp : tensor<3xf32>
  %cp = "stablehlo.power"(%c, %c) : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  %ca = stablehlo.atan2 %cp, %c : tensor<2xcomplex<f64>>
  %ct = "stablehlo.tan"(%ca) : (tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  %cc = stablehlo.cbrt %ct : tensor<2xcomplex<f64>>
  %ce = stablehlo.exponential_minus_one %cc : tensor<2xcomplex<f64>>
  %cl = stablehlo.log_plus_one %ce : tensor<2xcomplex<f64>>
  %ip = stablehlo.power %i, %i : tensor<4xui16>
  func.return %ra, %cl, %ip : tensor<3xf32>, tensor<2xcomplex<f64>>, tensor<4xui16>
}
