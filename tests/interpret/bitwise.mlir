// and, or, xor, not on every integer type: patterns chosen so every bit
// combination occurs (min, max, all ones, alternating bits); expected
// values are the bitwise results on the N-bit patterns (SPEC.md 4.28-4.31).

func.func @bitwise_i1() {
  %a = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %b = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %and = stablehlo.and %a, %b : tensor<4xi1>
  check.expect_eq_const %and, dense<[true, false, false, false]> : tensor<4xi1>
  %or = stablehlo.or %a, %b : tensor<4xi1>
  check.expect_eq_const %or, dense<[true, true, true, false]> : tensor<4xi1>
  %xor = stablehlo.xor %a, %b : tensor<4xi1>
  check.expect_eq_const %xor, dense<[false, true, true, false]> : tensor<4xi1>
  %not = stablehlo.not %a : tensor<4xi1>
  check.expect_eq_const %not, dense<[false, false, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @bitwise_i2() {
  %a = stablehlo.constant dense<[-2, 1, -1, 1]> : tensor<4xi2>
  %b = stablehlo.constant dense<[1, -2, -2, -2]> : tensor<4xi2>
  %and = stablehlo.and %a, %b : tensor<4xi2>
  check.expect_eq_const %and, dense<[0, 0, -2, 0]> : tensor<4xi2>
  %or = stablehlo.or %a, %b : tensor<4xi2>
  check.expect_eq_const %or, dense<[-1, -1, -1, -1]> : tensor<4xi2>
  %xor = stablehlo.xor %a, %b : tensor<4xi2>
  check.expect_eq_const %xor, dense<[-1, -1, 1, -1]> : tensor<4xi2>
  %not = stablehlo.not %a : tensor<4xi2>
  check.expect_eq_const %not, dense<[1, -2, 0, -2]> : tensor<4xi2>
  func.return
}

// -----

func.func @bitwise_i4() {
  %a = stablehlo.constant dense<[-8, 7, -1, 5]> : tensor<4xi4>
  %b = stablehlo.constant dense<[1, -8, -6, -6]> : tensor<4xi4>
  %and = stablehlo.and %a, %b : tensor<4xi4>
  check.expect_eq_const %and, dense<[0, 0, -6, 0]> : tensor<4xi4>
  %or = stablehlo.or %a, %b : tensor<4xi4>
  check.expect_eq_const %or, dense<[-7, -1, -1, -1]> : tensor<4xi4>
  %xor = stablehlo.xor %a, %b : tensor<4xi4>
  check.expect_eq_const %xor, dense<[-7, -1, 5, -1]> : tensor<4xi4>
  %not = stablehlo.not %a : tensor<4xi4>
  check.expect_eq_const %not, dense<[7, -8, 0, -6]> : tensor<4xi4>
  func.return
}

// -----

func.func @bitwise_i8() {
  %a = stablehlo.constant dense<[-128, 127, -1, 85]> : tensor<4xi8>
  %b = stablehlo.constant dense<[1, -128, -86, -86]> : tensor<4xi8>
  %and = stablehlo.and %a, %b : tensor<4xi8>
  check.expect_eq_const %and, dense<[0, 0, -86, 0]> : tensor<4xi8>
  %or = stablehlo.or %a, %b : tensor<4xi8>
  check.expect_eq_const %or, dense<[-127, -1, -1, -1]> : tensor<4xi8>
  %xor = stablehlo.xor %a, %b : tensor<4xi8>
  check.expect_eq_const %xor, dense<[-127, -1, 85, -1]> : tensor<4xi8>
  %not = stablehlo.not %a : tensor<4xi8>
  check.expect_eq_const %not, dense<[127, -128, 0, -86]> : tensor<4xi8>
  func.return
}

// -----

func.func @bitwise_i16() {
  %a = stablehlo.constant dense<[-32768, 32767, -1, 21845]> : tensor<4xi16>
  %b = stablehlo.constant dense<[1, -32768, -21846, -21846]> : tensor<4xi16>
  %and = stablehlo.and %a, %b : tensor<4xi16>
  check.expect_eq_const %and, dense<[0, 0, -21846, 0]> : tensor<4xi16>
  %or = stablehlo.or %a, %b : tensor<4xi16>
  check.expect_eq_const %or, dense<[-32767, -1, -1, -1]> : tensor<4xi16>
  %xor = stablehlo.xor %a, %b : tensor<4xi16>
  check.expect_eq_const %xor, dense<[-32767, -1, 21845, -1]> : tensor<4xi16>
  %not = stablehlo.not %a : tensor<4xi16>
  check.expect_eq_const %not, dense<[32767, -32768, 0, -21846]> : tensor<4xi16>
  func.return
}

// -----

func.func @bitwise_i32() {
  %a = stablehlo.constant dense<[-2147483648, 2147483647, -1, 1431655765]> : tensor<4xi32>
  %b = stablehlo.constant dense<[1, -2147483648, -1431655766, -1431655766]> : tensor<4xi32>
  %and = stablehlo.and %a, %b : tensor<4xi32>
  check.expect_eq_const %and, dense<[0, 0, -1431655766, 0]> : tensor<4xi32>
  %or = stablehlo.or %a, %b : tensor<4xi32>
  check.expect_eq_const %or, dense<[-2147483647, -1, -1, -1]> : tensor<4xi32>
  %xor = stablehlo.xor %a, %b : tensor<4xi32>
  check.expect_eq_const %xor, dense<[-2147483647, -1, 1431655765, -1]> : tensor<4xi32>
  %not = stablehlo.not %a : tensor<4xi32>
  check.expect_eq_const %not, dense<[2147483647, -2147483648, 0, -1431655766]> : tensor<4xi32>
  func.return
}

// -----

func.func @bitwise_i64() {
  %a = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807, -1, 6148914691236517205]> : tensor<4xi64>
  %b = stablehlo.constant dense<[1, -9223372036854775808, -6148914691236517206, -6148914691236517206]> : tensor<4xi64>
  %and = stablehlo.and %a, %b : tensor<4xi64>
  check.expect_eq_const %and, dense<[0, 0, -6148914691236517206, 0]> : tensor<4xi64>
  %or = stablehlo.or %a, %b : tensor<4xi64>
  check.expect_eq_const %or, dense<[-9223372036854775807, -1, -1, -1]> : tensor<4xi64>
  %xor = stablehlo.xor %a, %b : tensor<4xi64>
  check.expect_eq_const %xor, dense<[-9223372036854775807, -1, 6148914691236517205, -1]> : tensor<4xi64>
  %not = stablehlo.not %a : tensor<4xi64>
  check.expect_eq_const %not, dense<[9223372036854775807, -9223372036854775808, 0, -6148914691236517206]> : tensor<4xi64>
  func.return
}

// -----

func.func @bitwise_ui2() {
  %a = stablehlo.constant dense<[2, 1, 3, 1]> : tensor<4xui2>
  %b = stablehlo.constant dense<[1, 2, 2, 2]> : tensor<4xui2>
  %and = stablehlo.and %a, %b : tensor<4xui2>
  check.expect_eq_const %and, dense<[0, 0, 2, 0]> : tensor<4xui2>
  %or = stablehlo.or %a, %b : tensor<4xui2>
  check.expect_eq_const %or, dense<[3, 3, 3, 3]> : tensor<4xui2>
  %xor = stablehlo.xor %a, %b : tensor<4xui2>
  check.expect_eq_const %xor, dense<[3, 3, 1, 3]> : tensor<4xui2>
  %not = stablehlo.not %a : tensor<4xui2>
  check.expect_eq_const %not, dense<[1, 2, 0, 2]> : tensor<4xui2>
  func.return
}

// -----

func.func @bitwise_ui4() {
  %a = stablehlo.constant dense<[8, 7, 15, 5]> : tensor<4xui4>
  %b = stablehlo.constant dense<[1, 8, 10, 10]> : tensor<4xui4>
  %and = stablehlo.and %a, %b : tensor<4xui4>
  check.expect_eq_const %and, dense<[0, 0, 10, 0]> : tensor<4xui4>
  %or = stablehlo.or %a, %b : tensor<4xui4>
  check.expect_eq_const %or, dense<[9, 15, 15, 15]> : tensor<4xui4>
  %xor = stablehlo.xor %a, %b : tensor<4xui4>
  check.expect_eq_const %xor, dense<[9, 15, 5, 15]> : tensor<4xui4>
  %not = stablehlo.not %a : tensor<4xui4>
  check.expect_eq_const %not, dense<[7, 8, 0, 10]> : tensor<4xui4>
  func.return
}

// -----

func.func @bitwise_ui8() {
  %a = stablehlo.constant dense<[128, 127, 255, 85]> : tensor<4xui8>
  %b = stablehlo.constant dense<[1, 128, 170, 170]> : tensor<4xui8>
  %and = stablehlo.and %a, %b : tensor<4xui8>
  check.expect_eq_const %and, dense<[0, 0, 170, 0]> : tensor<4xui8>
  %or = stablehlo.or %a, %b : tensor<4xui8>
  check.expect_eq_const %or, dense<[129, 255, 255, 255]> : tensor<4xui8>
  %xor = stablehlo.xor %a, %b : tensor<4xui8>
  check.expect_eq_const %xor, dense<[129, 255, 85, 255]> : tensor<4xui8>
  %not = stablehlo.not %a : tensor<4xui8>
  check.expect_eq_const %not, dense<[127, 128, 0, 170]> : tensor<4xui8>
  func.return
}

// -----

func.func @bitwise_ui16() {
  %a = stablehlo.constant dense<[32768, 32767, 65535, 21845]> : tensor<4xui16>
  %b = stablehlo.constant dense<[1, 32768, 43690, 43690]> : tensor<4xui16>
  %and = stablehlo.and %a, %b : tensor<4xui16>
  check.expect_eq_const %and, dense<[0, 0, 43690, 0]> : tensor<4xui16>
  %or = stablehlo.or %a, %b : tensor<4xui16>
  check.expect_eq_const %or, dense<[32769, 65535, 65535, 65535]> : tensor<4xui16>
  %xor = stablehlo.xor %a, %b : tensor<4xui16>
  check.expect_eq_const %xor, dense<[32769, 65535, 21845, 65535]> : tensor<4xui16>
  %not = stablehlo.not %a : tensor<4xui16>
  check.expect_eq_const %not, dense<[32767, 32768, 0, 43690]> : tensor<4xui16>
  func.return
}

// -----

func.func @bitwise_ui32() {
  %a = stablehlo.constant dense<[2147483648, 2147483647, 4294967295, 1431655765]> : tensor<4xui32>
  %b = stablehlo.constant dense<[1, 2147483648, 2863311530, 2863311530]> : tensor<4xui32>
  %and = stablehlo.and %a, %b : tensor<4xui32>
  check.expect_eq_const %and, dense<[0, 0, 2863311530, 0]> : tensor<4xui32>
  %or = stablehlo.or %a, %b : tensor<4xui32>
  check.expect_eq_const %or, dense<[2147483649, 4294967295, 4294967295, 4294967295]> : tensor<4xui32>
  %xor = stablehlo.xor %a, %b : tensor<4xui32>
  check.expect_eq_const %xor, dense<[2147483649, 4294967295, 1431655765, 4294967295]> : tensor<4xui32>
  %not = stablehlo.not %a : tensor<4xui32>
  check.expect_eq_const %not, dense<[2147483647, 2147483648, 0, 2863311530]> : tensor<4xui32>
  func.return
}

// -----

func.func @bitwise_ui64() {
  %a = stablehlo.constant dense<[9223372036854775808, 9223372036854775807, 18446744073709551615, 6148914691236517205]> : tensor<4xui64>
  %b = stablehlo.constant dense<[1, 9223372036854775808, 12297829382473034410, 12297829382473034410]> : tensor<4xui64>
  %and = stablehlo.and %a, %b : tensor<4xui64>
  check.expect_eq_const %and, dense<[0, 0, 12297829382473034410, 0]> : tensor<4xui64>
  %or = stablehlo.or %a, %b : tensor<4xui64>
  check.expect_eq_const %or, dense<[9223372036854775809, 18446744073709551615, 18446744073709551615, 18446744073709551615]> : tensor<4xui64>
  %xor = stablehlo.xor %a, %b : tensor<4xui64>
  check.expect_eq_const %xor, dense<[9223372036854775809, 18446744073709551615, 6148914691236517205, 18446744073709551615]> : tensor<4xui64>
  %not = stablehlo.not %a : tensor<4xui64>
  check.expect_eq_const %not, dense<[9223372036854775807, 9223372036854775808, 0, 12297829382473034410]> : tensor<4xui64>
  func.return
}

// -----

func.func @bitwise_empty() {
  %a = stablehlo.constant dense<> : tensor<0x3xi4>
  %r = stablehlo.xor %a, %a : tensor<0x3xi4>
  %n = stablehlo.not %r : tensor<0x3xi4>
  check.expect_eq_const %n, dense<> : tensor<0x3xi4>
  func.return
}
