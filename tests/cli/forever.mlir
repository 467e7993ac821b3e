// A loop that never ends: the program that signal and -j tests stop (tests/io.sh, tests/run_jobs.sh).
func.func @main() -> tensor<i64> {
  %i0 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.while(%i = %i0) : tensor<i64>
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %i : tensor<i64>
  }
  func.return %r : tensor<i64>
}
