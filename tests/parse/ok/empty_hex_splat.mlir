// A one-element hex blob for a zero-element type is a splat, as MLIR reads
// it (REF accepts it).
func.func @main() -> (tensor<3x0x2xf8E5M2>, tensor<0xi1>, tensor<2x0xf4E2M1FN>) {
  %0 = stablehlo.constant dense<"0x3C"> : tensor<3x0x2xf8E5M2>
  %1 = stablehlo.constant dense<"0x01"> : tensor<0xi1>
  %2 = stablehlo.constant dense<"0x02"> : tensor<2x0xf4E2M1FN>
  func.return %0, %1, %2 : tensor<3x0x2xf8E5M2>, tensor<0xi1>, tensor<2x0xf4E2M1FN>
}
