// RUN: ir-run --interpret -split-input-file %s

func.func @remainder_int() {
  %a = stablehlo.constant dense<[-17, 17, 5, -128]> : tensor<4xi8>
  %b = stablehlo.constant dense<[3, -3, 0, -1]> : tensor<4xi8>
  %r = stablehlo.remainder %a, %b : tensor<4xi8>
  check.expect_eq_const %r, dense<[-2, 2, 5, 0]> : tensor<4xi8>
  %c = stablehlo.constant dense<[13, 7]> : tensor<2xui16>
  %d = stablehlo.constant dense<[5, 0]> : tensor<2xui16>
  %s = stablehlo.remainder %c, %d : tensor<2xui16>
  check.expect_eq_const %s, dense<[3, 7]> : tensor<2xui16>
  func.return
}

// -----

// fmod: exact, sign of the dividend; x rem 0 -> NaN; x rem Inf = x
func.func @remainder_float() {
  %a = stablehlo.constant dense<[17.1, -6.0, 2.0, 1.0]> : tensor<4xf64>
  %b = stablehlo.constant dense<[0x4008000000000000, 0x4008000000000000, 0x7FF0000000000000, 0x0000000000000000]> : tensor<4xf64>
  %r = stablehlo.remainder %a, %b : tensor<4xf64>
  %bits = stablehlo.bitcast_convert %r : (tensor<4xf64>) -> tensor<4xui64>
  check.expect_eq_const %bits, dense<[0x4000CCCCCCCCCCD0, 0x8000000000000000, 0x4000000000000000, 0x7FF8000000000000]> : tensor<4xui64>
  func.return
}
