// A small program in the shape of a JAX export: @main runs by default
// (it takes no arguments here), @scale only when called or named by --entry.
//   build/ir-run examples/model.mlir
//   build/ir-run --entry scale --args='[dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>]' examples/model.mlir
//   build/ir-run --max-while-iterations=5 examples/model.mlir      # the loop runs 10 times: an error
func.func @scale(%x: tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN> {
  %y = stablehlo.add %x, %x : tensor<2xf8E4M3FN>
  func.return %y : tensor<2xf8E4M3FN>
}
func.func @main() -> (tensor<2xf8E4M3FN>, tensor<i32>) {
  %x = stablehlo.constant dense<[1.5, 100.0]> : tensor<2xf8E4M3FN>
  %doubled = func.call @scale(%x) : (tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %ten = stablehlo.constant dense<10> : tensor<i32>
  %count = stablehlo.while(%i = %zero) : tensor<i32>
  cond {
    %more = stablehlo.compare LT, %i, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %more : tensor<i1>
  } do {
    %next = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %next : tensor<i32>
  }
  func.return %doubled, %count : tensor<2xf8E4M3FN>, tensor<i32>
}
