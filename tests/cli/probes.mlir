// Probe files for tests/probe.sh, which compares their bytes with files it
// builds from SPEC.md 9.3.11's description (decision 31).
func.func @main() -> tensor<3x1xi64> {
  %a = stablehlo.constant dense<[[1], [2], [-1]]> : tensor<3x1xi64>
  %pa = interpreter.probe %a, probe_id = "probe_si64" : tensor<3x1xi64>
  %b = stablehlo.constant dense<true> : tensor<i1>
  %pb = interpreter.probe %b, probe_id = "flag" : tensor<i1>
  %c = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xbf16>
  %pc = interpreter.probe %c, probe_id = "bf" : tensor<2xbf16>
  %d = stablehlo.constant dense<(1.5, -0.5)> : tensor<complex<f32>>
  %pd = interpreter.probe %d, probe_id = "cplx" : tensor<complex<f32>>
  %e = stablehlo.constant dense<[18446744073709551615]> : tensor<1xui64>
  %pe = interpreter.probe %e, probe_id = "u64" : tensor<1xui64>
  %f = stablehlo.constant dense<[[-2], [1]]> : tensor<2x1xi16>
  %pf = interpreter.probe %f, probe_id = "s16" : tensor<2x1xi16>
  %g = stablehlo.constant dense<[1.0]> : tensor<1xf64>
  %pg = interpreter.probe %g, probe_id = "f64" : tensor<1xf64>
  check.expect_serialized_eq %a, probe_id = "probe_si64" : tensor<3x1xi64>
  check.expect_serialized_eq %e, probe_id = "u64" : tensor<1xui64>
  func.return %pa : tensor<3x1xi64>
}
