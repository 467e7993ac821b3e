// The split marker is found anywhere on a line, as REF's splitter finds it
// (MLIR's splitAndProcessBuffer): after a comment's slashes (as in upstream
// triangular_solve.mlir), after code (the code before it stays in its
// chunk) and before code (the code after it starts the next chunk). Four
// chunks, each a @main returning its number.
func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  func.return %0 : tensor<i32>
}
// // -----
func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<2> : tensor<i32>
  func.return %0 : tensor<i32>
} // -----
func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<3> : tensor<i32>
  func.return %0 : tensor<i32>
}
// ----- func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<4> : tensor<i32>
  func.return %0 : tensor<i32>
}
