// RUN: ir-run --interpret -split-input-file --probe-output-dir DIR %s
// interpreter.probe and check.expect_serialized_eq (SPEC.md 9.3.11, 9.3.12,
// decisions 24 and 31); tests/interpret.sh runs every file here with a
// probe directory. tests/probe.sh checks the bytes of the files themselves.

// every element type REF's probe files hold, written and read back
func.func @probe_every_type() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %p0 = interpreter.probe %a0, probe_id = "probe_i1" : tensor<2xi1>
  %a1 = stablehlo.constant dense<[-128, 127]> : tensor<2xi8>
  %p1 = interpreter.probe %a1, probe_id = "probe_i8" : tensor<2xi8>
  %a2 = stablehlo.constant dense<[0, 255]> : tensor<2xui8>
  %p2 = interpreter.probe %a2, probe_id = "probe_ui8" : tensor<2xui8>
  %a3 = stablehlo.constant dense<[-32768, 7]> : tensor<2xi16>
  %p3 = interpreter.probe %a3, probe_id = "probe_i16" : tensor<2xi16>
  %a4 = stablehlo.constant dense<[65535, 1]> : tensor<2xui16>
  %p4 = interpreter.probe %a4, probe_id = "probe_ui16" : tensor<2xui16>
  %a5 = stablehlo.constant dense<[-2147483648, 5]> : tensor<2xi32>
  %p5 = interpreter.probe %a5, probe_id = "probe_i32" : tensor<2xi32>
  %a6 = stablehlo.constant dense<[4294967295, 0]> : tensor<2xui32>
  %p6 = interpreter.probe %a6, probe_id = "probe_ui32" : tensor<2xui32>
  %a7 = stablehlo.constant dense<[-9223372036854775808, -1]> : tensor<2xi64>
  %p7 = interpreter.probe %a7, probe_id = "probe_i64" : tensor<2xi64>
  %a8 = stablehlo.constant dense<[18446744073709551615, 1]> : tensor<2xui64>
  %p8 = interpreter.probe %a8, probe_id = "probe_ui64" : tensor<2xui64>
  %a9 = stablehlo.constant dense<[1.5, -0.0]> : tensor<2xf16>
  %p9 = interpreter.probe %a9, probe_id = "probe_f16" : tensor<2xf16>
  %a10 = stablehlo.constant dense<[-2.0, 0x7F80]> : tensor<2xbf16>
  %p10 = interpreter.probe %a10, probe_id = "probe_bf16" : tensor<2xbf16>
  %a11 = stablehlo.constant dense<[0x7F800000, 1.0e-45]> : tensor<2xf32>
  %p11 = interpreter.probe %a11, probe_id = "probe_f32" : tensor<2xf32>
  %a12 = stablehlo.constant dense<[0.1, -1.0e308]> : tensor<2xf64>
  %p12 = interpreter.probe %a12, probe_id = "probe_f64" : tensor<2xf64>
  %a13 = stablehlo.constant dense<[(1.5, -0.5), (0.0, 2.0)]> : tensor<2xcomplex<f32>>
  %p13 = interpreter.probe %a13, probe_id = "probe_cf32" : tensor<2xcomplex<f32>>
  %a14 = stablehlo.constant dense<[(0.1, 0.2), (-3.0, 4.0)]> : tensor<2xcomplex<f64>>
  %p14 = interpreter.probe %a14, probe_id = "probe_cf64" : tensor<2xcomplex<f64>>
  check.expect_serialized_eq %p0, probe_id = "probe_i1" : tensor<2xi1>
  check.expect_serialized_eq %p1, probe_id = "probe_i8" : tensor<2xi8>
  check.expect_serialized_eq %p2, probe_id = "probe_ui8" : tensor<2xui8>
  check.expect_serialized_eq %p3, probe_id = "probe_i16" : tensor<2xi16>
  check.expect_serialized_eq %p4, probe_id = "probe_ui16" : tensor<2xui16>
  check.expect_serialized_eq %p5, probe_id = "probe_i32" : tensor<2xi32>
  check.expect_serialized_eq %p6, probe_id = "probe_ui32" : tensor<2xui32>
  check.expect_serialized_eq %p7, probe_id = "probe_i64" : tensor<2xi64>
  check.expect_serialized_eq %p8, probe_id = "probe_ui64" : tensor<2xui64>
  check.expect_serialized_eq %p9, probe_id = "probe_f16" : tensor<2xf16>
  check.expect_serialized_eq %p10, probe_id = "probe_bf16" : tensor<2xbf16>
  check.expect_serialized_eq %p11, probe_id = "probe_f32" : tensor<2xf32>
  check.expect_serialized_eq %p12, probe_id = "probe_f64" : tensor<2xf64>
  check.expect_serialized_eq %p13, probe_id = "probe_cf32" : tensor<2xcomplex<f32>>
  check.expect_serialized_eq %p14, probe_id = "probe_cf64" : tensor<2xcomplex<f64>>
  func.return
}

// -----

// probes in a loop body and in an if branch (decision 24): one record per
// execution; `iter = k` picks the k-th record of an id, counting from 0
func.func @probe_in_regions() {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.while(%i = %zero) : tensor<i32>
    cond {
      %lt = stablehlo.compare LT, %i, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %sq = stablehlo.multiply %i, %i : tensor<i32>
      %p = interpreter.probe %sq, probe_id = "loop" : tensor<i32>
      check.expect_serialized_eq %zero, probe_id = "loop" : tensor<i32>
      %n = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }
  %t = stablehlo.compare EQ, %r, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %b = "stablehlo.if"(%t) ({
    %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %px = interpreter.probe %x, probe_id = "branch" : tensor<2xf32>
    stablehlo.return %px : tensor<2xf32>
  }, {
    %y = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
    %py = interpreter.probe %y, probe_id = "branch" : tensor<2xf32>
    stablehlo.return %py : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  %e0 = stablehlo.constant dense<0> : tensor<i32>
  %e2 = stablehlo.constant dense<1> : tensor<i32>
  %e4 = stablehlo.constant dense<4> : tensor<i32>
  check.expect_serialized_eq %e0, probe_id = "loop" : tensor<i32>
  check.expect_serialized_eq %e2, probe_id = "loop", iter = 1 : tensor<i32>
  "check.expect_serialized_eq"(%e4) {probe_id = "loop", iteration = 2 : ui32} : (tensor<i32>) -> ()
  check.expect_serialized_eq %b, probe_id = "branch" : tensor<2xf32>
  func.return
}

// -----

// decision 31: a record is selected when its first field equals probe_id
// (REF takes the k-th line if it merely contains the id, which would pick
// the record of "p0" here)
func.func @probe_id_equality() {
  %x = stablehlo.constant dense<5> : tensor<i64>
  %y = stablehlo.constant dense<7> : tensor<i64>
  %px = interpreter.probe %x, probe_id = "p0" : tensor<i64>
  %py = interpreter.probe %y, probe_id = "p" : tensor<i64>
  check.expect_serialized_eq %py, probe_id = "p" : tensor<i64>
  check.expect_serialized_eq %px, probe_id = "p0" : tensor<i64>
  func.return
}

// -----

// values compare as check.expect_eq (5.1): -0.0 equals +0.0; and a new
// chunk starts a new index (decision 31): "p0" is this chunk's record only
func.func @probe_ieee_equality() {
  %m = stablehlo.constant dense<[-0.0, 1.0]> : tensor<2xf64>
  %z = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf64>
  %pm = interpreter.probe %m, probe_id = "p0" : tensor<2xf64>
  check.expect_serialized_eq %z, probe_id = "p0" : tensor<2xf64>
  func.return
}
