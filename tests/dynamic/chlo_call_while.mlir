// ARGS: --args '[dense<[0xBF8A04F0, 0x3F6D6D47]> : tensor<2xf32>, dense<[0xBF5F6A82, 0x3F4F72FE]> : tensor<2xf32>, dense<[0xBF3B556F, 0x3F35C2A7]> : tensor<2xf32>]'
// ARGS: --args '[dense<[0x3F62E315, 0x3F815F88, 0x3EB05CFC, 0x3F6FD57B]> : tensor<4xf32>, dense<[0x3F4A3927, 0x3F58DBF7, 0x3EBF67FE, 0x3F50969D]> : tensor<4xf32>, dense<[0x3F33BCF3, 0x3F3926B2, 0x3EDCCD4D, 0x3F36300C]> : tensor<4xf32>]'
// chlo.erf with `?` types in a called function and in a while body
func.func @main(%x: tensor<?xf32>, %once: tensor<?xf32>, %thrice: tensor<?xf32>) {
  %c = func.call @erf_of(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %cb = stablehlo.bitcast_convert %c : (tensor<?xf32>) -> tensor<?xui32>
  %cw = stablehlo.bitcast_convert %once : (tensor<?xf32>) -> tensor<?xui32>
  check.expect_eq %cb, %cw : tensor<?xui32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<?xf32>
   cond {
    %three = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %e = chlo.erf %v : tensor<?xf32> -> tensor<?xf32>
    stablehlo.return %j, %e : tensor<i32>, tensor<?xf32>
  }
  %wb = stablehlo.bitcast_convert %r#1 : (tensor<?xf32>) -> tensor<?xui32>
  %ww = stablehlo.bitcast_convert %thrice : (tensor<?xf32>) -> tensor<?xui32>
  check.expect_eq %wb, %ww : tensor<?xui32>
  func.return
}
func.func private @erf_of(%x: tensor<?xf32>) -> tensor<?xf32> {
  %e = chlo.erf %x : tensor<?xf32> -> tensor<?xf32>
  func.return %e : tensor<?xf32>
}
