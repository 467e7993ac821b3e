// dense_resource constants with their blobs (4 bytes of alignment, then the
// elements little-endian), printed back as dense literals.
func.func @main() -> (tensor<2xi32>, tensor<f32>, tensor<3xi1>) {
  %0 = stablehlo.constant dense_resource<ints> : tensor<2xi32>
  %1 = stablehlo.constant dense_resource<one.f32> : tensor<f32>
  %2 = stablehlo.constant dense_resource<flags> : tensor<3xi1>
  func.return %0, %1, %2 : tensor<2xi32>, tensor<f32>, tensor<3xi1>
}
{-#
  dialect_resources: {
    builtin: {
      ints: "0x0400000001000000FEFFFFFF",
      one.f32: "0x040000000000C03F",
      flags: "0x01000000010001",
      unused: "0x04000000"
    },
    other_dialect: {
      ints: "0x00"
    }
  },
  external_resources: {
    somewhere: { key: "value" }
  }
#-}
