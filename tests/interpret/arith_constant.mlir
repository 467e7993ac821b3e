// RUN: ir-run --interpret -split-input-file %s
// arith.constant of a tensor runs as stablehlo.constant.

func.func @arith_constant() {
  %a = arith.constant dense<[3, -4]> : tensor<2xi32>
  %b = "arith.constant"() <{value = dense<2> : tensor<2xi32>}> : () -> tensor<2xi32>
  %c = stablehlo.multiply %a, %b : tensor<2xi32>
  check.expect_eq_const %c, dense<[6, -8]> : tensor<2xi32>
  func.return
}
