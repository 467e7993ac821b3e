// Strings with every escape MLIR writes: kept with their length and
// printed back as llvm::printEscapedString does (\22 for a quote, \\ for a
// backslash, \XX for every byte that is not printable ASCII).
func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.negate %a {nul = "a\00b", quote = "say \"hi\"", back = "c:\\dir", nl = "l1\nl2\tx", hex = "\E2\82\ACz\7F", nested = "{k = \22v\22}", empty = ""} : tensor<f32>
  func.return %0 : tensor<f32>
}
