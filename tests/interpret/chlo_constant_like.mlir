// RUN: ir-run --interpret -split-input-file %s
// chlo.constant_like (docs/chlo.md): a splat of its value, of the operand's
// shape and the value's element type; the decimal value rounded to the type
// to nearest, ties to even. Expected bits by hand: 0.1 = 1.6 * 2^-4, so
// f32 1.6 * 2^23 = 13421772.8 -> 0x4CCCCD with exponent 123 (0x3DCCCCCD),
// bf16 1.6 * 2^7 = 204.8 -> 205 = 0xCD, 0.1 in bf16 0x3DCD; -2.5 f16 0xC100.

func.func @constant_like_f32() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %c = "chlo.constant_like"(%x) {value = 1.000000e-01 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = stablehlo.bitcast_convert %c : (tensor<2x3xf32>) -> tensor<2x3xui32>
  check.expect_eq_const %b, dense<0x3DCCCCCD> : tensor<2x3xui32>
  func.return
}

// -----

func.func @constant_like_other_types() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %h = "chlo.constant_like"(%x) {value = -2.5 : f16} : (tensor<2xf64>) -> tensor<2xf16>
  %hb = stablehlo.bitcast_convert %h : (tensor<2xf16>) -> tensor<2xui16>
  check.expect_eq_const %hb, dense<0xC100> : tensor<2xui16>
  %g = "chlo.constant_like"(%x) {value = 0.1 : bf16} : (tensor<2xf64>) -> tensor<2xbf16>
  %gb = stablehlo.bitcast_convert %g : (tensor<2xbf16>) -> tensor<2xui16>
  check.expect_eq_const %gb, dense<0x3DCD> : tensor<2xui16>
  %n = "chlo.constant_like"(%x) {value = 0x7FC00000 : f32} : (tensor<2xf64>) -> tensor<2xf32>
  %nb = stablehlo.bitcast_convert %n : (tensor<2xf32>) -> tensor<2xui32>
  check.expect_eq_const %nb, dense<0x7FC00000> : tensor<2xui32>
  %i = "chlo.constant_like"(%x) {value = -7 : i32} : (tensor<2xf64>) -> tensor<2xi32>
  check.expect_eq_const %i, dense<-7> : tensor<2xi32>
  %t = "chlo.constant_like"(%x) {value = true} : (tensor<2xf64>) -> tensor<2xi1>
  check.expect_eq_const %t, dense<true> : tensor<2xi1>
  %s = stablehlo.constant dense<3> : tensor<i8>
  %u = "chlo.constant_like"(%s) {value = 200 : ui8} : (tensor<i8>) -> tensor<ui8>
  check.expect_eq_const %u, dense<200> : tensor<ui8>
  func.return
}

// -----

// A complex value, as MLIR prints it: `#complex.number<:fNN RE, IM> :
// complex<fNN>`, each part rounded to the part type. By hand: 0.1 in f64
// is 0x3FB999999999999A, 1e300 is 0x7E37E43C8800759C (the nearest doubles),
// -0.0 keeps its sign bit.
func.func @constant_like_complex() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %c = "chlo.constant_like"(%x) {value = #complex.number<:f32 1.5, -2.0> : complex<f32>} : (tensor<2xf32>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %c, dense<(1.5, -2.0)> : tensor<2xcomplex<f32>>
  %d = "chlo.constant_like"(%x) {value = #complex.number<:f64 1.000000e-01, 1.000000e+300> : complex<f64>} : (tensor<2xf32>) -> tensor<2xcomplex<f64>>
  %re = stablehlo.real %d : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %im = stablehlo.imag %d : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %rb = stablehlo.bitcast_convert %re : (tensor<2xf64>) -> tensor<2xui64>
  %ib = stablehlo.bitcast_convert %im : (tensor<2xf64>) -> tensor<2xui64>
  check.expect_eq_const %rb, dense<0x3FB999999999999A> : tensor<2xui64>
  check.expect_eq_const %ib, dense<0x7E37E43C8800759C> : tensor<2xui64>
  %s = stablehlo.constant dense<7> : tensor<i32>
  %z = "chlo.constant_like"(%s) {value = #complex.number<:f64 -0.0, 3.0> : complex<f64>} : (tensor<i32>) -> tensor<complex<f64>>
  %zr = stablehlo.real %z : (tensor<complex<f64>>) -> tensor<f64>
  %zb = stablehlo.bitcast_convert %zr : (tensor<f64>) -> tensor<ui64>
  check.expect_eq_const %zb, dense<0x8000000000000000> : tensor<ui64>
  func.return
}
