// Every pretty form of SPEC 2.9 in the interpret-test style.
func.func @elementwise() {
  %a = stablehlo.constant dense<[1.5, -2.0, 0x7FC00000]> : tensor<3xf32>
  %b = stablehlo.constant dense<2.0> : tensor<3xf32>
  %add = stablehlo.add %a, %b : tensor<3xf32>
  %sub = stablehlo.subtract %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %mul = stablehlo.multiply %add, %sub : tensor<3xf32>
  %div = stablehlo.divide %mul, %b : tensor<3xf32>
  %rem = stablehlo.remainder %div, %b : tensor<3xf32>
  %max = stablehlo.maximum %rem, %b : tensor<3xf32>
  %min = stablehlo.minimum %max, %b : tensor<3xf32>
  %neg = stablehlo.negate %min : tensor<3xf32>
  %abs = stablehlo.abs %neg : tensor<3xf32>
  %sq = stablehlo.sqrt %abs : tensor<3xf32>
  %rs = stablehlo.rsqrt %sq {result_accuracy = #stablehlo.result_accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : tensor<3xf32>
  %ex = stablehlo.exponential %rs : tensor<3xf32>
  %lg = stablehlo.log %ex : tensor<3xf32>
  %th = stablehlo.tanh %lg : tensor<3xf32>
  %lo = stablehlo.logistic %th : tensor<3xf32>
  %si = stablehlo.sine %lo : tensor<3xf32>
  %co = stablehlo.cosine %si : tensor<3xf32>
  %fl = stablehlo.floor %co : tensor<3xf32>
  %ce = stablehlo.ceil %fl : tensor<3xf32>
  %rn = stablehlo.round_nearest_even %ce : tensor<3xf32>
  %sg = stablehlo.sign %rn : tensor<3xf32>
  %i = stablehlo.constant dense<[1, -2, 3]> : tensor<3xi8>
  %and = stablehlo.and %i, %i : tensor<3xi8>
  %or = stablehlo.or %and, %i : tensor<3xi8>
  %xor = stablehlo.xor %or, %i : tensor<3xi8>
  %not = stablehlo.not %xor : tensor<3xi8>
  %cv = stablehlo.convert %not : (tensor<3xi8>) -> tensor<3xf16>
  %cv2 = stablehlo.convert %cv : tensor<3xf16>
  %bc = stablehlo.bitcast_convert %cv2 : (tensor<3xf16>) -> tensor<3x2xi8>
  %cmp = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %cmp2 = stablehlo.compare EQ, %i, %i : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi1>
  %sel = stablehlo.select %cmp, %a, %sg : tensor<3xi1>, tensor<3xf32>
  %p = stablehlo.constant dense<true> : tensor<i1>
  %sel2 = stablehlo.select %p, %a, %sel : (tensor<i1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %lo0 = stablehlo.constant dense<0.0> : tensor<f32>
  %cl = stablehlo.clamp %lo0, %sel2, %lo0 : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %cl2 = stablehlo.clamp %a, %cl, %a : tensor<3xf32>
  check.expect_almost_eq %cl2, %a : tensor<3xf32>
  check.expect_almost_eq %cl2, %a, tolerance = 0.5 : tensor<3xf32>
  check.expect_eq %cmp2, %cmp2 : tensor<3xi1>
  check.expect_eq_const %i, dense<[1, -2, 3]> : tensor<3xi8>
  check.expect_almost_eq_const %a, dense<[1.5, -2.0, 0x7FC00000]> : tensor<3xf32>
  check.expect_almost_eq_const %a, dense<[1.5, -2.0, 0x7FC00000]> : tensor<3xf32>, tolerance = 1.0e-2
  check.expect_almost_eq_const %a, dense<[1.5, -2.0, 0x7FC00000]> : tensor<3xf32> {tolerance = 1.000000e-01 : f64}
  check.expect_close %a, %a, max_ulp_difference = 3 : tensor<3xf32>, tensor<3xf32>
  check.expect_close %a, %a, max_ulp_difference = 3, min_ulp_difference = 1 : {foo} tensor<3xf32>, tensor<3xf32>
  func.return
}

// -----

func.func @shapes() {
  %x = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %r = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %s = stablehlo.constant dense<7> : tensor<i32>
  %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
  %b2 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x3xi32>) -> tensor<2x4x3xi32>
  %c = stablehlo.concatenate %x, %b, dim = 0 : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<4x3xi32>
  %sl = stablehlo.slice %c [0:4:2, 1:3] : (tensor<4x3xi32>) -> tensor<2x2xi32>
  %rv = stablehlo.reverse %sl, dims = [1] : tensor<2x2xi32>
  %pd = stablehlo.pad %rv, %s, low = [1, -1], high = [0, 1], interior = [1, 0] : (tensor<2x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %sum = stablehlo.reduce(%pd init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x2xi32>, tensor<i32>) -> tensor<4xi32>
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %v = stablehlo.constant dense<[1.0, 5.0, 3.0]> : tensor<3xf32>
  %iv = stablehlo.iota dim = 0 : tensor<3xi32>
  %m:2 = stablehlo.reduce(%v init: %fz), (%iv init: %z) across dimensions = [0] : (tensor<3xf32>, tensor<3xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%acc_v: tensor<f32>, %x_v: tensor<f32>) (%acc_i: tensor<i32>, %x_i: tensor<i32>) {
    %gt = stablehlo.compare GT, %acc_v, %x_v, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nv = stablehlo.select %gt, %acc_v, %x_v : tensor<i1>, tensor<f32>
    %ni = stablehlo.select %gt, %acc_i, %x_i : tensor<i1>, tensor<i32>
    stablehlo.return %nv, %ni : tensor<f32>, tensor<i32>
  }
  check.expect_eq %m#1, %m#1 : tensor<i32>
  func.return
}

// -----

func.func @dots() {
  %a = stablehlo.constant dense<1.0> : tensor<2x3x4xf8E4M3>
  %b = stablehlo.constant dense<2.0> : tensor<2x4x5xf8E4M3>
  %d = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf8E4M3>, tensor<2x4x5xf8E4M3>) -> tensor<2x3x5xf32>
  %e = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], algorithm = <lhs_precision_type = f8E4M3, rhs_precision_type = f8E4M3, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf8E4M3>, tensor<2x4x5xf8E4M3>) -> tensor<2x3x5xf8E4M3>
  %m = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %v = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %mv = stablehlo.dot %m, %v, precision = [HIGHEST, HIGHEST] : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %vv = stablehlo.dot %v, %v : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  %t = stablehlo.dot_general %m, %m, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 3, allow_imprecise_accumulation = false> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}
