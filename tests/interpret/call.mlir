// RUN: ir-run --interpret -split-input-file %s
// func.call (SPEC.md 4.43): arguments bound by value, several results,
// nested calls, every kind of element type passing through unchanged.

func.func @swap(%a: tensor<2xf8E4M3FNUZ>, %b: tensor<2xf8E4M3FNUZ>) -> (tensor<2xf8E4M3FNUZ>, tensor<2xf8E4M3FNUZ>) {
  func.return %b, %a : tensor<2xf8E4M3FNUZ>, tensor<2xf8E4M3FNUZ>
}

func.func @main() {
  // 0x80 is the FNUZ NaN: a call must not touch the bits
  %a = stablehlo.constant dense<[0x80, 0x01]> : tensor<2xf8E4M3FNUZ>
  %b = stablehlo.constant dense<[0x7F, 0xFF]> : tensor<2xf8E4M3FNUZ>
  %r:2 = func.call @swap(%a, %b) : (tensor<2xf8E4M3FNUZ>, tensor<2xf8E4M3FNUZ>) -> (tensor<2xf8E4M3FNUZ>, tensor<2xf8E4M3FNUZ>)
  %r0 = stablehlo.bitcast_convert %r#0 : (tensor<2xf8E4M3FNUZ>) -> tensor<2xui8>
  %r1 = stablehlo.bitcast_convert %r#1 : (tensor<2xf8E4M3FNUZ>) -> tensor<2xui8>
  check.expect_eq_const %r0, dense<[0x7F, 0xFF]> : tensor<2xui8>
  check.expect_eq_const %r1, dense<[0x80, 0x01]> : tensor<2xui8>
  func.return
}

// -----

// f4E2M1FN: 3 + 3 = 6 (max); twice(twice(1.5)) = twice(3) = 6
func.func private @twice(%x: tensor<3xf4E2M1FN>) -> tensor<3xf4E2M1FN> {
  %r = stablehlo.add %x, %x : tensor<3xf4E2M1FN>
  func.return %r : tensor<3xf4E2M1FN>
}

func.func private @four_times(%x: tensor<3xf4E2M1FN>) -> tensor<3xf4E2M1FN> {
  %a = call @twice(%x) : (tensor<3xf4E2M1FN>) -> tensor<3xf4E2M1FN>
  %b = call @twice(%a) : (tensor<3xf4E2M1FN>) -> tensor<3xf4E2M1FN>
  return %b : tensor<3xf4E2M1FN>
}

func.func @main() {
  %x = stablehlo.constant dense<[0.5, 1.5, -0.0]> : tensor<3xf4E2M1FN>
  %r = func.call @four_times(%x) : (tensor<3xf4E2M1FN>) -> tensor<3xf4E2M1FN>
  // 0.5 * 4 = 2; 1.5 * 4 = 6 (finite-only: 12 would saturate, 6 is exact); -0
  %w = stablehlo.convert %r : (tensor<3xf4E2M1FN>) -> tensor<3xf32>
  %wb = stablehlo.bitcast_convert %w : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %wb, dense<[0x40000000, 0x40C00000, 0x80000000]> : tensor<3xui32>
  // the argument is unchanged after the call
  check.expect_eq_const %x, dense<[0.5, 1.5, -0.0]> : tensor<3xf4E2M1FN>
  func.return
}

// -----

// saturation inside the callee: 6 + 6 = 12 rounds to the finite maximum 6
// in f4E2M1FN (SPEC 3.5, finite-only formats); i2 wraps 1 + 1 = -2
func.func private @grow(%x: tensor<f4E2M1FN>, %i: tensor<i2>) -> (tensor<f4E2M1FN>, tensor<i2>) {
  %y = stablehlo.add %x, %x : tensor<f4E2M1FN>
  %j = stablehlo.add %i, %i : tensor<i2>
  return %y, %j : tensor<f4E2M1FN>, tensor<i2>
}

func.func @main() {
  %x = stablehlo.constant dense<6.0> : tensor<f4E2M1FN>
  %i = stablehlo.constant dense<1> : tensor<i2>
  %r:2 = call @grow(%x, %i) : (tensor<f4E2M1FN>, tensor<i2>) -> (tensor<f4E2M1FN>, tensor<i2>)
  check.expect_eq_const %r#0, dense<6.0> : tensor<f4E2M1FN>
  check.expect_eq_const %r#1, dense<-2> : tensor<i2>
  func.return
}

// -----

// complex and rank-0 values; a callee called from two sites
func.func private @conj_scale(%z: tensor<complex<f64>>, %k: tensor<complex<f64>>) -> tensor<complex<f64>> {
  %r = stablehlo.multiply %z, %k : tensor<complex<f64>>
  return %r : tensor<complex<f64>>
}

func.func @main() {
  %z = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f64>>
  %k = stablehlo.constant dense<(0.0, 1.0)> : tensor<complex<f64>>
  %a = call @conj_scale(%z, %k) : (tensor<complex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
  %b = call @conj_scale(%a, %k) : (tensor<complex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
  check.expect_eq_const %a, dense<(-2.0, 1.0)> : tensor<complex<f64>>
  check.expect_eq_const %b, dense<(-1.0, -2.0)> : tensor<complex<f64>>
  func.return
}
