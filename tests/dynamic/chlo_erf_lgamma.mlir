// ARGS: --args '[dense<[0xBFAA4EB0, 0x4008E878, 0x3FF195AD]> : tensor<3xf32>, dense<[0xBF70AB73, 0x3F7F5D34, 0x3F7E0DA9]> : tensor<3xf32>, dense<[0x4064CB13, 0x3EFBC45E, 0x4078BE34]> : tensor<3xf32>, dense<[0x3FA46AF6, 0x3F16B988, 0x3FD3599F]> : tensor<3xf32>]'
// ARGS: --args '[dense<[0xBEA671CB, 0xBF44F3F4, 0xC03B6214, 0xBF287CA8, 0x3F924EF2]> : tensor<5xf32>, dense<[0xBEB566A8, 0xBF3931B0, 0xBF7FFDBA, 0xBF25E50C, 0x3F64DE03]> : tensor<5xf32>, dense<[0x402AA0FC, 0x40882786, 0x408B01E2, 0x3EE3C002, 0x3F2ECA19]> : tensor<5xf32>, dense<[0x3ED0EBD8, 0x4007BC08, 0x400F5E03, 0x3F305066, 0x3E908B50]> : tensor<5xf32>]'
// chlo.erf and chlo.lgamma on a `?` dimension: kept at load, expanded once refined
func.func @main(%x: tensor<?xf32>, %erf: tensor<?xf32>, %y: tensor<?xf32>, %lgamma: tensor<?xf32>) {
  %e = chlo.erf %x : tensor<?xf32> -> tensor<?xf32>
  %l = chlo.lgamma %y : tensor<?xf32> -> tensor<?xf32>
  %eb = stablehlo.bitcast_convert %e : (tensor<?xf32>) -> tensor<?xui32>
  %ew = stablehlo.bitcast_convert %erf : (tensor<?xf32>) -> tensor<?xui32>
  check.expect_eq %eb, %ew : tensor<?xui32>
  %lb = stablehlo.bitcast_convert %l : (tensor<?xf32>) -> tensor<?xui32>
  %lw = stablehlo.bitcast_convert %lgamma : (tensor<?xf32>) -> tensor<?xui32>
  check.expect_eq %lb, %lw : tensor<?xui32>
  func.return
}
