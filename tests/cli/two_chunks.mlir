// a passing chunk, a failing check, a chunk that does not parse, a chunk
// that returns values
func.func @ok() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi8>
  func.return
}

// -----

func.func @bad_check() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
  check.expect_eq_const %a, dense<[1.0, 2.5]> : tensor<2xf8E4M3FN>
  func.return
}

// -----

func.func @syntax() {
  %a = stablehlo.constant dense<[1, 2> : tensor<2xi8>
  func.return
}

// -----

func.func @main() -> (tensor<2xi1>, tensor<f16>) {
  %a = stablehlo.constant dense<"0x01"> : tensor<2xi1>
  %b = stablehlo.constant dense<1.5> : tensor<f16>
  func.return %a, %b : tensor<2xi1>, tensor<f16>
}
