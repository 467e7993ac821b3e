// RUN: ir-run --interpret -split-input-file %s
// chlo.square (docs/chlo.md, stablehlo 3c9301c11): x * x on every float type,
// FP8/FP6/FP4 included; on complex x + iy, complex((x - y)(x + y), 2xy) with
// the real part 0 where x is finite and |x| == |y|. Expected values by hand:
// 1.5^2 = 2.25 (exact in f8E4M3FN: 1.001b * 2), 0.5^2 = 0.25 in f4E2M1FN
// rounds to 0 or 0.5 (ties to even: 0.25 is halfway between 0 and 0.5, 0
// has the even mantissa); (1 + 2i)^2 = -3 + 4i; (3 - 3i)^2 = 0 - 18i;
// (Inf + Inf i)^2: real (Inf - Inf)(Inf + Inf) = NaN, imag 2 Inf Inf = Inf.

func.func @square_small_floats() {
  %x = stablehlo.constant dense<[1.5, -3.0, 0.0, -0.5]> : tensor<4xf8E4M3FN>
  %r = chlo.square %x : tensor<4xf8E4M3FN> -> tensor<4xf8E4M3FN>
  check.expect_eq_const %r, dense<[2.25, 9.0, 0.0, 0.25]> : tensor<4xf8E4M3FN>
  %h = stablehlo.constant dense<[0.5, -1.5, 2.0]> : tensor<3xf4E2M1FN>
  %s = "chlo.square"(%h) : (tensor<3xf4E2M1FN>) -> tensor<3xf4E2M1FN>
  check.expect_eq_const %s, dense<[0.0, 2.0, 4.0]> : tensor<3xf4E2M1FN>
  %b = stablehlo.constant dense<[3.0, -0.125]> : tensor<2xbf16>
  %t = chlo.square %b : tensor<2xbf16> -> tensor<2xbf16>
  check.expect_eq_const %t, dense<[9.0, 0.015625]> : tensor<2xbf16>
  func.return
}

// -----

func.func @square_complex() {
  %z = stablehlo.constant dense<[(1.0, 2.0), (3.0, -3.0), (0x7F800000, 0x7F800000)]> : tensor<3xcomplex<f32>>
  %s = chlo.square %z : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %re = stablehlo.real %s : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %im = stablehlo.imag %s : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %re2 = stablehlo.slice %re [0:2] : (tensor<3xf32>) -> tensor<2xf32>
  check.expect_eq_const %re2, dense<[-3.0, 0.0]> : tensor<2xf32>
  %nan = stablehlo.slice %re [2:3] : (tensor<3xf32>) -> tensor<1xf32>
  %isnan = stablehlo.compare NE, %nan, %nan : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xi1>
  check.expect_eq_const %isnan, dense<true> : tensor<1xi1>
  check.expect_eq_const %im, dense<[4.0, -18.0, 0x7F800000]> : tensor<3xf32>
  func.return
}
