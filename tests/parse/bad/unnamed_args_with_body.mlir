// ERROR: unnamed_args_with_body.mlir:2:17: error: arguments of a function with a body need names (%arg0: ...)
func.func @main(tensor<f32>) {
  func.return
}
