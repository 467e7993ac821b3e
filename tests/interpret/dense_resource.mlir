// RUN: ir-run --interpret -split-input-file %s
// dense_resource constants: the blob is 4 bytes of alignment (little-endian)
// then the elements little-endian, one byte per i1 (docs/syntax.md).

func.func @dense_resource_ints() {
  %a = stablehlo.constant dense_resource<ints> : tensor<2x2xi16>
  check.expect_eq_const %a, dense<[[1, -1], [256, 32767]]> : tensor<2x2xi16>
  %b = stablehlo.constant dense_resource<halves> : tensor<2xf16>
  check.expect_eq_const %b, dense<[1.0, -2.0]> : tensor<2xf16>
  %c = stablehlo.constant dense_resource<pair> : tensor<complex<f32>>
  check.expect_eq_const %c, dense<(1.0, -1.0)> : tensor<complex<f32>>
  %d = stablehlo.constant dense_resource<bools> : tensor<4xi1>
  check.expect_eq_const %d, dense<[false, true, true, false]> : tensor<4xi1>
  %e = stablehlo.constant dense_resource<empty> : tensor<0xf32>
  check.expect_eq_const %e, dense<> : tensor<0xf32>
  func.return
}

{-#
  dialect_resources: {
    builtin: {
      ints: "0x020000000100FFFF0001FF7F",
      halves: "0x02000000003C00C0",
      pair: "0x040000000000803F000080BF",
      bools: "0x0100000000010100",
      empty: "0x04000000"
    }
  }
#-}
